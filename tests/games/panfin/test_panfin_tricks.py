"""Panfin: the trick phase and its settlement (B2.10, B2.11). Four players unless said,
dealer P1 (seat 0), coppe dominant (5C turned up), play order seat 1, 2, 3, 0."""

from __future__ import annotations

from panfin_helpers import conserved, declare_all, legal, play, stacked, to_play

FOLLOW = ["AS AB 4S 5B", "5D 3S 4B 6C", "7D 2S 3B RS", "6D 2D 7S 7B"]
VOID = ["AS AB 4S 5B", "5D 3S 4B 6S", "4C 2S 3B RS", "2C AC 7S 7B"]
JOKERS = ["AS AB 4S 5B", "FS FB 3S 4B", "2C 3D 7S RS", "AC 6D 7B 2B"]


def test_b2_10_1_dealer_swaps_the_turnup():
    """B2.10.1 / F-A7: with no combination the dealer takes the turn-up and discards one."""
    s = declare_all(stacked(FOLLOW))
    assert s.phase == "swap" and s.to_move == 0
    assert legal(s) == ["swap AS", "swap 4S", "swap AB", "swap 5B", "swap 5C"]
    t = s.apply("swap 4S")
    assert sorted(c.code for c in t.hands[0]) == sorted(["AS", "AB", "5B", "5C"])
    assert t.phase == "play" and t.to_move == 1
    assert "4S" not in t.view(1)["extras"].__repr__()


def test_b4_2_dealer_turnup_at_piatti_none():
    """B4.2 dealer_turnup_at_piatti='none': the trick phase starts at once."""
    s = declare_all(stacked(FOLLOW, dealer_turnup_at_piatti="none"))
    assert s.phase == "play" and s.to_move == 1


def test_b2_10_1_folded_dealer_does_not_swap():
    """B2.10.1: only an active dealer takes the turn-up."""
    s = declare_all(stacked(FOLLOW), {0: "fold"})
    assert s.phase == "play"


def test_b2_10_2_dealers_right_leads_or_next_active():
    """B2.10.2: the dealer's right leads trick 1; if he folded, the next active player."""
    assert to_play(stacked(FOLLOW)).to_move == 1
    assert to_play(stacked(FOLLOW), {1: "fold"}).to_move == 2


def test_b2_10_3_must_follow_and_beat():
    """B2.10.3: holding the led suit you must answer with it, and beat the winner if you can."""
    s = play(to_play(stacked(FOLLOW)), "5D")
    assert legal(s) == ["play 7D"]
    e = s.explain("play RS")
    assert not e.legal and e.code == "must_follow_suit" and e.rule == "B2.10.3"


def test_b2_10_3_cannot_beat_any_card_of_the_suit():
    """B2.10.3 / F-A17: the current winner (7D) cannot be beaten: any denari will do."""
    s = play(to_play(stacked(FOLLOW)), "5D", "7D")
    assert legal(s) == ["play 6D", "play 2D"]
    assert "cannot beat" in s.explain("play 2D")


def test_b4_2_beat_reference_led_card():
    """B4.2 beat_reference='led_card': you must beat the led 5D if you can, so 6D only."""
    s = play(to_play(stacked(FOLLOW, beat_reference="led_card")), "5D", "7D")
    assert legal(s) == ["play 6D"]
    e = s.explain("play 2D")
    assert not e.legal and e.code == "must_beat"


def test_b2_10_3_respond_no_trump_while_holding_led_suit():
    """B2.10.3: holding the led suit you may not play a trump or a joker (rispondere)."""
    hands = ["AS AB 4S 5B", "5D 3S 4B 6C", "7D 2S 3B RS", "6D 2D 7S 3C"]
    s = play(to_play(stacked(hands)), "5D", "7D")
    e = s.explain("play 3C")
    assert not e.legal and e.code == "must_follow_suit"


def test_b2_10_3_void_must_trump():
    """B2.10.3 / F-A18: void in the led suit you must play a trump if you hold one."""
    s = play(to_play(stacked(VOID)), "5D")
    assert legal(s) == ["play 4C"]
    e = s.explain("play 2S")
    assert not e.legal and e.code == "must_trump"


def test_b4_2_must_trump_when_void_false():
    """B4.2 must_trump_when_void=False: void in the led suit, any card."""
    s = play(to_play(stacked(VOID, must_trump_when_void=False)), "5D")
    assert sorted(legal(s)) == sorted(["play 2S", "play RS", "play 3B", "play 4C"])


def test_f_a18_must_overtrump():
    """F-A18: void and trumping, you must beat the highest trump played if you can."""
    s = play(to_play(stacked(VOID)), "5D", "4C")
    assert legal(s) == ["play AC"]
    assert s.explain("play 2C").code == "must_overtrump"
    assert s.explain("play 7S").code == "must_trump"


def test_b4_2_must_overtrump_false():
    """B4.2 must_overtrump=False: any trump will do."""
    s = play(to_play(stacked(VOID, must_overtrump=False)), "5D", "4C")
    assert legal(s) == ["play AC", "play 2C"]


def test_b2_10_5_trump_wins_and_winner_leads():
    """B2.10.5 / F-A20: the highest trump wins the trick and its winner leads the next."""
    s = play(to_play(stacked(VOID)), "5D", "4C", "AC")
    s = play(s, "AS")
    assert s.tricks[-1].winner == 3 and s.to_move == 3 and s.piatti == (0, 0, 0, 1)
    assert s.view(None)["last_trick"]["winner"] == 3


def test_b2_10_3_both_jokers_must_lead_together():
    """B2.10.3: holding the Vecia and the Gobbo on lead you must lead both together."""
    s = to_play(stacked(JOKERS))
    assert legal(s) == ["play FS FB"]
    e = s.explain("play FS")
    assert not e.legal and e.code == "must_lead_both_jokers"


def test_b2_10_4_double_trick_answers_and_two_piatti():
    """B2.10.4 / F-A19: each other player answers with two cards, trumps while he has any;
    the leader takes 2 piatti and leads again."""
    s = play(to_play(stacked(JOKERS)), "FB FS")
    answers = legal(s)
    assert answers and all(len(a.split()) == 3 and "2C" in a for a in answers)
    assert s.explain("play 3D 7S").code == "must_trump"
    assert s.explain("play 3D").code == "wrong_card_count"
    s = play(s, "2C 3D", "AC 6D", "4S 5B")
    assert s.piatti == (0, 2, 0, 0) and s.to_move == 1 and len(s.hands[1]) == 2


def test_b4_2_both_jokers_lead_consecutive_forced():
    """B4.2 both_jokers_lead='consecutive_forced': lead the Vecia, then the Gobbo next trick."""
    s = to_play(stacked(JOKERS, both_jokers_lead="consecutive_forced"))
    assert legal(s) == ["play FS"]
    s = play(s, "FS")
    assert legal(s) == ["play 2C"]  # a trump lead: trumps must answer
    s = play(s, "2C", "AC", "4S")
    assert s.to_move == 1 and legal(s) == ["play FB"]
    assert s.explain("play 3S").code == "must_lead_gobbo"


def test_b2_10_3_gobbo_led_vecia_must_beat_it():
    """B2.10.3: on a Gobbo lead, the Vecia holder must play the Vecia (the only card above)."""
    hands = ["AS AB 4S 5B", "FB 3S 4B 6S", "FS 2C 3D 7S", "AD 6D 7B 2B"]
    s = play(to_play(stacked(hands)), "FB")
    assert legal(s) == ["play FS"]
    assert s.explain("play 2C").code == "must_beat"
    assert s.explain("play 3D").code == "must_follow_suit"


def test_b2_10_3_vecia_led_others_sacrifice_a_trump():
    """B2.10.3: the Vecia led: the others must answer with a dominant-suit card."""
    hands = ["AS AB 4S 5B", "FS 3S 4B 6S", "2C 3D 7S RS", "AD 6D 7B 2B"]
    s = play(to_play(stacked(hands)), "FS")
    assert legal(s) == ["play 2C"]


def test_b2_11_most_piatti_wins_the_pot():
    """B2.11: most piatti wins the pot (two players: 3 to 1)."""
    s = to_play(stacked(["3D 4S 5B 6S", "FS AC RC 2D"], dealer_turnup_at_piatti="none"))
    s = play(s, "FS", "4S", "AC", "5B", "RC", "6S", "2D", "3D")
    assert s.is_over and s.piatti == (1, 3)
    assert s.result.contract == "piatti" and s.result.seat_points == (-2, 2) and conserved(s)


def test_b2_11_zero_piatti_pays_the_stamp_into_the_next_pot():
    """B2.11 / F-A21: a player with no piatto pays the pot's amount into the next pot."""
    s = to_play(stacked(["3D 4S 5B 6S", "FS AC RC 2D"], dealer_turnup_at_piatti="none"))
    s = play(s, "FS", "3D", "AC", "4S", "RC", "5B", "2D", "6S")
    assert s.piatti == (0, 4) and s.result.seat_points == (-5, 2)
    assert s.pot == 3 and conserved(s)


def test_b2_11_tie_pot_stays_and_zero_still_pays():
    """B2.11: a tie for most piatti leaves the pot (piatto resta); a player with none still
    pays the stamp (three players: 2-2-0)."""
    s = to_play(stacked(["5S 7S 6S 2C", "FS AC 2D 2B", "3D 3B 4S RS"],
                        dealer_turnup_at_piatti="none"))
    s = play(s, "FS", "4S", "2C", "AC", "RS", "5S", "2D", "3D", "6S", "3B", "7S", "2B")
    assert s.is_over and s.piatti == (0, 2, 2)
    assert s.result.contract == "piatto_resta"
    assert s.result.seat_points == (-6, -1, -1) and s.pot == 8 and conserved(s)


def test_b2_11_tie_two_two_pot_stays():
    """B2.11: 2-2 between two players: the pot stays on the table."""
    s = to_play(stacked(["3D 3B 4S 6S", "FS AC 2D 2B"], dealer_turnup_at_piatti="none"))
    s = play(s, "FS", "4S", "AC", "6S", "2D", "3D", "3B", "2B")
    assert s.piatti == (2, 2) and s.pot == 3 and s.result.seat_points == (-2, -1)
