"""Officer Skat's seasons in arrays (#19): each deal's Result, and whole matches, as the engine's.

``cardlab.sim.officer_skat.match_results`` calls every running match's next deal with the
heuristic bot's vectorised calls (``whole_deals``), plays it with the batch's
``"heuristic"`` card play, and builds its Result through the game's own ``score`` from the
deal's facts read off the arrays; a Ramsch (B-2, both passed) is left to the engine (None).
The twin on the engine: the scalar deal (``game.deal`` / ``match.deal()``), the heuristic
bot seeded by the deal up to the play, then the batch's card play replayed card by card.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import called_to_the_play, recorded_batch_play

import cardlab
import cardlab.sim
from cardlab.bots import bot_for
from cardlab.engine.playout import play_out
from cardlab.engine.rng import derive_seed
from cardlab.games.officer_skat.kernel import NO_CARD
from cardlab.sim.officer_skat import batch as osk
from cardlab.sim.rng import deal_seeds


def _called(game: Any, seed: int, dealer: int, match: Any = None) -> Any:
    """The scalar deal (or ``match.deal()``) with the heuristic bot's calls up to the play."""
    st = match.deal() if match is not None else game.deal(seed=seed, dealer=dealer)
    st = called_to_the_play(st, seed)
    assert st.phase == "play"  # an Officer Skat deal is always played (a Ramsch too)
    return st


def _replayed(states: list[Any], seeds: list[int]) -> list[Any]:
    """Each state (at the opening lead) played on by the batch's ``"heuristic"`` play on its
    deal's play stream, recorded, and replayed card by card onto the state; finished."""
    game = states[0].game
    batch = recorded_batch_play(osk.OfficerSkatBatch, states, seeds)
    out = []
    for b, st in enumerate(states):
        for step in batch.record or []:
            if int(step[b]) != NO_CARD:
                st = st.apply(f"play {game.deck[int(step[b])].code}")
        assert st.is_over
        out.append(st)
    return out


def _deal_on_engine(game: Any, match: Any) -> Any:
    """The match's next deal as the season plays it on the engine where the arrays do not:
    a Ramsch by the heuristic bot (seeded by the deal), every other deal with the batch's
    card play replayed."""
    seed = derive_seed(match.seed, len(match.sheet))
    st = _called(game, seed, match.dealer, match)
    if st.declarer is None:
        return play_out(match.deal(), bot_for("officer_skat", "heuristic", seed=seed))
    [done] = _replayed([st], [seed])
    return done


def _ids(opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "officer_skat"


#: forms that change the calls, the end of the play or the scoring (OS-9)
FORMS: list[dict[str, Any]] = [
    {},
    {"scoring_method": "card_points", "pass_allowed": True, "kontra_scope": "game_value_only"},
    {"scoring_method": "match_points", "schneider": "le30", "schwarz": "no_tricks"},
    {"scoring_method": "base_doubled_schneider", "method_a_schwarz_factor": 4,
     "null_mode": "no_tricks", "null_value": 46},
    {"game_value": "isko_levels", "matadors": "full_trump_sequence", "loss_factor": 1,
     "schneider_schwarz_against_declarer": False},
    {"choose_after_face_up": 8, "re_window": "until_opening_lead", "faces": "german",
     "pass_allowed": True, "ramsch_allowed": True},
]


@pytest.mark.parametrize("opts", FORMS, ids=_ids)
def test_os7_each_deals_result_is_the_engines_result(opts: dict) -> None:
    """OS-6 / OS-7 (who won, Schneider/Schwarz, matadors, every scoring method, Kontra/Re),
    B-3 (Null's end), B-21 (the next dealer): the whole Result ``match_results`` builds for
    a deal — points, contract, declarer, made, breakdown, figures, next dealer — is
    ``state.result`` of the same deal finished on the engine; a Ramsch (B-2) gets None."""
    game = cardlab.load("officer_skat", **opts)
    size = 300
    seeds = deal_seeds(41, 0, size)
    dealers = np.arange(size) % 2
    results = osk.match_results(game, seeds, dealers, "heuristic", [None] * size)
    called = [_called(game, int(s), int(d)) for s, d in zip(seeds.tolist(), dealers.tolist())]
    ramsch = [st.declarer is None for st in called]
    assert [r is None for r in results] == ramsch
    played = [k for k in range(size) if not ramsch[k]]
    done = _replayed([called[k] for k in played], [int(seeds[k]) for k in played])
    for k, st in zip(played, done, strict=True):
        assert results[k] == st.result, k
    # the deals cover declarers winning and losing, Kontra, and more than one kind of game
    seen = [results[k] for k in played]
    assert {r.made for r in seen} == {True, False}
    assert any(r.figures["kontra"] for r in seen)
    assert len({r.contract for r in seen}) >= 3


#: match forms: lengths and targets (B-22), and options that change the calls (B-2 Ramsch
#: left to the engine, B-4) or the scoring (OS-7.5)
MATCH_FORMS: list[dict[str, Any]] = [
    {}, {"match_deals": 2}, {"match_deals": 10}, {"target": 100},
    {"target": 60, "scoring_method": "match_points"},
    {"target": 150, "scoring_method": "card_points", "kontra_re": False},
    {"pass_allowed": True, "ramsch_allowed": True, "match_deals": 8},
    {"scoring_method": "card_points", "choose_after_face_up": 8, "match_deals": 6},
]


def _matches_with_ramsch(game: Any, seed: int, count: int) -> list[int]:
    """The first ``count`` match numbers ``k`` (seeded ``derive_seed(seed, k)``, first dealer
    ``k`` mod 2) of a fixed-length match one of whose deals the heuristic calls make a
    Ramsch (B-2), found with the arrays' calls (B-21: the deal alternates)."""
    deals, tries = game.options.match_deals, 4000
    ks = np.repeat(np.arange(tries), deals)
    j = np.tile(np.arange(deals), tries)
    seeds = np.array([derive_seed(derive_seed(seed, int(k)), int(i))
                      for k, i in zip(ks, j, strict=True)], dtype=np.uint64)
    ramsch = osk.whole_deals(game, seeds, (ks + j) % 2).ramsch.reshape(tries, deals)
    return np.flatnonzero(ramsch.any(axis=1))[:count].tolist()


@pytest.mark.parametrize("opts", MATCH_FORMS, ids=_ids)
def test_b22_matches_in_arrays_are_the_engines_matches(opts: dict) -> None:
    """B-21 / B-22 / OS-7.6: matches played together in arrays (every running match's next
    deal in one batch, added by ``Match.add_result``; a Ramsch played on the engine) have
    the sheets, scores, winners, ends and dealers of the same matches recorded deal by deal
    on the engine from finished states. (Under ``game_value`` a match to a target may run
past the cap of 60 deals: the losses are negative.)"""
    from cardlab.sim.seasons import _array_matches

    game = cardlab.load("officer_skat", **opts)
    n = 8
    ks = list(range(n))
    if opts.get("ramsch_allowed"):  # Ramsch is rare (~0.2%): add matches that hold one
        ks = ks[:5] + _matches_with_ramsch(game, 3, 3)
    fast = [game.match(seed=derive_seed(3, k), dealer=k % 2) for k in ks]
    _array_matches("officer_skat", game, fast, 60)
    ramsch, ended = 0, 0
    for k, a in zip(ks, fast, strict=True):
        b = game.match(seed=derive_seed(3, k), dealer=k % 2)
        while not b.is_over and len(b.sheet) < 60:
            st = _deal_on_engine(game, b)
            ramsch += st.declarer is None
            b.record(st)
        assert (a.sheet, a.scores, a.winner, a.is_over, a.dealer) == (
            b.sheet, b.scores, b.winner, b.is_over, b.dealer), k
        ended += a.is_over
        if opts.get("target") is None:
            assert a.is_over and len(a.sheet) == game.options.match_deals
        elif a.is_over:
            assert max(a.scores.values()) >= opts["target"]
    assert ended >= n // 2
    if opts.get("ramsch_allowed"):
        assert ramsch > 0  # the engine's part of the season was exercised


def test_a_heuristic_season_of_officer_skat_runs_in_arrays() -> None:
    """B-22: the season of Officer Skat says it was played in arrays, and its numbers are
    the matches played in arrays (match k seeded ``derive_seed(seed, k)``, first dealer k
    mod 2; the higher total wins, a tie has no winner); random bots play on the engine."""
    from cardlab.sim.seasons import _array_matches

    game = cardlab.load("officer_skat", match_deals=6)
    [r] = cardlab.sim.season("officer_skat", {"six": {"match_deals": 6}}, n=12, seed=9,
                             progress=False)
    assert r["arrays"] is True and set(r["deals_per_match"]) == {6}
    ms = [game.match(seed=derive_seed(9, k), dealer=k % 2) for k in range(12)]
    _array_matches("officer_skat", game, ms, 500)
    for k, m in enumerate(ms):
        assert r["won"][k].tolist() == [1.0 if s == m.winner else 0.0 for s in game.sides]
    [slow] = cardlab.sim.season("officer_skat", n=2, bots="random", progress=False)
    assert slow["arrays"] is False
