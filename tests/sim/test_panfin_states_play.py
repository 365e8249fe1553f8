"""Whole Panfin states sampled in the trick phase from what the seat to move can see
(:func:`cardlab.sim.panfin.sampling.sample_states`, there
:func:`cardlab.sim.panfin.states.trick_states`): at every card play of bot-played deals, each
sample is a real deal replayed through the engine to the same moment — every card played
legal for the seat that played it (B2.10.3, B2.10.4, F-A17-F-A19), no combination when the
declarations ended (B2.9) — that shows the seat exactly what it saw: its hand, its discards,
the cut, the turn-up, the declarations and every trick; while the other hands, their
discards, the dealer's swap and the stock are dealt at random, and nothing the seat cannot
see changes the samples."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support import replay, twins

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.sim.panfin.sampling import PHASES, sample_states
from cardlab.sim.simulator import simulator_for

#: option sets whose play shows other things: more and fewer seats, the jokers led one after
#: the other (B2.10.3), no duty to trump or overtrump and beating the led card (F-A17,
#: F-A18), the Gobbo turned up with the next card (F-A6), a smaller exchange (B2.7)
VARIANTS: list[tuple[dict[str, Any], int]] = [
    ({}, 40),
    ({"players": 6}, 12),
    ({"players": 3}, 12),
    ({"players": 2}, 12),
    ({"both_jokers_lead": "consecutive_forced"}, 16),
    ({"must_trump_when_void": False, "must_overtrump": False}, 12),
    ({"beat_reference": "led_card"}, 12),
    ({"turnup_gobbo": "turn_next_card", "players": 5, "max_exchange": 2}, 12),
]


def _deal_moments(game: Any, seed: int) -> Iterator[Any]:
    """Every card play of a deal played by the heuristic bots (seat ``i``'s seeded by the
    deal's seed)."""
    s = game.deal(seed=seed, dealer=seed % game.players)
    bots = [bot_for("panfin", "heuristic", seed=seed * 10 + i) for i in range(game.players)]
    while not s.is_over:
        if s.phase == "play":
            yield s
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)


def _moments() -> Iterator[Any]:
    for opts, deals in VARIANTS:
        game = cardlab.load("panfin", **opts)
        for seed in range(deals):
            yield from _deal_moments(game, seed)


def _other_hands(s: Any) -> tuple[Any, ...]:
    return tuple(h for seat, h in enumerate(s.hands) if seat != s.to_move)


def test_a_sample_replays_to_the_same_moment_and_shows_what_the_seat_saw():
    """At about a thousand card plays, each sampled state is a deal that replays from its
    setup through the engine to the same moment (the same plays, the same declarations with
    the others' discards the sampled ones), with the seat's hand, discards, view and legal
    plays unchanged and everything public equal; the other hands vary across samples."""
    moments = varied = 0
    options = set()
    for s in _moments():
        me = s.to_move
        seats = [u.to_move for u in s.states()[:-1]]  # who took each action
        sampled = sample_states(s, 3, seed=len(s.history))
        assert len(sampled) == 3
        for t in sampled:
            where = (s.game.options, s.deal_string(), [str(a) for a in s.history])
            again = replay(t.game, t.setup, t.history)  # legal from the deal on, once more
            assert again is not None and again.hands == t.hands, where
            assert t.phase == "play" and t.to_move == me, where
            assert t.view(me) == s.view(me), where
            assert t.legal_actions() == s.legal_actions(), where
            assert t.hands[me] == s.hands[me] and t.setup["hands"][me] == s.setup["hands"][me]
            assert [c for w, c in t.discards if w == me] == [c for w, c in s.discards if w == me]
            assert (t.tricks_, t.trick_, t.piatti) == (s.tricks_, s.trick_, s.piatti)
            assert (t.cut, t.turnup, t.dominant, t.folded, t.calls, t.pot, t.stacks) == (
                s.cut, s.turnup, s.dominant, s.folded, s.calls, s.pot, s.stacks)
            assert [len(h) for h in t.hands] == [len(h) for h in s.hands]
            assert len(t.history) == len(s.history)
            for a, b, seat in zip(s.history, t.history, seats, strict=True):
                if seat != me and a.verb in ("tengo", "swap"):
                    # another seat's discards: how many is public, which is not
                    assert a.verb == b.verb and len(a.args) == len(b.args), where
                else:
                    assert a == b, where
        if len({_other_hands(t) for t in sampled}) > 1:
            varied += 1
        moments += 1
        options.add(s.game.options)
    assert moments > 900 and len(options) == len(VARIANTS)
    assert varied > 0.9 * moments
    assert "play" in PHASES


def test_the_dealers_turn_up_stays_hers():
    """B2.10.1: the turned-up card the dealer took is hers in every sample another seat draws
    (in her hand, among her plays or her discard at the swap)."""
    swaps = 0
    for opts, deals in VARIANTS[:2]:
        game = cardlab.load("panfin", **opts)
        for seed in range(deals):
            for s in _deal_moments(game, seed):
                for t in sample_states(s, 2, seed=seed):
                    d = t.dealer
                    if not t.swapped or d == s.to_move:
                        continue
                    swaps += 1
                    played = {c for trick in (*(p for _, p, _ in t.tricks_), t.trick_)
                              for w, cards in trick if w == d for c in cards}
                    assert t.turnup[-1] in set(t.hands[d]) | played | {c for w, c in t.discards
                                                                       if w == d}
    assert swaps > 200


def test_the_gobbo_kept_at_the_cut_stays_with_the_cutter():
    """B2.5: a Gobbo shown at the cut and kept was dealt to the cutter: in every sample of
    every card play of such deals (the first dozen seeds whose cut shows it), it is in the
    cutter's hand as dealt, and never drawn by another seat."""
    game = cardlab.load("panfin")
    deals = moments = 0
    for seed in range(2000):
        if deals == 12:
            break
        s = game.deal(seed=seed, dealer=seed % game.players)
        if not s.cut or s.cut[0].code != "FB":
            continue
        deals += 1
        for m in _deal_moments(game, seed):
            if m.to_move == m.cutter:
                continue
            moments += 1
            for t in sample_states(m, 3, seed=seed):
                assert "FB" in t.setup["hands"][t.cutter].split()
                assert game.card("FB") not in [c for w, c in t.discards if w != t.cutter]
    assert deals == 12 and moments > 20


def test_the_play_shows_voids_and_missing_trumps():
    """B2.10.3 / F-A17 / F-A18 on a stacked deal (denari dominant): P1 leads the 3 of coppe,
    P2 answers the 2 (so it holds no coppe that beats the 3), P3 trumps with the 4 of denari
    and P4, the dealer who discarded the turned-up 6 of denari at the swap, trumps under it
    with the 2 (so she holds no coppe and no trump above the 4: not the jokers, and the 6 of
    denari is her discard, not in her hand). P3, to lead, sees all of it in every sample."""
    game = cardlab.load("panfin")
    s = game.deal(hands=["3C 5B 2S 7S", "2C 6B 4S AB", "4D 6S 3B RB", "2D 5S 7B CB"],
                  turnup="6D", dealer=3)
    for act in ("tengo", "tengo", "tengo", "tengo", "swap 6D", "play 3C", "play 2C",
                "play 4D", "play 2D"):
        s = s.apply(act)
    assert s.phase == "play" and s.to_move == 2
    order = s.card_order()
    above_3c = {c for c in game.deck if order.effective_suit(c) == "C"
                and order.key(c, "C") > order.key(game.card("3C"), "C")}
    trumps_above_4d = {c for c in game.deck if order.is_trump(c)
                       and order.key(c, "C") > order.key(game.card("4D"), "C")}
    assert {"FS", "FB", "6D", "AD"} <= {c.code for c in trumps_above_4d}
    sampled = sample_states(s, 30, seed=3)
    for t in sampled:
        assert t.view(2) == s.view(2)
        assert not above_3c & set(t.hands[1])
        assert not trumps_above_4d & set(t.hands[3])
        assert not {c for c in t.hands[3] if order.effective_suit(c) == "C"}
        assert (3, game.card("6D")) in t.discards
    # the samples are not one deal: the constraints leave the rest at random
    assert len({t.hands for t in sampled}) > 20
    assert {c for t in sampled for c in t.hands[3]} - set(s.hands[3])


def test_hidden_stays_hidden():
    """Two deals that differ only in cards the seat to move cannot see, at the same moment
    (twins: two such cards swapped in the deal, the same actions replayed), give the same
    samples for the same seed."""
    rng = SplitMix64(7)
    compared = 0
    for k, s in enumerate(_moments()):
        if k % 9:
            continue
        me = s.to_move
        want = [t.deal_string() for t in sample_states(s, 3, seed=5)]
        for twin in twins(s, me, rng, count=2):
            assert twin.view(me) == s.view(me)
            assert [t.deal_string() for t in sample_states(twin, 3, seed=5)] == want
            compared += 1
    assert compared > 100


def test_a_seed_reproduces_its_samples():
    """The same seed gives the same deals; another seed other deals."""
    game = cardlab.load("panfin")
    s = next(m for m in _deal_moments(game, 1) if m.trick_)
    first = [t.deal_string() for t in sample_states(s, 6, seed=11)]
    assert first == [t.deal_string() for t in sample_states(s, 6, seed=11)]
    assert first != [t.deal_string() for t in sample_states(s, 6, seed=12)]


def test_no_deal_found_is_a_clear_error_not_a_hang(monkeypatch):
    """When no layout passes (forced here: every layout refused), the sampler gives up after
    its bounded rounds with a ValueError naming the reason; a finished deal is refused."""
    from cardlab.sim.panfin import states

    game = cardlab.load("panfin")
    s = next(m for m in _deal_moments(game, 1) if m.trick_)
    monkeypatch.setattr(states._Hidden, "accept", lambda self, row: False)
    with pytest.raises(ValueError, match="no deal fits"):
        sample_states(s, 2, seed=0)
    monkeypatch.undo()
    end = s
    bot = bot_for("panfin", "heuristic", seed=0)
    while not end.is_over:
        end = end.apply(bot.choose(end))
    with pytest.raises(ValueError):
        sample_states(end, 2, seed=0)
    assert sample_states(s, 0, seed=0) == []


def test_the_coach_plays_out_card_plays_on_sampled_deals():
    """The coach's play-outs (``Simulator.sample_states``, as benchmarks/coach_bench.py's
    ``against_play`` asks it): at a card play, two whole deals, each option applied and the
    deal played to its end by the bots, with a result for the seat to move."""
    game = cardlab.load("panfin")
    s = next(m for m in _deal_moments(game, 2) if len(m.legal_actions()) > 1)
    sim = simulator_for(game)
    assert sim.sample_states is not None
    states = sim.sample_states(s, 2, 7)
    assert len(states) == 2
    for option in s.legal_actions():
        for i, t in enumerate(states):
            u = t.apply(option)
            bots = [bot_for("panfin", "heuristic", seed=i * 10 + k) for k in range(4)]
            while not u.is_over:
                u = u.apply(bots[u.to_move].choose(u), seat=u.to_move)
            assert u.result is not None and s.to_move is not None
            assert isinstance(u.result.seat_points[s.to_move], (int, float))
