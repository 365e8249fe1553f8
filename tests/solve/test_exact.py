"""The solver is exact: a brute-force minimax on the teaching engine agrees with
``cardlab.solve.values`` on every position of the last three tricks.

For each table of every registered game (each player count and named form, from the
registry), seeded deals are called to their play by the heuristic bots and played at random
to the start of the third trick from the end. From there a random path runs to the end of
the deal, and at every position on it (every card of the last three tricks, with the
announcements where a game has them) each legal action's solver value must equal the brute
force's: plain recursion over ``legal_actions()`` and ``apply()``, scored by the finished
deal's ``result.points``.

Counts: :data:`DEALS` deals per table, fewer where the brute force is slow (five and six
seats: its tree of three tricks is large), so the whole of ``tests/solve`` stays near a
minute on one core; ``CARDLAB_SOLVE_SCALE=50`` multiplies every count (thousands of deals
per table, for a long run).
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from solve_support import FORMS, brute_values, endgame, form_id

import cardlab
import cardlab.solve
from cardlab.engine.rng import SplitMix64

#: deals per table by (game, players); others: :data:`DEFAULT_DEALS`
DEALS = {("five_hundred", 4): 40, ("five_hundred", 2): 60, ("five_hundred", 3): 60,
         ("five_hundred", 5): 4, ("five_hundred", 6): 1, ("officer_skat", 2): 150,
         ("pandoeren", 4): 5, ("panfin", 2): 100, ("panfin", 3): 40, ("panfin", 4): 15,
         ("panfin", 5): 6, ("panfin", 6): 2}
DEFAULT_DEALS = 10
#: the environment variable multiplies every count (a long run)
SCALE = int(os.environ.get("CARDLAB_SOLVE_SCALE", "1"))


@pytest.mark.parametrize("form", FORMS, ids=form_id)
def test_values_equal_brute_force_over_the_last_three_tricks(form: tuple[str, dict[str, Any]]
                                                              ) -> None:
    name, opts = form
    game = cardlab.load(name, **opts)
    count = SCALE * DEALS.get((name, game.players), DEFAULT_DEALS)
    checked = deals = 0
    seed = 0
    while deals < count and seed < 50 * count:
        seed += 1
        state = endgame(game, seed)
        if state is None:
            continue
        deals += 1
        memo: dict[Any, float] = {}
        rng = SplitMix64(seed)
        while not state.is_over:
            got = cardlab.solve.values(state)
            want = brute_values(state, memo)
            assert dict(got) == want, (name, opts, seed, [str(a) for a in state.history])
            assert got.best == [a for a, v in want.items() if v == max(want.values())]
            checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert deals == count, f"only {deals} played deals in {seed} seeds"
    assert checked >= count
