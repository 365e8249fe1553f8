"""The example game's simulator (#32 item 5: "the example game has a bot and a simulator").

With Turn-up Whist registered (as ``tests/conformance/test_example_suite.py`` registers it),
``cardlab.sim`` finds its package ``cardlab/sim/example/``; the batch's legal cards and
trick winners are the engine's position by position (EX-4.2, EX-4.3, EX-4.4); every card a
whole batch plays is legal when replayed on the engine, and the points are the engine's
(EX-5); whole deals in arrays (the deal, the heuristic bot's calls, the play) equal the
deal-by-deal path on the scalar engine for the same seeds; and ``compare_variants`` runs
on the example end to end, the same numbers with and without the whole-deal fast path.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from support import play_positions

import cardlab
import cardlab.sim
from cardlab.bots import RandomBot, bot_for
from cardlab.bots.example import HeuristicBot
from cardlab.engine import registry
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds, play_seed
from cardlab.sim.simulator import simulator_for

NAME, PACKAGE, SIM = "example", "cardlab.games.example", "cardlab.sim.example"


@pytest.fixture(scope="module", autouse=True)
def example_registered() -> Iterator[None]:
    """The example game registered for these tests, and its simulator (``cardlab.sim`` was
    imported above, before the game was registered, so it is named here as a game
    registered later names it)."""
    had_game = NAME in registry.names()
    had_sim = NAME in registry.simulators()
    registry.register(NAME, PACKAGE)
    registry.register_simulator(NAME, SIM)
    yield
    if not had_game:
        registry.unregister(NAME)
    if not had_sim:  # the registry has no unregister_simulator: leave it as it was
        registry._SIMULATORS.pop(NAME, None)


def _sim_module() -> Any:
    return registry.import_module(SIM)


def test_cardlab_sim_registers_the_example_package_when_the_game_is_registered() -> None:
    """``cardlab.sim`` registers each of its packages named as a registered game: with the
    example registered first, ``simulator_for`` finds ``cardlab.sim.example``; without it,
    none is registered (the example is not a game by default)."""
    code = ("from cardlab.engine import registry\n"
            "import sys\n"
            "if sys.argv[1] == 'yes': registry.register('example', 'cardlab.games.example')\n"
            "import cardlab.sim\n"
            "print(registry.simulators().get('example'))\n")
    got = {arg: subprocess.run([sys.executable, "-c", code, arg], capture_output=True,
                               text=True, timeout=120, check=True).stdout.strip()
           for arg in ("yes", "no")}
    assert got == {"yes": SIM, "no": "None"}
    sim = simulator_for(cardlab.load(NAME))
    assert sim is _sim_module().SIMULATOR
    assert sim.batch.__name__ == "ExampleBatch" and sim.rescores and sim.whole_deals is not None


# -- position by position: the batch's rules are the engine's ------------------------------------
@pytest.mark.parametrize("preset", ["standard", "strict"])
def test_the_batch_allows_the_judges_cards_and_moves_to_the_judges_seat(preset: str) -> None:
    """EX-4.2 / EX-4.3 (``must_trump`` under ``strict``): at over a thousand play positions
    (mid-trick ones loaded by ``from_states``), the batch's legal mask is the judge's; and
    after each card the batch's seat to move is the engine's — at a trick's end its winner
    by the kernel's keys (EX-4.4)."""
    game = cardlab.load(NAME, preset=preset)
    found = play_positions(game, range(60))
    assert len(found) >= 1000
    batch_class: Any = simulator_for(game).batch
    batch = batch_class.from_states([s for s, _ in found])
    deck = game.deck
    want = [sum(1 << deck.index(deck.parse(a.args[0])) for a in s.legal_actions())
            for s, _ in found]
    assert [int(x) for x in batch.legal()] == want
    batch.apply(np.array([deck.index(deck.parse(a.args[0])) for _, a in found]),
                np.ones(len(found), dtype=bool))
    after = [s.apply(a) for s, a in found]
    ends = [i for i, s in enumerate(after) if len(s.tricks) > len(found[i][0].tricks)]
    assert len(ends) > len(found) // 4
    assert [int(batch.to_move[i]) for i, s in enumerate(after) if not s.is_over] == [
        s.to_move for s in after if not s.is_over]
    assert batch.tricks_won.tolist() == [
        [sum(t.winner == seat for t in s.tricks) for seat in range(3)] for s in after]
    assert batch.done.tolist() == [s.is_over for s in after]


# -- whole deals: legal when replayed, scored as the engine scores ---------------------------------
def _scalar(game: Any, seed: int, dealer: int, policy: str) -> Any:
    """The deal-by-deal path: the heuristic bot's calls (seeded with the deal's seed, as the
    studies seed it), then the batch policy's scalar twin, seeded with the play stream."""
    st = game.deal(seed=seed, dealer=dealer)
    bot = bot_for(NAME, "heuristic", seed=seed)
    while st.phase != "play":
        st = st.apply(bot.choose(st))
    twin = RandomBot(play_seed(seed)) if policy == "random" else HeuristicBot(seed=play_seed(seed))
    while not st.is_over:
        st = st.apply(twin.choose(st))
    return st


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_every_card_played_whole_is_legal_on_the_engine(policy: str) -> None:
    """EX-2..EX-5: whole deals (the batch deal, the bot's calls, the play) recorded and
    replayed card by card on the engine: every card is legal for the seat the engine has to
    move, every deal ends after its 21 cards, and the engine's points and made flag are the
    batch's."""
    game = cardlab.load(NAME)
    mod = _sim_module()
    seeds, dealers = deal_seeds(11, 0, 60), np.arange(60) % 3
    wd = mod.whole_deals(game, seeds, dealers)
    batch = wd.batch
    batch.play(policy, Streams(derive_seeds(seeds, PLAY_STREAM)), record=True)
    assert batch.record is not None and len(batch.record) == 21
    scores = batch.scores()
    for b, seed in enumerate(seeds.tolist()):
        st: Any = game.deal(seed=seed, dealer=int(dealers[b]))
        caller = int(batch.caller[b])
        calls = ["pass"] * (int(wd.pre_len[b]) - (caller >= 0)) + ["call"] * (caller >= 0)
        for c in calls:
            st = st.apply(c)
        assert st.caller == (None if caller < 0 else caller)
        for cards in batch.record:
            action = f"play {game.deck[int(cards[b])].code}"
            assert action in [str(a) for a in st.legal_actions()], (seed, st.history, action)
            st = st.apply(action)
        assert st.is_over
        assert list(st.result.seat_points) == scores[b].tolist()
        assert bool(st.result.made) == bool(batch.made()[b])


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_whole_deals_equal_the_deal_by_deal_path(policy: str) -> None:
    """The contract of ``Simulator.whole_deals``: for the same seeds and dealers, the deal,
    the heuristic bot's calls (EX-3) and the play give the scalar engine's numbers deal for
    deal — points (EX-5, and rescored under ``call_value=8``, EX-5.2), made, whether a
    contract stands, the actions taken."""
    game = cardlab.load(NAME)
    seeds, dealers = deal_seeds(5, 0, 150), (np.arange(150) + 1) % 3
    whole = simulator_for(game).whole_deals
    assert whole is not None
    parts, left = whole(game, seeds, dealers, policy, [{}, {"call_value": 8}])
    assert not left.any()
    states = [_scalar(game, s, int(d), policy) for s, d in zip(seeds.tolist(), dealers)]
    base, rescored = parts
    assert base["scores"].tolist() == [list(st.result.seat_points) for st in states]
    assert rescored["scores"].tolist() == [
        list(game.score_deal(st, call_value=8).seat_points) for st in states]
    assert base["made"].tolist() == [bool(st.result.made) for st in states]
    assert base["has_contract"].tolist() == [st.contract is not None for st in states]
    assert base["length"].tolist() == [len(st.history) for st in states]
    assert 0 < base["has_contract"].sum() < len(states)  # both kinds of deal were met
    assert base["contracts"] == {"call": int(base["has_contract"].sum())}


def test_the_batch_from_scalar_states_plays_as_the_whole_deals_do() -> None:
    """The batch at the opening lead built from the scalar states (the deal-by-deal path's
    ``from_states``) is the one :func:`whole_deals` builds, array for array."""
    game = cardlab.load(NAME, preset="strict")
    mod = _sim_module()
    seeds, dealers = deal_seeds(2, 0, 80), np.arange(80) % 3
    wd = mod.whole_deals(game, seeds, dealers)
    states = []
    for s, d in zip(seeds.tolist(), dealers.tolist()):
        st, bot = game.deal(seed=s, dealer=d), bot_for(NAME, "heuristic", seed=s)
        while st.phase != "play":
            st = st.apply(bot.choose(st))
        states.append(st)
    scalar = mod.ExampleBatch.from_states(states)
    for key in ("hands", "trump", "caller", "to_move", "trick", "n_played", "led",
                "tricks_won", "n_tricks", "done"):
        assert np.array_equal(getattr(scalar, key), getattr(wd.batch, key)), key
    assert wd.pre_len.tolist() == [len(st.history) for st in states]


def test_the_play_is_deterministic_per_seed() -> None:
    """Same seeds, same numbers (every policy); other seeds, other deals."""
    game = cardlab.load(NAME)
    whole = simulator_for(game).whole_deals
    assert whole is not None
    dealers = np.arange(100) % 3

    def run(seed: int, policy: str) -> list[list[int]]:
        parts, _ = whole(game, deal_seeds(seed, 0, 100), dealers, policy, [{}])
        return [list(map(int, parts[0]["scores"].ravel())), list(map(int, parts[0]["length"]))]

    for policy in ("random", "heuristic"):
        assert run(4, policy) == run(4, policy)
        assert run(4, policy) != run(5, policy)


# -- the studies --------------------------------------------------------------------------------
VARIANTS = {"standard": {}, "call_value_8": {"call_value": 8}, "strict": {"preset": "strict"}}


def _study(policy: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = cardlab.sim.compare_variants(
        NAME, VARIANTS, n=240, seed=3, policy=policy, chunk=100, progress=False)
    return out


@pytest.fixture(scope="module", params=["random", "heuristic"])
def both_paths(request: pytest.FixtureRequest) -> tuple[list[dict[str, Any]],
                                                        list[dict[str, Any]]]:
    """``compare_variants`` on the example with the whole-deal fast path, and without it
    (the deal-by-deal path: the bot's calls on the engine, then ``from_states``)."""
    fast = _study(request.param)
    mod = _sim_module()
    saved = mod.SIMULATOR
    mod.SIMULATOR = dataclasses.replace(saved, whole_deals=None)
    try:
        slow = _study(request.param)
    finally:
        mod.SIMULATOR = saved
    return fast, slow


def test_compare_variants_runs_on_the_example(both_paths: Any) -> None:
    """End to end: every variant played (or rescored) over the 240 deals, the rescored
    ``call_value`` changing only the caller's points (EX-5.2), the strict preset played."""
    fast, _ = both_paths
    assert [r["variant"] for r in fast] == list(VARIANTS)
    standard, eight, strict = fast
    for r in fast:
        assert r["n"] == 240 and r["complete"] and r["sides"] == ["P1", "P2", "P3"]
        assert (r["length"] >= 22).all() and (r["length"] <= 24).all()
    assert np.array_equal(standard["has_contract"], eight["has_contract"])
    diff = eight["scores"] - standard["scores"]
    assert (diff[~standard["has_contract"]] == 0).all()
    assert set(np.unique(np.abs(diff[standard["has_contract"]]).sum(axis=1))) == {4}
    assert not np.array_equal(strict["scores"], standard["scores"])


def test_compare_variants_gives_the_same_numbers_on_both_paths(both_paths: Any) -> None:
    """``Simulator.whole_deals`` "must give the same numbers as the deal-by-deal path":
    per deal, the points, made and the actions taken, under every variant."""
    fast, slow = both_paths
    for f, s in zip(fast, slow, strict=True):
        for key in ("scores", "made", "length"):
            assert np.array_equal(f[key], s[key]), (f["variant"], key)


def test_both_paths_count_the_same_contracts(both_paths: Any) -> None:
    """EX-3.3: a deal nobody called has no contract, on either path."""
    fast, slow = both_paths
    for f, s in zip(fast, slow, strict=True):
        assert np.array_equal(f["has_contract"], s["has_contract"]), f["variant"]
        assert f["contracts"] == s["contracts"], f["variant"]
