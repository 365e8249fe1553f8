"""The table's open-hands badges and par strip (issue 27, item 4).

The values themselves are the solver's (tests/solve checks them against a brute-force
minimax); here: the table shows exactly those values on exactly the legal cards, marks the
best, builds the par strip from them, and shows nothing to a viewer who cannot see every
card still in play (the values read them all).
"""

from __future__ import annotations

from typing import Any

import pytest
from widget_support import synced_view

import cardlab
import cardlab.solve
from cardlab.bots import bot_for
from cardlab.engine import registry
from cardlab.widgets import Table
from cardlab.widgets._open_hands import every_card_seen, step_values
from cardlab.widgets._view import card_args

GAMES = [name for name in registry.names() if name in cardlab.game_names()]


def played_deal(name: str, seed: int) -> Any:
    """A deal of ``name`` played to the end by the heuristic bots."""
    game = cardlab.load(name)
    bot = bot_for(name, "heuristic", seed=seed)
    state = game.deal(seed=seed, dealer=0)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    return state


def late_play_step(table: Table) -> int | None:
    """The last step of the table's line where a card is to be played with more than one
    card legal (a position the solver answers at once), or None."""
    line = table._line
    for k in reversed(range(len(line) - 1)):
        s = line[k]
        plays = [a for a in s.legal_actions() if a.verb == "play"]
        if len(plays) > 1:
            return k
    return None


@pytest.mark.parametrize("name", GAMES)
def test_badges_are_the_solvers_values_on_the_legal_cards(name: str) -> None:
    """Every legal card carries its open-hands value, the best ones are marked, and no
    other card carries a badge (27.4)."""
    checked = 0
    for seed in range(1, 12):
        final = played_deal(name, seed)
        table = Table(final, seat=None, show_all=True, open_hands=True)
        k = late_play_step(table)
        if k is None:
            continue
        table.go(k)
        state = table.state
        if not every_card_seen(state, state.view(None, shown=True)):
            continue  # face-down cards left (Officer Skat's piles): tested below
        oh = synced_view(table)["open_hands"]
        solved = cardlab.solve.values(state)
        expected = {code: solved[a] for a in solved
                    for code in card_args(state.game, cardlab.Action(a))}
        assert {c: d["value"] for c, d in oh["cards"].items()} == expected
        assert {c for c, d in oh["cards"].items() if d["best"]} == {
            code for a in solved.best for code in card_args(state.game, cardlab.Action(a))}
        assert oh["unit"] == solved.unit and oh["note"].startswith("Open hands")
        checked += 1
    assert checked >= 3, f"{name}: too few late positions with every card face up"


@pytest.mark.parametrize("name", GAMES)
def test_a_viewer_who_cannot_see_every_card_gets_no_values(name: str) -> None:
    """Hidden stays hidden: a seat's own table with open hands on shows no value, only the
    note, and two deals differing in cards that seat cannot see look the same to it."""
    final = played_deal(name, 3)
    table = Table(final, seat=0, open_hands=True)
    for k in range(len(table._line)):
        table.go(k)
        oh = synced_view(table)["open_hands"]
        state = table.state
        if every_card_seen(state, state.view(0)):
            continue  # the last trick, every remaining card in the learner's hand
        assert oh["cards"] == {} and oh["par"] == []
        assert "face up" in oh["note"]


def test_face_down_piles_keep_open_hands_off_even_with_every_hand_shown() -> None:
    """Officer Skat: show_all turns the hands up, not the face-down pile cards, which the
    solver would read; so the table shows no values while any lies face down."""
    final = played_deal("officer_skat", 2)
    table = Table(final, seat=None, show_all=True, open_hands=True)
    table.go(1)
    state = table.state
    assert any(pair[0] is not None for row in state.piles for pair in row)
    assert not every_card_seen(state, state.view(None, shown=True))
    assert synced_view(table)["open_hands"]["cards"] == {}


@pytest.mark.parametrize("name", GAMES)
def test_par_strip_marks_exactly_the_costly_card_plays(name: str) -> None:
    """The par strip lists the card plays up to the step whose open-hands value fell: the
    best card's value minus the card played, in that position (27.4)."""
    for seed in range(1, 6):
        final = played_deal(name, seed)
        table = Table(final, seat=None, show_all=True, open_hands=True)
        line = table._line
        last = len(line) - 1
        for k in range(max(0, last - 8), last + 1):  # step through the last tricks
            table.go(k)
        par = synced_view(table)["open_hands"]["par"]
        expected = []
        memo: dict[Any, Any] = {}
        for k in range(max(0, last - 8), last):
            played = line[k + 1].history[-1]
            if played.verb != "play":
                continue
            v = step_values(line[k], memo.setdefault(id(line[k]), {}))
            if v is None:
                continue
            cost = max(v.values()) - v[str(played)]
            if cost > 0:
                expected.append((k + 1, cost))
        assert [(p["step"], p["cost"]) for p in par if p["step"] > last - 8] == expected
        assert all(p["cost"] > 0 and p["text"].startswith("−") for p in par)


def test_open_hands_off_by_default_and_switchable() -> None:
    final = played_deal("five_hundred", 4)
    table = Table(final, seat=None, show_all=True)
    assert synced_view(table)["open_hands"] is None
    table.open_hands = True
    assert synced_view(table)["open_hands"] is not None


def test_teachers_page_switches_open_hands_on_its_table() -> None:
    """The teacher's page has an 'open-hands values' box: ticking it shows the values on the
    table now, and every table dealt after keeps them (27.4)."""
    from cardlab.widgets.teacher import TeacherPage

    page = TeacherPage("five_hundred", seed=16)
    assert page.table is not None and not page.table.open_hands
    page.open_hands.value = True
    assert page.table.open_hands
    page.table.go(len(page.table._line) - 3)
    assert synced_view(page.table)["open_hands"]["cards"]
    page.deal()
    assert page.table.open_hands
