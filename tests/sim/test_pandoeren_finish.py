"""Pandoeren's play-out for the coach (:mod:`cardlab.sim.pandoeren.finish`): the batch's
heuristic until the open-hands solver serves the deal (the mover holds ``MAX_CARDS`` cards
or fewer), then the whole layout's value under perfect play, in the hint's measure (A2.11 /
P-A19: the declaring side's points for a seat on that side and against one off it, or the
seat's own under ``zero_sum_per_opponent``).

* A deal already served is valued exactly as :mod:`cardlab.sim.pandoeren.open_hands` values
  the same layout: its best action's value for the mover, and the negation for a seat of
  the other side under the default scoring (a defender is paid nothing, A2.11).
* A deal before the crossover: the scalar heuristic bots play the cards the batch plays, and
  the solver's value where they stop is the finish's.
* A deal the solver does not serve, or a search past its budget, is the heuristic's play to
  the end, scored as the batch scores it.
* The hint under ``OPEN_LATE`` is one array per action, paired, deterministic and blind to
  the cards the mover cannot see.
* The auction's call values (:mod:`cardlab.sim.pandoeren.contracts`) finish the plan the
  pilot picks open on the layouts that value the call.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import called_to_the_play, forced_bid, twins

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.sim.pandoeren import SIMULATOR, PandoerenBatch, finish, open_hands
from cardlab.sim.pandoeren.sampling import pandoeren_batch
from cardlab.sim.simulator import OPEN_LATE
from cardlab.solve.pandoeren import CompiledSearch, PandoerenAdapter

#: a number bid and a Pandoer (declarer and called partner, A2.7.3), a Kereltje (the jas's
#: holder, A2.7.4) and a misère (the declarer alone, A2.6)
CONTRACTS = ("120", "pandoer", "kereltje", "misere")
#: the default (pagat_plus_minus, A2.11), P-A19's zero-sum payments, A2.10's manual
#: announcements (announcing is a move of the search)
OPTIONS = ({}, {"scoring": "zero_sum_per_opponent"}, {"roem_announce": "manual"})


def _at(game: cardlab.Game, seed: int, word: str, cards: int) -> Any:
    """The deal where the first seat to speak bids ``word``, the heuristic bots playing it,
    at the first moment the seat to move holds ``cards`` cards (None if it ends first)."""
    s = called_to_the_play(forced_bid(game, seed, word), seed)
    bots = [bot_for(game.name, "heuristic", seed=i) for i in range(4)]
    while s.phase == "play" and len(s.hands[s.to_move]) > cards:
        s = s.apply(bots[s.to_move].choose(s))
    return s if s.phase == "play" else None


def _measure(batch: PandoerenBatch, seats: np.ndarray) -> np.ndarray:
    """The hint's measure of every finished row of ``batch`` for ``seats``, read from its
    scores (A2.11): the declarer's points for a seat of her side, against one off it; under
    zero-sum scoring the seat's own points."""
    pts = batch.scores()
    rows = np.arange(batch.size)
    if batch.tb.zero_sum:
        return pts[rows, seats].astype(float)
    side = batch.team_mask()[rows, seats]
    return (np.where(side, 1, -1) * pts[rows, batch.declarer]).astype(float)


@pytest.mark.parametrize("options", OPTIONS, ids=["pagat", "zero_sum", "manual"])
def test_a_served_layout_gets_the_open_hands_value_of_its_best_action(options: dict[str, Any]
                                                                      ) -> None:
    """At ``MAX_CARDS`` cards the finish of a layout is the open-hands valuer's best action
    on that same layout (the mover's side plays for the mover's measure); under the default
    scoring a seat of the other side gets its negation (A2.11: the defenders are paid
    nothing, the declarer's payment is what is at stake)."""
    game = cardlab.load("pandoeren", **options)
    checked = other_side = 0
    for word in CONTRACTS:
        for seed in range(1, 30):
            s = _at(game, seed, word, open_hands.MAX_CARDS)
            if s is None or not open_hands.serves(s):
                continue
            legal = [str(a) for a in s.legal_actions()]
            got = open_hands.value_layouts(s, legal, 3, seed)
            assert got is not None and got.left_out == 0
            states = got.states
            seats = np.array([t.to_move for t in states])
            values = finish.finish_open(PandoerenBatch.from_states(states), states, seats,
                                        budget=10**7)
            assert np.array_equal(values, got.table.max(axis=1)), (word, seed)
            if not options:
                others = np.array([next(x for x in range(4) if (x in t.team())
                                        != (t.to_move in t.team())) for t in states])
                theirs = finish.finish_open(PandoerenBatch.from_states(states), states,
                                            others, budget=10**7)
                assert np.array_equal(theirs, -values)
                other_side += 1
            checked += 1
            break
    assert checked == len(CONTRACTS)
    assert other_side == (len(CONTRACTS) if not options else 0)


def test_before_the_crossover_the_heuristic_plays_then_the_solver_values() -> None:
    """The batch's heuristic is the scalar bot's rule (:func:`~cardlab.sim.pandoeren.batch.
    heuristic_choice`): the bots play a whole deal on from its opening lead until the seat
    to move holds ``MAX_CARDS`` cards, and the compiled search of that state in each seat's
    measure is the finish's value. Deals where perfect play from there changes the outcome
    of the heuristic's own play to the end must be among them, so the test tells the two
    apart."""
    game = cardlab.load("pandoeren")
    checked = changed = 0
    for word, seeds in (("120", range(1, 9)), ("pandoer", range(13, 16)),
                        ("kereltje", range(1, 4))):
        for seed in seeds:
            s = _at(game, seed, word, 8)
            t = _at(game, seed, word, open_hands.MAX_CARDS)
            if s is None or t is None or not open_hands.serves(t):
                continue
            seats = np.arange(4)
            got = finish.finish_open(PandoerenBatch.from_states([s] * 4), [s] * 4, seats,
                                     budget=10**7)
            want = []
            for seat in seats:
                searched, sign = finish.measure_seat(t, int(seat))
                search = CompiledSearch(PandoerenAdapter(t), game.seat_names[searched], 10**7,
                                        open_hands.allies(t, searched))
                want.append(sign * search.exact(t))
            assert np.array_equal(got, want), (word, seed)
            played = PandoerenBatch.from_states([s] * 4).play("heuristic")
            changed += not np.array_equal(got, _measure(played, seats))
            checked += 1
    assert checked >= 8 and changed >= 2


def test_rows_the_solver_does_not_serve_are_the_heuristics_play_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Past its budget at every trick the last trick is forced (one card a hand), and a deal
    the solver does not serve is played out by the heuristic: either way the finish is the
    batch's heuristic play to the end, scored in the hint's measure (A2.11)."""
    game = cardlab.load("pandoeren")
    checked = 0
    for word in CONTRACTS:
        s = _at(game, 3, word, 8)
        if s is None:
            continue
        batch = pandoeren_batch(s, 6, 11)
        seats = np.arange(6) % 4
        played = batch.take(np.arange(6)).play("heuristic")
        want = _measure(played, seats)
        states = [s] * 6
        tight = finish.finish_open(batch.take(np.arange(6)), states, seats, budget=1)
        assert np.array_equal(tight, want), word
        with monkeypatch.context() as m:
            m.setattr(finish, "serves", lambda state: False)
            unserved = finish.finish_open(batch.take(np.arange(6)), states, seats)
        assert np.array_equal(unserved, want), word
        checked += 1
    assert checked >= 3


def test_the_open_late_hint_is_paired_and_deterministic(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """One array of ``n`` values per legal action, the same layouts in the same order for
    every action (the hidden hands of row ``j`` are layout ``j`` whatever the action), each
    row's origin the deal after its action, and the same seed gives the same values."""
    game = cardlab.load("pandoeren")
    s = _at(game, 2, "120", 8)
    assert s is not None
    legal = [str(a) for a in s.legal_actions()]
    n, k = 4, len(legal)
    seen: list[tuple[np.ndarray, list[Any]]] = []
    real = finish.finish_open

    def spy(batch: Any, origins: Any, seats: Any, **kw: Any) -> np.ndarray:
        seen.append((batch.hands.copy(), list(origins)))
        assert np.array_equal(seats, np.full(batch.size, s.to_move))
        return real(batch, origins, seats, **kw)

    monkeypatch.setattr(finish, "finish_open", spy)
    one = SIMULATOR.hint(s, legal, n, 9, OPEN_LATE)
    two = SIMULATOR.hint(s, legal, n, 9, OPEN_LATE)
    assert len(one) == k and all(v.shape == (n,) for v in one)
    assert all(np.array_equal(x, y) for x, y in zip(one, two, strict=True))
    hands, origins = seen[0]
    others = [x for x in range(4) if x != s.to_move]
    by_action = hands.reshape(k, n, 4)[:, :, others]
    assert (by_action == by_action[:1]).all()
    for i, a in enumerate(legal):
        assert all(str(o.history[-1]) == a for o in origins[i * n:(i + 1) * n])


def test_twin_deals_get_the_same_open_late_hint() -> None:
    """Two deals that differ only in cards the mover cannot see (the other closed hands,
    the declarer's discard: A2.4, A2.9) get identical values."""
    compared = 0
    for options in OPTIONS[:2]:
        game = cardlab.load("pandoeren", **options)
        for word, cards in (("120", 8), ("pandoer", 7), ("kereltje", 6)):
            s = _at(game, 5, word, cards)
            if s is None:
                continue
            legal = [str(a) for a in s.legal_actions()]
            mine = SIMULATOR.hint(s, legal, 4, 3, OPEN_LATE)
            for twin in twins(s, s.to_move, SplitMix64(5), 1):
                assert twin.hands != s.hands
                theirs = SIMULATOR.hint(twin, legal, 4, 3, OPEN_LATE)
                assert all(np.array_equal(x, y) for x, y in zip(mine, theirs, strict=True))
                compared += 1
    assert compared >= 4


def test_a_call_is_valued_by_finishing_one_of_its_plans_open() -> None:
    """A2.5 / A2.7: a call's values are the open finish, for the bidder, of one of the plans
    tried for its contract (the one the pilot picks) on the layouts that value it, and for
    some call that is not what the heuristic's own play of any plan scores."""
    from cardlab.engine.rng import derive_seed
    from cardlab.sim.pandoeren.contracts import (
        _on_layouts,
        contract_at_lead,
        contract_values,
        layouts,
        plans,
    )

    game = cardlab.load("pandoeren")
    state = game.deal(seed=4, dealer=0)
    me, n, seed = state.to_move, 4, 3
    hidden, main = layouts(state, n, derive_seed(seed, 0))
    bot = bot_for(game.name, "heuristic", seed=derive_seed(seed, me))
    differs = 0
    for call in ("bid 120", "bid 150", "bid pandoer", "bid kereltje", "bid misere"):
        got = contract_values(state, [call], n, seed)
        assert got is not None and set(got) == {call}
        tried = plans(contract_at_lead(state, call), bot)
        batch = _on_layouts(tried, hidden, main)
        seats = np.full(batch.size, me)
        heuristic = _measure(batch.take(np.arange(batch.size)).play("heuristic"), seats)
        opened = finish.finish_open(batch, [p for p in tried for _ in range(n)], seats)
        assert any(np.array_equal(got[call], opened[i * n:(i + 1) * n])
                   for i in range(len(tried))), call
        differs += not any(np.array_equal(got[call], heuristic[i * n:(i + 1) * n])
                           for i in range(len(tried)))
    assert differs >= 1


def test_the_simulator_offers_the_play_out() -> None:
    assert SIMULATOR.finish_open is finish.finish_open
