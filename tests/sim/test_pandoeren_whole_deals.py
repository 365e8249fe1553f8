"""Whole Pandoeren deals at array speed equal the deal-by-deal path.

The batch deal (:func:`cardlab.sim.pandoeren.deal_hands`) must be ``game.deal(seed=s,
dealer=d)`` (A2.4: 4-1-4 from forehand, the kijkkaart between); the vectorised calls
(:func:`~cardlab.sim.pandoeren.heuristic_calls`) must be the scalar
:class:`cardlab.bots.pandoeren.HeuristicBot`'s, call for call: the auction (A2.5, P-A4
``pass_is_final``, the A4.2 ladder under both presets of A4.3 and ``lowest_number_bid``
P-A5, ``number_bid_cap``), the exchange (A2.7.1), trumps (A2.7.2) and the call (A2.7.3,
P-A7 ``allow_call_trump_ace``, P-A8); the batch at the opening lead
(:func:`~cardlab.sim.pandoeren.opening_lead`) must be ``PandoerenBatch.from_states`` of the
scalar states there (roem and stuk A2.10); and ``compare_variants`` must give the same
per-deal numbers with and without the fast path.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.cards import FRENCH_SUITS
from cardlab.engine.rng import SplitMix64
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.judge import callable_cards
from cardlab.games.pandoeren.rules import call_rank_masks, play_tables
from cardlab.sim import compare_variants
from cardlab.sim import pandoeren as pd_sim  # the registered simulator package
from cardlab.sim.pandoeren import batch as pd
from cardlab.sim.studies import deal_seeds

#: option sets that change the calls: the ladder (A4.3 presets, P-A5, caps), the auction's
#: passes (P-A4), the call (P-A7), the card order (P-A1) and the roem rules (P-A14, A2.10)
OPTION_SETS = [
    {},
    {"pass_is_final": False},
    {"preset": "butselaar", "lowest_number_bid": 130, "zwabber_partner": "first_trick_winner",
     "piccolo_objective": "first_trick_with_jas", "undertrump": "allowed"},
    {"allow_call_trump_ace": False, "lowest_number_bid": 130},
    {"number_bid_cap": 120, "pass_is_final": False},
    {"rank_order": "klaverjas", "roem_card_reuse": False, "roem_denial": False},
    {"roem_announce": "manual", "stuk_deadline": "before_first_card",
     "scoring": "zero_sum_per_opponent"},
]


def _scalar_lead(game, seed: int, dealer: int):
    """The deal-by-deal path: the scalar deal, then the heuristic bot until the play."""
    st = game.deal(seed=seed, dealer=dealer)
    bot = bot_for("pandoeren", "heuristic", seed=seed)
    while st.phase not in ("play", "done"):
        st = st.apply(bot.choose(st))
    return st, bot


def _masks(game, hands) -> list[int]:
    bit = play_tables().card_bit
    return [sum(bit[c] for c in h) for h in hands]


def test_batch_deal_is_the_scalar_deal() -> None:
    """A2.4: the batch deal of every seed and dealer is ``game.deal(seed=s, dealer=d)``."""
    game = cardlab.load("pandoeren")
    seeds = deal_seeds(11, 0, 2000)
    dealers = np.arange(2000) % 4
    hands, kijk = pd.deal_hands(game, seeds, dealers)
    deck = list(game.deck)
    for b in range(0, 2000, 3):
        st = game.deal(seed=int(seeds[b]), dealer=int(dealers[b]))
        assert _masks(game, st.hands) == [int(x) for x in hands[b]]
        assert deck[int(kijk[b])] == st.kijkkaart


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: ",".join(o) or "pagat")
def test_vectorised_calls_are_the_heuristic_bots(opts) -> None:
    """A2.5 / A2.7: the vectorised calls give every deal the scalar bot's contract,
    declarer, discard, trumps, called card and partner, the same number of actions and
    the same hands at the opening lead; the bot draws nothing from its generator before
    the play (its ``SplitMix64`` is untouched)."""
    game = cardlab.load("pandoeren", **opts)
    n = 700
    seeds = deal_seeds(5, 0, n)
    dealers = (np.arange(n) * 3 + 1) % 4
    hands, kijk = pd.deal_hands(game, seeds, dealers)
    calls = pd.heuristic_calls(game, hands, kijk, dealers)
    words = pd.call_tables_for(game).words
    deck = list(game.deck)
    seen = set()
    for b in range(n):
        st, bot = _scalar_lead(game, int(seeds[b]), int(dealers[b]))
        assert bot._rng.next_u64() == SplitMix64(int(seeds[b])).next_u64()
        word = None if calls.high[b] < 0 else words[int(calls.high[b])]
        seen.add(word)
        assert word == st.auction.high, b
        assert len(st.history) == calls.n_actions[b]
        assert _masks(game, st.hands) == [int(x) for x in calls.hands[b]]
        bidders = {s for s, c in st.auction.calls if c != "pass"}
        assert bidders == set(np.flatnonzero(calls.bidders[b]).tolist())
        if word is None:
            assert st.phase == "done"
            continue
        assert st.declarer == calls.declarer[b]
        assert (-1 if st.partner is None else st.partner) == calls.partner[b]
        assert deck.index(st.discarded) == calls.discard[b]
        assert (4 if st.trump is None else FRENCH_SUITS.index(st.trump)) == calls.table[b]
        assert (len(deck) if st.called is None else deck.index(st.called)) == calls.called[b]
    assert None in seen and len(seen) >= 3  # thrown-in deals and several contracts


@pytest.mark.parametrize("opts", OPTION_SETS[::2], ids=lambda o: ",".join(o) or "pagat")
def test_opening_lead_batch_is_from_states(opts) -> None:
    """The batch built from the vectorised calls equals ``from_states`` of the scalar
    states at the opening lead, field by field (A2.10 roem and stuk included)."""
    game = cardlab.load("pandoeren", **opts)
    n = 400
    seeds = deal_seeds(9, 0, n)
    dealers = np.arange(n) % 4
    calls, idx, batch = pd.opening_lead(game, seeds, dealers)
    assert batch is not None
    states = [_scalar_lead(game, int(seeds[b]), int(dealers[b]))[0] for b in range(n)]
    assert idx.tolist() == [b for b, st in enumerate(states) if st.phase == "play"]
    want = pd.PandoerenBatch.from_states([states[b] for b in idx])
    for key, value in want.__dict__.items():
        if isinstance(value, np.ndarray):
            np.testing.assert_array_equal(batch.__dict__[key], value, err_msg=key)


def test_call_mask_is_the_judges_callable_cards() -> None:
    """A2.7.3 / P-A7 / P-A8: the kernel's ``call_mask`` on arrays equals the engine's
    callable cards (which call it on ints) in the call phase of many deals."""
    for allow in (True, False):
        game = cardlab.load("pandoeren", allow_call_trump_ace=allow)
        bit = play_tables().card_bit
        own, aces, want = [], [], []
        for seed in range(300):
            st = game.deal(seed=seed, dealer=seed % 4)
            bot = bot_for("pandoeren", "heuristic", seed=seed)
            while st.phase not in ("call", "play", "done"):
                st = st.apply(bot.choose(st))
            if st.phase != "call":
                continue
            own.append(sum(bit[c] for c in st.hands[st.declarer]) | bit[st.discarded])
            aces.append(bit[game.deck.parse("A" + st.trump)])
            want.append(sum(bit[c] for c in callable_cards(st)))
        assert len(want) > 100
        masks = tuple(np.uint64(m) for m in call_rank_masks())
        got = K.call_mask(masks, np.array(own, dtype=np.uint64),
                          np.array(aces, dtype=np.uint64), allow)
        assert [int(x) for x in got] == want
        assert [K.call_mask(call_rank_masks(), o, a, allow)
                for o, a in zip(own, aces, strict=True)] == want


def test_auction_kernel_on_ints_and_arrays() -> None:
    """A2.5 / P-A4: a bid must rank above the high bid; a passed seat is out only under
    ``pass_is_final``: the same answers on ints and on arrays."""
    ranks = np.arange(-1, 40)
    for high in range(-1, 40):
        got = K.auction_bid_legal(ranks, np.full(ranks.size, high))
        assert got.tolist() == [K.auction_bid_legal(int(r), high) for r in ranks]
    passed = np.array([True, False])
    for final in (True, False):
        assert K.auction_seat_out(passed, final).tolist() == [
            K.auction_seat_out(True, final), K.auction_seat_out(False, final)]


def test_compare_variants_is_unchanged(monkeypatch) -> None:
    """``compare_variants`` with the whole deals in the batch gives the per-deal arrays
    (scores, has_contract, made, length) and the contracts of the deal-by-deal path, for
    several option sets, chunk sizes and both play policies."""
    variants = {str(i): o for i, o in enumerate(OPTION_SETS[:5])}
    used = []

    def counted(*args):
        used.append(len(args[1]))
        return pd.whole_deals(*args)

    monkeypatch.setattr(pd_sim, "SIMULATOR", dataclasses.replace(pd.SIMULATOR, whole_deals=counted))
    fast = compare_variants("pandoeren", variants, n=500, seed=4, chunk=170, progress=False)
    fast_r = compare_variants("pandoeren", {"a": OPTION_SETS[5], "b": OPTION_SETS[6]}, n=400,
                              seed=8, chunk=400, policy="random", progress=False)
    assert sum(used) == 5 * 500 + 2 * 400  # every deal went through the fast path
    slow_sim = dataclasses.replace(pd.SIMULATOR, whole_deals=None)
    monkeypatch.setattr(pd_sim, "SIMULATOR", slow_sim)
    slow = compare_variants("pandoeren", variants, n=500, seed=4, chunk=170, progress=False)
    slow_r = compare_variants("pandoeren", {"a": OPTION_SETS[5], "b": OPTION_SETS[6]}, n=400,
                              seed=8, chunk=400, policy="random", progress=False)
    for f, s in zip(fast + fast_r, slow + slow_r, strict=True):
        for key in ("scores", "has_contract", "made", "length"):
            np.testing.assert_array_equal(f[key], s[key], err_msg=f"{f['variant']} {key}")
        assert f["contracts"] == s["contracts"]
        assert f["mean_points"] == s["mean_points"]
        assert f["vs_baseline"] == s["vs_baseline"]
