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

from cardlab.sim.rng import deal_seeds, shuffle_batch

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
    rest = len(pool) - sum(need)  # kitty / discards / nobody's
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
    owners = np.repeat(np.arange(len(slots) + 1), need + [rest])  # slot of each dealt place
    pool_a = np.array(pool, dtype=np.int64)
    out = np.zeros((n, 4), dtype=np.uint64)
    got = 0
    rounds = 0
    while got < n and rounds < 8:
        # rejection: shuffle the pool into the places; keep the layouts that respect voids
        m = max(2 * (n - got), 16)
        seeds = deal_seeds(seed, 10_000 * rounds, 10_000 * rounds + m)
        cards = pool_a[shuffle_batch(seeds, len(pool_a))] if len(pool_a) else np.zeros(
            (m, 0), dtype=np.int64)
        ok = allowed[owners[None, :], cards].all(axis=1)
        keep = tb.bit[cards[ok][: n - got]]
        out[got:got + len(keep)] = base
        for k, s in enumerate(slots):
            out[got:got + len(keep), s] = np.bitwise_or.reduce(keep[:, owners == k], axis=1)
        got += len(keep)
        rounds += 1
    rng = np.random.default_rng(seed)  # rare fallback: a greedy, void-respecting fill
    while got < n:
        out[got] = base
        hands = _greedy_fill(pool, need, allowed, rng)
        for k, s in enumerate(slots):
            out[got, s] = np.uint64(sum(1 << c for c in hands[k]))
        got += 1
    return out


def _greedy_fill(pool: list[int], need: list[int], allowed: np.ndarray,
                 rng: np.random.Generator) -> list[list[int]]:
    """Most-constrained cards first, each to a random seat that may hold it and has room."""
    for _ in range(50):
        order = sorted(pool, key=lambda c: (allowed[: len(need), c].sum(), rng.random()))
        room = list(need) + [len(pool) - sum(need)]
        hands: list[list[int]] = [[] for _ in room]
        for c in order:
            ok = [k for k in range(len(room)) if room[k] and allowed[k, c]]
            if not ok:
                break
            k = ok[int(rng.integers(len(ok)))]
            hands[k].append(c)
            room[k] -= 1
        else:
            return hands
    # no consistent layout found (should not happen): ignore the voids
    shuffled = list(rng.permutation(pool))
    out, pos = [], 0
    for k in need:
        out.append([int(c) for c in shuffled[pos:pos + k]])
        pos += k
    return out
