"""The example game (Turn-up Whist, ``cardlab/games/example``) passes what every game passes.

It is not registered by default, so a fixture registers it for this module, as a new
game's tests would. Then the shared checks run over it: seeded random playouts to the
end (``support.check_playout``: immutability, ``explain`` against ``legal_actions`` and
``apply``, views hiding other seats' cards, records round-tripping through
``cardlab.from_json``), and the checks of ``test_api_shape``, ``test_hidden_twins``,
``test_deal_strings`` and ``test_bad_input``, called with the example. A few rule tests
cite the example's own rules (``EX-…``, its package docstring).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import test_api_shape as api_shape
import test_bad_input as bad_input
import test_deal_strings as deal_strings
import test_hidden_twins as hidden_twins
from support import check_playout, legal_strs

import cardlab
from cardlab.bots import RandomBot, play_out
from cardlab.engine import registry
from cardlab.engine.state import State
from cardlab.errors import IllegalAction

NAME = "example"
#: the forms played, with the seeded deals the playout checker plays of each: the
#: defaults, and each option that changes the play or the points
FORMS: list[tuple[dict[str, Any], int]] = [({}, 40), ({"preset": "strict"}, 20),
                                           ({"call_value": 2}, 10)]

#: a stacked deal (EX-2): hearts are trumps (the turn-up JH); P1 calls first (dealer P3)
STACKED = {"hands": ["AH KH QH AS KS QS AC", "KC QC JC 10C 9C AD KD", "QD JD 10D 9D JS 10S 9H"],
           "stock": "JH 10H 9S", "dealer": 2}


@pytest.fixture(autouse=True, scope="module")
def example_registered() -> Iterator[None]:
    """Register the example game for this module (records load through the registry)."""
    had = NAME in registry.names()
    registry.register(NAME, "cardlab.games.example")
    yield
    if not had:
        registry.unregister(NAME)


def stacked(**options: Any) -> State:
    return cardlab.load(NAME, **options).deal(**STACKED)


# -- the checks every game passes ---------------------------------------------------------
@pytest.mark.parametrize(("options", "deals"), FORMS,
                         ids=["default", "strict", "call_value-2"])
def test_seeded_random_playouts_keep_every_invariant(options: dict[str, Any], deals: int
                                                     ) -> None:
    game = cardlab.load(NAME, **options)
    calls = 0
    for seed in range(deals):
        final = check_playout(game, seed)
        calls += final.contract == "call"
    assert 0 < calls < deals  # both kinds of deal were played


@pytest.mark.parametrize("form", [(NAME, {}), (NAME, {"preset": "strict"})],
                         ids=["default", "strict"])
def test_registry_conformance(form: tuple[str, dict[str, Any]]) -> None:
    """The step-by-step checks every registered game runs (action ids, records at every
    step, explain against apply), over the example."""
    import test_registry_conformance as checks  # a missing check is a failure, not a skip
    checks.test_action_ids_round_trip(form)
    for seed in checks.SEEDS:
        checks.test_every_listed_action_has_its_id(form, seed)
        checks.test_records_round_trip_at_every_step(form, seed)
        checks.test_explain_and_apply_agree(form, seed)
    checks.test_scoring_only_options_are_options_of_the_game(NAME)
    checks.test_rescored_variants_vary_only_scoring_options(NAME)


@pytest.fixture(scope="module")
def form() -> tuple[Any, list[State]]:
    game = cardlab.load(NAME)
    return game, api_shape.finished_deals(game)


@pytest.mark.parametrize("check", [
    api_shape.test_result_sides_points_and_seat_points,
    api_shape.test_result_figures_core_keys_and_shapes,
    api_shape.test_result_round_trips_through_json,
    api_shape.test_result_next_dealer,
    api_shape.test_state_contract_is_notation_or_none,
    api_shape.test_effective_suit_is_the_suit_a_led_card_sets,
    api_shape.test_effective_suit_and_card_value_cover_the_pack,
], ids=lambda f: f.__name__.removeprefix("test_"))
def test_api_shape(check: Any, form: tuple[Any, list[State]]) -> None:
    check(form)


def test_match_plays_to_the_end() -> None:
    api_shape.test_match_plays_to_the_end_and_moves_the_dealer_as_the_result_says(NAME, {})


def test_a_refused_record_leaves_the_match_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    api_shape.test_a_refused_record_leaves_the_match_as_it_was(NAME, {}, monkeypatch)


def test_a_deal_added_by_its_result_is_recorded_as_the_deal() -> None:
    api_shape.test_a_deal_added_by_its_result_is_recorded_as_the_deal(NAME, {})


def test_twin_deals_look_identical_to_each_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example has no heuristic bot: its twin deals are played by random ones."""
    monkeypatch.setattr(hidden_twins, "bot_for", lambda name, kind, seed=0: RandomBot(seed))
    hidden_twins.test_twin_deals_look_identical_to_each_seat((NAME, {}))


def test_deal_strings_round_trip() -> None:
    deal_strings.test_deal_string_round_trips_over_many_seeded_deals((NAME, {}))
    game = cardlab.load(NAME)
    for seed in range(20):
        for state in deal_strings.moments(game, seed):
            deal_strings.assert_round_trip(game, state)


def test_bad_input_loads_or_names_the_field() -> None:
    bad_input.test_fuzzed_input_loads_or_names_the_field(NAME)
    for dealer in (1.0, True, -1, 99, "1", None):
        bad_input.test_non_integer_dealers_are_refused_alike(NAME, dealer)


def test_records_round_trip_mid_deal() -> None:
    state = stacked().apply("call").apply("play AC")
    again = cardlab.from_json(state.to_json())
    assert again.history == state.history and again.hands == state.hands
    assert again.deal_string() == state.deal_string()


def test_the_widgets_and_pictures_draw_it() -> None:
    from cardlab.render import state_svg
    from cardlab.widgets import DealEditor, ScoreCompare, Table, TrumpLadder

    state = stacked()
    table = Table(state, seat=0)
    assert table.view["legal"] == ["pass", "call"]
    table.handle({"type": "act", "action": "call"})
    assert TrumpLadder(cardlab.load(NAME), contract="H").view["trumps"][0] == "AH"
    final = play_out(state, RandomBot(seed=1))
    rows = ScoreCompare(final).view["rows"]
    assert [r["variant"] for r in rows] == ["as played", "call_value_2", "call_value_8"]
    assert not any(r["error"] for r in rows)
    assert DealEditor(cardlab.load(NAME)).view["parts"][-1]["label"] == "stock"
    assert "<svg" in str(state_svg(final))


# -- the example's own rules ----------------------------------------------------------------
def test_ex_2_the_turn_up_names_trumps_and_stays_face_up() -> None:
    """EX-2: the top card of the stock is turned up; its suit is trumps."""
    state = stacked()
    assert state.trump == "H" and str(state.turnup) == "JH"
    for seat in (None, 0, 1, 2):
        extras = {e["label"]: e for e in state.view(seat)["extras"]}
        assert extras["turn-up"]["cards"] == ["JH"]
        assert extras["stock"] == {"label": "stock", "cards": None, "count": 2}


def test_ex_3_1_each_player_speaks_once() -> None:
    """EX-3.1: a player who has passed may not call later."""
    state = stacked().apply("pass")
    with pytest.raises(IllegalAction) as err:
        state.apply("call", seat=0)
    assert (err.value.code, err.value.rule) == ("already_passed", "EX-3.1")


def test_ex_3_2_a_call_ends_the_calling_and_the_caller_leads() -> None:
    """EX-3.2 / EX-4.1: the first call ends the calling; the caller leads to trick 1."""
    state = stacked().apply("pass").apply("call")
    assert state.phase == "play" and state.caller == 1 and state.to_move == 1
    assert state.contract == "call"


def test_ex_3_3_all_pass_the_dealers_left_leads() -> None:
    """EX-3.3 / EX-4.1: with no caller the dealer's left leads and nobody holds a contract."""
    state = stacked().apply("pass").apply("pass").apply("pass")
    assert state.phase == "play" and state.to_move == 0 and state.contract is None


def test_ex_4_2_the_suit_led_must_be_followed() -> None:
    """EX-4.2: P2 holds clubs, so on the ace of clubs only clubs are legal."""
    state = stacked().apply("call").apply("play AC")
    assert legal_strs(state) == ["play KC", "play QC", "play JC", "play 10C", "play 9C"]
    e = state.explain("play AD")
    assert (e.legal, e.code, e.rule) == (False, "must_follow_suit", "EX-4.2")


@pytest.mark.parametrize("must_trump", [False, True])
def test_ex_4_3_must_trump_option(must_trump: bool) -> None:
    """EX-4.3: P3, void in clubs, must play its trump (9H) only under must_trump=True."""
    state = stacked(must_trump=must_trump).apply("call").apply("play AC").apply("play KC")
    if must_trump:
        assert legal_strs(state) == ["play 9H"]
        assert state.explain("play JS").code == "must_trump"
    else:
        assert len(legal_strs(state)) == 7


def test_ex_4_4_a_trump_wins_and_the_winner_leads() -> None:
    """EX-4.4: the nine of hearts (trumps) beats the ace of clubs; P3 leads next."""
    state = stacked().apply("call").apply("play AC").apply("play KC").apply("play 9H")
    assert state.tricks[-1].winner == 2 and state.to_move == 2


def test_ex_5_the_points() -> None:
    """EX-5.1 one point a trick; EX-5.2 the caller wins or loses ``call_value`` more."""
    for seed in range(30):
        final = play_out(cardlab.load(NAME).deal(seed=seed), RandomBot(seed=seed))
        r = final.result
        won = r.figures["seat_tricks"]
        bonus = 0 if final.caller is None else (4 if won[f"P{final.caller + 1}"] >= 4 else -4)
        assert r.figures["call_bonus"] == bonus
        assert sum(r.points.values()) == 7 + bonus
        assert r.made == (None if final.caller is None else bonus > 0)
