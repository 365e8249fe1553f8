"""Helpers for the Pandoeren tests: stacked deals from partial hands, scripted auctions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cardlab
from cardlab.cards import Card

SEATS = ("N", "E", "S", "W")


def load(**options: Any) -> Any:
    """The game with options."""
    return cardlab.load("pandoeren", **options)


def stacked(game: Any = None, *, dealer: int = 3, kijkkaart: str | None = None,
            **hands: str) -> Any:
    """A deal from partial hands (``N="JH 9H"``): the rest of the pack fills N, E, S, W
    to 8 cards each in pack order; the kijkkaart defaults to the last card left."""
    game = game or load()
    given = {s: game.deck.parse_many(hands.get(s, "")) for s in SEATS}
    used = {c for cs in given.values() for c in cs}
    if kijkkaart:
        used.add(game.deck.parse(kijkkaart))
    rest = [c for c in game.deck if c not in used]
    for s in SEATS:
        while len(given[s]) < 8:
            given[s].append(rest.pop(0))
    kijk = kijkkaart or rest.pop(0).code
    assert not rest
    return game.deal(hands=[" ".join(c.code for c in given[s]) for s in SEATS],
                     kijkkaart=kijk, dealer=dealer)


def declare(state: Any, bid: str, discard: str | None = None, trump: str | None = None,
            call: str | None = None) -> Any:
    """Forehand bids ``bid``, the others pass; then the exchange, trumps and the call
    (stopping at the exchange when ``discard`` is None and no later step is given)."""
    state = state.apply(f"bid {bid}" if bid != "pass" else "pass")
    while state.phase == "auction":
        state = state.apply("pass")
    if discard is None and trump is None and call is None:
        return state
    if state.phase == "exchange":
        state = state.apply(f"discard {discard or state.kijkkaart}")
    if state.phase == "trump" and trump is not None:
        state = state.apply(f"trump {trump}")
    if state.phase == "call" and call is not None:
        state = state.apply(f"call {call}")
    return state


def plays(state: Any) -> list[str]:
    """The legal card plays now."""
    return [str(a) for a in state.legal_actions() if str(a).startswith("play ")]


def power(state: Any, action: str) -> tuple[int, int]:
    """A rough strength of a play action (trumps first, then the suit's order)."""
    from cardlab.games.pandoeren.rules import trick_order

    card = Card.parse(action.split()[1])
    return (card.suit == state.trump, trick_order(state.trump).power[card])


def play_out(state: Any, high_seats: tuple[int, ...] = ()) -> Any:
    """Play to the end: seats in ``high_seats`` play their strongest legal card, the
    others their weakest (announcements are skipped)."""
    while not state.is_over:
        options = plays(state)
        pick = max if state.to_move in high_seats else min
        state = state.apply(pick(options, key=lambda a: power(state, a)))
    return state


def play_cards(state: Any, *cards: str) -> Any:
    """Apply ``play X`` for each card in turn."""
    for c in cards:
        state = state.apply(f"play {c}")
    return state


def won_by(state: Any) -> list[int]:
    """The winner of each completed trick."""
    return [t.winner for t in state.tricks]


Policy = Callable[[Any], str]
