"""Helpers for the Five Hundred tests: stacked deals from partial hands, and short drives.

``stacked(game, N="JH JD AH", kitty="4H 5H 6H")`` gives each named part the cards
listed and fills the rest from the pack in canonical order, so a test states only
the cards that matter. West deals by default (5H-0.1), so North calls and receives
first.
"""

from __future__ import annotations

from typing import Any

import cardlab
from cardlab.cards import Card
from cardlab.engine.state import State


def load(**options: Any) -> cardlab.Game:
    """Five Hundred with options."""
    return cardlab.load("five_hundred", **options)


def stacked(game: cardlab.Game, dealer: int | None = None, **given: str) -> State:
    """A stacked deal: parts named by seat (``N``/``P1``), ``dead`` and ``kitty``; the rest is
    filled in canonical order."""
    layout = game.deal_parts()
    taken: set[Card] = set()
    parts: dict[str, list[Card]] = {}
    for label, _ in layout:
        if label in given:
            parts[label] = game.deck.parse_many(given[label])
            taken.update(parts[label])
    pool = [c for c in game.deck if c not in taken]
    for label, size in layout:
        have = parts.setdefault(label, [])
        while len(have) < size:
            have.append(pool.pop(0))
    if dealer is None:
        dealer = game.players - 1
    return game.deal_from_parts(parts, dealer=dealer)


def run(state: State, *actions: str) -> State:
    """Apply actions in turn."""
    for a in actions:
        state = state.apply(a)
    return state


def legal(state: State) -> list[str]:
    """Legal actions as strings."""
    return [str(a) for a in state.legal_actions()]


def win_auction(state: State, call: str) -> State:
    """The first caller bids ``call`` and everyone else passes."""
    state = state.apply(f"bid {call}")
    while state.phase == "auction":
        state = state.apply("pass")
    return state


def discard_kitty(state: State) -> State:
    """The contractor discards the kitty it just took (its hand stays as stacked)."""
    kitty = " ".join(str(c) for c in state.kitty)
    return state.apply(f"discard {kitty}")


def to_play(game: cardlab.Game, call: str, nominate: str | None = None, **given: str) -> State:
    """A stacked deal where the first caller wins ``call``, discards the kitty, (nominates),
    and the play phase begins."""
    state = discard_kitty(win_auction(stacked(game, **given), call))
    if state.phase == "call":
        state = state.apply("call alone")
    if state.phase == "nominate":
        state = state.apply(f"nominate {nominate or 'none'}")
    assert state.phase == "play", state.phase
    return state


def first_legal_playout(state: State) -> State:
    """Play to the end with the first legal action each time."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state
