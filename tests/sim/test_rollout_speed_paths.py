"""Five Hundred's rollout speed paths play the engine's games (issue #32).

``benchmarks/run.py`` times the rollout two ways on the same seeds: ``play_random(rng)``
(the built-in playout, whose play keeps its own loop for speed) and the step-by-step driver
``rng.choice(legal_ids())`` + ``apply_id``. Any speed work on those paths must leave the
games unchanged, so these tests replay the benchmark's very loop (a new deal per seed,
``dealer = seed % players``, one ``SplitMix64(0)`` for the whole run) on both paths and on
the immutable engine, whose legal actions, trick winner and points are the kernel's
(:mod:`cardlab.games.five_hundred.kernel`): the same actions, points and generator state
deal after deal. Nothing here is timed.
"""

from __future__ import annotations

from typing import Any

import pytest

import cardlab
from cardlab.engine.rng import SplitMix64
from cardlab.sim.five_hundred import rollout_core

#: the benchmark's game, and two others whose play meets the joker rules J1-J6 more often
#: (three players: ``not_shown_void`` nomination; five players: a called partner, 5H-2)
CONFIGS: list[dict[str, Any]] = [
    {},
    {"players": 3, "joker_lead_nomination": "not_shown_void"},
    {"players": 5, "all_pass": "play_no_trumps"},
]
#: deals per configuration: enough for every phase and NT contracts (joker leads), quick on
#: the immutable engine
DEALS = 60


def _name(opts: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "default"


def _engine_games(game: Any, deals: int) -> tuple[list[tuple[int, ...]], list[Any], int]:
    """5H-4…5H-8 the benchmark's loop on the immutable engine: each deal's action ids,
    its points, and the generator's state after the run."""
    rng = SplitMix64(0)
    histories, points = [], []
    for s in range(deals):
        state = game.deal(seed=s, dealer=s % game.players)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        histories.append(tuple(game.action_id(a) for a in state.history))
        points.append(state.result.points)
    return histories, points, rng.state


def _rollout_games(game: Any, deals: int, builtin: bool
                   ) -> tuple[list[tuple[int, ...]], list[Any], int]:
    """The same loop on the rollout: ``play_random`` (``builtin``) or step by step."""
    rng = SplitMix64(0)
    histories, points = [], []
    for s in range(deals):
        r = game.rollout(seed=s, dealer=s % game.players)
        if builtin:
            assert r.play_random(rng) == len(r.history_ids)
        else:
            while not r.is_over:
                r.apply_id(rng.choice(r.legal_ids()))
        histories.append(r.history_ids)
        points.append(r.points)
    return histories, points, rng.state


@pytest.mark.parametrize("opts", CONFIGS, ids=_name)
def test_both_speed_paths_play_the_engines_games(opts: dict[str, Any]) -> None:
    """5H-4…5H-8: on the benchmark's seeds, ``play_random`` and the step-by-step driver
    take the immutable engine's actions (its legal lists and trick winners are the
    kernel's) and score its points, with the generator in the same state after the run."""
    game = cardlab.load("five_hundred", **opts)
    want = _engine_games(game, DEALS)
    for builtin in (True, False):
        got = _rollout_games(game, DEALS, builtin)
        for s, (mine, theirs) in enumerate(zip(got[0], want[0])):
            assert mine == theirs, (builtin, s)
        assert got[1] == want[1], builtin
        assert got[2] == want[2], builtin
    # the run met the play's fast paths, not only thrown-in deals (5H-5.5)
    assert sum(len(h) for h in want[0]) > DEALS * game.players * 2


def test_same_seeds_same_games_whatever_the_caches_hold() -> None:
    """5H-4: the same seeds give the same games on a fresh game (every per-game table and
    call list made anew, the shared follow-id cache emptied) and again once all are warm."""
    rollout_core.FOLLOW_IDS.clear()
    cold = _rollout_games(cardlab.load("five_hundred"), DEALS, builtin=True)
    assert rollout_core.FOLLOW_IDS  # the play filled the cache the second run reads
    warm_game = cardlab.load("five_hundred")
    _rollout_games(warm_game, DEALS, builtin=False)
    warm = _rollout_games(warm_game, DEALS, builtin=True)
    assert warm == cold
