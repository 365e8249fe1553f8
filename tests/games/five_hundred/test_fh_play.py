"""Five Hundred kitty, nomination and play (5H-6, 5H-7), with the joker rules J1-J7."""

from __future__ import annotations

import pytest
from fh_helpers import discard_kitty, legal, load, run, stacked, to_play, win_auction

import cardlab
from cardlab.games.five_hundred.judge import PlayContext, judge_play, legal_plays

HEARTS_N = "AH KH QH 10H 9H 8H 7H AS KS QS"
KITTY = "5D 6D 7D"


def first_legal(state: cardlab.State, n: int) -> cardlab.State:
    """Apply the first legal action n times."""
    for _ in range(n):
        state = state.apply(state.legal_actions()[0])
    return state


# -- 5H-6 kitty, discard, nomination ----------------------------------------------------------
def test_5h_6_1_contractor_takes_kitty_and_discards_three() -> None:
    """5H-6.1: the contractor takes the kitty (13 cards) and discards any three."""
    s = win_auction(stacked(load(), N=HEARTS_N, kitty=KITTY), "7H")
    assert s.phase == "kitty" and s.to_move == 0 and len(s.hands[0]) == 13
    assert s.explain("discard 5D 6D").code == "discard_count"
    assert s.explain("discard 5D 6D 7D").legal  # 5H-6.1 kitty cards may be discarded
    assert s.explain("discard AH KH QH").legal
    assert s.explain("discard 5D 6D JK").code == "card_not_held"
    assert s.explain("play AH").code == "wrong_phase"
    after = s.apply("discard 7H 5D 6D")
    assert len(after.hands[0]) == 10 and after.phase == "play"
    assert {str(c) for c in after.discards} == {"7H", "5D", "6D"}
    assert after.view(1)["extras"][0]["cards"] is None  # discards are face down
    assert after.describe("play AH") == "N plays the ace of hearts"


def test_5h_6_1_kitty_legal_actions_are_every_three_card_choice() -> None:
    """5H-6.1: any three of the 13 cards: C(13, 3) = 286 discards."""
    s = win_auction(stacked(load(), N=HEARTS_N, kitty=KITTY), "7H")
    assert len(legal(s)) == 286


def test_5h_6_3_nomination_only_in_nt_and_misere_for_the_joker_holder() -> None:
    """5H-6.3: NT with the joker → nominate phase; a trump contract or no joker → none."""
    hand = "JK AH KH QH AS KS QS AC KC QC"
    s = discard_kitty(win_auction(stacked(load(), N=hand, kitty=KITTY), "7NT"))
    assert s.phase == "nominate" and legal(s) == ["nominate S", "nominate C", "nominate D",
                                                  "nominate H", "nominate none"]
    s = discard_kitty(win_auction(stacked(load(), N=hand, kitty=KITTY), "7H"))
    assert s.phase == "play"
    s = discard_kitty(win_auction(stacked(load(), N=HEARTS_N, kitty=KITTY), "7NT"))
    assert s.phase == "play"


def test_option_joker_nomination_false() -> None:
    """Option joker_nomination = false: no nomination, even in NT with the joker."""
    hand = "JK AH KH QH AS KS QS AC KC QC"
    s = discard_kitty(win_auction(stacked(load(joker_nomination=False), N=hand, kitty=KITTY),
                                  "7NT"))
    assert s.phase == "play"


# -- 5H-7.1 / 5H-7.2 following and effective suit ----------------------------------------
def test_5h_7_2_left_bower_alone_must_follow_trump_lead() -> None:
    """5H-7.2: hearts trump, AH led; E's only heart is JD (left bower), so E must play it."""
    s = to_play(load(), "7H", N=HEARTS_N, E="JD 9C 8C 7C 6C 5C AD KD QD 10D", kitty=KITTY)
    s = s.apply("play AH")
    assert legal(s) == ["play JD"]
    e = s.explain("play 9C")
    assert not e.legal and e.code == "must_follow_suit" and e.rule == "5H-7.2"
    assert "left bower" in str(e)
    assert "left bower" in str(s.explain("play JD"))


def test_5h_7_2_left_bower_does_not_follow_its_printed_suit() -> None:
    """5H-7.2: diamonds led in a hearts contract; JD is a heart, so E must play the 9D."""
    s = to_play(load(), "7H", N="AD KH QH 10H 9H 8H 7H AS KS QS",
                E="JD 9D 8C 7C 6C 5C AC KC QC 10C", kitty=KITTY)
    s = s.apply("play AD")
    assert legal(s) == ["play 9D"]
    e = s.explain("play JD")
    assert e.code == "must_follow_suit" and e.rule == "5H-7.2" and "heart this deal" in str(e)


def test_5h_7_2_left_bower_only_printed_card_counts_as_void() -> None:
    """5H-7.2: E's only diamond is JD, the left bower: E is void in diamonds."""
    s = to_play(load(), "7H", N="AD KH QH 10H 9H 8H 7H AS KS QS",
                E="JD 9S 8C 7C 6C 5C AC KC QC 10C", kitty=KITTY)
    s = s.apply("play AD")
    assert len(legal(s)) == 10
    assert "hold no diamond" in str(s.explain("play AC"))


def test_5h_7_1_must_follow_suit_and_no_obligation_to_trump() -> None:
    """5H-7.1 / 5H-7.2: follow if able; when void any card, trumping not compulsory."""
    s = to_play(load(), "7H", N=HEARTS_N, E="9S 4H 8C 7C 6C 5C AC KC QC 10C", kitty=KITTY)
    s = s.apply("play AS")
    assert legal(s) == ["play 9S"]
    e = s.explain("play 4H")
    assert e.code == "must_follow_suit" and e.rule == "5H-7.1"
    s2 = to_play(load(), "7H", N=HEARTS_N, E="4H 9C 8C 7C 6C 5C AC KC QC 10C", kitty=KITTY)
    s2 = s2.apply("play AS")
    assert "play 9C" in legal(s2) and "play 4H" in legal(s2)


def test_5h_7_1_trick_winner_joker_then_bowers() -> None:
    """5H-7.1 / 5H-3.1: JK beats the right bower, which beats the left bower and the ace."""
    s = to_play(load(), "7H", N="AH KH QH 10H 9H 8H 7H AS KS QS", E="JD 9C 8C 7C 6C 5C AC KC "
                "QC 10C", S="JH 9S 8S 7S 6S 5S AD KD QD 10D", W="JK 4H 6H JS JC 9D 8D 4D 5H "
                "10S", kitty="5D 6D 7D")
    s = run(s, "play AH", "play JD", "play JH")
    assert s.describe("play JK") == "W plays the joker and wins the trick"
    s = s.apply("play JK")
    assert s.tricks[-1].winner == 3 and s.to_move == 3
    assert s.tricks_won == (0, 0, 0, 1)


def test_5h_7_1_contractor_leads_and_option_first_lead_left_of_dealer() -> None:
    """5H-7.1: the contractor leads; option first_lead = left_of_dealer: dealer's left does."""
    s = stacked(load(), N=HEARTS_N, kitty=KITTY)
    s = discard_kitty(run(s, "pass", "pass", "bid 6S", "pass"))
    assert s.declarer == 2 and s.to_move == 2
    s = stacked(load(first_lead="left_of_dealer"), N=HEARTS_N, kitty=KITTY)
    s = discard_kitty(run(s, "pass", "pass", "bid 6S", "pass"))
    assert s.to_move == 0


# -- 5H-7.3 the joker in NT and misère ---------------------------------------------------
NT_N = "JK AS AC AD AH KC KD KH QC QD"


def test_5h_7_3_j4_joker_lead_must_name_an_unled_suit() -> None:
    """5H-7.3 J4: leading the unnominated joker names a suit not yet led."""
    s = to_play(load(), "7NT", N=NT_N, kitty=KITTY)
    assert {"play JK S", "play JK C", "play JK D", "play JK H"} <= set(legal(s))
    e = s.explain("play JK")
    assert e.code == "joker_needs_suit" and e.rule == "5H-7.3 J4"
    s = run(s, "play AS")
    s = first_legal(s, 3)
    assert s.to_move == 0
    e = s.explain("play JK S")
    assert e.code == "suit_already_led" and e.rule == "5H-7.3 J4"
    assert s.explain("play JK C").legal
    after = s.apply("play JK H")
    assert after.trick.suit == "H" and "H" in after.suits_led
    if any(c.suit == "H" for c in after.hands[after.to_move]):
        assert all(a.endswith("H") for a in legal(after))  # the others follow the named suit


def test_5h_7_3_j5_no_joker_lead_after_all_four_suits_led() -> None:
    """5H-7.3 J5: once all four suits have been led, the joker may not be led before trick 10."""
    s = to_play(load(), "7NT", N=NT_N, kitty=KITTY)
    for lead in ("play AS", "play AC", "play AD", "play AH"):
        s = first_legal(s.apply(lead), 3)
    assert s.to_move == 0 and len(s.suits_led) == 4
    e = s.explain("play JK S")
    assert e.code == "joker_after_all_suits_led" and e.rule == "5H-7.3 J5"
    assert not any(a.startswith("play JK") for a in legal(s))


def test_option_joker_after_all_suits_led_none_with_not_shown_void() -> None:
    """Option joker_after_all_suits_led = none (with joker_lead_nomination = not_shown_void):
    the joker may still be led after all four suits."""
    g = load(joker_after_all_suits_led="none", joker_lead_nomination="not_shown_void")
    s = to_play(g, "7NT", N=NT_N, kitty=KITTY)
    for lead in ("play AS", "play AC", "play AD", "play AH"):
        s = first_legal(s.apply(lead), 3)
    assert s.explain("play JK S").legal


def test_option_joker_lead_nomination_not_shown_void_and_any() -> None:
    """Option joker_lead_nomination: not_shown_void allows a led suit; any allows every suit."""
    for opt, ok in (("not_shown_void", True), ("any", True), ("unled_suits", False)):
        s = to_play(load(joker_lead_nomination=opt), "7NT", N=NT_N, kitty=KITTY)
        s = first_legal(s.apply("play AS"), 3)
        assert s.explain("play JK S").legal is ok, opt


def test_option_joker_lead_nomination_not_shown_void_refuses_a_void_suit() -> None:
    """Option joker_lead_nomination = not_shown_void: a leader void in spades may not name them."""
    game = load(joker_lead_nomination="not_shown_void")
    rules = game.contract_rules("NT", None)
    hand = tuple(game.deck.parse_many("JK AD AH KD"))
    ctx = PlayContext(rules, game.options, game.deck, hand, None, 5, frozenset({"S", "C"}),
                      frozenset({"S"}), False)
    v = judge_play(ctx, game.deck.parse("JK"), "S")
    assert not v.legal and v.code == "shown_void" and v.rule == "5H-7.3 J4"
    assert judge_play(ctx, game.deck.parse("JK"), "C").legal  # led, but not shown void


def test_5h_7_3_j5_last_card_joker_may_name_any_suit() -> None:
    """5H-7.3 J5: at trick 10, the holder's last card, the joker may be led naming any suit."""
    game = load()
    rules = game.contract_rules("NT", None)
    ctx = PlayContext(rules, game.options, game.deck, (game.deck.parse("JK"),), None, 10,
                      frozenset("SCDH"), frozenset(), False)
    assert legal_plays(ctx) == [(game.deck.parse("JK"), s) for s in "SCDH"]


def test_5h_7_3_j1_j2_joker_follows_only_when_void_and_is_optional_in_nt() -> None:
    """5H-7.3 J1/J2: E may play the joker only when void in the suit led; not compulsory."""
    s = to_play(load(), "7NT", N="AS AC AD AH KS KC KD KH QS QC",
                E="JK 9S 8C 7C 6C 5C JD 10D 9D 8D", kitty=KITTY)
    s2 = s.apply("play AS")
    e = s2.explain("play JK")
    assert not e.legal and e.rule == "5H-7.3 J1" and legal(s2) == ["play 9S"]
    s3 = s.apply("play AH")  # E is void in hearts
    assert s3.explain("play JK").legal and "play 5C" in legal(s3)  # J2: optional
    s4 = first_legal(s3.apply("play JK"), 2)
    assert s4.tricks[-1].winner == 1  # the joker wins


def test_option_joker_after_all_suits_led_no_play_before_last_trick() -> None:
    """Option joker_after_all_suits_led = no_play_before_last_trick: after all four suits,
    a void E may not even follow with the joker."""
    e_hand = "JK KS QS JS 10S 9S 8S 7S 6S 5S"
    n_hand = "AS AC AD AH KC KD KH QC QD QH"
    for opt, allowed in (("no_lead_before_last_trick", True), ("no_play_before_last_trick",
                                                                False)):
        s = to_play(load(joker_after_all_suits_led=opt), "7NT", N=n_hand, E=e_hand, kitty=KITTY)
        for lead in ("play AS", "play AC", "play AD", "play AH"):
            s = s.apply(lead)
            s = s.apply([a for a in legal(s) if a != "play JK"][0])
            s = first_legal(s, 2)
        s = s.apply("play KC")
        assert s.explain("play JK").legal is allowed, opt
        if not allowed:
            assert s.explain("play JK").code == "joker_not_before_last_trick"


def test_option_joker_lead_only_last_trick() -> None:
    """Option joker_lead_only_last_trick = true (V3, J6): no joker lead before trick 10."""
    s = to_play(load(joker_lead_only_last_trick=True), "7NT", N=NT_N, kitty=KITTY)
    e = s.explain("play JK S")
    assert e.code == "joker_lead_only_last_trick" and e.rule == "5H-7.3 J6"


def test_5h_7_3_j7_nominated_joker_is_a_plain_top_card() -> None:
    """5H-7.3 J7: nominated as a heart, the joker is the highest heart and names no suit."""
    s = to_play(load(), "7NT", nominate="H", N=NT_N, kitty=KITTY)
    assert s.nominated == "H"
    assert "play JK" in legal(s) and s.explain("play JK H").code == "no_suit_to_name"
    s = first_legal(s.apply("play JK"), 3)
    assert s.tricks[-1].winner == 0 and s.tricks[-1].suit == "H"


# -- 5H-7.4 / 5H-7.5 misère -------------------------------------------------------------------
MIS = {"misere_requires_seven": False}
MIS_N = "4H 5H 6H 5S 6S 7S 5C 6C 7C 4D"


def test_5h_6_2_misere_partner_sits_out() -> None:
    """5H-6.2: in misère the partner takes no part; tricks have three cards."""
    s = to_play(load(**MIS), "misere", N=MIS_N, kitty="8D 9D 10D")
    v = s.view(None)
    assert [h["active"] for h in v["hands"]] == [True, True, False, True]
    s = run(s, "play 4H")
    assert s.to_move == 1
    s = first_legal(s, 1)
    assert s.to_move == 3
    assert s.explain("play AS", seat=2).code == "sitting_out"
    s = first_legal(s, 1)
    assert len(s.tricks[0].plays) == 3


def test_5h_7_3_j3_misere_void_must_play_joker_and_option() -> None:
    """5H-7.3 J3: in misère a void holder of the unnominated joker must play it;
    option misere_void_must_play_joker = false lifts that."""
    e_hand = "JK AS KS QS JS 10S 9S 8S AC KC"
    s = to_play(load(**MIS), "misere", N=MIS_N, E=e_hand, kitty="8D 9D 10D")
    s = s.apply("play 4H")
    assert legal(s) == ["play JK"]
    e = s.explain("play AS")
    assert e.code == "must_play_joker" and e.rule == "5H-7.3 J3"
    s2 = to_play(load(misere_void_must_play_joker=False, **MIS), "misere", N=MIS_N, E=e_hand,
                 kitty="8D 9D 10D")
    s2 = s2.apply("play 4H")
    assert len(legal(s2)) == 10


def test_5h_7_4_misere_fails_at_first_trick_won_and_option() -> None:
    """5H-7.4: the misère fails when the contractor wins a trick; the engine stops there
    (stop_misere_on_first_trick_won); with the option off play goes on; the score is the same."""
    n_hand = "AH 5H 6H 5S 6S 7S 5C 6C 7C 4D"
    s = to_play(load(**MIS), "misere", N=n_hand, E="4H 9S 8S 7D 6D 5D AC KC QC JC",
                W="JK KH QH JH 10H 9H 8H 7H AS KS", kitty="8D 9D 10D")
    s = run(s, "play AH", "play 4H")
    s = s.apply("play 7H")
    assert s.is_over and s.result.made is False and s.result.points == {"NS": -250, "EW": 0}
    s2 = to_play(load(stop_misere_on_first_trick_won=False, **MIS), "misere", N=n_hand,
                 E="4H 9S 8S 7D 6D 5D AC KC QC JC", W="JK KH QH JH 10H 9H 8H 7H AS KS",
                 kitty="8D 9D 10D")
    s2 = run(s2, "play AH", "play 4H", "play 7H")
    assert not s2.is_over
    while not s2.is_over:
        s2 = s2.apply(s2.legal_actions()[0])
    assert s2.result.points["NS"] == -250 and s2.result.points["EW"] == 0


def test_5h_7_3_j7_misere_nominated_joker_may_be_discarded() -> None:
    """5H-7.3 J7: in misère a nominated joker is an ordinary card: void, it may be discarded
    (J3 does not force it)."""
    n_hand = "JK 4H 5H 6H 5S 6S 7S 5C 6C 7C"
    s = to_play(load(**MIS), "misere", nominate="S", N=n_hand, kitty="8D 9D 4D")
    s = first_legal(s.apply("play 4H"), 2)  # a defender wins with a higher heart
    leader = s.to_move
    assert leader != 0
    diamonds = [str(c) for c in s.hands[leader] if c.suit == "D"]
    assert diamonds
    s = s.apply(f"play {diamonds[0]}")
    if s.to_move != 0:
        s = first_legal(s, 1)
    assert s.to_move == 0 and "play 5C" in legal(s) and "play JK" in legal(s)


def test_5h_7_5_open_misere_exposed_after_first_trick_and_option() -> None:
    """5H-7.5: open misère: the contractor's hand is face up once trick 1 is complete;
    option open_misere_expose = before_lead: from the start of play."""
    s = to_play(load(), "open_misere", N=MIS_N, kitty="8D 9D 10D")
    assert s.view(1)["hands"][0]["cards"] is None and not s.view(1)["hands"][0]["face_up"]
    s = first_legal(s, 3)
    assert not s.is_over
    if True:
        assert s.view(1)["hands"][0]["face_up"] and s.view(1)["hands"][0]["cards"]
        assert not (set(s.hands[0]) & s.hidden_cards(1))
    s2 = to_play(load(open_misere_expose="before_lead"), "open_misere", N=MIS_N,
                 kitty="8D 9D 10D")
    assert s2.view(1)["hands"][0]["face_up"] and s2.view(None)["hands"][0]["cards"]


def test_5h_7_1_ten_tricks_then_done() -> None:
    """5H-7.1: ten tricks are played, then the deal is over with a result."""
    s = to_play(load(), "6H", N=HEARTS_N, kitty=KITTY)
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    assert len(s.tricks) == 10 and sum(s.tricks_won) == 10 and s.to_move is None
    assert s.legal_actions() == [] and s.result is not None


def test_play_notation_errors() -> None:
    """DESIGN §2.2: a bad card code is refused with its own code; apply raises."""
    s = to_play(load(), "6H", N=HEARTS_N, kitty=KITTY)
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("play 2Z")
    assert err.value.code == "unknown_card"
    assert s.explain("play 4S").code in ("card_not_in_pack", "unknown_card")
    assert s.explain("play JD").code == "card_not_held"
