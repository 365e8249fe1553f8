"""Cards' names for a screen reader, from the Table's view (issue #33): at the learner's turn
to play, every card of the learner's hand says in words what it is and whether it may be
played ("…, legal" or "…, not legal: <the reason>"); the joker is named with its role."""

from __future__ import annotations

from typing import Any

import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

FORMS: list[tuple[str, dict[str, Any]]] = [
    ("five_hundred", {}), ("officer_skat", {}), ("pandoeren", {}), ("panfin", {"players": 4})]


def _turns_to_play(name: str, options: dict[str, Any]) -> list[Table]:
    """The learner's table (seat 0, playing) at its first turns to play a card, in the first
    seeded deal that has any."""
    game = cardlab.load(name, **options)
    for seed in range(1, 20):
        state = game.deal(seed=seed)
        bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
        tables = []
        while not state.is_over and len(tables) < 3:
            if state.to_move == 0 and state.phase == "play":
                tables.append(Table(state, seat=0, bot_delay=0))
            state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
        if tables:
            return tables
    return []


@pytest.mark.parametrize(("name", "options"), FORMS, ids=[f[0] for f in FORMS])
def test_every_card_of_the_mover_says_if_it_is_legal(name: str, options: dict[str, Any]) -> None:
    tables = _turns_to_play(name, options)
    checked = 0
    for t in tables:
        if t.state.is_over or t.state.to_move != 0:
            continue
        mine = [c for h in t.view["hands"] if h["seat"] == 0 for c in h.get("cards") or []]
        for code in mine:
            d = t.view["card_info"][code]
            label = d["label"]
            assert label.startswith(d["name"]), label
            assert d["legal"] in (True, False), (code, d)
            if d["legal"]:
                assert label.endswith(", legal"), label
            else:
                assert ", not legal: " in label and d["reason"] in label, label
            checked += 1
    assert checked, f"{name}: no turn of seat 0 to play was found"


def test_the_joker_is_named_with_its_role_and_legality() -> None:
    game = cardlab.load("five_hundred")
    for seed in range(40):
        state = game.deal(seed=seed)
        bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(game.players)]
        while not state.is_over:
            if state.phase == "play" and state.to_move == 0 and any(
                    c.code == "JK" for c in state.hands[0]):
                d = Table(state, seat=0, bot_delay=0).view["card_info"]["JK"]
                assert d["label"].startswith("joker, "), d["label"]
                assert d["roles"], d
                assert d["legal"] in (True, False)
                assert d["label"].endswith(", legal") or ", not legal: " in d["label"]
                return
            state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
    pytest.fail("no deal of 40 put the joker in seat 0's hand at its turn to play")
