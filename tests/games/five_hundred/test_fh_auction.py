"""Five Hundred auction (5H-5) and its options."""

from __future__ import annotations

import pytest
from fh_helpers import legal, load, run

import cardlab


def fresh(**options: object) -> cardlab.State:
    """A seeded deal with W dealing, so N calls first."""
    return load(**options).deal(seed=1, dealer=3)


def test_5h_5_1_dealer_left_calls_first_then_clockwise() -> None:
    """5H-5.1: the player on the dealer's left calls first, then clockwise."""
    s = fresh()
    assert s.to_move == 0
    s = s.apply("bid 6S")
    assert s.to_move == 1


def test_5h_5_4a_bid_must_stand_higher() -> None:
    """5H-5.4a: a bid must stand strictly higher on the ladder (bid_too_low)."""
    s = run(fresh(), "bid 7H")
    e = s.explain("bid 7D")
    assert not e.legal and e.code == "bid_too_low" and e.rule == "5H-5.4a"
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("bid 7H")
    assert err.value.code == "bid_too_low" and "seven hearts" in str(err.value)
    assert s.explain("bid 7NT").legal


def test_5h_5_4b_misere_needs_a_seven_level_bid() -> None:
    """5H-5.4b: misère only while the high bid is 7♠ … 7NT."""
    s = fresh()
    assert s.explain("bid misere").code == "misere_needs_seven"
    s = run(s, "bid 6H")
    assert s.explain("bid misere").code == "misere_needs_seven"
    s = run(s, "bid 7C")
    assert s.explain("bid misere").legal and "bid misere" in legal(s)
    s = run(s, "bid 8S")
    e = s.explain("bid misere")
    assert not e.legal and e.code == "bid_too_low"


def test_5h_5_3_misere_overcalls_7nt_and_8s_overcalls_misere() -> None:
    """5H-5.3: 7NT < misère < 8♠."""
    s = run(fresh(), "bid 7NT", "bid misere")
    assert s.explain("bid 8S").legal and not s.explain("bid 7NT").legal


def test_5h_5_4c_open_misere_may_open_and_ranks_between_10d_and_10h() -> None:
    """5H-5.4c: open misère is legal as the opening call; 10♦ < open misère < 10♥."""
    s = fresh()
    assert s.explain("bid open_misere").legal
    s = run(s, "bid 10D")
    assert s.explain("bid open_misere").legal
    s = run(s, "bid open_misere")
    assert s.explain("bid 10H").legal and s.explain("bid 10D").code == "bid_too_low"


def test_5h_5_4d_passing_is_final() -> None:
    """5H-5.4d: a player who passed may not call again; later rounds skip them."""
    s = run(fresh(), "bid 6S", "pass", "bid 6C", "pass")
    assert s.to_move == 0  # E and W are skipped
    s = run(s, "bid 6D")
    assert s.to_move == 2
    e = s.explain("bid 7S", seat=1)
    assert e.code == "already_passed" and e.rule == "5H-5.4d"
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("bid 7S", seat=1)
    assert err.value.code == "already_passed"


def test_5h_5_4e_no_raising_ones_own_bid() -> None:
    """5H-5.4e: the high bidder cannot raise once the others have passed (auction ends)."""
    s = run(fresh(), "bid 6S", "pass", "pass", "pass")
    assert s.phase == "kitty" and s.declarer == 0 and s.contract == "6S"


def test_option_allow_final_raise() -> None:
    """Option allow_final_raise = true: the winner may raise; same denomination ends it."""
    s = run(fresh(allow_final_raise=True), "bid 6S", "pass", "pass", "pass")
    assert s.phase == "auction" and s.to_move == 0
    assert s.explain("bid 7S").legal and s.explain("bid 6S").code == "bid_too_low"
    done = run(s, "bid 8S")
    assert done.phase == "kitty" and done.contract == "8S"
    stand = run(s, "pass")
    assert stand.phase == "kitty" and stand.contract == "6S"
    # 5H-10 V4: a change of denomination lets the others bid again
    reopened = run(s, "bid 7H")
    assert reopened.phase == "auction" and reopened.to_move == 1
    assert reopened.explain("bid 7NT").legal


def test_option_rebid_after_pass_on_denomination_change() -> None:
    """Option rebid_after_pass_on_denomination_change = true: a passer comes back once the
    denomination has changed since their pass."""
    base = ("bid 6S", "pass", "bid 6C")  # E passed over spades; S changed to clubs
    plain = run(fresh(), *base)
    assert plain.to_move == 3 and 1 not in plain.bidding.order[:0]
    plain = run(plain, "pass", "pass")  # W, N pass: auction over (E is out)
    assert plain.phase == "kitty"
    s = run(fresh(rebid_after_pass_on_denomination_change=True), *base)
    s = run(s, "pass", "pass")  # W, N pass; E may come back
    assert s.phase == "auction" and s.to_move == 1 and s.explain("bid 7S").legal


def test_5h_5_5_all_pass_thrown_in() -> None:
    """5H-5.5: if everyone passes the deal is thrown in and nobody scores."""
    s = run(fresh(), "pass", "pass", "pass", "pass")
    assert s.is_over and s.result is not None and s.result.points == {"NS": 0, "EW": 0}
    assert s.result.contract is None and s.result.made is None


def test_option_all_pass_play_no_trumps() -> None:
    """Option all_pass = play_no_trumps: the hand is played in NT, left of dealer leads,
    each side scores 10 per trick."""
    s = run(fresh(all_pass="play_no_trumps"), "pass", "pass", "pass", "pass")
    assert s.phase == "play" and s.to_move == 0 and s.contract == "NT" and s.declarer is None
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    pts = s.result.points
    assert pts["NS"] + pts["EW"] == 100


def test_5h_5_6_option_auction_american_single_round() -> None:
    """Option auction = american_single_round: each player calls exactly once."""
    s = run(fresh(auction="american_single_round"), "bid 6S", "pass", "bid 7C")
    assert s.to_move == 3
    s = run(s, "pass")
    assert s.phase == "kitty" and s.declarer == 2 and s.contract == "7C"
    aus = run(fresh(), "bid 6S", "pass", "bid 7C", "pass")
    assert aus.phase == "auction" and aus.to_move == 0


def test_5h_5_auction_legal_actions_exact() -> None:
    """5H-5.4: legal_actions lists exactly pass and the bids above the high bid, in order."""
    s = run(fresh(), "bid 9NT")
    assert legal(s) == ["pass", "bid 10S", "bid 10C", "bid 10D", "bid open_misere", "bid 10H",
                        "bid 10NT"]
    s = run(fresh(), "bid 7S")
    assert legal(s)[:7] == ["pass", "bid 7C", "bid 7D", "bid 7H", "bid 7NT", "bid misere",
                            "bid 8S"]


def test_option_misere_allowed_false() -> None:
    """Option misere_allowed = false (V1): no misère calls on the ladder."""
    s = run(fresh(misere_allowed=False), "bid 7S")
    assert s.explain("bid misere").code == "misere_not_allowed"
    assert not any("misere" in a for a in legal(s))


def test_option_misere_requires_seven_false() -> None:
    """Option misere_requires_seven = false (V2): misère may open the auction."""
    assert fresh(misere_requires_seven=False).explain("bid misere").legal
    assert not fresh().explain("bid misere").legal


def test_option_misere_rank_after_8s() -> None:
    """Option misere_rank = after_8S: misère sits between 8♠ and 8♣ (American)."""
    s = run(fresh(misere_rank="after_8S", misere_requires_seven=False), "bid 8S")
    assert s.explain("bid misere").legal
    s2 = run(fresh(), "bid 8S")
    assert s2.explain("bid misere").code == "bid_too_low"


def test_option_open_misere_allowed_false() -> None:
    """Option open_misere_allowed = false: no open misère."""
    assert fresh(open_misere_allowed=False).explain("bid open_misere").code == "misere_not_allowed"


def test_option_open_misere_requires_eight() -> None:
    """Option open_misere_requires_eight = true: open misère only after an 8-level bid."""
    s = fresh(open_misere_requires_eight=True)
    assert s.explain("bid open_misere").code == "open_misere_needs_eight"
    assert run(s, "bid 8C").explain("bid open_misere").legal


def test_option_blind_misere_allowed() -> None:
    """Option blind_misere_allowed = true (A-8): first call only; same rung as open misère."""
    assert fresh().explain("bid blind_misere").code == "misere_not_allowed"
    s = fresh(blind_misere_allowed=True)
    assert s.explain("bid blind_misere").legal
    s = run(s, "bid open_misere")
    assert s.explain("bid blind_misere").code == "bid_too_low"  # same rung: no overcall
    s2 = run(fresh(blind_misere_allowed=True), "bid 6S", "bid 6C", "bid 6D", "bid 6H")
    assert s2.explain("bid blind_misere").code == "blind_misere_first_call"


def test_option_sans_kitty_allowed() -> None:
    """Option sans_kitty_allowed = true (A-9): 'bid 8S sans_kitty' ranks as 8♠; no kitty."""
    assert fresh().explain("bid 8S sans_kitty").code == "sans_kitty_not_allowed"
    s = run(fresh(sans_kitty_allowed=True), "bid 8S sans_kitty")
    assert s.explain("bid 8S").code == "bid_too_low"
    s = run(s, "pass", "pass", "pass")
    assert s.phase == "play" and s.sans_kitty and len(s.hands[0]) == 10
    assert s.view(0)["contract"] == "8S sans_kitty"


def test_option_min_bid_tricks_7() -> None:
    """Option min_bid_tricks = 7: six-trick bids are barred."""
    s = fresh(min_bid_tricks=7)
    assert s.explain("bid 6NT").code == "bid_below_minimum"
    assert legal(s)[1] == "bid 7S"


def test_5h_5_2_notation_is_normalised() -> None:
    """DESIGN §2.2: 'bid 7h', 'BID 10nt', 'bid Misère' are read as the notation."""
    s = run(fresh(), "bid 7h")
    assert str(s.history[-1]) == "bid 7H"
    s = run(s, "BID 10nt")
    assert str(s.history[-1]) == "bid 10NT"
    assert s.explain("bid 11H").code == "bad_notation"


def test_5h_5_wrong_phase_and_turn() -> None:
    """5H-5: playing a card in the auction is refused; so is acting out of turn."""
    s = fresh()
    assert s.explain("play AS").code == "wrong_phase"
    assert s.explain("bid 6S", seat=2).code == "not_your_turn"


def test_describe_calls() -> None:
    """describe(): plain words for calls."""
    s = fresh()
    assert s.describe("bid 7H") == "N bids seven hearts"
    assert s.describe("pass") == "N passes"


def test_5h_5_4e_bid_again_after_an_intervening_bid() -> None:
    """5H-5.4e: N may bid again because E has bid since N's bid."""
    s = run(fresh(), "bid 6S", "bid 6C", "pass", "pass")
    assert s.to_move == 0 and s.explain("bid 7S").legal
    s = run(s, "bid 7S")
    assert s.to_move == 1 and s.phase == "auction"
    s = run(s, "pass")
    assert s.phase == "kitty" and s.declarer == 0 and s.contract == "7S"
