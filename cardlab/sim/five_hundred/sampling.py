"""Five Hundred: layouts of the cards the seat to move cannot see, for the Monte Carlo hint.

:func:`sample_layouts` deals ``n`` layouts of the hidden cards as ``(n, seats)`` hand masks
(bit ``i`` = the pack's ``i``-th card), consistent with what the seat to move knows: its
own hand, every card seen (played, face up, the discards if it is the contractor), each
hand's size, and the voids players have shown — a seat that failed to follow a suit gets
no card of that effective suit; in misère, under J3, a seat that showed a void cannot
hold the unnominated joker; with five players the contractor does not hold the partner
card it called. The auction is read too (:mod:`~cardlab.sim.five_hundred.reading`): of
:data:`DRAWS` times as many layouts as asked, those where every other seat's calls fit the
hand it had when it called (the cards it holds and has played) come first, in the order
drawn, then those with the fewest calls out of place.

>>> import cardlab
>>> st = cardlab.load("five_hundred").deal(seed=2)
>>> while st.phase != "play":
...     st = st.apply(st.legal_actions()[-1])
>>> sample_layouts(st, 8, seed=1).shape
(8, 4)
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from cardlab.sim.five_hundred.reading import call_reads, misfits
from cardlab.sim.sampling import fill_layouts

__all__ = ["DRAWS", "sample_layouts"]

#: layouts drawn for each one kept, where the auction has calls to read
DRAWS: Final = 16


def sample_layouts(state: Any, n: int, seed: int) -> np.ndarray:
    """Five Hundred: ``(n, seats)`` hand masks for the hidden hands of ``state`` (the seat to
    move's own and face-up hands as they are), consistent with sizes and shown voids."""
    from cardlab.sim.five_hundred.batch import tables_for

    game, seat = state.game, state.to_move
    deck = game.deck
    tb = tables_for(game)
    hidden = state.hidden_cards(seat)
    seats = tb.seats
    slots = [s for s in range(seats) if s != seat and not state.face_up(s)]
    need = [len(state.hands[s]) for s in slots]
    pool = sorted(deck.index(c) for c in hidden)
    called = _hidden_partner_card(state, slots)
    if called is not None:  # 5H-2 named aloud, so not hidden, but its holder may be
        pool = sorted([*pool, deck.index(called)])
    rules = state.rules
    allowed = np.ones((len(slots) + 1, len(deck)), dtype=bool)
    for k, s in enumerate(slots):
        for suit in state.shown_void[s]:
            for c in deck:
                if rules.suit_of[c] == suit:
                    allowed[k, deck.index(c)] = False
        if (state.misere and game.options.misere_void_must_play_joker and state.shown_void[s]
                and tb.joker >= 0 and rules.suit_of[deck[tb.joker]] is None):
            allowed[k, tb.joker] = False  # J3: void and holding the joker, it had to go
        if s == state.declarer and state.partner_card is not None:
            allowed[k, deck.index(state.partner_card)] = False  # 5H-2 a card it did not hold
    base = np.zeros(seats, dtype=np.uint64)
    for s in range(seats):
        if s not in slots:
            base[s] = np.uint64(sum(1 << deck.index(c) for c in state.hands[s]))
    reads = [r for r in call_reads(state, skip=seat) if r.seat in slots
             and not (r.seat == state.declarer and r.call == "pass")]
    drawn = n * DRAWS if reads else n
    hands = fill_layouts(pool, need, allowed, drawn, seed)  # the one sampler (sampling.py)
    out = np.repeat(base[None, :], drawn, axis=0)
    for k, s in enumerate(slots):
        out[:, s] = hands[:, k]
    if not reads:
        return out
    played = np.zeros(seats, dtype=np.uint64)
    for trick in (*state.tricks, *([state.trick] if state.trick is not None else [])):
        for play in trick.plays:
            played[play.seat] |= np.uint64(1 << deck.index(play.card))
    at_call = (out | played[None, :])[:, :game.players]
    bad = misfits(game, reads, at_call)
    return out[np.argsort(bad, kind="stable")[:n]]


def _hidden_partner_card(state: Any, slots: list[int]) -> Any:
    """5H-2 five players: the called partner card when the seat to move cannot see where
    it lies (in a hidden hand, among the discards of another seat's contract, or in a
    kitty left untaken by a contract sans kitty), else
    None. Every seat knows the card (the contractor named it), so ``hidden_cards`` leaves
    it out; its place is still to be dealt."""
    card = getattr(state, "partner_card", None)
    if card is None:
        return None
    if any(card in state.hands[s] for s in slots):
        return card
    if card in state.discards and state.to_move != state.declarer:
        return card
    if getattr(state, "sans_kitty", False) and card in state.kitty:
        return card  # a kitty nobody took: nobody has seen it
    return None
