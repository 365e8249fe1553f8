"""The coach values Five Hundred's card plays with the open-hands solver on sampled layouts
(:mod:`cardlab.sim.five_hundred.open_hands`) where it serves, and says so.

* On the true layout, the values are the solver's own (:func:`cardlab.solve.values`), in the
  hint's measure: the mover's side's points minus the other side's.
* Every layout keeps the seat's own hand and the cards it has seen: the values do not
  depend on where the hidden cards really are (two deals that differ only there get the
  same advice; the twins test of ``test_advice.py`` covers every game).
* The forms it does not serve (three and five players, the ghost partners) keep the rollouts.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import twins

import cardlab
import cardlab.solve
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.sim.advice import advise
from cardlab.sim.five_hundred import open_hands
from cardlab.solve.five_hundred import FiveHundredAdapter


def _played(game: cardlab.Game, seed: int, plays: int) -> cardlab.State | None:
    """A bot-played deal ``plays`` cards into its play, with two or more legal cards."""
    s = game.deal(seed=seed, dealer=seed % game.players)
    bots = [bot_for(game.name, "heuristic", seed=i) for i in range(game.players)]
    done = 0
    while not s.is_over:
        if s.phase == "play":
            if done >= plays and len(s.legal_actions()) > 1:
                return s
            done += 1
        s = s.apply(bots[s.to_move].choose(s))
    return None


@pytest.mark.parametrize("plays", [12, 24, 32])
def test_on_the_true_layout_the_values_are_the_solvers(monkeypatch: pytest.MonkeyPatch,
                                                       plays: int) -> None:
    """Each card's value on the true layout is the deal's end under a perfect line after it
    (``cardlab.solve.line``, played on the engine): the side's points less the other's."""
    game = cardlab.load("five_hundred")
    checked = 0
    for seed in range(1, 30):
        s = _played(game, seed, plays)
        if s is None:
            continue
        truth = np.array([FiveHundredAdapter(s).root(s).hands], dtype=np.uint64)
        monkeypatch.setattr(open_hands, "sample_layouts",
                            lambda state, n, seed, t=truth: np.repeat(t, n, axis=0))
        legal = [str(a) for a in s.legal_actions()]
        got = open_hands.open_hands_values(s, legal, 2, 0)
        assert got is not None
        side = next(n for n, seats in game.sides.items() if s.to_move in seats)
        other = next(n for n in game.sides if n != side)
        for a, v in zip(legal, got):
            end = s.apply(a)
            for step in cardlab.solve.line(end, budget=10**7) if not end.is_over else []:
                end = end.apply(step)
            assert end.result is not None
            want = end.result.points[side] - end.result.points[other]
            assert list(v) == [want, want], (seed, a)
        checked += 1
    assert checked >= 10


def test_the_hint_says_how_it_valued_the_layouts() -> None:
    for players, opts, method in ((4, {}, "open hands"), (3, {}, "rollouts"),
                                  (5, {}, "rollouts")):
        game = cardlab.load("five_hundred", players=players, **opts)
        s = next(x for x in (_played(game, seed, 12) for seed in range(1, 30)) if x)
        advice = advise(s, n=12, seed=0)
        assert advice is not None and advice.method == method, players
        assert all(len(v) == advice.n for v in (advice.samples or {}).values())


def test_every_layout_asked_is_valued_late_in_the_deal() -> None:
    game = cardlab.load("five_hundred")
    s = _played(game, 4, 28)
    assert s is not None
    advice = advise(s, n=40, seed=2)
    assert advice is not None and advice.method == "open hands" and advice.n == 40


# -- the bids ---------------------------------------------------------------------------
def test_a_misere_holding_the_joker_is_not_advised() -> None:
    """The first hint of 00_start_here (seed 7): A♠ Q♣ J♣ 6♣ Q♦ J♦ 8♦ 5♥ 4♥ and the joker.
    With the joker a misère must throw it when void in the suit led (J3), and an open
    defence sees to that: open misère is valued below nothing and never advised."""
    game = cardlab.load("five_hundred")
    state = game.deal(seed=7, dealer=3)
    assert {c.code for c in state.hands[state.to_move]} >= {"JK", "AS"}
    first = advise(state, n=8, seed=0)  # the first bars: few layouts, nothing named best yet
    assert first is not None and first.method == "open hands" and first.kind == "call"
    assert first.values["bid open_misere"] < 0
    assert first.clear_best not in ("bid open_misere", "bid misere")
    advice = advise(state, n=24, seed=0)
    assert advice is not None and advice.values["bid open_misere"] < 0
    assert advice.clear_best not in ("bid open_misere", "bid misere")
    assert "bid open_misere" not in advice.close


def test_on_the_true_deal_a_bid_is_worth_its_perfect_play(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """With the true deal as the one sample and no shortfall in play, each call's value is
    the deal's end when the call is the contract (others passing, the bots' kitty and
    nomination) and then both sides play a perfect line (``cardlab.solve.line`` on the
    engine): the side's points less the other side's, the hint's measure."""
    from cardlab.sim.five_hundred import open_bids

    game = cardlab.load("five_hundred")
    monkeypatch.setattr(open_bids, "SHORTFALL", {0: 1.0})
    for seed in (7, 8, 9):
        state = game.deal(seed=seed, dealer=seed % 4)
        monkeypatch.setattr(open_bids, "_deals", lambda s, n, seed: [s] * n)
        calls = ["bid 6S", "bid 7H", "bid 6NT", "bid misere", "bid 8D"]
        calls = [c for c in calls if c in {str(a) for a in state.legal_actions()}]
        got = open_bids.open_hands_calls(state, calls, 1, 5)
        assert got is not None
        side = next(n for n, seats in game.sides.items() if state.to_move in seats)
        for call in calls:
            end = open_bids._to_the_play(state, call, open_bids.derive_seed(5, 0))
            if not end.is_over:
                for step in cardlab.solve.line(end, budget=10**8):
                    end = end.apply(step)
            assert end.result is not None
            assert list(got[call]) == [open_bids.margin(end.result.points, side)], (seed, call)


def test_on_the_true_deal_passing_is_worth_the_others_auction_played_perfectly(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """#29 "every bid and contract": passing is valued too. With the true deal as the one
    sample and no shortfall in play, its value is the bidder's side's points when she passes,
    the other seats' heuristic bots bid on (and take the kitty), and both sides then play a
    perfect line (the side's points less the other side's: a contract the others make costs
    what they score); a deal everyone passed is thrown in (5H-5.5: nothing)."""
    from cardlab.sim.five_hundred import open_bids

    game = cardlab.load("five_hundred")
    monkeypatch.setattr(open_bids, "SHORTFALL", {0: 1.0})
    monkeypatch.setattr(open_bids, "_deals", lambda s, n, seed: [s] * n)
    ends = set()
    for seed in (*range(7, 13), 23, 25):
        state = game.deal(seed=seed, dealer=seed % 4)
        got = open_bids.open_hands_calls(state, ["bid 6S", "bid 7H"], 1, 5)
        assert got is not None and set(got) == {"bid 6S", "bid 7H", "pass"}
        side = next(n for n, seats in game.sides.items() if state.to_move in seats)
        end = open_bids._after_pass(state, open_bids.derive_seed(5, 0))
        ends.add("thrown in" if end.is_over else "played")
        if not end.is_over:
            for step in cardlab.solve.line(end, budget=10**8):
                end = end.apply(step)
        assert end.result is not None
        assert list(got["pass"]) == [open_bids.margin(end.result.points, side)], seed
    assert ends == {"thrown in", "played"}  # both ends of a pass were met


def test_a_bid_is_worth_its_perfect_play_less_the_measured_shortfall(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bid's value is the expected score when the side takes SHORTFALL's tricks fewer than
    open hands find (played with hidden cards): with a shortfall of one trick for sure, a
    trump contract's value is its score with one trick fewer than the perfect line takes;
    the measured shortfall's shares sum to one."""
    from cardlab.sim.five_hundred import open_bids
    from cardlab.solve.five_hundred import FiveHundredAdapter

    assert sum(open_bids.SHORTFALL.values()) == pytest.approx(1.0, abs=0.005)
    game = cardlab.load("five_hundred")
    monkeypatch.setattr(open_bids, "SHORTFALL", {1: 1.0})
    monkeypatch.setattr(open_bids, "_deals", lambda s, n, seed: [s] * n)
    checked = defended = 0
    for seed in (7, 8, 9, 10, 11, 12):
        state = game.deal(seed=seed, dealer=seed % 4)
        side = next(n for n, seats in game.sides.items() if state.to_move in seats)
        calls = [c for c in ("bid 6S", "bid 7H", "bid 6NT", "bid 8D")
                 if c in {str(a) for a in state.legal_actions()}]
        got = open_bids.open_hands_calls(state, calls, 1, 5)
        assert got is not None
        for call in calls:
            start = open_bids._to_the_play(state, call, open_bids.derive_seed(5, 0))
            if start.is_over:
                continue
            end = start
            for step in cardlab.solve.line(start, budget=10**8):
                end = end.apply(step)
            contractors = FiveHundredAdapter(start).counted(side)[0]
            taken = sum(1 for t in end.tricks if t.winner in contractors)
            want = open_bids.margin(FiveHundredAdapter(start).points(max(taken - 1, 0), side),
                                    side)
            assert list(got[call]) == [want], (seed, call)
            checked += 1
        # passing: the side that contracts takes the trick fewer, so a defending side one more
        start = open_bids._after_pass(state, open_bids.derive_seed(5, 0))
        if start.is_over or start.misere:
            continue
        end = start
        for step in cardlab.solve.line(start, budget=10**8):
            end = end.apply(step)
        ad = FiveHundredAdapter(start)
        seats = ad.counted(side)[0]
        taken = sum(1 for t in end.tricks if t.winner in seats)
        contracting = any(s in start.deal_facts().contractors for s in game.sides[side])
        want = open_bids.margin(ad.points(min(max(taken - (1 if contracting else -1), 0), 10),
                                          side), side)
        assert list(got["pass"]) == [want], (seed, "pass")
        defended += not contracting
    assert checked > 0 and defended > 0


def test_the_bid_advice_reads_only_the_bidders_hand() -> None:
    """Two deals that differ only in cards the bidder cannot see get the same advice."""
    game = cardlab.load("five_hundred")
    state = game.deal(seed=21, dealer=1)
    twin = twins(state, state.to_move, SplitMix64(4), 1)[0]
    one, two = advise(state, n=4, seed=1), advise(twin, n=4, seed=1)
    assert one is not None and two is not None and one.method == "open hands"
    assert one.values == two.values


def test_layouts_valued_on_threads_give_the_values_of_one_thread() -> None:
    """Five Hundred's bids (passing too) and card plays valued on two threads: the same
    deals and layouts, the same values, as on one (each thread searches with its own table;
    the budget is read in the order drawn)."""
    from cardlab.sim.five_hundred import open_bids

    game = cardlab.load("five_hundred")
    for seed in (3, 13):
        state = game.deal(seed=seed, dealer=0)
        calls = [str(a) for a in state.legal_actions() if a.verb == "bid"]
        one = open_bids.open_hands_calls(state, calls, 12, seed, workers=1)
        two = open_bids.open_hands_calls(state, calls, 12, seed, workers=2)
        assert one is not None and two is not None and one.keys() == two.keys()
        assert "pass" in one and all(np.array_equal(one[k], two[k]) for k in one)
        s = _played(game, seed, 4)
        assert s is not None
        legal = [str(a) for a in s.legal_actions()]
        one_p = open_hands.open_hands_values(s, legal, 12, seed, workers=1)
        two_p = open_hands.open_hands_values(s, legal, 12, seed, workers=2)
        assert one_p is not None and two_p is not None
        assert all(np.array_equal(a, b) for a, b in zip(one_p, two_p, strict=True))


def test_a_bid_is_searched_on_its_small_table_with_the_values_of_the_large(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A bid deal's searches use a table of ``2**TABLE_BITS`` slots (a quarter of the card
    play's size: each thread keeps one), and a search's value does not depend on the
    table's size: the same counted tricks as on the large table, for every strain and
    passing of a few deals."""
    from cardlab.sim.five_hundred import open_bids
    from cardlab.solve import trick_core
    from cardlab.solve.five_hundred import CompiledSearch, _table

    assert open_bids.TABLE_BITS < trick_core.TT_BITS
    assert _table(open_bids.TABLE_BITS)[0].shape[0] == 1 << open_bids.TABLE_BITS
    made: list[int] = []
    real = open_bids.CompiledSearch

    def recording(*args: object, **kw: int) -> CompiledSearch:
        found = real(*args, **kw)  # type: ignore[arg-type]
        made.append(found.table_bits)
        return found

    monkeypatch.setattr(open_bids, "CompiledSearch", recording)
    game = cardlab.load("five_hundred")
    state = game.deal(seed=7, dealer=3)
    side = next(n for n, seats in game.sides.items() if state.to_move in seats)
    calls = [str(a) for a in state.legal_actions() if a.verb == "bid"]
    assert open_bids.open_hands_calls(state, calls, 1, 5, workers=1) is not None
    assert made and set(made) == {open_bids.TABLE_BITS}
    checked = 0
    for i, deal in enumerate(open_bids._deals(state, 2, 5)):
        for call in ("bid 6S", "bid 7NT", "bid open_misere", "pass"):
            end = (open_bids._after_pass(deal, i) if call == "pass"
                   else open_bids._to_the_play(deal, call, i))
            play = open_bids._play(end, side)
            if not isinstance(play, open_bids._Play):
                continue
            small = real(play.ad, side, 10**8, table_bits=open_bids.TABLE_BITS)
            large = real(play.ad, side, 10**8)
            assert small.exact(play.root) == large.exact(play.root), (i, call)
            checked += 1
    assert checked >= 6


def _auction_to(game: cardlab.Game, seed: int, seat: int) -> cardlab.State | None:
    """A deal whose heuristic bots called up to ``seat``'s turn in the auction, someone
    having bid (None where the auction ended first, or nobody bid)."""
    s = game.deal(seed=seed, dealer=seed % game.players)
    bots = [bot_for(game.name, "heuristic", seed=i) for i in range(game.players)]
    while s.phase == "auction" and s.to_move != seat:
        s = s.apply(bots[s.to_move].choose(s))
    called = [str(a) for a in s.history]
    return s if s.phase == "auction" and any(c != "pass" for c in called) else None


def _as_dealt(game: cardlab.Game, d: cardlab.State) -> cardlab.State:
    """``d``'s deal before any call."""
    parts = {label: d.setup["hands"][k] if k < game.players else d.setup["kitty"]
             for k, (label, _) in enumerate(game.deal_parts())}
    return game.deal_from_parts(parts, dealer=d.setup["dealer"])


def test_the_sampled_deals_read_the_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    """#29 layouts "consistent with what that seat has seen": every call the others made
    fits the hand each sampled deal gives its caller, as the heuristic counts it (a seat
    that bid 8H holds hearts worth seven tricks or more with its help; a misère bidder no
    joker). Where no draw fits, the deals are still dealt (the fewest calls out of place)."""
    from cardlab.sim.five_hundred import open_bids

    game = cardlab.load("five_hundred")
    reader = bot_for("five_hundred", "heuristic", seed=0)
    state = game.deal(seed=5, dealer=3)  # N bids 8H whatever she holds, E is next
    bid = state.apply("bid 8H")
    deals = open_bids._deals(bid, 24, 3)
    assert len(deals) == 24
    for d in deals:
        assert reader.estimates(_as_dealt(game, d))["H"] >= 7
        assert list(d.hands[1]) == list(bid.hands[1])  # the bidder's own hand kept
    # the same deals drawn once each (the auction not read): some do not fit
    monkeypatch.setattr(open_bids, "TRIES", 1)
    unread = open_bids._deals(bid, 24, 3)
    assert any(reader.estimates(_as_dealt(game, d))["H"] < 7 for d in unread)
    # nothing fits: the first draws are kept, as many as asked
    monkeypatch.setattr(open_bids, "TRIES", 5)
    monkeypatch.setattr(open_bids, "misfits", lambda game, reads, hands: np.ones(len(hands)))
    kept = open_bids._deals(bid, 6, 3)
    assert [list(d.hands[0]) for d in kept] == [list(d.hands[0]) for d in unread[:6]]


def test_passing_is_valued_over_a_standing_bid() -> None:
    """Passing is valued whether or not a bid stands (the deals read the bids: the standing
    bid is played on hands that hold it); and two deals that differ only in cards the next
    bidder cannot see get the same advice over that bid."""
    game = cardlab.load("five_hundred")
    state = game.deal(seed=21, dealer=1)
    over = state.apply("bid 6S")  # the next seat, over a standing bid
    advice = advise(over, n=4, seed=1)
    assert advice is not None and advice.method == "open hands"
    assert "pass" in advice.values and "bid 6S" not in advice.values
    twin = twins(over, over.to_move, SplitMix64(9), 1)[0]
    other = advise(twin, n=4, seed=1)
    assert other is not None and other.values == advice.values


def test_a_pass_left_out_says_why() -> None:
    """Where a guessed deal's auction after a pass ran past the solver's budget, passing has
    no bar, and the why line names it and says why (no button bare without a word)."""
    import dataclasses

    from cardlab.widgets._advice import hint_view

    game = cardlab.load("five_hundred")
    state = game.deal(seed=21, dealer=1)
    advice = advise(state, n=4, seed=1)
    assert advice is not None and "pass" in advice.values
    keep = [a for a in advice.values if a != "pass"]
    without = dataclasses.replace(advice, values={a: advice.values[a] for a in keep},
                                  stderr={a: advice.stderr[a] for a in keep},
                                  samples={a: advice.samples[a] for a in keep})
    why = hint_view(state, without, round_=0, rounds=1)["why"]
    assert "Not valued: pass" in why and "too long to search" in why, why
