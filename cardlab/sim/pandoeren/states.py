"""Pandoeren: whole deals consistent with what the seat to move can see.

:func:`sample_states` gives ``n`` scalar states at the same moment as ``state`` — a call of
the auction, the declarer's discard, her naming of trumps or her call, or a card (or an
announcement) of the play — each a real deal (``game.deal(hands=…, kijkkaart=…)``) with the
deal's actions replayed through ``apply``, for valuing the options of the seat to move by
playing on from whole states.

What a sample keeps, because the seat to move knows it: its own hand (as dealt and as it is
now), the kijkkaart (face up at the deal, A2.4), every call, the contract, trumps and the
called card, every card played, the hands laid open (A2.9), the declarer's discard if the
seat is the declarer, and every announcement. What it deals at random, from the cards that
seat cannot see: the other closed hands and (for the others) the declarer's discard.

* Before the play (the auction, the exchange, trumps, the call) the hidden hands are dealt
  at random from the other 24 cards: nothing has been shown yet, and the calls are no clue
  (no reading of the bidding).
* In the play the layouts come from the game's layout sampler,
  :func:`cardlab.sim.pandoeren.sampling.pandoeren_batch`, which knows all the play shows:
  every card played was legal (A2.8, the engine's own legal cards: voids, no undertrumping,
  overtrumping, the jas never forced), the kijkkaart in the declarer's hand or discard (A2.4 /
  A2.7.1), what the call shows (A2.7.3 / P-A8: the called card with a seat other than the
  declarer, every higher card she could have called hers), the partner as the play shows her
  (A2.7.3, A2.7.4 / P-A9, A2.11), announced stuk and roem (A2.10.2 / A2.10.3); each hand's
  dealt cards are its cards now and the cards it played (the declarer's: those and her
  discard, less the kijkkaart).

Every sampled deal is then replayed, and kept only if the engine accepts every action and the
seat to move sees exactly what it saw: its view and its legal actions unchanged. That test is
a safety net (the layout sampler's constraints make it refuse none in the tests' deals); it
also keeps the rare layout the sampler lets through, e.g. one it filled greedily when its
draws kept failing a roem test. Nothing else is inferred. A seed gives the
same states on every machine (the layouts come from :func:`cardlab.sim.sampling.fill_layouts`
and cardlab's own seeds), and two deals the seat cannot tell apart give the same states.

>>> import cardlab
>>> state = cardlab.load("pandoeren").deal(seed=3, dealer=0).apply("bid 120")
>>> states = sample_states(state, 4, seed=1)
>>> [(t.phase, t.to_move, t.view(2) == state.view(2)) for t in states][:2]
[('auction', 2, True), ('auction', 2, True)]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.engine.rng import derive_seed
from cardlab.errors import IllegalAction
from cardlab.sim.sampling import fill_layouts, hand_mask

__all__ = ["sample_states", "PHASES"]

#: the phases :func:`sample_states` samples (every phase with a seat to move)
PHASES = ("auction", "exchange", "trump", "call", "play")
#: the seed path of each round of draws
_ROUND = 0x524F554E
#: rounds of draws before giving up (each draws more layouts than the one before)
_ROUNDS = 16


def sample_states(state: Any, n: int, seed: int) -> list[Any]:
    """``n`` Pandoeren states at the moment of ``state``, the cards hidden from the seat to
    move dealt at random, consistent with what it has seen (module docstring).

    :raises ValueError: for a finished deal or a state with nobody to move, or when no
        deal fits what the seat knows.
    """
    if state.is_over or state.to_move is None or state.phase not in PHASES:
        raise ValueError("sample_states needs a deal with a seat to move, not a finished one")
    if n <= 0:
        return []
    me = state.to_move
    seen = state.view(me)
    legal = state.legal_actions()
    out: list[Any] = []
    for r in range(_ROUNDS):
        size = (n - len(out)) << min(r, 10)  # more draws in each round a layout is refused
        for row in _layouts(state, size, derive_seed(seed, _ROUND, r)):
            t = _replayed(state, row)
            if t is not None and t.view(me) == seen and t.legal_actions() == legal:
                out.append(t)
                if len(out) == n:
                    return out
    raise ValueError("no deal fits what the seat to move knows")


def _layouts(state: Any, n: int, seed: int) -> np.ndarray:
    """``(n, 4)`` masks of every seat's hand now (bit ``i``: the pack's ``i``-th card), the
    cards hidden from the seat to move dealt at random."""
    if state.phase == "play":
        from cardlab.sim.pandoeren.sampling import pandoeren_batch

        return np.asarray(pandoeren_batch(state, n, seed).hands)
    # before the play nothing is shown but the kijkkaart (the calls are no clue): the
    # other three hands are any 24 cards the seat to move does not hold or discarded
    game, me = state.game, state.to_move
    deck = game.deck
    idx = {c: i for i, c in enumerate(deck)}
    mine = set(state.hands[me]) | {state.kijkkaart}
    if state.discarded is not None:  # the seat to move is the declarer: she discarded it
        mine.add(state.discarded)
    pool = [i for i, c in enumerate(deck) if c not in mine]
    others = [s for s in range(4) if s != me]
    allowed = np.ones((len(others) + 1, len(deck)), dtype=bool)
    masks = fill_layouts(pool, [len(state.hands[s]) for s in others], allowed, n, seed)
    out = np.zeros((n, 4), dtype=np.uint64)
    out[:, me] = np.uint64(hand_mask(idx, state.hands[me]))
    for j, s in enumerate(others):
        out[:, s] = masks[:, j]
    return out


def _replayed(state: Any, row: np.ndarray) -> Any:
    """The deal whose hands now are ``row``'s, with ``state``'s actions replayed (None if the
    layout cannot be dealt or the engine refuses an action on it)."""
    game = state.game
    deck = game.deck
    now = [[c for i, c in enumerate(deck) if int(row[s]) >> i & 1] for s in range(4)]
    played: list[list[Any]] = [[], [], [], []]
    for t in state.tricks:
        for p in t.plays:
            played[p.seat].append(p.card)
    for p in state.trick.plays if state.trick is not None else ():
        played[p.seat].append(p.card)
    dealt = [now[s] + played[s] for s in range(4)]
    d, kk = state.declarer, state.kijkkaart
    discard = state.discarded
    if d is not None:  # she took the kijkkaart up (A2.4) and perhaps discarded a card
        if discard is not None and state.to_move != d:  # the one card in nobody's hand
            held = {c for hand in dealt for c in hand}
            rest = [c for c in deck if c not in held]
            if len(rest) != 1:
                return None
            discard = rest[0]
        mine = dealt[d] + ([discard] if discard is not None else [])
        if kk not in mine:
            return None
        dealt[d] = [c for c in mine if c != kk]
    try:
        t = game.deal(hands=[" ".join(c.code for c in h) for h in dealt], kijkkaart=kk.code,
                      dealer=state.dealer)
        for act in state.history:
            # the discard is the sampled one: the real one is hidden from the others (P-A23)
            t = t.apply(f"discard {discard.code}" if act.verb == "discard" and discard
                        is not None else act)
    except IllegalAction:
        return None
    return t
