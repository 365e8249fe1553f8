"""Is "heuristic" one player? The scalar ``HeuristicBot`` of each game and the array
policy of its simulator (``batch.step("heuristic")``) compared position by position (#30).

The calls before the play are already one player: each simulator's vectorised calls are
checked call for call against the scalar bot (``tests/sim/test_*_whole_deals.py``). The
card play is not yet: over seeded deals, every play position the scalar bot reaches is
turned into a batch (``from_states``), the batch plays one card by its heuristic policy,
and the result must be the batch of the scalar bot's successor. Today they agree in most
positions but not all (the measured share is in :data:`FLOOR`): the exact check is a
strict expected failure, so it turns into an error the day they become one player, and
the share may not fall below its floor.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.sim.simulator import simulator_for

#: deals per game (a few seconds each)
DEALS = 60
#: the share of play positions where both forms play the same card, measured on these
#: deals (Five Hundred 0.781, Pandoeren 0.883, Panfin 0.974) with a small margin below it
#: (so a change that parts them further shows); 1.0 for a game that is one player (Officer
#: Skat: one rule, :mod:`cardlab.bots.officer_skat_play`)
FLOOR = {"five_hundred": 0.75, "officer_skat": 1.0, "pandoeren": 0.85, "panfin": 0.95}
#: the batch fields that say which cards are left (and where) after a card is played
_FIELDS = ("played", "hands", "own", "avail", "n_played", "to_move")


def _left(batch: Any, field: str) -> Any:
    """A field of the batch; Five Hundred's hands as the cards not yet played (a played
    card stays in its hand there, marked in ``played``, until the trick is complete)."""
    value = getattr(batch, field)
    if field == "hands" and hasattr(batch, "played"):
        return value & ~batch.played[:, None]
    if field == "played":
        return np.zeros_like(value)  # counted in the hands above
    return value


def _positions(name: str) -> tuple[int, int, list[str]]:
    """(agreeing, positions, the first few differences) over :data:`DEALS` seeded deals."""
    game = cardlab.load(name)
    sim = simulator_for(game)
    agree = total = 0
    differ: list[str] = []
    for seed in range(DEALS):
        st: Any = game.deal(seed=seed)
        bot = bot_for(name, "heuristic", seed=seed)
        while not st.is_over:
            action = bot.choose(st)
            nxt = st.apply(action)
            if (st.phase == "play" and len(st.legal_actions()) > 1 and not nxt.is_over
                    and getattr(st, "declarer", 0) is not None):
                batch = sim.batch.from_states([st])
                batch.step("heuristic")
                want = sim.batch.from_states([nxt])
                same = all(np.array_equal(_left(batch, f), _left(want, f))
                           for f in _FIELDS if hasattr(want, f))
                total += 1
                agree += same
                if not same and len(differ) < 5:
                    differ.append(f"seed {seed}, action {len(st.history)}: scalar {action}")
            st = nxt
    return agree, total, differ


@pytest.mark.parametrize("name", sorted(FLOOR))
def test_the_play_agrees_in_most_positions(name: str) -> None:
    agree, total, differ = _positions(name)
    assert total > 3 * DEALS
    assert agree / total >= FLOOR[name], (agree, total, differ)


#: the games whose scalar bot and array policy still play differently (a strict expected
#: failure each, so the day one becomes one player its mark must go)
TWO_PLAYERS = {
    "five_hundred": "the scalar bot leads masters and draws trumps, the batch leads its highest lead key",
    "pandoeren": "the scalar bot and the batch choose their cards by different rules",
    "panfin": "the scalar bot and the batch choose their cards by different rules",
}


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=f"#30: {TWO_PLAYERS[n]}"))
    if n in TWO_PLAYERS else n for n in sorted(FLOOR)])
def test_the_play_is_one_player(name: str) -> None:
    agree, total, differ = _positions(name)
    assert agree == total, differ
