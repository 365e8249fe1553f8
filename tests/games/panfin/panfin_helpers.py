"""Helpers for the Panfin tests: stacked deals and driving them to a phase."""

from __future__ import annotations

from typing import Any

import cardlab
from cardlab.engine.state import State

#: dominant suit coppe in most scenarios (5C is turned up)
TURNUP = "5C"


def stacked(hands: list[str], turnup: str = TURNUP, *, dealer: int = 0, pot: int = 0,
            stacks: list[int] | None = None, cut: str | None = None, **options: Any) -> State:
    """A stacked deal with len(hands) players (seat order = hands order)."""
    game = cardlab.load("panfin", players=len(hands), **options)
    return game.deal(hands=hands, turnup=turnup, dealer=dealer, pot=pot, stacks=stacks, cut=cut)


def declare_all(state: State, calls: dict[int, str] | None = None) -> State:
    """Declare for everyone in turn: ``calls[seat]`` or ``tengo``."""
    calls = calls or {}
    while state.phase == "declare":
        state = state.apply(calls.get(state.to_move, "tengo"))
    return state


def to_play(state: State, calls: dict[int, str] | None = None) -> State:
    """Through the declarations and the dealer's swap (keeping his hand) to the tricks."""
    state = declare_all(state, calls)
    if state.phase == "swap":
        state = state.apply(f"swap {state.turnup[-1]}")
    assert state.phase == "play", state.phase
    return state


def play(state: State, *cards: str) -> State:
    """Play the given actions' cards in turn (each item one play, e.g. '5D' or 'FS FB')."""
    for c in cards:
        state = state.apply(f"play {c}")
    return state


def legal(state: State) -> list[str]:
    """The legal actions as strings."""
    return [str(a) for a in state.legal_actions()]


def conserved(state: State) -> bool:
    """No chip appeared or disappeared in this deal."""
    d = state.result.figures
    return (sum(d["stacks_after"].values()) + d["pot_after"]
            == sum(d["stacks_before"].values()) + d["pot_before"])
