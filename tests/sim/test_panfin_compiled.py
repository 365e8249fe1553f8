"""Panfin's compiled pieces against plain references.

The heuristic's choice (:func:`cardlab.bots.panfin_play.choose_one`, asked per row by
``choose_play`` and per deal by the batch's compiled step) is checked against the rule as
the module docstring states it, written here over whole arrays with numpy (leading: the
greatest value; answering: the least value among the cards that take the trick, else
among the legal ones; no single card: the cheapest legal pair; ties to the first), on
random rows with many ties. The compiled bit helpers of :mod:`cardlab.sim.panfin.compiled`
are checked against the bits of the masks read one by one, and the batch's compiled legal
plays against the kernel asked on one deal (Python ints).
"""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
from cardlab.bots.panfin_play import PAIR_SLOTS, choose_play
from cardlab.games.panfin import kernel
from cardlab.games.panfin.rules import HAND_SIZE, kernel_tables, play_rules
from cardlab.sim.panfin import batch as pf
from cardlab.sim.panfin.compiled import positions

_FAR = 1 << 40


def _reference(value: np.ndarray, strength: np.ndarray, legal: np.ndarray,
               best_key: np.ndarray, leading: np.ndarray, pair_legal: np.ndarray,
               pair_cost: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The rule over whole arrays (first of equal scores: numpy's argmin)."""
    lead = leading[:, None]
    takes = legal & (strength > best_key[:, None])
    pool = np.where(lead | ~takes.any(axis=1)[:, None], legal, takes)
    place = np.argmin(np.where(pool, np.where(lead, -value, value), _FAR), axis=1)
    slot = np.argmin(np.where(pair_legal, pair_cost, _FAR), axis=1)
    return place, ~legal.any(axis=1), slot


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_choose_play_is_the_stated_rule(seed: int) -> None:
    rng = np.random.default_rng(seed)
    rows = 4000
    value = rng.integers(0, 6, size=(rows, HAND_SIZE))  # few values: many ties
    strength = rng.integers(0, 8, size=(rows, HAND_SIZE))
    legal = rng.random((rows, HAND_SIZE)) < 0.5
    best_key = rng.integers(0, 8, size=rows)
    leading = rng.random(rows) < 0.4
    pair_legal = (rng.random((rows, len(PAIR_SLOTS))) < 0.3) & ~legal.any(axis=1)[:, None]
    pair_cost = rng.integers(0, 6, size=(rows, len(PAIR_SLOTS)))
    got = choose_play(value, strength, legal, best_key, leading, pair_legal, pair_cost)
    want = _reference(value, strength, legal, best_key, leading, pair_legal, pair_cost)
    for g, w in zip(got, want, strict=True):
        assert g.tolist() == w.tolist()
    # the cases the rule tells apart all occur
    assert leading.any() and (~leading & legal.any(axis=1)).any() and got[1].any()


def test_positions_are_the_masks_bits_in_order() -> None:
    rng = np.random.default_rng(7)
    cards = 40
    hands = np.zeros(500, dtype=np.uint64)
    for b in range(hands.size):  # 0 to 5 cards: fewer than the places, and more
        for i in rng.choice(cards, size=int(rng.integers(0, 6)), replace=False):
            hands[b] |= np.uint64(1) << np.uint64(i)
    got = positions(hands, cards, HAND_SIZE)
    for b, h in enumerate(hands.tolist()):
        bits = [i for i in range(cards) if h >> i & 1][:HAND_SIZE]
        assert got[b].tolist() == bits + [cards] * (HAND_SIZE - len(bits))


@pytest.mark.parametrize("options", [{}, {"both_jokers_lead": "consecutive_forced",
                                          "beat_reference": "led_card"},
                                     {"must_overtrump": False, "must_trump_when_void": False}])
def test_batch_legal_plays_are_the_kernels_on_one_deal(options: dict) -> None:
    """Every step of whole heuristic deals: the compiled legal cards and pairs equal the
    kernel's ``legal_mask`` and ``legal_pair`` asked with the deal's facts as ints."""
    game = cardlab.load("panfin", **options)
    seeds = np.arange(400, dtype=np.uint64) + np.uint64(11)
    _, _, batch = pf.opening_lead(game, seeds, np.arange(400) % game.players)
    assert batch is not None
    t, rules = kernel_tables(), play_rules(game.options)
    pairs_seen, gobbo_due_seen = 0, 0
    while not batch.done.all():
        single, pairs, pos = batch.legal()
        for b in np.flatnonzero(~batch.done)[:60].tolist():
            p = int(batch.to_move[b])
            hand = int(batch.hands[b, p])
            d, leading = int(batch.dominant[b]), bool(batch.n_played[b] == 0)
            double = bool(batch.double[b])
            gobbo_due_seen += bool(batch.gobbo_due[b] == p)
            assert int(single[b]) == kernel.legal_mask(
                t, hand, d, leading, double, int(batch.led[b]), int(batch.best_key[b]),
                int(batch.led_key[b]), bool(batch.gobbo_due[b] == p), rules)
            held = [i for i in range(t.cards) if hand >> i & 1]
            assert pos[b].tolist() == held + [t.cards] * (HAND_SIZE - len(held))
            for k, (x, y) in enumerate(PAIR_SLOTS):
                want = (y < len(held) and kernel.legal_pair(
                    t, hand, (1 << held[x]) | (1 << held[y]), d, leading, double, rules))
                assert bool(pairs[b, k]) == bool(want)
                pairs_seen += bool(want)
        batch.step("heuristic")
    # the jokers' lead (or its answer) was among the steps checked: as a pair, or the Vecia
    # alone and then the Gobbo due (consecutive_forced)
    assert (pairs_seen if rules.double_trick else gobbo_due_seen) > 0
