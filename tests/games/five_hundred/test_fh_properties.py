"""Five Hundred property tests: random seeded deals keep every invariant, for every player
count, both presets and several option sets (tests/support.check_playout), plus a view check
that knows Five Hundred's notation ("bid 7H" names a bid, not the seven of hearts)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import check_playout

import cardlab
from cardlab.engine.rng import SplitMix64
from cardlab.engine.view import viewed_moment, viewer

#: option sets that change the flow of a deal (presets, counts and variants)
OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"preset": "american"},
    {"players": 2},
    {"players": 2, "two_player_form": "ghost_partners_43"},
    {"players": 3},
    {"players": 5},
    {"players": 6},
    {"players": 6, "six_player_sides": "two_triples"},
    {"misere_requires_seven": False, "open_misere_expose": "before_lead",
     "stop_misere_on_first_trick_won": False, "misere_void_must_play_joker": False},
    {"all_pass": "play_no_trumps", "first_lead": "left_of_dealer", "min_bid_tricks": 7},
    {"allow_final_raise": True, "rebid_after_pass_on_denomination_change": True},
    {"blind_misere_allowed": True, "sans_kitty_allowed": True, "joker_nomination": False},
    {"joker_lead_nomination": "not_shown_void", "joker_after_all_suits_led": "none"},
    {"joker_lead_nomination": "any", "joker_after_all_suits_led": "no_play_before_last_trick",
     "joker_lead_only_last_trick": True},
    {"pack_4p": "45"},
    {"pack_4p": "46"},
    {"pack_4p": "43_spade_diamond_4s_removed", "misere_allowed": False},
]


def game_for(opts: dict[str, Any]) -> cardlab.Game:
    """Five Hundred with an option set (``preset`` allowed)."""
    opts = dict(opts)
    return cardlab.load("five_hundred", preset=opts.pop("preset", None), **opts)


class BiddingBot:
    """Random play, but with a bias toward passing so auctions end at realistic levels and
    misère, NT and trump contracts all occur."""

    def __init__(self, seed: int) -> None:
        self.rng = SplitMix64(seed)

    def choose(self, state: cardlab.State) -> str:
        legal = [str(a) for a in state.legal_actions()]
        if state.phase == "auction" and "pass" in legal and self.rng.random() < 0.6:
            return "pass"
        return legal[self.rng.randbelow(len(legal))]


def check_views(state: cardlab.State) -> None:
    """No seat's view shows a card it may not see, in any card-bearing field."""
    for seat in [None, *range(state.game.players)]:
        view = state.view(seat)
        json.dumps(view)  # JSON-able
        # the cards hidden at the moment the view shows: while a contractor nominates the
        # joker in secret (5H-6.3), a seat sees the moment after (an open misère hand
        # exposed before the lead already face up, as it would be had she no joker)
        moment = viewed_moment(state, viewer(state.game, seat))
        hidden = {str(c) for c in moment.hidden_cards(seat)}
        shown: list[str] = []
        for h in view["hands"]:
            shown += h["cards"] or []
        for e in view["extras"]:
            shown += e["cards"] or []
        shown += [p["card"] for p in view["trick"]] + view["played"]
        for action in view["legal"]:
            verb, *args = action.split()
            if verb in ("play", "discard"):
                shown += args
        text = " ".join(view["info"])
        leaked = [c for c in shown if c in hidden] + [c for c in hidden if f" {c} " in
                                                      f" {text} "]
        assert not leaked, (seat, leaked)


def play_checked(game: cardlab.Game, seed: int, views: bool = True) -> cardlab.State:
    """A biased random deal, checking views, results and trick totals at every step."""
    bot = BiddingBot(seed)
    state = game.deal(seed=seed, dealer=seed % game.players)
    while not state.is_over:
        if views:
            check_views(state)
        state = state.apply(bot.choose(state))
    check_views(state)
    r = state.result
    assert r is not None
    tricks = sum(state.tricks_won)
    first = state.states()[0]
    dealt = [c for h in first.hands for c in h] + list(first.kitty) + list(first.dead_hand)
    assert len(dealt) == len(set(dealt)) == len(game.deck)  # each card dealt once
    if r.contract is None:
        assert tricks == 0 and all(v == 0 for v in r.points.values())
    elif state.misere and tricks < 10:
        assert state.tricks_won[state.declarer] == 1  # stopped at the first trick won
    else:
        assert tricks == 10
    assert len(r.seat_points) == game.players
    assert sum(r.figures["tricks"].values()) == tricks
    assert cardlab.from_json(state.to_json()).result == r
    return state


@pytest.mark.parametrize("opts", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in
                                                                       o.items()) or "default")
def test_playout_invariants_every_option_set(opts: dict[str, Any]) -> None:
    """5H-2…5H-8: the shared checker on two random deals per option set."""
    game = game_for(opts)
    if opts.get("pack_4p") != "46":  # 8008 discards: the shared checker is quadratic there
        check_playout(game, 1, explain_every=5, hidden_check=False)
    for seed in range(3, 6):
        play_checked(game, seed)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32),
       opts=st.sampled_from(OPTION_SETS))
def test_property_biased_random_deals(seed: int, opts: dict[str, Any]) -> None:
    """5H-4…5H-8: any seed and option set: cards dealt once, legal plays only, ten tricks
    unless thrown in or a misère stopped, totals consistent, no hidden card shown."""
    play_checked(game_for(opts), seed)


def test_every_contract_kind_occurs() -> None:
    """The biased bot reaches trump, NT and misère contracts and throw-ins over 60 deals."""
    game = game_for({})
    kinds = set()
    for seed in range(60):
        s = play_checked(game, seed, views=False)
        c = s.result.contract
        kinds.add("none" if c is None else "misere" if "misere" in c else
                  "NT" if c.endswith("NT") else "trump")
    assert kinds >= {"none", "trump", "NT", "misere"}


def test_successor_sets_every_slot() -> None:
    """Immutability support: a successor state has every attribute of its parent, and the
    parent is unchanged."""
    from cardlab.games.five_hundred.state import FiveHundredState

    s = game_for({}).deal(seed=1)
    nxt = s.apply(s.legal_actions()[1])
    for name in FiveHundredState.__slots__:
        assert hasattr(nxt, name), name
    assert s.history == () and nxt.parent is s


def test_5h_6_3_an_open_misere_nominating_the_joker_shows_no_card_early() -> None:
    """5H-6.3 with A-15's "before_lead" exposure: the contractor of an open misère who holds
    the joker nominates it in secret; the others are shown the moment after (her hand face
    up), and every card any view shows is one that moment lets it see (found by the property
    test above at seed 421)."""
    opts = {"misere_requires_seven": False, "open_misere_expose": "before_lead",
            "stop_misere_on_first_trick_won": False, "misere_void_must_play_joker": False}
    game = game_for(opts)
    bot = BiddingBot(421)
    state = game.deal(seed=421, dealer=421 % game.players)
    while state.phase != "nominate":
        state = state.apply(bot.choose(state))
    assert state.contract == "open_misere" and not state.exposed
    public = state.view(None)
    assert public["hands"][state.declarer]["cards"]  # face up in the moment shown
    check_views(state)
