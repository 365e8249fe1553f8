"""Pandoeren tables: the pack, ranks, card points, the contract table and the options."""

from __future__ import annotations

import pytest
from pandoeren_helpers import load

import cardlab
from cardlab.cards import Card

#: A4.2 as printed in the spec: (auction order of the named rows, game points under pagat)
SPEC_POINTS = {"piccolo": 3, "misere": 3, "kereltje": 2, "zwabber": 2, "solo_zwabber": 5,
               "piccolo_ouvert": 6, "misere_ouvert": 6, "stil_praatje": 9, "pandoer": 5,
               "praatje": 9, "prive": 10}


def test_a2_1_pack_has_33_cards_with_six_of_hearts():
    """A2.1: 7-A in four suits plus the six of hearts; hearts has 9 cards."""
    deck = load().deck
    assert len(deck) == 33
    assert Card("6", "H") in deck
    assert sum(1 for c in deck if c.suit == "H") == 9
    assert all(sum(1 for c in deck if c.suit == s) == 8 for s in "SCD")


def test_a2_3_card_points_146_with_trumps_113_without():
    """A2.3: trumps 60, each plain suit 27; 141 + 5 = 146 with trumps, 113 without."""
    from cardlab.games.pandoeren.rules import card_points

    deck = load().deck
    for trump in "SCDH":
        assert sum(card_points(c, trump) for c in deck if c.suit == trump) == 60
        assert sum(card_points(c, trump) for c in deck) + 5 == 146
    assert sum(card_points(c, None) for c in deck) + 5 == 113


def test_a2_2_card_order_trumps_and_plain():
    """A2.2: trumps J 9 A K Q 10 8 7 (6); plain A K Q J 10 9 8 7 (6)."""
    order = load().card_order("H")
    assert order["trumps"] == ["JH", "9H", "AH", "KH", "QH", "10H", "8H", "7H", "6H"]
    assert order["suits"]["S"] == ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"]
    assert load().card_order("none")["trumps"] == []
    assert "JH" in order["special"]


def test_p_a1_option_rank_order_klaverjas():
    """P-A1: rank_order='klaverjas' puts the trump 10 above the king (experimental)."""
    assert load(rank_order="klaverjas").card_order("S")["trumps"][:4] == ["JS", "9S", "AS",
                                                                          "10S"]
    assert load().card_order("S")["trumps"][:4] == ["JS", "9S", "AS", "KS"]


def test_a2_2_trump_order_of_state_lists_trumps_first():
    """A2.2: trump_order lists the trumps high to low, then the plain suits."""
    state = load().deal(seed=4)
    order = [c.code for c in state.trump_order("D")]
    assert order[:9] == ["JD", "9D", "AD", "KD", "QD", "10D", "8D", "7D"] + [order[8]]
    assert len(order) == 33 and order[8] == "AS"


def test_a4_2_bid_ladder_order_and_points():
    """A4.2: the 21 auction ranks in order, with pagat's game points."""
    ladder = load().bid_ladder()
    calls = [row["call"] for row in ladder]
    named = [c for c in calls if not c[0].isdigit() and not c.startswith("pandoer+")]
    assert named == ["piccolo", "misere", "kereltje", "zwabber", "solo_zwabber",
                     "piccolo_ouvert", "misere_ouvert", "stil_praatje", "pandoer", "praatje",
                     "prive"]
    assert calls[:5] == ["120", "130", "140", "piccolo", "misere"]
    assert calls[5:9] == ["150", "160", "kereltje", "zwabber"]
    assert calls.index("200") == calls.index("piccolo_ouvert") + 1
    assert calls.index("misere_ouvert") == calls.index("300") + 1
    assert calls[calls.index("pandoer") + 1] == "pandoer+20"
    assert calls[calls.index("praatje") - 1] == "pandoer+200"
    value = {row["call"]: row["value"] for row in ladder}
    for name, pts in SPEC_POINTS.items():
        assert value[name] == pts, name
    assert [value[n] for n in ("120", "140", "150", "160", "170", "190", "200", "300")] == [
        1, 1, 2, 2, 3, 3, 4, 4]
    assert value["pandoer+40"] == 5


def test_a4_3_option_preset_butselaar():
    """A4.3 preset='butselaar': lowest 130, 130-150 worth 1, 160 worth 2, stil praatje 8."""
    game = cardlab.load("pandoeren", preset="butselaar")
    value = {row["call"]: row["value"] for row in game.bid_ladder()}
    assert "120" not in value
    assert (value["130"], value["150"], value["160"], value["stil_praatje"]) == (1, 1, 2, 8)
    assert game.options.piccolo_objective == "first_trick_with_jas"
    assert game.options.undertrump == "allowed"
    assert game.options.zwabber_partner == "first_trick_winner"
    pagat = {row["call"]: row["value"] for row in load().bid_ladder()}
    assert (pagat["150"], pagat["stil_praatje"]) == (2, 9)


def test_a4_3_option_number_bid_cap_and_pandoer_extra_cap():
    """A4.3 number_bid_cap / pandoer_extra_cap: the open-ended bids stop at the caps."""
    calls = [r["call"] for r in load(number_bid_cap=220, pandoer_extra_cap=60).bid_ladder()]
    assert "220" in calls and "230" not in calls
    assert "pandoer+60" in calls and "pandoer+80" not in calls
    default = [r["call"] for r in load().bid_ladder()]
    assert "300" in default and "310" not in default and "pandoer+200" in default


def test_a4_3_option_lowest_number_bid_130():
    """P-A5 lowest_number_bid=130: 120 is no longer a bid."""
    state = load(lowest_number_bid=130).deal(seed=1)
    assert "bid 120" not in [str(a) for a in state.legal_actions()]
    assert state.explain("bid 120").code == "unknown_bid"
    assert load().deal(seed=1).is_legal("bid 120")


@pytest.mark.parametrize("bad", [{"number_bid_cap": 125}, {"number_bid_cap": 110},
                                 {"pandoer_extra_cap": 30}, {"game_end": {"rounds": 3}},
                                 {"scoring": "cents"}, {"preset_x": 1}])
def test_a4_3_bad_options_are_refused(bad):
    """A4.3: an unknown option or value raises ValueError naming it."""
    with pytest.raises(ValueError):
        cardlab.load("pandoeren", **bad)


def test_a2_4_deal_4_1_4_from_forehand():
    """A2.4: 4 to each from forehand, 1 face up, 4 more each."""
    game = load()
    pack = " ".join(c.code for c in game.deck)
    state = game.deal(deck=pack, dealer=3)  # W deals, N is forehand
    codes = [c.code for c in game.deck]
    assert [c.code for c in state.hands[0]] == codes[0:4] + codes[17:21]
    assert [c.code for c in state.hands[3]] == codes[12:16] + codes[29:33]
    assert state.kijkkaart.code == codes[16]
    assert state.to_move == 0


def test_a2_4_seeded_deal_is_stable_and_records_cards():
    """A2.4: the same seed gives the same deal; setup holds explicit cards."""
    a, b = load().deal(seed=11, dealer=1), load().deal(seed=11, dealer=1)
    assert a.deal_string() == b.deal_string()
    again = load().deal(**a.setup)
    assert again.deal_string() == a.deal_string()
    assert load().deal_from_string(a.deal_string(), dealer=1).deal_string() == a.deal_string()
    assert [p for p, _ in load().deal_parts()] == ["N", "E", "S", "W", "kijkkaart"]


def test_a2_4_stacked_deal_is_checked():
    """A2.4: a stacked deal must use every card once."""
    state = load().deal(seed=2)
    hands = list(state.setup["hands"])
    hands[0] = hands[1]
    with pytest.raises(cardlab.IllegalAction):
        load().deal(hands=hands, kijkkaart=state.setup["kijkkaart"])
