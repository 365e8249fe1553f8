"""Panfin's seasons in arrays (#19): each deal's Result, and whole matches, as the engine's.

``cardlab.sim.panfin.match_results`` plays every running match's next deal in one batch
— the heuristic bot's vectorised calls, the batch's ``"heuristic"`` card play — with what
the match carries into it (B2.12: the pot and the stacks), and builds each deal's Result
through the game's own scoring (``Outcome`` → ``settle`` → ``make_result``). The twin on
the engine: the scalar deal (``match.deal()``: the carried pot and stacks), the heuristic
bot seeded by the deal up to the play, then the batch's card play replayed card by card.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from support import called_to_the_play, recorded_batch_play

import cardlab
import cardlab.sim
from cardlab.engine.rng import derive_seed
from cardlab.sim.panfin import batch as pf
from cardlab.sim.simulator import play_on


def _played_out(game: Any, seed: int, dealer: int, pot: int = 0,
                stacks: list[int] | None = None, match: Any = None) -> Any:
    """The scalar deal as ``match_results`` plays it: dealt with the carried ``pot`` and
    ``stacks`` (or by ``match.deal()``), the heuristic bot's calls up to the play, then the
    batch's card play (recorded) replayed card by card onto the state."""
    if match is not None:
        st = match.deal()
    else:
        st = game.deal(seed=seed, dealer=dealer, pot=pot,
                       stacks=stacks or [0] * game.players)
    st = called_to_the_play(st, seed)
    if st.phase == "play":
        b = recorded_batch_play(pf.PanfinBatch, [st], [seed])
        cards, c = list(game.deck), b.tb.n_cards
        for first, second in b.record or []:
            played = {cards[int(i)].code for i in (first[0], second[0]) if i < c}
            if not played:
                continue
            [action] = [a for a in st.legal_actions()
                        if a.verb == "play" and set(a.args) == played]
            st = st.apply(action)
    assert st.is_over
    return st


#: forms that change the deal, the calls or the settlement (B4.2), over player counts
FORMS = [
    {},
    {"players": 2, "max_exchange": 3, "dealer_ante_multiplier": 1},
    {"players": 3, "cut_shown_card": "top_of_remaining", "turnup_gobbo": "turn_next_card",
     "carryover_dealer_adds": 2},
    {"players": 5, "servito_ends_declarations": False, "servito_tie": "split",
     "tiebreak_false": "tronfi_rule"},
    {"players": 6, "dealer_turnup_at_piatti": "none", "simezi_bonus_payers": "active_only",
     "tronfi_stamp_payers": "all_non_exempt", "both_jokers_lead": "consecutive_forced"},
]


def _ids(opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "canonical"


@pytest.mark.parametrize("opts", FORMS, ids=_ids)
def test_b2_12_each_deals_result_is_the_engines_result(opts: dict) -> None:
    """B2.3 / F-A22 (the antes: into an empty pot everyone's, into a carried-over pot the
    dealer's alone), B2.5 / B2.8 / B2.9 / B2.11 / B2.12 (how the deal ends and who is paid):
    the whole Result ``match_results`` builds for a deal — points, contract, winner,
    breakdown, payments, pot and stacks before and after — is ``state.result`` of the same
    deal finished on the engine with the same pot and stacks carried in; and the batch at
    the first lead, built with the carried pots (the calls' antes), settles the trick
    phase's deals to the same chips and the same pot left."""
    game = cardlab.load("panfin", **opts)
    n, size = game.players, 160
    rng = np.random.default_rng(7)
    seeds = np.array([derive_seed(31, k) for k in range(size)], dtype=np.uint64)
    dealers = np.arange(size) % n
    # half the deals start with a carried-over pot, every one with its own stacks
    pots = np.where(np.arange(size) % 2 == 1, rng.integers(1, 30, size), 0)
    stacks = rng.integers(-40, 40, (size, n))
    matches = [SimpleNamespace(pot=int(p), scores=dict(zip(game.seat_names, map(int, row),
                                                           strict=True)))
               for p, row in zip(pots, stacks, strict=True)]
    results = pf.match_results(game, seeds, dealers, "heuristic", matches)
    # the batch at the first lead, with the carried pots: its own settlement agrees too
    _, idx, batch = pf.opening_lead(game, seeds, dealers, pots)
    assert batch is not None
    play_on(batch, seeds[idx], "heuristic")
    chips, pot_after = batch.scores(), batch.settlement()[1]
    row = {int(b): j for j, b in enumerate(idx)}
    kinds = set()
    for b, result in enumerate(results):
        st = _played_out(game, int(seeds[b]), int(dealers[b]), int(pots[b]),
                         stacks[b].tolist())
        assert result == st.result, b
        if b in row:
            assert list(st.result.seat_points) == chips[row[b]].tolist(), b
            assert st.pot == pot_after[row[b]], b
        kinds.add((result.figures["outcome"], pots[b] > 0))
    # the deals cover the trick phase and the declarations, with and without a carried
    # pot, and the deals won at the cut
    assert {("piatti", False), ("piatti", True), ("declarations", False),
            ("declarations", True)} <= kinds
    assert "cut" in {k for k, _ in kinds}


def test_whole_deals_with_an_empty_pot_are_the_match_results() -> None:
    """B2.3: with no pot carried in, the deals of ``match_results`` score each seat as
    ``whole_deals`` does (its path is unchanged), and the pot each leaves is the batch's."""
    game = cardlab.load("panfin")
    seeds = np.array([derive_seed(5, k) for k in range(200)], dtype=np.uint64)
    dealers = np.arange(200) % 4
    empty = [SimpleNamespace(pot=0, scores=dict.fromkeys(game.seat_names, 0))] * 200
    results = pf.match_results(game, seeds, dealers, "heuristic", empty)
    [part], left = pf.whole_deals(game, seeds, dealers, "heuristic")
    assert not left.any()
    assert [list(r.seat_points) for r in results] == part["scores"].tolist()


#: match forms: lengths (B2.12 F-A26 ``hands_to_play``), player counts, and options that
#: change what a carried pot costs or how a deal settles
MATCH_FORMS = [{"hands_to_play": 12}, {"hands_to_play": 3}, {"players": 2, "hands_to_play": 8},
               {"players": 6, "hands_to_play": 5}, {"carryover_dealer_adds": 2},
               {"players": 5, "servito_tie": "split", "servito_ends_declarations": False}]


@pytest.mark.parametrize("opts", MATCH_FORMS, ids=_ids)
def test_matches_in_arrays_are_the_engines_matches(opts: dict) -> None:
    """B2.12 / F-A26: matches played together in arrays (every running match's next deal
    in one batch, its pot and stacks carried in, added by ``Match.add_result``) have the
    sheets, winners, ends, dealers (B2.4), pots and stacks of the same matches recorded
    deal by deal on the engine from finished states."""
    from cardlab.sim.seasons import _array_matches

    game = cardlab.load("panfin", **opts)
    n = 6
    fast = [game.match(seed=derive_seed(2, k), dealer=k % game.players) for k in range(n)]
    _array_matches("panfin", game, fast, 40)
    carried = 0
    for k, a in enumerate(fast):
        b = game.match(seed=derive_seed(2, k), dealer=k % game.players)
        while not b.is_over:
            carried += b.pot > 0
            b.record(_played_out(game, derive_seed(b.seed, len(b.sheet)), b.dealer, match=b))
        assert (a.sheet, a.winner, a.is_over, a.dealer, a.pot, a.scores) == (
            b.sheet, b.winner, b.is_over, b.dealer, b.pot, b.scores)
        assert len(a.sheet) == game.options.hands_to_play
    assert carried > 0  # some deals start with a pot carried over


def test_a_heuristic_season_of_panfin_runs_in_arrays() -> None:
    """B2.12: the season of Panfin says it was played in arrays, and its numbers are the
    matches played in arrays (match k seeded ``derive_seed(seed, k)``, first dealer k mod
    players; the most chips wins, a tie at the top has no winner); random bots play on the
    engine."""
    from cardlab.sim.seasons import _array_matches

    game = cardlab.load("panfin", hands_to_play=4)
    [r] = cardlab.sim.season("panfin", {"four": {"hands_to_play": 4}}, n=12, seed=9,
                             progress=False)
    assert r["arrays"] is True and set(r["deals_per_match"]) == {4}
    ms = [game.match(seed=derive_seed(9, k), dealer=k % 4) for k in range(12)]
    _array_matches("panfin", game, ms, 500)
    for k, m in enumerate(ms):
        expect = [1.0 if s == m.winner else 0.0 for s in game.sides]
        assert r["won"][k].tolist() == expect
    [slow] = cardlab.sim.season("panfin", n=2, bots="random", progress=False)
    assert slow["arrays"] is False
