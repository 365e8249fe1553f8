"""Consistency of the open-hands values over seeded deals in every table of every game:
a position's value is the best child value for the mover's side, ``line`` achieves the
best value, ``par``'s costs are never negative and add up to the side's loss, and twin
positions (touching cards swapped between hands) have equal values.

Positions are taken where no hand holds more than four cards (fewer in the slow tables),
so the suite stays near a minute on one core (``benchmarks/solve_bench.py`` times the
opening leads).
"""

from __future__ import annotations

from typing import Any

import pytest
from solve_support import FORMS, endgame, form_id, side_of
from support import replay, swap_tokens

import cardlab
import cardlab.solve
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.solve.adapter import adapter_for
from cardlab.solve.search import Search

#: deals per table for the property tests
DEALS = 6
#: cards per hand at the positions tested, by (game, players)
CARDS = {("five_hundred", 5): 3, ("five_hundred", 6): 3, ("pandoeren", 4): 3, ("panfin", 5): 2,
         ("panfin", 6): 2}


def side_value(state: State, side: str) -> float:
    """The open-hands value of ``state`` for ``side`` (whoever moves)."""
    if state.is_over:
        assert state.result is not None
        return float(state.result.points[side])
    adapter = adapter_for(state)
    return adapter.final(Search(adapter, side).exact(adapter.root(state)), side)


def positions(name: str, opts: dict[str, Any], deals: int = DEALS) -> list[State]:
    game = cardlab.load(name, **opts)
    cards = CARDS.get((name, game.players), 4)
    out: list[State] = []
    seed = 0
    while len(out) < deals and seed < 100 * deals:
        seed += 1
        state = endgame(game, 1000 + seed, cards)
        if state is not None:
            out.append(state)
    assert len(out) == deals
    return out


@pytest.mark.parametrize("form", FORMS, ids=form_id)
def test_value_is_the_best_child_value_for_the_mover(form: tuple[str, dict[str, Any]]) -> None:
    """Each action's value is the child's value for the mover's side: the best of the child's
    values when the same side moves next, else that side's value of the child (a trick
    boundary hands the move to another side, who minimises it)."""
    for state in positions(*form):
        rng = SplitMix64(len(state.history))
        while not state.is_over:
            got = cardlab.solve.values(state)
            assert state.to_move is not None
            side = side_of(state, state.to_move)
            assert got.side == side and got.seat == state.to_move
            for action in state.legal_actions():
                child = state.apply(action)
                if not child.is_over and child.to_move in state.game.sides[side]:
                    want = max(cardlab.solve.values(child).values())
                else:
                    want = side_value(child, side)
                assert got[str(action)] == want, (form, str(action))
            state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("form", FORMS, ids=form_id)
def test_line_achieves_the_best_value(form: tuple[str, dict[str, Any]]) -> None:
    for state in positions(*form):
        got = cardlab.solve.values(state)
        played = state
        for action in cardlab.solve.line(state):
            played = played.apply(action)
        assert played.is_over and played.result is not None
        assert played.result.points[got.side] == max(got.values())
        assert str(cardlab.solve.line(state)[0]) in got.best


@pytest.mark.parametrize("form", FORMS, ids=form_id)
def test_value_is_the_best_of_values(form: tuple[str, dict[str, Any]]) -> None:
    """``value`` (one search) is the best of ``values`` (each card valued apart)."""
    for state in positions(*form):
        assert cardlab.solve.value(state) == max(cardlab.solve.values(state).values())


#: tables whose whole deals are quick to value from the opening lead (par starts there)
PAR_FORMS = [f for f in FORMS if f[0] == "panfin" and f[1].get("players", 4) <= 4
             or f[1].get("two_player_form") == "dead_hand_33"]


@pytest.mark.parametrize("form", PAR_FORMS, ids=form_id)
def test_par_costs_are_never_negative_and_add_up_to_the_loss(form: tuple[str, dict[str, Any]]
                                                            ) -> None:
    """One side plays at random, the others keep that side's value (they play perfectly
    against it): the side's costs add up to its value at the start less its score."""
    name, opts = form
    game = cardlab.load(name, **opts)
    done = 0
    for seed in range(1, 60):
        start = endgame(game, seed, 99)
        if start is None:
            continue
        assert start.to_move is not None
        side = side_of(start, start.to_move)
        adapter = adapter_for(start)
        search = Search(adapter, side)
        rng = SplitMix64(seed)
        state = start
        while not state.is_over:
            assert state.to_move is not None
            if state.to_move in game.sides[side]:
                state = state.apply(rng.choice(state.legal_actions()))
                continue
            position = adapter.root(state)
            target = search.exact(position)
            for group, child in search.children(position):
                if search.value(child, target - 0.5, target + 0.5) == target:
                    state = state.apply(adapter.text(position, group[0]))
                    break
        steps = cardlab.solve.par(state)
        assert all(s.cost >= 0 for s in steps)
        assert [s.index for s in steps] == [i for i, a in enumerate(state.history)
                                             if i >= len(start.history) and a.verb == "play"]
        ours = sum(s.cost for s in steps if s.seat in game.sides[side])
        assert state.result is not None
        assert ours == side_value(start, side) - state.result.points[side]
        done += 1
        if done == 4:
            break
    assert done == 4


def twin_pair(state: State) -> tuple[str, str] | None:
    """A card held now and a card played earlier, of one effective suit, with no card left
    in any hand ranked between them: they stand in the same order to every card still to
    be played (DDS's relative ranks), so swapping them makes a twin."""
    order = state.card_order()
    left = [c for hand in state.hands for c in hand]
    played = [order.suit_of.get(p.card) and p.card for t in state.tricks  # type: ignore[attr-defined]
              for p in t.plays]
    for x in left:
        sx = order.suit_of.get(x)
        if sx is None:
            continue
        for y in played:
            if not y or order.suit_of.get(y) != sx:
                continue
            lo, hi = sorted((order.power[x], order.power[y]))
            if not any(order.suit_of.get(c) == sx and lo < order.power[c] < hi for c in left):
                return x.code, y.code
    return None


TWIN_FORMS = [f for f in FORMS if f[0] == "five_hundred"
              and f[1].get("two_player_form") != "ghost_partners_43" and f[1]["players"] <= 4]


@pytest.mark.parametrize("form", TWIN_FORMS, ids=form_id)
def test_twin_positions_have_equal_values(form: tuple[str, dict[str, Any]]) -> None:
    """5H-8 counts only tricks: a held card and a played card that stand in the same order
    to every card left, swapped in the deal and its history (the same tricks won), give a
    twin position whose every action has the same value with the two names swapped."""
    name, opts = form
    game = cardlab.load(name, **opts)
    done = 0
    for state in positions(name, opts, 40):
        pair = twin_pair(state)
        if pair is None:
            continue
        a, b = pair
        rename = {a: b, b: a}
        history = [" ".join(rename.get(w, w) for w in str(act).split()) for act in state.history]
        twin = replay(game, swap_tokens(state.setup, a, b), history)
        if twin is None or twin.phase != "play" or (
                [t.winner for t in twin.tricks] != [t.winner for t in state.tricks]):  # type: ignore[attr-defined]
            continue
        ours = cardlab.solve.values(state)
        theirs = cardlab.solve.values(twin)
        swapped = {" ".join(rename.get(w, w) for w in k.split()): v for k, v in theirs.items()}
        assert dict(ours) == swapped, (form, pair)
        done += 1
    assert done >= 5
