"""Panfin: declarations, servito, the combinations, their precedence, ties and payments
(B2.7-B2.9, B2.12). Four players, dealer P1 (seat 0), coppe dominant (5C turned up):
declarations go seat 1, 2, 3, then the dealer; a fresh pot is 5 (dealer 2, others 1)."""

from __future__ import annotations

from panfin_helpers import conserved, declare_all, legal, stacked

import cardlab


def points(state):
    return state.result.seat_points


def test_b2_9_naturali_pot_plus_two_from_everyone_even_folded():
    """B2.9: Naturali wins the pot plus 2 from every other player, folded ones included."""
    s = stacked(["AB 3S 4S 6D", "7S 7B 7C 7D", "AS 2S 3B 4D", "RS RB 6C 2D"])
    end = declare_all(s, {2: "fold"})
    assert end.result.contract == "naturali" and end.result.declarer == 1
    assert points(end) == (-4, 10, -3, -3) and conserved(end)


def test_b2_9_naturali_beats_simezi_and_simezi_pays_two():
    """B2.9: Naturali > Simezi; a Simezi losing to a Naturali pays the 2 like everyone."""
    s = stacked(["3S 4S 6D 2B", "7S 7B 7C 7D", "AS AB AD FS", "RS RB 6C 2D"])
    end = declare_all(s)
    assert end.result.declarer == 1 and points(end) == (-4, 10, -3, -3)


def test_b2_9_naturali_vs_naturali_higher_rank():
    """B2.9 / F-A15: two Naturali: the higher rank wins."""
    s = stacked(["3S 4S 6D 2B", "7S 7B 7C 7D", "AS AB AC AD", "RS RB 6C 2D"])
    assert declare_all(s).result.declarer == 2


def test_b2_9_simezi_pot_plus_one_from_every_other_player():
    """B2.9 / F-A13: Simezi wins the pot plus 1 from every other player (folded too)."""
    s = stacked(["3S 4S 6D 2B", "AS AB AD FS", "7S 2S 3B 4D", "RS RB 6C 2D"])
    end = declare_all(s, {2: "fold"})
    assert end.result.contract == "simezi" and points(end) == (-3, 7, -2, -2)


def test_b4_2_simezi_bonus_payers_active_only():
    """B4.2 simezi_bonus_payers='active_only': a folded player does not pay the Simezi bonus."""
    s = stacked(["3S 4S 6D 2B", "AS AB AD FS", "7S 2S 3B 4D", "RS RB 6C 2D"],
                simezi_bonus_payers="active_only")
    end = declare_all(s, {2: "fold"})
    assert points(end) == (-3, 6, -1, -2) and conserved(end)


def test_b2_9_precedence_simezi_over_tronfi_over_false():
    """B2.9: Naturali > Simezi > Tronfi > False: the Simezi wins; Tronfi and False give no
    exemption from its bonus."""
    s = stacked(["AD 3D 4B 6B", "2S 3S 4S 6S", "AC RC CC 2C", "7B 7D 7C FB"])
    end = declare_all(s)
    assert end.result.contract == "simezi" and end.result.declarer == 3
    assert points(end) == (-3, -2, -2, 7)


def test_b2_9_tronfi_stamp_fee_and_exemptions():
    """B2.9 / F-A14: Tronfi wins the pot; each other active player pays the pot into the next
    pot, except joker holders and players with a False (or lower Tronfi)."""
    s = stacked(["3S 4S 6B 7B", "AC RC CC 2C", "FS 3D 4D 6S", "AD RD CD 2D"])
    end = declare_all(s)
    assert end.result.contract == "tronfi" and end.result.declarer == 1
    assert points(end) == (-7, 4, -1, -1)
    assert end.pot == 5 and conserved(end)
    stamp = [p for p in end.view(None)["chips"]["payments"] if "stamp" in p["why"]]
    assert [(p["from"], p["to"], p["amount"]) for p in stamp] == [(0, "pot", 5)]


def test_b4_2_tronfi_stamp_payers_all_non_exempt():
    """B4.2 tronfi_stamp_payers: a folded non-exempt player pays only with 'all_non_exempt'."""
    hands = ["3S 4S 6B 7B", "AC RC CC 2C", "FS 3D 4D 6S", "AD RD CD 2D"]
    default = declare_all(stacked(hands), {0: "fold"})
    assert points(default) == (-2, 4, -1, -1) and default.pot == 0
    every = declare_all(stacked(hands, tronfi_stamp_payers="all_non_exempt"), {0: "fold"})
    assert points(every) == (-7, 4, -1, -1) and every.pot == 5


def test_b2_9_tronfi_gobbo_beats_jokerless_and_lower_tronfi_exempt():
    """B2.9: Tronfi with the Gobbo beats a joker-less Tronfi, whose holder pays no stamp."""
    s = stacked(["RS RB 6D 2D", "AC RC CC 2C", "FB 3C 4C 6C", "AS 2S 3B 4D"])
    end = declare_all(s)
    assert end.result.declarer == 2
    payers = sorted(p.payer for p in end.payments if "stamp" in p.why)
    assert payers == [0, 3]


def test_b2_9_tronfi_vecia_beats_gobbo():
    """B2.9: Tronfi with the Vecia beats Tronfi with the Gobbo."""
    s = stacked(["RS RB 6D 2D", "FS 2C 3C 4C", "FB AC RC CC", "AS 2S 3B 4D"])
    assert declare_all(s).result.declarer == 1


def test_b2_9_tronfi_without_jokers_highest_cards():
    """B2.9: between joker-less Tronfi, the one with the highest cards wins."""
    s = stacked(["RS RB 6D 2D", "RC CC FC 3C", "AC 7C 6C 2C", "AS 2S 3B 4D"])
    assert declare_all(s).result.declarer == 2


def test_b2_9_false_wins_pot_only_and_call_order_tiebreak():
    """B2.9 / F-A15: False wins the pot only; two False: the first in declaration order."""
    s = stacked(["RS 7B 6C 2D", "2S 3S 4S 6S", "AD RD CD FD", "AB 2B 3C 4C"])
    end = declare_all(s)
    assert end.result.contract == "false" and end.result.declarer == 1
    assert points(end) == (-2, 4, -1, -1)


def test_b4_2_tiebreak_false_tronfi_rule():
    """B4.2 tiebreak_false='tronfi_rule': two False compared by jokers then highest cards."""
    s = stacked(["RS 7B 6C 2D", "2S 3S 4S 6S", "AD RD CD FD", "AB 2B 3C 4C"],
                tiebreak_false="tronfi_rule")
    assert declare_all(s).result.declarer == 2


def test_b4_2_tiebreak_simezi_joker_then_rank_vs_rank():
    """B4.2 tiebreak_simezi: 'joker_then_rank' prefers the Vecia's Simezi; 'rank' the aces."""
    hands = ["3S 4S 6D 2B", "AS AB AD FB", "7S 7B 7D FS", "RS RB 6C 2D"]
    assert declare_all(stacked(hands)).result.declarer == 2
    assert declare_all(stacked(hands, tiebreak_simezi="rank")).result.declarer == 1


def test_b2_8_servito_ends_declarations_and_wins_pot_only():
    """B2.8 / F-A10: servito ends the declarations at once and wins the pot, no bonus."""
    s = stacked(["3B 4B 6S 7S", "AD RD CD 2D", "AS 3S 7B 4C", "RS RB 6C 2S"])
    assert "servito" in legal(s)
    end = s.apply("servito")
    assert end.is_over and end.result.contract == "servito"
    assert points(end) == (-2, 4, -1, -1)


def test_b2_8_servito_needs_four_of_a_suit():
    """B2.8: servito is refused without four cards of one suit (jokers wild)."""
    s = stacked(["3B 4B 6S 7S", "AD RD CD 2S", "AS 3S 7B 4C", "RS RB 6C 2D"])
    e = s.explain("servito")
    assert not e.legal and e.code == "not_servito" and e.rule == "B2.8"
    wild = stacked(["3B 4B 6S 7S", "AD RD FS FB", "AS 3S 7B 4C", "RS RB 6C 2D"])
    assert wild.explain("servito").legal


def test_b2_8_servito_tie_pot_stays():
    """B2.8 / F-A11: another four-of-a-suit ties the servito (no suit dominates): pot stays."""
    s = stacked(["4B 6B 7S 6S", "AD RD CD 2D", "RS RB 6C 3B", "AS 2S 3S 4S"])
    end = s.apply("servito")
    assert end.result.contract == "servito_tie" and end.pot == 5
    assert points(end) == (-2, -1, -1, -1)


def test_b4_2_servito_tie_split():
    """B4.2 servito_tie='split': the tied hands share the pot; the odd chip stays."""
    s = stacked(["4B 6B 7S 6S", "AD RD CD 2D", "RS RB 6C 3B", "AS 2S 3S 4S"],
                servito_tie="split")
    end = s.apply("servito")
    assert points(end) == (-2, 1, -1, 1) and end.pot == 1 and conserved(end)


def test_b2_8_servito_beaten_by_naturali():
    """B2.8: a Naturali in another hand beats the servito, with its bonus."""
    s = stacked(["RS RB 6C 3S", "AD RD CD 2D", "7S 7B 7C 7D", "AS 2S 3B 4B"])
    end = s.apply("servito")
    assert end.result.contract == "naturali" and end.result.declarer == 2
    assert points(end) == (-4, -3, 10, -3)


def test_b4_2_servito_ends_declarations_false():
    """B4.2 servito_ends_declarations=False: the others still declare and exchange; here P3
    draws RS (the stock's top) and ties the servito."""
    hands = ["AB RB 6D 7D", "AD RD CD 2D", "AS 2S 3S 5B", "7B 6B 4C 3C"]
    s = stacked(hands, servito_ends_declarations=False)
    t = s.apply("servito")
    assert t.phase == "declare" and t.to_move == 2
    end = declare_all(t, {2: "tengo 5B"})
    assert [c.code for c in end.hands[2]] == ["AS", "RS", "3S", "2S"]
    assert end.result.contract == "servito_tie"
    assert stacked(hands).apply("servito").result.contract == "servito"


def test_b2_7_tengo_exchanges_from_the_stock_top():
    """B2.7: tengo discards the named cards and draws as many from the top of the stock."""
    s = stacked(["3B 4B 6S 7S", "AD RD CD 2S", "AS 3S 7B 4C", "RS RB 6C 2D"])
    top = [c.code for c in s.stock[:2]]
    t = s.apply("tengo 2S AD")  # any order; read in pack order
    assert str(t.history[-1]) == "tengo 2S AD"
    assert sorted(c.code for c in t.hands[1]) == sorted(["RD", "CD", *top])
    assert len(t.stock) == len(s.stock) - 2 and t.to_move == 2
    assert t.view(0)["auction"] == [{"seat": 1, "call": "tengo, exchanging 2"}]


def test_b4_2_max_exchange_caps_the_exchange():
    """B4.2 max_exchange: more cards than allowed are refused with too_many_cards."""
    hands = ["3B 4B 6S 7S", "AD RD CD 2S", "AS 3S 7B 4C", "RS RB 6C 2D"]
    assert stacked(hands).explain("tengo AD RD CD").legal
    s = stacked(hands, max_exchange=2)
    e = s.explain("tengo AD RD CD")
    assert not e.legal and e.code == "too_many_cards" and e.rule == "B2.7"
    zero = stacked(hands, max_exchange=0)
    assert [a for a in legal(zero) if a.startswith("tengo")] == ["tengo"]


def test_f_a9_exchange_capped_by_the_stock():
    """F-A9: with six players the stock (15) can run short: no more than it holds."""
    s = cardlab.load("panfin", players=6).deal(seed=21)
    while s.phase == "choose":
        s = s.apply(s.legal_actions()[0])
    for _ in range(3):
        hand = " ".join(c.code for c in s.hands[s.to_move])
        s = s.apply(f"tengo {hand}")
    assert len(s.stock) == 3
    hand = " ".join(c.code for c in s.hands[s.to_move])
    e = s.explain(f"tengo {hand}")
    assert not e.legal and e.code == "stock_short"


def test_b2_7_fold_then_acting_is_already_passed():
    """B2.7: a folded player is out; acting again is refused already_passed; others wait."""
    s = stacked(["3B 4B 6S 7S", "AD RD CD 2S", "AS 3S 7B 4C", "RS RB 6C 2D"]).apply("fold")
    assert s.explain("tengo", seat=1).code == "already_passed"
    assert s.explain("tengo", seat=3).code == "not_your_turn"
    assert s.explain("play AS").code == "wrong_phase"
    assert s.explain("tengo 5D").code == "card_not_held"
    assert s.view(None)["hands"][1]["active"] is False


def test_b2_12_lone_player_wins_without_play():
    """B2.12 / F-A23: everyone else folds: the last player wins the pot without play."""
    s = stacked(["AD RD CD 2C", "AS 3S 7B 4C", "RS RB 6C 2S", "3B 4B 6S 7S"])
    end = declare_all(s, {1: "fold", 2: "fold", 3: "fold"})
    assert end.result.contract == "lone" and points(end) == (3, -1, -1, -1)


def test_b2_12_all_fold_pot_stays_and_next_dealer_adds():
    """B2.12 / B2.3: everyone folds: the pot stays; next deal only the dealer adds 1."""
    s = stacked(["AD RD CD 2C", "AS 3S 7B 4C", "RS RB 6C 2S", "3B 4B 6S 7S"])
    end = declare_all(s, {k: "fold" for k in range(4)})
    assert end.result.contract == "all_fold" and end.pot == 5
    nxt = end.game.deal(seed=2, dealer=1, pot=end.pot, stacks=list(end.stacks))
    assert nxt.pot == 6 and nxt.stacks == (-2, -2, -1, -1)


def test_f_a25_naturali_already_dealt_counts_with_stand_pat():
    """F-A25 / B2.7: a dealt Naturali kept by standing pat wins with the others."""
    s = stacked(["3S 4S 6D 2B", "RS RB 6C 2D", "7S 7B 7C 7D", "AS 2S 3B 4D"])
    assert declare_all(s).result.contract == "naturali"
