"""Two-player Five Hundred with ghost partners (``ghost_partners_43``, 5H-2, B-FR) in arrays.

The batch plays the four positions ``P1 P2 G1 G2``; a ghost plays from five piles, face
down under face up, and a card under a played ghost card turns face up once the trick is
over. These tests check, deal by deal against the scalar engine:

* the deal: every position's cards, the kitty and the piles (which cards lie face down,
  and which lies beneath which);
* the heuristic at every seat: whole deals (the vectorised calls, then the batch's
  ``"heuristic"`` card play) give the engine's deal played by the scalar
  :class:`~cardlab.bots.five_hundred.HeuristicBot` — the same contract and contractor, the
  same winner of every trick, the same tricks per position, the same points and length —
  over hundreds of seeded deals, under options that change who leads, who sits out and
  what a joker lead may name;
* one player, position by position: from any play position of the scalar bot's deals, one
  batch step plays the card the scalar bot plays (a ghost's face-down cards, and those
  due to turn up at the trick's end, included);
* ``compare_variants`` of the form runs in arrays and gives the engine's numbers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.sim import compare_variants
from cardlab.sim import five_hundred as fh_sim
from cardlab.sim.five_hundred import batch as fh
from cardlab.sim.five_hundred.calls import call_tables
from cardlab.sim.rng import deal_seeds

GHOSTS = {"players": 2, "two_player_form": "ghost_partners_43"}
#: options that change who leads (left of the dealer: a ghost), who sits out (a misère
#: without a seven bid first: the contractor's ghost), what an unnominated joker lead may
#: name, and the auction (the American preset)
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"misere_requires_seven": False, "first_lead": "left_of_dealer",
     "joker_lead_nomination": "not_shown_void"},
    {"preset": "american", "joker_nomination": False},
]


def _ids(opts: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "australian"


def _mask(game: Any, cards: Any) -> int:
    return sum(1 << game.deck.index(c) for c in cards if c is not None)


def _bot_deal(game: Any, seed: int, dealer: int) -> Any:
    """The engine's deal played to its end by the scalar heuristic bot at every seat."""
    st = game.deal(seed=seed, dealer=dealer)
    bot = bot_for("five_hundred", "heuristic", seed=seed)
    while not st.is_over:
        st = st.apply(bot.choose(st))
    return st


def test_the_batch_deal_has_the_engines_piles() -> None:
    """5H-4.2 / B-FR: for every seed and dealer the batch deal is ``game.deal(seed=s,
    dealer=d)``: each position's ten cards, the kitty, the ghosts' face-down cards and, for
    each face-up card, the card beneath it."""
    game = cardlab.load("five_hundred", **GHOSTS)
    n = 400
    seeds = deal_seeds(31, 0, n)
    dealers = np.arange(n) % 2
    hands, kitty = fh.deal_batch(game, seeds, dealers)
    hidden, under = fh.deal_piles(game, seeds, dealers)
    assert hands.shape == (n, 4) and under.shape == (n, len(game.deck) + 1)
    for b in range(n):
        st = game.deal(seed=int(seeds[b]), dealer=int(dealers[b]))
        assert [_mask(game, h) for h in st.hands] == hands[b].tolist(), b
        assert _mask(game, st.kitty) == int(kitty[b])
        downs = [d for p in st.piles if p is not None for d, _ in p]
        assert _mask(game, downs) == int(hidden[b])
        beneath = {game.deck.index(u): 1 << game.deck.index(d)
                   for p in st.piles if p is not None for d, u in p}
        assert {i: x for i, x in enumerate(under[b].tolist()) if x} == beneath
        assert len(beneath) == 10  # five piles for each ghost


@pytest.mark.parametrize("opts", OPTION_SETS, ids=_ids)
def test_heuristic_whole_deals_are_the_engines(opts: dict[str, Any]) -> None:
    """5H-5 … 5H-8 with the heuristic at every seat: whole deals in arrays give, deal by
    deal, the engine's deal played by the scalar bot: a thrown-in deal alike, else the
    same contract, contractor, trick winners, tricks per position (G1 and G2 included),
    points of both sides, made or not and number of actions."""
    game = cardlab.load("five_hundred", **GHOSTS, **opts)
    n = 600 if not opts else 300
    seeds = deal_seeds(20261206, 0, n)
    dealers = np.arange(n) % 2
    [part], left = fh.whole_deals(game, seeds, dealers, "heuristic")
    calls, idx, batch = fh.opening_lead(game, seeds, dealers)
    batch.play("heuristic", None, record=True)
    words = call_tables(game).call_words
    assert not left.any()
    row = {int(b): j for j, b in enumerate(idx)}
    ghost_led = misere = ghost_won = 0
    for b in range(n):
        st = _bot_deal(game, int(seeds[b]), int(dealers[b]))
        assert part["call"][b] == (st.contract if st.declarer is not None else None), b
        assert bool(part["has_contract"][b]) == (st.declarer is not None), b
        assert int(part["length"][b]) == len(st.history), b
        assert part["scores"][b].tolist() == [st.result.points[s] for s in game.sides], b
        if st.declarer is None:
            continue
        j = row[b]
        assert words[calls.contract[b]] == st.contract and calls.declarer[b] == st.declarer
        assert [t.winner for t in st.tricks] == [w for w in batch.winners[j] if w >= 0], b
        assert part["tricks"][b].tolist() == list(st.tricks_won), b
        assert bool(part["made"][b]) == bool(st.result.made), b
        ghost_led += st.tricks[0].leader >= 2
        misere += st.misere
        ghost_won += sum(st.tricks_won[2:])
    assert idx.size > n // 3 and ghost_won > 0
    if opts.get("first_lead") == "left_of_dealer":
        assert ghost_led > 0 and misere > 0  # a ghost leads; a ghost sits out its misère


def _batch_left(batch: Any) -> dict[str, np.ndarray]:
    """What a batch says is left to play: each position's cards not yet played, the ghosts'
    face-down cards (and those due to turn up), the trick and who moves."""
    return {"hands": batch.hands & ~batch.played[:, None], "hidden": batch.hidden,
            "pending": batch.pending, "n_played": batch.n_played, "to_move": batch.to_move,
            "tricks_won": batch.tricks_won, "n_tricks": batch.n_tricks}


@pytest.mark.parametrize("opts", OPTION_SETS[:2], ids=_ids)
def test_one_player_position_by_position(opts: dict[str, Any]) -> None:
    """The heuristic is one player with ghost partners too: from every play position of
    the scalar bot's deals (``FiveHundredBatch.from_states``, mid-trick with a ghost's card
    due to turn up included), one batch step plays the scalar bot's card, so the batch is
    then ``from_states`` of the bot's successor."""
    game = cardlab.load("five_hundred", **GHOSTS, **opts)
    positions = ghost_moves = pending = 0
    for seed in range(40):
        st: Any = game.deal(seed=seed, dealer=seed % 2)
        bot = bot_for("five_hundred", "heuristic", seed=seed)
        while not st.is_over:
            nxt = st.apply(bot.choose(st))
            if st.phase == "play" and not nxt.is_over:
                batch = fh.FiveHundredBatch.from_states([st])
                pending += bool(batch.pending[0])
                batch.step("heuristic")
                want = _batch_left(fh.FiveHundredBatch.from_states([nxt]))
                for key, value in _batch_left(batch).items():
                    np.testing.assert_array_equal(value, want[key],
                                                  err_msg=f"seed {seed} {len(st.history)} {key}")
                positions += 1
                ghost_moves += st.turn >= 2
            st = nxt
    assert positions > 40 * 20 and ghost_moves > 40 * 5 and pending > 0


def test_compare_variants_runs_in_arrays_with_the_engines_numbers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``compare_variants`` of the ghost partners goes through the whole deals in arrays
    and gives the per-deal arrays, contracts and paired differences of the deal-by-deal
    path on the engine (which the form took before it was played in arrays)."""
    import dataclasses

    variants = {"std": dict(GHOSTS), "no_def": {**GHOSTS, "defenders_score_tricks": False},
                "raise": {**GHOSTS, "allow_final_raise": True}}
    used: list[int] = []

    def counted(*args: Any) -> Any:
        used.append(len(args[1]))
        return fh.whole_deals(*args)

    monkeypatch.setattr(fh_sim, "SIMULATOR", dataclasses.replace(fh.SIMULATOR,
                                                                 whole_deals=counted))
    fast = compare_variants("five_hundred", variants, n=300, seed=9, progress=False)
    assert sum(used) == 2 * 300  # two play groups (the scoring-only variant is rescored)
    monkeypatch.setattr(fh_sim, "SIMULATOR", dataclasses.replace(fh.SIMULATOR,
                                                                 whole_deals=None))
    slow = compare_variants("five_hundred", variants, n=300, seed=9, progress=False)
    for f, s in zip(fast, slow, strict=True):
        assert f["sides"] == s["sides"] == ["P1", "P2"]
        for key in ("scores", "has_contract", "made", "length"):
            np.testing.assert_array_equal(f[key], s[key], err_msg=f"{f['variant']} {key}")
        assert f["contracts"] == s["contracts"]
        assert f["vs_baseline"] == s["vs_baseline"]
    assert fast[0]["has_contract"].sum() > 100
    assert (fast[0]["scores"] != fast[1]["scores"]).any()  # the rescoring bites
