"""Independent audit of Pandoeren against ``shared/rules/pandoeren.md``, through the public API.

Every scenario is a stacked deal (``hands=``, ``kijkkaart=``) with dealer W, so forehand is N
as in the spec's notation (§0.3); each test names the rule it checks.
"""

from __future__ import annotations

import itertools
import random

import pytest

import cardlab
from cardlab.cards import Card

SEATS = "NESW"

#: D1: a number contract N takes every trick in. N: five top trumps + AC KC; E holds the AS
#: (the called partner) and two small trumps; S the K-Q-J of spades (a 3-run); W a 5-run of
#: diamonds (A-high) and the 10H.
D1 = dict(N="JH 9H AH KH 7H AC KC 7D", E="AS 10S 8S 7S QH 8H 10C 8D",
          S="KS QS JS 9S QC JC 9C 9D", W="AD KD QD JD 10D 10H 8C 7C", kijkkaart="6H")
#: D1's eight tricks, N leading each (every card is forced or a legal choice).
D1_TRICKS = (("JH", "8H", "9D", "10H"), ("9H", "QH", "9S", "7C"), ("AH", "7S", "9C", "8C"),
             ("AC", "10C", "JC", "10D"), ("KC", "8S", "QC", "JD"), ("7H", "10S", "JS", "QD"),
             ("KH", "AS", "QS", "KD"), ("6H", "8D", "KS", "AD"))

#: D2: N holds the A-K-Q of clubs (a 3-run, 20 roem) and five top trumps and takes all 8
#: tricks in hearts; S holds a K-high 3-run in spades (lower); W a 5-run in diamonds (higher).
D2 = dict(N="JH 9H AH KH 7H AC KC QC", E="AS 10S 8S 7S QH 8H 10C 8D",
          S="KS QS JS 9S JC 9C 9D 7D", W="AD KD QD JD 10D 10H 8C 7C", kijkkaart="6H")

#: P: a play-rule deal. N leads spades; E can follow and trump; S can follow, holds the jas
#: and trumps below E's 9H; W is void in spades with low trumps and diamonds.
P = dict(N="AS KS QS AC KC AD KD QD", E="JS 9H 8H 7H 10C 9C 8C 7C",
         S="10S 9S 8S JH AH KH QC JC", W="QH 10H 6H JD 10D 9D 8D 7D", kijkkaart="7S")


def game(**options):
    return cardlab.load("pandoeren", **options)


def deal(spec, dealer=3, **options):
    return game(**options).deal(hands=[spec[s] for s in SEATS], kijkkaart=spec["kijkkaart"],
                                dealer=dealer)


def win_auction(state, bid):
    """Forehand (N with dealer W) bids; the others pass."""
    state = state.apply(f"bid {bid}")
    while state.phase == "auction":
        state = state.apply("pass")
    return state


def setup(spec, bid, discard, trump=None, call=None, **options):
    state = win_auction(deal(spec, **options), bid).apply(f"discard {discard}")
    if trump is not None:
        state = state.apply(f"trump {trump}")
    if call is not None:
        state = state.apply(f"call {call}")
    assert state.phase == "play"
    return state


def play(state, *cards):
    for c in cards:
        state = state.apply(f"play {c}")
    return state


def play_tricks(state, tricks):
    for t in tricks:
        state = play(state, *t)
    return state


def legal_plays(state):
    return sorted(str(a)[5:] for a in state.legal_actions() if str(a).startswith("play "))


def first_legal_playout(state):
    while not state.is_over:
        state = state.apply([a for a in state.legal_actions() if str(a).startswith("play ")][0])
    return state


# -- A2.1 / A2.2 / A2.3: deck, ranks, points ---------------------------------------------
def test_a2_1_deck_33_cards_hearts_has_nine():
    """A2.1: 7-A in four suits plus the 6H; hearts has 9 cards, the others 8."""
    deck = list(game().deck)
    assert len(deck) == 33 and len(set(deck)) == 33
    assert Card.parse("6H") in deck
    assert sum(c.suit == "H" for c in deck) == 9
    assert all(sum(c.suit == s for c in deck) == 8 for s in "SCD")
    assert not any(c.rank == "6" and c.suit != "H" for c in deck)


def test_a2_2_trump_order_and_plain_order_ten_below_queen():
    """A2.2: trumps J 9 A K Q 10 8 7 6; plain A K Q J 10 9 8 7 (6); in no trumps all plain."""
    order = [c.code for c in deal(D1).trump_order("H")]
    assert order[:9] == ["JH", "9H", "AH", "KH", "QH", "10H", "8H", "7H", "6H"]
    assert order[9:17] == ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"]
    nt = [c.code for c in deal(D1).trump_order("none")]
    assert [c for c in nt if c.endswith("H")] == ["AH", "KH", "QH", "JH", "10H", "9H", "8H",
                                                  "7H", "6H"]


def test_a2_2_ten_loses_to_queen_in_a_plain_suit_and_in_trumps():
    """A2.2: the 10 ranks below the Q (plain and trumps); a trump beats the led suit."""
    # trick 1 of P: N leads the AS; E trumps 9H; S follows 10S; W discards: E wins
    s = setup(P, "120", discard="7S", trump="H", call="AH")
    s = play(s, "AS", "9H", "10S", "7D")
    assert s.tricks[0].winner == 1
    # E leads clubs: N's KC beats; then in trumps QH beats 10H
    s = play(s, "10C", "QC", "8D", "KC")
    assert s.tricks[1].winner == 0
    hands = dict(N="AS KS QS 9S AD KD QD JD", E="10S JS 8S 7S 10C 9C 8C 7C",
                 S="QC AC 10D 9D 8D 7D 6H 7H", W="KC JC JH 9H AH KH QH 10H", kijkkaart="8H")
    s = setup(hands, "misere", discard="8H", trump="C", stop_when_decided=False)
    s = play(s, "QS", "10S", "7D", "10H")  # plain: the QS beats the 10S
    assert s.tricks[0].winner == 0
    s = play(s, "JD", "10C")  # E trumps with the 10C
    assert legal_plays(s) == ["10D", "8D", "9D", "AC", "QC"]  # QC beats 10C in trumps
    s = play(s, "QC", "9H")
    assert s.tricks[1].winner == 2


def test_a2_3_card_points_total_146_and_discard_counts_for_nobody():
    """A2.3 / P-A18: all eight tricks hold 146 with a 0-point discard; 146 - value(discard)
    otherwise (the AC discarded: 135)."""
    s = first_legal_playout(setup(D1, "120", discard="6H", trump="H", call="AS",
                                  stop_when_decided=False))
    assert sum(s.result.figures["card_points"].values()) == 146
    s = first_legal_playout(setup(D1, "120", discard="AC", trump="H", call="AS",
                                  stop_when_decided=False))
    assert sum(s.result.figures["card_points"].values()) == 146 - 11


def test_a2_3_worked_deal_card_points_per_trick():
    """A2.3 / A2.10.1: D1 trick by trick: 30+16+11+32+6+13+19+(14+5) = 146 for N's team."""
    s = setup(D1, "140", discard="7D", trump="H", call="AS")
    expected = [30, 16, 11, 32, 6, 13, 19, 19]
    for i, t in enumerate(D1_TRICKS):
        s = play(s, *t)
        assert s.tricks[i].winner == 0
        assert s.result is None or i == 7
    assert s.result.figures["card_points"] == {"N": 146, "E": 0, "S": 0, "W": 0}
    assert sum(expected) == 146
    # A2.11: 146 >= 140: declarer and partner (E, the AS) +1 each; defenders unchanged
    assert s.result.made and s.result.points == {"N": 1, "E": 1, "S": 0, "W": 0}


def test_a2_11_number_contract_failed_both_partners_lose():
    """A2.11: 146 < 150 (no roem, no stuk): declarer and partner -2 each, defenders 0."""
    s = play_tricks(setup(D1, "150", discard="7D", trump="H", call="AS"), D1_TRICKS)
    assert not s.result.made
    assert s.result.points == {"N": -2, "E": -2, "S": 0, "W": 0}


# -- A2.4 deal ----------------------------------------------------------------------------
@pytest.mark.parametrize("dealer", [3, 1])
def test_a2_4_deal_4_1_4_clockwise_from_forehand(dealer):
    """A2.4: 4 each from forehand, then 1 face up (the kijkkaart), then 4 more each."""
    g = game()
    pack = [c.code for c in g.deck]
    s = g.deal(deck=" ".join(pack), dealer=dealer)
    forehand = (dealer + 1) % 4
    for i in range(4):
        seat = (forehand + i) % 4
        want = pack[4 * i:4 * i + 4] + pack[17 + 4 * i:17 + 4 * i + 4]
        assert sorted(c.code for c in s.hands[seat]) == sorted(want)
    assert s.kijkkaart.code == pack[16]
    assert s.to_move == forehand


# -- A2.5 auction -------------------------------------------------------------------------
def test_a2_5_auction_ends_when_three_others_passed():
    """A2.5: forehand bids and the three others pass: the auction is over; pass is final
    (already_passed); a late bidder after three passes wins at once."""
    s = deal(D1).apply("bid 120").apply("pass")
    assert s.to_move == 2
    with pytest.raises(cardlab.IllegalAction) as exc:
        s.apply("bid 130", seat=1)
    assert exc.value.code == "already_passed"
    s = s.apply("bid 130").apply("pass").apply("pass")
    assert s.phase == "exchange" and s.declarer == 2
    late = deal(D1).apply("pass").apply("pass").apply("pass").apply("bid 120")
    assert late.phase == "exchange" and late.declarer == 3


def test_a2_5_all_four_pass_annulled_and_next_dealer():
    """A2.5 / P-A3: all pass: nobody scores; the next dealer (clockwise) deals."""
    s = deal(D1)
    for _ in range(4):
        s = s.apply("pass")
    assert s.is_over and s.result.points == {"N": 0, "E": 0, "S": 0, "W": 0}
    m = game().match(seed=5, dealer=3)
    first = m.deal(hands=[D1[x] for x in SEATS], kijkkaart="6H")
    assert first.dealer == 3
    for _ in range(4):
        first = first.apply("pass")
    m.record(first)
    assert m.deal().dealer == 0
    m2 = game(all_pass="same_dealer").match(seed=5, dealer=3)
    st = m2.deal()
    for _ in range(4):
        st = st.apply("pass")
    m2.record(st)
    assert m2.deal().dealer == 3


def test_p_a4_option_pass_not_final_three_consecutive_passes():
    """P-A4 pass_is_final=False: a passed player may bid again; three passes in a row end."""
    s = deal(D1, pass_is_final=False).apply("pass").apply("bid 120").apply("pass")
    s = s.apply("pass")
    assert s.phase == "auction" and s.to_move == 0
    s = s.apply("bid 130").apply("pass").apply("pass").apply("pass")
    assert s.phase == "exchange" and s.declarer == 0


def test_a2_5_a4_2_ladder_ranks_and_game_points():
    """A4.2: the 21 ranks in order, game points as in the table; 200+ between Piccolo ouvert
    and Misère ouvert; Pandoer+n steps of 20 between Pandoer and Praatje."""
    ladder = [(r["call"], r["value"]) for r in game().bid_ladder()]
    calls = [c for c, _ in ladder]
    want_named = ["piccolo", "misere", "kereltje", "zwabber", "solo_zwabber", "piccolo_ouvert",
                  "misere_ouvert", "stil_praatje", "pandoer", "praatje", "prive"]
    assert [c for c in calls if not c[0].isdigit() and "+" not in c] == want_named
    pts = dict(ladder)
    assert [pts[c] for c in want_named] == [3, 3, 2, 2, 5, 6, 6, 9, 5, 9, 10]
    assert [pts[str(n)] for n in (120, 130, 140, 150, 160, 170, 190, 200, 250)] == \
        [1, 1, 1, 2, 2, 3, 3, 4, 4]
    assert pts["pandoer+20"] == pts["pandoer+200"] == 5
    i = calls.index
    assert i("140") < i("piccolo") < i("misere") < i("150") < i("160") < i("kereltje") \
        < i("zwabber") < i("170") < i("190") < i("solo_zwabber") < i("piccolo_ouvert") \
        < i("200") < i("300") < i("misere_ouvert") < i("stil_praatje") < i("pandoer") \
        < i("pandoer+20") < i("pandoer+40") < i("pandoer+200") < i("praatje") < i("prive")


def test_a2_5_higher_means_further_down_the_list():
    """A2.5: any later row outranks; number bids rise by 10; refusals bid_too_low."""
    s = deal(D1).apply("bid misere")
    assert s.explain("bid 150").legal
    e = s.explain("bid 140")
    assert not e.legal and e.code == "bid_too_low"
    s = deal(D1).apply("bid 200")
    assert s.explain("bid piccolo_ouvert").code == "bid_too_low"
    assert s.explain("bid misere_ouvert").legal and s.explain("bid 210").legal
    assert deal(D1).apply("bid 190").explain("bid solo_zwabber").legal
    assert deal(D1).apply("bid pandoer+20").explain("bid pandoer").code == "bid_too_low"
    assert not deal(D1).explain("bid 125").legal
    assert not deal(D1).explain("bid pandoer+30").legal


def test_p_a5_option_lowest_number_bid_130():
    """P-A5 lowest_number_bid=130: no bid 120."""
    s = deal(D1, lowest_number_bid=130)
    legal = [str(a) for a in s.legal_actions()]
    assert "bid 120" not in legal and legal[1] == "bid 130"


# -- A2.7 exchange, trump, call -----------------------------------------------------------
def test_a2_7_1_exchange_kijkkaart_may_be_discarded_and_is_hidden():
    """A2.7.1: the declarer holds 9 cards, may discard the kijkkaart itself; the discard is
    hidden from the others, and the kijkkaart is no longer shown after the pick-up."""
    s = win_auction(deal(D1), "120")
    assert len(s.hands[0]) == 9 and Card.parse("6H") in s.hands[0]
    assert s.explain("discard 6H").legal
    v = deal(D1).view(1)
    assert any(x["label"] == "kijkkaart" and x["cards"] == ["6H"] for x in v["extras"])
    s = s.apply("discard 6H")
    assert len(s.hands[0]) == 8 and s.phase == "trump"
    for seat in (1, 2, 3, None):
        extras = s.view(seat)["extras"]
        assert not any(x["label"] == "kijkkaart" for x in extras)
        assert all(x["cards"] is None for x in extras if x["label"] == "discard")


def test_a2_7_3_call_rules():
    """A2.7.3: call an ace not held nor discarded, the trump ace allowed (P-A7); own ace
    refused (called_card_held, P-A8)."""
    s = win_auction(deal(D1), "120").apply("discard 7D").apply("trump H")
    assert s.phase == "call"
    calls = sorted(str(a) for a in s.legal_actions())
    assert calls == ["call AD", "call AS"]  # N holds AH (trump ace) and AC
    assert s.explain("call AC").code == "called_card_held"
    s = win_auction(deal(D1), "120").apply("discard AC").apply("trump S")
    assert "call AC" not in [str(a) for a in s.legal_actions()]  # discarded
    assert "call AS" in [str(a) for a in s.legal_actions()]  # the trump ace


def test_p_a8_all_aces_held_or_discarded_call_a_king():
    """P-A8: 3 aces held + the 4th discarded: a king is called instead (not her own)."""
    spec = dict(N="AS AC AD 7S 8S 9S 10S JS", E="KS QS KC QC JC 10C 9C 8C",
                S="JH 9H KH QH 10H 8H 7H 6H", W="7C KD QD JD 10D 9D 8D 7D", kijkkaart="AH")
    s = win_auction(deal(spec), "120").apply("discard AH").apply("trump S")
    assert sorted(str(a) for a in s.legal_actions()) == ["call KC", "call KD", "call KH",
                                                         "call KS"]
    assert s.explain("call AD").code == "called_card_held"
    assert s.explain("call AH").code == "called_card_held"  # the discarded ace


def test_a2_7_3_partner_public_when_declarer_wins_a_trick():
    """A2.7.3: the partnership becomes public when the declarer wins a trick (or the called
    card is played); until then only the partner knows."""
    s = setup(D1, "120", discard="7D", trump="H", call="AS")
    assert s.view(2)["partner"] is None and s.view(1)["partner"] == 1
    s = play(s, "JH", "8H", "9D")
    assert s.view(2)["partner"] is None
    s = play(s, "10H")
    assert s.tricks[0].winner == 0
    assert s.view(2)["partner"] == 1 and s.view(None)["partner"] == 1


def test_a2_7_4_kereltje_partner_is_jas_holder():
    """A2.7.4 / P-A9: Kereltje: no call; the jas holder is the partner; a suit whose jack the
    declarer holds is refused (kereltje_own_jas)."""
    s = win_auction(deal(D1), "kereltje").apply("discard 7D")
    assert s.explain("trump H").code == "kereltje_own_jas"
    s = s.apply("trump S")
    assert s.phase == "play" and s.partner == 2  # S holds the JS


def test_a2_7_2_no_trump_no_call_in_solo_zwabber_and_call_in_zwabber():
    """A2.7.2: no trump phase in Zwabber / Solo-zwabber; Zwabber calls an ace, Solo-zwabber
    does not."""
    s = win_auction(deal(D1), "zwabber").apply("discard 7D")
    assert s.phase == "call" and s.trump is None
    s = win_auction(deal(D1), "solo_zwabber").apply("discard 7D")
    assert s.phase == "play" and s.trump is None


# -- A2.8 play ----------------------------------------------------------------------------
def test_a2_8_3b_follow_or_trump_no_undertrump_and_jas_always_legal():
    """A2.8.3b on deal P (trumps H): E may follow or trump; after E's 9H, S must follow
    (AH/KH would undertrump) but may play the jas; W, void, must discard (no undertrump)."""
    s = setup(P, "120", discard="7S", trump="H", call="AH")
    assert s.to_move == 0
    s = play(s, "AS")
    assert legal_plays(s) == ["7H", "8H", "9H", "JS"]
    assert s.explain("play 10C").code == "must_follow_suit"
    s = play(s, "9H")
    assert legal_plays(s) == ["10S", "8S", "9S", "JH"]
    assert s.explain("play AH").code == "no_undertrump"
    assert s.explain("play QC").code == "must_follow_suit"
    s = play(s, "10S")
    assert legal_plays(s) == ["10D", "7D", "8D", "9D", "JD"]
    assert s.explain("play QH").code == "no_undertrump"


def test_a2_8_3a_trump_led_any_trump_and_jas_not_forced():
    """A2.8.3a: on a trump lead any trump (no overtrump duty); the jas may be kept back, and
    a holder of only the jas plus plain cards may discard."""
    s = setup(P, "120", discard="7S", trump="H", call="AH")
    s = play(s, "AS", "9H", "10S", "7D")  # E wins and leads trumps next
    s = play(s, "7H")
    assert legal_plays(s) == ["AH", "JH", "KH"]
    s = play(s, "KH")
    assert legal_plays(s) == ["10H", "6H", "QH"]  # lower than the KH: no overtrump duty
    # overtrump_on_trump_lead=True: W holds nothing above the KH, so any trump
    t = setup(P, "120", discard="7S", trump="H", call="AH", overtrump_on_trump_lead=True)
    t = play(t, "AS", "9H", "10S", "7D", "8H", "AH")
    assert legal_plays(t) == ["10H", "6H", "QH"]
    assert t.explain("play JD").code == "must_follow_suit"


def test_a2_8_jas_only_trump_on_trump_lead_may_discard():
    """A2.8.3 jas exemption: the jas as the only trump is never forced on a trump lead."""
    spec = dict(N="9H AH KH QH 10H 8H 7H 6H", E="JH AS KS QS JS 10S 9S 8S",
                S="AC KC QC JC 10C 9C 8C 7C", W="7S AD KD QD JD 10D 9D 8D", kijkkaart="7D")
    s = setup(spec, "prive", discard="7D", trump="H")
    s = play(s, "9H")
    assert legal_plays(s) == ["10S", "8S", "9S", "AS", "JH", "JS", "KS", "QS"]


def test_a2_8_undertrump_when_only_trumps_left():
    """A2.8.3b: a void player holding only trumps that cannot beat the trick must
    undertrump (no alternative)."""
    spec = dict(N="AC KC QC JC 10C 9C 8C 7C", E="JH AS KS QS JS 10S 9S 8S",
                S="7S AD KD QD JD 10D 9D 8D", W="9H AH KH QH 10H 8H 7H 6H", kijkkaart="7D")
    s = setup(spec, "misere", discard="7D", trump="H", stop_when_decided=False)
    s = play(s, "7C", "JH", "8D")
    assert legal_plays(s) == ["10H", "6H", "7H", "8H", "9H", "AH", "KH", "QH"]


def test_a2_8_2_no_trump_follow_suit_only():
    """A2.8.2: in Solo-zwabber (no trumps) a player must follow suit; hearts are plain."""
    s = setup(P, "solo_zwabber", discard="7S")
    s = play(s, "AS")
    assert legal_plays(s) == ["JS"]
    s = play(s, "JS")
    assert legal_plays(s) == ["10S", "8S", "9S"]
    s = play(s, "10S")
    assert "play QH" in [str(a) for a in s.legal_actions()]  # W is void: any card


def test_a2_8_5_option_seed_literal_follow_only():
    """A2.8.5 trump_while_able_to_follow=False: E must follow spades (no 9H)."""
    s = setup(P, "120", discard="7S", trump="H", call="AH", trump_while_able_to_follow=False)
    s = play(s, "AS")
    assert legal_plays(s) == ["JS"]


def test_a2_8_4_option_undertrump_allowed():
    """A2.8.4 undertrump='allowed': S may trump lower than E's 9H while able to follow."""
    s = setup(P, "120", discard="7S", trump="H", call="AH", undertrump="allowed")
    s = play(s, "AS", "9H")
    assert legal_plays(s) == ["10S", "8S", "9S", "AH", "JH", "KH"]


# -- A2.9 exposure ------------------------------------------------------------------------
def test_a2_9_ouvert_and_praatje_exposure_moments():
    """A2.9 / P-A21: ouvert: the declarer's hand from her play to trick 2; praatje: all
    hands at the lead to trick 1; talk only in Praatje."""
    s = setup(D1, "misere_ouvert", discard="7D", trump="C", stop_when_decided=False)
    s = play(s, "7H")
    assert s.view(1)["hands"][0]["cards"] is None
    s = play(s, "8H", "9D", "10H")  # W wins trick 1 with 10H and leads
    assert s.tricks[0].winner == 3
    s = play(s, "8C")
    assert s.view(1)["hands"][0]["cards"] is None
    s = play(s, "AC")
    assert s.view(1)["hands"][0]["cards"] is not None
    for bid, talk in (("praatje", True), ("stil_praatje", False)):
        t = setup(D1, bid, discard="7D", trump="C", stop_when_decided=False)
        assert t.view(1)["hands"][2]["cards"] is None
        t = play(t, "7H")
        assert all(h["cards"] is not None for h in t.view(1)["hands"])
        assert t.view(1)["talk_allowed"] is talk


# -- A2.10 roem and stuk ------------------------------------------------------------------
def d2(bidders="", **options):
    """D2 with N as declarer of 160; ``bidders`` names defenders who also bid."""
    s = deal(D2, **options)
    if "W" in bidders or "S" in bidders:
        s = s.apply("bid 120").apply("pass")  # N 120, E pass
        s = s.apply("bid 130" if "S" in bidders else "pass")
        s = s.apply("bid 140" if "W" in bidders else "pass")
        s = s.apply("bid 160")
        while s.phase == "auction":
            s = s.apply("pass")
    else:
        s = win_auction(s, "160")
    assert s.declarer == 0
    s = s.apply("discard 6H").apply("trump H").apply("call AS")
    s = play(s, "JH", "8H", "9D", "10H", "9H", "QH", "9S", "7C")
    while not s.is_over:
        s = s.apply([a for a in s.legal_actions() if str(a).startswith("play ")][0])
    assert all(t.winner == 0 for t in s.tricks)
    return s


def test_a2_10_2_roem_counts_toward_number_bid():
    """A2.10 / A2.11: 146 in cards + 20 roem (A-K-Q of clubs) = 166 >= 160: made, +2 each."""
    s = d2()
    assert s.result.made and s.result.points == {"N": 2, "E": 2, "S": 0, "W": 0}


def test_a2_10_2_denial_only_by_bidding_opponents():
    """A2.10.2: W (5-run) denies N's 3-run only if W bid; S's K-high 3-run is lower than N's
    A-high 3-run and cannot deny; roem_denial=False switches denial off."""
    s = d2("W")
    assert not s.result.made and s.result.points == {"N": -2, "E": -2, "S": 0, "W": 0}
    assert d2("S").result.made
    assert d2("W", roem_denial=False).result.made


def test_a2_10_2_roem_not_counted_without_counting_contract():
    """P-A17: roem and stuk count only in number contracts and Pandoer+n (with
    roem_announce='manual' the announcement is refused; under 'auto' it is no action)."""
    s = setup(D2, "pandoer", discard="6H", trump="H", call="AS", roem_announce="manual")
    assert s.explain("announce stuk").code == "no_counting"
    s = setup(D2, "pandoer", discard="6H", trump="H", call="AS")
    assert s.explain("announce stuk").code == "stuk_auto"
    s = first_legal_playout(s)
    assert (s.result.figures["roem"], s.result.figures["stuk"]) == (0, 0)


#: N: a 6-run A-9 in hearts (120 roem, trumps or not) and the AS AC; nobody else holds roem.
SIX_RUN = dict(N="JH 9H AH KH QH 10H AS AC", E="KS JS 9S 7S KC JC 8D KD",
               S="QS 10S 8S QC 10C 8C QD 10D", W="AD JD 9D 7D 9C 7C 8H 7H", kijkkaart="6H")


def test_a2_10_2_roem_table_values_via_pandoer_plus():
    """A2.10.2 / A2.11 Pandoer+n: a 6-run is worth 120, and N's KH QH are stuk (20, counted
    automatically under roem_announce='auto', A2.10.3): Pandoer+140 made (+5 for N and the
    partner W), Pandoer+160 failed (-5 each)."""
    spec = SIX_RUN
    # N: AH KH QH JH 10H 9H (6-run in hearts = 120, sequences run A K Q J 10 9 whether or
    # not trumps), plus three aces (no roem); N takes all 8 with six top trumps + AS AC
    s = setup(spec, "pandoer+140", discard="6H", trump="H", call="AD")
    s = first_legal_playout(s)
    assert all(t.winner in (0, 3) for t in s.tricks)
    assert (s.result.figures["roem"], s.result.figures["stuk"]) == (120, 20)
    assert s.result.made and s.result.points["N"] == 5
    s = first_legal_playout(setup(spec, "pandoer+160", discard="6H", trump="H", call="AD"))
    assert not s.result.made and s.result.points == {"N": -5, "E": 0, "S": 0, "W": -5}


def test_a2_10_3_stuk_in_addition_to_roem_same_cards():
    """A2.10.3: stuk (20) counts on top of roem that uses the same K and Q: 120 + 20 = 140.
    Under roem_announce='auto' with no action; under 'manual' once announced."""
    spec = SIX_RUN
    s = first_legal_playout(setup(spec, "pandoer+140", discard="6H", trump="H", call="AD"))
    assert s.result.made and s.result.points["N"] == 5 and s.result.points["W"] == 5
    s = setup(spec, "pandoer+140", discard="6H", trump="H", call="AD", roem_announce="manual")
    assert s.explain("announce stuk").legal
    s = first_legal_playout(s.apply("announce roem").apply("announce stuk"))
    assert s.result.made and s.result.points["N"] == 5 and s.result.points["W"] == 5


# -- A2.6 / A2.11 contracts ----------------------------------------------------------------
def test_a2_6_piccolo_win_first_trick_only():
    """A2.6 Piccolo: win trick 1, lose 2-8: +3; winning a later trick fails (-3)."""
    spec = dict(N="AS 7C 8C 7D 8D 9D 7H 8H", E="KS QS JS AC KC QC AD KD",
                S="10S 9S 8S JC 10C 9C QD JD", W="7S JH 9H AH KH QH 10H 10D", kijkkaart="6H")
    s = setup(spec, "piccolo", discard="6H", trump="S")
    s = play(s, "AS", "QS", "8S", "7S")
    assert s.tricks[0].winner == 0
    s = first_legal_playout(s)
    won = [t.winner for t in s.tricks]
    assert won.count(0) == 1
    assert s.result.made and s.result.points == {"N": 3, "E": 0, "S": 0, "W": 0}


def test_a2_6_misere_stops_and_scores_when_declarer_wins():
    """A2.6 Misère: a trick won by the declarer fails it (-3); the deal stops (A2.11)."""
    s = setup(D1, "misere", discard="7D", trump="C")
    s = play(s, "JH", "8H", "9D", "7C")  # N's JH is plain (clubs trumps): W trumps it
    assert s.tricks[0].winner == 3 and not s.is_over
    s = setup(D1, "misere", discard="7D", trump="C")
    s = play(s, "AH", "8H", "9D", "10H")
    assert s.is_over and not s.result.made
    assert s.result.points == {"N": -3, "E": 0, "S": 0, "W": 0}


def test_a2_6_prive_and_solo_scores():
    """A4.2: Privé +10 when N takes all 8; Solo-zwabber +5."""
    spec = dict(N="JH 9H AH KH QH 10H 8H 7H", E="AS QS 10S 8S AC QC 10C 8C",
                S="KS JS 9S 7S KC JC 9C 7C", W="AD KD QD JD 10D 9D 8D 7D", kijkkaart="6H")
    s = first_legal_playout(setup(spec, "prive", discard="6H", trump="H"))
    assert s.result.points == {"N": 10, "E": 0, "S": 0, "W": 0}
    s = first_legal_playout(setup(spec, "solo_zwabber", discard="6H"))
    assert s.result.points == {"N": 5, "E": 0, "S": 0, "W": 0}


ZW = dict(N="AS KS QS JS AC KC QC 7D", E="AD KD QD JD 10S 9S 8S 7S",
          S="JC 10C 9C 8C 7C 10D 9D 8D", W="AH KH QH JH 10H 9H 8H 7H", kijkkaart="6H")


def test_a2_6_zwabber_declarer_must_win_first_four():
    """A2.6 Zwabber (no trumps, called ace): N wins tricks 1-4, the partner E the rest: made,
    +2 each; the partner winning trick 1 fails it for both (-2 each), play stops."""
    s = setup(ZW, "zwabber", discard="6H", call="AD")
    assert s.partner == 1 and s.trump is None
    s = play(s, "AS", "7S", "7C", "7H", "KS", "8S", "8C", "8H", "QS", "9S", "9C", "9H",
             "JS", "10S", "10C", "10H")
    assert [t.winner for t in s.tricks] == [0, 0, 0, 0]
    s = play(s, "7D", "AD", "8D", "JH")
    s = play(s, "KD", "9D", "QH", "AC", "QD", "10D", "KH", "KC", "JD", "JC", "AH", "QC")
    assert [t.winner for t in s.tricks] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert s.result.made and s.result.points == {"N": 2, "E": 2, "S": 0, "W": 0}
    f = play(setup(ZW, "zwabber", discard="6H", call="AD"), "7D", "AD", "8D", "7H")
    assert f.is_over and not f.result.made
    assert f.result.points == {"N": -2, "E": -2, "S": 0, "W": 0}


# -- A2.11 / A2.12 scoring model and match -------------------------------------------------
def test_p_a19_zero_sum_per_opponent():
    """P-A19 scoring='zero_sum_per_opponent': each team member receives v from each
    defender."""
    s = play_tricks(setup(D1, "140", discard="7D", trump="H", call="AS",
                          scoring="zero_sum_per_opponent"), D1_TRICKS)
    assert s.result.points == {"N": 2, "E": 2, "S": -2, "W": -2}


def test_a2_12_default_sixteen_deals():
    """A2.12 / P-A20: the default game is 16 deals."""
    assert game().options.game_end == {"deals": 16}


#: D3: N a 3-run in clubs (20), the partner E (AS) a 6-run in spades (120); W a 5-run in
#: diamonds (100), higher than N's 3-run but lower than E's 6-run.
D3 = dict(N="JH 9H AH KH 7H AC KC QC", E="AS KS QS JS 10S 9S QH 8H",
          S="8S 7S JC 10C 9C 9D 8D 7D", W="AD KD QD JD 10D 10H 8C 7C", kijkkaart="6H")


def d3(bid, w_bids=True, **options):
    s = deal(D3, number_bid_cap=400, **options)
    if w_bids:
        s = s.apply("bid 120").apply("pass").apply("pass").apply("bid 130")
    s = s.apply(f"bid {bid}")
    while s.phase == "auction":
        s = s.apply("pass")
    s = s.apply("discard 6H").apply("trump H").apply("call AS")
    s = first_legal_playout(s)
    assert all(t.winner == 0 for t in s.tricks)
    return s


def test_a2_10_2_partner_better_instance_saves_denied_declarer():
    """A2.10.2 combined outcome: W (who bid) would deny N's 3-run with her 5-run, but the
    partner's 6-run beats it: all team roem counts: 146 + 20 + 120 = 286 >= 280."""
    s = d3(280)
    assert s.result.made and s.result.points == {"N": 4, "E": 4, "S": 0, "W": 0}
    assert not d3(290).result.made


def test_a2_10_2_no_denial_without_a_bidding_opponent():
    """A2.10.2: only an opponent who bid may deny; roem_denial=False switches denial off."""
    assert d3(280, w_bids=False).result.made
    assert d3(280, roem_denial=False).result.made


def test_design_2_json_round_trip_mid_play():
    """DESIGN §2: a record round-trips and continues identically."""
    s = play(setup(D1, "120", discard="7D", trump="H", call="AS"), "JH", "8H")
    back = cardlab.from_json(s.to_json())
    assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()]
    assert back.hands == s.hands and back.to_move == s.to_move


# -- differential checks: the spec's A2.8 and A2.11 restated independently -----------------
SPEC_TRUMP = {"pandoeren": ("J", "9", "A", "K", "Q", "10", "8", "7", "6"),
              "klaverjas": ("J", "9", "A", "10", "K", "Q", "8", "7", "6")}


def spec_legal(hand, trick, trump, o):
    """A2.8 as written: jas exemption, (a) trump led, (b) F / T / AT, options 4 and 5."""
    hand = set(hand)
    if not trick:
        return hand
    led = trick[0].suit
    if trump is None:
        return {c for c in hand if c.suit == led} or hand

    def beats(c, top):
        order = SPEC_TRUMP[o["rank_order"]]
        return order.index(c.rank) < order.index(top.rank)

    jas = {c for c in hand if c.suit == trump and c.rank == "J"}
    exempt = o["jas_never_forced"] and jas and len(hand) > 1
    h = hand - jas if exempt else hand
    trumps = {c for c in h if c.suit == trump}
    played = [c for c in trick if c.suit == trump]
    top = min(played, key=lambda c: SPEC_TRUMP[o["rank_order"]].index(c.rank), default=None)
    if led == trump:
        legal = trumps or h
        if trumps and o["overtrump_on_trump_lead"] and top is not None:
            legal = {c for c in trumps if beats(c, top)} or trumps
    else:
        follow = {c for c in h if c.suit == led}
        at = trumps
        if top is not None and o["undertrump"] != "allowed":
            at = {c for c in trumps if beats(c, top)}
        if follow:
            legal = follow | at if o["trump_while_able_to_follow"] else follow
        else:
            legal = ((h - trumps) | at) or trumps
    return legal | jas if exempt else legal


PLAY_OPTIONS = dict(jas_never_forced=(True, False), overtrump_on_trump_lead=(False, True),
                    undertrump=("forbidden_unless_no_alternative", "allowed"),
                    trump_while_able_to_follow=(True, False),
                    rank_order=("pandoeren", "klaverjas"))


def test_a2_8_legal_cards_match_the_spec_under_every_play_option():
    """A2.8.1-5 / P-A1 / P-A12 / P-A13: the engine's legal cards equal an independent
    reading of A2.8 over random deals and every combination of the play options."""
    rng = random.Random(11)
    for combo in itertools.product(*PLAY_OPTIONS.values()):
        o = dict(zip(PLAY_OPTIONS, combo))
        g = game(stop_when_decided=False, **o)
        for _ in range(4):
            s = g.deal(seed=rng.randrange(10**6), dealer=3)
            s = win_auction(s, rng.choice(["120", "misere", "prive", "zwabber", "kereltje"]))
            while s.phase != "play":
                s = s.apply(rng.choice(s.legal_actions()))
            while not s.is_over:
                want = spec_legal(s.hands[s.to_move], [p.card for p in s.trick.plays],
                                  s.trump, o)
                got = [a for a in s.legal_actions() if str(a).startswith("play ")]
                assert {Card.parse(str(a)[5:]) for a in got} == want
                s = s.apply(rng.choice(got))


TP = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 3, "Q": 2}
PP = {"A": 11, "10": 10, "K": 3, "Q": 2, "J": 1}
VALUES = {"120": 1, "140": 1, "150": 2, "160": 2, "170": 3, "190": 3, "200": 4, "300": 4,
          "piccolo": 3, "misere": 3, "kereltje": 2, "zwabber": 2, "solo_zwabber": 5,
          "piccolo_ouvert": 6, "misere_ouvert": 6, "stil_praatje": 9, "pandoer": 5,
          "praatje": 9, "prive": 10}


def test_a2_11_trick_contracts_and_card_points_match_the_spec():
    """A2.3 / A2.6 / A2.11 / A4.2: random deals: card points add to 146 (113 without trumps)
    minus the discard; made/failed and +-v for the declaring side only, defenders 0."""
    rng = random.Random(5)
    g = game()
    for _ in range(250):
        bid = rng.choice(sorted(VALUES))
        s = win_auction(g.deal(seed=rng.randrange(10**6), dealer=3), bid)
        while s.phase != "play":
            s = s.apply(rng.choice(s.legal_actions()))
        while not s.is_over:
            s = s.apply(rng.choice([a for a in s.legal_actions()
                                    if str(a).startswith("play ")]))
        decl, t = s.declarer, s.trump
        team = {decl} | ({s.partner} if s.partner is not None else set())
        pts = [0, 0, 0, 0]
        for i, tr in enumerate(s.tricks):
            pts[tr.winner] += sum((TP if c.suit == t else PP).get(c.rank, 0)
                                  for c in tr.cards) + (5 if i == 7 else 0)
        won = [tr.winner for tr in s.tricks]
        if len(won) == 8:
            d = s.discarded
            assert sum(pts) == (146 if t else 113) - (TP if d.suit == t else PP).get(d.rank, 0)
        full = len(won) == 8
        if bid.isdigit():
            if s.result.figures["roem"] or s.result.figures["stuk"]:
                continue
            made = sum(pts[i] for i in team) >= int(bid)
        elif bid in ("misere", "misere_ouvert", "stil_praatje", "praatje"):
            made = full and decl not in won
        elif bid in ("piccolo", "piccolo_ouvert"):
            made = full and won[0] == decl and won.count(decl) == 1
        elif bid == "zwabber":
            made = full and won[:4] == [decl] * 4 and set(won) <= team
        else:
            made = full and set(won) <= team
        v = VALUES[bid] if made else -VALUES[bid]
        assert s.result.made is made
        assert s.result.points == {n: v if i in team else 0 for i, n in enumerate(SEATS)}
