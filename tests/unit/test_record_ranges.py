"""Every numeric field of a record, a share code or a match's carried scores is checked for
its range where it enters (#32 item 4): a value outside gets an error naming the field and
its allowed range (``RecordError`` from a record or a code, ``ValueError`` from a call);
any value inside loads (hypothesis draws them).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.engine import registry, share
from cardlab.engine.record import CHIP_RANGE, SCORE_RANGE, SEED_RANGE, int_arg
from cardlab.errors import RecordError

GAMES = registry.names()
HUGE = [10 ** 100, -(10 ** 100)]


def _record(game: str, seed: int = 3) -> dict[str, Any]:
    return json.loads(cardlab.load(game).deal(seed=seed).to_json())


# -- Panfin's pot and stacks (B2.4: the pot carried over, each seat's chips) -----------------
@pytest.mark.parametrize("pot", [*HUGE, -1, CHIP_RANGE[1] + 1, 2.0, True, "5"])
def test_panfin_pot_outside_its_range_is_refused_naming_pot(pot: Any) -> None:
    record = _record("panfin")
    record["setup"]["pot"] = pot
    with pytest.raises(RecordError, match=rf"'setup': pot= must be a whole number from 0 to "
                                          rf"{CHIP_RANGE[1]} \(chips\)"):
        cardlab.from_json(record)


@pytest.mark.parametrize("chips", [*HUGE, CHIP_RANGE[0] - 1, CHIP_RANGE[1] + 1, 0.5, False])
def test_panfin_stack_outside_its_range_is_refused_naming_the_seat(chips: Any) -> None:
    record = _record("panfin")
    record["setup"]["stacks"] = [0, 0, chips, 0]
    with pytest.raises(RecordError, match=rf"stacks\[2\] must be a whole number from "
                                          rf"{CHIP_RANGE[0]} to {CHIP_RANGE[1]}"):
        cardlab.from_json(record)


@settings(max_examples=60, deadline=None)
@given(pot=st.integers(0, CHIP_RANGE[1]),
       stacks=st.lists(st.integers(*CHIP_RANGE), min_size=4, max_size=4))
def test_panfin_pot_and_stacks_in_range_load_and_round_trip(pot: int, stacks: list[int]) -> None:
    record = _record("panfin")
    record["setup"].update(pot=pot, stacks=stacks)
    state = cardlab.from_json(record)
    assert state.setup["pot"] == pot and list(state.setup["stacks"]) == stacks
    assert json.loads(state.to_json())["setup"] == record["setup"]


# -- the record's seed ------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [SEED_RANGE[0] - 1, SEED_RANGE[1] + 1, *HUGE, 1.0, True])
def test_record_seed_outside_64_bits_is_refused(game: str, seed: Any) -> None:
    record = _record(game)
    record["seed"] = seed
    with pytest.raises(RecordError, match=rf"'seed' must be an int from {SEED_RANGE[0]} to "
                                          rf"{SEED_RANGE[1]}"):
        cardlab.from_json(record)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(*SEED_RANGE))
def test_record_seed_in_range_loads(game: str, seed: int) -> None:
    record = _record(game)
    record["seed"] = seed
    assert cardlab.from_json(record).seed == seed


# -- the dealer ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_record_dealer_outside_the_seats_is_refused_naming_the_seats(game: str) -> None:
    n = cardlab.load(game).players
    for dealer in (-1, n, *HUGE):
        record = _record(game)
        record["setup"]["dealer"] = dealer
        with pytest.raises(RecordError, match=rf"'setup': dealer must be a seat 0…{n - 1}"):
            cardlab.from_json(record)


# -- a share code's seed -----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_share_code_seed_beyond_64_bits_is_refused(game: str) -> None:
    code = share.share_code(cardlab.load(game).deal(seed=3))
    for seed in (SEED_RANGE[1] + 1, SEED_RANGE[0] - 1):
        bad = re.sub(r"~s-?\d+", f"~s{seed}", code)
        with pytest.raises(RecordError, match=rf"seed \(field 's'\) must be a whole number from "
                                              rf"{SEED_RANGE[0]} to {SEED_RANGE[1]}"):
            share.read_share(bad)


# -- scores carried into a match ---------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("score", [*HUGE, SCORE_RANGE[1] + 1, SCORE_RANGE[0] - 1, 1.5, "10", True])
def test_match_scores_outside_their_range_are_refused_naming_the_side(game: str,
                                                                      score: Any) -> None:
    g = cardlab.load(game)
    side = next(iter(g.sides))
    with pytest.raises(ValueError, match=rf"scores\[{side!r}\] must be a whole number from "
                                         rf"{SCORE_RANGE[0]} to {SCORE_RANGE[1]}"):
        g.match(seed=1, scores={side: score})
    with pytest.raises(ValueError, match=r"scores\["):
        g.match(seed=1, scores=[score] * len(g.sides))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_match_scores_in_range_are_carried(game: str, data: st.DataObject) -> None:
    g = cardlab.load(game)
    scores = {s: data.draw(st.integers(*SCORE_RANGE)) for s in g.sides}
    assert g.match(seed=1, scores=scores).scores == scores


def test_int_arg_names_the_argument_its_range_and_unit() -> None:
    with pytest.raises(ValueError, match=r"^pot= must be a whole number from 0 to 9 \(chips\), "
                                         r"not 10$"):
        int_arg(10, "pot", (0, 9), "chips")
    assert int_arg(9, "pot", (0, 9)) == 9
