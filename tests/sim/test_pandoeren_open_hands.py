"""The coach values Pandoeren's play with the open-hands solver on sampled layouts late in
the deal (:mod:`cardlab.sim.pandoeren.open_hands`), in the rollout hint's measure.

* Each layout's values are a direct solve of that layout's whole position in the hint's
  measure (A2.11 / P-A19): the declaring side's points, for the mover if it is on that side
  and against it otherwise, or the mover's own points under ``zero_sum_per_opponent``.
  Small endgames are checked against the interpreted search (:mod:`cardlab.solve.search`)
  of the measure itself, later positions against the compiled solver's own search.
* The layouts are the sampler's, the same for every action; the values never depend on
  where the hidden cards really are, and the same call gives the same values.
* Early in the play (more than ``MAX_CARDS`` cards in hand) and outside the play the
  rollouts stay.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from support import bot_moments, called_to_the_play, forced_bid, replay, swap_tokens

import cardlab
import cardlab.solve
from cardlab.bots import bot_for
from cardlab.sim.advice import BOTS_THEN_OPEN, advise, valued_by
from cardlab.sim.pandoeren import open_hands
from cardlab.sim.pandoeren.states import sample_states
from cardlab.solve.pandoeren import CompiledSearch, PandoerenAdapter
from cardlab.solve.search import Search

#: contracts of each kind the measure reads differently: a number bid and a Pandoer
#: (declarer and called partner, A2.7.3), a Kereltje (the jas's holder, A2.7.4) and a misère
#: (the declarer alone, A2.6)
CONTRACTS = ("120", "pandoer", "kereltje", "misere")
#: option sets: the default (pagat_plus_minus: a defender is paid nothing, A2.11), P-A19's
#: zero-sum payments, A2.10's manual announcements
OPTIONS = ({}, {"scoring": "zero_sum_per_opponent"}, {"roem_announce": "manual"})


def _in_play(game: cardlab.Game, seed: int, word: str, cards: int) -> Any:
    """A deal whose first seat to speak bids ``word``, the heuristic bots playing it, at the
    first moment a seat holding ``cards`` cards has two or more legal actions (None if the
    deal ends first). Announcements the bots would make are left to be made (a card
    instead), so a late announcement stays open."""
    s = called_to_the_play(forced_bid(game, seed, word), seed)
    bots = [bot_for(game.name, "heuristic", seed=i) for i in range(4)]
    while s.phase == "play":
        legal = [str(a) for a in s.legal_actions()]
        if len(s.hands[s.to_move]) == cards and len(legal) > 1:
            return s
        choice = str(bots[s.to_move].choose(s))
        if choice.startswith("announce"):
            choice = next(a for a in legal if a.startswith("play"))
        s = s.apply(choice)
    return None


def _positions(cards: int, options: dict[str, Any], seeds: range) -> Iterator[Any]:
    game = cardlab.load("pandoeren", **options)
    for word in CONTRACTS:
        for seed in seeds:
            s = _in_play(game, seed, word, cards)
            if s is not None:
                yield s
                break


class _Measure(PandoerenAdapter):
    """The hint's measure as the interpreted search's end value, worked out from the
    finished deal as the rollout hint works it out: the declarer's points, counted for
    ``mover`` if the deal ended with it on her side and against it otherwise; under
    ``zero_sum_per_opponent`` the mover's own points. The mover's team plays for it (A2.11:
    the declarer and her partner are paid alike, and so are the defenders), the other team
    against it."""

    def __init__(self, root: Any, mover: int) -> None:
        super().__init__(root)
        self.mover = mover
        self.zero_sum = root.game.options.scoring == "zero_sum_per_opponent"
        team = root.team()
        up = team if mover in team else tuple(s for s in range(4) if s not in team)
        self.sides = {"for": up, "against": tuple(s for s in range(4) if s not in up)}

    def end_value(self, state: Any, side: str) -> float:
        points, names = state.result.points, state.game.seat_names
        if self.zero_sum:
            return float(points[names[self.mover]])
        declarer = points[names[state.declarer]]
        return float(declarer if self.mover in state.team() else -declarer)


def _interpreted(layout: Any, action: str) -> float:
    """``action``'s value on ``layout`` by the interpreted search of the measure."""
    ad = _Measure(layout, layout.to_move)
    after = layout.apply(action)
    return ad.end_value(after, "for") if after.is_over else \
        Search(ad, "for", 10**7).exact(after)


@pytest.mark.parametrize("options", OPTIONS, ids=["pagat", "zero_sum", "manual"])
def test_small_endgames_are_the_interpreted_search_of_the_measure(options: dict[str, Any]
                                                                  ) -> None:
    """With three cards in hand, every action's value on every layout is the interpreted
    search's of the hint's measure on that layout (the compiled search of the declarer,
    negated, for a defender under pagat scoring)."""
    checked, signs, kinds = 0, set(), set()
    for s in _positions(3, options, range(1, 40)):
        legal = [str(a) for a in s.legal_actions()]
        got = open_hands.value_layouts(s, legal, 3, 7)
        assert got is not None and got.left_out == 0
        assert got.table.shape == (len(got.states), len(legal)) == (3, len(legal))
        for t, row in zip(got.states, got.table):
            signs.add(open_hands.searched_seat(t)[1])
            for a, v in zip(legal, row):
                assert v == _interpreted(t, a), (s.bid.word, a)
                checked += 1
        kinds.add(s.bid.kind.name)
    assert kinds == {"number", "pandoer", "kereltje", "misere"}
    assert checked >= 24
    if not options:
        assert signs == {1, -1}  # both the mover's own points and the declarer's, negated


@pytest.mark.parametrize("options", OPTIONS, ids=["pagat", "zero_sum", "manual"])
def test_each_layout_is_a_direct_solve_of_its_whole_position(options: dict[str, Any]
                                                             ) -> None:
    """At the first moment served (five cards), each layout's row is the compiled solver's
    value of that layout's whole position: :func:`cardlab.solve.values` where the mover's
    own points are the measure; for a defender under pagat scoring (A2.11: paid nothing,
    so her own values are all 0) the declarer's payment, negated. The layouts are the
    sampler's (``sample_states``), in its order."""
    checked = 0
    for s in _positions(open_hands.MAX_CARDS, options, range(1, 40)):
        assert open_hands.serves(s)
        legal = [str(a) for a in s.legal_actions()]
        got = open_hands.value_layouts(s, legal, 4, 3)
        assert got is not None and got.left_out == 0
        sampled = sample_states(s, 4, 3)
        assert [t.hands for t in got.states] == [t.hands for t in sampled]
        for t, row in zip(got.states, got.table):
            own = cardlab.solve.values(t, budget=10**7)
            seat, sign = open_hands.searched_seat(t)
            ally = open_hands.allies(t, seat)
            if sign == 1:
                assert seat == t.to_move
                if not ally:  # alone, the seat's side is the solver's (the hint's team is one)
                    assert list(row) == [own[a] for a in legal]
            else:
                assert {own[a] for a in legal} == {0.0}
            search = CompiledSearch(PandoerenAdapter(t), t.game.seat_names[seat], 10**7, ally)
            want = [sign * search.exact(t.apply(a)) + 0.0 for a in legal]
            assert list(row) == want
            checked += len(legal)
    assert checked >= 8


def test_every_option_advise_passes_is_valued_announcements_too() -> None:
    """A2.10: under manual announcements ``announce roem`` / ``announce stuk`` are actions of
    the play. The coach's options in the play are the cards; the valuer values an
    announcement as well, on the same layouts, as the interpreted search does."""
    game = cardlab.load("pandoeren", roem_announce="manual")
    found = 0
    for seed in range(1, 60):
        s = _in_play(game, seed, "120", 3)
        if s is None:
            continue
        legal = [str(a) for a in s.legal_actions()]
        said = [a for a in legal if a.startswith("announce")]
        if not said:
            continue
        got = open_hands.value_layouts(s, legal, 2, 1)
        assert got is not None
        for t, row in zip(got.states, got.table):
            for a, v in zip(legal, row):
                assert v == _interpreted(t, a), a
        advice = advise(s, n=4, seed=1)
        assert advice is not None and advice.method == "open hands"
        assert set(advice.values) == {a for a in legal if a.startswith("play")}
        found += 1
        if found == 2:
            break
    assert found >= 1


def test_the_same_call_gives_the_same_values() -> None:
    """Node budgets, not the clock, and the solver's shared table keeps no search's entries
    for another: a call gives the same values after other searches as before them."""
    states = list(_positions(4, {}, range(1, 30)))[:2]
    legal = [str(a) for a in states[0].legal_actions()]
    one = open_hands.value_layouts(states[0], legal, 12, 5)
    open_hands.value_layouts(states[1], [str(a) for a in states[1].legal_actions()], 12, 9)
    two = open_hands.value_layouts(states[0], legal, 12, 5)
    assert one is not None and two is not None
    assert np.array_equal(one.table, two.table) and one.nodes == two.nodes


def _twins(state: Any, count: int) -> list[Any]:
    """Up to ``count`` deals the seat to move cannot tell from ``state``: two cards of two
    other closed hands swapped in the deal, the same actions replayed, and the seat's view,
    its legal actions and the kijkkaart (face up at the deal, A2.4) unchanged. (The pairs
    in the pack's order: the same twins on every run.)"""
    me = state.to_move
    closed = [(seat, c.code) for seat in range(4) if seat != me for c in state.hands[seat]]
    seen, legal = state.view(me), state.legal_actions()
    out = []
    for (p, a), (q, b) in itertools.combinations(closed, 2):
        if p == q:
            continue
        twin = replay(state.game, swap_tokens(state.setup, a, b), state.history)
        if (twin is not None and twin.hands != state.hands and twin.view(me) == seen
                and twin.legal_actions() == legal and twin.kijkkaart == state.kijkkaart):
            out.append(twin)
            if len(out) == count:
                break
    return out


def test_twin_deals_get_the_same_values() -> None:
    """Two deals that differ only in cards the mover cannot see get identical values."""
    compared = 0
    for options in OPTIONS[:2]:
        for s in _positions(open_hands.MAX_CARDS, options, range(1, 40)):
            legal = [str(a) for a in s.legal_actions()]
            one = open_hands.open_hands_values(s, legal, 6, 2)
            assert one is not None
            for twin in _twins(s, 2):
                two = open_hands.open_hands_values(twin, legal, 6, 2)
                assert two is not None
                assert all(np.array_equal(x, y) for x, y in zip(one, two, strict=True))
                compared += 1
    assert compared >= 8


def test_served_late_in_the_play_only() -> None:
    """The solver serves the play with at most MAX_CARDS cards in the mover's hand, and
    the coach says so; earlier the bots play each layout until the solver serves it."""
    game = cardlab.load("pandoeren")
    s = called_to_the_play(forced_bid(game, 3, "120"), 3)
    assert s.phase == "play" and not open_hands.serves(s)
    assert open_hands.open_hands_values(s, [str(a) for a in s.legal_actions()], 4, 0) is None
    early = advise(s, n=4, seed=0)
    assert early is not None and early.method == BOTS_THEN_OPEN
    assert not open_hands.serves(game.deal(seed=3, dealer=0))
    seen = set()
    for m in bot_moments(s):
        held = len(m.hands[m.to_move])
        assert open_hands.serves(m) == (held <= open_hands.MAX_CARDS)
        if held <= open_hands.MAX_CARDS and len(m.legal_actions()) > 1 and held not in seen:
            seen.add(held)
            assert valued_by(m) == "open hands"
            advice = advise(m, n=4, seed=1)
            assert advice is not None and advice.method == "open hands" and advice.n == 4
    assert len(seen) >= 3


def test_layouts_past_the_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A layout past LAYOUT_BUDGET is left out and counted (none left: the bots play each
    layout on until the solver serves it, as earlier in the play); past the call's budget no
    layout is started beyond MIN_LAYOUTS."""
    s = next(_positions(open_hands.MAX_CARDS, {}, range(1, 40)))
    legal = [str(a) for a in s.legal_actions()]
    full = open_hands.value_layouts(s, legal, 10, 4)
    assert full is not None and len(full.states) == 10
    monkeypatch.setattr(open_hands, "NODES_PER_LAYOUT", 1)
    monkeypatch.setattr(open_hands, "MIN_LAYOUTS", 3)
    cut = open_hands.value_layouts(s, legal, 10, 4)
    assert cut is not None and 3 <= len(cut.states) < 10
    assert np.array_equal(cut.table, full.table[:len(cut.states)])
    monkeypatch.setattr(open_hands, "LAYOUT_BUDGET", 0)
    assert open_hands.value_layouts(s, legal, 10, 4) is None
    advice = advise(s, n=4, seed=0)
    assert advice is not None and advice.method == BOTS_THEN_OPEN
