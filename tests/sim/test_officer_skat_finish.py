"""Officer Skat's play-out for the coach (:mod:`cardlab.sim.officer_skat.finish`): the
heuristic's card play until no seat holds more than eight cards, then the layout solved
with every card open, in the hint's measure (the seat's points less the other's, OS-7).

* A deal already at the crossover is valued exactly: a plain minimax of the margin on the
  engine's states (every option set that changes the score, Kontra and Re, Null, Ramsch).
* A deal before it is played by the heuristic first: the scalar heuristic bots play the
  same cards (the batch plays as they do), then the solver's value of where they stop.
* A Null lost at the declarer's first trick (OS-6.4, ``null_mode="no_tricks"``) is not
  searched by the compiled loop: the heuristic plays it to its end, as the batch scores it.
* The hint under ``OPEN_LATE`` is paired, deterministic and reads no hidden card.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import twins
from test_officer_skat_open_hands import OPTION_SETS, declared, margin, plays

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.sim.officer_skat import OfficerSkatBatch, finish
from cardlab.sim.officer_skat.batch import margins
from cardlab.sim.simulator import OPEN_LATE
from cardlab.solve.officer_skat import OfficerSkatAdapter


def finished(state: Any, seat: int) -> float:
    """``finish_open`` of the one true deal of ``state`` for ``seat``."""
    batch = OfficerSkatBatch.from_states([state])
    return float(finish.finish_open(batch, [state], np.array([seat]))[0])


@pytest.mark.parametrize("options", OPTION_SETS,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_a_deal_at_the_crossover_gets_its_margin_under_perfect_play(options: dict[str, Any]
                                                                    ) -> None:
    game = cardlab.load("officer_skat", **options)
    kinds = ["C", "grand", "H", "null", "D", "S"]
    checked = 0
    for seed in range(1, 40):
        state = declared(game, seed, kinds[seed % len(kinds)], 3 if seed % 3 else 2)
        if state is None:
            continue
        for seat in (0, 1):  # the mover's margin and the other seat's
            assert finished(state, seat) == margin(state, seat, {})
        checked += 1
        if checked >= 8:
            break
    assert checked >= 8


@pytest.mark.parametrize("kind", ["grand", "null", "ramsch"])
def test_kontra_re_null_and_ramsch_deals_are_valued_by_the_margin(kind: str) -> None:
    """OS-7.4 Kontra and Re double the declarer's score; B-2 Ramsch: both seats lose their
    card points."""
    game = cardlab.load("officer_skat", ramsch_allowed=True, pass_allowed=True)
    checked = 0
    for seed in range(1, 60):
        state = declared(game, seed, kind, 3, kontra=True, re=True)
        if state is None:
            continue
        assert finished(state, state.to_move) == margin(state, state.to_move, {})
        checked += 1
        if checked >= 4:
            break
    assert checked >= 4


def test_a_deal_before_the_crossover_is_played_by_the_heuristic_then_solved() -> None:
    """The batch's heuristic is the scalar bot's play (its module says so): the bots play
    the state on to eight cards a seat, and the solver's value of that state for the seat
    (the declarer's score under the default scoring, OS-7.2, signed) is the finish's."""
    game = cardlab.load("officer_skat")
    checked = 0
    for seed in range(1, 30):
        state = declared(game, seed, ["grand", "C", "H"][seed % 3], 11)
        if state is None:
            continue
        bots = [bot_for("officer_skat", "heuristic", seed=s) for s in range(2)]
        t = state
        while len(t.tricks) < finish.CROSSOVER:  # type: ignore[attr-defined]
            assert t.to_move is not None
            t = t.apply(bots[t.to_move].choose(t))
        ad = OfficerSkatAdapter(t)
        d = t.declarer  # type: ignore[attr-defined]
        declarer_score = ad.search(ad.side_of(d), 10_000_000).exact(ad.root(t))
        for seat in (0, 1):
            want = declarer_score if seat == d else -declarer_score
            assert finished(state, seat) == want
        checked += 1
        if checked >= 6:
            break
    assert checked >= 6


def test_a_null_lost_at_the_first_trick_is_played_out_by_the_heuristic() -> None:
    """OS-6.4 under ``null_mode="no_tricks"`` the compiled loop does not search the deal:
    the finish is the batch's heuristic play to the end."""
    game = cardlab.load("officer_skat", null_mode="no_tricks")
    for seed in range(1, 6):
        state = game.deal(seed=seed, dealer=0).apply("declare null")
        while state.phase != "play":
            state = state.apply(state.legal_actions()[-1])
        batch = OfficerSkatBatch.from_states([state])
        batch.play("heuristic")
        want = margins(batch, np.array([0]))[0]
        assert finished(state, 0) == want


def test_the_open_late_hint_is_paired_deterministic_and_blind_to_hidden_cards() -> None:
    """OS-2.3 / B-24: the face-down cards still covered are nobody's to read."""
    game = cardlab.load("officer_skat")
    compared = 0
    for seed in range(1, 30):
        state = declared(game, seed, ["grand", "S", "H"][seed % 3], 14)
        if state is None:
            continue
        legal = plays(state)
        mine = finish.hint(state, legal, 6, seed, OPEN_LATE)
        assert len(mine) == len(legal) and {len(v) for v in mine} == {6}
        again = finish.hint(state, legal, 6, seed, OPEN_LATE)
        assert all(np.array_equal(x, y) for x, y in zip(mine, again))
        for twin in twins(state, state.to_move, SplitMix64(seed)):
            assert twin.hands != state.hands and plays(twin) == legal
            theirs = finish.hint(twin, legal, 6, seed, OPEN_LATE)
            assert all(np.array_equal(x, y) for x, y in zip(mine, theirs))
            compared += 1
        if compared >= 4:
            break
    assert compared >= 4


def _by_hand(state: Any, action: str, n: int, seed: int) -> np.ndarray:
    """``action`` valued on the states the simulator samples for ``state``'s mover: each
    state with the action, the heuristic bots up to the play (each seat seeded as the
    coach seeds it), then finished open for the mover."""
    from cardlab.engine.rng import derive_seed
    from cardlab.sim.officer_skat import sample_states

    me = state.to_move
    ups = []
    for i, t in enumerate(sample_states(state, n, seed)):
        u = t.apply(action)
        bots: dict[int, Any] = {}
        while u.phase != "play":
            s = u.to_move
            bots.setdefault(s, bot_for("officer_skat", "heuristic",
                                       seed=derive_seed(derive_seed(seed, i), s)))
            u = u.apply(bots[s].choose(u), seat=s)
        ups.append(u)
    return finish.finish_open(OfficerSkatBatch.from_states(ups), ups, np.full(n, me))


def test_the_choice_of_game_kontra_and_re_are_valued_standing_and_played_on_well() -> None:
    """B-2 / OS-4: forehand's choice of game, the defender's Kontra and the declarer's Re
    (OS-7.4) each valued as the coach says: every option on the same sampled states (what
    the chooser sees only: the face-up cards), standing, the bots deciding up to the play,
    the deal finished open, in the seat's margin; and the hint says so."""
    from cardlab.sim.advice import BOTS_THEN_OPEN, advise, valued_by, valued_options

    game = cardlab.load("officer_skat")
    state = game.deal(seed=5, dealer=0)
    seen = set()
    while state.phase != "play":
        kind, options = valued_options(state)
        assert kind == ("call" if state.phase == "declare" else "choice")
        assert valued_by(state) == BOTS_THEN_OPEN
        advice = advise(state, n=6, seed=7)
        assert advice is not None and advice.method == BOTS_THEN_OPEN
        assert set(advice.values) == set(options) == {str(a) for a in state.legal_actions()}
        for a in options:
            assert advice.samples is not None
            assert np.array_equal(advice.samples[a], _by_hand(state, a, 6, 7)), a
        seen.add(state.phase)
        state = state.apply(options[0])
    assert seen == {"declare", "kontra", "re"}


def test_a_look_back_values_the_finished_decisions_on_their_own_layouts() -> None:
    """The look back sizes each decision by how it is valued: one valued by the bots then
    the solver gets ``n_finished`` layouts, one the solver serves ``n_open_hands``."""
    from cardlab.sim.advice import BOTS_THEN_OPEN, look_back

    game = cardlab.load("officer_skat")
    state = game.deal(seed=3, dealer=0)
    bots = [bot_for("officer_skat", "heuristic", seed=s) for s in range(2)]
    line = [state]
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state))
        line.append(state)
    got = look_back(line, [1], n=40, seed=2, n_states=30, n_open_hands=5, n_finished=6)
    sizes = {(d.advice.method, d.advice.n) for d in got.decisions}
    assert (BOTS_THEN_OPEN, 6) in sizes and ("open hands", 5) in sizes
    assert {m for m, _ in sizes} <= {BOTS_THEN_OPEN, "open hands"}
    assert all(k == 6 for m, k in sizes if m == BOTS_THEN_OPEN)
