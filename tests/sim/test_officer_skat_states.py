"""Whole Officer Skat states sampled from what the seat to move can see
(:func:`cardlab.sim.officer_skat.states.sample_states`): at every decision of bot-played deals
(the choice of game, Kontra, Re, each card), each sample is a real deal replayed to the same
moment that shows the seat exactly its view (OS-2.3, B-24: face-up cards are public, face-down
cards hidden from both players), the hidden cards dealt at random into the hidden places and
nothing the seat cannot see changing the samples."""

from __future__ import annotations

from typing import Any

import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.sim.officer_skat import sample_states

#: option sets whose decisions differ (OS-3.3 / B-4 the choice on 8 cards, B-6 Re until the
#: opening lead, B-2 passing and Ramsch, OS-6.4 Null lost at the first trick), with the
#: number of bot-played deals of each
OPTION_SETS: list[tuple[dict[str, Any], int]] = [
    ({}, 20),
    ({"choose_after_face_up": 8}, 6),
    ({"re_window": "until_opening_lead"}, 6),
    ({"pass_allowed": True, "ramsch_allowed": True}, 6),
    ({"null_mode": "no_tricks"}, 4),
]


def _moments(opts: dict[str, Any], deals: int) -> list[Any]:
    """Every decision of ``deals`` deals played by the heuristic bots."""
    game = cardlab.load("officer_skat", **opts)
    bots = [bot_for("officer_skat", "heuristic", seed=i) for i in range(2)]
    out = []
    for seed in range(deals):
        s = game.deal(seed=seed, dealer=seed % 2)
        while not s.is_over:
            out.append(s)
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    return out


def _twin(state: Any, shift: int) -> Any:
    """``state``'s deal with its hidden cards (``state.hidden_cards()``, OS-2.3) moved to
    other hidden places, replayed to the same moment: a deal nobody can tell apart."""
    hidden = list(state.hidden_cards())
    moved = {c: hidden[(i + shift) % len(hidden)] for i, c in enumerate(hidden)}
    piles = [" ".join(f"{moved.get(d, d).code}/{moved.get(u, u).code}" for d, u in seat)
             for seat in state.layout.piles]
    t = state.game.deal(piles=piles, dealer=state.dealer)
    for act in state.history:
        t = t.apply(act)
    return t


def test_a_sample_shows_the_seat_to_move_exactly_what_it_saw():
    """OS-2.3 / B-24 / OS-5.3: at over a thousand decisions of every phase, each sampled state
    is a deal replayed through the engine to the same moment, with the seat's whole view and
    legal actions unchanged, the same cards hidden, and (where cards are hidden) the
    samples are not all one deal."""
    moments = varied = hidden_somewhere = 0
    phases = set()
    for opts, deals in OPTION_SETS:
        for s in _moments(opts, deals):
            me = s.to_move
            sampled = sample_states(s, 3, seed=len(s.history))
            assert len(sampled) == 3
            for t in sampled:
                assert t.view(me) == s.view(me), (opts, s.deal_string(), len(s.history))
                assert t.legal_actions() == s.legal_actions()
                assert t.history == s.history and t.phase == s.phase and t.to_move == me
                assert t.hidden_cards() == s.hidden_cards()
            if len(s.hidden_cards()) > 1:
                hidden_somewhere += 1
                varied += len({t.deal_string() for t in sampled}) > 1
            moments += 1
            phases.add(s.phase)
    assert moments > 1000
    assert phases == {"declare", "kontra", "re", "play"}
    assert varied > 0.95 * hidden_somewhere


def test_seen_cards_stay_where_they_lie():
    """OS-2.3 / OS-5.3: every card the seat can see (dealt face up, or turned up) lies in
    the same place of the same pile in every sample; only hidden places change."""
    for s in _moments({}, 4)[::5]:
        hidden = set(s.hidden_cards())
        for t in sample_states(s, 4, seed=9):
            for mine, theirs in zip(s.layout.piles, t.layout.piles):
                for pair, other in zip(mine, theirs):
                    for c, d in zip(pair, other):
                        assert c == d or (c in hidden and d in hidden)


def test_hidden_stays_hidden():
    """OS-2.3: two deals that differ only in cards nobody can see, at the same moment, give
    the same samples for the same seed."""
    compared = 0
    for s in _moments({}, 6)[::3]:
        if len(s.hidden_cards()) < 2:
            continue
        twin = _twin(s, 1)
        assert twin.deal_string() != s.deal_string()
        assert twin.view(s.to_move) == s.view(s.to_move)
        assert ([t.deal_string() for t in sample_states(s, 5, seed=3)]
                == [t.deal_string() for t in sample_states(twin, 5, seed=3)])
        compared += 1
    assert compared > 40


def test_a_seed_reproduces_its_samples():
    """The same seed gives the same deals; another seed other deals."""
    s = _moments({}, 1)[5]
    assert s.phase == "play"
    first = [t.deal_string() for t in sample_states(s, 6, seed=11)]
    assert first == [t.deal_string() for t in sample_states(s, 6, seed=11)]
    assert first != [t.deal_string() for t in sample_states(s, 6, seed=12)]


def test_a_finished_deal_is_refused():
    """A finished deal has nobody to move: there is no moment to sample."""
    game = cardlab.load("officer_skat")
    bots = [bot_for("officer_skat", "heuristic", seed=i) for i in range(2)]
    s = game.deal(seed=1, dealer=0)
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    assert s.to_move is None
    with pytest.raises(ValueError, match="finished"):
        sample_states(s, 2, seed=0)
