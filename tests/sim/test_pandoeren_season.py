"""Pandoeren's seasons in arrays (#19): each deal's Result, and whole matches, as the engine's.

``cardlab.sim.pandoeren.match_results`` plays every running match's next deal in one batch
— the heuristic bot's vectorised calls, the batch's ``"heuristic"`` card play — and builds
each deal's Result through the game's own scoring (``DealFacts`` → ``score_facts``, the
state's ``score`` calling the same; ``annulled_result`` for an all-pass deal). The twin on
the engine: the scalar deal (``match.deal()``), the heuristic bot seeded by the deal up to
the play, then the batch's recorded play replayed action by action.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import called_to_the_play, recorded_batch_play

import cardlab
import cardlab.sim
from cardlab.engine.rng import derive_seed
from cardlab.sim.pandoeren import batch as pd


def _played_out(game: Any, seed: int, dealer: int, match: Any = None) -> Any:
    """The scalar deal as ``match_results`` plays it: dealt (or by ``match.deal()``), the
    heuristic bot's calls up to the play, then the batch's play (recorded) replayed action
    by action onto the state."""
    st = match.deal() if match is not None else game.deal(seed=seed, dealer=dealer)
    st = called_to_the_play(st, seed)
    if st.phase == "play":
        b = recorded_batch_play(pd.PandoerenBatch, [st], [seed])
        cards, c = list(game.deck), b.tb.n_cards
        for step in b.record or []:
            k = int(step[0])
            if k == c:
                continue
            word = ("announce roem" if k == pd.SAY_ROEM else "announce stuk"
                    if k == pd.SAY_STUK else f"play {cards[k].code}")
            [action] = [a for a in st.legal_actions() if str(a) == word]
            st = st.apply(action)
    assert st.is_over
    return st


#: forms that change the deal's play, its roem and stuk, or its scoring
FORMS = [
    {},
    {"roem_announce": "manual", "stuk_deadline": "before_first_card"},
    {"stop_when_decided": False, "roem_denial": False, "scoring": "zero_sum_per_opponent"},
    {"rank_order": "klaverjas", "undertrump": "allowed", "overtrump_on_trump_lead": True},
    {"pass_is_final": False, "piccolo_objective": "any_one_trick", "roem_card_reuse": False},
]


def _ids(opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "canonical"


@pytest.mark.parametrize("opts", FORMS, ids=_ids)
def test_a2_11_each_deals_result_is_the_engines_result(opts: dict) -> None:
    """A2.5 (an all-pass deal is thrown in), A2.10 (roem, its denial, stuk; auto or manual
    announcing), A2.11 (each contract's test, the payments, the early stop): the whole
    Result ``match_results`` builds for a deal — points, contract, declarer, made,
    breakdown, figures (roem details included), next dealer — is ``state.result`` of the
    same deal finished on the engine; and its seat points are ``whole_deals``' scores."""
    game = cardlab.load("pandoeren", **opts)
    size = 150
    seeds = np.array([derive_seed(41, k) for k in range(size)], dtype=np.uint64)
    dealers = np.arange(size) % 4
    results = pd.match_results(game, seeds, dealers, "heuristic", [None] * size)
    [part], left = pd.whole_deals(game, seeds, dealers, "heuristic")
    assert not left.any()
    assert [list(r.seat_points) for r in results] == part["scores"].tolist()
    seen = set()
    for b, result in enumerate(results):
        st = _played_out(game, int(seeds[b]), int(dealers[b]))
        assert result == st.result, b
        seen.add((result.contract, result.made, bool(result.figures.get("roem"))))
    contracts = {c for c, _, _ in seen}
    # the deals cover the all-pass deal, made and failed contracts, and counted roem
    assert None in contracts and len(contracts) >= 3
    assert {m for _, m, _ in seen} >= {True, False}
    assert any(r for _, _, r in seen)


#: match forms (P-A20 lengths and targets, P-A3 the all-pass redeal) with deal options
MATCH_FORMS = [{"game_end": {"deals": 4}}, {"game_end": {"target": 8}},
               {"all_pass": "same_dealer", "game_end": {"deals": 6}},
               {"all_pass": "same_dealer", "game_end": {"target": 6}, "pass_is_final": False},
               {"roem_announce": "manual", "scoring": "zero_sum_per_opponent",
                "game_end": {"deals": 5}}]


@pytest.mark.parametrize("opts", MATCH_FORMS, ids=_ids)
def test_p_a20_matches_in_arrays_are_the_engines_matches(opts: dict) -> None:
    """P-A20 / P-A3 / A2.4: matches played together in arrays (every running match's next
    deal in one batch, added by ``Match.add_result``) have the sheets, winners, ends and
    dealers of the same matches recorded deal by deal on the engine from finished states
    (a same-dealer redeal after all passed does not count as a deal)."""
    from cardlab.sim.seasons import _array_matches

    game = cardlab.load("pandoeren", **opts)
    n, cap = 8, 400  # enough for every one of these matches to end (they are asserted to)
    fast = [game.match(seed=derive_seed(3, k), dealer=k % 4) for k in range(n)]
    _array_matches("pandoeren", game, fast, cap)
    thrown = 0
    for k, a in enumerate(fast):
        b = game.match(seed=derive_seed(3, k), dealer=k % 4)
        while not b.is_over and len(b.sheet) < cap:
            b.record(_played_out(game, derive_seed(b.seed, len(b.sheet)), b.dealer, match=b))
        assert (a.sheet, a.winner, a.is_over, a.dealer, a.scores) == (
            b.sheet, b.winner, b.is_over, b.dealer, b.scores)
        assert a.is_over
        thrown += sum(row["contract"] is None for row in a.sheet)
    assert thrown > 0  # some deals were thrown in (and, with same_dealer, redealt)


def test_a_heuristic_season_of_pandoeren_runs_in_arrays() -> None:
    """P-A20: the season of Pandoeren says it was played in arrays, and its winners are
    those of the matches played in arrays (match k seeded ``derive_seed(seed, k)``, first
    dealer k mod 4); random bots play on the engine."""
    from cardlab.sim.seasons import _array_matches

    game = cardlab.load("pandoeren", game_end={"deals": 4})
    [r] = cardlab.sim.season("pandoeren", {"four": {"game_end": {"deals": 4}}}, n=10, seed=9,
                             progress=False)
    assert r["arrays"] is True
    ms = [game.match(seed=derive_seed(9, k), dealer=k % 4) for k in range(10)]
    _array_matches("pandoeren", game, ms, 500)
    for k, m in enumerate(ms):
        winners = set(m.winners)
        assert r["won"][k].tolist() == [1.0 if s in winners else 0.0 for s in game.sides] \
            or len(winners) > 1
    [slow] = cardlab.sim.season("pandoeren", n=2, bots="random", progress=False)
    assert slow["arrays"] is False
