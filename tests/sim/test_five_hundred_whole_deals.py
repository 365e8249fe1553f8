"""Whole four-player Five Hundred deals at array speed equal the deal-by-deal path.

The vectorised calls (:func:`cardlab.sim.five_hundred.calls.heuristic_calls`) must be the
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
import cardlab.sim
from cardlab.bots import bot_for
from cardlab.engine.auction import Auction, raise_ends, seat_out
from cardlab.engine.rng import SplitMix64
from cardlab.sim import compare_variants
from cardlab.sim import five_hundred as fh_sim  # the registered simulator package
from cardlab.sim.five_hundred import batch as fh
from cardlab.sim.five_hundred.calls import call_tables
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds, play_seed

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
    dealers = (np.arange(n) * (game.players - 1) + 1) % game.players  # every dealer
    calls, idx, batch = fh.opening_lead(game, seeds, dealers)
    words = call_tables(game).call_words
    states = [_scalar_calls(game, int(s), int(d)) for s, d in zip(seeds, dealers)]
    seen: set[str | None] = set()
    raised = rebid = partners = 0
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
        called = -1 if st.partner_card is None else game.deck.index(st.partner_card)
        assert called == calls.called[b], b  # 5H-2 five players: the bot's partner card
        assert (-1 if st.partner is None else st.partner) == calls.partner[b], b
        partners += st.partner is not None
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
    # many contracts (two or five players, each alone, bid low), and deals everyone passed
    assert len(seen) >= (4 if game.players in (2, 5) else 6) and None in seen
    if game.players == 5:
        assert partners > 0  # contractors called partners
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
    monkeypatch.setattr(fh_sim, "SIMULATOR", fast_sim)
    fast = compare_variants("five_hundred", variants, n=160, seed=4, chunk=70, progress=False)
    whole = compare_variants("five_hundred", variants, n=160, seed=4, progress=False)
    fast_r = compare_variants("five_hundred", {"a": {}, "b": {"misere_rank": "after_8S"}},
                              n=100, seed=8, policy="random", progress=False)
    assert sum(used) == 4 * 160 * 2 + 2 * 100  # every play group went through the fast path
    monkeypatch.setattr(fh_sim, "SIMULATOR", dataclasses.replace(fh.SIMULATOR, whole_deals=None))
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


# -- the other player counts: 3 (each alone), 5 (each alone, with a called partner), 6
# (three pairs, or two triples) and 2 (a dead hand, or ghost partners) ----------------------
#: 5H-2 the forms the whole-deal path plays beyond four players, with options that change
#: who sits out (two partners in a two-triples misère, a ghost in its seat's misère) or who
#: leads first
FORMS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 3, "misere_requires_seven": False, "first_lead": "left_of_dealer"},
    {"players": 6},
    {"players": 6, "six_player_sides": "two_triples", "misere_requires_seven": False,
     "all_pass": "play_no_trumps"},
    {"players": 5},
    {"players": 5, "misere_requires_seven": False, "first_lead": "left_of_dealer",
     "joker_lead_nomination": "not_shown_void"},
    {"players": 2},
    {"players": 2, "misere_requires_seven": False, "preset": "american"},
    {"players": 2, "two_player_form": "ghost_partners_43"},
    {"players": 2, "two_player_form": "ghost_partners_43", "misere_requires_seven": False,
     "first_lead": "left_of_dealer", "joker_lead_nomination": "not_shown_void"},
]


@pytest.mark.parametrize("opts", FORMS, ids=_ids)
def test_other_player_counts_calls_are_the_heuristic_bots(opts: dict[str, Any]) -> None:
    """5H-2 / 5H-5 / 5H-6 with 2, 3, 5 and 6 players: the same check as for four (the
    bot's contract, contractor, discard, partner call, nomination, actions and hands, and
    the batch at the opening lead ``from_states`` of the scalar states, field by field)."""
    test_vectorised_calls_are_the_heuristic_bots(opts)


def _random_finish(st: Any, seed: int) -> Any:
    """The scalar engine's play with ``RandomBot``'s draws on the deal's play stream."""
    rng = SplitMix64(play_seed(seed))
    while not st.is_over:
        legal = st.legal_actions()
        st = st.apply(legal[rng.randbelow(len(legal))])
    return st


@pytest.mark.parametrize("opts", FORMS, ids=_ids)
def test_other_player_counts_play_is_the_engines(opts: dict[str, Any]) -> None:
    """5H-6.2 / 5H-7 / 5H-8 with 2, 3, 5 and 6 players: from the heuristic bot's calls, the
    batch's random play (the k-th legal action on each deal's play stream) takes the scalar
    engine's tricks, trick for trick, and scores its points side by side (5H-8.5: each
    player, or each partnership; with five the called partner's tricks count for the
    contract), misère with the partner(s) sitting out included."""
    game = cardlab.load("five_hundred", **opts)
    n = 240 if game.players in (2, 5) else 120  # two or five players bid less often
    seeds = deal_seeds(515, 0, n)
    dealers = np.arange(n) % game.players
    calls, idx, batch = fh.opening_lead(game, seeds, dealers)
    batch.play("random", Streams(derive_seeds(seeds[idx], PLAY_STREAM)), record=True)
    scores, made = batch.scores(), batch.made()
    misere = partners = 0
    for j, b in enumerate(idx):
        st = _random_finish(_scalar_calls(game, int(seeds[b]), int(dealers[b])), int(seeds[b]))
        assert [t.winner for t in st.tricks] == [w for w in batch.winners[j] if w >= 0], b
        assert [st.result.points[s] for s in game.sides] == scores[j].tolist(), b
        assert bool(st.result.made) == bool(made[j]), b
        misere += st.misere
        partners += st.partner is not None
    assert idx.size >= 40
    assert partners > 0 or game.players != 5  # a called partner's tricks count (5H-2)
    if not game.options.misere_requires_seven:
        assert misere > 0  # the partners sitting out are exercised


@pytest.mark.parametrize("opts", FORMS, ids=_ids)
def test_other_player_counts_compare_variants_is_unchanged(opts: dict[str, Any],
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """``compare_variants`` with 2, 3, 5 and 6 players gives the same per-deal arrays,
    contracts and paired differences with and without the whole deals in arrays: over 1,000
    seeded deals per player count for scoring-only variants (rescored), and for a variant
    that plays, under the other options."""
    variants = {"std": dict(opts), "no_def": {**opts, "defenders_score_tricks": False},
                "no_slam": {**opts, "slam_minimum": 0}}
    n, groups = (1000, 1) if len(opts) == 1 else (150, 2)
    if groups == 2:  # and a variant that plays (the final raise changes the auction)
        variants["raise"] = {**opts, "allow_final_raise": True}
    used: list[int] = []

    def counted(*args: Any) -> Any:
        used.append(len(args[1]))
        return fh.whole_deals(*args)

    monkeypatch.setattr(fh_sim, "SIMULATOR", dataclasses.replace(fh.SIMULATOR, whole_deals=counted))
    fast = compare_variants("five_hundred", variants, n=n, seed=12, progress=False)
    assert sum(used) == groups * n  # every play group went through the fast path
    monkeypatch.setattr(fh_sim, "SIMULATOR", dataclasses.replace(fh.SIMULATOR, whole_deals=None))
    slow = compare_variants("five_hundred", variants, n=n, seed=12, progress=False)
    for f, s in zip(fast, slow, strict=True):
        assert f["sides"] == s["sides"] == list(cardlab.load("five_hundred", **opts).sides)
        for key in ("scores", "has_contract", "made", "length"):
            np.testing.assert_array_equal(f[key], s[key], err_msg=f"{f['variant']} {key}")
        assert f["contracts"] == s["contracts"]
        assert f["vs_baseline"] == s["vs_baseline"]
    assert fast[0]["has_contract"].sum() > n // 6
    assert (fast[0]["scores"] != fast[1]["scores"]).any()  # the rescoring bites


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_other_player_counts_hint_and_bid_odds(players: int) -> None:
    """The hint and bid odds, which use the batch wherever it is batchable, run with 2, 3,
    5 and 6 players: the hint's layouts deal every hidden hand its size from the cards the
    mover cannot place (the dead hand's among them) (with five players the called card too, never to the contractor),
    every legal play is valued with finite values, and bid odds runs."""
    game = cardlab.load("five_hundred", players=players)
    checked = partnered = 0
    for seed in range(40):
        st = _scalar_calls(game, seed, seed % players)
        if st.is_over:
            continue
        bot = bot_for("five_hundred", "heuristic", seed=seed)
        for _ in range(seed % 7):
            st = st.apply(bot.choose(st))
        layouts = fh.sample_layouts(st, 50, seed)
        unplayed = sum(_mask(game, h) for h in (*st.hands, st.discards, st.dead_hand))
        for row in layouts.tolist():  # each hand its size, disjoint, from the unplayed cards
            assert [bin(x).count("1") for x in row] == [len(h) for h in st.hands]
            union = 0
            for x in row:
                assert union & x == 0 and x & ~unplayed == 0
                union |= x
            assert row[st.to_move] == _mask(game, st.hands[st.to_move])
        # the batch of the true layout is the state's; in each layout the called card's
        # holder is the partner (5H-2), whose tricks count for the contract
        same = fh.layout_batch(st, np.array([[_mask(game, h) for h in st.hands]], np.uint64))
        for key, value in fh.FiveHundredBatch.from_states([st]).__dict__.items():
            if isinstance(value, np.ndarray):
                np.testing.assert_array_equal(same.__dict__[key], value, err_msg=key)
        batch = fh.layout_batch(st, layouts)
        if st.partner_card is not None:  # 5H-2 the contractor never holds the card it called
            called = np.uint64(_mask(game, [st.partner_card]))
            assert not (layouts[:, st.declarer] & called).any()
            partnered += st.partner_card not in st.hands[st.to_move]
            played = all(st.partner_card not in h for h in (*st.hands, st.discards))
            for row, seats, taken in zip(layouts.tolist(), batch.contractors, batch.ctricks):
                holder = [p for p, x in enumerate(row) if x & int(called)]
                if played and st.partner is not None:
                    holder = [st.partner]  # played already: the partner is known
                assert seats == (1 << st.declarer) | sum(1 << p for p in holder)
                assert taken == st.tricks_won[st.declarer] + sum(st.tricks_won[p] for p in holder)
        h = cardlab.sim.hint(st, n=20, seed=seed)
        legal = [str(a) for a in st.legal_actions()]
        assert h["best"] in legal and list(h["values"]) == legal
        assert all(np.isfinite(v) for v in h["values"].values())
        checked += 1
        if checked == 4:
            break
    assert checked == 4 and (partnered > 0 or players != 5)
    hand = [c.code for c in game.deal(seed=3).hands[0]]
    odds = cardlab.sim.bid_odds(game, hand, "7H", n=60, seed=1, progress=False)
    assert odds["n"] == 60 and set(np.unique(odds["points"])) <= {-200, 200, 250}
    assert 0 <= odds["tricks"].min() and odds["tricks"].max() <= 10


@pytest.mark.parametrize("opts", [{"players": 2, "two_player_form": "ghost_partners_43"}],
                         ids=_ids)
def test_ghost_partners_play_whole_deals_but_not_the_hint(opts: dict[str, Any]) -> None:
    """5H-2 two players' ghost partners: whole deals (``compare_variants``, seasons) play
    them in arrays; the hint and bid odds, whose sampling and fixed contracts do not know a
    ghost's piles, leave them to the scalar engine rather than give a wrong number."""
    game = cardlab.load("five_hundred", **opts)
    assert fh.SIMULATOR.plays_whole(game)
    assert not fh.SIMULATOR.batchable(game)
    hands, kitty = fh.deal_batch(game, [1], [0])
    with pytest.raises(NotImplementedError, match="ghost"):
        fh.start_play(game, hands, kitty, "7H", [0])


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_other_player_counts_fixed_contracts_are_the_engines(players: int) -> None:
    """What bid odds plays (:func:`~cardlab.sim.five_hundred.start_play`: a given contract
    and contractor, the simulator's discard, with five players the bot's partner call)
    is the scalar engine's :func:`~cardlab.sim.five_hundred.scalar_start`, and the random
    play from there takes the same tricks and points (5H-6, 5H-7, 5H-8)."""
    game = cardlab.load("five_hundred", players=players)
    calls = ["7H", "misere", "8NT", "6S", "7NT", "9D"]
    noms = [None, None, None, None, "H", None]
    n = 60
    seeds = list(range(900, 900 + n))
    decl = np.arange(n) % players
    hands, kitty = fh.deal_batch(game, seeds, decl)
    call = [calls[i % 6] for i in range(n)]
    nom = [noms[i % 6] for i in range(n)]
    batch = fh.start_play(game, hands, kitty, call, decl, nom)
    start = batch.hands.copy()
    batch.play("random", Streams(derive_seeds(seeds, PLAY_STREAM)), record=True)
    scores, made = batch.scores(), batch.made()
    partners = 0
    for b, seed in enumerate(seeds):
        st = fh.scalar_start(game, seed, call[b], int(decl[b]), nom[b])
        assert [_mask(game, h) for h in st.hands] == start[b].tolist(), b
        partners += st.partner is not None
        st = _random_finish(st, seed)
        assert [t.winner for t in st.tricks] == [w for w in batch.winners[b] if w >= 0], b
        assert [st.result.points[s] for s in game.sides] == scores[b].tolist(), b
        assert bool(st.result.made) == bool(made[b]), b
    assert partners > 0 or players != 5
