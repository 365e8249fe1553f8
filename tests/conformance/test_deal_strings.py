"""Deal strings round-trip in every game and form (DESIGN §2.2, ``engine/record.py``).

For every registered game, every form that changes what is dealt (player counts, packs,
Five Hundred's two-player forms, Officer Skat's deal order, Panfin's cut and turn-up
options), and many seeded deals: ``state.deal_string()`` at the start, in the middle of
the deal and at its end loads back through ``game.deal_from_string(text, dealer)`` to a
state with the same deal string and the same hands as the deal began with. Panfin's
deals won at the cut (B2.5) are among them.

A deal string that cannot be dealt names *everything* wrong with it at once
(``record.check_deal``): each card twice and where, each wrong count, the cards missing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import table_forms

import cardlab
from cardlab.engine.state import State
from cardlab.errors import IllegalAction

#: every game and every form that changes what a deal holds: (game, options)
#: every table of every registered game, and the options that change what a deal string holds
FORMS: list[tuple[str, dict[str, Any]]] = [
    *table_forms(),
    ("five_hundred", {"players": 4, "pack_4p": "45"}),
    ("five_hundred", {"players": 4, "pack_4p": "46"}),
    ("five_hundred", {"players": 4, "pack_4p": "43_spade_diamond_4s_removed"}),
    ("five_hundred", {"players": 6, "six_player_sides": "two_triples"}),
    ("officer_skat", {"choose_after_face_up": 8}),
    ("officer_skat", {"faces": "german"}),
    ("pandoeren", {"preset": "butselaar"}),
    ("panfin", {"players": 4, "turnup_gobbo": "turn_next_card"}),
    ("panfin", {"players": 4, "cut_shown_card": "top_of_remaining"}),
    ("panfin", {"players": 4, "check_behind_gobbo": False}),
    ("panfin", {"players": 4, "cut_gobbo_kept": False}),
    ("panfin", {"players": 4, "cut_vecia_wins": False}),
]


def _ids(form: tuple[str, dict[str, Any]]) -> str:
    name, opts = form
    return name + "".join(f"-{k}={v}" for k, v in opts.items())


def test_every_registered_game_has_a_form() -> None:
    assert {name for name, _ in FORMS} == set(cardlab.game_names())


def moments(game: Any, seed: int) -> list[State]:
    """A seeded deal at its start, at a random moment in the middle, and at its end."""
    rng = random.Random(seed)
    first = game.deal(seed=seed, dealer=seed % game.players)
    line = [first]
    while not line[-1].is_over:
        line.append(line[-1].apply(rng.choice(line[-1].legal_actions())))
        assert len(line) < 2000, "the deal did not end"
    return [first, line[rng.randrange(len(line))], line[-1]]


def assert_round_trip(game: Any, state: State) -> None:
    """``deal_string()`` loads back to the same deal string and the same hands."""
    text = state.deal_string()
    first = state.states()[0]
    again = game.deal_from_string(text, first.setup["dealer"])
    assert again.deal_string() == text
    assert again.hands == first.hands
    assert again.is_over == first.is_over  # a deal won at the cut stays won


@pytest.mark.parametrize("form", FORMS, ids=_ids)
@settings(max_examples=40)
@given(seed=st.integers(0, 2**31))
def test_deal_string_round_trips_at_the_start_mid_deal_and_at_the_end(form, seed) -> None:
    name, opts = form
    game = cardlab.load(name, **opts)
    for state in moments(game, seed):
        assert_round_trip(game, state)


@pytest.mark.parametrize("form", FORMS, ids=_ids)
def test_deal_string_round_trips_over_many_seeded_deals(form) -> None:
    """The first 150 seeds of each form (Panfin's deals won at the cut among them)."""
    name, opts = form
    game = cardlab.load(name, **opts)
    for seed in range(150):
        assert_round_trip(game, game.deal(seed=seed, dealer=seed % game.players))


# -- Panfin: the cut (B2.5) ------------------------------------------------------------------
def _seed_where(game: Any, test: Any, limit: int = 3000) -> State:
    for seed in range(limit):
        state = game.deal(seed=seed, dealer=seed % game.players)
        if test(state):
            return state
    raise AssertionError("no such deal in the first seeds")


@pytest.mark.parametrize("players", range(2, 7))
def test_b2_5_deal_won_at_the_cut_loads_from_its_deal_string(players) -> None:
    """B2.5: the Vecia shown at the cut wins the pot at once; its deal string is
    ``cut: FS`` and loads back to the same finished deal."""
    game = cardlab.load("panfin", players=players)
    won = _seed_where(game, lambda s: s.is_over and list(s.cut) == [cardlab.Card("F", "S")])
    assert won.deal_string() == "cut: FS"
    again = game.deal_from_string("cut: FS", won.dealer)
    assert again.is_over and again.result == won.result and again.deal_string() == "cut: FS"


def test_b2_5_vecia_behind_a_kept_gobbo_loads_from_its_deal_string() -> None:
    """B2.5 / F-A5: the Vecia found behind a kept Gobbo wins too: ``cut: FB FS``."""
    game = cardlab.load("panfin")
    again = game.deal_from_string("cut: FB FS", dealer=2)
    assert again.is_over and again.deal_string() == "cut: FB FS"
    assert again.result.declarer == game.deal(cut="FB FS", dealer=2).result.declarer


def test_b2_5_a_deal_string_may_name_the_cut_of_a_dealt_hand() -> None:
    """B2.5: ``cut: …`` beside the hands keeps the card(s) shown at the cut (public cards)."""
    game = cardlab.load("panfin")
    state = _seed_where(game, lambda s: not s.is_over and len(s.cut) == 2)  # a kept Gobbo
    cut = " ".join(c.code for c in state.cut)
    assert state.deal_string().endswith(f" / cut: {cut}"), "the deal string names the cut"
    again = game.deal_from_string(state.deal_string(), state.dealer)
    assert again.cut == state.cut and again.hands == state.hands
    assert again.deal_string() == state.deal_string()
    bare = state.deal_string().rsplit(" / cut:", 1)[0]  # a deal string may leave it out
    assert game.deal_from_string(bare, state.dealer).hands == state.hands


def test_b2_6_the_stock_may_be_left_out() -> None:
    """B2.6: without ``stock:`` the stock is the rest of the pack, in pack order."""
    game = cardlab.load("panfin")
    state = _seed_where(game, lambda s: not s.is_over)
    text = state.deal_string().rsplit(" / stock:", 1)[0]  # (the cut goes with it)
    again = game.deal_from_string(text, state.dealer)
    assert again.hands == state.hands and sorted(again.stock) == sorted(state.stock)


def test_b2_6_every_problem_of_a_stacked_deal_is_named() -> None:
    """B2.6: a card twice and a card missing are named together."""
    game = cardlab.load("panfin")
    state = _seed_where(game, lambda s: not s.is_over)
    first, second = state.hands[0][0], state.hands[1][0]
    text = state.deal_string().replace(f"P2: {second.code}", f"P2: {first.code}")
    with pytest.raises(IllegalAction) as err:
        game.deal_from_string(text, state.dealer)
    assert err.value.code == "duplicate_card" and err.value.rule == "B2.6"
    assert str(err.value) == f"{first.code} twice (P1 and P2); missing: {second.code}"


# -- every problem at once ---------------------------------------------------------------------
def test_5h_2_a_card_twice_and_the_missing_ones_are_named_together() -> None:
    """5H-2: every card once; a wrong deal string names the card twice (and where) and every
    card missing, not only the first problem."""
    game = cardlab.load("five_hundred")
    parts = {"N": "AS KS QS JS 10S 9S 8S 7S 6S 5S", "E": "AS KH QH JH 10H 9H 8H 7H 6H 5H",
             "S": "AD KD QD JD 10D 9D 8D 7D 6D 5D", "W": "AC KC QC JC 10C 9C 8C 7C 6C 5C",
             "kitty": "4H JK 4D"}
    text = " / ".join(f"{k}: {v}" for k, v in parts.items())
    with pytest.raises(IllegalAction) as err:
        game.deal_from_string(text)
    assert err.value.code == "duplicate_card"
    assert str(err.value) == "AS twice (N and E); missing: AH"


def test_5h_2_wrong_counts_are_named_with_the_rest() -> None:
    """5H-2: ten cards a hand, three in the kitty; each wrong count is named."""
    game = cardlab.load("five_hundred")
    text = game.deal(seed=3).deal_string()
    kitty = text.rsplit("kitty: ", 1)[1].split()
    short = text.rsplit(" / kitty:", 1)[0] + " / kitty: " + " ".join(kitty[:2])
    with pytest.raises(IllegalAction) as err:
        game.deal_from_string(short)
    assert str(err.value) == (f"kitty has 2 cards ({kitty[0]} {kitty[1]}) instead of 3; "
                              f"missing: {kitty[2]}")
    assert err.value.code == "wrong_count"


def test_a_long_list_of_missing_cards_is_cut_short() -> None:
    game = cardlab.load("pandoeren")
    with pytest.raises(IllegalAction, match=r"missing 33 cards: .* and 23 more$"):
        game.deal_from_string("N: / E: / S: / W: / kijkkaart:")


def test_a_stray_slash_names_no_part() -> None:
    game = cardlab.load("pandoeren")
    text = game.deal(seed=2).deal_string()
    assert game.deal_from_string(text + " /").deal_string() == text
