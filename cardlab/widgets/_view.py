"""The Table's view, piece by piece: card faces and legality, seats, card actions.

Pure functions of an engine state and its game view, kept apart from the
widget class so each part can be read (and tested) on its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardlab.engine.action import Action
from cardlab.engine.record import from_json
from cardlab.engine.state import State
from cardlab.engine.view import visible_codes
from cardlab.widgets._cards import card_face, card_roles, parse_code

__all__ = ["PLACES", "as_state", "check_seat", "card_args", "card_verb", "describe",
           "visible_codes", "card_info"]

#: where each seat sits, from the viewer's seat (bottom) round the table in playing order
PLACES: dict[int, tuple[str, ...]] = {
    1: ("bottom",),
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
    5: ("bottom", "left", "top-left", "top-right", "right"),
    6: ("bottom", "left", "top-left", "top", "top-right", "right"),
}


def card_info(s: State, gv: Mapping[str, Any], legal: list[Action], *,
              faces: dict[tuple[str | None, str, str], dict[str, Any]] | None = None,
              ) -> dict[str, dict[str, Any]]:
    """Face, full name, role, legality and reason of every card the game view shows.

    Only cards the view shows get an entry, so nothing hidden can leak through it.
    ``faces`` (optional, one per game) keeps the parts that depend only on the contract,
    the card and where it lies (face, roles, the start of the label) from call to call.
    """
    game = s.game
    mover = s.to_move
    verbs = game.spec.card_verbs
    by_card: dict[str, list[Action]] = {}
    for a in legal:
        if a.verb in verbs:
            for c in card_args(game, a):
                by_card.setdefault(c, []).append(a)
    contract = gv.get("contract")
    contract = contract if isinstance(contract, str) else None
    info: dict[str, dict[str, Any]] = {}
    known = {} if faces is None else faces

    def face(code: str, where: str) -> dict[str, Any] | None:
        if code in info:  # a card shown twice (a pile's up card is also in the hand)
            return info[code]
        base = known.get((contract, code, where))
        if base is None:
            card = parse_code(game, code)
            if card is None:
                return None
            roles = card_roles(game, contract, code)
            base = {**card_face(game, card), "roles": roles}
            base["label"] = ", ".join([base["name"], *roles, *([where] if where else [])])
            known[(contract, code, where)] = base
        d = {**base, "roles": list(base["roles"])}
        info[code] = d
        return d

    verb = card_verb(s, verbs)
    for hand in gv["hands"]:
        owner = hand["seat"]
        for code in hand.get("cards") or []:
            d = face(code, "")
            if d is None:
                continue
            d["owner"] = owner
            if owner != mover or not by_card:
                # nobody could act with this card now (another seat's hand, or an auction):
                # no legality mark, only what it is
                d["legal"] = None
                d["reason"] = ""
            elif code in by_card:
                acts = by_card[code]
                d["legal"] = True
                d["reason"] = (str(s.explain(str(acts[0]), seat=owner)) if len(acts) == 1
                               else f"can be chosen for: {acts[0].verb}")
                d["label"] += ", legal"
            else:
                d["legal"] = False
                d["reason"] = str(s.explain(f"{verb} {code}", seat=owner))
                d["label"] += f", not legal: {d['reason']}"
    # a trick's plays come from positions, which include Five Hundred's ghost partners
    names = list(getattr(game, "position_names", game.seat_names))
    for play in gv.get("trick") or []:
        face(play["card"], f"played by {names[play['seat']]}")
    last = gv.get("last_trick") or {}
    for play in last.get("plays") or []:
        if play["card"] not in info:
            face(play["card"], f"played by {names[play['seat']]} to the last trick")
    for extra in gv.get("extras") or []:
        for code in extra.get("cards") or []:
            face(code, f"in the {extra.get('label')}")
    for row in gv.get("piles") or []:
        for pile in row or []:
            for key in ("up", "down"):
                code = pile.get(key) if isinstance(pile, Mapping) else None
                if isinstance(code, str) and code != "hidden":
                    face(code, "on a pile")
    return info


def as_state(obj: Any) -> State:
    if isinstance(obj, State):
        return obj
    if isinstance(obj, Path):
        obj = obj.read_text(encoding="utf-8")
    if isinstance(obj, (str, bytes, Mapping)):
        return from_json(obj)
    raise TypeError(f"Table needs a state or a record (JSON text, dict or Path), "
                    f"not {type(obj).__name__}")


def check_seat(state: State, seat: Any) -> None:
    n = state.game.players
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"seat must be None or 0 … {n - 1} ({', '.join(state.game.seat_names)})"
                         f", not {seat!r}")


def card_args(game: Any, action: Action) -> list[str]:
    """The card codes among an action's words (``'play JK H'`` → ``['JK']``)."""
    if action.verb not in game.spec.card_verbs:
        return []
    out = []
    for word in action.args:
        card = parse_code(game, word)
        if card is not None:
            out.append(card.code)
    return out


def card_verb(s: State, verbs: frozenset[str]) -> str:
    """The card verb the mover uses now (``'play'``, ``'discard'`` …)."""
    for a in s.legal_actions() if not s.is_over else []:
        if a.verb in verbs:
            return a.verb
    return "play" if "play" in verbs else (sorted(verbs)[0] if verbs else "play")


def describe(s: State, action: Action, seat: int | None | str = "all",
             shown: bool | tuple[int, ...] = False) -> str:
    """The sentence ``seat`` hears for ``action`` (with the hands ``shown``: True for all, or
    the seats face up), by the game."""
    try:
        return str(s.describe(action, seat, shown=shown))
    except Exception:  # describe is for legal actions; never let words break the view
        return str(action)
