"""Panfin's hint values a card play by perfect-information Monte Carlo
(:mod:`cardlab.sim.panfin.open_hands`): on whole deals sampled from what the seat to move can
see, each play (B2.10.3; the jokers together, B2.10.4) is valued by the open-hands solver
with that deal's hands open, in the mover's net chips for the deal (B2.11) — the measure of
the rollout hint it replaces."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from support import twins

import cardlab
import cardlab.sim.panfin.open_hands as oh
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.sim.advice import advise, valued_by
from cardlab.sim.panfin.batch import PanfinBatch
from cardlab.sim.simulator import simulator_for
from cardlab.solve import values
from cardlab.solve.jit import HAVE_NUMBA

#: without numba the solver's loop runs interpreted, too slow for a hint: the rollouts serve
pytestmark = pytest.mark.skipif(not HAVE_NUMBA, reason="the open-hands hint needs numba")

#: option sets whose play differs: 2-6 seats, the jokers led one after the other (B2.10.3),
#: no duty to trump or overtrump (F-A18), beating the led card (F-A17), a smaller exchange
#: with the Gobbo turned up with the next card (B2.7, F-A6); with the deals of each
VARIANTS: list[tuple[dict[str, Any], int]] = [
    ({}, 3),
    ({"players": 2}, 2),
    ({"players": 3}, 2),
    ({"players": 5, "turnup_gobbo": "turn_next_card", "max_exchange": 2}, 2),
    ({"players": 6}, 2),
    ({"both_jokers_lead": "consecutive_forced"}, 2),
    ({"must_trump_when_void": False, "must_overtrump": False}, 2),
    ({"beat_reference": "led_card"}, 2),
]


def _deal_moments(game: Any, seed: int) -> Iterator[Any]:
    """Every card play of a deal played by the heuristic bots, and the moments before it."""
    s = game.deal(seed=seed, dealer=seed % game.players)
    bots = [bot_for("panfin", "heuristic", seed=seed * 10 + i) for i in range(game.players)]
    while not s.is_over:
        yield s
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    yield s


def _choosing(s: Any) -> bool:
    return s.phase == "play" and not s.is_over and len(s.legal_actions()) > 1


def _plays() -> Iterator[Any]:
    """Card plays with a choice (two or more legal plays), through the play, every variant;
    then the first answer to the jokers led together among six players' deals (B2.10.4:
    two cards a play, rare among a few deals)."""
    for opts, deals in VARIANTS:
        game = cardlab.load("panfin", **opts)
        for seed in range(deals):
            yield from filter(_choosing, _deal_moments(game, seed))
    game = cardlab.load("panfin", players=6)
    for seed in range(200):
        for s in filter(_choosing, _deal_moments(game, seed)):
            if any(len(a.args) == 2 for a in s.legal_actions()):
                yield s
                return


def _legal(s: Any) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def test_each_deal_is_valued_as_the_solver_values_that_whole_deal():
    """B2.10-B2.11: at every card play with a choice of some bot-played deals (2-6 seats,
    eight option sets), each deal's values are ``cardlab.solve.values`` of that sampled deal,
    every play valued on the same deals in the same order; the deals differ (the values of
    some play vary from deal to deal)."""
    moments = varied = pairs = 0
    sizes = set()
    for s in _plays():
        legal = _legal(s)
        got = oh.open_hands_values(s, legal, 5, seed=len(s.history))
        assert got is not None and len(got) == len(legal)
        deals = oh.layouts(s, 5, seed=len(s.history))
        assert all(len(v) == len(deals) == 5 for v in got)
        for i, deal in enumerate(deals):
            exact = values(deal)
            assert exact.seat == s.to_move and exact.unit == "chips"
            assert [float(v[i]) for v in got] == [exact[a] for a in legal]
        varied += any(len(set(v.tolist())) > 1 for v in got)
        pairs += any(len(a.split()) == 3 for a in legal)
        sizes.add(s.game.players)
        moments += 1
    assert moments > 60 and sizes == {2, 3, 4, 5, 6}
    assert varied > moments // 4 and pairs > 0


def test_the_value_is_the_movers_net_chips_as_the_rollouts_measure_it():
    """B2.11: at the last trick every card is forced, so a deal's open-hands value of the
    mover's card is that deal played out: the engine's result for the mover (its net chips,
    antes included) and the batch's score of the mover, the rollout hint's measure."""
    checked = 0
    for opts, deals in VARIANTS:
        game = cardlab.load("panfin", **opts)
        for seed in range(deals):
            for s in _deal_moments(game, seed):
                if s.phase != "play" or s.is_over or len(s.hands[s.to_move]) != 1:
                    continue
                (play,) = _legal(s)
                got = oh.open_hands_values(s, [play], 3, seed=seed)
                assert got is not None
                for deal, v in zip(oh.layouts(s, 3, seed=seed), got[0], strict=True):
                    me, end = deal.to_move, deal.apply(play)
                    while not end.is_over:
                        end = end.apply(end.legal_actions()[0])
                    assert v == end.result.seat_points[me]
                    batch = PanfinBatch.from_states([deal])
                    c = batch.tb.n_cards
                    card = game.deck.index(game.deck.parse(play.split()[1]))
                    batch.apply(np.array([card]), np.array([c]), np.array([True]))
                    batch.play("heuristic")
                    assert v == batch.scores()[0, me]
                    checked += 1
    assert checked > 40


def test_same_seed_same_values_other_seed_other_deals():
    """The same call gives the same values; another seed draws other deals."""
    s = next(m for m in _plays() if m.trick_)
    legal = _legal(s)
    first = oh.open_hands_values(s, legal, 12, seed=3)
    again = oh.open_hands_values(s, legal, 12, seed=3)
    other = oh.open_hands_values(s, legal, 12, seed=4)
    assert first is not None and again is not None and other is not None
    assert all((a == b).all() for a, b in zip(first, again, strict=True))
    assert [d.deal_string() for d in oh.layouts(s, 12, 3)] != \
        [d.deal_string() for d in oh.layouts(s, 12, 4)]


def test_serves_the_play_only():
    """The solver values card plays (B2.10): not the dealer's choice of suit, the
    declarations, the swap or a finished deal; there the values are None and the hint
    values what it valued before."""
    phases = set()
    for opts, deals in VARIANTS[:3]:
        game = cardlab.load("panfin", **opts)
        for seed in range(deals):
            for s in _deal_moments(game, seed):
                in_play = s.phase == "play" and not s.is_over
                assert oh.serves(s) == in_play
                if not in_play:
                    phases.add("over" if s.is_over else s.phase)
                    legal = _legal(s) if not s.is_over else ["play 1S"]
                    assert oh.open_hands_values(s, legal, 4, seed=1) is None
    assert {"declare", "over"} <= phases


def test_the_hint_values_a_card_play_with_open_hands():
    """The generic hint takes the simulator's open-hands values in the play: ``valued_by``
    and the advice say "open hands", and each play's value is the mean over the deals."""
    assert simulator_for(cardlab.load("panfin")).open_hands is oh.open_hands_values
    seen = 0
    for k, s in enumerate(_plays()):
        if k % 7:
            continue
        assert valued_by(s) == "open hands"
        advice = advise(s, n=6, seed=2)
        assert advice is not None and advice.method == "open hands" and advice.n == 6
        got = oh.open_hands_values(s, _legal(s), 6, seed=2)
        assert got is not None
        assert advice.values == {a: float(v.mean()) for a, v in zip(_legal(s), got)}
        seen += 1
    assert seen > 8
    before = next(m for m in _deal_moments(cardlab.load("panfin"), 0) if m.phase == "declare")
    assert valued_by(before) == "open hands"  # #29: the choices before the tricks too


def test_hidden_stays_hidden():
    """Two deals that differ only in cards the seat to move cannot see (twins: two such cards
    swapped in the deal, the same actions replayed) give identical values."""
    rng = SplitMix64(11)
    compared = 0
    for k, s in enumerate(_plays()):
        if k % 4:
            continue
        me, legal = s.to_move, _legal(s)
        want = oh.open_hands_values(s, legal, 4, seed=9)
        assert want is not None
        for twin in twins(s, me, rng, count=2):
            assert twin.view(me) == s.view(me) and twin.hands != s.hands
            got = oh.open_hands_values(twin, legal, 4, seed=9)
            assert got is not None
            assert all((a == b).all() for a, b in zip(got, want, strict=True))
            compared += 1
    assert compared > 20


def test_the_node_budget_bounds_a_call(monkeypatch):
    """Past the call's node budget no further deal is searched, but at least
    ``MIN_LAYOUTS`` are (the first ones, as drawn); a deal past its own budget is left
    out, and a call with none searched gives None, so the hint falls back to rollouts."""
    s = next(m for m in _plays() if m.game.players == 4)
    legal = _legal(s)
    full = oh.open_hands_values(s, legal, 20, seed=5)
    assert full is not None and len(full[0]) == 20
    monkeypatch.setattr(oh, "NODES_PER_LAYOUT", 1)
    cut = oh.open_hands_values(s, legal, 20, seed=5)
    assert cut is not None and len(cut[0]) == oh.MIN_LAYOUTS
    assert all((a == b[:oh.MIN_LAYOUTS]).all() for a, b in zip(cut, full, strict=True))
    monkeypatch.setattr(oh, "LAYOUT_BUDGET", 1)
    assert oh.open_hands_values(s, legal, 20, seed=5) is None
    advice = advise(s, n=8, seed=5)
    assert advice is not None and advice.method == "rollouts"
