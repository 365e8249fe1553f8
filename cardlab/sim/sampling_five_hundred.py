"""Five Hundred: layouts of the cards the seat to move cannot see, for the Monte Carlo hint.

:func:`sample_layouts` deals ``n`` layouts of the hidden cards as ``(n, 4)`` hand masks
(bit ``i`` = the pack's ``i``-th card), consistent with what the seat to move knows: its
own hand, every card seen (played, face up, the discards if it is the contractor), each
hand's size, and the voids players have shown — a seat that failed to follow a suit gets
no card of that effective suit; in misère, under J3, a seat that showed a void cannot
hold the unnominated joker. Nothing else is inferred (no reading of the bidding).

>>> import cardlab
>>> st = cardlab.load("five_hundred").deal(seed=2)
>>> while st.phase != "play":
...     st = st.apply(st.legal_actions()[-1])
>>> sample_layouts(st, 8, seed=1).shape
(8, 4)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.sim.sampling import fill_layouts

__all__ = ["sample_layouts"]


def sample_layouts(state: Any, n: int, seed: int) -> np.ndarray:
    """Five Hundred: ``(n, 4)`` hand masks for the hidden hands of ``state`` (the seat to
    move's own and face-up hands as they are), consistent with sizes and shown voids."""
    from cardlab.sim.five_hundred import tables_for

    game, seat = state.game, state.to_move
    deck = game.deck
    tb = tables_for(game)
    hidden = state.hidden_cards(seat)
    slots = [s for s in range(4) if s != seat and not state.face_up(s)]
    need = [len(state.hands[s]) for s in slots]
    pool = sorted(deck.index(c) for c in hidden)
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
    base = np.zeros(4, dtype=np.uint64)
    for s in range(4):
        if s not in slots:
            base[s] = np.uint64(sum(1 << deck.index(c) for c in state.hands[s]))
    hands = fill_layouts(pool, need, allowed, n, seed)  # the one sampler (sampling.py)
    out = np.repeat(base[None, :], n, axis=0)
    for k, s in enumerate(slots):
        out[:, s] = hands[:, k]
    return out
