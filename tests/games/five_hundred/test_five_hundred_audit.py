"""Independent rules audit of Five Hundred against ``shared/rules/five_hundred.md``.

Every scenario goes through the public API only (``cardlab.load``, ``game.deal(hands=…)``,
``legal_actions``, ``apply``, ``explain``, ``result``, ``view``, ``trump_order``,
``game.match``). Each test names the rule it checks. The last section cross-checks the
play rules (5H-3.4, 5H-7.1-5H-7.3), the trick winners and the scoring (5H-8) against a
small reference written from the spec text, over random deals.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardlab

SEATS = ("N", "E", "S", "W")
HEARTS = "JK JH JD AH KH QH 10H 9H 8H 7H"  # ten top hearts: every trick in hearts or NT-led


def load(**options: Any) -> cardlab.Game:
    return cardlab.load("five_hundred", **options)


def deal(game: cardlab.Game, dealer: int = 3, **given: str) -> cardlab.State:
    """A stacked deal through ``game.deal(hands=…, kitty=…)``: the named parts as given, the
    rest filled from the pack in canonical order. West deals by default (5H-0.1)."""
    names = list(SEATS) if game.players == 4 else [f"P{i + 1}" for i in range(game.players)]
    parts: dict[str, list[str]] = {k: v.split() for k, v in given.items()}
    taken = {c for cards in parts.values() for c in cards}
    pool = [c.code for c in game.deck if c.code not in taken]
    kitty_size = len(game.deck) - 10 * game.players
    for name, size in [*((n, 10) for n in names), ("kitty", kitty_size)]:
        have = parts.setdefault(name, [])
        while len(have) < size:
            have.append(pool.pop(0))
    return game.deal(hands=[" ".join(parts[n]) for n in names], kitty=" ".join(parts["kitty"]),
                     dealer=dealer)


def run(state: cardlab.State, *actions: str) -> cardlab.State:
    for a in actions:
        state = state.apply(a)
    return state


def win(state: cardlab.State, call: str) -> cardlab.State:
    """The first caller bids ``call``; everyone else passes."""
    state = state.apply(f"bid {call}")
    while state.phase == "auction":
        state = state.apply("pass")
    return state


def playout(state: cardlab.State) -> cardlab.State:
    """The first legal action each time, to the end of the deal."""
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state


def acts(state: cardlab.State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def why(state: cardlab.State, action: str, seat: int | None = None) -> tuple[bool, str, str]:
    e = state.explain(action) if seat is None else state.explain(action, seat)
    return e.legal, e.code, e.rule


def refused(state: cardlab.State, action: str, code: str) -> None:
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply(action)
    assert err.value.code == code, (action, err.value.code, str(err.value))


# -- 5H-2 packs, 5H-4 deal ----------------------------------------------------------------------
def test_5h_2_four_player_pack_is_43_cards() -> None:
    """5H-2: ♥♦ A–4 (11 each), ♠♣ A–5 (10 each), one joker."""
    codes = [c.code for c in load().deck]
    assert len(codes) == 43 and len(set(codes)) == 43
    assert "JK" in codes and "4S" not in codes and "4C" not in codes
    assert "4D" in codes and "4H" in codes
    assert sum(c.endswith("H") for c in codes) == 11 and sum(c.endswith("S") for c in codes) == 10


@pytest.mark.parametrize("players,size", [(3, 33), (5, 53), (6, 63), (2, 33)])
def test_5h_2_packs_by_player_count(players: int, size: int) -> None:
    """5H-2: 33 / 53 / 63 cards; ten cards each and three in the kitty (2 players: a dead hand)."""
    game = load(players=players)
    assert len(game.deck) == size
    state = game.deal(seed=3, dealer=0)
    assert [len(h) for h in state.hands] == [10] * players
    assert len(state.kitty) == 3


def test_5h_2_six_player_pack_has_11_12_and_red_13s() -> None:
    """5H-2: 52 cards + 11 and 12 in all four suits + 13♥ 13♦ + joker."""
    codes = {c.code for c in load(players=6).deck}
    for s in "SCDH":
        assert f"11{s}" in codes and f"12{s}" in codes
    assert {"13H", "13D"} <= codes and "13S" not in codes and "13C" not in codes


def test_5h_2_three_player_pack_is_seven_up() -> None:
    """5H-2: three players, A K Q J 10 9 8 7 in each suit plus the joker."""
    codes = {c.code for c in load(players=3).deck}
    assert len(codes) == 33 and "JK" in codes and "6H" not in codes and "7S" in codes


def test_5h_4_3_deterministic_mapping_west_deals() -> None:
    """5H-4.3: with W dealing, N gets d0-2, d13-16, d30-32 … the kitty is d12, d29, d42."""
    game = load()
    d = [c.code for c in game.deck]
    rng = random.Random(5)
    rng.shuffle(d)
    state = game.deal(deck=" ".join(d), dealer=3)
    want = {0: d[0:3] + d[13:17] + d[30:33], 1: d[3:6] + d[17:21] + d[33:36],
            2: d[6:9] + d[21:25] + d[36:39], 3: d[9:12] + d[25:29] + d[39:42]}
    for seat, cards in want.items():
        assert sorted(c.code for c in state.hands[seat]) == sorted(cards)
    assert sorted(c.code for c in state.kitty) == sorted([d[12], d[29], d[42]])


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_5h_5_1_dealers_left_calls_first(dealer: int) -> None:
    """5H-4.1 / 5H-5.1: the player on the dealer's left calls first."""
    state = load().deal(seed=11, dealer=dealer)
    assert state.phase == "auction" and state.to_move == (dealer + 1) % 4


def test_5h_4_1_same_seed_same_deal() -> None:
    """DESIGN §2: same seed, same deal."""
    a, b = load().deal(seed=42, dealer=1), load().deal(seed=42, dealer=1)
    assert a.hands == b.hands and a.kitty == b.kitty


# -- 5H-3 card order -------------------------------------------------------------------------
def test_5h_3_1_trump_order_red_suit_has_13_trumps() -> None:
    """5H-3.1: JK > J♥ > J♦ > A K Q 10 … 4 (13 trumps with ♥)."""
    state = load().deal(seed=1, dealer=3)
    order = [c.code for c in state.trump_order("7H")]
    assert order == ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H", "6H", "5H",
                     "4H"]


def test_5h_3_1_trump_order_black_suit_has_12_trumps() -> None:
    """5H-3.1 / E2: JK > J♠ > J♣ > A K Q 10 … 5 (12 trumps with ♠; Q, not a second K)."""
    state = load().deal(seed=1, dealer=3)
    order = [c.code for c in state.trump_order("8S")]
    assert order == ["JK", "JS", "JC", "AS", "KS", "QS", "10S", "9S", "8S", "7S", "6S", "5S"]


def test_5h_3_2_same_colour_suit_has_no_jack() -> None:
    """5H-3.2: with ♥ trumps, diamonds run A K Q 10 … 4 (J♦ is the left bower)."""
    order = load().card_order("H")
    assert order["suits"]["D"] == ["AD", "KD", "QD", "10D", "9D", "8D", "7D", "6D", "5D", "4D"]
    assert "JC" in order["suits"]["C"] and "JS" in order["suits"]["S"]


def test_5h_3_3_no_trumps_every_suit_plain_joker_only_trump() -> None:
    """5H-3.3 / E9: in NT every jack ranks between Q and 10; the unnominated joker alone."""
    order = load().card_order("NT")
    assert order["trumps"] == ["JK"]
    assert order["suits"]["H"][:5] == ["AH", "KH", "QH", "JH", "10H"]


def test_5h_3_4_nominated_joker_is_top_of_its_suit_no_trumps() -> None:
    """5H-3.4 / 5H-6.3: a nominated joker is the highest card of its suit and no trump."""
    order = load().card_order("NT:S")
    assert order["trumps"] == [] and order["suits"]["S"][:2] == ["JK", "AS"]


# -- 5H-5 auction ----------------------------------------------------------------------------
LADDER = ["6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D", "7H", "7NT", "misere", "8S", "8C",
          "8D", "8H", "8NT", "9S", "9C", "9D", "9H", "9NT", "10S", "10C", "10D", "open_misere",
          "10H", "10NT"]
VALUES = [40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 250, 240, 260, 280, 300, 320, 340, 360,
          380, 400, 420, 440, 460, 480, 500, 500, 520]


def test_5h_5_3_ladder_ranks_and_values() -> None:
    """5H-5.3: the 27-rung ladder with misère at rung 10 and open misère at rung 24."""
    lad = load().bid_ladder()
    assert [r["call"] for r in lad] == LADDER
    assert [r["value"] for r in lad] == VALUES
    assert [r["rank"] for r in lad] == list(range(27))


def test_5h_5_3_legal_bids_listed_in_ladder_order() -> None:
    """5H-5.2/5H-5.3: the opening caller may pass or bid anything but misère (needs a 7)."""
    state = load().deal(seed=2, dealer=3)
    assert acts(state) == ["pass"] + ["bid " + c for c in LADDER if c != "misere"]


def test_5h_5_3_eight_spades_outranks_misere_despite_lower_value() -> None:
    """5H-5.3: 8♠ (240) outranks misère (250); 7NT does not."""
    state = run(load().deal(seed=2, dealer=3), "bid 7NT", "bid misere")
    assert why(state, "bid 8S")[0]
    assert why(state, "bid 7NT")[:2] == (False, "bid_too_low")


def test_5h_5_3_ten_hearts_outranks_open_misere() -> None:
    """5H-5.3 / A-6: 10♦ < open misère < 10♥ although open misère and 10♥ are both 500."""
    s = load().deal(seed=2, dealer=3)
    after_10d = s.apply("bid 10D")
    assert why(after_10d, "bid open_misere")[0]
    after_om = after_10d.apply("bid open_misere")
    assert why(after_om, "bid 10H")[0]
    assert why(after_om, "bid 10D")[:2] == (False, "bid_too_low")
    assert why(s.apply("bid 10H"), "bid open_misere")[:2] == (False, "bid_too_low")


@pytest.mark.parametrize("high", ["7S", "7C", "7D", "7H", "7NT"])
def test_5h_5_4b_misere_legal_over_any_seven(high: str) -> None:
    """5H-5.4b / A-5: misère is legal while the high bid is a 7-level bid."""
    state = load().deal(seed=2, dealer=3).apply(f"bid {high}")
    assert why(state, "bid misere") == (True, "", "5H-5.4b")
    assert "bid misere" in acts(state)


def test_5h_5_4b_misere_refused_without_a_seven() -> None:
    """5H-5.4b / A-7: not as the opening bid, not over a 6-level bid; over 8♠ it is too low."""
    s = load().deal(seed=2, dealer=3)
    assert why(s, "bid misere")[:2] == (False, "misere_needs_seven")
    assert why(s.apply("bid 6NT"), "bid misere")[:2] == (False, "misere_needs_seven")
    assert why(s.apply("bid 8S"), "bid misere")[:2] == (False, "bid_too_low")
    refused(s, "bid misere", "misere_needs_seven")


def test_5h_5_4c_open_misere_may_open_the_auction() -> None:
    """5H-5.4c / A-7: open misère is legal at any time it outranks the high bid."""
    s = load().deal(seed=2, dealer=3)
    assert why(s, "bid open_misere") == (True, "", "5H-5.4c")


def test_5h_5_4a_bid_must_be_strictly_higher() -> None:
    """5H-5.4a: the same bid or a lower one is refused with bid_too_low."""
    s = load().deal(seed=2, dealer=3).apply("bid 7H")
    assert why(s, "bid 7H") == (False, "bid_too_low", "5H-5.4a")
    assert why(s, "bid 7D")[:2] == (False, "bid_too_low")
    assert why(s, "bid 7NT")[0]


def test_5h_5_4d_passing_is_final_and_passed_players_are_skipped() -> None:
    """5H-5.4d: E passes; later rounds skip E; E's bid is refused with already_passed."""
    s = run(load().deal(seed=2, dealer=3), "bid 6S", "pass", "bid 6C", "bid 6D", "bid 6H")
    assert s.to_move == 2  # N bid 6H; E is skipped
    assert why(s, "bid 9H", seat=1) == (False, "already_passed", "5H-5.4d")
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("bid 9H", seat=1)
    assert err.value.code == "already_passed"
    assert why(s, "bid 9H", seat=3)[1] == "not_your_turn"


def test_5h_5_4e_high_bidder_cannot_raise_own_bid() -> None:
    """5H-5.4e / V4: once the others have passed, the auction ends; no own raise."""
    s = run(load().deal(seed=2, dealer=3), "bid 7H", "pass", "pass", "pass")
    assert s.phase == "kitty" and s.contract == "7H" and s.declarer == 0


def test_5h_5_4e_bidder_may_bid_again_after_an_intervening_bid() -> None:
    """5H-5.4e / A-10 / A-11: the auction goes round as often as needed."""
    s = run(load().deal(seed=2, dealer=3), "bid 6S", "bid 6C", "pass", "pass")
    assert s.phase == "auction" and s.to_move == 0
    s = run(s, "bid 7S")
    assert s.to_move == 1
    s = s.apply("pass")
    assert s.phase == "kitty" and s.contract == "7S" and s.declarer == 0 and s.to_move == 0


def test_5h_5_5_ten_no_trumps_others_must_pass() -> None:
    """A-11: no automatic end at 10NT; the others simply must pass."""
    s = load().deal(seed=2, dealer=3).apply("bid 10NT")
    assert acts(s) == ["pass"]
    s = run(s, "pass", "pass", "pass")
    assert s.contract == "10NT" and s.declarer == 0


def test_5h_5_5_all_pass_thrown_in_nobody_scores() -> None:
    """5H-5.5 / A-12: four passes throw the hand in; nobody scores."""
    s = run(load().deal(seed=2, dealer=3), "pass", "pass", "pass", "pass")
    assert s.is_over and s.phase == "done"
    assert s.result is not None and s.result.points == {"NS": 0, "EW": 0}
    assert s.result.contract is None


def test_5h_5_5_three_passes_then_a_bid_wins() -> None:
    """5H-5.5: the last caller's bid stands once the other three have passed."""
    s = run(load().deal(seed=2, dealer=3), "pass", "pass", "pass", "bid 6S")
    assert s.phase == "kitty" and s.contract == "6S" and s.declarer == 3


def test_5h_5_6_american_single_round() -> None:
    """5H-5.6: each player calls once; the highest bid wins; no second round."""
    game = load(auction="american_single_round")
    s = run(game.deal(seed=2, dealer=3), "bid 6S", "bid 7S", "pass")
    assert s.phase == "auction" and s.to_move == 3
    s = s.apply("pass")
    assert s.phase == "kitty" and s.contract == "7S" and s.declarer == 1
    s = run(game.deal(seed=2, dealer=3), "pass", "pass", "pass", "pass")
    assert s.is_over and s.result.points == {"NS": 0, "EW": 0}


def test_5h_12_american_preset() -> None:
    """5H-12: american = single round, misère without 7, misère after 8♠, win by defending."""
    o = load(preset="american").options
    assert (o.auction, o.misere_requires_seven, o.misere_rank, o.win_by_defending) == (
        "american_single_round", False, "after_8S", True)
    lad = [r["call"] for r in load(preset="american").bid_ladder()]
    assert lad[lad.index("8S") + 1] == "misere" and lad[lad.index("misere") + 1] == "8C"
    # explicit options override the preset
    assert load(preset="american", win_by_defending=False).options.win_by_defending is False


def test_5h_12_defaults() -> None:
    """5H-12: the options table's names and defaults."""
    o = load().options
    want = {"players": 4, "six_player_sides": "three_pairs", "two_player_form": "dead_hand_33",
            "auction": "australian", "misere_allowed": True, "misere_requires_seven": True,
            "misere_rank": "after_7NT", "open_misere_allowed": True,
            "open_misere_requires_eight": False, "open_misere_expose": "after_first_trick",
            "blind_misere_allowed": False, "sans_kitty_allowed": False,
            "allow_final_raise": False, "rebid_after_pass_on_denomination_change": False,
            "all_pass": "throw_in", "first_lead": "contractor", "joker_nomination": True,
            "joker_lead_nomination": "unled_suits",
            "joker_after_all_suits_led": "no_lead_before_last_trick",
            "joker_lead_only_last_trick": False, "misere_void_must_play_joker": True,
            "stop_misere_on_first_trick_won": True, "defenders_score_tricks": True,
            "defender_points_ignored_above": None, "defensive_cap": None, "slam_minimum": 250,
            "min_bid_tricks": 6, "win_by_defending": False, "target": 500,
            "loss_threshold": -500, "backwards_needs_nonnegative_opponent": False}
    for name, value in want.items():
        assert getattr(o, name) == value, name
    assert str(o.pack_4p) == "43"


def test_5h_12_unknown_option_value_raises() -> None:
    """DESIGN §2.1: an unknown option name or value raises ValueError."""
    with pytest.raises(ValueError):
        load(misere_rank="after_9S")
    with pytest.raises(ValueError):
        load(no_such_option=True)


# -- 5H-10 auction variations ---------------------------------------------------------------
def test_5h_10_v1_no_misere() -> None:
    """V1: misère and open misère leave the ladder."""
    game = load(misere_allowed=False)
    assert "misere" not in [r["call"] for r in game.bid_ladder()]
    s = game.deal(seed=2, dealer=3)
    assert not why(s, "bid open_misere")[0]
    assert not why(s.apply("bid 7S"), "bid misere")[0]


def test_5h_10_v2_misere_without_a_seven() -> None:
    """V2: misère legal whenever it outranks the high bid, even as the opening bid."""
    s = load(misere_requires_seven=False).deal(seed=2, dealer=3)
    assert why(s, "bid misere")[0]
    assert why(s.apply("bid 6H"), "bid misere")[0]
    assert not why(s.apply("bid 8S"), "bid misere")[0]


def test_5h_10_open_misere_requires_eight() -> None:
    """5H-10: open misère only after an 8-level bid."""
    s = load(open_misere_requires_eight=True).deal(seed=2, dealer=3)
    assert why(s, "bid open_misere")[:2] == (False, "open_misere_needs_eight")
    assert why(s.apply("bid 7NT"), "bid open_misere")[0] is False
    assert why(s.apply("bid 8S"), "bid open_misere")[0]


def test_5h_10_min_bid_seven() -> None:
    """5H-10: with min_bid_tricks=7 the lowest bid is 7♠."""
    game = load(min_bid_tricks=7)
    s = game.deal(seed=2, dealer=3)
    assert not why(s, "bid 6NT")[0]
    assert acts(s)[1] == "bid 7S"


def test_5h_10_v4_final_raise_same_denomination_ends() -> None:
    """V4 (allow_final_raise): the winner may raise; within the same denomination the others
    may not bid again."""
    s = run(load(allow_final_raise=True).deal(seed=2, dealer=3), "bid 7H", "pass", "pass",
            "pass")
    assert s.phase == "auction" and s.to_move == 0
    s = s.apply("bid 8H")
    assert s.phase == "kitty" and s.contract == "8H"


def test_5h_10_v4_final_raise_new_denomination_reopens() -> None:
    """V4: a raise into another denomination lets the others bid again."""
    s = run(load(allow_final_raise=True).deal(seed=2, dealer=3), "bid 7H", "pass", "pass",
            "pass", "bid 8S")
    assert s.phase == "auction" and s.to_move == 1


def test_5h_5_5_all_pass_play_no_trumps_option() -> None:
    """5H-10 all_pass=play_no_trumps: no contractor, no kitty; dealer's left leads; 10 a trick."""
    s = run(load(all_pass="play_no_trumps").deal(seed=2, dealer=3), "pass", "pass", "pass",
            "pass")
    assert s.phase == "play" and s.to_move == 0 and s.declarer is None
    f = playout(s)
    won = f.view()["tricks_won"]
    assert f.result.points == {side: 10 * won[side] for side in ("NS", "EW")}


# -- 5H-6 kitty, nomination -----------------------------------------------------------------
def test_5h_6_1_contractor_takes_kitty_and_discards_any_three() -> None:
    """5H-6.1 / A-13: 13 cards, discard exactly three, kitty cards included."""
    s = win(deal(load(), N=HEARTS, kitty="5S 6S 7S"), "7H")
    assert s.phase == "kitty" and s.to_move == 0 and len(s.hands[0]) == 13
    assert why(s, "discard 5S 6S")[1] == "discard_count"
    assert why(s, "discard 5S 6S 7H")[0]
    assert why(s, "discard 5S 6S AS")[1] == "card_not_held"
    s = s.apply("discard 5S 6S 7S")
    assert len(s.hands[0]) == 10 and s.phase == "play"


def test_5h_6_1_kitty_hidden_from_others() -> None:
    """5H-6.1: the kitty is taken without showing it; the discards are face down."""
    s = win(deal(load(), N=HEARTS, kitty="5S 6S 7S"), "7H").apply("discard 5S 6S 7S")
    for seat in (1, 2, 3):
        v = s.view(seat)
        shown = [c for h in v["hands"] if h["cards"] for c in h["cards"]]
        assert not {"5S", "6S", "7S"} & set(shown)
        assert json_free_of(v, "5S")


def json_free_of(view: dict[str, Any], code: str) -> bool:
    import json

    return f'"{code}"' not in json.dumps(view)


def test_5h_6_3_no_nomination_in_trump_contract() -> None:
    """5H-6.3: nomination exists only in NT and misère."""
    s = win(deal(load(), N=HEARTS, kitty="5S 6S 7S"), "7H").apply("discard 5S 6S 7S")
    assert s.phase == "play"


def test_5h_6_3_nomination_in_nt_when_contractor_holds_joker() -> None:
    """5H-6.3: after the discard and before the opening lead, NT contractor may nominate."""
    s = win(deal(load(), N=HEARTS, kitty="5S 6S 7S"), "7NT").apply("discard 5S 6S 7S")
    assert s.phase == "nominate" and s.to_move == 0
    assert set(acts(s)) == {"nominate S", "nominate C", "nominate D", "nominate H",
                            "nominate none"}
    s = s.apply("nominate H")
    assert s.phase == "play" and s.to_move == 0
    # J7: the nominated joker is an ordinary heart, led without naming a suit
    assert "play JK" in acts(s) and not any(a.startswith("play JK ") for a in acts(s))


def test_5h_6_3_no_nomination_when_contractor_lacks_joker() -> None:
    """5H-6.3: only the contractor, and only if it holds the joker."""
    s = win(deal(load(), E=HEARTS, N="AS KS QS JS 10S 9S 8S 7S 6S 5S", kitty="5C 6C 7C"),
            "7NT").apply("discard 5C 6C 7C")
    assert s.phase == "play"


def test_5h_6_3_joker_nomination_option_off() -> None:
    """5H-10: no advance nomination of the joker."""
    s = win(deal(load(joker_nomination=False), N=HEARTS, kitty="5S 6S 7S"), "7NT")
    assert s.apply("discard 5S 6S 7S").phase == "play"


# -- 5H-7 play ------------------------------------------------------------------------------
def test_5h_7_1_contractor_leads() -> None:
    """5H-7.1 / A-31: the contractor leads to the first trick."""
    s = run(deal(load(), S=HEARTS, kitty="5S 6S 7S"), "pass", "pass", "bid 6H", "pass")
    assert s.phase == "kitty" and s.declarer == 2
    s = s.apply("discard 5S 6S 7S")
    assert s.phase == "play" and s.to_move == 2


def test_5h_7_1_first_lead_left_of_dealer_option() -> None:
    """5H-10: first_lead=left_of_dealer."""
    s = run(deal(load(first_lead="left_of_dealer"), S=HEARTS, kitty="5S 6S 7S"), "pass",
            "pass", "bid 6H", "pass").apply("discard 5S 6S 7S")
    assert s.to_move == 0


def _trump_hand_deal(**options: Any) -> cardlab.State:
    """N declares 7H and leads; the hands are fixed for the 5H-7.2 scenarios."""
    game = load(**options)
    s = deal(game, N="AH KH QH 10H 9H AS KS QS AC AD",
             E="JD 5D 6D 7D 8D 5S 6S 7S 8S 9S",
             S="JH 4H 4D 9D 10D QD KD KC 5C 6C",
             W="JK 8H 7H 6H 5H 7C 8C 9C 10C QC",
             kitty="JS JC 10S")
    return win(s, "7H").apply("discard JS JC 10S")


def test_5h_7_2_left_bower_must_follow_trumps() -> None:
    """5H-7.2: hearts led; E's only trump is J♦ (left bower): E must play it."""
    s = _trump_hand_deal().apply("play 9H")
    assert s.to_move == 1 and acts(s) == ["play JD"]
    assert why(s, "play 5D") == (False, "must_follow_suit", "5H-7.2")


def test_5h_7_2_left_bower_does_not_follow_its_printed_suit() -> None:
    """5H-7.2: ♥ trumps, diamonds led: E holds J♦ and plain diamonds; J♦ is a heart, so E
    must follow with a plain diamond."""
    s = _trump_hand_deal().apply("play AD")
    assert s.to_move == 1
    assert set(acts(s)) == {"play 5D", "play 6D", "play 7D", "play 8D"}
    assert why(s, "play JD") == (False, "must_follow_suit", "5H-7.2")


def test_5h_7_2_no_obligation_to_trump() -> None:
    """5H-7.2: a player void in the suit led may play any card, trump or not."""
    s = run(_trump_hand_deal(), "play AS", "play 5S", "play 5C", "play 7C", "play AC")
    assert s.to_move == 1 and set(acts(s)) == {f"play {c.code}" for c in s.hands[1]}


def test_5h_7_2_left_bower_only_card_of_printed_suit_counts_as_void() -> None:
    """5H-7.2: with ♥ trumps, a player whose only diamond is J♦ is void in diamonds."""
    game = load()
    s = deal(game, N="AD KD QD 10D 9D AS KS QS AC KC", E="JD 5S 6S 7S 8S 9S 5C 6C 7C 8C",
             kitty="JS JC 10S")
    s = win(s, "7H").apply("discard JS JC 10S").apply("play AD")
    assert s.to_move == 1 and set(acts(s)) == {f"play {c.code}" for c in s.hands[1]}


def test_5h_7_1_trump_wins_and_joker_is_top_trump() -> None:
    """5H-7.1 / 5H-3.1: the highest trump wins; the joker beats the right bower."""
    s = _trump_hand_deal()
    s = run(s, "play 9H", "play JD", "play JH", "play JK")
    t = s.tricks[-1]
    assert t.winner == 3 and s.to_move == 3
    # no trump in the trick: the highest card of the suit led wins
    s = run(s, "play 10C", "play AC", "play 5S", "play 6C")
    assert s.tricks[-1].winner == 0


def test_5h_7_1_trump_beats_high_card_of_suit_led() -> None:
    """5H-7.1: a low trump beats the ace of the suit led."""
    s = _trump_hand_deal()
    s = run(s, "play AS", "play 5S", "play 4H", "play 7C")
    assert s.tricks[-1].winner == 2


def _nt_deal(contract: str = "7NT", nominate: str = "none", **options: Any) -> cardlab.State:
    """N (no joker) declares; W holds the joker; E holds hearts."""
    game = load(**options)
    s = deal(game, N="AS KS QS JS 10S AC KC QC AD KD",
             E="AH KH QH JH 10H 9H 8H 7H 6H 5H",
             S="9S 8S 7S 6S 5S JC 10C 9C 8C 7C",
             W="JK 6C 5C QD JD 10D 9D 8D 7D 6D",
             kitty="5D 4D 4H")
    s = win(s, contract).apply("discard 5D 4D 4H")
    if s.phase == "nominate":
        s = s.apply(f"nominate {nominate}")
    return s


def test_5h_7_3_j1_joker_cannot_follow_when_holding_suit() -> None:
    """J1: W holds clubs; clubs led; the unnominated joker may not be played."""
    s = run(_nt_deal(), "play AC", "play 5H", "play 7C")
    assert s.to_move == 3
    assert why(s, "play JK")[:2] == (False, "must_follow_suit")
    assert set(acts(s)) == {"play 6C", "play 5C"}


def test_5h_7_3_j1_j2_void_may_play_joker_or_discard_in_nt() -> None:
    """J1/J2: W void in spades may play the joker (it wins) or keep it and discard."""
    s = run(_nt_deal(), "play AS", "play 5H", "play 5S")
    assert s.to_move == 3
    assert set(acts(s)) == {f"play {c.code}" for c in s.hands[3]}
    won = s.apply("play JK")
    assert won.tricks[-1].winner == 3
    kept = s.apply("play 6D")
    assert kept.tricks[-1].winner == 0


def _joker_lead_deal(**options: Any) -> cardlab.State:
    """N declares 7NT, holds the joker, nominates none, and leads."""
    game = load(**options)
    s = deal(game, N="JK AS KS QS AC KC QC AD KD AH",
             E="KH QH JH 10H 9H 8H 7H 6H 5H 4H",
             S="JS 10S 9S 8S 7S 6S 5S JC 10C 9C",
             W="8C 7C 6C 5C QD JD 10D 9D 8D 7D",
             kitty="6D 5D 4D")
    return win(s, "7NT").apply("discard 6D 5D 4D").apply("nominate none")


def test_5h_7_3_j4_joker_lead_needs_a_suit() -> None:
    """J4: leading the unnominated joker names a suit; 'play JK' alone is refused."""
    s = _joker_lead_deal()
    assert {"play JK S", "play JK C", "play JK D", "play JK H"} <= set(acts(s))
    assert why(s, "play JK")[:2] == (False, "joker_needs_suit")
    s = s.apply("play JK H")
    assert s.to_move == 1 and all(a.endswith("H") for a in acts(s))  # E must follow hearts
    s = run(s, "play 4H", acts(s.apply("play 4H"))[0])
    s = s.apply(acts(s)[0])
    assert s.tricks[-1].winner == 0 and s.tricks[-1].suit == "H"


def test_5h_7_3_j4_joker_may_not_name_a_suit_already_led() -> None:
    """J4 default: only a suit not yet led; a joker lead counts as a lead of its suit."""
    s = _joker_lead_deal()
    s = run(s, "play AS", "play 4H", "play 5S", "play 5C")  # spades led; N wins
    assert s.to_move == 0
    assert "play JK S" not in acts(s)
    assert why(s, "play JK S") == (False, "suit_already_led", "5H-7.3 J4")
    assert "play JK C" in acts(s)


def test_5h_7_3_j5_joker_not_led_after_all_four_suits() -> None:
    """J5: once all four suits have been led, the joker may not be led before trick 10;
    J1 still lets a void holder play it on another lead (RECOMMENDATION)."""
    s = _joker_lead_deal()
    s = run(s, "play AS", "play 4H", "play 5S", "play 5C",
            "play AC", "play 5H", "play 9C", "play 6C",
            "play AD", "play 6H", "play 6S", "play 7D",
            "play AH", "play 7H", "play 7S", "play 8D")
    assert s.to_move == 0 and s.view()["suits_led"] == ["C", "D", "H", "S"]
    assert not any(a.startswith("play JK") for a in acts(s))
    assert why(s, "play JK H") == (False, "joker_after_all_suits_led", "5H-7.3 J5")


def test_5h_7_3_j5_last_trick_joker_names_any_suit() -> None:
    """J5: at trick 10, the holder's last card, any suit may be named."""
    s = _joker_lead_deal()
    while s.trick_no < 10 or s.to_move != 0 or s.trick.plays:
        if s.to_move == 0 and not s.trick.plays:
            non_joker = [a for a in acts(s) if not a.startswith("play JK")]
            s = s.apply(non_joker[0])
        else:
            s = s.apply(acts(s)[-1])
        if s.is_over:
            pytest.fail("N lost the lead")
    assert [c.code for c in s.hands[0]] == ["JK"]
    assert set(acts(s)) == {"play JK S", "play JK C", "play JK D", "play JK H"}


def test_5h_7_3_j6_joker_lead_only_last_trick_option() -> None:
    """J6 / V3: the unnominated joker may not be led before trick 10."""
    s = _joker_lead_deal(joker_lead_only_last_trick=True)
    assert not any(a.startswith("play JK") for a in acts(s))
    assert why(s, "play JK H")[1] == "joker_lead_only_last_trick"


def test_5h_7_3_j4_not_shown_void_option() -> None:
    """J4 option not_shown_void: a suit led before may be named if the leader never failed it."""
    s = _joker_lead_deal(joker_lead_nomination="not_shown_void")
    s = run(s, "play AS", "play 4H", "play 5S", "play 5C")
    assert "play JK S" in acts(s)


def _misere_deal(kitty: str = "9S 8D 7D", east: str = "JK AS KS QS JS 10S AD KD QD JD",
                 **options: Any) -> cardlab.State:
    """N deals; E opens 7♠, S and W pass, W… N bids misère over it; S sits out."""
    s = deal(load(**options), dealer=0, N="5S 6S 7S 8S 5C 6C 7C 4D 5D 6D", E=east,
             S="AH KH QH JH 10H 9H 8H 7H 6H 5H", W="AC KC QC JC 10C 9C 8C 4H 10D 9D",
             kitty=kitty)
    s = run(s, "bid 7S", "pass", "pass", "bid misere", "pass")  # E, S, W, N, E
    assert s.contract == "misere" and s.declarer == 0 and s.phase == "kitty"
    return s


def test_5h_6_2_misere_partner_sits_out_tricks_of_three() -> None:
    """5H-6.2 / A-14: the misère contractor takes the kitty; the partner (S) is dead."""
    s = _misere_deal()
    assert len(s.hands[0]) == 13 and s.to_move == 0
    s = s.apply("discard 9S 8D 7D")
    assert s.phase == "play" and s.to_move == 0  # 5H-7.4 the contractor leads
    s = s.apply("play 8S")
    assert s.to_move == 1
    s = s.apply("play AS")
    assert s.to_move == 3  # S is skipped
    assert why(s, "play AH", seat=2)[0] is False
    s = s.apply("play AC")
    assert len(s.tricks) == 1 and len(s.tricks[0].plays) == 3 and s.tricks[0].winner == 1
    assert [h["active"] for h in s.view(1)["hands"]] == [True, True, False, True]


def test_5h_7_4_misere_made_scores_250_defenders_nothing() -> None:
    """5H-7.4 / 5H-8.4 / A-24: N takes no trick: +250; EW score nothing for ten tricks."""
    f = playout(_misere_deal().apply("discard 9S 8D 7D"))
    assert f.tricks_won == (0, 10, 0, 0) and len(f.tricks) == 10
    assert f.result.points == {"NS": 250, "EW": 0} and f.result.made is True


def test_5h_7_3_j3_misere_defender_void_must_play_joker() -> None:
    """J3: in misère a defender void in the suit led must play the unnominated joker; it wins."""
    s = _misere_deal().apply("discard 9S 8D 7D").apply("play 5C")
    assert s.to_move == 1 and acts(s) == ["play JK"]
    assert why(s, "play AS") == (False, "must_play_joker", "5H-7.3 J3")
    s = run(s, "play JK", "play AC")
    assert s.tricks[-1].winner == 1 and s.to_move == 1


def test_5h_7_3_j3_option_off() -> None:
    """misere_void_must_play_joker=false: the void defender may keep the joker."""
    s = _misere_deal(misere_void_must_play_joker=False).apply("discard 9S 8D 7D")
    s = s.apply("play 5C")
    assert "play AS" in acts(s) and "play JK" in acts(s)


def _misere_with_joker() -> cardlab.State:
    """N's misère; N picks up the joker in the kitty and reaches the nomination."""
    s = _misere_deal(kitty="JK 8D 7D", east="9S AS KS QS JS 10S AD KD QD JD")
    s = s.apply("discard 8D 7D 6D")
    assert s.phase == "nominate" and s.to_move == 0
    return s


def test_5h_7_4_unnominated_joker_in_misere_fails_at_once() -> None:
    """5H-7.4 / A-21: the joker left unnominated wins the trick it is led to: −250, the deal
    stops at that trick (stop_misere_on_first_trick_won)."""
    s = _misere_with_joker().apply("nominate none")
    assert {"play JK S", "play JK C", "play JK D", "play JK H"} <= set(acts(s))
    s = run(s, "play JK H", "play 9S", "play 4H")
    assert s.tricks[-1].winner == 0 and s.is_over and len(s.tricks) == 1
    assert s.result.points == {"NS": -250, "EW": 0} and s.result.made is False


def test_5h_7_4_stop_option_off_plays_on_score_unchanged() -> None:
    """5H-7.4 stop_misere_on_first_trick_won=false: play goes on; the score is the same."""
    s = _misere_deal(kitty="JK 8D 7D", east="9S AS KS QS JS 10S AD KD QD JD",
                     stop_misere_on_first_trick_won=False)
    s = s.apply("discard 8D 7D 6D").apply("nominate none")
    s = run(s, "play JK H", "play 9S", "play 4H")
    assert not s.is_over
    f = playout(s)
    assert len(f.tricks) == 10 and f.result.points == {"NS": -250, "EW": 0}


def test_5h_7_3_j7_nominated_joker_may_be_discarded_in_misere() -> None:
    """J7 / A-20: the joker nominated as a spade; hearts led, N void: N may discard it and it
    wins nothing."""
    s = _misere_with_joker().apply("nominate S")
    s = run(s, "play 5C", "play AS", "play AC")
    assert s.tricks[-1].winner == 3
    s = s.apply("play 4H")
    assert "play JK" in acts(s) and "play 5S" in acts(s)
    s = run(s, "play JK", "play KS")
    assert s.tricks[-1].winner == 3 and not s.is_over and s.tricks_won[0] == 0


def test_5h_7_3_j7_joker_nominated_in_void_suit_must_follow() -> None:
    """J7: nominated as a heart it is N's only heart: hearts led, N must play it (and win)."""
    s = _misere_with_joker().apply("nominate H")
    s = run(s, "play 5C", "play AS", "play AC", "play 4H")
    assert acts(s) == ["play JK"]
    s = run(s, "play JK", "play KS")
    assert s.tricks[-1].winner == 0 and s.result.points == {"NS": -250, "EW": 0}


def _open_misere(**options: Any) -> cardlab.State:
    s = deal(load(**options), dealer=0, N="5S 6S 7S 8S 5C 6C 7C 4D 5D 6D",
             E="JK AS KS QS JS 10S AD KD QD JD", kitty="9S 8D 7D")
    s = run(s, "pass", "pass", "pass", "bid open_misere")
    assert s.contract == "open_misere" and s.declarer == 0
    return s.apply("discard 9S 8D 7D")


def test_5h_7_5_open_misere_exposed_after_first_trick() -> None:
    """5H-7.5 / A-15: the open misère hand is face up once trick 1 is complete."""
    s = _open_misere()
    assert s.view(1)["hands"][0]["cards"] is None
    s = run(s, "play 8S", "play AS")
    assert s.view(1)["hands"][0]["cards"] is None  # trick 1 not complete yet
    s = s.apply(acts(s)[0])
    v = s.view(1)
    assert v["hands"][0]["face_up"] and v["hands"][0]["cards"] == [c.code for c in s.hands[0]]
    assert v["hands"][2]["cards"] is None


def test_5h_7_5_open_misere_scores_500() -> None:
    """5H-8.1 / 5H-8.4: open misère made: +500."""
    f = playout(_open_misere())
    assert f.tricks_won[0] == 0 and f.result.points == {"NS": 500, "EW": 0}


def test_5h_7_5_open_misere_expose_before_lead_option() -> None:
    """A-15 option open_misere_expose=before_lead."""
    s = _open_misere(open_misere_expose="before_lead")
    assert s.view(1)["hands"][0]["face_up"]


# -- 5H-8 scoring ---------------------------------------------------------------------------
def _slam(call: str, **options: Any) -> cardlab.State:
    s = win(deal(load(**options), N=HEARTS, kitty="5S 6S 7S"), call)
    s = s.apply("discard 5S 6S 7S")
    if s.phase == "nominate":
        s = s.apply("nominate none")
    return playout(s)


@pytest.mark.parametrize("call,points", [("6H", 250), ("7H", 250), ("8H", 300), ("9H", 400),
                                         ("10H", 500)])
def test_5h_8_2_slam_scores_max_value_250(call: str, points: int) -> None:
    """5H-8.2 / A-23: all ten tricks score max(value, 250)."""
    f = _slam(call)
    assert f.tricks_won[0] == 10
    assert f.result.points == {"NS": points, "EW": 0} and f.result.made is True


def test_5h_8_2_slam_minimum_zero_option() -> None:
    """5H-10: slam_minimum=0: a 6♥ slam scores its value, 100."""
    assert _slam("6H", slam_minimum=0).result.points == {"NS": 100, "EW": 0}


@pytest.mark.parametrize("call,points", [("6NT", 250), ("10NT", 520)])
def test_5h_8_2_nt_slam(call: str, points: int) -> None:
    """A-23: the slam rule applies to NT: 6NT slam 250, 10NT slam 520."""
    s = deal(load(), N="JK AS KS QS JS 10S 9S 8S 7S 6S", kitty="5C 6C 7C")
    f = playout(win(s, call).apply("discard 5C 6C 7C").apply("nominate none"))
    assert f.tricks_won[0] == 10 and f.result.points == {"NS": points, "EW": 0}


EIGHT = {"N": "JK JH JD AH KH QH 10H 9H 5S 5C", "E": "AS AC 8H 7H KS QS JS KC QC JC",
         "S": "6S 6C 6D 5D 4D 7D 8D 9D 10D QD", "W": "6H 5H 4H 7S 8S 9S 10S 7C 8C 9C"}


def _eight_hands(dealer: int) -> list[str]:
    """The EIGHT hands turned so the first caller (dealer's left) holds N's cards."""
    first = (dealer + 1) % 4
    return [EIGHT[SEATS[(seat - first) % 4]] for seat in range(4)]


def _eight_trick_play(s: cardlab.State) -> cardlab.State:
    """The declarer leads its eight trumps, then 5♠; everyone else plays the last (lowest)
    legal card. The declarer's side takes exactly 8 tricks."""
    decl = s.declarer
    while not s.is_over:
        a = acts(s)
        if s.to_move == decl and not s.trick.plays:
            s = s.apply(next((x for x in a if x[5:] in EIGHT["N"].split()[:8]), a[0]))
        else:
            s = s.apply(a[-1])
    return s


def _eight_deal(call: str, game: cardlab.Game | None = None) -> cardlab.State:
    s = deal(game or load(), kitty="AD KD 10C", **EIGHT)
    return win(s, call).apply("discard AD KD 10C")


def test_5h_8_2_and_8_3_made_contract_defenders_score_too() -> None:
    """5H-8.2 / 5H-8.3 / E5 / A-22: 8♥ made with exactly 8 tricks: +300 (extra tricks earn
    nothing), and EW still score 10 per trick: +20."""
    f = _eight_trick_play(_eight_deal("8H"))
    assert f.tricks_won[0] + f.tricks_won[2] == 8
    assert f.result.points == {"NS": 300, "EW": 20} and f.result.made is True
    f = _eight_trick_play(_eight_deal("7H"))
    assert f.result.points == {"NS": 200, "EW": 20}


def test_5h_8_2_failed_contract_subtracts_value_defenders_10_a_trick() -> None:
    """5H-8.2 / 5H-8.3: 9♥ with 8 tricks: −400; EW +20."""
    f = _eight_trick_play(_eight_deal("9H"))
    assert f.result.points == {"NS": -400, "EW": 20} and f.result.made is False


def test_5h_8_3_defenders_score_nothing_option() -> None:
    """5H-10 defenders_score_tricks=false."""
    f = _eight_trick_play(_eight_deal("8H", load(defenders_score_tricks=False)))
    assert f.result.points == {"NS": 300, "EW": 0}


def test_5h_8_1_avondale_values() -> None:
    """5H-8.1 / E4: every cell of the table as a contract value."""
    lad = {r["call"]: r["value"] for r in load().bid_ladder()}
    for n in range(6, 11):
        for i, d in enumerate(("S", "C", "D", "H", "NT")):
            assert lad[f"{n}{d}"] == 40 + 20 * i + 100 * (n - 6)
    assert lad["8H"] == 300 and lad["misere"] == 250 and lad["open_misere"] == 500


# -- 5H-9 end of game (matches) --------------------------------------------------------------
def _match_deal(m: Any, call: str, **options: Any) -> dict[str, Any]:
    """One EIGHT deal in match ``m``: the first caller declares ``call`` and takes 8 tricks."""
    s = m.deal(hands=_eight_hands(m.dealer), kitty="AD KD 10C")
    s = win(s, call).apply("discard AD KD 10C")
    row: dict[str, Any] = m.record(_eight_trick_play(s))
    return row


def test_5h_9_1_win_by_making_a_contract() -> None:
    """5H-9.1: NS at 200 make 8♥ (+300) → 500: NS win."""
    m = load().match(seed=1, scores={"NS": 200, "EW": 0}, dealer=3)
    row = _match_deal(m, "8H")
    assert row["points"] == {"NS": 300, "EW": 20}
    assert m.scores == {"NS": 500, "EW": 20} and m.is_over and m.winner == "NS"


def test_5h_9_1_contractors_win_whatever_the_other_score() -> None:
    """5H-9.1: NS make their contract to 500 while EW (defending) pass 500 too: NS win."""
    m = load().match(seed=1, scores={"NS": 200, "EW": 490}, dealer=3)
    _match_deal(m, "8H")
    assert m.scores == {"NS": 500, "EW": 510} and m.is_over and m.winner == "NS"


def test_5h_9_2_no_win_by_defending() -> None:
    """5H-9.2 / A-27 / E8: EW reach 500+ only as defenders: the game goes on."""
    m = load().match(seed=1, scores={"NS": 100, "EW": 490}, dealer=3)
    _match_deal(m, "9H")
    assert m.scores == {"NS": -300, "EW": 510} and not m.is_over and m.winner is None


def test_5h_9_win_by_defending_american_option() -> None:
    """5H-9 American option (win_by_defending): points won defending can win."""
    m = load(win_by_defending=True).match(seed=1, scores={"NS": 100, "EW": 490}, dealer=3)
    _match_deal(m, "9H")
    assert m.is_over and m.winner == "EW"


def test_5h_9_3_minus_500_exactly_loses() -> None:
    """5H-9.3 / A-26 / E7: a side at exactly −500 loses; the other side wins."""
    m = load().match(seed=1, scores={"NS": -100, "EW": 0}, dealer=3)
    _match_deal(m, "9H")
    assert m.scores["NS"] == -500 and m.is_over and m.winner == "EW"


def test_5h_9_3_minus_490_plays_on() -> None:
    """5H-9.3: −490 is not yet out backwards."""
    m = load().match(seed=1, scores={"NS": -90, "EW": 0}, dealer=3)
    _match_deal(m, "9H")
    assert m.scores["NS"] == -490 and not m.is_over


@pytest.mark.parametrize("start,end", [(450, 470), (480, 490), (490, 490), (495, 495)])
def test_5h_10_v5_defensive_cap_490(start: int, end: int) -> None:
    """V5 / A-29: new = old if old ≥ cap else min(old + 10·tricks, cap); contract points are
    never capped."""
    m = load(defensive_cap=490).match(seed=1, scores={"NS": 100, "EW": start}, dealer=3)
    _match_deal(m, "9H")
    assert m.scores == {"NS": -300, "EW": end}


def test_5h_10_v5_cap_does_not_limit_contract_points() -> None:
    """V5: the contractors' own points are never capped."""
    m = load(defensive_cap=490).match(seed=1, scores={"NS": 480, "EW": 0}, dealer=3)
    _match_deal(m, "7H")
    assert m.scores["NS"] == 680 and m.winner == "NS"


def test_5h_9_american_both_reach_500_contractor_wins() -> None:
    """5H-9 American option: contractor and defender both reach 500 in one deal: the
    contractor wins."""
    m = load(win_by_defending=True).match(seed=1, scores={"NS": 200, "EW": 490}, dealer=3)
    _match_deal(m, "8H")
    assert m.scores == {"NS": 500, "EW": 510} and m.winner == "NS"


def test_5h_9_1_made_misere_counts_as_made_contract() -> None:
    """5H-9.1: a made misère (+250) taking NS to 500 wins the game."""
    m = load().match(seed=1, scores={"NS": 250, "EW": 480}, dealer=0)
    s = m.deal(hands=["5S 6S 7S 8S 5C 6C 7C 4D 5D 6D", "JK AS KS QS JS 10S AD KD QD JD",
                      "AH KH QH JH 10H 9H 8H 7H 6H 5H", "AC KC QC JC 10C 9C 8C 4H 10D 9D"],
               kitty="9S 8D 7D")
    s = run(s, "bid 7S", "pass", "pass", "bid misere", "pass", "discard 9S 8D 7D")
    m.record(playout(s))
    assert m.scores == {"NS": 500, "EW": 480} and m.winner == "NS"


def test_5h_10_defender_points_ignored_above_400_our_reading() -> None:
    """5H-10 "defenders' 10s are not counted above 400": our reading is that a defending side
    whose score is already above 400 scores no tens (at exactly 400 it still scores)."""
    for start, end in ((400, 420), (410, 410)):
        m = load(defender_points_ignored_above=400).match(seed=1,
                                                          scores={"NS": 100, "EW": start},
                                                          dealer=3)
        _match_deal(m, "9H")
        assert m.scores == {"NS": -300, "EW": end}


def test_5h_9_dealer_rotates_after_each_deal_and_throw_in() -> None:
    """5H-4.1 / 5H-5.5 / A-12: after every deal, thrown in or not, the deal passes left."""
    m = load().match(seed=1, dealer=3)
    s = run(m.deal(seed=5), "pass", "pass", "pass", "pass")
    m.record(s)
    assert m.dealer == 0 and m.scores == {"NS": 0, "EW": 0} and not m.is_over
    assert m.deal(seed=6).to_move == 1
    _match_deal(m, "8H")
    assert m.dealer == 1


# -- more options (5H-12) ------------------------------------------------------------------
def test_a8_blind_misere_shares_rung_with_open_misere() -> None:
    """A-8: blind misère (option) is worth 500, shares rung 24 with open misère, and is legal
    only as the player's first call."""
    game = load(blind_misere_allowed=True)
    lad = {r["call"]: (r["rank"], r["value"]) for r in game.bid_ladder()}
    assert lad["blind_misere"] == lad["open_misere"] == (24, 500)
    s = game.deal(seed=2, dealer=3)
    assert why(s, "bid blind_misere")[0]
    after = s.apply("bid blind_misere")
    assert why(after, "bid open_misere")[:2] == (False, "bid_too_low")
    assert why(after, "bid 10H")[0]
    again = run(s, "bid 6S", "bid 6C", "pass", "pass")
    assert why(again, "bid blind_misere")[:2] == (False, "blind_misere_first_call")
    assert why(load().deal(seed=2, dealer=3), "bid blind_misere")[0] is False


def test_a9_sans_kitty_keeps_rank_and_value_and_skips_kitty() -> None:
    """A-9: sans kitty (option) modifies a trick bid: no kitty exchange; same rank and value."""
    game = load(sans_kitty_allowed=True)
    s = game.deal(seed=2, dealer=3).apply("bid 8S sans_kitty")
    assert why(s, "bid 8S")[:2] == (False, "bid_too_low") and why(s, "bid 8C")[0]
    s = run(s, "pass", "pass", "pass")
    assert s.phase == "play" and s.contract == "8S" and len(s.hands[0]) == 10
    f = playout(s)
    ns = f.tricks_won[0] + f.tricks_won[2]
    assert f.result.points["NS"] == (240 if 8 <= ns < 10 else 250 if ns == 10 else -240)
    assert why(load().deal(seed=2, dealer=3), "bid 8S sans_kitty")[:2] == (
        False, "sans_kitty_not_allowed")


def test_5h_10_rebid_after_pass_on_denomination_change() -> None:
    """5H-10: E passed over spades; S changes to clubs; E may bid again."""
    s = run(load(rebid_after_pass_on_denomination_change=True).deal(seed=2, dealer=3),
            "bid 6S", "pass", "bid 6C", "bid 6D", "pass")
    assert s.to_move == 1 and why(s, "bid 7H")[0]
    s = run(load().deal(seed=2, dealer=3), "bid 6S", "pass", "bid 6C", "bid 6D", "pass")
    assert s.to_move == 2  # by default E stays out


def test_5h_8_3_three_players_each_defender_scores_own_tricks() -> None:
    """5H-8.3 / A-32: with three players each defender scores 10 per own trick."""
    game = load(players=3)
    s = game.deal(seed=4, dealer=2)
    s = win(s, "6S")
    f = playout(s.apply(acts(s)[0]))
    tw = f.tricks_won
    value = 40 if tw[0] >= 6 else -40
    assert f.result.points == {"P1": value if tw[0] < 10 else 250, "P2": 10 * tw[1],
                               "P3": 10 * tw[2]}


def test_5h_9_3_three_players_highest_score_wins() -> None:
    """5H-9.3: with three players, when one goes out backwards the highest score wins."""
    m = load(players=3).match(seed=1, scores={"P1": -480, "P2": 100, "P3": 300}, dealer=2)
    s = win(m.deal(seed=4), "10NT")
    s = s.apply(acts(s)[0])
    if s.phase == "nominate":
        s = s.apply("nominate none")
    m.record(playout(s))
    assert m.scores["P1"] <= -500 and m.is_over and m.winner == "P3"


def test_5h_2_spade_diamond_fours_removed_colour_four_is_trump() -> None:
    """5H-2: the 43-card pack without 4♠ 4♦: the 4 matching the trump colour is a trump."""
    game = load(pack_4p="43_spade_diamond_4s_removed")
    fours = sorted(c.code for c in game.deck if c.rank == "4")
    assert fours == ["4C", "4H"] and len(game.deck) == 43
    assert game.card_order("S")["trumps"][-1] == "4C"
    assert game.card_order("D")["trumps"][-1] == "4H"


@pytest.mark.parametrize("pack,kitty", [("45", 5), ("46", 6)])
def test_5h_2_larger_four_player_packs(pack: str, kitty: int) -> None:
    """5H-2: 45 cards (all four 4s, kitty 5); 46 cards (two jokers, black above red, kitty 6)."""
    game = load(pack_4p=pack)
    s = game.deal(seed=1, dealer=3)
    assert len(game.deck) == int(pack) and len(s.kitty) == kitty
    assert {"4S", "4C"} <= {c.code for c in game.deck}
    if pack == "46":
        assert game.card_order("S")["trumps"][:2] == ["JK1", "JK2"]


def test_design_json_round_trip_and_undo() -> None:
    """DESIGN §2: records round-trip exactly; apply returns a new state; undo."""
    s = _trump_hand_deal().apply("play 9H")
    back = cardlab.from_json(s.to_json())
    assert back.hands == s.hands and [str(a) for a in back.legal_actions()] == acts(s)
    assert s.undo().to_move == 0 and s.to_move == 1


# -- cross-check against a reference written from the spec ---------------------------------------
_SAME = {"S": "C", "C": "S", "D": "H", "H": "D"}
_PLAIN = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
_TRUMP = ["A", "K", "Q", "10", "9", "8", "7", "6", "5", "4"]


def _eff(code: str, den: str, nom: str | None) -> str | None:
    """5H-3.4 the effective suit (None: the unnominated joker in NT/misère)."""
    if code == "JK":
        return den if den != "NT" else nom
    if den != "NT" and code[:-1] == "J" and code[-1] == _SAME[den]:
        return den
    return code[-1]


def _power(code: str, den: str) -> int:
    if code == "JK":
        return 100
    if den != "NT" and code[:-1] == "J" and code[-1] in (den, _SAME[den]):
        return 99 if code[-1] == den else 98
    if den != "NT" and code[-1] == den:
        return 50 - _TRUMP.index(code[:-1])
    return 50 - _PLAIN.index(code[:-1])


def _ref_winner(plays: list[tuple[int, str]], led: str, den: str, nom: str | None) -> int:
    """5H-7.1: unnominated joker; else highest trump; else highest of the suit led."""
    for seat, c in plays:
        if _eff(c, den, nom) is None:
            return seat
    trumps = [(_power(c, den), s) for s, c in plays if den != "NT" and _eff(c, den, nom) == den]
    if trumps:
        return max(trumps)[1]
    return max((_power(c, den), s) for s, c in plays if _eff(c, den, nom) == led)[1]


def _ref_legal(hand: list[str], led: str | None, den: str, nom: str | None, misere: bool,
               suits_led: set[str], trick_no: int) -> set[str]:
    """5H-7.1-5H-7.3 (default options) the legal plays."""
    free = den == "NT" and nom is None
    if led is None:
        out: set[str] = set()
        for c in hand:
            if c == "JK" and free:
                if trick_no == 10:
                    out |= {f"play JK {s}" for s in "SCDH"}
                elif len(suits_led) < 4:
                    out |= {f"play JK {s}" for s in "SCDH" if s not in suits_led}
            else:
                out.add(f"play {c}")
        return out or {f"play JK {s}" for s in "SCDH"}
    follow = [c for c in hand if _eff(c, den, nom) == led]
    if follow:
        return {f"play {c}" for c in follow}
    if free and "JK" in hand and misere:
        return {"play JK"}
    return {f"play {c}" for c in hand}


def _ref_points(contract: str, side_tricks: int, decl_tricks: int) -> tuple[int, int]:
    """5H-8: (contractors' points, defenders' points)."""
    if contract in ("misere", "open_misere"):
        v = 250 if contract == "misere" else 500
        return (v if decl_tricks == 0 else -v), 0
    den = "NT" if contract.endswith("NT") else contract[-1]
    n = int(contract[: -len(den)])
    v = 40 + 20 * ["S", "C", "D", "H", "NT"].index(den) + 100 * (n - 6)
    if side_tricks >= n:
        return (max(v, 250) if side_tricks == 10 else v), 10 * (10 - side_tricks)
    return -v, 10 * (10 - side_tricks)


def test_reference_cross_check_random_deals() -> None:
    """5H-3.4, 5H-7.1-5H-7.3, 5H-8: at every play, the legal list equals the reference's;
    every trick winner and every deal's points equal the reference's."""
    game = load()
    seen: set[str] = set()
    for seed in range(300):
        rng = random.Random(seed)
        s = game.deal(seed=seed, dealer=seed % 4)
        while not s.is_over:
            a = acts(s)
            if s.phase == "play":
                contract = s.contract
                den = "NT" if contract in ("misere", "open_misere") or contract.endswith(
                    "NT") else contract[-1]
                nom = s.nominated if s.nominated in ("S", "C", "D", "H") else None
                led = s.trick.suit if s.trick.plays else None
                plays = [t.plays[0] for t in s.tricks] + list(s.trick.plays[:1])
                suits_led = {p.note or _eff(p.card.code, den, nom) for p in plays}
                want = _ref_legal([c.code for c in s.hands[s.to_move]], led, den, nom,
                                  contract in ("misere", "open_misere"),
                                  {x for x in suits_led if x}, s.trick_no)
                assert set(a) == want, (seed, contract, s.history)
            if s.phase == "auction":
                bids = [x for x in a if x != "pass"]
                choice = rng.choice(bids) if bids and rng.random() < 0.35 else "pass"
            else:
                choice = rng.choice(a)
            s = s.apply(choice)
        if s.declarer is None:
            continue
        contract = s.contract
        seen.add(contract if contract in ("misere", "open_misere") else contract[-1])
        den = "NT" if contract in ("misere", "open_misere") or contract.endswith(
            "NT") else contract[-1]
        nom = s.nominated if s.nominated in ("S", "C", "D", "H") else None
        won = [0, 0, 0, 0]
        for t in s.tricks:
            plays = [(p.seat, p.card.code) for p in t.plays]
            led = t.plays[0].note or _eff(plays[0][1], den, nom)
            assert led is not None
            w = _ref_winner(plays, led, den, nom)
            assert w == t.winner, (seed, plays)
            won[w] += 1
        d = s.declarer
        side = ("NS", "EW")[d % 2]
        other = ("NS", "EW")[1 - d % 2]
        cp, dp = _ref_points(contract, won[d % 2] + won[d % 2 + 2], won[d])
        assert s.result.points == {side: cp, other: dp}, (seed, contract, won)
    assert {"T", "open_misere", "misere"} <= seen and seen & {"S", "C", "D", "H"}
