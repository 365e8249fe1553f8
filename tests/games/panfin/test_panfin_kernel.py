"""Panfin's kernel (B2.10, B2.11): the same functions on Python ints (one deal) and on numpy
arrays (a batch) give the same answers, and the teaching engine's legal list, its trick
winner and its settlement are the kernel's."""

from __future__ import annotations

import functools
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
from cardlab.sim.panfin.batch import tables_for

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

    # masks in the dtype of the tables the simulator hands the kernel (int64: 40 cards)
    mask_dtype = ta.bit.dtype
    hand = col(lambda h, p, due: h, mask_dtype)
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
        pair = np.zeros(len(rows), dtype=mask_dtype)
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


def _combination_hands(n: int, seed: int):
    """Seeded four-card hands, two in three drawn from one suit or one rank (with the
    jokers) so that every combination comes up often; with dominants (None too) and call
    positions."""
    from cardlab.cards import treviso_pack

    rng = random.Random(seed)
    pack = list(treviso_pack())
    jokers = [c for c in pack if c.code in ("FS", "FB")]
    out = []
    for i in range(n):
        if i % 3 == 0:
            s = rng.choice(SUITS)
            pool = [c for c in pack if c.suit == s] + jokers
        elif i % 3 == 1:
            r = rng.choice("ARCF765432")
            pool = [c for c in pack if c.rank == r] + jokers
        else:
            pool = pack
        hand = rng.sample(list(dict.fromkeys(pool)), 4)
        out.append((hand, rng.choice([None, *SUITS]), rng.randrange(6)))
    return out


@functools.cache
def _combination_pairs(n: int, seed: int):
    """Seeded pairs of hands of one deal (no card in both), with a dominant suit (None
    too) and two call positions; each hand drawn from what is left of the pack in one of
    five shapes (four of a rank; one rank with the jokers; one suit, or the dominant
    suit, with the jokers; any cards), the second hand in the first one's shape half the
    time, so that every two combinations meet often."""
    from cardlab.cards import treviso_pack

    rng = random.Random(seed)
    pack = list(treviso_pack())
    jokers = [x for x in pack if _is_joker(x)]
    plain = {"rank": {r: [x for x in pack if x.rank == r and not _is_joker(x)] for r in _LADDER},
             "suit": {s: [x for x in pack if x.suit == s and not _is_joker(x)] for s in SUITS}}
    shapes = ("naturali", "rank", "suit", "dominant", "any")
    out = []
    for _ in range(n):
        dom = rng.choice([None, *SUITS])
        taken: set = set()
        shape = rng.choice(shapes)
        pair = []
        for _ in range(2):
            rank, suit = rng.choice("ARC765432"), rng.choice(SUITS)  # the Fanti: two are jokers
            cards = (pack if shape == "any" else
                     plain["rank"][rank] if shape == "naturali" else
                     plain["rank"][rank] + jokers if shape == "rank" else
                     plain["suit"][dom or suit if shape == "dominant" else suit] + jokers)
            pool = [x for x in cards if x not in taken]
            if len(pool) < 4:
                pool = [x for x in pack if x not in taken]
            hand = rng.sample(pool, 4)
            pair.append(hand)
            taken.update(hand)
            shape = shape if rng.random() < 0.5 else rng.choice(shapes)
        pi, pj = rng.sample(range(6), 2)
        out.append((pair[0], pair[1], dom, pi, pj))
    return out


#: B2.2 a plain suit high to low (the reference below reads ranks from the spec, not the rules)
_LADDER = "ARCF765432"
#: B2.9 the combinations high to low in precedence
_PRECEDENCE = ("naturali", "simezi", "tronfi", "false")


def _is_joker(card) -> bool:
    """B2.1: the Vecia (fante of spade) and the Gobbo (fante of bastoni)."""
    return card.code in ("FS", "FB")


def _reference_kind(hand, dominant):
    """B2.9 as the spec's table states it, card by card: Naturali (four of a rank, no
    joker), Simezi (a rank completed by the jokers), Tronfi (four of the dominant suit,
    jokers wild), False (four of another suit), else None."""
    plain = [c for c in hand if not _is_joker(c)]
    if len({c.rank for c in plain}) == 1:
        return "simezi" if len(plain) < 4 else "naturali"
    if len({c.suit for c in plain}) == 1:
        return "tronfi" if plain[0].suit == dominant else "false"
    return None


def _reference_beats(a, b, options) -> bool:
    """B2.9 / F-A15 as the spec states them: whether combination ``a`` beats ``b``, each
    ``(kind, hand, call position)`` of two hands of one deal (no card in both): precedence
    first; Naturali by the higher rank; Simezi by the joker (the Vecia's first) then the
    rank, or the rank first (``tiebreak_simezi="rank"``); Tronfi by Vecia > Gobbo > none,
    then the highest cards one by one [S-PF]; False by call order, or as Tronfi
    (``tiebreak_false="tronfi_rule"``); still equal, the earlier call wins."""
    (kind, ha, pa), (other, hb, pb) = a, b
    if kind != other:
        return _PRECEDENCE.index(kind) < _PRECEDENCE.index(other)

    def joker(hand) -> int:  # the Vecia's hand above the Gobbo's above neither
        codes = {c.code for c in hand}
        return 2 if "FS" in codes else 1 if "FB" in codes else 0

    def ranks(hand) -> list[int]:  # the plain cards' strengths, the highest first
        return sorted((len(_LADDER) - _LADDER.index(c.rank) for c in hand if not _is_joker(c)),
                      reverse=True)

    by_cards = [(joker(ha), joker(hb)), (ranks(ha), ranks(hb))]
    steps = {"naturali": [(ranks(ha)[0], ranks(hb)[0])],
             "simezi": [(joker(ha), joker(hb)), (ranks(ha)[0], ranks(hb)[0])],
             "tronfi": by_cards,
             "false": by_cards if options.tiebreak_false == "tronfi_rule" else []}[kind]
    if kind == "simezi" and options.tiebreak_simezi == "rank":
        steps.reverse()
    for x, y in steps:
        if x != y:
            return x > y
    return pa < pb


@pytest.mark.parametrize("options", [{}, {"tiebreak_false": "tronfi_rule"},
                                     {"tiebreak_simezi": "rank"}])
def test_b2_9_combinations_ints_equal_arrays_and_rules(options) -> None:
    """B2.7 / B2.8 / B2.9 / F-A14 / F-A15: over thousands of seeded hands the kernel's
    :func:`kernel.hand_suit` and :func:`kernel.combination_kind` are the spec's four of a
    suit and combinations (stated card by card here), two combinations of one deal rank by
    :func:`kernel.combination_rank` as F-A15 says, :func:`kernel.stamp_liable` exempts the
    jokers, Tronfi and False; the rules' card-list words (``classify``,
    ``holds_one_suit``) say the same; and the same functions on arrays give the same
    answers."""
    from cardlab.games.panfin.rules import classify, holds_one_suit

    game = cardlab.load("panfin", **options)
    c, rules = kernel.combination_tables(), kernel.combination_rules(game.options)
    codes = {None: kernel.NO_COMBINATION, "false": kernel.FALSE, "tronfi": kernel.TRONFI,
             "simezi": kernel.SIMEZI, "naturali": kernel.NATURALI}
    rows = _combination_hands(6000, 11)
    masks = [card_mask(h) for h, _, _ in rows]
    doms = [-1 if d is None else SUITS.index(d) for _, d, _ in rows]
    want_kinds = [_reference_kind(h, dom) for h, dom, _ in rows]
    kinds, ranks, liable, suits = [], [], [], []
    for (hand, dom, pos), m, d, want in zip(rows, masks, doms, want_kinds):
        kinds.append(kernel.combination_kind(c, m, d))
        assert kinds[-1] == codes[want], hand
        combo = classify(hand, dom, pos)
        assert (combo and (combo.kind, combo.seat, combo.precedence)) == (
            want and (want, pos, codes[want])), hand
        plain_suits = {x.suit for x in hand if not _is_joker(x)}
        one = plain_suits.pop() if len(plain_suits) == 1 else None  # B2.7: jokers wild
        suits.append(kernel.hand_suit(c, m))
        assert suits[-1] == (-1 if one is None else SUITS.index(one))
        assert holds_one_suit(hand) == one
        liable.append(kernel.stamp_liable(c, m, d))
        assert liable[-1] == (not any(_is_joker(x) for x in hand)
                              and want not in ("tronfi", "false"))
        ranks.append(kernel.combination_rank(c, m, d, pos, rules))
        assert (ranks[-1] > 0) == (want is not None)
    seen = set(kinds)
    assert seen == set(codes.values())
    met: dict[str, int] = {}
    for hi, hj, dom, pi, pj in _combination_pairs(3000, 5):
        ki, kj = _reference_kind(hi, dom), _reference_kind(hj, dom)
        if ki is None or kj is None:
            continue
        if ki == kj:
            met[ki] = met.get(ki, 0) + 1
        d = -1 if dom is None else SUITS.index(dom)
        want = _reference_beats((ki, hi, pi), (kj, hj, pj), game.options)
        assert (kernel.combination_rank(c, card_mask(hi), d, pi, rules)
                > kernel.combination_rank(c, card_mask(hj), d, pj, rules)) == want, (hi, hj, dom)
    assert min(met.get(k, 0) for k in _PRECEDENCE) >= 100, met  # each kind's tie-break met
    arr, darr = np.array(masks, dtype=np.uint64), np.array(doms)
    parr = np.array([p for _, _, p in rows])
    assert np.asarray(kernel.combination_kind(c, arr, darr)).tolist() == kinds
    assert np.asarray(kernel.hand_suit(c, arr)).tolist() == suits
    assert np.asarray(kernel.stamp_liable(c, arr, darr)).tolist() == liable
    assert np.asarray(kernel.combination_rank(c, arr, darr, parr, rules)).tolist() == ranks


def test_b2_9_combination_words() -> None:
    """B2.9: the rules' :func:`~cardlab.games.panfin.rules.classify` names each kind of
    combination with its rank or suit (and the Simezi's jokers) and knows none in a hand
    of no combination or of other than four cards."""
    from cardlab.cards import Card
    from cardlab.games.panfin.rules import classify

    def words(codes: str, dominant):
        combo = classify([Card.parse(x) for x in codes.split()], dominant)
        return combo and combo.label

    assert words("7S 7B 7C 7D", "C") == "Naturali of sevens"
    assert words("RS RB FS RC", None) == "Simezi of re with the Vecia"
    assert words("FB FS 3C 3D", "D") == "Simezi of threes with the Gobbo and Vecia"
    assert words("FS AC 3C 2C", "C") == "Tronfi (four of the dominant suit, coppe)"
    assert words("FS AC 3C 2C", None) == "False (four of coppe)"
    assert words("AD 3C 2C 7C", "C") is None
    assert words("AC 3C 2C", "C") is None


def test_b2_3_b2_9_antes_and_dues_ints_equal_arrays() -> None:
    """B2.3 / F-A22: :func:`kernel.ante_due` puts 1 from everyone and the dealer's
    multiple into an empty pot, only the dealer's ``carryover_dealer_adds`` into a
    carried-over one; B2.9 / F-A13 / F-A14: :func:`kernel.combination_dues` charges the
    Naturali bonus to every other seat, the Simezi bonus to every other (active) seat and
    the Tronfi stamp of the pot to every other active (or every) liable seat; the same on
    ints and arrays over thousands of seeded cases."""
    rng = random.Random(8)
    cases = [(rng.randrange(6), rng.randrange(6), rng.choice([0, 0, 3, 7]), rng.choice([1, 2]),
              rng.choice([1, 2])) for _ in range(3000)]
    got = [kernel.ante_due(*case) for case in cases]
    assert got == [(m if s == d else 1) if pot == 0 else (a if s == d else 0)
                   for s, d, pot, m, a in cases]
    cols = [np.array(col) for col in zip(*cases)]
    assert np.asarray(kernel.ante_due(*cols)).tolist() == got
    # B2.7 / F-A9: a tengo exchanges at most max_exchange cards, and no more than the stock
    caps = [(rng.randrange(5), rng.randrange(8)) for _ in range(500)]
    limits = [kernel.exchange_limit(cap, stock) for cap, stock in caps]
    assert limits == [min(cap, stock) for cap, stock in caps]
    assert np.asarray(kernel.exchange_limit(*map(np.array, zip(*caps)))).tolist() == limits
    for options in ({}, {"simezi_bonus_payers": "active_only"},
                    {"tronfi_stamp_payers": "all_non_exempt"}):
        o = cardlab.load("panfin", **options).options
        rules = kernel.combination_rules(o)
        dues = [(rng.randrange(5), rng.randrange(4), rng.randrange(4), rng.random() < 0.7,
                 rng.random() < 0.5, rng.randrange(12)) for _ in range(3000)]
        scalar = [kernel.combination_dues(*case, rules) for case in dues]
        for (kind, seat, winner, active, liable, pot), (bonus, stamp) in zip(dues, scalar):
            other = seat != winner
            assert bonus == (o.naturali_bonus if other and kind == kernel.NATURALI else
                             o.simezi_bonus if other and kind == kernel.SIMEZI and (
                                 active or rules.simezi_all_pay) else 0)
            assert stamp == (pot if other and kind == kernel.TRONFI and liable and (
                active or rules.stamp_all_pay) else 0)
        cols = [np.array(col) for col in zip(*dues)]
        bonus, stamp = kernel.combination_dues(*cols, rules)
        assert np.asarray(bonus).tolist() == [b for b, _ in scalar]
        assert np.asarray(stamp).tolist() == [s for _, s in scalar]
