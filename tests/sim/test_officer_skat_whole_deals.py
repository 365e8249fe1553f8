"""The calls of whole Officer Skat deals on arrays (:func:`cardlab.sim.officer_skat.whole_deals`)
against the scalar path: ``game.deal(seed=s, dealer=d)`` and one
``HeuristicBot(seed=s)`` per deal making every call until the play. Deal by deal the
choice of game or pass (OS-3.2, B-2, the bot's seeded tie-break), Kontra and Re (OS-7.4,
B-6) and the number of actions before the play are the same, the batch at the opening
lead is ``OfficerSkatBatch.from_states`` of the scalar states, and both play on to the
same scores (OS-5, OS-7)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.bots.officer_skat import SCORED_GAMES, game_scores
from cardlab.games.officer_skat.kernel import (
    call_games_mask,
    call_kontra_asked,
    call_pass_legal,
    call_re_asked,
)
from cardlab.games.officer_skat.rules import GAME_CALLS, PACK_ORDER, kernel_tables
from cardlab.sim.officer_skat.batch import (
    OfficerSkatBatch,
    deal_batch,
    tables_for,
    whole_deals,
)
from cardlab.sim.officer_skat.calls import _heuristic_scores
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds

#: every option of OS-9 that changes a call of the heuristic bot (B-2 pass and Ramsch,
#: SEED-OS Null and Kontra/Re, OS-7.5 method B refusing Null, B-4 the choice on 8 cards),
#: and B-6's Re window, which changes none of the bot's calls
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"pass_allowed": True},
    {"pass_allowed": True, "ramsch_allowed": True},
    {"ramsch_allowed": True},
    {"null_allowed": False},
    {"scoring_method": "card_points", "pass_allowed": True},
    {"choose_after_face_up": 8, "pass_allowed": True, "ramsch_allowed": True},
    {"choose_after_face_up": 8, "null_allowed": False, "kontra_re": False},
    {"kontra_re": False, "pass_allowed": True, "ramsch_allowed": True},
    {"re_window": "until_opening_lead", "pass_allowed": True},
]
DEALS = 2000
SEED = 20261202


def scalar_calls(game: Any, seeds: np.ndarray, dealers: np.ndarray) -> list[Any]:
    """The scalar path (as ``compare_variants`` runs it): one bot per deal, every call."""
    out = []
    for s, d in zip(seeds.tolist(), dealers.tolist()):
        st = game.deal(seed=int(s), dealer=int(d))
        bot = bot_for("officer_skat", "heuristic", seed=int(s))
        while st.phase != "play":
            st = st.apply(bot.choose(st))
        out.append(st)
    return out


def check_against_scalar(game: Any, seeds: np.ndarray, dealers: np.ndarray) -> None:
    """The vectorised calls equal the scalar bot's deal by deal, and so does the batch."""
    whole = whole_deals(game, seeds, dealers)
    states = scalar_calls(game, seeds, dealers)
    assert whole.index.tolist() == list(range(len(seeds)))  # every deal reaches the play
    assert not whole.scalar.any()
    got = list(zip(whole.contract_names(), whole.declarer.tolist(), whole.kontra.tolist(),
                   whole.re.tolist(), whole.pre_len.tolist()))
    want = [(st.contract, -1 if st.declarer is None else st.declarer, st.kontra, st.re,
             len(st.history)) for st in states]
    assert got == want
    assert whole.ramsch.tolist() == [st.declarer is None for st in states]
    ref = OfficerSkatBatch.from_states(states)
    for name, value in ref.__dict__.items():
        if isinstance(value, np.ndarray):
            assert np.array_equal(value, whole.batch.__dict__[name]), name
    # played on, both give the same scores (heuristic and random play)
    for policy in ("heuristic", "random"):
        a, b = ref.take(np.arange(ref.size)), whole.batch.take(np.arange(ref.size))
        a.play(policy, Streams(derive_seeds(seeds, PLAY_STREAM)))
        b.play(policy, Streams(derive_seeds(seeds, PLAY_STREAM)))
        assert np.array_equal(a.scores(), b.scores())


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(
    f"{k}={v}" for k, v in o.items()) or "officers_skat")
def test_calls_equal_the_scalar_bot(options: dict[str, Any]) -> None:
    """OS-3.2 / B-2 / B-4 / OS-7.4 / OS-7.5 / B-6: over thousands of seeded deals, under
    every calls-changing option set, the calls and the batch equal the scalar path's."""
    game = cardlab.load("officer_skat", **options)
    seeds = deal_seeds(SEED, 0, DEALS)
    check_against_scalar(game, seeds, np.arange(DEALS) % 2)


@pytest.mark.parametrize("choose", [4, 8])
def test_rare_calls_equal_the_scalar_bot(choose: int) -> None:
    """B-2 the rare branches (forehand passes; both pass into Ramsch), and OS-7.4 Kontra
    with Re: the deals where the arrays find them, checked against the scalar bot."""
    game = cardlab.load("officer_skat", pass_allowed=True, ramsch_allowed=True,
                        choose_after_face_up=choose)
    n = 60_000
    seeds, dealers = deal_seeds(SEED + choose, 0, n), np.arange(n) % 2
    whole = whole_deals(game, seeds, dealers)
    passed = whole.declarer != 1 - dealers
    picks = [np.flatnonzero(m)[:150] for m in (passed & ~whole.ramsch, whole.ramsch,
                                                 whole.re, whole.kontra & ~whole.re)]
    assert all(p.size for p in picks), [p.size for p in picks]
    sel = np.concatenate(picks)
    check_against_scalar(game, seeds[sel], dealers[sel])


def test_deal_batch_equals_the_engine_deal() -> None:
    """OS-3.2 / OS-3.3: ``deal_batch`` lays out ``game.deal(seed=s, dealer=d)`` pile for pile."""
    for choose in (4, 8):
        game = cardlab.load("officer_skat", choose_after_face_up=choose)
        seeds = deal_seeds(SEED, 0, 500)
        dealers = np.arange(500) % 2
        piles = deal_batch(game, seeds, dealers)
        for b, (s, d) in enumerate(zip(seeds.tolist(), dealers.tolist())):
            layout = game.deal(seed=int(s), dealer=d).layout.piles
            want = [[[game.deck.index(c) for c in pair] for pair in row] for row in layout]
            assert piles[b].tolist() == want


def test_heuristic_scores_equal_game_scores() -> None:
    """The per-card weight tables give ``game_scores`` exactly, for every game it scores."""
    rng = np.random.default_rng(SEED)
    masks = np.zeros(400, dtype=np.uint64)
    cards = []
    for i in range(400):
        pick = rng.choice(len(PACK_ORDER), size=int(rng.integers(0, 9)), replace=False)
        cards.append([PACK_ORDER[k] for k in pick])
        masks[i] = np.uint64(sum(1 << int(k) for k in pick))
    got = _heuristic_scores(masks)
    for i, mine in enumerate(cards):
        want = game_scores(mine, list(SCORED_GAMES))
        assert got[i].tolist() == [want[g] for g in SCORED_GAMES]


def test_call_kernel_on_ints_and_arrays() -> None:
    """B-2 / OS-4 / OS-7.4 / OS-7.5 the kernel's call rules: the same answer on Python bools
    and on arrays, and the teaching engine's declare list is the kernel's mask."""
    ints, arrays = kernel_tables(), tables_for(cardlab.load("officer_skat")).kernel
    flags = [(a, b, c) for a in (False, True) for b in (False, True) for c in (False, True)]
    for null_ok, ramsch_ok, method_b in flags:
        mask = call_games_mask(ints, null_ok, ramsch_ok, method_b)
        assert call_games_mask(arrays, null_ok, ramsch_ok, method_b) == mask
        game = cardlab.load("officer_skat", null_allowed=null_ok, ramsch_allowed=ramsch_ok,
                            pass_allowed=True, scoring_method="card_points" if method_b
                            else "game_value")
        st = game.deal(seed=1, dealer=0)
        declares = [a.args[0] for a in st.legal_actions() if a.verb == "declare"]
        assert declares == [g for k, g in enumerate(GAME_CALLS) if mask >> k & 1]
    a, b, c = (np.array([f[i] for f in flags]) for i in range(3))
    assert call_pass_legal(a, b, c).tolist() == [call_pass_legal(*f) for f in flags]
    assert call_re_asked(a, b, c, ~a).tolist() == [
        call_re_asked(x, y, z, not x) for x, y, z in flags]
    contracts = np.arange(len(GAME_CALLS))
    for kontra_re in (False, True):
        assert np.asarray(call_kontra_asked(arrays, kontra_re, contracts)).tolist() == [
            call_kontra_asked(ints, kontra_re, k) for k in range(len(GAME_CALLS))]


def test_re_after_the_dealer_declares() -> None:
    """B-2 / OS-7.4 the dealer declares after forehand passed; after a Kontra the dealer is
    asked for Re once the whole deal is out (the kernel's ``call_re_asked``, late)."""
    game = cardlab.load("officer_skat", pass_allowed=True)
    st = game.deal(seed=3, dealer=0).apply("pass").apply("declare C").apply("kontra")
    assert (st.phase, st.to_move, st.event.kind) == ("re", 0, "re_late")
    assert [str(x) for x in st.legal_actions()] == ["re", "no_re"]
    assert st.apply("no_re").phase == "play"


def test_compare_variants_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """#19: ``compare_variants`` with the calls in arrays (``Simulator.whole_deals``) gives the
    deal-by-deal path's per-deal arrays and contracts: scoring-only variants rescored in one
    play group (B-17, B-20), a calls-changing variant with Ramsch deals left to the engine
    (B-2), eight face-up cards (B-4), both play policies and two chunk sizes."""
    import dataclasses

    from cardlab.sim import officer_skat as osk_sim  # the registered simulator package
    from cardlab.sim.officer_skat import batch as osk
    from cardlab.sim.studies import compare_variants

    variants = {"standard": {}, "null 46": {"null_value": 46}, "loss 1": {"loss_factor": 1},
                "ramsch": {"pass_allowed": True, "ramsch_allowed": True},
                "eight up": {"choose_after_face_up": 8}}
    used: list[int] = []

    def counted(*args: Any) -> Any:
        used.append(len(args[1]))
        return osk._study_deals(*args)

    monkeypatch.setattr(osk_sim, "SIMULATOR", dataclasses.replace(osk.SIMULATOR, whole_deals=counted))
    fast = compare_variants("officer_skat", variants, n=1500, seed=6, chunk=700, progress=False)
    fast_r = compare_variants("officer_skat", {"a": {}, "b": {"pass_allowed": True}}, n=300,
                              seed=2, chunk=300, policy="random", progress=False)
    assert sum(used) == 3 * 1500 + 2 * 300  # each of the 3 play groups went the fast way
    monkeypatch.setattr(osk_sim, "SIMULATOR", dataclasses.replace(osk.SIMULATOR, whole_deals=None))
    slow = compare_variants("officer_skat", variants, n=1500, seed=6, chunk=700, progress=False)
    slow_r = compare_variants("officer_skat", {"a": {}, "b": {"pass_allowed": True}}, n=300,
                              seed=2, chunk=300, policy="random", progress=False)
    for f, s in zip(fast + fast_r, slow + slow_r, strict=True):
        for key in ("scores", "has_contract", "made", "length"):
            np.testing.assert_array_equal(f[key], s[key], err_msg=f"{f['variant']} {key}")
        assert f["contracts"] == s["contracts"], f["variant"]
        assert f["vs_baseline"] == s["vs_baseline"]
    assert fast[3]["contracts"].get("ramsch", 0) > 0  # the engine's part was exercised
