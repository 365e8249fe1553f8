"""Pandoeren's kernel: the same answers on Python ints (one deal) and numpy arrays (a batch).

The kernel (:mod:`cardlab.games.pandoeren.kernel`) is the one place the legal cards
(A2.8), the trick keys and winner (A2.2), the card points (A2.3) and each contract's test,
stuk and payments (A2.6, A2.10.3, A2.11, P-A11, P-A19) are written. These tests run it on
a few thousand seeded positions both ways, compare the trick winner with the engine's
independent :func:`~cardlab.engine.tricks.trick_winner`, and check that the teaching
engine's legal list is exactly the kernel's mask.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

import cardlab
from cardlab.cards import FRENCH_SUITS
from cardlab.engine.tricks import Play, trick_winner
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.rules import NO_TRUMPS, play_rules, play_tables, trick_order
from cardlab.sim.pandoeren.batch import PandoerenBatch, tables_for

N = 3000
#: every combination of the A2.8 play options (P-A12, P-A13)
PLAY_RULES = [dict(zip(("jas_never_forced", "trump_while_able_to_follow", "undertrump_banned",
                        "overtrump_on_trump_lead"), flags))
              for flags in itertools.product((True, False), repeat=4)]


def _arrays(rank_order: str = "pandoeren"):
    game = cardlab.load("pandoeren", rank_order=rank_order)
    return play_tables(rank_order), tables_for(game).kernel


def _positions(seed: int, n: int, rank_order: str = "pandoeren"):
    """``n`` random positions: a hand, 0-3 cards already in the trick, a trump table."""
    tb = play_tables(rank_order)
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = rng.sample(range(tb.n_cards), 12)
        size = rng.randint(1, 8)
        hand = sum(1 << c for c in cards[:size])
        trick = cards[8:8 + rng.randint(0, 3)]
        out.append((hand, trick, rng.randrange(NO_TRUMPS + 1)))
    return out


def _facts(tb, trick, table):
    """The kernel's inputs for a trick so far: leading, led suit, top trump rank."""
    top = -1
    for i, card in enumerate(trick):
        top = K.trick_top_trump(tb, table, card, top, i == 0)
    return not trick, tb.suit[trick[0]] if trick else NO_TRUMPS, top


@pytest.mark.parametrize("rank_order", ["pandoeren", "klaverjas"])
def test_a2_8_legal_mask_on_ints_equals_arrays(rank_order) -> None:
    """A2.8 (A2.8.1-A2.8.5, P-A12, P-A13): the legal mask of 3000 positions under every play
    option, one int at a time and as one array call, is the same."""
    tb, ta = _arrays(rank_order)
    pos = _positions(1, N, rank_order)
    facts = [_facts(tb, trick, table) for _, trick, table in pos]
    hands = np.array([h for h, _, _ in pos], dtype=np.uint64)
    leading = np.array([f[0] for f in facts])
    led = np.array([f[1] for f in facts], dtype=np.int64)
    tables = np.array([t for _, _, t in pos], dtype=np.int64)
    top = np.array([f[2] for f in facts], dtype=np.int64)
    for rules in PLAY_RULES:
        batch = K.legal_mask(ta, hands, leading, led, tables, top, **rules)
        one = [K.legal_mask(tb, h, *_facts(tb, trick, t)[:2], t, _facts(tb, trick, t)[2],
                            **rules) for h, trick, t in pos]
        assert batch.tolist() == one, rules
        assert all(m and m & h == m for m, h in zip(one, hands.tolist()))  # never empty


def test_a2_2_trick_winner_on_ints_equals_arrays_and_the_engine() -> None:
    """A2.2 / A2.3: over 3000 tricks of four cards, the kernel's winner and card points are
    the same on ints and arrays, and the winner is the engine's ``trick_winner`` under
    :func:`trick_order` (the highest trump, else the highest card of the led suit)."""
    tb, ta = _arrays()
    deck = list(cardlab.load("pandoeren").deck)
    rng = random.Random(2)
    tricks = [rng.sample(range(tb.n_cards), 4) for _ in range(N)]
    tables = [rng.randrange(NO_TRUMPS + 1) for _ in range(N)]
    cards = np.array(tricks, dtype=np.int64)
    t_arr = np.array(tables, dtype=np.int64)
    led_arr = ta.suit[cards[:, 0]]
    keys = [K.trick_key(ta, t_arr, led_arr, cards[:, i]) for i in range(4)]
    winners = K.trick_winner_index(keys)
    points = sum(K.trick_card_points(ta, t_arr, cards[:, i]) for i in range(4))
    last = np.arange(N) % 8 == 7
    totals = K.trick_points_total(ta, points, last)
    for b, (trick, t) in enumerate(zip(tricks, tables)):
        led = tb.suit[trick[0]]
        w = K.trick_winner_index([K.trick_key(tb, t, led, c) for c in trick])
        assert w == winners[b]
        trump = FRENCH_SUITS[t] if t < NO_TRUMPS else None
        plays = [Play(s, deck[c]) for s, c in enumerate(trick)]
        assert w == trick_winner(plays, trick_order(trump)), (trick, trump)
        pts = sum(K.trick_card_points(tb, t, c) for c in trick)
        assert K.trick_points_total(tb, pts, bool(last[b])) == totals[b]


def test_a2_11_deal_points_on_ints_equal_arrays() -> None:
    """A2.6 / A2.10.3 / A2.11 / P-A11 / P-A19: each contract's test, stuk and the payments
    over 3000 seeded sets of deal facts are the same on ints and on arrays."""
    tb, ta = _arrays()
    rng = np.random.default_rng(3)
    kind = rng.integers(0, 6, N)
    team_lost, early_lost, first_lost, first_jas, complete, counts, held, made_in = (
        rng.random((8, N)) < 0.5)
    dwins = rng.integers(0, 9, N)
    piccolo = rng.integers(0, 3, N)
    card_pts, roem = rng.integers(0, 147, N), rng.choice([0, 20, 50, 100, 140], N)
    number, value = rng.integers(12, 30, N) * 10, rng.integers(1, 11, N)
    in_team, team_size = rng.random(N) < 0.5, rng.integers(1, 3, N)
    failed = K.contract_failed(kind, team_lost, dwins, early_lost, first_lost, first_jas,
                               piccolo)
    tricks_made = K.contract_tricks_made(kind, failed, complete, dwins)
    stuk = K.stuk_points(ta, counts, held)
    points = K.deal_points(kind, card_pts, roem, stuk)
    made = K.contract_made(kind, tricks_made, complete, points, number)
    pays = {z: K.deal_payments(made_in, value, in_team, team_size, 4 - team_size, z)
            for z in (False, True)}
    for b in range(N):
        f = K.contract_failed(int(kind[b]), bool(team_lost[b]), int(dwins[b]),
                              bool(early_lost[b]), bool(first_lost[b]), bool(first_jas[b]),
                              int(piccolo[b]))
        assert f == failed[b]
        tm = K.contract_tricks_made(int(kind[b]), f, bool(complete[b]), int(dwins[b]))
        assert tm == tricks_made[b]
        s = K.stuk_points(tb, bool(counts[b]), bool(held[b]))
        assert s == stuk[b] and s in (0, tb.stuk_value)
        p = K.deal_points(int(kind[b]), int(card_pts[b]), int(roem[b]), s)
        assert p == points[b]
        assert K.contract_made(int(kind[b]), tm, bool(complete[b]), p, int(number[b])) \
            == made[b]
        for z in (False, True):
            assert K.deal_payments(bool(made_in[b]), int(value[b]), bool(in_team[b]),
                                   int(team_size[b]), 4 - int(team_size[b]), z) == pays[z][b]


@pytest.mark.parametrize("options", [{}, {"undertrump": "allowed"},
                                     {"trump_while_able_to_follow": False,
                                      "jas_never_forced": False},
                                     {"overtrump_on_trump_lead": True, "rank_order": "klaverjas"}])
def test_a2_8_engine_legal_list_is_the_kernel_mask(options) -> None:
    """A2.8: at every card play of 400 random deals (a few thousand positions), the teaching engine's ``play`` actions
    are exactly the cards of the kernel's mask (computed here from the state's facts), and
    the batch built from that state gives the same mask."""
    from cardlab.bots import bot_for

    game = cardlab.load("pandoeren", **options)
    o = game.options
    tb = play_tables(o.rank_order)
    rules = play_rules(o)
    checked = 0
    for seed in range(400):
        state = game.deal(seed=seed, dealer=seed % 4)
        bot = bot_for("pandoeren", "random", seed=seed)
        while not state.is_over:
            if state.phase == "play":
                hand = state.hands[state.to_move]
                trick = [tb.card_index[p.card] for p in state.trick.plays]
                table = NO_TRUMPS if state.trump is None else FRENCH_SUITS.index(state.trump)
                leading, led, top = _facts(tb, trick, table)
                mask = K.legal_mask(tb, sum(1 << tb.card_index[c] for c in hand), leading,
                                    led, table, top, **rules)
                engine = [a.args[0] for a in state.legal_actions() if a.verb == "play"]
                assert engine == [c.code for c in hand if mask >> tb.card_index[c] & 1]
                if seed % 10 == 0:
                    assert int(PandoerenBatch.from_states([state]).legal()[0]) == mask
                checked += 1
            state = state.apply(bot.choose(state))
    assert checked > 2000


def test_a2_10_announcements_on_ints_equal_arrays() -> None:
    """A2.10.2 / A2.10.3 / P-A16 / P-A17: whether ``announce stuk`` and ``announce roem`` are
    legal, over 3000 seeded sets of facts, is the same on ints and on arrays."""
    tb, ta = _arrays()
    rng = np.random.default_rng(4)
    hands = np.array([h for h, _, _ in _positions(5, N)], dtype=np.uint64)
    tables = rng.integers(0, NO_TRUMPS + 1, N)
    counts, announced, held, decl, first, partner, public = rng.random((7, N)) < 0.5
    roem = rng.choice([0, 20, 50], N)
    for before_first in (False, True):
        stuk = K.announce_stuk_legal(ta, tables, hands, counts, announced, held, before_first)
        for b in range(N):
            assert K.announce_stuk_legal(tb, int(tables[b]), int(hands[b]), bool(counts[b]),
                                         bool(announced[b]), bool(held[b]),
                                         before_first) == stuk[b]
    said = K.announce_roem_legal(counts, announced, decl, first, partner, public, roem)
    for b in range(N):
        assert K.announce_roem_legal(bool(counts[b]), bool(announced[b]), bool(decl[b]),
                                     bool(first[b]), bool(partner[b]), bool(public[b]),
                                     int(roem[b])) == said[b]
