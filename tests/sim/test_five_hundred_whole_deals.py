"""Whole four-player Five Hundred deals at array speed equal the deal-by-deal path.

The vectorised calls (:func:`cardlab.sim.five_hundred_calls.heuristic_calls`) must be the
scalar :class:`cardlab.bots.five_hundred.HeuristicBot`'s, call for call, under every option
that changes a call: the auction (5H-5.4; 5H-5.6 the American single round; 5H-10 V4 the
final raise; re-entry after a changed denomination), the ladder (``min_bid_tricks``, the
misère options 5H-5.4b/c, A-5 ``misere_rank``, A-8 blind misère), the pack (5H-2, a kitty
of five), the discard (5H-6.1) and the joker nomination (5H-6.3); the batch at the opening
lead (:func:`cardlab.sim.five_hundred.opening_lead`) must be
``FiveHundredBatch.from_states`` of the scalar states there (the kernel's bid legality is
the judge's: ``tests/games/five_hundred/test_fh_kernel.py``); and ``compare_variants``
must give the same numbers with and without the fast path, whatever the chunking.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.auction import Auction, raise_ends, seat_out
from cardlab.sim import compare_variants
from cardlab.sim import five_hundred as fh
from cardlab.sim.five_hundred_calls import call_tables
from cardlab.sim.rng import deal_seeds

#: option sets that change the heuristic bot's calls (or what the batch starts from)
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"preset": "american"},
    {"allow_final_raise": True},
    {"rebid_after_pass_on_denomination_change": True},
    {"allow_final_raise": True, "rebid_after_pass_on_denomination_change": True},
    {"misere_requires_seven": False, "open_misere_requires_eight": True,
     "blind_misere_allowed": True},
    {"misere_allowed": False, "min_bid_tricks": 7},
    {"misere_rank": "after_8S", "sans_kitty_allowed": True, "joker_nomination": False},
    {"pack_4p": "45", "first_lead": "left_of_dealer"},
    {"pack_4p": "43_spade_diamond_4s_removed", "open_misere_allowed": False},
    {"all_pass": "play_no_trumps"},
]
DEALS = 200


def _ids(opts: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "australian"


def _scalar_calls(game: Any, seed: int, dealer: int) -> Any:
    """The deal-by-deal path: the scalar deal, then the heuristic bot until the play."""
    st = game.deal(seed=seed, dealer=dealer)
    bot = bot_for("five_hundred", "heuristic", seed=seed)
    while not st.is_over and st.phase != "play":
        st = st.apply(bot.choose(st))
    return st


def _mask(game: Any, cards: Any) -> int:
    return sum(1 << game.deck.index(c) for c in cards)


@pytest.mark.parametrize("opts", OPTION_SETS, ids=_ids)
def test_vectorised_calls_are_the_heuristic_bots(opts: dict[str, Any]) -> None:
    """5H-5 / 5H-6: deal by deal the vectorised calls give the scalar bot's contract,
    contractor, discard, nomination, number of actions and hands at the opening lead (a
    thrown-in deal: no contract), and the batch there is ``from_states`` of the scalar
    states, field by field."""
    game = cardlab.load("five_hundred", **opts)
    n = DEALS if game.kitty_size == 3 else DEALS // 3  # the engine lists 3,003 discards of 15
    seeds = deal_seeds(20261202, 0, n)
    dealers = (np.arange(n) * 3 + 1) % 4
    calls, idx, batch = fh.opening_lead(game, seeds, dealers)
    words = call_tables(game).call_words
    states = [_scalar_calls(game, int(s), int(d)) for s, d in zip(seeds, dealers)]
    seen: set[str | None] = set()
    raised = rebid = 0
    for b, st in enumerate(states):
        contract = st.bidding.high
        seen.add(contract)
        assert (words[calls.contract[b]] if calls.contract[b] >= 0 else None) == contract, b
        assert len(st.history) == calls.n_actions[b], b
        if contract is None:
            continue
        assert st.declarer == calls.declarer[b]
        assert _mask(game, st.discards) == int(calls.discard[b])
        assert [_mask(game, h) for h in st.hands] == [int(x) for x in calls.hands[b]]
        nominated = st.nominated if st.nominated in ("S", "C", "D", "H") else None
        assert nominated == (None if calls.nominated[b] < 0 else "SCDH"[calls.nominated[b]])
        seats = [s for s, _ in st.bidding.calls]
        raised += seats[-1] == seats[-2] == st.declarer  # the final raise was taken
        rebid += any(c != "pass" and (s, "pass") in st.bidding.calls[:i]
                     for i, (s, c) in enumerate(st.bidding.calls))
    assert idx.tolist() == [b for b, st in enumerate(states) if st.phase == "play"
                            and st.declarer is not None]
    ref = fh.FiveHundredBatch.from_states([states[b] for b in idx])
    for key, value in ref.__dict__.items():
        if isinstance(value, np.ndarray):
            np.testing.assert_array_equal(batch.__dict__[key], value, err_msg=key)
    assert len(seen) >= 6 and None in seen  # many contracts, and deals everyone passed
    if game.options.misere_allowed and not game.options.misere_requires_seven:
        assert "misere" in seen
    if opts.get("allow_final_raise"):
        assert raised > 0  # the option is exercised, not merely allowed
    if opts.get("rebid_after_pass_on_denomination_change"):
        assert rebid > 0


def test_batch_deal_is_the_scalar_deal() -> None:
    """5H-4.2: the batch deal of every seed and dealer is ``game.deal(seed=s, dealer=d)``."""
    for opts in ({}, {"pack_4p": "45"}):
        game = cardlab.load("five_hundred", **opts)
        seeds = deal_seeds(3, 0, 400)
        dealers = np.arange(400) % 4
        hands, kitty = fh.deal_batch(game, seeds, dealers)
        for b in range(0, 400, 7):
            st = game.deal(seed=int(seeds[b]), dealer=int(dealers[b]))
            assert [_mask(game, h) for h in st.hands] == [int(x) for x in hands[b]]
            assert _mask(game, st.kitty) == int(kitty[b])


def test_auction_bookkeeping_on_ints_and_arrays() -> None:
    """The engine's ``seat_out`` (a pass is final; ``rebid_on_change`` lets a seat back in
    once the key it passed over changed) and ``raise_ends`` (the final raise) answer alike
    for one auction and for arrays of auctions."""
    cases = [(p, k, h, r) for p in (False, True) for k in (-1, 0, 2) for h in (-1, 0, 2, 5)
             for r in (False, True)]
    got = seat_out(*(np.array(x) for x in zip(*cases)), -1)
    assert got.tolist() == [bool(seat_out(*c, -1)) for c in cases]
    # the engine's own record: passed over 7H, back in once the bid is in another key
    a = Auction((1, 2, 3, 0), rebid_on_change=True).call(1, "7H", rank=8, key="H")
    a = a.call(2, "pass")
    assert a.is_out(2) and not a.call(3, "7NT", rank=9, key="NT").is_out(2)
    ends = raise_ends(np.array([True, False, False]), np.array([0, 3, 2]), np.array([1, 3, 1]))
    assert ends.tolist() == [True, True, False]


def test_compare_variants_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """``compare_variants`` with the whole deals in arrays gives the per-deal arrays
    (scores, has_contract, made, length), the contracts and the paired differences of the
    deal-by-deal path, for play variants, a scoring-only variant (rescored), all-pass NT
    (left to the scalar path), both play policies and any chunking."""
    variants = {"std": {}, "no_def": {"defenders_score_tricks": False},
                "american": {"preset": "american"}, "raise": {"allow_final_raise": True},
                "nt": {"all_pass": "play_no_trumps", "misere_requires_seven": False}}
    used: list[int] = []

    def counted(*args: Any) -> Any:
        used.append(len(args[1]))
        return fh.whole_deals(*args)

    fast_sim = dataclasses.replace(fh.SIMULATOR, whole_deals=counted)
    monkeypatch.setattr(fh, "SIMULATOR", fast_sim)
    fast = compare_variants("five_hundred", variants, n=160, seed=4, chunk=70, progress=False)
    whole = compare_variants("five_hundred", variants, n=160, seed=4, progress=False)
    fast_r = compare_variants("five_hundred", {"a": {}, "b": {"misere_rank": "after_8S"}},
                              n=100, seed=8, policy="random", progress=False)
    assert sum(used) == 4 * 160 * 2 + 2 * 100  # every play group went through the fast path
    monkeypatch.setattr(fh, "SIMULATOR", dataclasses.replace(fh.SIMULATOR, whole_deals=None))
    slow = compare_variants("five_hundred", variants, n=160, seed=4, progress=False)
    slow_r = compare_variants("five_hundred", {"a": {}, "b": {"misere_rank": "after_8S"}},
                              n=100, seed=8, policy="random", progress=False)
    for f, w, s in zip(fast + fast_r, whole + slow_r, slow + slow_r, strict=True):
        for key in ("scores", "has_contract", "made", "length"):
            np.testing.assert_array_equal(f[key], s[key], err_msg=f"{f['variant']} {key}")
            np.testing.assert_array_equal(w[key], s[key], err_msg=f"{f['variant']} {key}")
        assert f["contracts"] == s["contracts"] == w["contracts"]
        assert f["mean_points"] == s["mean_points"]
        assert f["vs_baseline"] == s["vs_baseline"]
    assert not fast[0]["has_contract"].all()  # thrown-in deals are among them
