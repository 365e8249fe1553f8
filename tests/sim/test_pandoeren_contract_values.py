"""Pandoeren's auction taught at the table (issue #29, item 4): every contract of the auction
gets a value (:mod:`cardlab.sim.pandoeren.contracts`), the bidder's points if that call
stood and the deal were played out, on the same layouts for every call, from what the bidder
can see only (A2.5 the auction, A2.7 the declarer's choices, A2.11 the scoring)."""

from __future__ import annotations

import numpy as np
import pytest
from support import twins

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.sim.advice import advise, look_back, t95, valued_options
from cardlab.sim.pandoeren.contracts import contract_values


@pytest.fixture(scope="module")
def game():
    return cardlab.load("pandoeren")


def _bids(state):
    return [str(a) for a in state.legal_actions() if str(a).startswith("bid ")]


def test_a2_5_every_contract_of_the_auction_is_valued_on_the_same_layouts(game):
    """A2.5/A4.2: each bid on the ladder gets a bar, each with one value per layout; the calls
    are paired: a call's values do not depend on which other calls are asked, and contracts
    that play alike and differ only in game points (Misère, Misère ouvert, Stil praatje) are
    the same results layout by layout, scaled by their points."""
    state = game.deal(seed=7, dealer=3).apply("bid 120")  # E to move, above a bid
    kind, calls = valued_options(state)
    assert kind == "call" and calls == _bids(state) and len(calls) > 30
    advice = advise(state, n=8, seed=2)
    # passing is valued beside the contracts (the others bid on): every legal call has a bar
    assert advice is not None and advice.kind == "call"
    assert set(advice.values) == set(calls) | {"pass"}
    assert advice.samples is not None
    assert all(len(advice.samples[c]) == advice.n == 8 for c in [*calls, "pass"])
    varied = max(calls, key=lambda c: float(advice.samples[c].std()))  # made on some layouts
    assert advice.samples[varied].std() > 0
    alone = contract_values(state, [varied], 8, 2)
    assert alone is not None
    np.testing.assert_array_equal(alone[varied], advice.samples[varied])
    points = {r["call"]: r["value"] for r in game.bid_ladder()}
    misere = advice.samples["bid misere"] / points["misere"]
    assert set(np.abs(misere)) == {1.0}  # made or lost, on each layout
    for call in ("misere_ouvert", "stil_praatje"):
        np.testing.assert_array_equal(advice.samples[f"bid {call}"] / points[call], misere)


def test_a2_5_hidden_cards_stay_hidden_twin_deals_get_identical_values(game):
    """Twin deals that differ only in cards the bidder cannot see (two of the other hands'
    cards swapped) get the same values: the layouts are drawn from her hand and the
    kijkkaart, never from the real hands."""
    state = game.deal(seed=11, dealer=2)
    mine = advise(state, n=6, seed=5)
    assert mine is not None
    found = twins(state, state.to_move, SplitMix64(3), count=3)
    assert found
    for twin in found:
        assert twin.hands != state.hands
        other = advise(twin, n=6, seed=5)
        assert other is not None and other.values == mine.values


def test_a2_5_passing_last_after_three_passes_is_worth_nothing_on_every_layout(game):
    """A2.5 / P-A3: when the three others have passed, a fourth pass annuls the deal and
    nobody scores, so passing is worth exactly 0 on every layout, while the contracts,
    played out, are not (each is made or lost on some layout)."""
    state = game.deal(seed=3, dealer=3)
    for _ in range(3):
        state = state.apply("pass")
    advice = advise(state, n=6, seed=1)
    assert advice is not None and advice.samples is not None
    np.testing.assert_array_equal(advice.samples["pass"], np.zeros(6))
    assert any(advice.samples[c].any() for c in advice.values if c != "pass")


def test_a2_11_a_passer_is_paid_only_as_the_scoring_pays_her(game):
    """A2.5 / A2.11 / P-A19: passing is valued on the contracts' own layouts (paired) by the
    others bidding on and the winner's contract played out, in the passer's own points. Under
    the default plus-minus scoring a defender is paid nothing, so a pass is worth 0 on every
    layout where she is not the declarer's partner and her side's points where she is; under
    zero-sum scoring every defender pays or collects, so some layouts are worth points. The
    same seed gives the same values (the hint's rounds are reproducible)."""
    state = game.deal(seed=7, dealer=3)  # N speaks first: three seats bid after a pass
    advice = advise(state, n=8, seed=2)
    again = advise(state, n=8, seed=2)
    assert advice is not None and again is not None and advice.samples is not None
    np.testing.assert_array_equal(advice.samples["pass"], again.samples["pass"])
    assert len(advice.samples["pass"]) == len(advice.samples["bid 120"]) == 8
    zero_sum = cardlab.load("pandoeren", scoring="zero_sum_per_opponent")
    paid = advise(zero_sum.deal(seed=7, dealer=3), n=8, seed=2)
    assert paid is not None and paid.samples is not None
    assert paid.samples["pass"].any()  # a defender's payments count


def _stacked(game, mine, kijk):
    """A deal with N to bid first (dealer W) holding ``mine``; the rest dealt in pack order."""
    rest = [c.code for c in game.deck if c.code not in set(mine) | {kijk}]
    return game.deal(hands=[mine, rest[:8], rest[8:16], rest[16:24]], kijkkaart=kijk,
                     dealer=3)


def test_a2_11_a_strong_trump_hand_values_a_number_bid_above_misere(game):
    """A2.11: with six top hearts and two side aces, a number bid is worth clearly more than
    a Misère (which must lose every trick) and than passing, and a low hand the other way
    round."""
    strong = _stacked(game, ["JH", "9H", "AH", "KH", "QH", "10H", "AS", "AC"], "8H")
    _clearly_above(advise(strong, n=16, seed=1), "bid 150", "bid misere")
    weak = _stacked(game, ["7S", "8S", "7C", "8C", "7D", "8D", "6H", "7H"], "9D")
    _clearly_above(advise(weak, n=16, seed=1), "bid misere", "bid 150")
    # and against passing (A2.5): the strong hand should bid, the weak one pass rather
    # than bid a number
    _clearly_above(advise(strong, n=16, seed=1), "bid 150", "pass")
    _clearly_above(advise(weak, n=16, seed=1), "pass", "bid 150")


def _clearly_above(advice, high, low):
    """``high`` beats ``low`` on the same layouts beyond the 95% interval of the paired
    differences (Student's t)."""
    assert advice is not None and advice.samples is not None
    d = advice.samples[high] - advice.samples[low]
    assert d.mean() - t95(len(d) - 1) * d.std(ddof=1) / np.sqrt(len(d)) > 0, (high, low, d)


def _deal_with_a_bid(game):
    """A heuristic-bot deal in which N bids, as a line of states."""
    bots = [bot_for("pandoeren", "heuristic", seed=s) for s in range(4)]
    for seed in range(40):
        s = game.deal(seed=seed, dealer=3)
        line = [s]
        while not s.is_over:
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
            line.append(s)
        if any(str(a).startswith("bid") for a in line[1].history[:1]):
            return line
    raise AssertionError("no deal in 40 where N bids first")


def test_a2_5_the_look_back_values_an_auction_decision(game):
    """The look back marks N's first call with the same values a hint there gives."""
    line = _deal_with_a_bid(game)
    look = look_back(line, [0], n=6, seed=0)
    first = next(d for d in look.decisions if d.index == 0)
    assert first.advice.kind == "call" and first.chosen in first.advice.values
    hint = advise(line[0], n=6, seed=0, include=[first.chosen])
    assert hint is not None and first.advice.values == hint.values


def test_a2_5_the_expert_plays_a_whole_deal_with_legal_calls(game):
    """The expert values Pandoeren's auction now: its first call comes from the call values,
    and it plays a whole deal (every action checked legal by the engine)."""
    bots = [bot_for("pandoeren", "expert", seed=s) for s in range(4)]
    for bot in bots:
        bot.samples.update(call=6, play=4, choice=4)
    state = game.deal(seed=3, dealer=3)
    advice = bots[state.to_move].advice(state)
    assert advice is not None and advice.kind == "call"
    while not state.is_over:
        bot = bots[state.to_move]
        action = bot.choose(state)
        assert str(action) in {str(a) for a in state.legal_actions()}
        state = state.apply(action, seat=state.to_move)
    assert state.result is not None
