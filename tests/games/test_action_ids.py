"""Stable integer action ids for every game (STYLE §5, OpenSpiel item 4).

Every id round-trips through its notation; every action a state lists has an id whose
notation is that very action; bad ids and bad notation are refused by name; options
that cap a list (bids) only add or remove ids at the end.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import end_tables, table_forms

import cardlab
from cardlab.engine.rng import SplitMix64

#: rule options that change which actions a game has (more calls, capped bids), on top of
#: its tables; a game with none needs no entry
RULE_OPTIONS: list[tuple[str, dict[str, Any]]] = [
    ("officer_skat", {"pass_allowed": True, "ramsch_allowed": True}),
    ("pandoeren", {"number_bid_cap": 200, "preset": "butselaar"}),
    ("panfin", {"max_exchange": 2}),
]
#: games whose action table is the same under every option and at every player count: their
#: ids round-trip once, at the default table
ONE_TABLE = {"panfin"}
CONFIGS: list[tuple[str, dict[str, Any]]] = [*end_tables(), *RULE_OPTIONS]
ROUND_TRIP = [c for c in CONFIGS
              if c[0] not in ONE_TABLE or c == table_forms(c[0])[0]]


def test_the_game_specific_entries_name_registered_games() -> None:
    assert {name for name, _ in RULE_OPTIONS} | ONE_TABLE <= set(cardlab.game_names())
    assert all(cardlab.load(n).num_distinct_actions == cardlab.load(n, **o).num_distinct_actions
               for n, o in CONFIGS if n in ONE_TABLE)


def _game(name: str, options: dict[str, Any]) -> Any:
    return cardlab.load(name, **options)


@pytest.mark.parametrize(("name", "options"), ROUND_TRIP)
def test_every_id_round_trips(name: str, options: dict[str, Any]) -> None:
    game = _game(name, options)
    n = game.num_distinct_actions
    assert n > 0
    texts = set()
    for i in range(n):
        text = game.action_text(i)
        assert game.action_id(text) == i, (i, text)
        texts.add(str(text))
    assert len(texts) == n  # one id per action, one action per id


@pytest.mark.parametrize(("name", "options"), CONFIGS)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_legal_action_has_its_id(name: str, options: dict[str, Any], seed: int) -> None:
    game = _game(name, options)
    rng = SplitMix64(seed)
    state = game.deal(seed=seed, dealer=seed % game.players)
    while not state.is_over:
        legal = state.legal_actions()
        ids = [game.action_id(a) for a in legal]
        assert len(set(ids)) == len(ids), legal
        assert [game.action_text(i) for i in ids] == legal
        state = state.apply(legal[rng.randbelow(len(legal))])


@pytest.mark.parametrize("name", cardlab.game_names())
def test_bad_ids_and_notation_are_refused_by_name(name: str) -> None:
    game = cardlab.load(name)
    n = game.num_distinct_actions
    for bad in (-1, n, "3", 2.0, True, None):
        with pytest.raises(cardlab.IllegalAction) as err:
            game.action_text(bad)
        assert err.value.code == "bad_action_id"
        if isinstance(bad, int) and not isinstance(bad, bool):
            assert str(n - 1) in str(err.value)  # the message gives the valid range
    with pytest.raises(cardlab.IllegalAction) as err:
        game.action_id("dance a jig")
    assert err.value.code == "unknown_action"
    with pytest.raises(cardlab.IllegalAction) as err:
        game.action_id("play 2Z")
    assert err.value.code == "unknown_card"


def test_notation_is_normalised_before_its_id_is_found() -> None:
    panfin = cardlab.load("panfin")
    assert panfin.action_id("tengo 2C 7S") == panfin.action_id("tengo 7S 2C")
    assert panfin.action_id("PLAY fb fs") == panfin.action_id("play FS FB")
    skat = cardlab.load("officer_skat")
    assert skat.action_id("PLAY th") == skat.action_id("play 10H")


def test_pandoeren_caps_only_move_the_last_ids() -> None:
    """Pandoeren A4.3: number_bid_cap and pandoer_extra_cap cap open-ended bids; their ids
    come last, so every other action keeps its id under any cap."""
    low = cardlab.load("pandoeren", number_bid_cap=150, pandoer_extra_cap=40)
    high = cardlab.load("pandoeren")
    assert low.num_distinct_actions < high.num_distinct_actions
    shared = [str(high.action_text(i)) for i in range(high.num_distinct_actions)
              if not str(high.action_text(i)).split()[-1][-1].isdigit()]
    assert shared
    for text in shared:
        assert low.action_id(text) == high.action_id(text), text
    with pytest.raises(cardlab.IllegalAction):
        low.action_id("bid 300")  # above the cap: no such bid, no id


def test_ids_do_not_depend_on_the_state() -> None:
    game = cardlab.load("officer_skat")
    a = game.deal(seed=1)
    b = game.deal(seed=2)
    for state in (a, b):
        for action in state.legal_actions():
            assert game.action_id(action) == cardlab.load("officer_skat").action_id(str(action))
