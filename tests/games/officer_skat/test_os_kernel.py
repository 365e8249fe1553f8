"""Officer Skat's kernel (``officer_skat/kernel.py``): one function per rule, the same
answers on Python ints (the teaching engine) and on numpy arrays (the batch simulator),
and the teaching engine's legal plays are exactly the kernel's mask."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardlab
from cardlab.engine.tricks import Play, trick_winner
from cardlab.games.officer_skat import kernel
from cardlab.games.officer_skat.kernel import (
    NO_CARD,
    NO_SUIT,
    effective_suit_code,
    legal_mask,
    trick_card_points,
    trick_key,
    trick_winner_index,
)
from cardlab.games.officer_skat.rules import (
    CARD_POINTS,
    GAME_CALLS,
    MATADOR_RUN,
    PACK_ORDER,
    SCHNEIDER_LINE,
    TRUMP,
    card_index,
    kernel_tables,
    trick_order,
    trump_cards,
)
from cardlab.sim.officer_skat.batch import tables_for

GAME = cardlab.load("officer_skat", pass_allowed=True, ramsch_allowed=True)
INTS = kernel_tables()
ARRAYS = tables_for(GAME).kernel
RNG_SEED = 20260417


def as_list(value, size):
    """A kernel answer as a list: an array's elements, a scalar repeated (a ``select`` on a
    Python bool gives back one branch whole)."""
    arr = np.asarray(value)
    return arr.tolist() if arr.ndim else [arr.item()] * size


def positions(deals: int = 120) -> list:
    """Every play-phase state of ``deals`` random deals, each contract in turn (a few
    thousand positions: leads and follows, tops with and without the led suit)."""
    out = []
    rng = random.Random(RNG_SEED)
    for seed in range(deals):
        contract = GAME_CALLS[seed % len(GAME_CALLS)]
        state = GAME.deal(seed=seed, dealer=seed % 2)
        while state.phase != "play":
            if state.phase == "declare":
                state = state.apply("pass" if contract == "ramsch" else f"declare {contract}")
            else:
                state = state.apply(rng.choice([str(a) for a in state.legal_actions()
                                                if str(a) != "re"]))
        while not state.is_over:
            out.append(state)
            plays = [a for a in state.legal_actions() if a.verb == "play"]
            state = state.apply(rng.choice(plays))
    return out


POSITIONS = positions()


def test_there_are_a_few_thousand_positions_of_every_contract():
    assert len(POSITIONS) > 3000
    assert {s.contract for s in POSITIONS} == set(GAME_CALLS)
    assert any(s.trick.plays for s in POSITIONS) and any(not s.trick.plays for s in POSITIONS)


def test_os_5_5_the_engines_legal_plays_are_the_kernels_mask():
    """OS-5.5: the teaching engine lists exactly the cards of the kernel's mask, in pack
    order (follow the led effective suit with a face-up top card if one can, else any
    face-up top card)."""
    for state in POSITIONS:
        seat = state.to_move
        mask = legal_mask(INTS, state.tops_mask(seat), state.contract_index, state.led_code())
        listed = [str(a) for a in state.legal_actions() if a.verb == "play"]
        assert listed == [f"play {c.code}" for i, c in enumerate(PACK_ORDER) if mask >> i & 1]


def test_os_5_5_legal_mask_on_ints_and_arrays_agree_and_follow_the_rule():
    """OS-5.2 / OS-5.4 / OS-5.5 on the same positions one at a time and as one batch; and
    the mask is the rule: the tops of the led effective suit, else all the tops."""
    tops = [s.tops_mask(s.to_move) for s in POSITIONS]
    ks = [s.contract_index for s in POSITIONS]
    leds = [s.led_code() for s in POSITIONS]
    ints = [legal_mask(INTS, t, k, led) for t, k, led in zip(tops, ks, leds)]
    arrays = legal_mask(ARRAYS, np.array(tops, dtype=np.uint64), np.array(ks), np.array(leds))
    assert np.asarray(arrays).tolist() == ints
    for state, t, mask in zip(POSITIONS, tops, ints):
        order = trick_order(state.contract)
        cards = [c for c in PACK_ORDER if t >> card_index(c) & 1]
        plays = state.trick.plays
        follow = order.of_suit(cards, order.suit_of[plays[0].card]) if plays else []
        assert [c for c in PACK_ORDER if mask >> card_index(c) & 1] == (follow or cards)


def test_os_5_4_effective_suit_codes_name_the_card_orders_suits():
    """OS-5.4: the kernel's effective suit of every card under every contract is the card
    order's (a trump, or the printed suit), and "no card" has none."""
    suits = list(dict.fromkeys(c.suit for c in PACK_ORDER))
    for k, contract in enumerate(GAME_CALLS):
        order = trick_order(contract)
        for i, card in enumerate(PACK_ORDER):
            suit = order.suit_of[card]
            want = kernel.TRUMP_SUIT if suit == TRUMP else suits.index(suit)
            assert effective_suit_code(INTS, k, i) == want
        assert effective_suit_code(INTS, k, NO_CARD) == NO_SUIT


def every_trick():
    """Every two-card trick of every contract: (contract, first, second) index arrays."""
    k, first, second = np.meshgrid(np.arange(len(GAME_CALLS)), np.arange(len(PACK_ORDER)),
                                   np.arange(len(PACK_ORDER)), indexing="ij")
    keep = first != second
    return k[keep], first[keep], second[keep]


def test_os_5_6_trick_winner_on_ints_and_arrays_agree_with_the_card_order():
    """OS-5.6 over all 7 × 32 × 31 tricks: the kernel's winner is the same on ints and on
    arrays, and is the engine's winner by the contract's card order (the higher trump, else
    the higher card of the led suit; a card of another suit never wins)."""
    ks, firsts, seconds = every_trick()
    leds = effective_suit_code(ARRAYS, ks, firsts)
    arrays = np.asarray(trick_winner_index(ARRAYS, ks, leds, firsts, seconds)).tolist()
    points = np.asarray(trick_card_points(ARRAYS, firsts, seconds)).tolist()
    for j, (k, a, b) in enumerate(zip(ks.tolist(), firsts.tolist(), seconds.tolist())):
        led = effective_suit_code(INTS, k, a)
        won = trick_winner_index(INTS, k, led, a, b)
        assert won == arrays[j]
        cards = (PACK_ORDER[a], PACK_ORDER[b])
        plays = (Play(0, cards[0]), Play(1, cards[1]))
        assert won == trick_winner(plays, trick_order(GAME_CALLS[k]))
        assert trick_card_points(INTS, a, b) == points[j] == sum(
            CARD_POINTS[c.rank] for c in cards)  # OS-2.2
        assert trick_key(INTS, k, led, NO_CARD) < trick_key(INTS, k, led, b)


def random_facts(n: int):
    """``n`` random finished-deal facts: declarer's card points and tricks, the loser's,
    Kontra/Re, and 16-card declarer hands (OS-6, OS-7)."""
    rng = np.random.default_rng(RNG_SEED)
    points = rng.integers(0, 121, n)
    tricks = np.where(points == 0, rng.integers(0, 3, n), rng.integers(1, 17, n))
    kontra = rng.random(n) < 0.5
    re = kontra & (rng.random(n) < 0.5)
    hands = np.array([sum(1 << int(i) for i in rng.choice(32, 16, replace=False))
                      for _ in range(n)], dtype=np.uint64)
    contracts = rng.integers(0, len(GAME_CALLS), n)
    return points, tricks, kontra, re, hands, contracts


@pytest.mark.parametrize("null_by_tricks", [False, True])
def test_os_6_deal_made_on_ints_and_arrays(null_by_tricks):
    """OS-6.1: a suit game or Grand is made with 61 or more (60-60 loses); OS-6.4: Null with
    fewer than 60, or (B-3 ``no_tricks``) with no trick. Ints and arrays agree."""
    points, tricks, _, _, _, contracts = random_facts(3000)
    null = contracts == GAME_CALLS.index("null")
    arrays = as_list(kernel.deal_made(ARRAYS, points, tricks, null, null_by_tricks), 3000)
    for j in range(3000):
        p, t, nl = int(points[j]), int(tricks[j]), bool(null[j])
        made = kernel.deal_made(INTS, p, t, nl, null_by_tricks)
        want = (t == 0 if null_by_tricks else p < 60) if nl else p >= 61
        assert made == arrays[j] == want


@pytest.mark.parametrize("schneider", sorted(SCHNEIDER_LINE))
@pytest.mark.parametrize("schwarz_by_tricks", [False, True])
def test_os_6_2_schneider_and_schwarz_on_ints_and_arrays(schneider, schwarz_by_tricks):
    """OS-6.2 / B-11 Schneider (under 30, or at most 30), OS-6.3 / B-12 Schwarz (no card
    points, or no trick); a Schwarz is a Schneider; nothing where they do not count."""
    points, tricks, kontra, _, _, _ = random_facts(3000)
    line = SCHNEIDER_LINE[schneider]
    counts = kontra  # any bool column will do: where the marks count
    sn, sw = kernel.deal_loser_marks(points, tricks, counts, line, schwarz_by_tricks)
    sn, sw = as_list(sn, 3000), as_list(sw, 3000)
    for j in range(3000):
        p, t, c = int(points[j]), int(tricks[j]), bool(counts[j])
        one = kernel.deal_loser_marks(p, t, c, line, schwarz_by_tricks)
        black = c and (t == 0 if schwarz_by_tricks else p == 0)
        assert one == (sn[j], sw[j]) == (c and (p <= line or black), black)


def matador_run(cards: set, contract: str, mode: str) -> tuple[bool, int]:
    """OS-7.1 counted by hand: the run of the contract's top trumps held (or lacking)."""
    ladder = trump_cards(contract)[:MATADOR_RUN[mode]]
    with_ = ladder[0] in cards
    n = 0
    for c in ladder:
        if (c in cards) != with_:
            break
        n += 1
    return with_, n


@pytest.mark.parametrize("mode", sorted(MATADOR_RUN))
def test_os_7_1_matadors_on_ints_and_arrays(mode):
    """OS-7.1 / B-14: "with" or "without" n over the declarer's 16 cards; none in Null and
    Ramsch. Ints, arrays and a hand count agree."""
    *_, hands, contracts = random_facts(2000)
    with_a, n_a = kernel.deal_matadors(ARRAYS, hands, contracts, MATADOR_RUN[mode])
    with_a, n_a = as_list(with_a, 2000), as_list(n_a, 2000)
    for j in range(2000):
        mask, k = int(hands[j]), int(contracts[j])
        with_, n = kernel.deal_matadors(INTS, mask, k, MATADOR_RUN[mode])
        assert (with_, n) == (with_a[j], n_a[j])
        contract = GAME_CALLS[k]
        if contract in ("null", "ramsch"):
            assert n == 0
            continue
        cards = {c for i, c in enumerate(PACK_ORDER) if mask >> i & 1}
        assert (with_, n) == matador_run(cards, contract, mode)


@pytest.mark.parametrize("isko_levels", [False, True])
def test_os_7_game_value_kontra_and_the_methods_on_ints_and_arrays(isko_levels):
    """OS-7.2 / OS-7.3 the game value, OS-7.4 Kontra and Re, OS-7.5 methods A and C, B-2
    Ramsch: the same numbers on ints and arrays, and the spec's arithmetic."""
    points, tricks, kontra, re, _, contracts = random_facts(3000)
    rng = np.random.default_rng(RNG_SEED + 1)
    n = rng.integers(1, 12, 3000)
    sn = rng.random(3000) < 0.4
    sw = sn & (rng.random(3000) < 0.4)
    won = rng.random(3000) < 0.5
    tie = rng.random(3000) < 0.1
    other = 16 - tricks
    base = ARRAYS.base_values[contracts]
    arrays = [as_list(x, 3000) for x in (
        kernel.deal_game_value(ARRAYS, base, n, sn, sw, isko_levels),
        kernel.deal_declarer_amount(base, won, 2),
        kernel.deal_kontra_factor(ARRAYS, kontra, re),
        kernel.deal_base_amount(ARRAYS, base, sn, sw, 4),
        kernel.deal_match_points(ARRAYS, sn, sw, tie),
        kernel.deal_ramsch_points(ARRAYS, points, tricks, other))]
    for j in range(3000):
        b, nj, s, w = int(base[j]), int(n[j]), bool(sn[j]), bool(sw[j])
        p, t, o = int(points[j]), int(tricks[j]), int(other[j])
        ints = [kernel.deal_game_value(INTS, b, nj, s, w, isko_levels),
                kernel.deal_declarer_amount(b, bool(won[j]), 2),
                kernel.deal_kontra_factor(INTS, bool(kontra[j]), bool(re[j])),
                kernel.deal_base_amount(INTS, b, s, w, 4),
                kernel.deal_match_points(INTS, s, w, bool(tie[j])),
                kernel.deal_ramsch_points(INTS, p, t, o)]
        assert ints == [a[j] for a in arrays]
        value = (nj + 1 + s + w) * b if isko_levels else (nj + 1) * b * (4 if w else 2 if s
                                                                           else 1)
        assert ints[0] == value
        assert ints[1] == (b if won[j] else -2 * b)
        assert ints[2] == (4 if re[j] else 2 if kontra[j] else 1)
        assert ints[3] == b * (4 if w else 2 if s else 1)
        assert ints[4] == (1 if tie[j] else 4 if w else 3 if s else 2)
        assert ints[5] == (120 if t == 16 else 0 if o == 16 else -p)


def test_the_kernel_lists_its_functions_and_no_other_module_defines_them():
    """The kernel's ``__all__`` is its functions; the judge, scoring and the batch use them
    rather than defining their own."""
    import ast
    from pathlib import Path

    names = set(kernel.__all__)
    assert all(callable(getattr(kernel, n)) for n in names)
    root = Path(cardlab.__file__).parent
    for path in [*sorted((root / "games" / "officer_skat").glob("*.py")),
                 *sorted((root / "sim" / "officer_skat").glob("*.py"))]:
        if path.name == "kernel.py":
            continue
        defined = {node.name for node in ast.walk(ast.parse(path.read_text()))
                   if isinstance(node, ast.FunctionDef)}
        assert not defined & names, path
