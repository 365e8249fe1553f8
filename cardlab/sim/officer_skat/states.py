"""Officer Skat: whole deals consistent with what the seat to move can see.

:func:`sample_states` gives ``n`` scalar states at the same moment as ``state`` — the choice
of game, Kontra, Re or a card of the play — each a real deal (``game.deal(piles=…)``) with
the deal's actions replayed through ``apply``, for valuing the options of the seat to move
by playing on from whole states.

What the seat to move knows is what both players know (OS-2.3, B-24): every face-up card
dealt so far, every face-down card turned up after its pile's top was played (OS-5.3),
every card played, every call. What it cannot see is a *place* on the table: a face-down
card not yet turned (its own too: nobody looks under a pile) and any card not dealt yet
(OS-3.2). Which places are hidden is public — it follows from the deal's progress and the
cards played — so a sample keeps every seen card where it lies and deals the hidden cards
at random into the hidden places.

No further constraint follows from the play: only face-up top cards are playable (OS-5.2)
and face-down cards never oblige a player to follow (OS-5.5), so a player who did not
follow suit showed something about its face-up cards only, which the seat sees anyway.
The calls are no clue either (no reading of the choice of game, Kontra or Re). The layouts
come from the one sampler, :func:`cardlab.sim.sampling.fill_layouts` (a place holds one
card, any card may go anywhere), with the hidden cards in pack order: a seed gives the
same states on every machine, and two deals the seat cannot tell apart give the same states.

>>> import cardlab
>>> state = cardlab.load("officer_skat").deal(seed=3, dealer=0).apply("declare H")
>>> states = sample_states(state, 4, seed=1)
>>> [(t.phase, t.to_move, t.view(1) == state.view(1)) for t in states][:2]
[('kontra', 0, True), ('kontra', 0, True)]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.sim.sampling import fill_layouts

__all__ = ["sample_states", "hidden_places"]

#: a place on the table: (seat, pile, 0 for the face-down card or 1 for the face-up one)
Place = tuple[int, int, int]


def hidden_places(state: Any) -> list[Place]:
    """OS-2.3 / OS-3.2 / OS-5.3 the places whose card nobody can see in ``state``: face-down
    cards not turned up and cards not dealt yet, in table order (seat, pile, face)."""
    out = []
    played, turned = state.played, state.turned
    for seat, piles in enumerate(state.layout.piles):
        for p, (down, _) in enumerate(piles):
            if down not in turned and down not in played:  # never seen, dealt or not
                out.append((seat, p, 0))
            if not state.is_dealt(seat, p, "up"):
                out.append((seat, p, 1))
    return out


def sample_states(state: Any, n: int, seed: int) -> list[Any]:
    """``n`` Officer Skat states at the moment of ``state``, the cards nobody can see dealt
    at random into the places nobody can see (module docstring); each is
    ``game.deal(piles=…)`` of a sampled layout with the deal's actions replayed.

    :raises ValueError: for a finished deal or a state with nobody to move.
    """
    if state.is_over or state.to_move is None:
        raise ValueError("sample_states needs a deal with a seat to move, not a finished one")
    game = state.game
    deck = game.deck
    table = state.layout.piles
    places = hidden_places(state)
    # the hidden cards in pack order, never in the order they lie: the layouts must not
    # depend on where the hidden cards really are
    pool = sorted(deck.index(table[s][p][f]) for s, p, f in places)
    allowed = np.ones((len(places) + 1, len(deck)), dtype=bool)
    masks = fill_layouts(pool, [1] * len(places), allowed, n, seed)
    out = []
    for row in masks:
        piles = [[list(pair) for pair in seat] for seat in table]
        for j, (s, p, f) in enumerate(places):
            piles[s][p][f] = deck[int(row[j]).bit_length() - 1]
        t = game.deal(piles=[" ".join(f"{d.code}/{u.code}" for d, u in seat) for seat in piles],
                      dealer=state.dealer)
        for act in state.history:
            t = t.apply(act)
        out.append(t)
    return out
