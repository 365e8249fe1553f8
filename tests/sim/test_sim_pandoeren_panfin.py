"""Differential tests: the Pandoeren and Panfin batch simulators equal the scalar engine.

Both sides start from the same scalar states at the start of the play (auction, exchange,
trumps and call — or Panfin's cut, declarations and swap — made on the scalar engine) and
play with the same random policy: the k-th legal action, ``k = randbelow(#legal)``, from
one SplitMix64 stream per deal seeded ``play_seed(seed)``; on the scalar side that is
``RandomBot(play_seed(seed))``. Pandoeren's ``announce stuk`` / ``announce roem`` are legal
actions of the engine only with ``roem_announce="manual"`` (A2.10.3: under ``"auto"`` the
engine announces them), and the batch lists them in the same place. The trick winners, card
points / piatti, the number of actions, made/failed and each seat's points must be equal.
"""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.sim import compare_variants
from cardlab.sim.pandoeren import batch as pd
from cardlab.sim.panfin import batch as pf
from cardlab.sim.rng import PLAY_STREAM, Streams, derive_seeds, play_seed
from cardlab.sim.studies import deal_seeds

#: opening calls that reach every kind of contract (everyone else then passes)
CALLS = [["bid 130"], ["bid 130", "bid 140"], ["pass", "bid 150"], ["bid piccolo"],
         ["bid misere"], ["bid kereltje"], ["bid zwabber"], ["bid 170", "bid solo_zwabber"],
         ["bid piccolo_ouvert"], ["bid 200"], ["bid misere_ouvert"], ["bid stil_praatje"],
         ["bid pandoer"], ["bid 130", "bid pandoer+20"], ["bid praatje"], ["bid prive"],
         ["bid 130", "pass", "bid 160"]]


def _scalar_play(state, seed):
    rng = SplitMix64(play_seed(seed))
    while not state.is_over:
        legal = state.legal_actions()
        state = state._successor(legal[rng.randbelow(len(legal))])  # legal by construction
    return state


def _pandoeren_starts(game, seeds):
    return [pd.scalar_start(game, s, CALLS[s % len(CALLS)], dealer=s % 4) for s in seeds]


def _check_pandoeren(game, seeds, states):
    batch = pd.PandoerenBatch.from_states(states)
    batch.play("random", Streams(derive_seeds(seeds, PLAY_STREAM)))
    scores, made = batch.scores(), batch.made()
    announced = 0
    for b, (s, st) in enumerate(zip(seeds, states)):
        end = _scalar_play(st, s)
        res = end.result
        assert [t.winner for t in end.tricks] == [w for w in batch.winners[b] if w >= 0], s
        assert [res.figures["card_points"][n] for n in game.seat_names] == \
            batch.card_points[b].tolist(), s
        assert len(end.history) - len(st.history) == batch.n_actions[b], s
        assert list(res.seat_points) == scores[b].tolist(), s
        assert bool(res.made) == bool(made[b]), s
        announced += any(a.verb == "announce" for a in end.history[len(st.history):])
    return announced


def test_a2_8_pandoeren_batch_equals_engine_over_510_deals() -> None:
    """A2.8 / A2.10 / A2.11: every contract kind, default (pagat) rules: same tricks, card
    points, results; A2.10.3 roem_announce='auto': no announce actions, stuk counted."""
    game = cardlab.load("pandoeren")
    seeds = list(range(510))
    states = _pandoeren_starts(game, seeds)
    assert _check_pandoeren(game, seeds, states) == 0  # the engine announces, nobody acts
    assert sum(st.stuk_counts() for st in states) > 10  # and the batch counts the stuk too


def test_a2_10_3_pandoeren_manual_announcements_match_engine() -> None:
    """A2.10.3 roem_announce='manual': announce stuk / roem are actions, and the random
    policy takes them in the batch as in the engine."""
    game = cardlab.load("pandoeren", roem_announce="manual")
    seeds = list(range(3000, 3204))
    assert _check_pandoeren(game, seeds, _pandoeren_starts(game, seeds)) > 10


@pytest.mark.parametrize("options", [
    {"roem_announce": "manual", "stuk_deadline": "before_first_card"},
    {"preset": "butselaar"},
    {"undertrump": "allowed", "overtrump_on_trump_lead": True, "jas_never_forced": False},
    {"trump_while_able_to_follow": False, "stop_when_decided": False,
     "scoring": "zero_sum_per_opponent", "rank_order": "klaverjas"},
    {"piccolo_objective": "any_one_trick", "kereltje_own_jas": "play_alone",
     "roem_card_reuse": False, "roem_denial": False},
])
def test_a4_3_pandoeren_play_options_match_engine(options) -> None:
    """A4.3: the play, roem/stuk and scoring options change the batch exactly as the engine."""
    game = cardlab.load("pandoeren", **options)
    seeds = list(range(1000, 1102))
    _check_pandoeren(game, seeds, _pandoeren_starts(game, seeds))


def test_a2_8_pandoeren_from_states_mid_play() -> None:
    """A2.8: a batch built from states in the middle of a trick plays on as the engine."""
    game = cardlab.load("pandoeren")
    seeds = list(range(2000, 2102))
    states = []
    for s, st in zip(seeds, _pandoeren_starts(game, seeds)):
        rng = SplitMix64(s)
        for _ in range(s % 13):
            if not st.is_over:
                st = st.apply(rng.choice(st.legal_actions()))
        states.append(st)
    keep = [i for i, st in enumerate(states) if not st.is_over]
    _check_pandoeren(game, [seeds[i] for i in keep], [states[i] for i in keep])


def _panfin_starts(game, seeds):
    out = []
    for s in seeds:
        st = game.deal(seed=s, dealer=s % game.players)
        bot = bot_for("panfin", "heuristic", seed=s)
        while not st.is_over and st.phase != "play":
            st = st.apply(bot.choose(st))
        if st.phase == "play":
            out.append((s, st))
    return [s for s, _ in out], [st for _, st in out]


def _check_panfin(game, seeds, states):
    batch = pf.PanfinBatch.from_states(states)
    batch.play("random", Streams(derive_seeds(seeds, PLAY_STREAM)))
    scores = batch.scores()
    _, pot_after = batch.settlement()
    doubles = 0
    for b, (s, st) in enumerate(zip(seeds, states)):
        end = _scalar_play(st, s)
        assert [t[2] for t in end.tricks_] == [w for w in batch.winners[b] if w >= 0], s
        assert list(end.piatti) == batch.piatti[b].tolist(), s
        assert len(end.history) - len(st.history) == batch.n_actions[b], s
        assert list(end.result.seat_points) == scores[b].tolist(), s
        assert end.pot == pot_after[b], s
        doubles += any(len(t[1][0][1]) == 2 for t in end.tricks_)
    return doubles


def test_b2_10_panfin_batch_equals_engine_over_600_deals() -> None:
    """B2.10 / B2.11: respond and beat, trump and overtrump, the jokers' double trick, piatti
    and the chips' settlement: the batch equals the engine deal for deal."""
    game = cardlab.load("panfin")
    seeds, states = _panfin_starts(game, range(600))
    assert len(states) > 300
    assert _check_panfin(game, seeds, states) > 0  # some deals see both jokers led together


@pytest.mark.parametrize("options", [
    {"beat_reference": "led_card", "must_overtrump": False},
    {"must_trump_when_void": False, "both_jokers_lead": "consecutive_forced"},
    {"players": 3, "dealer_turnup_at_piatti": "none"},
    {"players": 6},
])
def test_b4_2_panfin_play_options_match_engine(options) -> None:
    """B4.2: beat_reference, must_trump_when_void, must_overtrump, both_jokers_lead and the
    number of players change the batch exactly as the engine."""
    game = cardlab.load("panfin", **options)
    seeds, states = _panfin_starts(game, range(3000, 3250))
    _check_panfin(game, seeds, states)


def test_b2_10_panfin_from_states_mid_trick() -> None:
    """B2.10: a batch built from states in the middle of the trick phase plays on."""
    game = cardlab.load("panfin")
    seeds, states = _panfin_starts(game, range(4000, 4250))
    moved = []
    for s, st in zip(seeds, states):
        rng = SplitMix64(s)
        for _ in range(s % 6):
            if not st.is_over:
                st = st.apply(rng.choice(st.legal_actions()))
        moved.append(st)
    keep = [i for i, st in enumerate(moved) if not st.is_over]
    _check_panfin(game, [seeds[i] for i in keep], [moved[i] for i in keep])


@pytest.mark.parametrize("name", ["pandoeren", "panfin"])
def test_compare_variants_plays_these_games_in_the_batch_as_the_engine(name) -> None:
    """compare_variants: the random batch play gives the scores the engine gives when its
    heuristic bots make the calls and RandomBot(play_seed) plays."""
    n = 40
    out = compare_variants(name, {"base": {}}, n=n, seed=5, policy="random")[0]
    game = cardlab.load(name)
    seeds = deal_seeds(5, 0, n)
    expect = np.zeros_like(out["scores"])
    for i, s in enumerate(seeds):
        bot = bot_for(name, "heuristic", seed=int(s))
        st = game.deal(seed=int(s), dealer=i % game.players)
        while not st.is_over and st.phase != "play":
            st = st.apply(bot.choose(st))
        st = _scalar_play(st, int(s))
        expect[i] = st.result.seat_points
    assert out["scores"].tolist() == expect.tolist()
