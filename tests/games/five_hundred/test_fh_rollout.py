"""Five Hundred's integer action ids and the mutable rollout state (``rollout.py``).

The rollout is checked against the immutable engine step by step: the same seeded deal, the
same index ``k`` into both legal lists, and at every step the same legal actions in the same
order, the same seat and phase; at the end the same points, result and history. Every
option of the spec's options table (5H-12) runs with a non-default value at least once
(``test_option_sets_cover_every_option`` keeps it so).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import unmix

import cardlab
from cardlab.engine.rng import SplitMix64
from cardlab.games.five_hundred.game import FiveHundredActionIds
from cardlab.games.five_hundred.rules import FiveHundredOptions
from cardlab.sim.five_hundred.rollout import EngineRollout, FiveHundredRollout

#: option sets for the differential test: every player count, both presets, and every
#: option of 5H-12 with a non-default value at least once
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"preset": "american"},
    {"preset": "american", "players": 3, "sans_kitty_allowed": True},
    {"players": 2},
    {"players": 2, "two_player_form": "ghost_partners_43"},
    {"players": 3, "joker_lead_nomination": "not_shown_void"},
    {"players": 5},
    {"players": 5, "all_pass": "play_no_trumps", "first_lead": "left_of_dealer"},
    {"players": 6},
    {"players": 6, "six_player_sides": "two_triples", "misere_rank": "after_8S"},
    {"misere_requires_seven": False, "open_misere_expose": "before_lead",
     "stop_misere_on_first_trick_won": False, "misere_void_must_play_joker": False},
    {"all_pass": "play_no_trumps", "first_lead": "left_of_dealer", "min_bid_tricks": 7},
    {"allow_final_raise": True},
    {"rebid_after_pass_on_denomination_change": True, "blind_misere_allowed": True},
    {"blind_misere_allowed": True, "sans_kitty_allowed": True, "joker_nomination": False},
    {"joker_lead_nomination": "not_shown_void", "joker_after_all_suits_led": "none"},
    {"joker_lead_nomination": "any", "joker_after_all_suits_led": "no_play_before_last_trick",
     "joker_lead_only_last_trick": True},
    {"joker_after_all_suits_led": "no_play_before_last_trick", "misere_requires_seven": False},
    {"open_misere_allowed": False, "open_misere_requires_eight": True},
    {"open_misere_requires_eight": True, "misere_rank": "after_8S"},
    {"pack_4p": "45"},
    {"pack_4p": "46", "misere_requires_seven": False},
    {"pack_4p": "43_spade_diamond_4s_removed", "misere_allowed": False},
    {"defenders_score_tricks": False, "slam_minimum": 0, "win_by_defending": True},
    {"defender_points_ignored_above": 400, "defensive_cap": 490, "target": 300,
     "loss_threshold": -300, "backwards_needs_nonnegative_opponent": True},
    {"defensive_cap": 480, "auction": "american_single_round", "allow_final_raise": True},
]


def _name(opts: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in opts.items()) or "default"


def game_for(opts: dict[str, Any]) -> cardlab.Game:
    opts = dict(opts)
    return cardlab.load("five_hundred", preset=opts.pop("preset", None), **opts)


def drive_both(game: Any, seed: int, dealer: int, pass_bias: float, rng_seed: int) -> Any:
    """Play one deal on both engines with the same index ``k`` at every step, comparing
    everything the rollout promises; return the finished immutable state."""
    rng = SplitMix64(rng_seed)
    state = game.deal(seed=seed, dealer=dealer)
    roll = game.rollout(seed=seed, dealer=dealer)
    text = game.action_text
    while True:
        legal = state.legal_actions()
        ids = roll.legal_ids()
        assert [text(i) for i in ids] == legal, (state.phase, len(history(roll)))
        assert (roll.phase, roll.to_move, roll.is_over) == (state.phase, state.to_move,
                                                           state.is_over)
        if state.is_over:
            break
        k = 0 if state.phase == "auction" and rng.random() < pass_bias else rng.randbelow(
            len(legal))
        state = state.apply(legal[k])
        roll.apply_id(ids[k])
    assert roll.points == state.result.points
    assert roll.result == state.result
    assert roll.history_ids == tuple(game.action_id(a) for a in state.history)
    final = roll.to_state()
    assert final.history == state.history and final.setup == state.setup
    assert final.hands == state.hands
    return state


def history(roll: Any) -> tuple[int, ...]:
    return tuple(roll.history_ids)


# -- the differential test -------------------------------------------------------------------
@pytest.mark.parametrize("opts", OPTION_SETS, ids=_name)
@settings(max_examples=6)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1),
       pass_bias=st.sampled_from([0.0, 0.6, 0.85]))
def test_rollout_matches_engine_step_by_step(opts: dict[str, Any], seed: int,
                                             pass_bias: float) -> None:
    """5H-4…5H-8: a seeded deal played on the rollout and on the immutable engine with the
    same choices: the same legal actions in the same order, seat, phase, points, result and
    history at every step (every player count, both presets, every option)."""
    game = game_for(opts)
    drive_both(game, seed, seed % game.players, pass_bias, seed ^ 0x5EED)


def test_option_sets_cover_every_option() -> None:
    """5H-12: every option of the options table has a non-default value in some set."""
    defaults = FiveHundredOptions()
    changed = {k for opts in OPTION_SETS for k, v in game_for(opts).options_dict().items()
               if v != getattr(defaults, k)}
    missing = {f.name for f in dataclasses.fields(FiveHundredOptions)} - changed
    assert not missing, missing


def test_every_phase_and_joker_rule_is_exercised() -> None:
    """The differential drive reaches misère, trump and NT contracts, the joker nomination
    and joker leads naming a suit (J4) on the fast path."""
    game = game_for({})
    seen: set[str] = set()
    for seed in range(40):
        state = drive_both(game, seed, seed % 4, 0.85, seed)
        contract = state.contract or "none"
        seen.add("misere" if "misere" in contract else contract[-2:] if contract.endswith(
            "NT") else "trump" if contract != "none" else "none")
        for a in state.history:
            if a.startswith("nominate"):
                seen.add("nominate")
            if a.startswith("play JK ") and len(a.split()) == 3:
                seen.add("joker lead")
    assert seen >= {"misere", "NT", "trump", "nominate", "joker lead"}, seen


def test_fast_path_and_fallback() -> None:
    """Every configuration but ghost partners runs on the fast path; those get the engine
    wrapper with the same API."""
    assert isinstance(game_for({}).rollout(seed=1), FiveHundredRollout)
    assert isinstance(game_for({"players": 6}).rollout(seed=1), FiveHundredRollout)
    ghosts = game_for({"players": 2, "two_player_form": "ghost_partners_43"})
    roll = ghosts.rollout(seed=1)
    assert isinstance(roll, EngineRollout)
    assert roll.to_state().hands == ghosts.deal(seed=1).hands


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_5h_4_seeded_rollout_deals_like_game_deal(players: int) -> None:
    """5H-4: ``game.rollout(seed=s, dealer=d)`` gives the same cards to the same seats as
    ``game.deal(seed=s, dealer=d)``, and the kitty too."""
    game = game_for({"players": players})
    for seed in (0, 1, 7, 2**63 + 5, -3):
        for dealer in range(players):
            roll = game.rollout(seed=seed, dealer=dealer)
            state = game.deal(seed=seed, dealer=dealer)
            assert roll.hands == state.hands
            assert roll.to_state().kitty == state.kitty
            assert roll.to_move == state.to_move


def test_rollout_of_a_stacked_deal_and_from_any_state() -> None:
    """``game.rollout(hands=…, kitty=…)`` and ``state.rollout()`` at any moment continue
    exactly as the engine does."""
    game = game_for({})
    stacked: dict[str, Any] = dict(
        hands=["JH JD AH KH QH 10H 9H 8H 7H 6H", "AS KS QS JS 10S 9S 8S 7S 6S 5S",
               "AC KC QC JC 10C 9C 8C 7C 6C 5C", "AD KD QD 5H 10D 9D 8D 7D 6D 5D"],
        kitty="4H 4D JK", dealer=3)
    assert game.rollout(**stacked).hands == game.deal(**stacked).hands
    rng = random.Random(3)
    for seed in range(6):
        state = game.deal(seed=seed, dealer=seed % 4)
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        roll = state.rollout()
        assert roll.history_ids == tuple(game.action_id(a) for a in state.history)
        while not state.is_over:
            ids = roll.legal_ids()
            assert [game.action_text(i) for i in ids] == state.legal_actions()
            k = rng.randrange(len(ids))
            state = state.apply(state.legal_actions()[k])
            roll.apply_id(ids[k])
        assert roll.points == state.result.points
        assert roll.to_state().history == state.history


# -- action ids ------------------------------------------------------------------------------
def test_action_ids_pinned_layout() -> None:
    """The id layout is a rule of the encoding (see ``action_ids``): the words first (pass 0,
    the trick bids 1 + 5·(n − 6) + denomination, the misères 26-28, sans kitty 29-53,
    nominations 54-58, ``call alone`` 59), then the cards by pack position: ``play`` at
    60 + i, a joker lead at 60 + C + 4·j + suit, ``call`` at 60 + C + 4·J + i, then the
    discards by their combinatorial rank."""
    game = game_for({})  # the 43-card pack: C = 43, one joker, kitty 3
    pinned = {"pass": 0, "bid 6S": 1, "bid 7H": 9, "bid 10NT": 25, "bid misere": 26,
              "bid open_misere": 27, "bid blind_misere": 28, "bid 6S sans_kitty": 29,
              "bid 10NT sans_kitty": 53, "nominate S": 54, "nominate H": 57,
              "nominate none": 58, "call alone": 59, "play AS": 60, "play 4H": 101,
              "play JK": 102, "play JK S": 103, "play JK H": 106, "call AS": 107,
              "call 4H": 148, "discard AS KS QS": 149, "discard 5H 4H JK": 12489}
    for text, i in pinned.items():
        assert game.action_id(text) == i, text
        assert game.action_text(i) == text
    assert game.num_distinct_actions == 12490 == 149 + 12341
    # other packs move only the card ids: 33 cards (C = 33), and two jokers (46 cards)
    assert game_for({"players": 3}).action_id("play JK") == 60 + 32
    two = game_for({"pack_4p": "46"})
    assert [two.action_id(a) for a in ("play JK1", "play JK2", "play JK2 H", "call AS")] == [
        104, 105, 60 + 46 + 7, 60 + 46 + 8]


@pytest.mark.parametrize("opts", [{}, {"players": 3}, {"players": 6}, {"players": 5}],
                         ids=_name)
def test_every_action_id_round_trips(opts: dict[str, Any]) -> None:
    """Every id names one action, and that action's id is the id again."""
    game = game_for(opts)
    seen = set()
    for i in range(game.num_distinct_actions):
        text = game.action_text(i)
        assert game.action_id(text) == i
        seen.add(text)
    assert len(seen) == game.num_distinct_actions


def test_discard_ids_round_trip_with_big_kitties() -> None:
    """The 45/46-card packs discard 5/6 cards: ids still round-trip (sampled)."""
    for pack, k in (("45", 5), ("46", 6)):
        game = game_for({"pack_4p": pack})
        rng = random.Random(k)
        for _ in range(200):
            cards = rng.sample(list(game.deck), k)
            text = "discard " + " ".join(c.code for c in cards)
            i = game.action_id(text)
            assert game.action_text(i) == game.parse_action(text)
            assert FiveHundredActionIds(game).discard_base <= i < game.num_distinct_actions


def test_fast_discard_list_equals_reference() -> None:
    """5H-6.1: the numpy discard list equals the plain one (combinations in pack order)."""
    from cardlab.sim.five_hundred.rollout_core import positions_of, setup_for

    game = game_for({})
    setup = setup_for(game)
    rng = random.Random(1)
    for _ in range(50):
        hand = sum(1 << i for i in rng.sample(range(43), 13))
        assert setup.discard_ids(hand) == list(setup.ids.discard_ids(positions_of(hand)))


@pytest.mark.parametrize("text, fragment", [
    ("bid 5H", "a bid is 6 to 10 tricks"), ("bid 11NT", "a bid is 6 to 10 tricks"),
    ("bid 7H sans", "a bid is 6 to 10 tricks"), ("pass now", "takes no arguments"),
    ("play AS H", "only a joker led names a suit"), ("play JK NT", "only a joker led"),
    ("discard AS KS", "a discard here is 3 different cards"),
    ("discard AS AS KS", "a discard here is 3 different cards"),
    ("call JK", "the joker cannot be called"), ("nominate NT", "S, C, D or H, or 'none'"),
    ("dance", "unknown verb 'dance'"),
])
def test_bad_action_text_is_refused_naming_the_part(text: str, fragment: str) -> None:
    """Notation that names no action raises IllegalAction (a ValueError) saying why."""
    game = game_for({})
    with pytest.raises(cardlab.IllegalAction, match=fragment) as err:
        game.action_id(text)
    assert isinstance(err.value, ValueError) and err.value.code == "unknown_action"


@pytest.mark.parametrize("text", ["play 2Z", "discard AS KS 3S", ""])
def test_unknown_cards_and_empty_text_are_refused(text: str) -> None:
    """A bad card code or an empty action is refused by the notation parser."""
    with pytest.raises(cardlab.IllegalAction):
        game_for({}).action_id(text)


@pytest.mark.parametrize("bad", [-1, 12490, 10**9, 1.5, True, "9", None])
def test_bad_action_ids_are_refused(bad: Any) -> None:
    """An id out of range or not an int: IllegalAction ``bad_action_id``."""
    game = game_for({})
    with pytest.raises(cardlab.IllegalAction) as err:
        game.action_text(bad)
    assert err.value.code == "bad_action_id"
    roll = game.rollout(seed=1)
    with pytest.raises(cardlab.IllegalAction) as err2:
        roll.apply_id(bad)
    assert err2.value.code in ("bad_action_id", "wrong_phase")
    assert roll.history_ids == ()


def test_action_id_accepts_any_spelling() -> None:
    """``action_id`` normalises as ``parse_action`` does: case, 10/T, suit symbols, order."""
    game = game_for({})
    assert game.action_id("PLAY th") == game.action_id("play 10H")
    assert game.action_id("bid 7♥") == game.action_id("bid 7H") == 9
    assert game.action_id("discard 7H 5D 6D") == game.action_id("discard 6D 5D 7H")
    assert game.action_id(cardlab.Action("play JD")) == 60 + game.deck.index(
        game.deck.parse("JD"))


# -- mutation: refusals and clones -------------------------------------------------------------
def picture(roll: Any) -> Any:
    """Everything a rollout shows, to prove it unchanged."""
    return (roll.phase, roll.to_move, roll.history_ids, tuple(roll.legal_ids()),
            roll.hand_masks, roll.is_over, roll.points)


def test_illegal_apply_id_names_the_rule_and_changes_nothing() -> None:
    """A refused id raises the engine's own refusal (code and rule) and leaves the rollout
    exactly as it was, in every phase."""
    game = game_for({})
    rng = random.Random(5)
    checked: set[str] = set()
    for seed in range(12):
        roll = game.rollout(seed=seed, dealer=seed % 4)
        while not roll.is_over:
            legal = set(roll.legal_ids())
            bad = [i for i in rng.sample(range(149), 40) if i not in legal]
            if roll.phase == "kitty":
                bad.append(game.action_id("discard " + " ".join(
                    c.code for c in [c for c in game.deck if c not in roll.hands[
                        roll.to_move]][:3])))
            before = picture(roll)
            state = roll.to_state()
            for i in bad[:3]:
                verdict = state.explain(game.action_text(i))
                with pytest.raises(cardlab.IllegalAction) as err:
                    roll.apply_id(i)
                assert (err.value.code, err.value.rule) == (verdict.code, verdict.rule)
                assert str(game.action_text(i)) in str(err.value)
                assert picture(roll) == before
                checked.add(roll.phase)
            roll.apply_id(rng.choice(roll.legal_ids()))
        with pytest.raises(cardlab.IllegalAction) as over:
            roll.apply_id(0)
        assert over.value.code == "game_over"
    assert checked >= {"auction", "kitty", "play"}


def test_5h_7_2_left_bower_must_follow_trumps_on_the_rollout() -> None:
    """5H-7.2: spades trump, AS led; E's only spade is JC (the left bower), so the rollout
    lists only it and refuses a club with the engine's code and rule, changing nothing."""
    game = game_for({})
    hands = ["AS KS QS JS 10S 9S 8S 7S 6S 5S", "AC KC QC JC 10C 9C 8C 7C 6C 5C",
             "AD KD QD 10D 9D 8D 7D 6D 5D 4D", "AH KH QH 10H 9H 8H 7H 6H 5H 4H"]
    roll = game.rollout(hands=hands, kitty="JD JH JK", dealer=3)
    roll.apply("bid 6S")
    for _ in range(3):
        roll.apply("pass")
    roll.apply("discard 5S JD JH")
    roll.apply("play AS")
    assert roll.to_move == 1 and roll.legal_actions() == ["play JC"]
    before = picture(roll)
    with pytest.raises(cardlab.IllegalAction) as err:
        roll.apply("play 5C")
    assert (err.value.code, err.value.rule) == ("must_follow_suit", "5H-7.2")
    assert picture(roll) == before
    roll.apply("play JC")
    with pytest.raises(cardlab.IllegalAction) as err:
        roll.apply("play AS")  # S holds no AS (N played it)
    assert err.value.code == "card_not_held"


def test_clone_is_independent() -> None:
    """``clone()`` copies: applying ids to the copy leaves the original as it was, and the
    other way round; both finish like the engine."""
    for opts in ({}, {"players": 2, "two_player_form": "ghost_partners_43"}):
        game = game_for(opts)
        rng = random.Random(2)
        roll = game.rollout(seed=11, dealer=1)
        for _ in range(25):
            roll.apply_id(rng.choice(roll.legal_ids()))
        before = picture(roll)
        copy = roll.clone()
        assert picture(copy) == before
        while not copy.is_over:
            copy.apply_id(rng.choice(copy.legal_ids()))
        assert picture(roll) == before
        snap = picture(copy)
        roll.apply_id(roll.legal_ids()[-1])
        assert picture(copy) == snap
        assert copy.points == copy.to_state().result.points


def test_rollout_api_extras() -> None:
    """``legal_actions``/``apply`` in notation, ``repr``, ``contract`` and ``tricks_won``."""
    game = game_for({})
    roll = game.rollout(seed=7, dealer=3)
    assert roll.legal_actions() == game.deal(seed=7, dealer=3).legal_actions()
    assert repr(roll) == "<five_hundred FiveHundredRollout: auction, 0 actions, N to move>"
    roll.apply("bid 7H")
    assert roll.history_ids == (9,) and roll.contract is None and roll.result is None
    for _ in range(3):
        roll.apply("pass")
    assert roll.phase == "kitty" and roll.contract == "7H" and roll.tricks_won == (0,) * 4


def test_5h_4_shuffle_fast_path_and_rejection_fallback() -> None:
    """5H-4: the engine's shuffle (its draws mixed all at once) equals one ``randbelow`` at a
    time; a seed made so that a draw falls in rejection sampling's discard zone (2**64 mod n
    values at the top) takes the one-at-a-time path, and the rollout (which deals with the
    engine's shuffle) still deals exactly as ``game.deal``."""
    from cardlab.engine.rng import GOLDEN_GAMMA, MASK64, SplitMix64, shuffled

    def one_at_a_time(n: int, seed: int) -> list[int]:
        rng, out = SplitMix64(seed), list(range(n))
        for i in range(n - 1, 0, -1):
            j = rng.next_u64()
            while j >= (1 << 64) - ((1 << 64) % (i + 1)):
                j = rng.next_u64()
            out[i], out[j % (i + 1)] = out[j % (i + 1)], out[i]
        return out

    game = game_for({})
    for seed in [*range(300), 2**64 - 1, 2**63]:
        assert shuffled(range(43), seed) == one_at_a_time(43, seed)
    # the first draw is randbelow(43): outputs >= 2**64 - (2**64 % 43) are rejected
    z = MASK64 - 1
    assert z >= (1 << 64) - ((1 << 64) % 43)
    seed = (unmix(z) - GOLDEN_GAMMA) & MASK64
    assert SplitMix64(seed).next_u64() == z
    assert shuffled(range(43), seed) == one_at_a_time(43, seed)
    assert game.rollout(seed=seed, dealer=2).hands == game.deal(seed=seed, dealer=2).hands


# -- the built-in random playout ----------------------------------------------------------------
def step_driver(roll: Any, rng: Any) -> int:
    """The playout ``play_random`` promises to equal: ``choice`` over ``legal_ids()``."""
    k = 0
    while not roll.is_over:
        roll.apply_id(rng.choice(roll.legal_ids()))
        k += 1
    return k


def inner(roll: Any) -> Any:
    """Everything a rollout holds: the public picture, and every slot of the fast class."""
    out = [picture(roll), roll.tricks_won, roll.contract, roll.result]
    if isinstance(roll, FiveHundredRollout):
        out += [(name, getattr(roll, name, None)) for name in FiveHundredRollout.__slots__]
    return out


def assert_play_random_equals_driver(roll: Any, seed: int) -> Any:
    """``play_random`` on a clone of ``roll`` against the step driver on ``roll`` itself,
    both with ``SplitMix64(seed)``: the same count, actions, points, final state and
    generator state. Returns the finished clone."""
    copy = roll.clone()
    ours, theirs = SplitMix64(seed), SplitMix64(seed)
    k = copy.play_random(ours)
    assert k == step_driver(roll, theirs)
    assert copy.is_over and roll.is_over
    assert copy.history_ids == roll.history_ids
    assert copy.points == roll.points
    assert inner(copy) == inner(roll)
    assert ours.state == theirs.state  # the generators drew exactly the same
    assert ours.next_u64() == theirs.next_u64()
    return copy


@pytest.mark.parametrize("opts", OPTION_SETS, ids=_name)
def test_play_random_equals_the_step_driver(opts: dict[str, Any]) -> None:
    """``play_random(SplitMix64(s))`` plays exactly the actions of ``while not is_over:
    apply_id(rng.choice(legal_ids()))`` with ``SplitMix64(s)``, from the deal, from a
    clone part-way (mid-auction, mid-play) and from ``state.rollout()`` of an immutable
    state part-way (every player count, both presets, every option; fast path and the
    engine wrapper alike)."""
    game = game_for(opts)
    engine = isinstance(game.rollout(seed=0), EngineRollout)
    seeds = range(2) if engine else range(12)
    for seed in seeds:
        dealer = seed % game.players
        assert_play_random_equals_driver(game.rollout(seed=seed, dealer=dealer), seed)
        # part-way: a clone after some random steps (the fast path caches the legal ids)
        roll = game.rollout(seed=seed, dealer=dealer)
        walk = SplitMix64(seed + 1000)
        for _ in range(1 + walk.randbelow(34)):
            if roll.is_over:
                break
            roll.apply_id(walk.choice(roll.legal_ids()))
        roll.legal_ids()
        assert_play_random_equals_driver(roll, seed)
    state = game.deal(seed=5, dealer=1)
    walk = SplitMix64(5)
    for _ in range(20):
        if state.is_over:
            break
        state = state.apply(walk.choice(state.legal_actions()))
    assert_play_random_equals_driver(state.rollout(), 5)


def test_play_random_reaches_every_phase_and_joker_rule() -> None:
    """More seeds of the comparison above on four configurations, which between them meet
    the kitty, a partner call, the nomination, joker leads naming a suit and a misère."""
    seen: set[str] = set()
    for opts in ({}, {"players": 5}, {"joker_lead_nomination": "not_shown_void"},
                 {"joker_after_all_suits_led": "no_play_before_last_trick"}):
        game = game_for(opts)
        for seed in (*range(100, 130), 145, 151):  # 145 and 151: a misère
            roll = game.rollout(seed=seed, dealer=seed % game.players)
            done = assert_play_random_equals_driver(roll, seed)
            for a in done.to_state().history:
                verb, *rest = a.split()
                seen.add(verb)
                if verb == "play" and rest[0].startswith("JK") and len(rest) == 2:
                    seen.add("joker lead")
            if done.contract and "misere" in done.contract:
                seen.add("misere")
    assert seen >= {"bid", "pass", "discard", "call", "nominate", "play", "joker lead",
                    "misere"}, seen


def test_play_random_draws_as_choice() -> None:
    """The assumption ``play_random`` rests on: ``SplitMix64.choice(seq)`` draws as
    ``seq[rng.randbelow(len(seq))]``, leaving the generator in the same state (its outputs
    computed ahead or one at a time alike); and the pick of the ``r``-th set bit of a mask
    equals ``choice`` over that mask's ids."""
    from cardlab.sim.five_hundred.rollout_core import ids_of, pick_card

    for n in [*range(1, 130), 286, 3003, 8008]:
        for seed in range(3):
            a, b, c = SplitMix64(seed), SplitMix64(seed), SplitMix64(seed)
            x = a.choice(range(n))  # type: ignore[arg-type]
            assert x == b.randbelow(n)
            assert x == c.next_u64() % n  # no rejection at these seeds
            assert a.state == b.state == c.state
            assert a.next_u64() == b.next_u64() == c.next_u64()
    rng = SplitMix64(9)
    for _ in range(300):
        m = sum(1 << i for i in random.Random(rng.next_u64()).sample(range(63),
                                                                   1 + rng.randbelow(16)))
        seed = rng.randbelow(1 << 30)
        a, b = SplitMix64(seed), SplitMix64(seed)
        assert 60 + pick_card(m, a.randbelow) == b.choice(list(ids_of(m)))
        assert a.state == b.state


def test_play_random_with_other_generators_and_when_over() -> None:
    """A generator without ``randbelow`` (``random.Random``) gets the plain loop: still the
    driver's playout. An ended deal plays nothing."""
    game = game_for({})
    roll, copy = game.rollout(seed=3, dealer=1), game.rollout(seed=3, dealer=1)
    ours, theirs = random.Random(4), random.Random(4)
    assert copy.play_random(ours) == step_driver(roll, theirs)  # type: ignore[arg-type]
    assert inner(copy) == inner(roll)
    assert ours.random() == theirs.random()
    roll = game.rollout(seed=3, dealer=1)
    k = roll.play_random(SplitMix64(7))
    assert roll.is_over and k == len(roll.history_ids) > 0
    assert roll.points == roll.to_state().result.points
    assert roll.play_random(SplitMix64(0)) == 0


@pytest.mark.parametrize("options", [{}, {"players": 6}, {"joker_lead_nomination": "not_shown_void"}])
def test_a_rejected_draw_anywhere_gives_the_step_drivers_deal(options):
    """play_random draws inline from the outputs computed ahead and accepts an output below
    ACCEPTED_BELOW at once; an output at or above it must be finished by rejection sampling
    exactly as randbelow does. Put such an output at every draw position of a deal (the
    shuffle, auction, kitty, leads, follows, joker leads): play_random still plays the step
    driver's deal and leaves the generator where it does."""
    from cardlab.engine.rng import ACCEPTED_BELOW, GOLDEN_GAMMA, MASK64

    game = cardlab.load("five_hundred", **options)
    for z in (MASK64, ACCEPTED_BELOW):
        target = unmix(z)  # the state whose next output is z
        for seed in range(2):
            for k in range(0, 60, 2):
                a, b = SplitMix64(0), SplitMix64(0)
                a.state = b.state = (target - (k + 1) * GOLDEN_GAMMA) & MASK64  # output k is z
                r1 = game.rollout(seed=seed, dealer=seed % game.players)
                r2 = game.rollout(seed=seed, dealer=seed % game.players)
                assert r1.play_random(a) == step_driver(r2, b)
                assert r1.history_ids == r2.history_ids and inner(r1) == inner(r2)
                assert a.state == b.state and a.next_u64() == b.next_u64()


@pytest.mark.parametrize("n", [1, 2, 3, 7, 43, 255, 256, 286, 1000])
def test_choice_randbelow_and_randbelow_after_agree_on_a_rejected_output(n):
    """The three ways to draw below ``n`` take the same outputs when the first is rejected."""
    from cardlab.engine.rng import GOLDEN_GAMMA, MASK64

    start = (unmix(MASK64) - GOLDEN_GAMMA) & MASK64
    a, b, c = SplitMix64(0), SplitMix64(0), SplitMix64(0)
    a.state = b.state = c.state = start
    first = next(c.ahead())
    assert first == MASK64
    assert a.choice(list(range(n))) == b.randbelow(n) == c.randbelow_after(first, n)
    assert a.state == b.state == c.state
