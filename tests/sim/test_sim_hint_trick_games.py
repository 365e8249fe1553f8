"""cardlab.sim.hint for Pandoeren's play and Panfin's trick phase: a legal action, layouts
that use only what the mover may know, and the obvious card in constructed positions."""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
import cardlab.sim
from cardlab.bots import bot_for
from cardlab.cards import Card
from cardlab.engine.rng import SplitMix64
from cardlab.sim.bits import popcount
from cardlab.sim.pandoeren import batch as pd
from cardlab.sim.pandoeren.sampling import pandoeren_batch
from cardlab.sim.panfin.sampling import panfin_batch

#: opening calls reaching several kinds of contract (the others then pass)
CALLS = [["bid 130"], ["bid misere"], ["bid kereltje"], ["bid piccolo"], ["bid zwabber"],
         ["bid 130", "bid 140"], ["bid praatje"], ["bid misere_ouvert"], ["bid pandoer"]]


def _advance(state, k, seed):
    rng = SplitMix64(seed)
    for _ in range(k):
        if state.is_over:
            return state
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _pandoeren_states(game, seeds):
    out = []
    for s in seeds:
        st = _advance(pd.scalar_start(game, s, CALLS[s % len(CALLS)], dealer=s % 4), s % 9, s)
        if not st.is_over:
            out.append(st)
    return out


def _panfin_states(game, seeds):
    out = []
    for s in seeds:
        st = game.deal(seed=s, dealer=s % game.players)
        bot = bot_for("panfin", "heuristic", seed=s)
        while not st.is_over and st.phase != "play":
            st = st.apply(bot.choose(st))
        st = _advance(st, s % 5, s) if st.phase == "play" else st
        if st.phase == "play":
            out.append(st)
    return out


@pytest.mark.parametrize("options", [{}, {"roem_announce": "manual"},
                                     {"preset": "butselaar"},
                                     {"scoring": "zero_sum_per_opponent",
                                      "kereltje_own_jas": "play_alone"}])
def test_a2_8_pandoeren_hint_gives_a_legal_action(options) -> None:
    """A2.8 / A2.10: mid-play positions of several contracts and option sets: the hint is
    one of the legal actions (announcements included) and every legal action is valued."""
    game = cardlab.load("pandoeren", **options)
    states = _pandoeren_states(game, range(20, 40))[:10]
    assert len(states) >= 6
    for i, st in enumerate(states):
        h = cardlab.sim.hint(st, n=30, seed=i)
        legal = [str(a) for a in st.legal_actions()]
        assert h["best"] in legal and list(h["values"]) == legal and list(h["stderr"]) == legal
        assert h["seat"] == st.to_move


@pytest.mark.parametrize("options", [{}, {"players": 6}, {"players": 3},
                                     {"both_jokers_lead": "consecutive_forced",
                                      "must_trump_when_void": False}])
def test_b2_10_panfin_hint_gives_a_legal_play(options) -> None:
    """B2.10: mid-trick-phase positions: the hint is a legal play (one card or two)."""
    game = cardlab.load("panfin", **options)
    states = _panfin_states(game, range(40))[:8]
    assert len(states) >= 4
    for i, st in enumerate(states):
        h = cardlab.sim.hint(st, n=30, seed=i)
        legal = [str(a) for a in st.legal_actions()]
        assert h["best"] in legal and list(h["values"]) == legal


def _bits(game, cards):
    return sum(1 << game.deck.index(c) for c in cards)


def test_a2_8_pandoeren_layouts_keep_what_the_mover_knows() -> None:
    """A2.4 / A2.7.3 / A2.8: every layout keeps the mover's and open hands, hand sizes,
    shown voids (a discard of another plain suit: trumping shows nothing, P-A12); the kijkkaart is in the declarer's hand or her discard; the called card
    is in a non-declarer's hand, and that seat is the layout's partner."""
    game = cardlab.load("pandoeren")
    checked_call = 0
    for st in _pandoeren_states(game, range(40, 70)):
        me, d = st.to_move, st.declarer
        batch = pandoeren_batch(st, 80, 3)
        hands = batch.hands
        for s in range(4):
            assert (popcount(hands[:, s]) == len(st.hands[s])).all()
            if s == me or s in st.exposed:
                assert (hands[:, s] == np.uint64(_bits(game, st.hands[s]))).all()
        allc = np.bitwise_or.reduce(hands, axis=1)
        assert (popcount(allc) == sum(len(h) for h in st.hands)).all()  # no card twice
        for t in [*st.tricks, st.trick]:
            for p in t.plays[1:]:
                if p.card.suit not in (t.plays[0].card.suit, st.trump) and p.seat != me:
                    suit = [c for c in game.deck if c.suit == t.plays[0].card.suit
                            and c != (Card("J", st.trump) if st.trump else None)]
                    assert not (hands[:, p.seat] & np.uint64(_bits(game, suit))).any()
        kk = np.uint64(_bits(game, [st.kijkkaart]))
        others = [s for s in range(4) if s != d]
        assert not (hands[:, others] & kk).any()
        if st.called is not None and not st.partner_public and me != d:
            checked_call += 1
            cc = np.uint64(_bits(game, [st.called]))
            holder = np.argmax((hands & cc) != 0, axis=1)
            assert not (hands[:, d] & cc).any()
            assert (batch.partner == holder).all()
    assert checked_call >= 2


def _swap_pandoeren(st):
    """The same deal with two unplayed plain cards of one suit exchanged between two hands
    the mover cannot see, the public history replayed; None if that is not possible."""
    game, me = st.game, st.to_move
    hidden = [s for s in range(4) if s != me and s not in st.exposed]
    special = {st.kijkkaart, st.called, st.discarded}
    if st.trump:
        special |= {Card(r, st.trump) for r in "JKQ"}
    for a in hidden:
        for b in hidden:
            if a >= b:
                continue
            for x in st.hands[a]:
                for y in st.hands[b]:
                    if x.suit != y.suit or x.suit == st.trump or {x, y} & special:
                        continue
                    swap = {x: y, y: x}
                    hands = [" ".join(swap.get(c, c).code for c in h) for h in st.dealt_hands]
                    other = game.deal(hands=hands, kijkkaart=st.kijkkaart.code,
                                      dealer=st.dealer)
                    try:
                        for act in st.history:
                            other = other.apply(act)
                    except ValueError:
                        continue
                    if other.view(me) == st.view(me):
                        return other
    return None


def test_a2_7_pandoeren_hint_ignores_the_real_hidden_cards() -> None:
    """A2.7.3 / A2.10: two positions that differ only in cards the mover cannot see (so
    their views for the mover are equal) get the same hint for the same seed: values and
    all."""
    game = cardlab.load("pandoeren")
    pairs = 0
    for st in _pandoeren_states(game, range(100, 130)):
        other = _swap_pandoeren(st)
        if other is None:
            continue
        assert other.hands != st.hands
        assert cardlab.sim.hint(st, n=40, seed=7) == cardlab.sim.hint(other, n=40, seed=7)
        pairs += 1
    assert pairs >= 5


def _swap_panfin(st):
    """The same deal with a card of a hidden hand (held since the deal, unplayed)
    exchanged with a card still in the stock, history replayed; None if not possible."""
    game, me = st.game, st.to_move
    setup = dict(st.setup)
    dealt = [game.deck.parse_many(h) for h in setup["hands"]]
    for s in range(game.players):
        if s == me:
            continue
        for x in st.hands[s]:
            if x not in dealt[s] or x.rank == "F":
                continue
            for y in st.stock:
                if y.suit != x.suit or y.rank == "F":
                    continue
                hands = [" ".join((y if c == x else c).code for c in h) for h in dealt]
                stock = " ".join((x if c == y else c).code
                                 for c in game.deck.parse_many(setup["stock"]))
                other = game.deal(**{**setup, "hands": hands, "stock": stock})
                try:
                    for act in st.history:
                        other = other.apply(act)
                except ValueError:
                    continue
                if other.phase == "play" and other.view(me) == st.view(me):
                    return other
    return None


def test_b2_10_panfin_hint_ignores_the_real_hidden_cards() -> None:
    """B2.7 / B2.10: a position whose hidden hand holds another card (swapped with the
    stock; the mover's view is equal) gets the same hint for the same seed."""
    game = cardlab.load("panfin")
    pairs = 0
    for st in _panfin_states(game, range(60)):
        other = _swap_panfin(st)
        if other is None:
            continue
        assert other.hands != st.hands
        assert cardlab.sim.hint(st, n=40, seed=3) == cardlab.sim.hint(other, n=40, seed=3)
        assert (panfin_batch(st, 20, 1).hands == panfin_batch(other, 20, 1).hands).all()
        pairs += 1
    assert pairs >= 5


def test_a2_6_pandoeren_hint_ducks_in_misere() -> None:
    """A2.6 / A2.8: N plays Misère (hearts trumps, N holds none); E leads the 10S, S and W
    follow low; N holds the AS and the 7S. The AS takes the trick and loses the Misère at
    once, whatever the layout; the 7S keeps it alive, so the hint plays the 7S."""
    game = cardlab.load("pandoeren")
    hands = ["AS 7S 7C 8C 9C 7D 8D 9D", "10S AC KC AD KD QD AH KH",
             "9S QC JC JD 10D QH JH 10H", "8S KS QS JS 10C 9H 8H 7H"]
    st = game.deal(hands=hands, kijkkaart="6H", dealer=3)
    for act in ("bid misere", "pass", "pass", "pass", "discard 6H", "trump H",
                "play 7C", "play AC", "play QC", "play 10C", "play 10S", "play 9S", "play 8S"):
        st = st.apply(act)
    assert st.to_move == 0 and [str(a) for a in st.legal_actions()] == ["play AS", "play 7S"]
    h = cardlab.sim.hint(st, n=100, seed=3)
    assert h["best"] == "play 7S"
    lost = st.apply("play AS").result.seat_points[0]
    assert lost < 0 and h["values"]["play AS"] == lost and h["stderr"]["play AS"] == 0.0


def test_b2_11_panfin_hint_keeps_the_vecia_for_the_last_trick() -> None:
    """B2.10.3 / B2.11: P1 plays last to trick 3, void in clubs with the Vecia and the 2D
    (diamonds dominant): both trumps take the trick. Keeping the Vecia takes trick 4 as
    well — two piatti, the most, and the pot; keeping the 2D lets any trump beat it, so
    the hint trumps with the 2D."""
    game = cardlab.load("panfin")
    hands = ["5S 5B 6C 2C", "FS 2D 3S 3B", "4S 7B 4C AD", "6S 4B 5C 7C"]
    used = {c for h in hands for c in game.deck.parse_many(h)} | {game.deck.parse("5D")}
    stock = " ".join(c.code for c in game.deck if c not in used)
    st = game.deal(dealer=0, hands=hands, turnup="5D", stock=stock)
    while st.phase == "declare":
        st = st.apply("tengo")
    st = st.apply("swap 5D")
    for act in ("play 3S", "play 4S", "play 6S", "play 5S", "play 4B", "play 5B", "play 3B",
                "play 7B", "play 4C", "play 5C", "play 6C"):
        st = st.apply(act)
    assert st.to_move == 1 and [str(a) for a in st.legal_actions()] == ["play FS", "play 2D"]
    h = cardlab.sim.hint(st, n=100, seed=2)
    assert h["best"] == "play 2D"
    assert h["values"]["play 2D"] > h["values"]["play FS"]
