"""The tables that make Pandoeren's whole deals fast read the same numbers as the plain sums.

:class:`~cardlab.sim.pandoeren.card_sums.CardSums` (a hand's sums of per-card values, a
byte at a time) must equal the sum over the hand's cards; the heuristic's card orders
(:func:`~cardlab.bots.pandoeren_play.first_in_order`) must pick the card a sort by the
order's key picks (ties: the earlier card in the pack); its win masks (``beats``) must hold
exactly the cards whose trick key beats the trick's; and the bot's hand sums
(:attr:`~cardlab.sim.pandoeren.batch.CallTables.sums`) must be the sums over the cards.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
from cardlab.bots import pandoeren as bot
from cardlab.bots.pandoeren_play import CHEAP, HIGH, LOW, STRONG, first_in_order, play_keys
from cardlab.games.pandoeren.rules import NO_TRUMPS, play_tables
from cardlab.sim.pandoeren import batch as pd
from cardlab.sim.pandoeren.card_sums import CardSums


def _random_masks(rng: np.random.Generator, n: int, cards: int) -> np.ndarray:
    """``n`` random masks over ``cards`` cards, some empty, some full."""
    masks = rng.integers(0, 1 << cards, n, dtype=np.uint64)
    sparse = rng.integers(0, 1 << cards, n, dtype=np.uint64) & masks
    return np.concatenate([masks, sparse, np.array([0, (1 << cards) - 1], dtype=np.uint64)])


def _held(masks: np.ndarray, cards: int) -> np.ndarray:
    return (masks[:, None] >> np.arange(cards, dtype=np.uint64) & np.uint64(1)).astype(bool)


@pytest.mark.parametrize("cards", [1, 8, 9, 33, 64])
def test_card_sums_are_the_sums_over_the_cards(cards: int) -> None:
    rng = np.random.default_rng(cards)
    values = rng.integers(-50, 300, (cards, 3))
    masks = _random_masks(rng, 400, min(cards, 63))
    if cards == 64:
        masks |= np.uint64(1 << 63) * (masks & np.uint64(1))  # the top bit too
    sums = CardSums(values)
    want = _held(masks, cards).astype(np.int64) @ values
    assert (sums(masks).astype(np.int64) == want).all()
    assert sums(masks.reshape(-1, 2)).shape == (masks.size // 2, 2, 3)


@pytest.mark.parametrize("rank_order", ["pandoeren", "klaverjas"])
def test_first_in_order_is_the_first_card_of_a_sort(rank_order: str) -> None:
    """Each order under each trump table: the card a sort by the order's key picks."""
    pt = play_tables(rank_order)
    keys = play_keys(rank_order)
    c, stride, tables = pt.n_cards, pt.stride, NO_TRUMPS + 1
    rank = np.array(pt.rank).reshape(tables, stride)[:, :c]
    points = np.array(pt.points).reshape(tables, stride)[:, :c]
    rng = np.random.default_rng(5)
    masks = _random_masks(rng, 300, c)
    held = _held(masks, c)
    for order in (CHEAP, STRONG, HIGH, LOW):
        for t in range(tables):
            trump = [(pt.bit[i] & pt.trump_mask[t]) != 0 for i in range(c)]
            key = {CHEAP: [(-points[t, i], -rank[t, i]) for i in range(c)],
                   STRONG: [(trump[i], rank[t, i]) for i in range(c)],
                   HIGH: [(rank[t, i],) for i in range(c)],
                   LOW: [(-rank[t, i],) for i in range(c)]}[order]
            got = first_in_order(keys.orders, np.full(masks.size, order * keys.tables + t), masks)
            for b in range(masks.size):
                cards = np.flatnonzero(held[b])
                want = max(cards, key=lambda i: (key[i], -i)) if cards.size else 0
                assert got[b] == want, (order, t, b)


def test_win_masks_hold_the_cards_that_beat_the_trick() -> None:
    pt = play_tables()
    keys = play_keys()
    c, stride = pt.n_cards, pt.stride
    for t in range(NO_TRUMPS + 1):
        for led in range(4):
            for best in range(keys.n_keys):
                mask = int(keys.beats[(t * 4 + led) * keys.n_keys + best])
                want = sum(1 << i for i in range(c)
                           if pt.strength[(t * 4 + led) * stride + i] > best)
                assert mask == want


def test_the_bots_hand_sums_are_the_sums_over_its_cards() -> None:
    """Per suit: its strength (the bot's ``suit_strength``), the points counted with it as
    trumps, its cards and its Pandoer ranks; then the high cards and the tens."""
    game = cardlab.load("pandoeren")
    deck = list(game.deck)
    ct = pd.call_tables_for(game)
    pts = play_tables()
    rng = np.random.default_rng(2)
    masks = _random_masks(rng, 200, ct.n_cards)
    got = ct.sums(masks)
    suits = ["S", "C", "D", "H"]
    for b, m in enumerate(masks):
        hand = [c for i, c in enumerate(deck) if int(m) >> i & 1]
        want: list[int] = []
        want += [bot.suit_strength(hand, s) for s in suits]
        want += [sum(pts.points[t * pts.stride + deck.index(c)] for c in hand
                     if c.suit == s or c.rank in bot.COUNTED_SIDE_RANKS)
                 for t, s in enumerate(suits)]
        want += [sum(c.suit == s for c in hand) for s in suits]
        want += [sum(c.rank in bot.PANDOER_RANKS for c in hand if c.suit == s) for s in suits]
        want += [sum(c.rank in bot.HIGH_RANKS for c in hand), sum(c.rank == "10" for c in hand)]
        assert got[b].tolist() == want


def test_a_batch_plays_the_same_whatever_the_layout_of_its_hands() -> None:
    """The play updates a hand through its flat index when the hands are one block, and
    row by row otherwise: the same deals played either way give the same cards."""
    from cardlab.sim.studies import deal_seeds

    game = cardlab.load("pandoeren")
    seeds = deal_seeds(8, 0, 300)
    _calls, _idx, batch = pd.opening_lead(game, seeds, np.arange(300) % 4)
    assert batch is not None
    other = batch.take(np.arange(batch.size))
    other.hands = np.asfortranarray(other.hands)
    assert not other.hands.flags.c_contiguous
    for b in (batch, other):
        b.play("heuristic", record=True)
    assert batch.record is not None and other.record is not None
    assert all((x == y).all() for x, y in zip(batch.record, other.record, strict=True))
    assert (batch.scores() == other.scores()).all()
    assert (batch.hands == other.hands).all()
