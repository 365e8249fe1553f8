"""Every registered game keeps the engine's promises, under every preset and player count.

Parametrised from the registry (``cardlab.game_names()``), with no opt-outs: a game that
is registered is checked, and one that fails to load turns these tests red.

* action ids: every id round-trips through its notation, and every action a state lists
  has an id that names it (STYLE §5, OpenSpiel item 4);
* records: ``from_json(to_json())`` gives back the same state at every step of a deal,
  and the finished deal with the same result;
* explain and apply agree: every legal action is explained as legal and applies; sampled
  illegal ones (other actions of the game's table, cards of other hands) are explained as
  illegal and ``apply`` refuses them with the same code and rule, leaving the state as it
  was;
* the random-playout checker of ``tests/support.py`` (immutability, legal actions until
  the end, results, hidden cards, records) on seeded deals;
* options: the options a game declares ``scoring_only`` are its own, and where its
  simulator rescores deals, every scoring variant varies only those.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from support import candidate_actions, check_playout, legal_strs, snapshot

import cardlab
from cardlab.engine import registry
from cardlab.engine.options import scoring_options
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.sim.simulator import simulator_for

#: deals per form for the step-by-step checks
SEEDS = (1, 2)
#: illegal actions sampled from the game's action table at each step
TABLE_SAMPLES = 6
#: a form's whole action table is walked up to this size; a larger one (Panfin's, about
#: 100k ids) is walked whole under the default options and sampled under the other forms
WHOLE_TABLE = 50_000
TABLE_SAMPLE = 5_000


def forms() -> list[tuple[str, dict[str, Any]]]:
    """Each registered game by default, under each preset, and at each other player count."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name in cardlab.game_names():
        spec = registry.game_class(name).spec
        out.append((name, {}))
        out += [(name, {"preset": p}) for p in sorted(spec.presets)]
        fields = {f.name for f in dataclasses.fields(spec.options)}
        if "players" in fields:
            default = spec.options().players
            out += [(name, {"players": k}) for k in spec.players if k != default]
    return out


FORMS = forms()


def form_id(form: tuple[str, dict[str, Any]]) -> str:
    name, opts = form
    return "-".join([name, *(f"{k}={v}" for k, v in opts.items())])


IDS = [form_id(f) for f in FORMS]


def load(form: tuple[str, dict[str, Any]]) -> cardlab.Game:
    name, opts = form
    return cardlab.load(name, **opts)


def deal_steps(game: cardlab.Game, seed: int) -> list[State]:
    """Every state of one seeded random deal, from the deal to its end."""
    rng = SplitMix64(seed ^ 0xC0FFEE)
    state = game.deal(seed=seed, dealer=seed % game.players)
    states = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
        assert len(states) < 5000, "deal did not end"
    return states


def test_forms_cover_every_registered_game() -> None:
    assert {name for name, _ in FORMS} == set(cardlab.game_names())


# -- action ids --------------------------------------------------------------------------------
@pytest.mark.parametrize("form", FORMS, ids=IDS)
def test_action_ids_round_trip(form: tuple[str, dict[str, Any]]) -> None:
    """Each id's notation gives the id back; no two ids share a notation."""
    game = load(form)
    n = game.num_distinct_actions
    assert n > 0
    if n <= WHOLE_TABLE or not form[1]:
        ids = range(n)
    else:
        rng = SplitMix64(n)
        ids = sorted({0, n - 1, *(rng.randbelow(n) for _ in range(TABLE_SAMPLE))})
    texts = {}
    for i in ids:
        text = game.action_text(i)
        assert game.action_id(text) == i, (i, text)
        assert game.action_id(str(text)) == i, (i, text)
        texts[str(text)] = i
    assert len(texts) == len(ids), "two ids share a notation"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("form", FORMS, ids=IDS)
def test_every_listed_action_has_its_id(form: tuple[str, dict[str, Any]], seed: int) -> None:
    game = load(form)
    for state in deal_steps(game, seed):
        legal = state.legal_actions()
        ids = [game.action_id(a) for a in legal]
        assert len(set(ids)) == len(ids), legal
        assert [game.action_text(i) for i in ids] == legal


# -- records -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("form", FORMS, ids=IDS)
def test_records_round_trip_at_every_step(form: tuple[str, dict[str, Any]], seed: int) -> None:
    game = load(form)
    for state in deal_steps(game, seed):
        again = cardlab.from_json(state.to_json())
        assert again.game == game
        assert snapshot(again) == snapshot(state), f"record differs after {state.history}"
        assert again.to_json() == state.to_json()
        assert again.result == state.result


# -- explain and apply -------------------------------------------------------------------------
def illegal_samples(state: State, rng: SplitMix64) -> list[str]:
    """Actions of the game that are not legal now: a few from the action table, and the
    cards of every hand under each card verb that are not listed."""
    game = state.game
    legal = set(legal_strs(state))
    n = game.num_distinct_actions
    picks = {str(game.action_text(rng.randbelow(n))) for _ in range(TABLE_SAMPLES)}
    picks |= set(candidate_actions(state))
    return sorted(picks - legal)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("form", FORMS, ids=IDS)
def test_explain_and_apply_agree(form: tuple[str, dict[str, Any]], seed: int) -> None:
    game = load(form)
    rng = SplitMix64(seed ^ 0xE1A1)
    for state in deal_steps(game, seed):
        before = snapshot(state)
        for action in state.legal_actions():
            why = state.explain(action)
            assert why.legal, (str(action), str(why))
            nxt = state.apply(action)
            assert [str(a) for a in nxt.history][-1] == str(action)
        for text in illegal_samples(state, rng):
            why = state.explain(text)
            assert not why.legal, (text, str(why))
            assert why.code, f"the refusal of {text!r} has no code"
            with pytest.raises(cardlab.IllegalAction) as err:
                state.apply(text)
            assert (err.value.code, err.value.rule) == (why.code, why.rule), text
        assert snapshot(state) == before, "explain or apply changed the state"


# -- the playout checker -----------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("form", FORMS, ids=IDS)
def test_random_playout_keeps_the_invariants(form: tuple[str, dict[str, Any]], seed: int
                                             ) -> None:
    check_playout(load(form), seed)


# -- options -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", cardlab.game_names())
def test_scoring_only_options_are_options_of_the_game(name: str) -> None:
    """The options declared ``scoring_only`` are fields of the game's options, and each
    can be set by name."""
    spec = registry.game_class(name).spec
    fields = {f.name: f for f in dataclasses.fields(spec.options)}
    for option in scoring_options(spec.options):
        assert option in fields
        cardlab.load(name, **{option: getattr(spec.options(), option)})


@pytest.mark.parametrize("name", cardlab.game_names())
def test_rescored_variants_vary_only_scoring_options(name: str) -> None:
    """Where the game's simulator rescores played deals, every named scoring variant
    (``game.scoring_variants()``) changes only options declared ``scoring_only`` (a
    ``preset`` variant is a different game and is played, not rescored)."""
    game = cardlab.load(name)
    if registry.simulator_module(name) is None or not simulator_for(name).rescores:
        return
    declared = scoring_options(game.spec.options)
    for variant, opts in game.scoring_variants().items():
        assert set(opts) - {"preset"} <= declared, (variant, sorted(set(opts) - declared))
