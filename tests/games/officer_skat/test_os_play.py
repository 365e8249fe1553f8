"""Officer Skat play: playable cards, uncovering, effective suit, following, winning (OS-5)."""

from __future__ import annotations

from officer_skat_helpers import D, F, legal, stacked, to_play

import cardlab

#: D's face-up cards with no spade and no heart, so D's choices are easy to read
D_NO_SPADES = ["KS/AC", "?/KC", "?/7C", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]


def test_os_5_1_forehand_leads_first_trick():
    """OS-5.1: the declarer (F) leads to the first trick."""
    state = to_play(stacked())
    assert state.phase == "play" and state.to_move == F


def test_os_5_1_winner_leads_next_and_16_tricks():
    """OS-5.1: the winner of a trick leads to the next; a deal has 16 tricks."""
    state = to_play(stacked(f=["7D/7H"], d=D_NO_SPADES), "H")
    state = state.apply("play 7H")
    nxt = state.apply(legal(state)[0])
    assert nxt.tricks[-1].winner == F and nxt.to_move == F
    while not nxt.is_over:
        nxt = nxt.apply(legal(nxt)[0])
    assert len(nxt.tricks) == 16


def test_os_5_2_face_down_card_not_playable():
    """OS-5.2: a face-down card cannot be played while it is face down."""
    state = to_play(stacked(f=["7D/AS"]))
    e = state.explain("play 7D")
    assert not e.legal and e.code == "card_face_down" and e.rule == "OS-5.2"


def test_os_5_2_opponents_card_refused():
    """OS-5.2: a player plays only their own cards."""
    state = to_play(stacked(d=["?/AS"]))
    e = state.explain("play AS")
    assert not e.legal and e.code == "not_your_card"


def test_os_5_3_uncovered_card_turns_after_the_trick():
    """OS-5.3: the card under a played cover stays face down for the rest of the trick, then
    turns face up and is playable from the next trick."""
    state = to_play(stacked(f=["7D/AS"], d=D_NO_SPADES), "H").apply("play AS")
    assert state.view(D)["piles"][F][0] == {"down": "hidden", "up": None, "turned": False}
    assert "7D" in [c.code for c in state.hidden_cards(D)]
    state = state.apply("play 7C")
    assert state.tricks[-1].winner == F
    assert state.view(D)["piles"][F][0] == {"down": None, "up": "7D", "turned": True}
    assert "play 7D" in legal(state)
    assert "7D" not in [c.code for c in state.hidden_cards(D)]


def test_os_5_3_face_down_card_creates_no_obligation_to_follow():
    """OS-5.3 / OS-5.5: D's only spade is face down (KS under AC), so D need not follow."""
    state = to_play(stacked(f=["?/AS"], d=D_NO_SPADES), "H").apply("play AS")
    assert sorted(legal(state)) == sorted(
        f"play {c}" for c in ("AC", "KC", "7C", "8D", "9D", "QC", "9C", "10D"))


def test_os_5_4_led_jack_asks_for_trumps_in_a_suit_game():
    """OS-5.4: hearts trump, J♠ led: the follower must play a trump (a heart or jack),
    not a spade."""
    d = ["?/AH", "?/AS", "?/7C", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]
    state = to_play(stacked(f=["?/JS"], d=d), "H").apply("play JS")
    assert legal(state) == ["play AH"]
    e = state.explain("play AS")
    assert not e.legal and e.code == "must_follow_suit" and e.rule == "OS-5.4/OS-5.5"


def test_os_5_4_led_jack_in_grand_asks_for_jacks_only():
    """OS-5.4: in Grand only the jacks are trumps: J♠ led, the follower must play J♦."""
    d = ["?/AH", "?/AS", "?/JD", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]
    state = to_play(stacked(f=["?/JS"], d=d), "grand").apply("play JS")
    assert legal(state) == ["play JD"]


def test_os_5_4_jacks_are_ordinary_in_null():
    """OS-5.4: in Null J♠ is a spade: the follower must play a spade, and J♥ is a heart."""
    d = ["?/AH", "?/7S", "?/JH", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]
    state = to_play(stacked(f=["?/JS"], d=d), "null").apply("play JS")
    assert legal(state) == ["play 7S"]


def test_os_5_5_no_obligation_to_trump():
    """OS-5.5: void in the led suit, the follower may discard or trump."""
    d = ["?/7H", "?/7C", "?/KC", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]
    state = to_play(stacked(f=["?/AS"], d=d), "H").apply("play AS")
    assert "play 7H" in legal(state) and "play 7C" in legal(state)


def test_os_5_6_trump_beats_the_led_ace():
    """OS-5.6: the higher trump wins: 7♥ (trump) beats A♠."""
    d = ["?/7H", "?/7C", "?/KC", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]
    state = to_play(stacked(f=["?/AS"], d=d), "H").apply("play AS").apply("play 7H")
    assert state.tricks[-1].winner == D and state.to_move == D


def test_os_5_6_null_order_jack_above_ten():
    """OS-5.6: in Null A K Q J 10 9 8 7: J♠ beats 10♠."""
    d = ["?/JS", "?/7C", "?/KC", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]
    state = to_play(stacked(f=["?/10S"], d=d), "null").apply("play 10S").apply("play JS")
    assert state.tricks[-1].winner == D


def test_os_5_6_ten_above_king_in_grand():
    """OS-5.6: plain suits run A 10 K Q 9 8 7: 10♠ beats K♠ in Grand."""
    d = ["?/KS", "?/7C", "?/KC", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]
    state = to_play(stacked(f=["?/10S"], d=d), "grand").apply("play 10S").apply("play KS")
    assert state.tricks[-1].winner == F


def test_os_5_6_discard_never_wins():
    """OS-5.6: a card of another suit (no trump) never wins: A♣ does not beat 7♠."""
    state = to_play(stacked(f=["?/7S"], d=D_NO_SPADES), "H").apply("play 7S").apply("play AC")
    assert state.tricks[-1].winner == F


def test_os_4_trump_order_suit_game():
    """OS-4: hearts: J♣ J♠ J♥ J♦ A 10 K Q 9 8 7 of hearts (11 trumps)."""
    state = to_play(stacked(), "H")
    assert [c.code for c in state.trump_order()] == [
        "JC", "JS", "JH", "JD", "AH", "10H", "KH", "QH", "9H", "8H", "7H"]
    assert [c.code for c in state.trump_order("grand")] == ["JC", "JS", "JH", "JD"]
    assert state.trump_order("null") == []


def test_os_5_7_face_up_cards_public_face_down_hidden_from_everyone():
    """OS-5.7 / OS-2.3 / B-24: every face-up card is public; face-down cards are hidden
    from both players, the owner included."""
    state = to_play(stacked(f=["7D/AS"]))
    for seat in (None, F, D):
        v = state.view(seat)
        assert v["piles"][F][0] == {"down": "hidden", "up": "AS", "turned": False}
        assert "7D" not in str(v)
    assert "7D" in [c.code for c in state.hidden_cards(F)]


def test_os_5_2_explain_names_rule_in_message():
    """OS-5.2: the refusal message names the rule and lists the legal actions."""
    state = to_play(stacked(f=["7D/AS"]))
    try:
        state.apply("play 7D")
    except cardlab.IllegalAction as err:
        assert "OS-5.2" in str(err) and "Legal now" in str(err)
    else:  # pragma: no cover
        raise AssertionError("face-down card was played")


def test_b_24_explain_does_not_reveal_face_down_cards():
    """B-24 / OS-5.2: naming any face-down card, one's own or the opponent's, gets the same
    refusal, so explain reveals neither where a hidden card lies nor whose it is."""
    state = to_play(stacked(f=["7D/AS"], d=["8D/AC"]))
    mine, theirs = state.explain("play 7D"), state.explain("play 8D")
    assert mine.code == theirs.code == "card_face_down"
    # the same words but the card's name (the card the question named, in words)
    assert str(mine).replace("seven of diamonds", "") == str(theirs).replace(
        "eight of diamonds", "")
