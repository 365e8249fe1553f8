"""The compiled search of Officer Skat (:mod:`cardlab.solve.officer_skat_core`) is exact: it
values every legal card as the interpreted search (:class:`cardlab.solve.search.Search`
walking the engine's own states, :class:`~cardlab.solve.officer_skat.StatesAdapter`) does,
in every contract and under every scoring.

Positions come from seeded deals called to their play (the registry's tables, by the
heuristic bots; and every kind of game declared on purpose: each suit game, Grand, Null and
Ramsch, with Kontra and Re at random), played at random to the first trick start where no
hand holds more than four or five cards; from there, every position of a random path to the
end is checked. The rule options that change what the search reads are covered: every
scoring method, Schneider and Schwarz by their options (Schwarz by tricks makes the search
read tricks), Null without a trick (its deal ends early: the engine's states), and a Re said
beside the opening lead.

``CARDLAB_SOLVE_SCALE`` multiplies the counts, as in ``test_exact.py``.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from solve_support import endgame, form_id, side_of, values_without_numba
from support import table_forms

import cardlab
import cardlab.solve
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.games.officer_skat.rules import GAME_CALLS
from cardlab.solve import officer_skat_core as core
from cardlab.solve.adapter import adapter_for
from cardlab.solve.officer_skat import CompiledSearch, OfficerSkatAdapter, StatesAdapter
from cardlab.solve.search import DEFAULT_TT_BYTES, Search

SCALE = int(os.environ.get("CARDLAB_SOLVE_SCALE", "1"))
#: the registry's tables of Officer Skat (each named form)
FORMS = table_forms("officer_skat")
#: rule options that change the end score or the play, beside the default
VARIANTS: list[dict[str, Any]] = [
    {},
    {"ramsch_allowed": True},
    {"scoring_method": "base_doubled_schneider", "method_a_schwarz_factor": 4},
    {"scoring_method": "card_points", "kontra_scope": "game_value_only"},
    {"scoring_method": "match_points"},
    {"game_value": "isko_levels", "matadors": "full_trump_sequence", "loss_factor": 1},
    {"schwarz": "no_tricks", "schneider": "le30"},
    {"schneider_schwarz_against_declarer": False, "null_value": 46},
    {"null_mode": "no_tricks"},
]


def interpreted(state: State) -> dict[str, float]:
    """Each legal action's value by the generic search on the engine's states."""
    ad = StatesAdapter(state)
    search = Search(ad, side_of(state, ad.to_move(state)))
    out: dict[str, float] = {}
    for group, child in search.children(state):
        v = search.exact(child)
        for a in group:
            out[str(a)] = v
    return out


def declared(game: cardlab.Game, seed: int, kind: str, cards_left: int) -> State | None:
    """A seeded deal with ``kind`` declared by forehand (Kontra and Re at random), played at
    random to the first trick start where no hand holds more than ``cards_left`` cards;
    None where the options refuse the game."""
    state = game.deal(seed=seed, dealer=seed % 2)
    rng = SplitMix64(seed)
    while state.phase not in ("play", "done"):
        legal = [str(a) for a in state.legal_actions()]
        if state.phase == "declare":
            if f"declare {kind}" not in legal:
                return None
            state = state.apply(f"declare {kind}")
        else:
            state = state.apply(rng.choice(legal))
    while state.phase == "play":
        if state._cur is None and max(len(h) for h in state.hands) <= cards_left:  # type: ignore[attr-defined]
            return state
        state = state.apply(rng.choice(state.legal_actions()))
    return None


def check_path(state: State, seed: int) -> int:
    """Every position of a random path from ``state`` to the end: the values (compiled where
    the deal is, else the same interpreted search) equal the interpreted search's; how many
    positions were checked."""
    rng = SplitMix64(seed ^ 0x0FF1CE)
    checked = 0
    while not state.is_over:
        got = dict(cardlab.solve.values(state))
        want = interpreted(state)
        assert got == want, (seed, state.contract, [str(a) for a in state.history])  # type: ignore[attr-defined]
        checked += 1
        state = state.apply(rng.choice(state.legal_actions()))
    return checked


@pytest.mark.parametrize("form", [("officer_skat", o) for _, o in FORMS], ids=form_id)
def test_compiled_equals_interpreted_on_the_registrys_tables(form: tuple[str, dict[str, Any]]
                                                             ) -> None:
    game = cardlab.load(form[0], **form[1])
    count = SCALE * 200
    deals = seed = 0
    while deals < count and seed < 20 * count:
        seed += 1
        state = endgame(game, seed, 5 if seed % 3 == 0 else 4)
        if state is None:
            continue
        assert cardlab.solve.compiled(state) == isinstance(adapter_for(state), OfficerSkatAdapter)
        deals += 1
        check_path(state, seed)
    assert deals == count


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
@pytest.mark.parametrize("kind", GAME_CALLS)
def test_compiled_equals_interpreted_in_every_game_and_scoring(options: dict[str, Any], kind: str
                                                               ) -> None:
    game = cardlab.load("officer_skat", **options)
    count = SCALE * 4
    # a Null without a trick mostly ends early: from the first trick start with eight cards
    early = kind == "null" and options.get("null_mode") == "no_tricks"
    deals = seed = 0
    while deals < count and seed < (40 if early else 10) * count:
        seed += 1
        state = declared(game, 1000 * seed + GAME_CALLS.index(kind), kind, 8 if early else 4)
        if state is None:
            continue
        deals += 1
        check_path(state, seed)
    if kind == "ramsch" and not options.get("ramsch_allowed"):
        assert deals == 0
    elif kind == "null" and (options.get("scoring_method") == "card_points"):
        assert deals == 0  # OS-7.5: Null is not scored by card points
    else:  # (a Null without a trick rarely lasts to eight cards under random play)
        assert deals == count or (early and deals > 0)


def test_null_without_a_trick_is_searched_on_the_engines_states() -> None:
    state = declared(cardlab.load("officer_skat", null_mode="no_tricks"), 7, "null", 16)
    assert state is not None
    assert isinstance(adapter_for(state), StatesAdapter) and not cardlab.solve.compiled(state)


@pytest.mark.parametrize("seed", range(1, 41))
def test_compact_positions_follow_the_engine(seed: int) -> None:
    """From the opening lead to the end of the deal (a Re beside the opening lead
    included), the compact position after each move is the engine's, and the moves' groups
    hold exactly the legal actions."""
    kind = GAME_CALLS[seed % len(GAME_CALLS)]
    game = cardlab.load("officer_skat", re_window="until_opening_lead", ramsch_allowed=True)
    state = game.deal(seed=seed, dealer=seed % 2)
    rng = SplitMix64(seed)
    while state.phase not in ("play", "done"):
        legal = [str(a) for a in state.legal_actions()]
        if f"declare {kind}" in legal:
            state = state.apply(f"declare {kind}")
        else:  # Kontra, and no Re at step 10, so that it stays open to the lead
            state = state.apply("kontra" if "kontra" in legal else
                                "no_re" if "no_re" in legal else rng.choice(legal))
    ad = OfficerSkatAdapter(state)
    pos = ad.root(state)
    assert pos.re_open == bool(state.re_open)  # type: ignore[attr-defined]
    while not state.is_over:
        groups = ad.moves(pos)
        texts = sorted(ad.text(pos, m) for g in groups for m in g)
        assert texts == sorted(str(a) for a in state.legal_actions())
        move = rng.choice(groups)[-1]
        state = state.apply(ad.text(pos, move))
        pos = ad.child(pos, move)
        assert pos == ad.root(state)


def test_a_re_beside_the_opening_lead_is_valued_as_the_deal_after_it() -> None:
    game = cardlab.load("officer_skat", re_window="until_opening_lead")
    for seed in range(1, 60):
        state = game.deal(seed=seed, dealer=seed % 2)
        while state.phase not in ("play", "done"):
            legal = [str(a) for a in state.legal_actions()]
            pick = next((a for a in ("declare grand", "kontra", "no_re") if a in legal), None)
            state = state.apply(pick or legal[0])
        if state.phase == "play" and state.re_open:  # type: ignore[attr-defined]
            break
    else:
        pytest.skip("no deal with a Re open at the lead")
    got = cardlab.solve.values(state, budget=50_000_000)
    assert got["re"] == cardlab.solve.value(state.apply("re"), budget=50_000_000)
    assert max(v for a, v in got.items() if a != "re") == cardlab.solve.value(
        state, budget=50_000_000) or got["re"] == max(got.values())


def test_the_compiled_search_keeps_its_node_budget_and_its_table_is_bounded() -> None:
    state = endgame(cardlab.load("officer_skat"), 3, cards_left=12)
    assert state is not None
    ad = adapter_for(state)
    assert isinstance(ad, OfficerSkatAdapter)
    search = ad.search(ad.side_of(ad.to_move(state)), 50)
    assert isinstance(search, CompiledSearch)
    with pytest.raises(cardlab.solve.SolveBudgetExceeded, match="50 positions"):
        for _, child in search.children(ad.root(state)):
            search.exact(child)
    assert sum(a.nbytes for a in core.new_table()) <= DEFAULT_TT_BYTES


def test_without_numba_the_same_source_gives_the_same_values() -> None:
    """The compiled loop is one source: with numba's compiler switched off it runs as plain
    Python and values every card of a late position exactly as the compiled loop does."""
    state = endgame(cardlab.load("officer_skat"), 5, cards_left=3)
    assert state is not None
    assert values_without_numba(state) == dict(cardlab.solve.values(state))
