"""What one seat of a Turn-up Whist deal may see: the game's part of the view.

A seat sees its own hand, the turn-up (face up all deal), the calls and the tricks;
the other hands and the two stock cards under the turn-up only as counts. The keys
are the schema of :mod:`cardlab.engine.view`, which adds the rules common to every
game (``legal``, ``shown`` hands, sorting) to what :func:`build_view` returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.games.example.rules import CALL_TRICKS, HAND_SIZE

if TYPE_CHECKING:
    from cardlab.games.example.state import ExampleState

__all__ = ["build_view"]


def _hands(state: ExampleState, seat: int | None) -> list[dict[str, Any]]:
    names = state.game.seat_names
    return [{"seat": s, "name": names[s], "cards": [c.code for c in hand] if s == seat else None,
             "count": len(hand), "face_up": False, "active": True}
            for s, hand in enumerate(state.hands)]


def _info(state: ExampleState) -> list[str]:
    """Plain-words lines about the deal, from public facts only."""
    game = state.game
    lines = [f"Trumps: {game.deck.suit_name(state.trump)} (the turn-up is the "
             f"{game.deck.name(state.turnup)})."]
    if state.caller is not None:
        lines.append(f"{game.seat_name(state.caller)} called: to win {CALL_TRICKS} of the "
                     f"{HAND_SIZE} tricks.")
    elif state.phase != "call":
        lines.append("Nobody called: every trick is worth one point.")
    if state.result is not None:
        lines += list(state.result.breakdown)
    return lines


def build_view(state: ExampleState, seat: int | None) -> dict[str, Any]:
    """The facts of ``state`` for ``seat`` (None: a spectator), JSON-able."""
    game = state.game
    names = game.seat_names
    trick = state.trick
    plays = trick.plays if trick is not None else ()
    last = state.tricks[-1] if state.tricks else None
    won = dict.fromkeys(names, 0)
    for t in state.tricks:
        won[names[t.winner or 0]] += 1
    result = state.result
    return {
        "game": game.name, "title": game.title, "phase": state.phase, "seat": seat,
        "to_move": state.to_move, "dealer": state.dealer, "seat_names": list(names),
        "hands": _hands(state, seat), "piles": None,
        "extras": [{"label": "turn-up", "cards": [state.turnup.code], "count": 1},
                   {"label": "stock", "cards": None, "count": len(state.stock) - 1}],
        "trick": [{"seat": p.seat, "card": p.card.code, "note": ""} for p in plays],
        "trick_leader": trick.leader if trick is not None else None,
        "trick_suit": trick.suit if trick is not None and plays else None,
        "last_trick": None if last is None else {
            "leader": last.leader, "plays": [p.as_dict() for p in last.plays],
            "winner": last.winner},
        "tricks_won": won,
        "scores": dict(result.points) if result is not None else {},
        "auction": [{"seat": s, "call": c} for s, c in state.calls],
        "contract": state.contract, "declarer": state.caller, "trump": state.trump,
        "chips": None, "info": _info(state),
    }
