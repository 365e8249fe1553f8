"""A fifth game really is one registry line plus its package (#32 item 5): the conformance
suite, run with the example game registered (``CARDLAB_TEST_GAMES``, see ``tests/conftest.py``),
covers it in every registry-driven test, and its heuristic bot is found by ``bot_for``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardlab
from cardlab.bots import RandomBot, bot_for
from cardlab.engine import registry

HERE = Path(__file__).parent
ENTRY = "example:cardlab.games.example"


@pytest.mark.skipif("example" in os.environ.get("CARDLAB_TEST_GAMES", ""),
                    reason="already running the suite with the example registered")
def test_the_conformance_suite_covers_the_example_game() -> None:
    env = {**os.environ, "CARDLAB_TEST_GAMES": ENTRY}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-x", "-k", "example",
         "--ignore", str(HERE / "test_example_suite.py"), str(HERE)],
        env=env, capture_output=True, text=True, timeout=1800, cwd=HERE.parent.parent)
    tail = run.stdout[-3000:]
    assert run.returncode == 0, tail
    passed = int(next(w for w in tail.split() if w.isdigit()) if "passed" in tail else 0)
    assert passed >= 20, f"too few tests covered the example game: {tail}"


@pytest.fixture()
def example_registered() -> Iterator[None]:
    had = "example" in registry.names()
    registry.register("example", "cardlab.games.example")
    yield
    if not had:
        registry.unregister("example")


def test_bot_for_finds_the_example_bot_and_it_plays_legally(example_registered: None) -> None:
    game = cardlab.load("example")
    for seed in range(50):
        state = game.deal(seed=seed)
        bots = [bot_for("example", seed=seat) for seat in range(game.players)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = bots[seat].choose(state)
            assert action in state.legal_actions()
            state = state.apply(str(action))


def test_the_example_bot_beats_random_play(example_registered: None) -> None:
    """EX-5.1: over 300 seeded deals, the heuristic seat takes more points than each random seat."""
    game = cardlab.load("example")
    totals = [0, 0, 0]
    for seed in range(300):
        state = game.deal(seed=seed)
        bots = [bot_for("example", seed=1), RandomBot(seed), RandomBot(seed + 1)]
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            state = state.apply(str(bots[seat].choose(state)))
        assert state.result is not None
        totals = [t + p for t, p in zip(totals, state.result.seat_points, strict=True)]
    assert totals[0] > 1.5 * max(totals[1:]), totals
