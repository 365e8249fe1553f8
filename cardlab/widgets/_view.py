"""The Table's view, piece by piece: card faces and legality, seats, card actions.

Pure functions of an engine state and its game view, kept apart from the
widget class so each part can be read (and tested) on its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardlab.engine.action import Action
from cardlab.engine.game import Game
from cardlab.engine.protocols import GameLike
from cardlab.engine.record import from_json
from cardlab.engine.state import State
from cardlab.engine.view import visible_codes
from cardlab.widgets._cards import card_face, card_roles, parse_code

__all__ = ["PLACES", "as_state", "check_seat", "card_args", "card_verb", "describe",
           "visible_codes", "card_info", "result_panel", "suit_words", "action_words"]

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
    # the hand whose cards are played now: the mover's, or the position the view names as
    # to play (Five Hundred's ghost partners: the declarer plays from a face-up ghost hand)
    turn = gv.get("turn")
    playing = turn if isinstance(turn, int) and not isinstance(turn, bool) and any(
        h["seat"] == turn for h in gv["hands"]) else mover
    for hand in gv["hands"]:
        owner = hand["seat"]
        for code in hand.get("cards") or []:
            d = face(code, "")
            if d is None:
                continue
            d["owner"] = owner
            if owner != playing or not by_card:
                # nobody could act with this card now (another seat's hand, or an auction):
                # no legality mark, only what it is
                d["legal"] = None
                d["reason"] = ""
            elif code in by_card:
                acts = by_card[code]
                d["legal"] = True
                d["reason"] = (str(s.explain(str(acts[0]), seat=mover)) if len(acts) == 1
                               else f"can be chosen for: {acts[0].verb}")
                d["label"] += ", legal"
            else:
                d["legal"] = False
                d["reason"] = str(s.explain(f"{verb} {code}", seat=mover))
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


def card_args(game: GameLike, action: Action) -> list[str]:
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


#: a suit named by its code after words that name a suit ("trumps C", "four of B",
#: "the dominant suit D"): the result panel says the suit's name instead
_SUIT_CODE = re.compile(r"\b(trumps|four of|suit) ([A-Z])\b")


def suit_words(game: Game, text: str) -> str:
    """``text`` with a suit given by its code after "trumps", "four of" or "suit" written
    as the suit's name (``"trumps C"`` → ``"trumps clubs"``); other words stay."""
    suits = {c.suit for c in game.deck if c.suit}

    def name(m: re.Match[str]) -> str:
        code = m.group(2)
        return f"{m.group(1)} {game.deck.suit_name(code)}" if code in suits else m.group(0)

    return _SUIT_CODE.sub(name, text)


def result_panel(game: Game, result: Any, hand_names: Mapping[int, str]) -> dict[str, Any]:
    """What the result panel of a finished deal shows: a heading, the points of each side
    (a side of several hands names them: ``"NS (N and S)"``) and the breakdown in words.

    A breakdown line that only repeats a side's points (``"P1 +2"``) is left out: the
    points stand above it.
    """
    points = []
    repeats = set()
    sides = getattr(result, "sides", None) or {}
    for side, pts in result.points.items():
        seats = [hand_names.get(i, str(i)) for i in sides.get(side, ())]
        others = [n for n in seats if n != side]
        if len(seats) < 2:
            who = side
        elif len(others) < len(seats):  # a player and its ghost partner: "P1 (with G1)"
            who = f"{side} (with {' and '.join(others)})"
        else:
            who = f"{side} ({' and '.join(seats)})"
        pts = int(pts)
        points.append({"side": side, "who": who, "points": pts,
                       "text": f"{pts:+d}" if pts else "0"})
        repeats.add(f"{side} {pts:+d}")
    lines = [suit_words(game, str(line)) for line in result.breakdown
             if str(line).strip() not in repeats]
    made = getattr(result, "made", None)
    heading = "Result of the deal" + ("" if made is None else
                                     ": contract made" if made else ": contract failed")
    return {"heading": heading, "points": points, "lines": lines}


def action_words(game: GameLike, action: Action) -> str:
    """An action in words, for a button that has no ladder words: each card by its name,
    each suit by its name, underscores as spaces (``'swap 5D'`` → ``'swap five of denari'``,
    ``'trump H'`` → ``'trump hearts'``, ``'no_kontra'`` → ``'no kontra'``)."""
    suits = {c.suit for c in game.deck if c.suit}
    words = [action.verb.replace("_", " ")]
    for arg in action.args:
        card = parse_code(game, arg)
        if card is not None:
            words.append(str(game.deck.name(card)))
        elif arg in suits:
            words.append(str(game.deck.suit_name(arg)))
        else:
            words.append(arg.replace("_", " "))
    return " ".join(words)
