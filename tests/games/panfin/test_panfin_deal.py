"""Panfin: the pack, seats, antes, the first dealer, the cut, the deal and the turn-up (B2.1-B2.6)."""

from __future__ import annotations

import pytest
from panfin_helpers import legal, stacked

import cardlab
from cardlab.cards import treviso_pack
from cardlab.games.panfin.game import CUT_DEPTH

CANON = [c.code for c in treviso_pack()]


def order_with(**at: int) -> list[str]:
    """The canonical pack order with the named cards moved to the given indices."""
    rest = [c for c in CANON if c not in at]
    for code, idx in sorted(at.items(), key=lambda kv: kv[1]):
        rest.insert(idx, code)
    return rest


def test_b2_1_treviso_pack_vecia_and_gobbo():
    """B2.1: 40 Treviso cards; the Vecia is FS, the Gobbo FB."""
    game = cardlab.load("panfin")
    assert len(game.deck) == 40 and list(game.deck) == list(treviso_pack())
    assert game.deck.name(game.deck.parse("FS")).endswith("(Vecia)")
    assert game.deck.name(game.deck.parse("FB")).endswith("(Gobbo)")


def test_b4_2_players_option_two_to_six():
    """B4.2 players: 2-6 players, default 4; 7 is refused by name."""
    assert cardlab.load("panfin").players == 4
    for n in range(2, 7):
        assert len(cardlab.load("panfin", players=n).deal(seed=1).hands) == n
    with pytest.raises(ValueError, match="players"):
        cardlab.load("panfin", players=7)


def test_b2_3_fresh_pot_antes_dealer_double():
    """B2.3: an empty pot takes 1 from each player and 2 from the dealer (4 players: 5)."""
    s = cardlab.load("panfin").deal(seed=3, dealer=2)
    assert s.pot == 5 and s.stacks == (-1, -1, -2, -1)
    why = [(p["from"], p["amount"]) for p in s.view(None)["chips"]["payments"]]
    assert sorted(why) == [(0, 1), (1, 1), (2, 2), (3, 1)]


def test_b4_2_dealer_ante_multiplier_1():
    """B4.2 dealer_ante_multiplier=1: the dealer antes like everyone (pot 4)."""
    s = cardlab.load("panfin", dealer_ante_multiplier=1).deal(seed=3)
    assert s.pot == 4


def test_b2_3_carried_pot_only_dealer_adds():
    """B2.3 / F-A22: a carried-over pot: only the dealer adds 1."""
    s = cardlab.load("panfin").deal(seed=3, dealer=1, pot=7, stacks=[10, 10, 10, 10])
    assert s.pot == 8 and s.stacks == (10, 9, 10, 10)


def test_b4_2_carryover_dealer_adds_2():
    """B4.2 carryover_dealer_adds=2: the dealer adds 2 to a carried-over pot."""
    s = cardlab.load("panfin", carryover_dealer_adds=2).deal(seed=3, pot=7)
    assert s.pot == 9 and s.stacks[0] == -2


def test_b2_4_first_dealer_is_first_ace_anticlockwise():
    """B2.4: cards dealt face up one each anticlockwise; the first ace deals first."""
    game = cardlab.load("panfin")
    for seed in range(20):
        dealer, shown = game.first_dealer(seed)
        assert shown[-1][1].rank == "A" and shown[-1][0] == dealer
        assert all(c.rank != "A" for _, c in shown[:-1])
        seats = [s for s, _ in shown]
        assert all((b - a) % 4 == 1 for a, b in zip(seats, seats[1:]))
    assert game.match(seed=9).dealer == game.first_dealer(9)[0]


def test_b2_5_vecia_at_the_cut_wins_the_pot():
    """B2.5: the cutter (dealer's left) shows the Vecia (bottom of the lifted packet): he
    takes the pot at once and nothing is dealt."""
    s = cardlab.load("panfin").deal(deck=order_with(FS=CUT_DEPTH - 1), dealer=0)
    assert s.is_over and s.cutter == 3 and [c.code for c in s.cut] == ["FS"]
    assert s.result.seat_points == (-2, -1, -1, 4) and s.pot == 0


def test_b4_2_cut_vecia_wins_false():
    """B4.2 cut_vecia_wins=False: the Vecia shown at the cut is dealt like any card."""
    s = cardlab.load("panfin", cut_vecia_wins=False).deal(deck=order_with(FS=CUT_DEPTH - 1))
    assert s.phase in ("declare", "choose") and not s.is_over


def test_b4_2_cut_shown_card_top_of_remaining():
    """B4.2 cut_shown_card='top_of_remaining': the top card of the remaining packet is shown."""
    deck = order_with(FS=CUT_DEPTH)
    assert not cardlab.load("panfin").deal(deck=deck).is_over
    s = cardlab.load("panfin", cut_shown_card="top_of_remaining").deal(deck=deck)
    assert s.is_over and s.result.contract == "cut"


def test_b2_5_gobbo_kept_cutter_dealt_three():
    """B2.5 / B2.6: the Gobbo shown is kept by the cutter, who is dealt 3 more cards."""
    s = cardlab.load("panfin").deal(deck=order_with(FB=CUT_DEPTH - 1), dealer=0)
    assert [c.code for c in s.cut][0] == "FB"
    assert "FB" in [c.code for c in s.hands[3]] and all(len(h) == 4 for h in s.hands)
    assert len(s.stock) == 40 - 16 - 1


def test_b4_2_cut_gobbo_kept_false():
    """B4.2 cut_gobbo_kept=False: the Gobbo shown stays in the pack (cutter gets 4 dealt)."""
    deck = order_with(FB=CUT_DEPTH - 1)
    s = cardlab.load("panfin", cut_gobbo_kept=False).deal(deck=deck, dealer=0)
    assert [c.code for c in s.cut] == ["FB"] and "FB" not in [c.code for c in s.hands[3]]


def test_b2_5_vecia_behind_gobbo_wins():
    """B2.5 / F-A5: after the Gobbo is removed the next bottom card is shown: the Vecia wins."""
    deck = order_with(FS=CUT_DEPTH - 2, FB=CUT_DEPTH - 1)
    s = cardlab.load("panfin").deal(deck=deck)
    assert s.is_over and [c.code for c in s.cut] == ["FB", "FS"]
    assert s.setup["cut"] == "FB FS"


def test_b4_2_check_behind_gobbo_false():
    """B4.2 check_behind_gobbo=False: no card is shown behind the kept Gobbo."""
    deck = order_with(FS=CUT_DEPTH - 2, FB=CUT_DEPTH - 1)
    s = cardlab.load("panfin", check_behind_gobbo=False).deal(deck=deck, dealer=0)
    assert not s.is_over and [c.code for c in s.cut] == ["FB"]
    assert "FB" in [c.code for c in s.hands[3]]


def test_b2_6_deal_one_at_a_time_anticlockwise_dealer_last():
    """B2.6 / F-A24: after the cut (remaining packet on top), one card at a time from the
    dealer's right (seat d+1) round to the dealer; then the turn-up, then the stock."""
    dealer = 1
    s = cardlab.load("panfin").deal(deck=CANON, dealer=dealer)
    pack = CANON[CUT_DEPTH:] + CANON[:CUT_DEPTH]
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        assert sorted(c.code for c in s.hands[seat]) == sorted(pack[k::4][:4])
    assert [c.code for c in s.turnup] == [pack[16]]
    assert [c.code for c in s.stock] == pack[17:]


def test_b2_6_turnup_sets_dominant_suit():
    """B2.6: the turn-up's suit is the dominant suit; declarations start at the dealer's right."""
    s = stacked(["AC 7C 5D 2S", "RC 4C 3B 6S", "FS 6D 5S 4B", "AD 3D 2B 6B"], "4D", dealer=0)
    assert s.dominant == "D" and s.phase == "declare" and s.to_move == 1


def test_b2_6_vecia_turned_dealer_chooses():
    """B2.6: the Vecia turned up: the dealer chooses the dominant suit."""
    s = stacked(["AC 7C 5D 2S", "RC 4C 3B 6S", "CC 6D 5S 4B", "AD 3D 2B 6B"], "FS", dealer=2)
    assert s.phase == "choose" and s.to_move == 2 and s.dominant is None
    assert legal(s) == ["choose S", "choose B", "choose C", "choose D"]
    assert s.explain("choose X").code == "bad_suit"
    t = s.apply("choose denari")
    assert t.dominant == "D" and t.phase == "declare" and t.to_move == 3


def test_b2_6_gobbo_turned_batons_dominant():
    """B2.6 / F-A6: the Gobbo turned up: bastoni dominant, no choice."""
    s = stacked(["AC 7C 5D 2S", "RC 4C 3B 6S", "CC 6D 5S 4B", "AD 3D 2B 6B"], "FB")
    assert s.dominant == "B" and s.phase == "declare"


def test_b4_2_turnup_gobbo_turn_next_card():
    """B4.2 turnup_gobbo='turn_next_card': the Gobbo is set aside and the next card sets the
    suit."""
    hands = ["AC 7C 5D 2S", "RC 4C 3B 6S", "CC 6D 5S 4B", "AD 3D 2B 6B"]
    s = stacked(hands, "FB 7D", turnup_gobbo="turn_next_card")
    assert s.dominant == "D"
    order = order_with(FB=16 + CUT_DEPTH)  # first card after the 16 dealt, once the cut is made
    t = cardlab.load("panfin", turnup_gobbo="turn_next_card").deal(deck=order)
    assert [c.code for c in t.turnup][0] == "FB" and len(t.turnup) == 2
    assert t.dominant == t.turnup[1].suit or t.turnup[1].code == "FS"


def test_b2_6_stacked_deal_is_checked():
    """B2.6: a stacked deal uses every card once, 4 per hand; a kept Gobbo is the cutter's."""
    with pytest.raises(cardlab.IllegalAction) as err:
        stacked(["AC 7C 5D", "RC 4C 3B 6S", "CC 6D 5S 4B", "AD 3D 2B 6B"])
    assert err.value.code == "wrong_count"
    with pytest.raises(cardlab.IllegalAction) as err:
        stacked(["AC 7C 5D 2S", "AC 4C 3B 6S", "CC 6D 5S 4B", "AD 3D 2B 6B"])
    assert err.value.code == "duplicate_card"
    with pytest.raises(cardlab.IllegalAction) as err:
        stacked(["AC 7C 5D 2S", "RC 4C 3B 6S", "CC 6D 5S FB", "AD 3D 2B 4B"], cut="FB")
    assert err.value.code == "gobbo_not_kept"


def test_b2_5_stacked_cut_vecia_needs_no_hands():
    """B2.5: ``cut="FS"`` alone is a deal won at the cut; it records and reloads."""
    s = cardlab.load("panfin").deal(cut="FS", dealer=1, pot=0)
    assert s.is_over and s.result.declarer == 0
    assert cardlab.from_json(s.to_json()).result == s.result


def test_b2_6_deal_string_round_trip():
    """B2.6: the deal string lists each seat's cards, the turn-up and the stock."""
    game = cardlab.load("panfin", players=3)
    s = game.deal(seed=11)
    if s.is_over:
        s = game.deal(seed=12)
    again = game.deal_from_string(s.deal_string(), dealer=s.dealer)
    assert again.hands == s.hands and again.turnup == s.turnup and again.stock == s.stock
    assert game.deal_parts() == [("P1", 4), ("P2", 4), ("P3", 4), ("turnup", 1), ("stock", 27)]


def test_b2_6_seed_gives_same_deal_and_setup_is_explicit():
    """B2.6: the same seed gives the same deal; the setup names every card."""
    game = cardlab.load("panfin")
    a, b = game.deal(seed=5), game.deal(seed=5)
    assert a.hands == b.hands and a.setup == b.setup
    assert game.deal(**a.setup).hands == a.hands


def test_b2_6_seed_is_the_shuffled_pack_dealt_by_the_pattern():
    """B2.5 / B2.6: ``seed=`` shuffles the pack (our own Fisher-Yates) and then cuts and deals
    exactly as ``deck=`` with that pack order."""
    from cardlab.engine.dealing import pack_order

    game = cardlab.load("panfin", players=5)
    for seed in (1, 2, 3):
        order = [c.code for c in pack_order(game.deck, seed=seed)]
        a, b = game.deal(seed=seed, dealer=2), game.deal(deck=order, dealer=2)
        assert a.hands == b.hands and a.cut == b.cut and a.stock == b.stock


def test_hidden_cards_are_other_hands_stock_and_discards():
    """Views: a seat may not see other hands, the stock or others' discards; the turn-up
    and the cut are public."""
    s = stacked(["3B 4B 6S 7S", "AD RD CD 2S", "AS 3S 7B 4C", "RS RB 6C 2D"]).apply("tengo 2S")
    hidden = {c.code for c in s.hidden_cards(1)}
    assert "AD" not in hidden and "2S" not in hidden and "AS" in hidden and "5C" not in hidden
    assert "2S" in {c.code for c in s.hidden_cards(0)}
    assert len(s.hidden_cards(1)) == 12 + len(s.stock)
