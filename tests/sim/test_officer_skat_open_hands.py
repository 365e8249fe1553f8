"""Officer Skat's hint values the card plays with the open-hands solver on layouts of the
hidden face-down cards (:mod:`cardlab.sim.officer_skat.open_hands`) late in the play, and
says so.

* Each layout's value of a card is that layout's whole deal solved for the hint's measure,
  the mover's points less the opponent's at the end (OS-7; Ramsch B-2): checked against a
  plain minimax of that margin on the engine's states of the layout's deal (every option
  set that changes the score, a Kontra and Re deal, a Null), and, under the default scoring
  where the defender scores nothing (OS-7.2), against the solver's search of the
  declarer's own score, signed for the mover.
* A layout deals the face-down cards still hidden (OS-2.3, OS-5.3) to their places: the
  values never depend on where those cards really lie (twin deals get the same values).
* It serves the play once no seat holds more than ``MAX_CARDS`` cards, and not a Null won
  by taking no trick (OS-6.4, searched interpreted); elsewhere the rollouts stay.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import twins

import cardlab
import cardlab.solve
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.games.officer_skat.rules import card_index
from cardlab.sim.advice import advise, valued_by
from cardlab.sim.officer_skat import open_hands
from cardlab.solve.officer_skat import OfficerSkatAdapter

#: rule options that change the end score (OS-7.5 methods, Ramsch B-2, B-12 Schwarz by
#: tricks, B-14 matadors, B-17 loss factor)
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"scoring_method": "match_points"},
    {"scoring_method": "card_points"},
    {"scoring_method": "base_doubled_schneider"},
    {"schwarz": "no_tricks", "matadors": "full_trump_sequence", "loss_factor": 1},
]


def plays(state: State) -> list[str]:
    """The legal card plays."""
    return [str(a) for a in state.legal_actions() if str(a).startswith("play ")]


def declared(game: cardlab.Game, seed: int, kind: str, cards: int, *, kontra: bool = False,
             re: bool = False) -> State | None:
    """A seeded deal where forehand declares ``kind`` (``"ramsch"``: both pass), with
    Kontra and Re as asked where offered, played by the heuristic bots to the first moment
    where no seat holds more than ``cards`` cards and the mover has two cards or more to
    choose from; None where the options refuse it or the deal ends before."""
    state = game.deal(seed=seed, dealer=seed % 2)
    while state.phase not in ("play", "done"):
        legal = [str(a) for a in state.legal_actions()]
        if state.phase == "declare":
            want = "pass" if kind == "ramsch" else f"declare {kind}"
            if want not in legal:
                return None
            state = state.apply(want)
        elif state.phase == "kontra":
            state = state.apply("kontra" if kontra else "no_kontra")
        else:
            state = state.apply("re" if re and "re" in legal else "no_re")
    bots = [bot_for("officer_skat", "heuristic", seed=seed + s) for s in range(2)]
    while state.phase == "play":
        if max(len(h) for h in state.hands) <= cards and len(plays(state)) > 1:
            return state
        assert state.to_move is not None
        state = state.apply(bots[state.to_move].choose(state))
    return None


def layout_state(state: State, places: list[tuple[int, int]], cards: np.ndarray) -> State:
    """``state``'s deal with ``cards`` (kernel indices) lying face down at the hidden
    ``places``, replayed to the same moment."""
    deck = {card_index(c): c for c in state.game.deck}
    piles = [list(row) for row in state.layout.piles]  # type: ignore[attr-defined]
    for (seat, p), c in zip(places, cards):
        piles[seat][p] = (deck[int(c)], piles[seat][p][1])
    setup = [" ".join(f"{d.code}/{u.code}" for d, u in row) for row in piles]
    out = state.game.deal(piles=setup, dealer=state.dealer)  # type: ignore[attr-defined]
    for act in state.history:
        out = out.apply(act)
    return out


def margin(state: State, me: int, memo: dict[Any, int]) -> int:
    """Seat ``me``'s points less the other seat's at the end of the deal under perfect
    play with every card open: plain minimax on the engine's states (``me`` maximises)."""
    if state.is_over:
        assert state.result is not None
        pts = state.result.seat_points
        return int(pts[me] - pts[1 - me])
    key = state.history
    if key not in memo:
        kids = [margin(state.apply(a), me, memo) for a in plays(state)]
        memo[key] = max(kids) if state.to_move == me else min(kids)
    return memo[key]


def check_layouts(state: State, n: int = 3, seed: int = 5) -> int:
    """Each layout's values are the margins of that layout's deal solved whole; how many
    layouts were checked."""
    legal = plays(state)
    got = open_hands.open_hands_values(state, legal, n, seed)
    assert got is not None and len(got) == len(legal)
    assert {len(v) for v in got} == {n}  # small endgames: every layout asked is valued
    places, perm = open_hands.layouts(state, n, seed)
    me = state.to_move
    assert me is not None
    for i, cards in enumerate(perm):
        whole = layout_state(state, places, cards)
        memo: dict[Any, int] = {}
        want = [margin(whole.apply(a), me, memo) for a in legal]
        assert [float(v[i]) for v in got] == want, (legal, i)
    return len(perm)


@pytest.mark.parametrize("options", OPTION_SETS,
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_each_layouts_values_are_its_deal_solved_for_the_movers_margin(options: dict[str, Any]
                                                                       ) -> None:
    game = cardlab.load("officer_skat", **options)
    kinds = ["C", "grand", "H", "null", "D", "S"]
    checked = 0
    for seed in range(1, 40):
        kind = kinds[seed % len(kinds)]
        # a third of the positions in the middle of a trick (the follower to move)
        state = declared(game, seed, kind, 3 if seed % 3 else 2)
        if state is None or not open_hands.serves(state):
            continue
        checked += check_layouts(state)
        if checked >= 18:
            break
    assert checked >= 18


@pytest.mark.parametrize("kind", ["grand", "null", "ramsch"])
def test_a_kontra_and_re_deal_a_null_and_a_ramsch_are_valued_by_the_margin(kind: str) -> None:
    """OS-7.4 Kontra and Re multiply the declarer's score (each doubles it);
    B-2 Ramsch has no declarer: both seats lose their card points."""
    game = cardlab.load("officer_skat", ramsch_allowed=True, pass_allowed=True)
    checked = 0
    movers = set()  # the declarer's and the defender's moves both (Ramsch: either seat)
    for seed in range(1, 60):
        state = declared(game, seed, kind, 3, kontra=True, re=True)
        if state is None or not open_hands.serves(state):
            continue
        if kind == "grand" and not (state.kontra and state.re):  # type: ignore[attr-defined]
            continue
        checked += check_layouts(state)
        movers.add(state.to_move == state.declarer)  # type: ignore[attr-defined]
        if checked >= 12 and len(movers) == (1 if kind == "ramsch" else 2):
            break
    assert checked >= 12 and len(movers) == (1 if kind == "ramsch" else 2)


def test_under_the_default_scoring_the_margin_is_the_declarers_score_signed() -> None:
    """OS-7.2: the defender scores nothing, so the mover's margin is the declarer's score
    (searched for the declarer's side by the compiled loop), plus for the declarer and
    minus for the defender."""
    game = cardlab.load("officer_skat")
    checked = 0
    for seed in range(1, 60):
        state = declared(game, seed, ["grand", "C", "H", "null"][seed % 4], 6)
        if state is None or not open_hands.serves(state):
            continue
        legal = plays(state)
        got = open_hands.open_hands_values(state, legal, 2, seed)
        assert got is not None
        places, perm = open_hands.layouts(state, 2, seed)
        d = state.declarer  # type: ignore[attr-defined]
        sign = 1 if state.to_move == d else -1
        for i, cards in enumerate(perm):
            whole = layout_state(state, places, cards)
            ad = OfficerSkatAdapter(whole)
            search = ad.search(ad.side_of(d), 10_000_000)
            root = ad.root(whole)
            want = {ad.text(root, m): sign * search.exact(child)
                    for group, child in search.children(root) for m in group}
            assert [float(v[i]) for v in got] == [want[a] for a in legal]
            checked += 1
    assert checked >= 20


def test_the_layouts_are_the_same_for_every_card_and_the_values_deterministic() -> None:
    game = cardlab.load("officer_skat")
    state = next(s for seed in range(1, 30)
                 if (s := declared(game, seed, "grand", 7)) is not None and open_hands.serves(s))
    legal = plays(state)
    a = open_hands.open_hands_values(state, legal, 12, 3)
    b = open_hands.open_hands_values(state, legal, 12, 3)
    assert a is not None and b is not None
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert {len(v) for v in a} == {12}
    # the layouts themselves: the same hidden cards, each dealt once, drawn afresh per seed
    places, perm = open_hands.layouts(state, 12, 3)
    hidden = sorted(card_index(c) for c in state.hidden_cards(state.to_move))
    assert len(places) == len(hidden) > 1
    assert all(sorted(row) == hidden for row in perm.tolist())
    assert not np.array_equal(perm, open_hands.layouts(state, 12, 4)[1])


def test_twin_deals_differing_only_in_hidden_face_down_cards_get_the_same_values() -> None:
    """OS-2.3 / B-24: neither player sees the face-down cards still covered; the hint must
    not read them."""
    game = cardlab.load("officer_skat")
    compared = 0
    for seed in range(1, 30):
        state = declared(game, seed, ["grand", "S", "null"][seed % 3], 7)
        if state is None or not open_hands.serves(state):
            continue
        legal = plays(state)
        mine = open_hands.open_hands_values(state, legal, 8, seed)
        assert mine is not None
        for twin in twins(state, state.to_move, SplitMix64(seed)):
            assert twin.hands != state.hands and plays(twin) == legal
            theirs = open_hands.open_hands_values(twin, legal, 8, seed)
            assert theirs is not None
            assert all(np.array_equal(x, y) for x, y in zip(mine, theirs))
            compared += 1
        if compared >= 6:
            break
    assert compared >= 6


def test_it_serves_the_last_tricks_of_the_play_only() -> None:
    game = cardlab.load("officer_skat")
    state = game.deal(seed=4, dealer=0)
    assert not open_hands.serves(state)  # the calls (B-2): valued on sampled states
    while state.phase != "play":
        state = state.apply(state.legal_actions()[0])
    assert not open_hands.serves(state)  # the opening lead: 16 cards a seat
    assert open_hands.open_hands_values(state, plays(state), 4, 0) is None
    # the bots play the first eight tricks, the solver the rest (sim.officer_skat.finish)
    assert valued_by(state) == "bots, then open hands"
    bot = bot_for("officer_skat", "heuristic", seed=1)
    seen = set()
    while not state.is_over:
        most = max(len(h) for h in state.hands)
        assert open_hands.serves(state) == (most <= open_hands.MAX_CARDS)
        seen.add(open_hands.serves(state))
        state = state.apply(bot.choose(state))
    assert seen == {True, False}
    assert not open_hands.serves(state)  # over


def test_a_null_won_by_taking_no_trick_keeps_the_rollouts(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """OS-6.4 under ``null_mode="no_tricks"`` the deal ends at the declarer's first trick:
    the solver searches it on the engine's states, too slow for a hint's layouts. (Such a
    deal seldom lasts to its last tricks, so the cards-left limit is lifted here: only the
    Null's mode then decides.)"""
    monkeypatch.setattr(open_hands, "MAX_CARDS", 16)
    for mode, served in (("fewest_points", True), ("no_tricks", False)):
        game = cardlab.load("officer_skat", null_mode=mode)
        state = game.deal(seed=3, dealer=0).apply("declare null")
        while state.phase != "play":
            state = state.apply(state.legal_actions()[-1])
        assert open_hands.serves(state) == served == cardlab.solve.compiled(state)


def test_the_hint_says_open_hands_where_it_serves() -> None:
    game = cardlab.load("officer_skat")
    for seed in range(1, 20):
        state = declared(game, seed, "C", open_hands.MAX_CARDS)
        if state is not None and open_hands.serves(state):
            break
    else:
        pytest.fail("no served position")
    assert valued_by(state) == "open hands"
    advice = advise(state, n=6, seed=2)
    assert advice is not None and advice.method == "open hands" and advice.n == 6
    assert set(advice.values) == set(plays(state))
    got = open_hands.open_hands_values(state, plays(state), 6, 2)
    assert got is not None
    assert advice.values == {a: float(v.mean()) for a, v in zip(plays(state), got)}
