"""Panfin's compiled search (:mod:`cardlab.solve.panfin_core`) gives the values of the
interpreted search of :mod:`cardlab.solve.search` over the engine's states, card by card.

For every table of Panfin in the registry (each player count) and the play options that
change the rules of the tricks (the jokers led one after the other, the duty to beat the
led card, no duty to trump or overtrump), seeded deals are called to their play by the
heuristic bots. At the opening lead, and at random points later in the deal (a trick
start or the middle of a trick), every legal action's value from ``cardlab.solve.values``
(the compiled search) must equal the interpreted search's (:class:`~cardlab.solve.search.Search`
with the generic adapter's key, walking ``legal_actions``/``apply``); so must every
position of a random line through the last tricks, in a few hundred deals of every table.
Deals where a hand in play holds both jokers (the double trick, or the Vecia then the Gobbo)
are sought out on their own.

The interpreted search takes seconds from a six-player opening lead, so the counts fall
with the players; ``CARDLAB_SOLVE_SCALE`` multiplies them (a long run).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from solve_support import endgame
from support import called_to_the_play, table_forms

import cardlab
import cardlab.solve
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.games.panfin.rules import GOBBO, VECIA
from cardlab.solve.adapter import adapter_for
from cardlab.solve.jit import HAVE_NUMBA
from cardlab.solve.panfin import CompiledSearch, PanfinAdapter
from cardlab.solve.search import Search

SCALE = int(os.environ.get("CARDLAB_SOLVE_SCALE", "1"))
#: every Panfin table of the registry, and the options that change the trick play
VARIANTS: list[dict[str, Any]] = [
    {"players": 3, "both_jokers_lead": "consecutive_forced"},
    {"players": 4, "beat_reference": "led_card"},
    {"players": 3, "must_trump_when_void": False, "must_overtrump": False},
    {"players": 4, "must_overtrump": False, "dealer_turnup_at_piatti": "none"},
]
FORMS: list[dict[str, Any]] = [opts for _, opts in table_forms("panfin")] + VARIANTS
#: opening leads per table, by players (the interpreted search's cost)
OPENING = {2: 200, 3: 80, 4: 30, 5: 4, 6: 2}
#: later positions per table, by players
LATER = {2: 300, 3: 200, 4: 100, 5: 40, 6: 20}
#: deals per table whose last tricks are checked position by position, by players, and the
#: cards a hand holds where the check starts
LAST = {2: 100, 3: 100, 4: 60, 5: 200, 6: 200}
LAST_CARDS = {2: 4, 3: 3, 4: 3, 5: 2, 6: 2}


def form_id(opts: dict[str, Any]) -> str:
    return "-".join(f"{k}={v}" for k, v in opts.items())


def interpreted(state: State) -> dict[str, float]:
    """Each legal action's value by the interpreted search over the engine's states."""
    adapter = PanfinAdapter(state)
    side = adapter.side_of(adapter.to_move(state))
    search = Search(adapter, side)
    return {str(group[0]): search.exact(child) for group, child in search.children(state)}


def assert_agree(state: State, where: str) -> None:
    got = cardlab.solve.values(state)
    want = interpreted(state)
    assert dict(got) == want, (where, [str(a) for a in state.history])


def openings(game: cardlab.Game, count: int, start: int = 0) -> list[tuple[int, State]]:
    """``count`` seeded deals called to their opening lead (deals not played are skipped)."""
    out: list[tuple[int, State]] = []
    seed = start
    while len(out) < count and seed < start + 20 * count:
        seed += 1
        state = called_to_the_play(game.deal(seed=seed, dealer=seed % game.players), seed)
        if state.phase == "play":
            out.append((seed, state))
    assert len(out) == count
    return out


def test_the_adapter_gives_the_compiled_search() -> None:
    state = openings(cardlab.load("panfin", players=3), 1)[0][1]
    adapter = adapter_for(state)
    assert isinstance(adapter, PanfinAdapter)
    assert isinstance(adapter.search("P1", 10), CompiledSearch)
    assert cardlab.solve.compiled(state) is HAVE_NUMBA


@pytest.mark.parametrize("opts", FORMS, ids=form_id)
def test_every_opening_lead_card_has_the_interpreted_value(opts: dict[str, Any]) -> None:
    game = cardlab.load("panfin", **opts)
    for seed, state in openings(game, SCALE * OPENING[game.players]):
        assert_agree(state, f"opening lead, seed {seed}")


@pytest.mark.parametrize("opts", FORMS, ids=form_id)
def test_every_card_later_in_the_deal_has_the_interpreted_value(opts: dict[str, Any]) -> None:
    """At a random point of a random line: a trick start or the middle of a trick, from
    the first trick to the last."""
    game = cardlab.load("panfin", **opts)
    for seed, state in openings(game, SCALE * LATER[game.players], 1000):
        rng = SplitMix64(seed)
        for _ in range(1 + rng.randbelow(3 * game.players)):
            state = state.apply(rng.choice(state.legal_actions()))
            if state.is_over:
                break
        if not state.is_over:
            assert_agree(state, f"seed {seed}")


@pytest.mark.parametrize("opts", FORMS, ids=form_id)
def test_every_card_of_the_last_tricks_has_the_interpreted_value(opts: dict[str, Any]) -> None:
    """Every position of a random line through the last tricks (a few hundred deals in
    every table, five and six players included)."""
    game = cardlab.load("panfin", **opts)
    count = SCALE * LAST[game.players]
    deals = seed = 0
    while deals < count and seed < 20 * count:
        seed += 1
        state = endgame(game, 5000 + seed, LAST_CARDS[game.players])
        if state is None:
            continue
        deals += 1
        rng = SplitMix64(seed)
        while not state.is_over:
            assert_agree(state, f"last tricks, seed {5000 + seed}")
            state = state.apply(rng.choice(state.legal_actions()))
    assert deals == count


@pytest.mark.parametrize("rule", ["double_trick", "consecutive_forced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_jokers_in_one_hand(players: int, rule: str) -> None:
    """Deals where a hand in play holds the Vecia and the Gobbo: every card of the line
    up to the last trick, the double trick (or the Gobbo owed after the Vecia) included."""
    game = cardlab.load("panfin", players=players, both_jokers_lead=rule)
    found = 0
    for seed in range(1, 40_000):
        state = called_to_the_play(game.deal(seed=seed, dealer=seed % players), seed)
        if state.phase != "play" or not any(
                VECIA in h and GOBBO in h for s, h in enumerate(state.hands)
                if not state.folded[s]):  # type: ignore[attr-defined]
            continue
        rng = SplitMix64(seed)
        while not state.is_over:
            assert_agree(state, f"both jokers, seed {seed}")
            state = state.apply(rng.choice(state.legal_actions()))
        found += 1
        if found == SCALE * 4:
            break
    assert found == SCALE * 4


@pytest.mark.parametrize("players", [2, 4, 6])
def test_line_and_par_read_the_compiled_values(players: int) -> None:
    """``line`` keeps the value the compiled search gives, and ``par`` adds up."""
    game = cardlab.load("panfin", players=players)
    for seed in range(1, 6):
        state = endgame(game, seed, 3 if players < 6 else 2)
        if state is None:
            continue
        got = cardlab.solve.values(state)
        played = state
        for action in cardlab.solve.line(state):
            played = played.apply(action)
        assert played.result is not None
        assert played.result.points[got.side] == max(got.values())
        steps = cardlab.solve.par(played)
        assert all(s.cost >= 0 for s in steps)


def test_without_numba_the_same_source_gives_the_same_values() -> None:
    """Where numba is absent the compiled loop's source runs as Python: the same values
    (checked in a fresh interpreter with numba hidden, overflow warnings as errors)."""
    import ast
    import subprocess
    import sys
    from pathlib import Path

    script = "\n".join([
        "import sys, warnings",
        "sys.modules['numba'] = None",
        "warnings.simplefilter('error')",
        "import cardlab, cardlab.solve",
        "from cardlab.solve.jit import HAVE_NUMBA",
        "assert not HAVE_NUMBA",
        "from support import called_to_the_play",
        "game = cardlab.load('panfin', players=3)",
        "out = []",
        "for seed in range(1, 6):",
        "    st = called_to_the_play(game.deal(seed=seed, dealer=seed % 3), seed)",
        "    if st.phase == 'play':",
        "        out.append((seed, dict(cardlab.solve.values(st))))",
        "print(repr(out))",
    ])
    tests = Path(__file__).resolve().parents[1]
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=tests, check=True, timeout=300)
    got = ast.literal_eval(run.stdout)
    game = cardlab.load("panfin", players=3)
    assert got
    for seed, values in got:
        state = called_to_the_play(game.deal(seed=seed, dealer=seed % 3), seed)
        assert values == interpreted(state)
