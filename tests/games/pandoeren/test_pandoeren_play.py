"""Pandoeren legal play, trick winner and exposure (A2.2, A2.8, A2.9)."""

from __future__ import annotations

from pandoeren_helpers import declare, load, play_cards, plays

from cardlab.cards import Card
from cardlab.engine.tricks import Play, trick_winner
from cardlab.games.pandoeren.rules import trick_order

CLUBS = "AC KC QC JC 10C 9C 8C 7C"
SPADES7 = "AS KS QS JS 10S 9S 8S"
#: P1: N leads clubs; E holds the jas, the 8H and the KC.
P1 = dict(N="7C 8C 9C 7D 8D 9D 10D JD", E="JH 8H KC AS KS QS JS 10S",
          S="9H QC AC 9S 8S 7S AD KD", W="AH KH QH 10H 7H JC 10C QD", kijkkaart="6H")
#: P2a: N holds every club; E trumps with the jas; S has diamonds and the 6H; W 7 hearts + 7S.
P2A = dict(N=CLUBS, E="JH " + SPADES7, S="6H AD KD QD JD 10D 9D 8D",
           W="9H AH KH QH 10H 8H 7H 7S", kijkkaart="7D")
#: P2b: as P2a but W holds only hearts, all below the jas.
P2B = dict(N=CLUBS, E="JH " + SPADES7, S="7S AD KD QD JD 10D 9D 8D",
           W="9H AH KH QH 10H 8H 7H 6H", kijkkaart="7D")
#: P3: N leads the 7H; E's only trump is the jas.
P3 = dict(N="7H 8C 9C 10C JC QC KC AC", E="JH " + SPADES7, S="7S AD KD QD JD 10D 9D 8D",
          W="9H AH KH QH 10H 8H 6H 7D", kijkkaart="7C")


def deal(spec, bid="misere", trump="H", **options):
    game = load(stop_when_decided=False, **options)
    hands = {k: v for k, v in spec.items() if k != "kijkkaart"}
    state = game.deal(hands=[hands[s] for s in "NESW"], kijkkaart=spec["kijkkaart"], dealer=3)
    return declare(state, bid, discard=spec["kijkkaart"], trump=trump)


def test_a2_8_3b_follow_suit_or_trump_and_keep_the_jas_back():
    """A2.8.3b: a player who can follow must follow suit or trump; the jas may be kept."""
    state = play_cards(deal(P1), "7C")
    assert plays(state) == ["play KC", "play JH", "play 8H"]
    e = state.explain("play AS")
    assert not e.legal and e.code == "must_follow_suit" and e.rule == "A2.8.3b"
    assert str(e) == "you must follow clubs or trump; you may keep the jas back"
    assert state.explain("play 8H").legal


def test_a2_8_5_option_trump_while_able_to_follow_false():
    """A2.8.5 trump_while_able_to_follow=False: follow suit; trump only when void (jas free)."""
    state = play_cards(deal(P1, trump_while_able_to_follow=False), "7C")
    assert plays(state) == ["play KC", "play JH"]
    e = state.explain("play 8H")
    assert e.code == "must_follow_suit" and e.rule == "A2.8.5"


def test_a2_8_3b_no_undertrump_while_able_to_discard():
    """A2.8.3b: after the trick is trumped, a lower trump is illegal while there is an
    alternative (S discards a diamond; W must discard the 7S)."""
    state = play_cards(deal(P2A), "7C", "JH")
    e = state.explain("play 6H")
    assert not e.legal and e.code == "no_undertrump"
    assert "undertrump" in str(e)
    assert "play 6H" not in plays(state)
    state = play_cards(state, "AD")
    assert plays(state) == ["play 7S"]


def test_a2_8_3b_undertrump_when_no_alternative():
    """A2.8.3b: holding only lower trumps, a player must undertrump."""
    state = play_cards(deal(P2B), "7C", "JH", "AD")
    assert sorted(plays(state)) == sorted(f"play {c}" for c in P2B["W"].split())
    assert "undertrump" in str(state.explain("play 6H"))


def test_a4_3_option_undertrump_allowed():
    """P-A12 undertrump='allowed' (Butselaar): a lower trump may be played at any time."""
    state = play_cards(deal(P2A, undertrump="allowed"), "7C", "JH")
    assert "play 6H" in plays(state)


def test_a2_8_3a_trump_lead_jas_never_forced():
    """A2.8.3a / A2.8.3: trumps led, E's only trump is the jas: she may keep it back."""
    state = play_cards(deal(P3), "7H")
    assert len(plays(state)) == 8
    assert "never forced" in str(state.explain("play JH"))


def test_a4_3_option_jas_never_forced_false():
    """P-A13 jas_never_forced=False: the jas is an ordinary trump and must follow a lead."""
    state = play_cards(deal(P3, jas_never_forced=False), "7H")
    assert plays(state) == ["play JH"]
    assert state.explain("play AS").code == "must_follow_suit"


def test_a2_8_3a_no_overtrump_duty_on_trump_lead():
    """A2.8.3a: on a trump lead any trump may be played (no duty to overtrump)."""
    state = play_cards(deal(P3), "7H", "AS", "AD")
    assert "play 6H" in plays(state)


def test_a4_3_option_overtrump_on_trump_lead_true():
    """P-A12 overtrump_on_trump_lead=True: on a trump lead a player must beat the trick."""
    state = play_cards(deal(P3, overtrump_on_trump_lead=True), "7H", "AS", "AD")
    assert "play 6H" not in plays(state)
    assert state.explain("play 6H").code == "must_overtrump"


def test_a2_8_2_no_trumps_follow_suit():
    """A2.8.2: without trumps a player must follow suit if able, else play any card."""
    state = play_cards(deal(P1, bid="solo_zwabber", trump=None), "7C")
    assert plays(state) == ["play KC"]
    assert state.explain("play JH").code == "must_follow_suit"
    assert state.explain("play JH").rule == "A2.8.2"


def test_a2_8_1_lead_any_card_and_card_not_held():
    """A2.8.1: the declarer leads trick 1 with any card; a card not held is refused."""
    state = deal(P1)
    assert state.to_move == 0 and len(plays(state)) == 8
    assert state.explain("play JH").code == "card_not_held"


def test_a2_2_trick_winner_trump_ranks():
    """A2.2: the highest trump wins: 9 beats A; Q beats 10; the led suit wins without trumps."""
    def p(*codes):
        return [Play(i, Card.parse(c)) for i, c in enumerate(codes)]

    def winner_of(plays, trump, rank_order="pandoeren"):
        return trick_winner(plays, trick_order(trump, rank_order))
    assert winner_of(p("AH", "9H", "KH", "7H"), "H") == 1
    assert winner_of(p("10H", "QH", "8H", "7H"), "H") == 1
    assert winner_of(p("10S", "QS", "AC", "7S"), "H") == 1
    assert winner_of(p("7S", "AC", "6H", "AS"), "H") == 2
    assert winner_of(p("7S", "AC", "6H", "AS"), None) == 3
    assert winner_of(p("10H", "QH", "8H", "7H"), "H", "klaverjas") == 0


def test_a2_8_play_in_p1_trumped_trick_is_won_by_higher_trump():
    """A2.2: in P1, E trumps with the 8H and S overtrumps with the 9H."""
    state = play_cards(deal(P1, bid="120", trump="H"), )  # needs a call first
    state = state.apply("call AH")
    state = play_cards(state, "7C", "8H", "9H", "JC")
    assert state.tricks[0].winner == 2


def test_a2_9_ouvert_exposes_declarer_at_trick_2():
    """A2.9 / P-A21: in Misère ouvert the declarer's hand is face up from her play to
    trick 2, not before."""
    state = play_cards(deal(P1, bid="misere_ouvert"), "7C", "KC", "AC", "JC")
    assert state.tricks[0].winner == 2 and state.to_move == 2
    state = play_cards(state, "QC", "10C")
    assert state.to_move == 0 and not state.view(1)["hands"][0]["face_up"]
    state = play_cards(state, "8C")   # N plays to trick 2
    assert state.view(1)["hands"][0]["face_up"]
    assert state.view(1)["hands"][0]["cards"] is not None


def test_a2_9_praatje_exposes_all_hands_at_the_lead():
    """A2.9: in (Stil) praatje all hands are exposed when the declarer leads to trick 1."""
    for bid, talk in (("praatje", True), ("stil_praatje", False)):
        state = deal(P1, bid=bid)
        assert state.view(1)["hands"][2]["cards"] is None
        state = play_cards(state, "7C")
        view = state.view(1)
        assert all(h["face_up"] for h in view["hands"])
        assert view["talk_allowed"] is talk
        assert state.hidden_cards(1) == [Card.parse("6H")]
