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
#: deals (Pandoeren 0.883, Panfin 0.974) with a small margin below it (so a change that
#: parts them further shows); 1.0 for a game that is one player (Five Hundred: one rule,
#: :mod:`cardlab.bots.five_hundred_play`; Officer Skat: :mod:`cardlab.bots.officer_skat_play`)
FLOOR = {"five_hundred": 1.0, "officer_skat": 1.0, "pandoeren": 0.85, "panfin": 0.95}
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
    "pandoeren": "the scalar bot and the batch choose their cards by different rules",
    "panfin": "the scalar bot and the batch choose their cards by different rules",
}


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=f"#30: {TWO_PLAYERS[n]}"))
    if n in TWO_PLAYERS else n for n in sorted(FLOOR)])
def test_the_play_is_one_player(name: str) -> None:
    agree, total, differ = _positions(name)
    assert agree == total, differ


# -- Five Hundred: every card of many whole deals, the batch beside the scalar bot ------------
#: Five Hundred's forms (options, deals, the contract or None): whole deals as the heuristic
#: bot calls them (5H-2: 2 to 6 players, two with the dead hand, five with the partner
#: call), and fixed contracts the bot seldom calls (5H-6.2 misère and open misère, the
#: partners sitting out; 5H-6.3 no trumps with the joker nominated or not)
FIVE_HUNDRED_FORMS: list[tuple[dict[str, Any], int, str | None]] = [
    ({}, 250, None), ({"players": 2}, 120, None), ({"players": 3}, 100, None),
    ({"players": 5}, 120, None), ({"players": 6}, 100, None),
    ({"first_lead": "left_of_dealer", "preset": "american"}, 50, None),
    ({}, 60, "misere"), ({}, 60, "open_misere"), ({"players": 6}, 40, "misere"),
    ({}, 40, "7NT"), ({"players": 3}, 30, "misere"), ({"players": 5}, 40, "8NT"),
]


def _five_hundred_deals(form: int) -> tuple[int, list[str]]:
    """(cards compared, the first few differences) in form ``form`` of
    :data:`FIVE_HUNDRED_FORMS`: the batch plays its deals (seeded apart from the other
    forms') with its heuristic policy (one batch, every card recorded); the scalar
    bot plays the same deals on the engine, calls included (or from the fixed contract's
    opening lead). Card for card the same: so every position the scalar bot meets, the
    batch meets too and plays the same card there."""
    from cardlab.sim.five_hundred import batch as fh
    from cardlab.sim.rng import deal_seeds

    options, deals, call = FIVE_HUNDRED_FORMS[form]
    game = cardlab.load("five_hundred", **options)
    seeds = [int(s) for s in deal_seeds(300 + form, 0, deals)]
    dealers = np.arange(deals) % game.players
    if call is None:
        _, rows, batch = fh.opening_lead(game, np.array(seeds, dtype=np.uint64), dealers)
    else:
        nominate = "H" if call.endswith("NT") else None
        batch, _ = fh.seeded_batch(game, seeds, call, dealers, nominate)
        rows = np.arange(deals)
    batch.play("heuristic", record=True)
    cards = np.array([card for card, _ in batch.record or []]).T
    named = np.array([name for _, name in batch.record or []]).T
    compared, differ = 0, []
    for j, b in enumerate(rows.tolist()):
        if call is None:
            st: Any = game.deal(seed=seeds[b], dealer=int(dealers[b]))
        else:
            st = fh.scalar_start(game, seeds[b], call, int(dealers[b]), nominate)
        bot = bot_for("five_hundred", "heuristic", seed=seeds[b])
        batch_plays = [f"play {game.deck[c].code}" + (f" {'SCDH'[n]}" if n >= 0 else "")
                       for c, n in zip(cards[j].tolist(), named[j].tolist()) if c >= 0]
        at = 0
        while not st.is_over:
            action = bot.choose(st)
            if st.phase == "play":
                if at >= len(batch_plays) or str(action) != batch_plays[at]:
                    differ.append(f"seed {seeds[b]}, card {at}: scalar {action}, batch "
                                  f"{batch_plays[at] if at < len(batch_plays) else 'none'}")
                    break
                at += 1
            st = st.apply(action)
        compared += at
        if st.is_over and at != len(batch_plays):
            differ.append(f"seed {seeds[b]}: the batch played {len(batch_plays)} cards, "
                          f"the scalar bot {at}")
    return compared, differ[:5]


@pytest.mark.parametrize("form", range(len(FIVE_HUNDRED_FORMS)),
                         ids=[f"{o}-{c}" for o, _, c in FIVE_HUNDRED_FORMS])
def test_five_hundred_plays_every_card_as_the_scalar_bot(form: int) -> None:
    compared, differ = _five_hundred_deals(form)
    assert not differ, differ
    _, deals, call = FIVE_HUNDRED_FORMS[form]
    assert compared > (4 if call is None else 5) * deals  # (whole deals: some thrown in)


def test_five_hundred_many_deals() -> None:
    assert sum(deals for _, deals, _ in FIVE_HUNDRED_FORMS) >= 1000
