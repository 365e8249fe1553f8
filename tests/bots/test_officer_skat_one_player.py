"""Officer Skat's "heuristic" is one player in the card play (#30): the scalar
``HeuristicBot`` and the batch's ``step("heuristic")`` play the same card in every play
position, over many seeded deals of every game (suit games, Grand, Null under both
``null_mode``\\ s, Ramsch) and the options that change what a seat may see or play
(OS-3.2 / B-4 the choice on 8 cards, B-6 Re open beside the opening lead), the face-down
cards turning up after their trick (OS-5.3). Both call one function,
:func:`cardlab.bots.officer_skat_play.play_choice`; these tests hold the two callers to it.

How: per form, every deal starts at its opening lead on the engine; one batch of all of
them (``from_states``) plays to the end by its heuristic policy with its cards recorded;
then the scalar bot plays each deal on the engine, and at each of its plays the card it
chooses must be the card the batch recorded at that step (so both walk the same path, and
every position on it is compared).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.bots.officer_skat_play import RULES, play_choice, play_tables
from cardlab.games.officer_skat.kernel import NO_CARD
from cardlab.games.officer_skat.rules import GAME_CALLS, PACK_ORDER, card_index
from cardlab.sim.officer_skat.batch import OfficerSkatBatch, scalar_start
from tests.support import recorded_batch_play

#: every game kind, dealt in turn (Ramsch needs both passes allowed, B-2)
CONTRACTS = ("C", "S", "H", "D", "grand", "null", "ramsch")
_RAMSCH_OK = {"pass_allowed": True, "ramsch_allowed": True}

#: (options, Kontra, Re, deals): each form's deals, every game kind in turn; together
#: more than 1,000 deals
FORMS: list[tuple[dict[str, Any], bool, bool, int]] = [
    (_RAMSCH_OK, False, False, 350),
    ({**_RAMSCH_OK, "null_mode": "no_tricks"}, True, False, 210),  # OS-6.4: a trick ends Null
    ({**_RAMSCH_OK, "choose_after_face_up": 8}, True, True, 210),  # B-4
    # B-6: Re still open beside the opening lead, which the bot declines by leading
    ({**_RAMSCH_OK, "re_window": "until_opening_lead"}, True, False, 280),
]


def _first_difference(options: dict[str, Any], kontra: bool, re: bool, seeds: range
                      ) -> tuple[int, list[str]]:
    """(play positions, the first differences) of ``seeds`` dealt in this form: the
    batch's recorded card against the scalar bot's at every play of the deal."""
    game = cardlab.load("officer_skat", **options)
    starts = [scalar_start(game, seed, CONTRACTS[seed % len(CONTRACTS)], seed % 2,
                           kontra=kontra, re=re) for seed in seeds]
    batch = recorded_batch_play(OfficerSkatBatch, starts, list(seeds))
    positions = 0
    differ: list[str] = []
    for row, (seed, st) in enumerate(zip(seeds, starts, strict=True)):
        bot = bot_for("officer_skat", "heuristic", seed=seed)
        step = 0
        while not st.is_over:
            action = bot.choose(st)
            recorded = int(batch.record[step][row])
            if action.verb != "play" or card_index(game.deck.parse(action.args[0])) != recorded:
                differ.append(f"seed {seed} ({st.contract}), step {step}: scalar {action}, "
                              f"batch {PACK_ORDER[recorded] if recorded != NO_CARD else None}")
                break
            positions += 1
            st = st.apply(action)
            step += 1
        else:  # the batch's deal ended where the scalar one did
            if step < len(batch.record) and batch.record[step][row] != NO_CARD:
                differ.append(f"seed {seed}: the batch plays on after the deal's end")
    return positions, differ[:5]


@pytest.mark.parametrize(("options", "kontra", "re", "deals"), FORMS)
def test_both_forms_play_the_same_card_in_every_position(options: dict[str, Any], kontra: bool,
                                                         re: bool, deals: int) -> None:
    positions, differ = _first_difference(options, kontra, re, range(deals))
    assert not differ, differ
    assert positions > 20 * deals


def test_the_forms_cover_every_game_over_a_thousand_deals() -> None:
    assert sum(deals for *_, deals in FORMS) >= 1000
    assert all(deals >= 3 * len(CONTRACTS) for *_, deals in FORMS)
    assert set(CONTRACTS) == set(GAME_CALLS)


def test_the_bots_own_calls_and_play_agree_in_every_position() -> None:
    """The deals as the bot calls them (its own choice of game, Kontra and Re)."""
    game = cardlab.load("officer_skat")
    sim_starts = []
    for seed in range(150):
        st: Any = game.deal(seed=seed)
        bot = bot_for("officer_skat", "heuristic", seed=seed)
        while st.phase != "play":
            st = st.apply(bot.choose(st))
        sim_starts.append(st)
    batch = recorded_batch_play(OfficerSkatBatch, sim_starts, list(range(150)))
    for row, st in enumerate(sim_starts):
        bot = bot_for("officer_skat", "heuristic", seed=row)
        for step in range(len(batch.record)):
            if st.is_over:
                assert batch.record[step][row] == NO_CARD
                continue
            action = bot.choose(st)
            assert card_index(game.deck.parse(action.args[0])) == batch.record[step][row], (
                row, step, action)
            st = st.apply(action)


def test_one_function_on_ints_and_on_arrays() -> None:
    """:func:`play_choice` gives the same card and rule on one deal (Python ints, the
    tables as tuples) as on a batch row (arrays), over every contract, led card and mover
    of a sample of playable sets."""
    ints = play_tables()
    arrays = ints.as_arrays()
    rng = np.random.default_rng(20261205)
    rows = 4000
    contract = rng.integers(0, len(GAME_CALLS), rows)
    legal = np.zeros(rows, dtype=np.uint64)
    for _ in range(6):
        legal |= np.uint64(1) << rng.integers(0, 32, rows).astype(np.uint64)
    lead = np.where(rng.random(rows) < 0.4, NO_CARD, rng.integers(0, 32, rows))
    # a quarter of the sets only of cards that beat the led card (where any do)
    beaters = legal & arrays.beats[contract * (NO_CARD + 1) + lead]
    legal = np.where((rng.random(rows) < 0.25) & (beaters != 0), beaters, legal)
    declares = rng.random(rows) < 0.5
    cards, rules = play_choice(arrays, contract, legal, lead, declares)
    for i in range(rows):
        card, rule = play_choice(ints, int(contract[i]), int(legal[i]), int(lead[i]),
                                 bool(declares[i]))
        assert (card, rule) == (cards[i], rules[i]), i
        assert int(legal[i]) >> card & 1
    assert set(rules.tolist()) == set(range(len(RULES)))  # every rule is reached
