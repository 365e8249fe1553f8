"""Panfin's kernel (B2.10, B2.11): the same functions on Python ints (one deal) and on numpy
arrays (a batch) give the same answers, and the teaching engine's legal list, its trick
winner and its settlement are the kernel's."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

import cardlab
from cardlab.engine.tricks import trick_winner
from cardlab.games.panfin import kernel
from cardlab.games.panfin.judge import as_plays, trick_position
from cardlab.games.panfin.rules import (
    SUITS,
    card_index,
    card_mask,
    kernel_tables,
    play_rules,
    trick_order,
)
from cardlab.sim.panfin import tables_for

#: option sets that change the legal plays (B4.2: F-A17, F-A18, F-A19), and player counts
OPTION_SETS = [
    {},
    {"beat_reference": "led_card"},
    {"must_trump_when_void": False},
    {"must_overtrump": False},
    {"both_jokers_lead": "consecutive_forced"},
    {"players": 2},
    {"players": 6, "beat_reference": "led_card", "both_jokers_lead": "consecutive_forced"},
]


def _play_states(game, seeds):
    """Every state of the trick phase met in seeded random deals (folds rare, so that most
    deals reach the tricks)."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        st = game.deal(seed=seed, dealer=seed % game.players)
        while not st.is_over:
            if st.phase == "play":
                out.append(st)
            legal = st.legal_actions()
            st = st.apply(rng.choice([a for a in legal if a.verb != "fold"] or legal))
    return out


def _facts(st):
    """The kernel's inputs at ``st``: hand mask, position, gobbo_due."""
    seat = st.to_move
    return card_mask(st.hands[seat]), trick_position(st.trick_, st.dominant), st.gobbo_due == seat


@pytest.mark.parametrize("options", OPTION_SETS)
def test_b2_10_3_legal_mask_ints_equal_arrays_and_engine(options) -> None:
    """B2.10.3 / B2.10.4 / F-A17 / F-A18 / F-A19: over a few thousand positions of the trick
    phase, :func:`kernel.legal_mask` and :func:`kernel.legal_pair` give the same answer on
    ints and on arrays, and the engine lists exactly the plays they allow (its judge agrees)."""
    game = cardlab.load("panfin", **options)
    states = _play_states(game, range(220))
    assert len(states) > 500
    t, ta, rules = kernel_tables(), tables_for(game).kernel, play_rules(game.options)
    rows = [_facts(st) for st in states]
    scalar = [kernel.legal_mask(t, h, p.d, p.leading, p.double_led, p.led, p.best_key,
                                p.led_key, due, rules) for h, p, due in rows]

    def col(f, dtype=np.int64):
        return np.array([f(h, p, due) for h, p, due in rows], dtype=dtype)

    hand = col(lambda h, p, due: h, np.uint64)
    d, led = col(lambda h, p, due: p.d), col(lambda h, p, due: p.led)
    best, led_key = col(lambda h, p, due: p.best_key), col(lambda h, p, due: p.led_key)
    leading, double = col(lambda h, p, due: p.leading, bool), col(lambda h, p, due: p.double_led, bool)
    due = col(lambda h, p, due: due, bool)
    batch = kernel.legal_mask(ta, hand, d, leading, double, led, best, led_key, due, rules)
    assert batch.tolist() == scalar
    for i, st in enumerate(states):
        cards = game.deck.sort(st.hands[st.to_move])
        h, p, _ = rows[i]
        singles = [f"play {c}" for c in cards if scalar[i] >> card_index(c) & 1]
        pairs = [f"play {a} {b}" for a, b in combinations(cards, 2)
                 if kernel.legal_pair(t, h, card_mask((a, b)), p.d, p.leading, p.double_led,
                                      rules)]
        assert [str(a) for a in st.legal_actions()] == singles + pairs
        assert [str(a) for a in st._candidates() if st.is_legal(str(a))] == singles + pairs
    # the pairs on arrays: every two cards of each hand
    for a, b in combinations(range(4), 2):
        pair = np.zeros(len(rows), dtype=np.uint64)
        want = []
        for i, (h, p, _) in enumerate(rows):
            cards = [c for c in range(t.cards) if h >> c & 1]
            m = (1 << cards[a] | 1 << cards[b]) if b < len(cards) else 0
            pair[i] = m
            want.append(bool(kernel.legal_pair(t, h, m, p.d, p.leading, p.double_led, rules)))
        got = kernel.legal_pair(ta, hand, pair, d, leading, double, rules)
        assert np.asarray(got).tolist() == want


def test_b2_10_5_trick_keys_and_winner_are_the_engine_order() -> None:
    """B2.2 / F-A16 / B2.10.5: :func:`kernel.trick_key` orders the cards as the engine's
    ``CardOrder.key`` of :func:`trick_order`, on ints and arrays, and
    :func:`kernel.trick_winner_index` picks the engine's ``trick_winner`` over thousands of
    seeded tricks (ties: the earlier card)."""
    game = cardlab.load("panfin")
    t, ta = kernel_tables(), tables_for(game).kernel
    deck = list(game.deck)
    for d, dom in enumerate(SUITS):
        order = trick_order(dom)
        for led, suit in enumerate(SUITS):
            keys = [kernel.trick_key(t, d, led, i) for i in range(len(deck))]
            for i, a in enumerate(deck):
                for j, b in enumerate(deck):
                    assert (keys[i] > keys[j]) == order.beats(a, b, suit)
            arr = kernel.trick_key(ta, np.full(len(deck), d), np.full(len(deck), led),
                                   np.arange(len(deck)))
            assert arr.tolist() == keys
        assert [kernel.trick_led_suit(t, d, i) for i in range(len(deck))] == [
            SUITS.index(order.effective_suit(c)) for c in deck]
    rng = random.Random(17)
    n_tricks, size = 3000, 4
    picks = [rng.sample(range(len(deck)), size) for _ in range(n_tricks)]
    doms = [rng.randrange(4) for _ in range(n_tricks)]
    want, rows = [], []
    for cards, d in zip(picks, doms):
        led = kernel.trick_led_suit(t, d, cards[0])
        keys = [kernel.trick_key(t, d, led, c) for c in cards]
        rows.append(keys)
        win = kernel.trick_winner_index(keys)
        plays = as_plays([(s, (deck[c],)) for s, c in enumerate(cards)])
        assert win == trick_winner(plays, trick_order(SUITS[d]))
        want.append(win)
    cols = np.array(rows, dtype=np.int64).T
    assert kernel.trick_winner_index(list(cols)).tolist() == want


def test_b2_10_5_engine_tricks_are_won_as_the_kernel_says() -> None:
    """B2.10.5: every trick the engine completes (double tricks too) goes to the seat the
    kernel's keys name."""
    game = cardlab.load("panfin")
    t = kernel_tables()
    checked = 0
    for st in _play_states(game, range(200)):
        if st.parent is not None and len(st.tricks_) > len(st.parent.tricks_):
            _, plays, winner = st.tricks_[-1]
            pos = trick_position(plays, st.dominant)
            seats = [s for s, cs in plays for _ in cs]
            keys = [kernel.trick_key(t, pos.d, pos.led, card_index(c)) for _, cs in plays
                    for c in cs]
            assert seats[kernel.trick_winner_index(keys)] == winner == pos.best_seat
            checked += 1
    assert checked > 100


def test_b2_11_deal_points_ints_equal_arrays_and_engine_settlement() -> None:
    """B2.11 / F-A21: :func:`kernel.deal_points` (most piatti takes the pot, a tie leaves it,
    no piatto pays the stamp) gives the same on ints and arrays over thousands of seeded
    tallies, and the engine's chips of every deal decided by piatti are its gains."""
    rng = random.Random(5)
    n_deals, n = 4000, 4
    piatti = [[rng.randrange(5) for _ in range(n)] for _ in range(n_deals)]
    active = [[rng.random() < 0.8 for _ in range(n)] for _ in range(n_deals)]
    for a in active:
        a[rng.randrange(n)] = True
    pots = [rng.randrange(0, 30) for _ in range(n_deals)]
    scalar = [kernel.deal_points(p, a, pot) for p, a, pot in zip(piatti, active, pots)]
    pa, aa = np.array(piatti), np.array(active)
    gains, pot_after, winner, stamped = kernel.deal_points(
        list(pa.T), list(aa.T), np.array(pots))
    assert np.stack(gains, axis=1).tolist() == [list(g) for g, _, _, _ in scalar]
    assert pot_after.tolist() == [p for _, p, _, _ in scalar]
    assert winner.tolist() == [w for _, _, w, _ in scalar]
    assert np.stack(stamped, axis=1).tolist() == [list(s) for _, _, _, s in scalar]
    game = cardlab.load("panfin")
    seen = 0
    for seed in range(300):
        st = game.deal(seed=seed, dealer=seed % 4)
        rng = random.Random(seed)
        while not st.is_over:
            legal = st.legal_actions()
            st = st.apply(rng.choice([a for a in legal if a.verb != "fold"] or legal))
        if st.outcome.kind != "piatti":
            continue
        pot = st.parent.pot
        g, after, w, _ = kernel.deal_points(st.piatti, [not f for f in st.folded], pot)
        net = [b - a for a, b in zip(st.parent.stacks_in, st.parent.stacks)]
        assert list(st.result.seat_points) == [x + y for x, y in zip(net, g)]
        assert st.pot == after
        assert st.result.declarer == (w if w >= 0 else None)
        seen += 1
    assert seen > 50
