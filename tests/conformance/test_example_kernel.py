"""The example game's kernel (``cardlab/games/example/kernel.py``): one function per rule, the
same answers on Python ints and on numpy arrays, and the answers the teaching engine gives.

EX-4.2 / EX-4.3 the legal cards, EX-4.4 the trick keys, EX-5 the points: each is checked over
thousands of seeded positions against the engine (``legal_actions``, ``CardOrder.key``,
``state.result``), and the batch form (numpy arrays) against the one-deal form (ints).
"""

from __future__ import annotations

import numpy as np
import pytest

from cardlab.cards import Card
from cardlab.engine.rng import SplitMix64
from cardlab.games.example import kernel
from cardlab.games.example.game import ExampleGame
from cardlab.games.example.rules import make_pack, trick_order

T = kernel.tables(make_pack())
DECK = T.deck


def _positions(n: int, seed: int) -> list[tuple[int, int, int, bool]]:
    """``n`` random (hand, led mask, trump mask, must_trump) from the pack's cards."""
    rng = SplitMix64(seed)
    out = []
    for _ in range(n):
        hand = 0
        for _ in range(1 + rng.randbelow(7)):
            hand |= 1 << rng.randbelow(len(DECK))
        led = T.full if rng.randbelow(5) == 0 else T.suit_mask[rng.randbelow(4)]
        out.append((hand, led, T.suit_mask[rng.randbelow(4)], rng.randbelow(2) == 1))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_legal_mask_on_ints_and_arrays_agree(seed: int) -> None:
    """EX-4.2/4.3: the batch form gives, deal by deal, the one-deal answers."""
    pos = _positions(3000, seed)
    one = [kernel.legal_mask(h, led, tr, mt) for h, led, tr, mt in pos]
    cols = [np.array([p[i] for p in pos], dtype=np.uint64) for i in range(3)]
    must = np.array([p[3] for p in pos])
    batch = kernel.legal_mask(*cols, must)
    assert batch.tolist() == one
    # and the rule itself: a follower follows when it can; nothing outside the hand
    for (h, led, tr, mt), m in zip(pos, one, strict=True):
        assert m and m & ~h == 0
        if h & led:
            assert m == h & led
        elif mt and h & tr:
            assert m == h & tr
        else:
            assert m == h


def test_trick_keys_order_cards_as_the_card_order_does() -> None:
    """EX-4.4: for every trump suit, led suit and pair of cards, the kernel's key and the
    engine's ``CardOrder.key`` rank the two cards the same way; the batch form agrees."""
    for trump in range(4):
        order = trick_order(T.suits[trump])
        for led in range(4):
            keys = [kernel.trick_key(T.power[i], T.suit_of[i], led, trump) for i in range(len(DECK))]
            engine = [order.key(c, T.suits[led]) for c in DECK]
            for i in range(len(DECK)):
                for j in range(len(DECK)):
                    assert (keys[i] > keys[j]) == (engine[i] > engine[j]), (DECK[i], DECK[j])
            arr = kernel.trick_key(np.array(T.power), np.array(T.suit_of), led, trump)
            assert arr.tolist() == keys


@pytest.mark.parametrize("preset", [None, "strict"])
def test_the_engine_legal_list_is_the_kernel_mask(preset: str | None) -> None:
    """The judge's legal cards are exactly the kernel's mask, at every card of 200 deals."""
    game = ExampleGame.load(preset)
    for seed in range(200):
        s = game.deal(seed=seed)
        rng = SplitMix64(seed)
        while not s.is_over:
            legal = s.legal_actions()
            if s.phase == "play":
                seat = s.to_move
                assert seat is not None
                trick = s.trick
                assert trick is not None
                led = T.full if trick.suit is None else T.suit_mask[T.suits.index(trick.suit)]
                mask = kernel.legal_mask(T.mask(s.hands[seat]), led,
                                         T.suit_mask[T.suits.index(s.trump)],
                                         game.options.must_trump)
                assert sorted(a.args[0] for a in legal) == sorted(T.codes(mask))
            s = s.apply(legal[rng.randbelow(len(legal))])


def test_deal_points_are_the_results_points() -> None:
    """EX-5: the kernel's points, on ints and on arrays, are each finished deal's points."""
    game = ExampleGame.load(None, call_value=3)
    rows = []
    for seed in range(300):
        s = game.deal(seed=seed)
        rng = SplitMix64(seed + 7)
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[rng.randbelow(len(legal))])
        result = s.result
        assert result is not None
        won = [sum(t.winner == p for t in s.tricks) for p in range(3)]
        caller = s.caller
        for p in range(3):
            ct = 0 if caller is None else won[caller]
            pts = kernel.deal_points(won[p], p == caller, ct, 3)
            assert pts == result.seat_points[p]
            rows.append((won[p], p == caller, ct, pts))
    arr = kernel.deal_points(np.array([r[0] for r in rows]), np.array([r[1] for r in rows]),
                             np.array([r[2] for r in rows]), 3)
    assert arr.tolist() == [r[3] for r in rows]


def test_a_card_is_one_bit() -> None:
    """The tables name each card once (the masks are a partition of the pack)."""
    assert sum(T.suit_mask) == T.full and T.mask([Card("A", "S")]).bit_count() == 1
