"""Whole Panfin deals at array speed equal the deal-by-deal path.

The batch deal (:func:`cardlab.sim.panfin.calls.deal_cards`) must be ``game.deal(seed=s,
dealer=d)`` (B2.5 the cut: F-A3 ``cut_shown_card``, the Vecia's win, the kept Gobbo and
F-A5 the card behind it; B2.6 / F-A24 the deal one at a time, F-A6 ``turnup_gobbo``, the
stock); the vectorised calls (:func:`~cardlab.sim.panfin.calls.heuristic_calls`) must be
the scalar :class:`cardlab.bots.panfin.HeuristicBot`'s, call for call — the dealer's
choice (B2.6), tengo with its exchange (B2.7, F-A9 ``max_exchange`` and the stock), fold
by the bot's own seeded draws, servito (B2.8, F-A10), the dealer's swap (B2.10.1, F-A7) —
with the same end of the declarations and the same chips (B2.8, B2.9, F-A11, F-A13,
F-A14, F-A15, B2.12); the batch at the first lead
(:func:`~cardlab.sim.panfin.opening_lead`) must be ``PanfinBatch.from_states`` of the
scalar states there; and ``compare_variants`` must give the same per-deal numbers with and
without the fast path, for every player count.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.games.panfin.rules import SUITS, card_index, card_mask
from cardlab.sim import compare_variants
from cardlab.sim import panfin as pf_sim  # the registered simulator package
from cardlab.sim.panfin import batch as pf
from cardlab.sim.panfin import calls as pc
from cardlab.sim.studies import deal_seeds

#: option sets that change the deal or the calls (B4.2), over every player count, and
#: the settlement options the declarations' chips read
OPTION_SETS = [
    {},
    {"players": 2, "max_exchange": 3, "dealer_ante_multiplier": 1},
    {"players": 3, "cut_shown_card": "top_of_remaining", "turnup_gobbo": "turn_next_card",
     "tronfi_stamp_payers": "all_non_exempt"},
    {"players": 5, "servito_ends_declarations": False, "servito_tie": "split",
     "tiebreak_false": "tronfi_rule"},
    {"players": 6, "max_exchange": 1, "dealer_turnup_at_piatti": "none",
     "simezi_bonus_payers": "active_only", "tiebreak_simezi": "rank"},
    {"cut_vecia_wins": False, "cut_gobbo_kept": False, "max_exchange": 0,
     "both_jokers_lead": "consecutive_forced"},
    {"check_behind_gobbo": False, "servito_ends_declarations": False, "players": 6,
     "beat_reference": "led_card"},
]


def _ids(opts: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "canonical"


def _scalar_lead(game, seed: int, dealer: int):
    """The deal-by-deal path: the scalar deal, then the heuristic bot until the play."""
    st = game.deal(seed=seed, dealer=dealer)
    bot = bot_for("panfin", "heuristic", seed=seed)
    while st.phase not in ("play", "done"):
        st = st.apply(bot.choose(st))
    return st, bot


def _seeds(game, n: int, salt: int) -> tuple[np.ndarray, np.ndarray]:
    return deal_seeds(salt, 0, n), (np.arange(n) * 5 + salt) % game.players


@pytest.mark.parametrize("opts", OPTION_SETS, ids=_ids)
def test_b2_5_b2_6_batch_deal_is_the_scalar_deal(opts) -> None:
    """B2.5 / B2.6: the batch deal of every seed and dealer is ``game.deal``: the deals won
    at the cut, the hands (a kept Gobbo included), the card that sets the dominant suit
    and the stock in order."""
    game = cardlab.load("panfin", **opts)
    seeds, dealers = _seeds(game, 1500, 3)
    dealt = pc.deal_cards(game, seeds, dealers)
    won = 0
    for b in range(len(seeds)):
        st = game.deal(seed=int(seeds[b]), dealer=int(dealers[b]))
        cut = st.is_over
        assert bool(dealt.won_at_cut[b]) == cut, b
        won += cut
        if cut:
            continue
        assert [card_mask(h) for h in st.hands] == [int(x) for x in dealt.hands[b]], b
        assert card_index(st.turnup[-1]) == dealt.turnup[b]
        stock = dealt.pack[b, dealt.stock[b]:dealt.stock_end[b]].tolist()
        assert stock == [card_index(c) for c in st.stock]
    assert (won > 0) == opts.get("cut_vecia_wins", True)


@pytest.mark.parametrize("opts", OPTION_SETS, ids=_ids)
def test_b2_7_vectorised_calls_are_the_heuristic_bots(opts) -> None:
    """B2.6 / B2.7 / B2.8 / B2.10.1: every deal gets the scalar bot's dominant suit, hands
    after the exchanges and the swap, folds, servito, number of actions and the bot's
    generator where it left it (each fold draw made in the same order); a hand ended in the
    declarations ends as the engine's (``result.contract`` and winner) with its chips
    (``seat_points``, B2.8 / B2.9 / B2.12), and one that goes on leads from the same seat."""
    game = cardlab.load("panfin", **opts)
    n = 450
    seeds, dealers = _seeds(game, n, 7)
    calls = pc.heuristic_calls(game, pc.deal_cards(game, seeds, dealers), dealers, seeds)
    decided = np.flatnonzero(calls.outcome >= 0)
    chips = dict(zip(decided.tolist(), pc.declaration_scores(game, calls, decided),
                     strict=True))
    seen = set()
    for b in range(n):
        st, bot = _scalar_lead(game, int(seeds[b]), int(dealers[b]))
        assert bot._rng.state == int(calls.bot_state[b]), b
        assert len(st.history) == calls.n_actions[b], b
        if st.outcome is not None and st.outcome.kind == "cut":
            assert pc.OUTCOMES[calls.outcome[b]] == "cut"
            assert chips[b].tolist() == list(st.result.seat_points)
            seen.add("cut")
            continue
        assert SUITS.index(st.dominant) == calls.dominant[b]
        assert [card_mask(h) for h in st.hands] == [int(x) for x in calls.hands[b]], b
        assert [not f for f in st.folded] == calls.active[b].tolist()
        assert (-1 if st.servito is None else st.servito) == calls.servito[b]
        if st.phase == "done":
            res = st.result
            assert pc.OUTCOMES[calls.outcome[b]] == res.contract, b
            assert (-1 if res.declarer is None else res.declarer) == calls.winner[b]
            assert chips[b].tolist() == list(res.seat_points), b
            seen.add(res.contract)
        else:
            assert calls.outcome[b] == -1 and st.to_move == calls.leader[b]
            seen.add("play")
    assert {"play", "servito"} <= seen and len(seen) >= 4, seen
    assert (calls.bot_state != seeds).any()  # the bot drew to decide some folds


@pytest.mark.parametrize("opts", OPTION_SETS[::3], ids=_ids)
def test_opening_lead_batch_is_from_states(opts) -> None:
    """The batch built from the vectorised calls equals ``from_states`` of the scalar
    states at the first lead of the trick phase, field by field."""
    game = cardlab.load("panfin", **opts)
    n = 300
    seeds, dealers = _seeds(game, n, 9)
    calls, idx, batch = pf.opening_lead(game, seeds, dealers)
    assert batch is not None
    states = [_scalar_lead(game, int(seeds[b]), int(dealers[b]))[0] for b in range(n)]
    assert idx.tolist() == [b for b, st in enumerate(states) if st.phase == "play"]
    want = pf.PanfinBatch.from_states([states[b] for b in idx])
    for key, value in want.__dict__.items():
        if isinstance(value, np.ndarray):
            np.testing.assert_array_equal(batch.__dict__[key], value, err_msg=key)


def test_compare_variants_is_unchanged(monkeypatch) -> None:
    """``compare_variants`` with the whole deals in arrays gives the per-deal arrays
    (scores, has_contract, made, length), the contracts and the paired differences of the
    deal-by-deal path, for several player counts and option sets, chunk sizes and both
    play policies."""
    studies = [({"a": OPTION_SETS[0], "b": OPTION_SETS[5]}, 500, 170, "heuristic"),
               ({"a": OPTION_SETS[3]}, 400, 400, "random"),
               ({"a": OPTION_SETS[4], "b": OPTION_SETS[6]}, 300, 300, "heuristic"),
               ({"a": OPTION_SETS[1]}, 300, 120, "random"),
               ({"a": OPTION_SETS[2]}, 300, 300, "heuristic")]
    used = []

    def counted(*args):
        used.append(len(args[1]))
        return pf.whole_deals(*args)

    def run():
        return [r for variants, n, chunk, policy in studies
                for r in compare_variants("panfin", variants, n=n, seed=4, chunk=chunk,
                                          policy=policy, progress=False)]

    monkeypatch.setattr(pf_sim, "SIMULATOR", dataclasses.replace(pf.SIMULATOR, whole_deals=counted))
    fast = run()
    assert sum(used) == sum(len(v) * n for v, n, _, _ in studies)  # all through the fast path
    monkeypatch.setattr(pf_sim, "SIMULATOR", dataclasses.replace(pf.SIMULATOR, whole_deals=None))
    slow = run()
    for f, s in zip(fast, slow, strict=True):
        for key in ("scores", "has_contract", "made", "length"):
            np.testing.assert_array_equal(f[key], s[key], err_msg=f"{f['variant']} {key}")
        assert f["contracts"] == s["contracts"]
        assert f["mean_points"] == s["mean_points"]
        assert f["vs_baseline"] == s["vs_baseline"]
