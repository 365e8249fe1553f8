"""``cardlab.sim.season`` (#19): many matches to the end under each variant — who wins, how long.

Each number is checked against the engine's own matches: match ``k`` of a season is the
match ``game.match(seed=derive_seed(seed, k), dealer=k % players)`` played by the seeded
bots; an option that changes the length of a match changes the season's; the chunking and
the executor change nothing; bad input is refused by name.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest
from support import recorded_batch_play

import cardlab
import cardlab.sim
from cardlab.bots import RandomBot
from cardlab.engine.rng import derive_seed
from cardlab.sim.seasons import _bots


def test_each_match_is_the_engines_match() -> None:
    """Match k of a season on the engine is the engine's match with that seed, dealer and
    bots (B-22:
    an Officer Skat match is ``match_deals`` deals; the higher total wins)."""
    [r] = cardlab.sim.season("officer_skat", n=6, seed=3, bots="random", progress=False)
    assert not r["arrays"]  # random bots play on the engine
    game = cardlab.load("officer_skat")
    for k in range(6):
        s = derive_seed(3, k)
        m = game.match(seed=s, dealer=k % 2).play(_bots("officer_skat", 2, "random", s))
        assert r["deals_per_match"][k] == len(m.sheet)
        share = r["won"][k]
        winners = [] if m.winner is None else m.winner.split(", ")
        assert [share[i] > 0 for i in range(2)] == [n in winners for n in game.sides]
    assert r["win_rate"]["P1"] == pytest.approx(r["won"][:, 0].mean())


def test_an_option_that_shortens_a_match_shortens_the_season() -> None:
    """B-22 ``match_deals``: a season of 2-deal matches has exactly 2 deals a match, the
    paired difference says so, and the standard deal count is 4."""
    out = cardlab.sim.season("officer_skat", {"four": {}, "two": {"match_deals": 2}}, n=8,
                             progress=False)
    four, two = out
    assert set(four["deals_per_match"]) == {4} and set(two["deals_per_match"]) == {2}
    assert two["vs_baseline"]["deals"] == -2.0 and two["vs_baseline"]["baseline"] == "four"
    assert "vs_baseline" not in four


def test_a_lower_target_makes_five_hundred_shorter() -> None:
    """5H-9 ``target``: to 300 instead of 500, the same matches end sooner (paired)."""
    out = cardlab.sim.season("five_hundred", {"500": {}, "300": {"target": 300}}, n=10, seed=1,
                             progress=False)
    diff = out[1]["vs_baseline"]
    assert diff["deals"] < 0 and out[1]["mean_deals"] < out[0]["mean_deals"]
    for r in out:  # each finished match is won by exactly one side
        assert r["unfinished"] == 0
        assert np.allclose(r["won"].sum(axis=1), 1.0)


def test_a_shared_win_counts_as_shares() -> None:
    """Pandoeren A2.12: a match can end with two players level at the top; each takes half."""
    [r] = cardlab.sim.season("pandoeren", n=8, progress=False)
    assert np.allclose(r["won"].sum(axis=1), 1.0)
    shared = ((r["won"] > 0) & (r["won"] < 1)).any(axis=1)
    assert r["shared"] == int(shared.sum())
    assert sum(r["win_rate"].values()) == pytest.approx(1.0)


def test_chunks_and_executor_change_nothing() -> None:
    """The numbers do not depend on how the matches are split or where they run."""
    a = cardlab.sim.season("officer_skat", n=6, chunk=6, progress=False)[0]
    b = cardlab.sim.season("officer_skat", n=6, chunk=2, progress=False)[0]
    with ProcessPoolExecutor(2) as pool:
        c = cardlab.sim.season("officer_skat", n=6, chunk=3, progress=False, executor=pool)[0]
    for other in (b, c):
        assert np.array_equal(a["won"], other["won"])
        assert np.array_equal(a["deals_per_match"], other["deals_per_match"])
    assert a["deals"] == [[0, 6]] and a["study"] == "season" and a["complete"]


def test_your_own_bots() -> None:
    """A user's bot plays every seat (the stamp names it)."""
    [r] = cardlab.sim.season("officer_skat", n=2, bots=RandomBot(seed=1), progress=False)
    assert r["bots"] == "cardlab.engine.playout.RandomBot" and r["n"] == 2


@pytest.mark.parametrize("kwargs, field", [({"n": 0}, "n"), ({"max_deals": -1}, "max_deals"),
                                           ({"chunk": 1.5}, "chunk"),
                                           ({"baseline": "nope"}, "baseline"),
                                           ({"variants": {"x": {"match_deals": 3}}}, "match_deals"),
                                           ({"variants": {}}, "variants")])
def test_bad_input_is_refused_by_name(kwargs: dict, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        cardlab.sim.season("officer_skat", progress=False, **kwargs)


# -- the groundwork of a season on whole deals in arrays (#19) ---------------------------------
def _played_out(game, seed: int, dealer: int):  # type: ignore[no-untyped-def]
    """The scalar deal as whole deals play it: the heuristic bot's calls, then the batch's
    ``"heuristic"`` card play replayed on the engine (the scalar bot's own cards, card for
    card: ``tests/bots/test_heuristic_one_player.py``; replayed here, so these tests check
    the match keeping apart from that)."""
    from cardlab.sim.five_hundred import batch as fh
    st = game.deal(seed=seed, dealer=dealer)
    bot = cardlab.bots.bot_for("five_hundred", "heuristic", seed=seed)
    while not st.is_over and (st.phase != "play" or st.declarer is None):
        st = st.apply(bot.choose(st))  # (an all-pass no-trump deal: the bot plays it out)
    if not st.is_over:
        b = recorded_batch_play(fh.FiveHundredBatch, [st], [seed])
        for card, named in b.record or []:
            if card[0] >= 0:
                suit = f" {'SCDH'[int(named[0])]}" if named[0] >= 0 else ""
                st = st.apply(f"play {game.deck[int(card[0])].code}{suit}")
    assert st.is_over
    return st


@pytest.mark.parametrize("players", [4, 5])
def test_whole_deal_facts_are_the_scalar_deals(players: int) -> None:
    """5H-8: the facts a match scores a whole deal from (contract, contractor, contracting
    seats — 5H-2 the called partner with five, 5H-6.2 the misère contractor alone — and each
    seat's tricks) are ``deal_facts()`` of the same deal finished on the engine."""
    from cardlab.sim.five_hundred import batch as fh

    game = cardlab.load("five_hundred", players=players)
    seeds = np.array([derive_seed(11, k) for k in range(150)], dtype=np.uint64)
    dealers = np.arange(150) % players
    [part], left = fh.whole_deals(game, seeds, dealers, "heuristic")
    facts = fh.whole_deal_facts(game, part, dealers)
    assert not left.any()
    for s, d, f in zip(seeds.tolist(), dealers.tolist(), facts, strict=True):
        assert f == _played_out(game, s, d).deal_facts()
    # the rows cover thrown-in deals, contracts, and the contracting seats as a side of two
    assert {f.contract is None for f in facts} == {True, False}
    assert any(len(f.contractors) == 2 for f in facts)


def test_whole_deal_facts_through_the_match_give_the_engines_sheet() -> None:
    """5H-9 (the target, −500, the 490 cap): each deal's facts scored from the running totals
    and fed to the engine's own ``FiveHundredMatch`` hooks give the sheet, winner and end of
    the match recorded deal by deal from the finished scalar states."""
    from cardlab.games.five_hundred.scoring import score
    from cardlab.sim.five_hundred import batch as fh

    for opts in ({"target": 300}, {"defensive_cap": 490}):
        game = cardlab.load("five_hundred", **opts)
        fast = [game.match(seed=derive_seed(5, k), dealer=k % 4) for k in range(10)]
        slow = [game.match(seed=derive_seed(5, k), dealer=k % 4) for k in range(10)]
        while live := [k for k, m in enumerate(fast) if not m.is_over and len(m.sheet) < 60]:
            seeds = np.array([derive_seed(fast[k].seed, len(fast[k].sheet)) for k in live],
                             dtype=np.uint64)
            dealers = np.array([fast[k].dealer for k in live])
            [part], _ = fh.whole_deals(game, seeds, dealers, "heuristic")
            for k, f in zip(live, fh.whole_deal_facts(game, part, dealers), strict=True):
                m = fast[k]
                m.add_result(score(f, game.options, m.scores))
                slow[k].record(_played_out(game, int(seeds[live.index(k)]), slow[k].dealer))
        for a, b in zip(fast, slow, strict=True):
            assert (a.sheet, a.winner, a.is_over) == (b.sheet, b.winner, b.is_over)
        assert all(m.is_over for m in fast) and len({m.winner for m in fast}) == 2


# -- a season in arrays (#19) ------------------------------------------------------------------
#: Five Hundred's forms the batch plays, with options that end a match differently
ARRAY_FORMS = [{}, {"target": 300}, {"defensive_cap": 490}, {"all_pass": "play_no_trumps"},
               {"players": 3}, {"players": 5}, {"players": 6}, {"players": 2},
               {"players": 2, "two_player_form": "ghost_partners_43"},
               {"win_by_defending": True, "loss_threshold": -250}]


@pytest.mark.parametrize("opts", ARRAY_FORMS, ids=[str(o) for o in ARRAY_FORMS])
def test_matches_in_arrays_are_the_engines_matches(opts: dict) -> None:
    """5H-9: matches played together in arrays (every running match's next deal in one
    batch, added by ``Match.add_result``) have the sheets, winners and ends of the same
    matches recorded deal by deal on the engine from finished states — the heuristic bot's
    calls, the batch's card play replayed card by card, and an all-pass no-trump deal
    (5H-5.5) played out by the bot — so the match's own scoring from its running totals
    (the 490 cap, the target, −500, winning by defending) decides both."""
    from cardlab.sim.seasons import _array_matches

    game = cardlab.load("five_hundred", **opts)
    n, cap = 8, 40
    fast = [game.match(seed=derive_seed(2, k), dealer=k % game.players) for k in range(n)]
    _array_matches("five_hundred", game, fast, cap)
    for k, a in enumerate(fast):
        b = game.match(seed=derive_seed(2, k), dealer=k % game.players)
        while not b.is_over and len(b.sheet) < cap:
            b.record(_played_out(game, derive_seed(b.seed, len(b.sheet)), b.dealer))
        assert (a.sheet, a.winner, a.is_over, a.dealer) == (b.sheet, b.winner, b.is_over,
                                                            b.dealer)
    assert sum(len(m.sheet) for m in fast) > 3 * n


def test_a_heuristic_season_of_five_hundred_runs_in_arrays() -> None:
    """The season says how it was played; a season in arrays is the matches above (match k
    seeded ``derive_seed(seed, k)``, first dealer k mod players) — with two players' ghost
    partners (5H-2) the engine's matches played by the heuristic bot at every seat, whose
    card play the batch's is; random or a user's bots play on the engine; the numbers do
    not depend on the chunking or the executor."""
    from cardlab.sim.seasons import _array_matches

    ghosts = {"players": 2, "two_player_form": "ghost_partners_43"}
    out = cardlab.sim.season("five_hundred", {"500": {}, "ghosts": ghosts}, n=6, seed=4,
                             progress=False)
    assert [r["arrays"] for r in out] == [True, True]  # the ghost partners too
    game = cardlab.load("five_hundred")
    matches = [game.match(seed=derive_seed(4, k), dealer=k % 4) for k in range(6)]
    _array_matches("five_hundred", game, matches, 500)
    assert out[0]["deals_per_match"].tolist() == [len(m.sheet) for m in matches]
    assert (out[0]["won"] > 0).tolist() == [[m.winner == side for side in game.sides]
                                             for m in matches]
    two = cardlab.load("five_hundred", **ghosts)
    engine = [two.match(seed=derive_seed(4, k), dealer=k % 2).play(
        _bots("five_hundred", 2, "heuristic", derive_seed(4, k))) for k in range(6)]
    assert out[1]["deals_per_match"].tolist() == [len(m.sheet) for m in engine]
    assert (out[1]["won"] > 0).tolist() == [[m.winner == side for side in two.sides]
                                             for m in engine]
    assert not cardlab.sim.season("five_hundred", n=2, bots="random", progress=False)[0]["arrays"]
    [a] = cardlab.sim.season("five_hundred", {"300": {"target": 300}}, n=9, progress=False)
    [b] = cardlab.sim.season("five_hundred", {"300": {"target": 300}}, n=9, chunk=2,
                             progress=False)
    with ProcessPoolExecutor(2) as pool:
        [c] = cardlab.sim.season("five_hundred", {"300": {"target": 300}}, n=9, chunk=4,
                                 progress=False, executor=pool)
    for other in (b, c):
        assert np.array_equal(a["won"], other["won"])
        assert np.array_equal(a["deals_per_match"], other["deals_per_match"])
