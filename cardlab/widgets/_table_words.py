"""The table's words: calls, contracts, the facts line and a result panel as a person reads
them (no bare codes, no rule IDs), for :class:`~cardlab.widgets.table.Table`'s view.

Small pure functions of a game and a view or an action; the table's parts and its view
model use them, and :mod:`cardlab.widgets.table` re-exports the public ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine.action import Action
from cardlab.engine.protocols import GameLike
from cardlab.engine.state import State
from cardlab.widgets._view import action_words, describe
from cardlab.widgets._words import side_words, without_rule_ids


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def ladder_row(game: GameLike, action: Action) -> str:
    """The label of the ``game.ladder`` row an action's call stands in (``"seven tricks"``
    for ``bid 7H``), or ``""`` for an action off the ladder (``pass``): the table lays its
    calls out in the ladder's rows."""
    ladder = getattr(game, "ladder", None)
    if ladder is None or action.verb in game.spec.card_verbs:
        return ""
    for call in (" ".join(action.args), action.verb):
        if call and call in ladder:
            return str(ladder.row_of(call).label)
    return ""


def call_words(game: GameLike, action: Action) -> str:
    """A call's words for its button: the ladder's words (``"seven hearts"``, ``"open
    misère"``), else the action with its underscores as spaces (``"no kontra"``)."""
    ladder = getattr(game, "ladder", None)
    call = " ".join(action.args)
    if ladder is not None and action.verb not in game.spec.card_verbs:
        for c in (call, action.verb):
            if c and c in ladder:
                # a ladder's words may go on to explain the call ("fold: out of the hand…"):
                # the button takes the name, the explanation stays in its title
                return str(ladder.label_of(c)).split(": ")[0]
    return action_words(game, action)  # cards and suits by name, never their codes


def led_words(game: GameLike, view: Mapping[str, Any]) -> str:
    """The suit led to the trick in progress, in words (``"hearts (trumps)"``), or ``""``.
    It is the effective suit: a led left bower or Skat jack leads trumps."""
    suit = view.get("trick_suit")
    if not suit or not view.get("trick"):
        return ""
    if suit in ("T", "trump"):
        return "trumps"
    name = game.deck.suit_name(str(suit))
    return f"{name} (trumps)" if suit == view.get("trump") else str(name)


def confirm_words(s: State, action: Action) -> str:
    """The Confirm button's words for a chosen action: the game's sentence without the seat
    (``"discards 3 cards face down"``)."""
    text = describe(s, action)
    who = s.game.seat_name(s.to_move)
    return text[len(who) + 1:] if text.startswith(who + " ") else text


def contract_words(game: GameLike, contract: str) -> str:
    """A contract in words: the ladder's words where the contract is a call on it
    (``"seven hearts"``, ``"Piccolo"``, ``"Grand"``), else the notation with its underscores
    as spaces (``"piatto resta"``)."""
    ladder = getattr(game, "ladder", None)
    base = contract.split()[0] if contract else contract
    if ladder is not None and base and base in ladder:
        words = str(ladder.label_of(base)).split(": ")[0]
        return words + (" " + " ".join(contract.split()[1:]).replace("_", " ")
                        if " " in contract else "")
    return contract.replace("_", " ")


def counts_card_points(game: GameLike, view: Mapping[str, Any]) -> bool:
    """True where the contract on the table is decided by card points, so the facts line
    counts them instead of tricks: Officer Skat's games (OS-6; a Null too unless
    ``null_mode="no_tricks"``, OS-6.4) and Pandoeren's number bids (A2.3, A4.2)."""
    contract = view.get("contract")
    if not isinstance(contract, str) or not contract:
        return False
    if game.name == "officer_skat":
        return not (contract == "null"
                    and getattr(game.options, "null_mode", "") == "no_tricks")
    if game.name == "pandoeren":
        return contract.split()[0].isdigit()
    return False


def facts_words(game: GameLike, view: Mapping[str, Any]) -> list[str]:
    """The facts line in words: the contract and who holds it, the trumps with their
    symbol, tricks, score and pot (no bare codes)."""
    from cardlab.widgets._cards import SUIT_TEXT

    names = view.get("seat_names") or game.seat_names
    facts = []
    contract = view.get("contract")
    if isinstance(contract, str) and contract:
        who = view.get("declarer")
        facts.append("contract: " + contract_words(game, contract)
                     + (f" by {names[who]}" if isinstance(who, int) and who < len(names) else ""))
    trump = view.get("trump")
    if isinstance(trump, str) and trump:
        # a suit symbol where the pack has one (French ♥); Italian suits go by name
        sym = SUIT_TEXT.get(game.deck.system, {}).get(trump, "")
        sym = sym if len(sym) == 1 else ""
        facts.append(f"trumps: {sym} {game.deck.suit_name(trump)}".replace("  ", " "))
    called = view.get("called")
    if isinstance(called, str) and called:  # Pandoeren A2.6: the called ace names the partner
        facts.append(f"called: the {called}")
    won = view.get("tricks_won") or {}
    points = view.get("card_points")
    if isinstance(points, Mapping) and points and counts_card_points(game, view):
        facts.append("card points " + ", ".join(f"{k} {v}" for k, v in points.items()))
    elif won:
        facts.append("tricks " + ", ".join(f"{side_words(game, str(k))} {v}"
                                           for k, v in won.items()))
    scores = view.get("scores") or {}
    if scores:
        facts.append("score " + ", ".join(f"{side_words(game, str(k))} {v}"
                                          for k, v in scores.items()))
    chips = view.get("chips")
    if isinstance(chips, Mapping) and chips.get("pot") is not None:
        facts.append(f"pot {chips['pot']}")
    # Officer Skat (OS-7.1): how the matadors will be counted, and the count only once the
    # deal is over (they run over all 16 of the declarer's cards, face-down ones too)
    matadors = view.get("matadors")
    if isinstance(matadors, str) and matadors:
        facts.append(matadors)
    return facts


def sides_in_words(game: GameLike, text: str) -> str:
    """``text`` with each side named by joined seat names in words (``"P2P5 defended"`` →
    ``"P2 & P5 defended"``)."""
    for side in getattr(game, "sides", None) or ():
        words = side_words(game, str(side))
        if words != side:
            text = text.replace(str(side), words)
    return text


def _plain_panel(game: GameLike, panel: dict[str, Any]) -> dict[str, Any]:
    """A result panel in words: sides by their seats' names (``"P1 & P4"``), no bare rule
    IDs in its lines."""
    points = [{**p, "who": p["who"] if side_words(game, p["side"]) == p["side"]
               else side_words(game, p["side"])} for p in panel.get("points", [])]
    return {**panel, "points": points,
            "lines": [sides_in_words(game, without_rule_ids(str(x)))
                      for x in panel.get("lines", [])]}


def _a(title: str) -> str:
    """``'an Officer Skat'``, ``'a Five Hundred'``."""
    return f"{'an' if title[:1].upper() in 'AEIOU' else 'a'} {title}"


def _count(n: int, noun: str) -> str:
    """``'1 action'``, ``'3 actions'``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
