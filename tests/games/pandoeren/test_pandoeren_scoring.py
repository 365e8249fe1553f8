"""Pandoeren counting and scoring: roem, stuk, each contract's test and points (A2.10-A2.12)."""

from __future__ import annotations

import pytest
from pandoeren_helpers import declare, load, play_cards, play_out, won_by

from cardlab.cards import Card
from cardlab.engine.tricks import Play, Trick
from cardlab.games.pandoeren.roem import roem_instances, roem_total, team_roem_valid
from cardlab.games.pandoeren.rules import parse_bid
from cardlab.games.pandoeren.scoring import objective_status

HEARTS8 = "JH 9H AH KH QH 10H 8H 7H"
#: STRONG: N holds 8 hearts (an 8-card sequence A…7, the stuk and the jas); E holds AS.
#: E and S hold no roem (alternate ranks).
STRONG = dict(N=HEARTS8, E="AS QS 10S 8S AC QC 10C 8C", S="KS JS 9S 7S KC JC 9C 7C",
              W="AD KD QD JD 10D 9D 8D 7D", kijkkaart="6H")


def deal(spec=STRONG, **options):
    game = load(**options)
    return game.deal(hands=[spec[s] for s in "NESW"], kijkkaart=spec["kijkkaart"], dealer=3)


def hearts_out(state, announce=()):
    """N leads her hearts; everyone else plays their lowest card."""
    while not state.is_over:
        if state.to_move == 0:
            for a in announce:
                if state.is_legal(a):
                    state = state.apply(a)
        state = play_out_one(state)
    return state


def play_out_one(state):
    legal = [str(a) for a in state.legal_actions() if str(a).startswith("play")]
    return state.apply(legal[-1] if state.to_move != 0 else legal[0])


def cards(text):
    return [Card.parse(c) for c in text.split()]


# -- roem (A2.10.2) ----------------------------------------------------------------------
def test_a2_10_2_sequences_score_once_at_full_length():
    """A2.10.2: a maximal run scores once (5-run 100, not 20 + 50); the 6H can join."""
    assert roem_total(roem_instances(cards("AH KH QH JH 10H 9S 8S 7S"))) == 120
    assert roem_total(roem_instances(cards("8H 7H 6H AS KC QD 9S 7C"))) == 20
    assert roem_total(roem_instances(cards(HEARTS8))) == 160
    assert roem_total(roem_instances(cards("AS KS QS JS 8C 7C AD 7D"))) == 50


def test_a2_10_2_four_of_a_kind_only_aces_kings_queens_jacks():
    """A2.10.2: four jacks 200; four A/K/Q 100; no roem for four 10s, 9s, 8s or 7s."""
    assert roem_total(roem_instances(cards("JS JC JD JH 7S 9C 7D 8H"))) == 200
    assert roem_total(roem_instances(cards("AS AC AD AH 7S 9C 7D 8H"))) == 100
    assert roem_total(roem_instances(cards("10S 10C 10D 10H 7S 9C 7D 8H"))) == 0


def test_p_a14_option_roem_card_reuse():
    """P-A14 roem_card_reuse: True lets the JH count in four jacks and in K-Q-J of hearts;
    False picks the best disjoint set."""
    hand = cards("JS JC JD JH QH KH 7S 8C")
    assert roem_total(roem_instances(hand, reuse=True)) == 220
    assert roem_total(roem_instances(hand, reuse=False)) == 200
    state = deal(roem_card_reuse=False)
    assert state.game.options.roem_card_reuse is False


def test_a2_10_2_denial_order():
    """A2.10.2 denial: table order, then the higher top card, then ♠ > ♥ > ♦ > ♣."""
    def best(text):
        return max(i.key for i in roem_instances(cards(text)))
    assert best("AS KS QS 7C 8D") < best("AH KH QH JH 7C")        # 3-run < 4-run
    assert best("QS QC QD QH 7C") > best("AH KH QH JH 10H 7C")     # four queens > 5-run
    assert best("AS AC AD AH 7C") < best("AH KH QH JH 10H 9H")     # four aces < 6-run
    assert best("KS QS JS 7C") > best("QH JH 10H 7C")              # higher top card
    assert best("QS JS 10S 7C") > best("QH JH 10H 7C")             # spades > hearts
    assert best("QD JD 10D 7S") > best("QC JC 10C 7S")             # diamonds > clubs


def test_a2_10_2_combined_team_rule():
    """A2.10.2: the team's roem counts iff its best instance beats every bidding opponent's."""
    three = roem_instances(cards("AS KS QS 7C"))
    four = roem_instances(cards("AH KH QH JH 7C"))
    five = roem_instances(cards("AD KD QD JD 10D"))
    assert team_roem_valid([three], [])
    assert not team_roem_valid([three], [four])          # declarer denied
    assert team_roem_valid([three, five], [four])        # partner's better instance saves
    assert team_roem_valid([[], five], [four])           # declarer announced nothing
    assert not team_roem_valid([[], four], [five])


# -- contracts on the STRONG deal ---------------------------------------------------------
def test_a2_6_prive_made_ten_points_declarer_only():
    """A2.6 / A4.2: Privé, declarer wins all 8 alone: +10 to her, defenders unchanged."""
    state = hearts_out(declare(deal(), "prive", discard="6H", trump="H"))
    assert won_by(state) == [0] * 8 and state.result.made
    assert state.result.points == {"N": 10, "E": 0, "S": 0, "W": 0}


def test_a4_3_option_scoring_zero_sum_per_opponent():
    """P-A19 scoring='zero_sum_per_opponent': each declaring member gets v from each
    defender; pagat's default changes only the declaring side."""
    state = hearts_out(declare(deal(scoring="zero_sum_per_opponent"), "prive", discard="6H",
                               trump="H"))
    assert state.result.points == {"N": 30, "E": -10, "S": -10, "W": -10}
    state = hearts_out(declare(deal(scoring="zero_sum_per_opponent"), "pandoer", discard="6H",
                               trump="H", call="AS"))
    assert state.result.points == {"N": 10, "E": 10, "S": -10, "W": -10}


def test_a2_6_pandoer_made_five_each_for_declarer_and_partner():
    """A2.6 / A2.11: Pandoer, the team takes all 8: declarer and partner +5 each."""
    state = hearts_out(declare(deal(), "pandoer", discard="6H", trump="H", call="AS"))
    assert state.result.made and state.result.points == {"N": 5, "E": 5, "S": 0, "W": 0}


def test_a2_6_solo_zwabber_no_trumps_all_tricks():
    """A2.6: Solo-zwabber, no trumps: nobody can follow hearts, N takes all 8: +5."""
    state = hearts_out(declare(deal(), "solo_zwabber", discard="6H"))
    assert state.trump is None and state.result.made
    assert state.result.points["N"] == 5
    assert sum(state.result.figures["card_points"].values()) == 113


def test_a2_6_zwabber_declarer_wins_first_four_and_team_all():
    """A2.6: Zwabber made: N wins tricks 1-4 personally and the team all 8: +2 each."""
    state = hearts_out(declare(deal(), "zwabber", discard="6H", call="AS"))
    assert state.result.made and state.result.points == {"N": 2, "E": 2, "S": 0, "W": 0}


def test_a2_6_zwabber_fails_if_partner_wins_an_early_trick():
    """A2.6: Zwabber fails when someone else (even the partner) wins one of tricks 1-4."""
    spec = dict(STRONG, N="7S AH KH QH JH 10H 9H 8H", E="AS KS QS JS 10S 9S 8S 7H",
                S="AC KC QC JC 10C 9C 8C 7C")
    state = declare(deal(spec), "zwabber", discard="6H", call="AS")
    state = play_cards(state, "7S", "AS")
    state = play_out(state)
    assert state.tricks[0].winner == 1 and not state.result.made
    assert state.result.points == {"N": -2, "E": -2, "S": 0, "W": 0}
    assert len(state.tricks) == 1  # stop_when_decided: decided at trick 1


def test_a4_3_option_zwabber_partner_first_trick_winner():
    """P-A10 zwabber_partner='first_trick_winner': no call; the winner of trick 1 partners."""
    spec = dict(STRONG, N="7S AH KH QH JH 10H 9H 8H", E="AS KS QS JS 10S 9S 8S 7H",
                S="AC KC QC JC 10C 9C 8C 7C")
    state = declare(deal(spec, zwabber_partner="first_trick_winner"), "zwabber", discard="6H")
    assert state.phase == "play"
    state = play_out(play_cards(state, "7S", "AS"))
    assert state.partner == 1 and state.result.points["E"] == -2


def test_a2_10_number_bid_counts_cards_roem_and_stuk():
    """A2.10 / A2.11: 146 card points + 160 roem (8-run) = 306; the stuk adds 20 (under
    roem_announce='auto' with no action; under 'manual' only if announced)."""
    auto = hearts_out(declare(deal(number_bid_cap=400), "320", discard="6H", trump="H",
                              call="AS"))
    assert auto.result.figures["team_card_points"] == 146
    assert (auto.result.figures["roem"], auto.result.figures["stuk"]) == (160, 20)
    assert auto.result.made and auto.result.points == {"N": 4, "E": 4, "S": 0, "W": 0}
    opts = dict(number_bid_cap=400, roem_announce="manual")
    state = declare(deal(**opts), "320", discard="6H", trump="H", call="AS")
    without = hearts_out(state, announce=("announce roem",))
    assert without.result.figures["roem"] == 160 and without.result.figures["stuk"] == 0
    assert not without.result.made and without.result.points["N"] == -4
    with_stuk = hearts_out(state, announce=("announce roem", "announce stuk"))
    assert with_stuk.result.figures["stuk"] == 20 and with_stuk.result.made
    assert with_stuk.result.points == {"N": 4, "E": 4, "S": 0, "W": 0}


def test_p_a16_option_stuk_deadline():
    """P-A16 stuk_deadline: 'before_second_card' allows stuk after one of K/Q is played;
    'before_first_card' does not."""
    for mode, ok in (("before_second_card", True), ("before_first_card", False)):
        state = declare(deal(stuk_deadline=mode, roem_announce="manual"), "120", discard="6H",
                        trump="H", call="AS")
        state = play_cards(state, "KH", "8S", "7C", "7D")
        assert state.to_move == 0
        assert state.is_legal("announce stuk") is ok, mode
        if not ok:
            assert state.explain("announce stuk").code == "stuk_too_late"


def test_a2_10_3_stuk_only_with_king_and_queen_and_only_in_counting_contracts():
    """A2.10.3 / P-A17: stuk needs the trump K+Q and counts only in number / Pandoer+n
    (the refusals of 'announce stuk' under roem_announce='manual')."""
    state = declare(deal(roem_announce="manual"), "120", discard="6H", trump="S", call="AD")
    assert state.explain("announce stuk").code == "no_stuk"  # N holds no spades
    state = declare(deal(roem_announce="manual"), "prive", discard="6H", trump="H")
    assert state.explain("announce stuk").code == "no_counting"
    assert hearts_out(state).result.figures["stuk"] == 0
    assert hearts_out(declare(deal(), "prive", discard="6H", trump="H")).result.figures[
        "stuk"] == 0


def test_a2_11_pandoer_plus_needs_roem_and_stuk():
    """A2.11: Pandoer+160 made with the 8-run; Pandoer+180 needs the stuk as well (counted
    by itself under roem_announce='auto'; announced by hand under 'manual'); +200 fails."""
    s = hearts_out(declare(deal(), "pandoer+160", discard="6H", trump="H", call="AS"))
    assert s.result.made and s.result.points["N"] == 5
    s = hearts_out(declare(deal(), "pandoer+180", discard="6H", trump="H", call="AS"))
    assert s.result.made
    s = hearts_out(declare(deal(), "pandoer+200", discard="6H", trump="H", call="AS"))
    assert not s.result.made
    manual = declare(deal(roem_announce="manual"), "pandoer+180", discard="6H", trump="H",
                     call="AS")
    assert not hearts_out(manual, announce=("announce roem",)).result.made
    assert hearts_out(manual, announce=("announce roem", "announce stuk")).result.made


def test_a4_3_option_roem_announce_manual():
    """A2.10.2 roem_announce='manual': roem not announced is lost; 'auto' counts it."""
    state = declare(deal(roem_announce="manual"), "300", discard="6H", trump="H", call="AS")
    assert state.is_legal("announce roem")
    lost = hearts_out(state)
    assert lost.result.figures["roem"] == 0 and not lost.result.made
    kept = hearts_out(state, announce=("announce roem",))
    assert kept.result.figures["roem"] == 160 and kept.result.made
    auto = declare(deal(), "300", discard="6H", trump="H", call="AS")
    assert auto.explain("announce roem").code == "roem_auto"
    assert hearts_out(auto).result.made


def test_a4_3_option_roem_denial():
    """A2.10.2 roem_denial: E bid and holds a 4-run, N's 3-run is denied; off, it counts."""
    spec = dict(N="AS KS QS 7C 9C 7D 9D 8H", E="AH KH QH JH 7S 8S 10S 8C",
                S="JS 9S AD QD 10D 8D AC JC", W="10H 9H 7H KC QC 10C KD JD", kijkkaart="6H")
    for denial, expect in ((True, 0), (False, 20)):
        state = deal(spec, roem_denial=denial)
        state = state.apply("bid 120").apply("bid 130").apply("pass").apply("pass")
        state = state.apply("bid 140").apply("pass")
        state = state.apply("discard 6H").apply("trump C").apply("call AD")
        state = play_out(state)
        assert state.result.figures["roem_info"]["announced"] == {"N": 20}
        assert state.result.figures["roem"] == expect, denial


# -- negative contracts and piccolo -------------------------------------------------------
WEAK = dict(N="7S 8S 7C 8C 7D 8D 6H 7H", E="AS KS QS JS 10S 9S AC KC",
            S="QC JC 10C 9C AD KD QD JD", W="10D 9D JH 9H AH KH QH 10H", kijkkaart="8H")


@pytest.mark.parametrize("bid,points", [("misere", 3), ("misere_ouvert", 6),
                                        ("stil_praatje", 9), ("praatje", 9)])
def test_a2_6_misere_family_declarer_wins_no_trick(bid, points):
    """A2.6 / A4.2: Misère, Misère ouvert, Stil praatje, Praatje: made iff the declarer
    wins no trick; ±game points to the declarer alone."""
    state = declare(deal(WEAK, stop_when_decided=False), bid, discard="8H", trump="H")
    state = play_out(state, high_seats=(1, 2, 3))
    made = 0 not in won_by(state)
    assert state.result.made is made
    assert state.result.points == {"N": points if made else -points, "E": 0, "S": 0, "W": 0}
    assert made  # N's cards are the lowest of every suit


def test_a2_6_misere_fails_when_declarer_wins_and_stops_early():
    """A2.11 stop_when_decided=True: Misère ends once the declarer wins a trick."""
    state = declare(deal(STRONG), "misere", discard="6H", trump="H")
    state = play_cards(state, "JH", "8S", "7C", "7D")
    assert state.is_over and len(state.tricks) == 1 and not state.result.made
    assert state.result.points["N"] == -3


def test_a4_3_option_stop_when_decided_false():
    """A2.11 stop_when_decided=False: the deal is played to the last trick regardless."""
    state = declare(deal(STRONG, stop_when_decided=False), "misere", discard="6H", trump="H")
    state = play_cards(state, "JH", "8S", "7C", "7D")
    assert not state.is_over
    state = play_out(state)
    assert len(state.tricks) == 8 and not state.result.made


def _trick(winner, *plays):
    return Trick(plays[0][0], tuple(Play(s, Card.parse(c)) for s, c in plays), None, winner)


def _status(objective, tricks, final=True):
    opts = load(piccolo_objective=objective).options
    return objective_status(parse_bid("piccolo"), opts, tricks, 0, (0,), "H", final)


def test_p_a11_option_piccolo_objective():
    """P-A11 piccolo_objective: 'first_trick_only' (win trick 1, then none), 'any_one_trick',
    'first_trick_with_jas' (the one trick won with the jas)."""
    losing = [_trick(1, (0, "7S"), (1, "AS"), (2, "8S"), (3, "9S"))] * 7
    first = [_trick(0, (0, "AS"), (1, "7S"), (2, "8S"), (3, "9S"))] + losing
    jas_first = [_trick(0, (0, "JH"), (1, "7H"), (2, "8H"), (3, "9H"))] + losing
    later = losing[:1] + [_trick(0, (0, "AS"), (1, "7S"), (2, "8S"), (3, "9S"))] + losing[:6]
    assert _status("first_trick_only", first) is True
    assert _status("first_trick_only", later) is False
    assert _status("any_one_trick", later) is True
    assert _status("first_trick_with_jas", first) is False
    assert _status("first_trick_with_jas", jas_first) is True
    assert _status("any_one_trick", first[:1] * 2, final=False) is False
    assert _status("first_trick_only", losing[:1], final=False) is False


def test_a2_6_piccolo_points_made_and_failed():
    """A2.6 / A4.2: Piccolo and Piccolo ouvert score 3 and 6 to the declarer alone."""
    spec = dict(WEAK, N="AS 8S 7C 8C 7D 8D 6H 7H", E="7S KS QS JS 10S 9S AC KC")
    for bid, v in (("piccolo", 3), ("piccolo_ouvert", 6)):
        state = declare(deal(spec, stop_when_decided=False), bid, discard="8H", trump="H")
        state = play_out(play_cards(state, "AS"), high_seats=(1, 2, 3))
        wins = won_by(state)
        made = wins[0] == 0 and 0 not in wins[1:]
        assert state.result.made is made
        assert state.result.points["N"] == (v if made else -v)


def test_a2_6_kereltje_team_with_jas_holder():
    """A2.6: Kereltje: declarer + jas holder must win all 8: ±2 each."""
    spec = dict(STRONG, N="9H AH KH QH 10H 8H 7H 6H", E="JH KS QS JS 10S 9S 8S 7S",
                S="AC KC QC JC 10C 9C 8C 7C", kijkkaart="AS")
    state = declare(deal(spec), "kereltje", discard="AS", trump="H")
    assert state.partner == 1
    state = play_out(state, high_seats=(0, 1))
    made = all(w in (0, 1) for w in won_by(state)) and len(state.tricks) == 8
    assert state.result.made is made
    assert state.result.points["E"] == (2 if made else -2)


def test_a2_12_match_of_16_deals_and_target():
    """A2.12 / P-A20 game_end: 16 deals by default; {'target': X} ends at a score."""
    from cardlab.bots import bot_for

    bots = [bot_for("pandoeren", seed=i) for i in range(4)]
    match = load().match(seed=1).play(bots)
    assert match.is_over and match.deals_counted == 16 and len(match.sheet) == 16
    assert match.winner
    short = load(game_end={"target": 3}).match(seed=1).play(bots)
    assert short.is_over and max(short.scores.values()) >= 3


def test_a2_11_score_deal_under_zero_sum():
    """A2.11 score_deal: a finished deal rescored under the zero-sum variant."""
    state = hearts_out(declare(deal(), "prive", discard="6H", trump="H"))
    res = state.game.score_deal(state, **state.game.scoring_variants()["zero_sum_per_opponent"])
    assert res.points == {"N": 30, "E": -10, "S": -10, "W": -10}
