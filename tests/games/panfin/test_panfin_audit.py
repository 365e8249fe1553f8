"""Panfin: an independent audit of the engine against ``shared/rules/panfin.md`` (B2–B4),
through the public API only. Four players unless said; dealer P1 (seat 0), so seat 1 (the
dealer's right) declares and leads first and seat 3 (the dealer's left) cuts; coppe dominant
(``5C`` turned up) unless said. A fresh pot is 5 (dealer 2, others 1)."""

from __future__ import annotations

import pytest
from panfin_helpers import conserved, declare_all, legal, play, stacked, to_play

import cardlab


def pts(state):
    return state.result.seat_points


def refusal(state, action):
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply(action)
    verdict = state.explain(action)
    assert not verdict.legal and verdict.code == err.value.code
    return err.value.code


# -- B4.2 options table: names and defaults ------------------------------------------
def test_b4_2_options_names_and_defaults():
    """B4.2: every option of the table, named and defaulted as written."""
    o = cardlab.load("panfin").options
    expected = dict(
        players=4, dealer_ante_multiplier=2, carryover_dealer_adds=1,
        cut_shown_card="bottom_of_lifted", cut_vecia_wins=True, cut_gobbo_kept=True,
        check_behind_gobbo=True, turnup_gobbo="batons_dominant", turnup_vecia="dealer_chooses",
        dealer_turnup_at_piatti="swap", max_exchange=4, servito_ends_declarations=True,
        servito_tie="pot_stays", naturali_bonus=2, simezi_bonus=1,
        simezi_bonus_payers="all_others", tronfi_stamp_payers="active_non_exempt",
        tiebreak_false="call_order", tiebreak_simezi="joker_then_rank",
        jokers_are_top_trumps=True, beat_reference="current_winner", must_trump_when_void=True,
        must_overtrump=True, both_jokers_lead="double_trick",
        zero_piatti_payment="pot_amount_to_next_pot", lone_player="wins_without_play",
        hands_to_play=12)
    for name, value in expected.items():
        assert getattr(o, name) == value, name
    for name, value in [("cut_shown_card", "top_of_remaining"), ("turnup_gobbo", "turn_next_card"),
                        ("dealer_turnup_at_piatti", "none"), ("servito_tie", "split"),
                        ("simezi_bonus_payers", "active_only"),
                        ("tronfi_stamp_payers", "all_non_exempt"),
                        ("tiebreak_false", "tronfi_rule"), ("tiebreak_simezi", "rank"),
                        ("beat_reference", "led_card"),
                        ("both_jokers_lead", "consecutive_forced"), ("max_exchange", 0),
                        ("players", 2), ("players", 6), ("hands_to_play", 3)]:
        assert getattr(cardlab.load("panfin", **{name: value}).options, name) == value
    with pytest.raises(ValueError):
        cardlab.load("panfin", players=7)
    with pytest.raises(ValueError):
        cardlab.load("panfin", beat_reference="led")


# -- B2.1 / B2.2 cards and ranking ---------------------------------------------------------
@pytest.mark.parametrize("suit,count", [("C", 12), ("D", 12), ("S", 11), ("B", 11)])
def test_b2_2_trump_suit_vecia_gobbo_then_dominant(suit, count):
    """B2.2 / F-A16: trumps = Vecia > Gobbo > A > Re > Cavallo > Fante > 7 … 2 of the dominant
    suit: 12 with coppe/denari, 11 with spade/bastoni (their Fante is a joker)."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 7S 4C"], turnup=f"5{suit}")
    order = [c.code for c in s.trump_order()]
    assert len(order) == count and order[:3] == ["FS", "FB", f"A{suit}"]
    ranks = [c[:-1] for c in order[2:]]
    assert ranks == [r for r in ["A", "R", "C", "F", "7", "6", "5", "4", "3", "2"]
                     if not (r == "F" and suit in "SB")]


def test_b2_1_pack_is_forty_treviso_cards():
    """B2.1: 40 cards, four suits of A R C F 7-2."""
    deck = cardlab.load("panfin").deck
    codes = {c.code for c in deck}
    assert len(deck) == 40 and {"FS", "FB", "FC", "FD", "AS", "2D", "CB", "RC"} <= codes


# -- B2.3 stakes ---------------------------------------------------------------------------
@pytest.mark.parametrize("players,pot", [(2, 3), (3, 4), (4, 5), (5, 6), (6, 7)])
def test_b2_3_fresh_pot_everyone_one_dealer_two(players, pot):
    """B2.3: an empty pot takes 1 from each player and 2 from the dealer (4 players: 5)."""
    s = cardlab.load("panfin", players=players).deal(seed=21, dealer=1)
    assert s.view()["chips"]["pot"] == pot
    assert list(s.view()["chips"]["stacks"]) == [-2 if i == 1 else -1 for i in range(players)]


def test_b2_3_carried_pot_only_next_dealer_adds_one():
    """B2.3 / F-A22: with a pot carried over, only the dealer adds 1 unit."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], dealer=2, pot=7,
                stacks=[3, 3, 3, 3])
    assert s.pot == 8 and tuple(s.stacks) == (3, 3, 2, 3)
    s2 = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], pot=7,
                 carryover_dealer_adds=2)
    assert s2.pot == 9
    s3 = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"],
                 dealer_ante_multiplier=1)
    assert s3.pot == 4


# -- B2.4 first dealer ------------------------------------------------------------------------
# (checked in test_panfin_deal.py::test_b2_4_first_dealer_is_first_ace_anticlockwise)


# -- B2.5 the cut -----------------------------------------------------------------------------
@pytest.mark.parametrize("dealer,cutter", [(0, 3), (1, 0), (2, 1), (3, 2)])
def test_b2_5_vecia_at_the_cut_cutter_wins_pot_no_deal(dealer, cutter):
    """B2.5 / F-A3 / F-A4: the dealer's left (seat dealer-1) cuts; the Vecia shown wins the
    pot of 5 at once, no deal."""
    s = cardlab.load("panfin").deal(cut="FS", dealer=dealer)
    assert s.is_over and s.phase == "done" and s.to_move is None
    r = s.result
    assert r.contract == "cut" and r.declarer == cutter
    expected = [-2 if i == dealer else -1 for i in range(4)]
    expected[cutter] += 5
    assert list(r.seat_points) == expected and r.figures["pot_after"] == 0


def test_b2_5_vecia_behind_the_gobbo_wins():
    """B2.5 / F-A5: a Gobbo shown, then the Vecia behind it: the cutter wins the pot."""
    s = cardlab.load("panfin").deal(cut="FB FS", dealer=1)
    assert s.is_over and s.result.declarer == 0 and s.result.contract == "cut"
    s = cardlab.load("panfin", check_behind_gobbo=False).deal(
        cut="FB FS", dealer=1, turnup="5C",
        hands=["FB 2S 3S 4B", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"])
    assert not s.is_over


def test_b2_5_gobbo_kept_by_cutter_play_continues():
    """B2.5: a Gobbo shown is kept by the cutter (dealt 3 more); the deal goes on."""
    hands = ["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RC 6C 2D", "AB 7D 5S FB"]
    s = stacked(hands, cut="FB 4C")
    assert s.phase == "declare" and s.to_move == 1 and "FB" in {c.code for c in s.hands[3]}
    assert all(len(h) == 4 for h in s.hands) and len(s.stock) == 23
    with pytest.raises(cardlab.IllegalAction):
        stacked(["2S 3S 4B 6D", "AD 3D FB 6B", "RS RC 6C 2D", "AB 7D 5S 2B"], cut="FB")


def test_b2_5_cut_from_a_pack_order_and_gobbo_kept():
    """B2.5 / B2.6: dealing a pack order, a Gobbo at the cut ends in the cutter's hand and
    every hand still has 4 cards; a Vecia at the cut ends the deal."""
    game = cardlab.load("panfin")
    seen_gobbo = seen_vecia = False
    for seed in range(400):
        s = game.deal(seed=seed, dealer=2)
        if s.cut and s.cut[0].code == "FB" and not s.is_over:
            seen_gobbo = True
            assert "FB" in {c.code for c in s.hands[1]}
            assert all(len(h) == 4 for h in s.hands) and len(s.stock) == 23
        if s.cut and s.cut[-1].code == "FS":
            seen_vecia = True
            assert s.is_over and s.result.declarer == 1
        if seen_gobbo and seen_vecia:
            break
    assert seen_gobbo and seen_vecia


# -- B2.6 deal and dominant suit --------------------------------------------------------------
def test_b2_6_stock_23_and_turnup_sets_dominant():
    """B2.6: 4 each, turn-up's suit dominant, stock 40-16-1 = 23; declarations from the
    dealer's right."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], turnup="7B",
                dealer=2)
    assert s.dominant == "B" and s.view()["dominant_suit"] == "B"
    assert len(s.stock) == 23 and s.to_move == 3 and s.phase == "declare"


def test_b2_6_vecia_turned_dealer_chooses():
    """B2.6: the Vecia turned up: the dealer (only) chooses the dominant suit."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], turnup="FS",
                dealer=1)
    assert s.phase == "choose" and s.to_move == 1 and s.dominant is None
    assert legal(s) == ["choose S", "choose B", "choose C", "choose D"]
    s = s.apply("choose D")
    assert s.dominant == "D" and s.phase == "declare" and s.to_move == 2
    assert [c.code for c in s.trump_order()][:3] == ["FS", "FB", "AD"]


def test_b2_6_gobbo_turned_batons_dominant_no_choice():
    """B2.6 / F-A6: the Gobbo turned up: bastoni dominant, no choice; option turn_next_card."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RC 6C 2D", "AB 7D 5S 4C"], turnup="FB")
    assert s.dominant == "B" and s.phase == "declare"
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RC 6C 2D", "AB 7D 5S 4C"], turnup="FB 4D",
                turnup_gobbo="turn_next_card")
    assert s.dominant == "D"


# -- B2.7 declarations ------------------------------------------------------------------------
def test_b2_7_order_and_exchange_from_the_stock_top():
    """B2.7 / F-A8 / F-A9: anticlockwise from the dealer's right, dealer last; tengo exchanges
    at once with the top of the stock; standing pat is allowed."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], dealer=3)
    top = [c.code for c in s.stock[:2]]
    assert s.to_move == 0
    s = s.apply("tengo 2S 3S")
    assert {c.code for c in s.hands[0]} == {"4B", "6D", *top} and len(s.stock) == 21
    assert s.to_move == 1
    assert "tengo" in legal(s) and "fold" in legal(s)
    s = s.apply("tengo")
    assert {c.code for c in s.hands[1]} == {"AD", "3D", "2B", "6B"}
    s = s.apply("fold")
    assert s.to_move == 3
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("tengo", seat=2)
    assert err.value.code == "already_passed"
    s = s.apply("tengo")  # the dealer speaks last; no combination: the dealer's swap
    assert s.phase == "swap" and s.to_move == 3


def test_b2_7_folded_player_refused_already_passed():
    """DESIGN §2.2 / B2.7: a folded seat acting is refused with already_passed."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"]).apply("fold")
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("tengo", seat=1)
    assert err.value.code == "already_passed"
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("tengo", seat=3)
    assert err.value.code == "not_your_turn"


def test_b4_2_max_exchange():
    """B4.2 max_exchange: at most that many cards exchanged."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], max_exchange=2)
    assert refusal(s, "tengo AD 3D 2B") == "too_many_cards"
    s.apply("tengo AD 3D")
    default = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"])
    assert "tengo 6B 2B AD 3D" in legal(default)  # several cards: written in pack order
    assert default.apply("tengo AD 3D 2B 6B").history[-1] == "tengo 6B 2B AD 3D"


def test_f_a9_stock_shortage_six_players():
    """B2.7 / F-A9: with 6 players the stock (15) can run out; exchanges are capped by it."""
    game = cardlab.load("panfin", players=6)
    s = game.deal(hands=["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C",
                         "AS 3B 6S 7S", "RD CD 7C 3C"], turnup="5C")
    assert len(s.stock) == 15
    for _ in range(3):
        s = s.apply(str([a for a in s.legal_actions() if len(a.args) == 4][0]))
    assert len(s.stock) == 3
    four = [c.code for c in s.hands[s.to_move]]
    assert refusal(s, "tengo " + " ".join(four)) == "stock_short"
    assert any(len(a.args) == 3 for a in s.legal_actions())


# -- B2.8 servito ------------------------------------------------------------------------------
def test_b2_8_servito_wins_pot_only_and_ends_declarations():
    """B2.8 / F-A10: servito (four of a suit, any suit) ends the declarations and wins only
    the pot: +3 for a non-dealer, no bonus, no stamp."""
    s = stacked(["2S 3S 4B 6D", "AD RD 3D 2D", "RS RB 6C 2B", "AB 7D 5S 4C"])
    end = s.apply("servito")
    assert end.is_over and end.result.contract == "servito" and end.result.declarer == 1
    assert pts(end) == (-2, 4, -1, -1) and end.result.figures["pot_after"] == 0


def test_b2_8_servito_jokers_wild_and_refused_without_one_suit():
    """B2.8: jokers are wild for servito; without four of one suit it is refused."""
    s = stacked(["2S 3S 4B 6D", "FS FB 3D 2D", "RS RB 6C 2B", "AB 7D 5S 4C"])
    assert "servito" in legal(s)
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"])
    assert "servito" not in legal(s) and refusal(s, "servito") == "not_servito"


def test_b2_8_servito_tie_with_unspoken_player_pot_stays():
    """B2.8 / F-A11: another active hand (as dealt, not yet spoken) holding four of one suit
    — even the dominant one — ties: the pot stays, and next deal only the dealer adds 1."""
    s = stacked(["2S 3S 4B 6D", "AD RD 3D 2D", "RS RB 6B 2B", "AC 7C 4C 3C"])
    end = s.apply("servito")
    r = end.result
    assert r.contract == "servito_tie" and r.declarer is None
    assert r.figures["pot_after"] == 5 and pts(end) == (-2, -1, -1, -1)
    nxt = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], dealer=1,
                  pot=r.figures["pot_after"], stacks=list(r.figures["stacks_after"].values()))
    assert nxt.pot == 6


def test_b2_8_servito_folded_four_of_a_suit_does_not_tie():
    """B2.8: only non-folded hands can tie the servito."""
    s = stacked(["2S 3S 4B 6D", "AD RD 3D 2D", "RS RB 6B 2B", "AC 7C 4C 3C"], dealer=1)
    # dealer 1: seat 2 speaks first, then 3, 0, 1
    s = s.apply("tengo").apply("fold").apply("tengo")
    end = s.apply("servito")
    assert end.result.contract == "servito" and end.result.declarer == 1


def test_b2_8_servito_beaten_by_simezi_of_unspoken_player():
    """B2.8: a Simezi (or Naturali) in another active hand beats the servito and takes its
    own bonus (pot + 1 from every other player)."""
    s = stacked(["2S 3S 4B 6D", "AD RD 3D 2D", "RS RB 6C 2B", "AB AC AS FS"])
    end = s.apply("servito")
    assert end.result.contract == "simezi" and end.result.declarer == 3
    assert pts(end) == (-3, -2, -2, 7) and conserved(end)


def test_b4_2_servito_tie_split():
    """B4.2 servito_tie='split': the tied servito hands share the pot (odd chip stays)."""
    s = stacked(["2S 3S 4B 6D", "AD RD 3D 2D", "RS RB 6B 2B", "AC 7C 4C 3C"],
                servito_tie="split")
    end = s.apply("servito")
    assert end.result.contract == "servito_tie" and pts(end) == (-2, 1, -1, 1)
    assert end.result.figures["pot_after"] == 1


def test_b4_2_servito_ends_declarations_false():
    """B4.2 servito_ends_declarations=False: the others still declare (and may exchange)."""
    s = stacked(["2S 3S 4B 6D", "AD RD 3D 2D", "RS RB 6C 2B", "AB 7D 5S 4C"],
                servito_ends_declarations=False)
    s = s.apply("servito")
    assert not s.is_over and s.to_move == 2
    end = declare_all(s, {2: "fold", 3: "fold", 0: "fold"})
    assert end.result.contract == "servito" and end.result.declarer == 1


# -- B2.9 combinations --------------------------------------------------------------------------
def test_b2_9_naturali_plus_two_from_everyone_including_folded():
    """B2.9: Naturali: pot + 2 from every other player, including those who folded."""
    s = stacked(["2S 3S 4B 3D", "6S 6B 6C 6D", "RS RB 7C 2D", "AB 7D 5S 4C"])
    end = declare_all(s, {2: "fold", 3: "fold"})
    assert end.result.contract == "naturali" and end.result.declarer == 1
    assert pts(end) == (-4, 10, -3, -3) and conserved(end)


def test_b2_9_naturali_made_by_the_exchange():
    """B2.9: combinations are checked on the final hands, after the exchange."""
    hands = ["2S 3S 4B 3D", "6S 6B 6C 2D", "RS RB 7C 4D", "AB 7D 5S 4C"]
    used = set(" ".join(hands).split()) | {"5C", "6D"}
    rest = [c.code for c in cardlab.load("panfin").deck if c.code not in used]
    s = cardlab.load("panfin").deal(hands=hands, turnup="5C", stock=" ".join(["6D", *rest]))
    assert s.to_move == 1
    end = declare_all(s.apply("tengo 2D"))
    assert end.result.contract == "naturali" and end.result.declarer == 1
    assert pts(end) == (-4, 10, -3, -3)


def test_b2_9_simezi_two_of_a_rank_and_both_jokers():
    """B2.9: two of a rank + both jokers is a Simezi: pot + 1 from every other player."""
    s = stacked(["2S 3S 4B 6D", "FS FB 7C 7D", "RS RB 6C 2D", "AB AD 5S 4C"])
    end = declare_all(s, {0: "fold"})
    assert end.result.contract == "simezi" and end.result.declarer == 1
    assert pts(end) == (-3, 7, -2, -2)


def test_b2_9_tronfi_stamp_exemptions():
    """B2.9 / F-A14: Tronfi wins the pot; every other active player pays the pot (5) into the
    next pot, except a joker holder, a lower Tronfi or a False; folded players are exempt."""
    # dealer 0 (non-exempt: plain hand), seat 1 Tronfi with the Gobbo, seat 2 Vecia holder,
    # seat 3 a False of denari
    s = stacked(["2S 3S 4B 6D", "FB AC 7C 3C", "FS RS 6B 2B", "AD 7D 5D 4D"])
    end = declare_all(s)
    assert end.result.contract == "tronfi" and end.result.declarer == 1
    assert pts(end) == (-7, 4, -1, -1) and end.result.figures["pot_after"] == 5
    assert conserved(end)
    # the same, dealer folded: nobody pays the stamp
    end = declare_all(stacked(["2S 3S 4B 6D", "FB AC 7C 3C", "FS RS 6B 2B", "AD 7D 5D 4D"]),
                      {0: "fold"})
    assert pts(end) == (-2, 4, -1, -1) and end.result.figures["pot_after"] == 0


def test_b2_9_tronfi_lower_tronfi_exempt_and_highest_cards():
    """B2.9: two joker-less Tronfi: the highest cards win; the lower Tronfi pays no stamp,
    the plain hand does."""
    s = stacked(["2S 3S 4B 6D", "RC 7C 4C 3C", "AC 6C 2C FC", "AB 7D 5S 4D"])
    end = declare_all(s)
    assert end.result.declarer == 2
    stamps = sorted(p.payer for p in end.payments if p.payee == "pot" and p.amount == 5)
    assert stamps == [0, 3]
    assert pts(end) == (-7, -1, 4, -6) and conserved(end)


def test_b2_9_precedence_naturali_simezi_tronfi_false():
    """B2.9: Naturali > Simezi > Tronfi > False; only the best applies."""
    end = declare_all(stacked(["2S 3S 4B 5B", "AD 7D 5D 4D", "RC CC 7C 3C", "AS 7B 2B 3B"]))
    assert end.result.contract == "tronfi" and end.result.declarer == 2
    end = declare_all(stacked(["2S 3S 4B 5B", "AD 7D 5D 4D", "RC CC 7C 3C", "6S 6B 6D FB"]))
    assert end.result.contract == "simezi" and end.result.declarer == 3
    assert pts(end) == (-3, -2, -2, 7)
    end = declare_all(stacked(["2S 3S 4B 5B", "AD 7D 5D 4D", "RC CC 7C 3C", "6S 6B 6D 6C"]))
    assert end.result.contract == "naturali" and end.result.declarer == 3
    assert pts(end) == (-4, -3, -3, 10)


def test_b2_9_false_vs_false_call_order():
    """B2.9 / F-A15: two False: the first in declaration order wins; the pot only."""
    s = stacked(["2S 3S 6B 6D", "AB 7B 5B 4B", "AD 7D 5D 4D", "RS CS 2C 3C"], dealer=1)
    # dealer 1: order 2, 3, 0, 1 -> seat 2 calls first
    end = declare_all(s)
    assert end.result.contract == "false" and end.result.declarer == 2
    assert pts(end) == (-1, -2, 4, -1)


def test_b2_9_combination_means_no_trick_phase():
    """B2.9: any combination ends the deal: no swap, no tricks."""
    s = stacked(["2S 3S 6B 6D", "AB 7B 5B 4B", "RS CS 2C 3D", "AD 7D 5S 4C"])
    end = declare_all(s)
    assert end.is_over and end.tricks == () and end.result.contract == "false"


# -- B2.12 degenerate hands -----------------------------------------------------------------------
def test_b2_12_lone_player_and_all_fold():
    """B2.12 / F-A23: one player left wins without play; all folded: pot stays."""
    hands = ["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"]
    end = declare_all(stacked(hands), {1: "fold", 2: "fold", 3: "fold"})
    assert end.result.contract == "lone" and end.result.declarer == 0
    assert pts(end) == (3, -1, -1, -1)
    end = declare_all(stacked(hands), {0: "fold", 1: "fold", 2: "fold", 3: "fold"})
    assert end.result.contract == "all_fold" and end.result.figures["pot_after"] == 5


# -- B2.10 trick phase ------------------------------------------------------------------------------
A = ["CD 3D 6C 7S", "2D 3S 4B 6B", "7D FS AC 5S", "RD 4D FB 2B"]


def test_b2_10_1_dealer_swaps_the_turnup():
    """B2.10.1 / F-A7: no combination: the dealer takes the turned-up card and discards one;
    he still holds 4. With dealer_turnup_at_piatti='none' play starts at once."""
    s = declare_all(stacked(A))
    assert s.phase == "swap" and s.to_move == 0
    assert "swap 5C" in legal(s) and "swap 7S" in legal(s)
    s = s.apply("swap 7S")
    assert s.phase == "play" and s.to_move == 1
    assert {c.code for c in s.hands[0]} == {"CD", "3D", "6C", "5C"}
    s = declare_all(stacked(A, dealer_turnup_at_piatti="none"))
    assert s.phase == "play" and s.to_move == 1


def test_b2_10_2_lead_dealers_right_or_next_active():
    """B2.10.2: the dealer's right leads trick 1; if he folded, the next active player."""
    assert to_play(stacked(A)).to_move == 1
    assert to_play(stacked(A), {1: "fold"}).to_move == 2
    assert to_play(stacked(A), {1: "fold", 2: "fold"}).to_move == 3


def test_b2_10_3_rispondere_no_trump_no_joker_and_beat_the_winner():
    """B2.10.3: holding the led suit you must play it (not a trump, not a joker) and beat
    the current winner if you can."""
    s = play(to_play(stacked(A)), "2D")
    assert legal(s) == ["play 7D"]
    assert refusal(s, "play FS") == "must_follow_suit"
    assert refusal(s, "play AC") == "must_follow_suit"
    s = play(s, "7D")
    assert legal(s) == ["play RD"]
    assert refusal(s, "play 4D") == "must_beat"
    assert refusal(s, "play FB") == "must_follow_suit"
    s = play(s, "RD")
    assert sorted(legal(s)) == ["play 3D", "play CD"]  # cannot beat the king: any denari
    s = play(s, "3D")
    assert s.tricks[-1].winner == 3 and s.to_move == 3


def test_b4_2_beat_reference_led_card():
    """B4.2 beat_reference='led_card': beating the led card is enough."""
    s = play(to_play(stacked(A, beat_reference="led_card")), "2D", "7D")
    assert sorted(legal(s)) == ["play 4D", "play RD"]


B = ["7C 2C 4S 5B", "RD 3S 4B 6B", "3C 6C AS 2S", "AD 4D 5S 7B"]


def test_b2_10_3_void_must_trump_and_two_of_cups_beats_the_king():
    """B2.10.3 / B2.2: void in the led suit you must trump; any trump beats any plain card
    ("the 2 of cups wins against the King")."""
    s = play(to_play(stacked(B)), "RD")
    assert sorted(legal(s)) == ["play 3C", "play 6C"]
    assert refusal(s, "play AS") == "must_trump"
    s = play(s, "3C")
    assert s.view()["winning"] == 2
    # trick already trumped: any denari
    assert sorted(legal(s)) == ["play 4D", "play AD"]
    s = play(s, "4D")
    # dealer void: must overtrump the 3C
    assert legal(s) == ["play 7C"]
    assert refusal(s, "play 2C") == "must_overtrump"
    s = play(s, "7C")
    assert s.tricks[-1].winner == 0 and s.to_move == 0 and s.piatti[0] == 1


def test_b2_10_3_two_of_cups_beats_king_when_alone():
    """B2.2 [S-PF]: the 2 of the dominant suit takes the trick from a plain King."""
    s = play(to_play(stacked(["AS 3B 4S 5B", "RD 3S 4B 6B", "2C 6S 7S 2S", "AD 4D 5S 7B"])),
             "RD", "2C", "AD", "AS")
    assert s.tricks[-1].winner == 2


def test_b4_2_must_trump_when_void_false_and_must_overtrump_false():
    """B4.2 must_trump_when_void=False / must_overtrump=False."""
    s = play(to_play(stacked(B, must_trump_when_void=False)), "RD")
    assert "play AS" in legal(s)
    s = play(to_play(stacked(B, must_overtrump=False)), "RD", "3C", "4D")
    assert sorted(legal(s)) == ["play 2C", "play 7C"]


def test_b2_10_3_vecia_led_others_sacrifice_a_trump():
    """B2.10.3 [S-PF]: the Vecia led: the others must answer with a trump if they have one."""
    s = to_play(stacked(["FB 7C 3D 4S", "FS 2D 3S 4B", "AC 5D 6S 7B", "4D 5B 6D 2S"]))
    s = play(s, "FS")
    assert legal(s) == ["play AC"]
    s = play(s, "AC")
    assert len(legal(s)) == 4  # no trump: any card
    s = play(s, "5B")
    assert sorted(legal(s)) == ["play 7C", "play FB"]
    s = play(s, "FB")
    assert s.tricks[-1].winner == 1


def test_b2_10_3_gobbo_led_vecia_holder_must_play_vecia():
    """B2.10.3: on a Gobbo lead, a Vecia holder must play the Vecia (the only card beating it)."""
    s = play(to_play(stacked(["AS 3D 4S 5B", "FB 2D 3S 4B", "FS 7C 6S 7B", "4D 5D 6D 2S"])),
             "FB")
    assert legal(s) == ["play FS"]
    assert refusal(s, "play 7C") == "must_beat"


def test_b2_10_3_vecia_dominates_on_a_coin_lead():
    """B2.10.3 / F-A16: void in coins, the Vecia (a trump) is played and takes the trick."""
    s = play(to_play(stacked(["AS 3B 4S 5B", "AD 2D 3S 4B", "FS 6S 7S 7B", "4D 5D 6D 2S"])),
             "AD")
    assert legal(s) == ["play FS"]
    s = play(s, "FS", "4D", "AS")
    assert s.tricks[-1].winner == 2


def test_b2_10_4_both_jokers_led_together_double_trick():
    """B2.10.3 / B2.10.4 / F-A19: holding both jokers on lead, lead them together; each other
    player answers with two cards, trumps while he has them; the leader scores 2 piatti and
    leads again."""
    s = to_play(stacked(["2C 7C 3D 4S", "FS FB 2D 3S", "AC 5D 6S 7B", "4D 5B 6D 2S"]))
    assert legal(s) == ["play FS FB"]
    assert refusal(s, "play FS") == "must_lead_both_jokers"
    s = play(s, "FS FB")
    assert refusal(s, "play 5D 6S") == "must_trump"
    assert refusal(s, "play AC") == "wrong_card_count"
    assert {frozenset(a.args) for a in s.legal_actions()} == {
        frozenset({"AC", "5D"}), frozenset({"AC", "6S"}), frozenset({"AC", "7B"})}
    s = play(s, "AC 6S", "5B 2S")
    assert legal(s) == ["play 7C 2C"]
    s = play(s, "2C 7C")
    assert s.piatti == (0, 2, 0, 0) and s.to_move == 1
    assert all(len(h) == 2 for h in s.hands)


def test_b4_2_both_jokers_lead_consecutive_forced():
    """B4.2 both_jokers_lead='consecutive_forced': the Vecia, then the Gobbo next trick."""
    s = to_play(stacked(["2C 7C 3D 4S", "FS FB 2D 3S", "AC 5D 6S 7B", "4D 5B 6D 2S"],
                        both_jokers_lead="consecutive_forced"))
    assert legal(s) == ["play FS"]
    s = play(s, "FS", "AC", "5B", "7C")
    assert s.to_move == 1 and legal(s) == ["play FB"]


# -- B2.11 settlement of the trick phase ----------------------------------------------------------
def test_b2_11_most_piatti_wins_zero_piatti_pay_the_pot_into_next_pot():
    """B2.11 / F-A21: most piatti take the pot; each active player with none pays the pot
    (5) into the next pot."""
    s = declare_all(stacked(["2B 6S 7S 4D", "FS AC RC 2D", "3S 4S 5S 6D", "3B 4B 5B 7D"]))
    s = s.apply("swap 2B")
    assert {c.code for c in s.hands[0]} == {"5C", "6S", "7S", "4D"}
    s = play(s, "FS", "3S", "3B")
    assert legal(s) == ["play 5C"]
    s = play(s, "5C", "AC", "4S", "4B", "6S", "RC", "5S", "5B", "7S", "2D")
    assert legal(s) == ["play 6D"]
    s = play(s, "6D")
    assert legal(s) == ["play 7D"]
    s = play(s, "7D", "4D")
    r = s.result
    assert s.is_over and r.contract == "piatti" and r.declarer == 1
    assert r.figures["seat_tricks"] == {"P1": 0, "P2": 3, "P3": 0, "P4": 1}
    assert pts(s) == (-7, 4, -6, -1) and r.figures["pot_after"] == 10 and conserved(s)


def test_b2_11_tie_one_each_pot_stays_no_stamp():
    """B2.11: 1-1-1-1 (piatto resta): the pot stays (5), nobody pays a stamp; each trick's
    winner leads the next (F-A20)."""
    s = to_play(stacked(["RB 6B 6D 3D", "AS 2B 4D 5D", "AB 2D 7D CD", "AD 3B 4B 5B"]))
    s = play(s, "AS", "CD", "5B", "6D")
    assert s.to_move == 1
    s = play(s, "2B", "AB", "4B", "6B")
    assert s.to_move == 2
    s = play(s, "2D", "AD", "3D", "4D")
    assert s.to_move == 3
    s = play(s, "3B", "RB", "5D", "7D")
    r = s.result
    assert r.figures["seat_tricks"] == {"P1": 1, "P2": 1, "P3": 1, "P4": 1}
    assert r.contract == "piatto_resta"
    assert r.declarer is None and r.figures["pot_after"] == 5 and pts(s) == (-2, -1, -1, -1)


# -- B2.12 / F-A26 matches -----------------------------------------------------------------------
def test_b2_12_match_dealer_moves_right_pot_carries():
    """B2.4 / B2.12: the deal passes to the dealer's right (seat+1); a carried pot gets only
    the next dealer's unit; the match ends after hands_to_play deals."""
    game = cardlab.load("panfin", hands_to_play=2)
    m = game.match(seed=3, dealer=1)
    first = m.deal(hands=["2S 3S 4B 6D", "RS RB 6B 2B", "AD RD 3D 2D", "AC 7C 4C 3C"],
                   turnup="5C")
    assert first.to_move == 2 and first.pot == 5
    end = first.apply("servito")  # seat 3's coppe hand ties it: the pot stays
    assert end.result.contract == "servito_tie" and end.result.figures["pot_after"] == 5
    m.record(end)
    assert m.dealer == 2 and not m.is_over
    nxt = m.deal(hands=["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"],
                 turnup="5C")
    assert nxt.dealer == 2 and nxt.to_move == 3
    assert nxt.pot == 6 and list(nxt.stacks) == [-1, -2, -2, -1]
    end2 = declare_all(nxt, {3: "fold", 0: "fold", 1: "fold"})
    assert end2.result.contract == "lone" and end2.result.declarer == 2
    m.record(end2)
    assert m.scores == {"P1": -1, "P2": -2, "P3": 4, "P4": -1} and m.pot == 0
    assert m.is_over and sum(m.scores.values()) + m.pot == 0


# -- F-A16: the jokers are not members of their natural suits ------------------------------------
def test_f_a16_vecia_is_not_a_spade_and_gobbo_not_a_baton():
    """B2.2 / F-A16: on a spade lead, the Vecia does not follow suit (a spade must be played
    if held); void in spades, the Vecia is a trump. Likewise the Gobbo on a baton lead."""
    hands = ["FS 4S 6D 7B", "3S 2B 4D 5D", "FB 5B 6S 2D", "FC RS 6C 3B"]
    s = play(to_play(stacked(hands)), "3S")
    assert legal(s) == ["play 6S"]  # FB is not a baton, 6S follows
    s = play(s, "6S")
    assert legal(s) == ["play RS"]  # must beat the winner with a spade, not the Vecia... seat 3
    s = play(s, "RS")
    assert legal(s) == ["play 4S"] and refusal(s, "play FS") == "must_follow_suit"
    # void in spades: the Vecia is a trump and must be played (the only trump)
    s = play(to_play(stacked(["FS 7D 6D 7B", "3S 2B 4D 5D", "6S 5B 2S 2D", "FC RS 6C 3B"])),
             "3S", "6S", "RS")
    assert legal(s) == ["play FS"]
    s = play(s, "FS")
    assert s.tricks[-1].winner == 0
    # a baton led: holding another baton, the Gobbo may not be played
    s = play(to_play(stacked(["AS 4S 6D 7B", "3B 2S 4D 5D", "FB 5B 6S 2D", "FC RS 6C 3S"])),
             "3B")
    assert legal(s) == ["play 5B"] and refusal(s, "play FB") == "must_follow_suit"


def test_f_a16_jokers_are_trumps_of_the_dominant_spade_suit():
    """B2.2: with spade dominant, a spade lead is a trump lead: a Vecia holder who can beat the
    winner must (the Vecia is the only card beating the ace)."""
    s = play(to_play(stacked(["AB 4B 6D 7B", "AS 2B 4D 5D", "FS 3S 6C 2D", "FC RB 6B 3B"],
                             turnup="5S")), "AS")
    assert legal(s) == ["play FS"] and refusal(s, "play 3S") == "must_beat"


def test_b2_6_b2_10_1_turned_up_vecia_goes_to_the_dealer():
    """B2.6 / B2.10.1: the Vecia turned up; the dealer chooses, and at the trick phase takes
    it into his hand (discarding one)."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], turnup="FS")
    s = declare_all(s.apply("choose D"))
    assert s.phase == "swap" and "swap 2S" in legal(s)
    s = s.apply("swap 2S")
    assert "FS" in {c.code for c in s.hands[0]} and len(s.hands[0]) == 4


# -- B2.5 / B2.6 dealing a pack order -------------------------------------------------------------
def test_b2_6_pack_order_dealt_one_at_a_time_from_the_dealers_right():
    """B2.6 / F-A24: one card at a time anticlockwise from the dealer's right, dealer last;
    then the turn-up, then the stock. (The cut lifts the top 20 cards, game.CUT_DEPTH, and
    puts the rest on top: an implementation choice, see the module docstring.)"""
    game = cardlab.load("panfin")
    codes = [c.code for c in game.deck]
    lifted = codes[:20]            # AS … 2B: the bottom of the lifted packet is 2B
    rest = codes[20:]              # AC … 2D
    s = game.deal(deck=codes, dealer=2)
    assert [c.code for c in s.cut] == ["2B"]
    dealt = rest + lifted
    for k, seat in enumerate([3, 0, 1, 2]):
        assert {c.code for c in s.hands[seat]} == {dealt[k + 4 * i] for i in range(4)}
    assert [c.code for c in s.turnup] == [dealt[16]] and s.dominant == "D"
    assert [c.code for c in s.stock] == dealt[17:]


def test_b2_5_pack_order_gobbo_at_the_cut_cutter_dealt_three():
    """B2.5 / B2.6: the Gobbo at the bottom of the lifted packet: the cutter keeps it, the next
    card is shown, and the cutter is skipped in the last round of the deal."""
    game = cardlab.load("panfin")
    codes = [c.code for c in game.deck]
    codes.remove("FB")
    codes.insert(19, "FB")          # the bottom of the lifted packet
    s = game.deal(deck=codes, dealer=0)
    assert [c.code for c in s.cut] == ["FB", codes[18]]
    dealt = codes[20:] + [c for c in codes[:20] if c != "FB"]
    assert {c.code for c in s.hands[3]} == {"FB", dealt[2], dealt[6], dealt[10]}
    assert {c.code for c in s.hands[1]} == {dealt[0], dealt[4], dealt[8], dealt[12]}
    assert {c.code for c in s.hands[0]} == {dealt[3], dealt[7], dealt[11], dealt[14]}
    assert [c.code for c in s.turnup] == [dealt[15]] and len(s.stock) == 23


def test_b2_6_choose_refusals():
    """B2.6: only the dealer chooses, and only a suit S, B, C or D."""
    s = stacked(["2S 3S 4B 6D", "AD 3D 2B 6B", "RS RB 6C 2D", "AB 7D 5S 4C"], turnup="FS")
    assert refusal(s, "choose X") == "bad_suit"
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("choose D", seat=1)
    assert err.value.code == "not_your_turn"
    assert refusal(s, "tengo") == "wrong_phase"


def test_b4_2_cut_shown_card_top_of_remaining():
    """B4.2 cut_shown_card='top_of_remaining' (F-A3): the top card of the remaining packet is
    shown; a Vecia there wins for the cutter."""
    game = cardlab.load("panfin", cut_shown_card="top_of_remaining")
    codes = [c.code for c in game.deck]
    assert [c.code for c in game.deal(deck=codes).cut] == [codes[20]]
    codes.remove("FS")
    codes.insert(20, "FS")
    s = game.deal(deck=codes, dealer=0)
    assert s.is_over and s.result.contract == "cut" and s.result.declarer == 3
