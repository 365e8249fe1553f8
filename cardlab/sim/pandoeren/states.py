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
  :func:`cardlab.sim.pandoeren.sampling.pandoeren_batch` (the voids shown, A2.8; the
  kijkkaart in the declarer's hand or discard, A2.4 / A2.7.1; the called card with a seat
  other than the declarer, with the partner once she is known, A2.7.3 / P-A8; announced
  stuk and roem, A2.10.2 / A2.10.3), each hand's dealt cards being its cards now and the
  cards it played (the declarer's: those and her discard, less the kijkkaart).

Every sampled deal is then replayed, and kept only if the engine accepts every action and the
seat to move sees exactly what it saw: its view and its legal actions unchanged. That test
also settles what the play shows beyond the voids the layout sampler knows — a seat that
undertrumped held nothing but lower trumps (A2.8.3b), a seat that did not overtrump on a
trump lead held no higher trump under ``overtrump_on_trump_lead`` (A2.8.3a), a declaring
side whose roem was announced without stuk did not hold the trump king and queen (A2.10.3),
a Kereltje declarer who won a trick without a public partner held the jas (P-A9) — so those
layouts are drawn less often than they are kept. A called king (queen, …) shows the declarer
held or discarded every ace (king, …) she could have called (A2.7.3 / P-A8): the layout
sampler does not know it either, so each layout is tested for it with the engine's own rule
before it is replayed (cheap draws, rarely kept: about 9 ms a state where the declarer held
four aces). Nothing else is inferred. A seed gives the
same states on every machine (the layouts come from :func:`cardlab.sim.sampling.fill_layouts`
and cardlab's own seeds), and two deals the seat cannot tell apart give the same states.

>>> import cardlab
>>> state = cardlab.load("pandoeren").deal(seed=3, dealer=0).apply("bid 120")
>>> states = sample_states(state, 4, seed=1)
>>> [(t.phase, t.to_move, t.view(2) == state.view(2)) for t in states][:2]
[('auction', 2, True), ('auction', 2, True)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from cardlab.cards import Card
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
    fits = _call_fits(state)
    out: list[Any] = []
    for r in range(_ROUNDS):
        size = (n - len(out)) << min(r, 10)  # more draws in each round a layout is refused
        for row in _layouts(state, size, derive_seed(seed, _ROUND, r)):
            if not fits(row):
                continue
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


def _call_fits(state: Any) -> Callable[[np.ndarray], bool]:
    """A quick test of a layout, before it is replayed, of what the call showed (A2.7.3 /
    P-A8): a called king (queen, …) means the declarer held or discarded every ace (king, …)
    she could have called, which the layout sampler does not know. The test is the engine's
    own :func:`~cardlab.games.pandoeren.kernel.call_mask` on the layout's declarer."""
    me, d, called = state.to_move, state.declarer, state.called
    if state.phase != "play" or called is None or me == d or called.rank == "A":
        return lambda row: True
    from cardlab.games.pandoeren import kernel
    from cardlab.games.pandoeren.rules import call_rank_masks, play_tables

    deck = state.game.deck
    bits = np.array([play_tables(state.game.options.rank_order).card_bit[c] for c in deck],
                    dtype=object)
    idx = {c: i for i, c in enumerate(deck)}
    played = hand_mask(idx, [p.card for t in state.tricks for p in t.plays]
                       + [p.card for p in state.trick.plays])
    mine = hand_mask(idx, [p.card for t in state.tricks for p in t.plays if p.seat == d]
                     + [p.card for p in state.trick.plays if p.seat == d])
    ace = bits[idx[Card("A", state.trump)]] if state.trump else 0
    ranks, allow = call_rank_masks(), bool(state.game.options.allow_call_trump_ace)
    want = bits[idx[called]]
    full = (1 << len(deck)) - 1

    def fits(row: np.ndarray) -> bool:
        # her hand at the call: her cards now, those she played, and the discard (the one
        # card in nobody's hand)
        own_i = int(row[d]) | mine | (full & ~int(np.bitwise_or.reduce(row)) & ~played)
        own = sum(bits[i] for i in range(len(deck)) if own_i >> i & 1)
        return bool(kernel.call_mask(ranks, own, ace, allow) & want)

    return fits


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
