"""Officer Skat scoring: winning, Schneider/Schwarz, matadors, game value, Kontra/Re, Null,
Ramsch and the simplified methods (OS-6, OS-7, B-2), with known Skat examples."""

from __future__ import annotations

import pytest
from officer_skat_helpers import facts, legal, opts, stacked, to_play

import cardlab
from cardlab.games.officer_skat.rules import CARD_POINTS
from cardlab.games.officer_skat.scoring import matadors, score


def pts(contract, points, cards="", **kw):
    """P1's (the declarer's) score under options ``kw``."""
    extra = {k: kw.pop(k) for k in ("tricks", "kontra", "re") if k in kw}
    return score(facts(contract, points, cards=cards, **extra), opts(**kw)).seat_points[0]


def test_os_7_2_seed_example_diamonds_with_three_is_36():
    """OS-7.2: ♦ trumps, declarer holds J♣ J♠ J♥ but not J♦: with 3, (3+1) × 9 = 36."""
    r = score(facts("D", (70, 50), cards="JC JS JH 7D"), opts())
    assert r.seat_points == (36, 0) and r.made
    assert "with 3, game 4, × diamonds 9 = 36" in r.breakdown


def test_os_7_2_breakdown_with_two_hearts_30():
    """OS-7.2: ♥ with 2 (J♣ J♠): game 3 × hearts 10 = 30, explained in the breakdown."""
    r = score(facts("H", (80, 40), cards="JC JS AH"), opts())
    assert r.points == {"P1": 30, "P2": 0}
    assert "with 2, game 3, × hearts 10 = 30" in r.breakdown


def test_os_7_1_without_matadors():
    """OS-7.1: without n: the declarer lacks J♣ and the n trumps above their highest."""
    assert matadors(tuple(cardlab.Card.parse(c) for c in ["JD", "AH"]), "H",
                    "jacks_only") == (False, 3)
    assert pts("H", (70, 50), "JD") == 40
    assert pts("H", (70, 50), "AH 10H") == 50  # without 4: no jack at all


def test_os_7_1_full_trump_sequence_seed_example():
    """OS-7.1: all four jacks and the trump A without the 10: with 5, 6 × base
    (full_trump_sequence); only with 4 when jacks only count."""
    cards = "JC JS JH JD AH KH"
    assert pts("H", (70, 50), cards, matadors="full_trump_sequence") == 60
    assert pts("H", (70, 50), cards) == 50


def test_os_7_1_matadors_counted_over_all_16_cards():
    """OS-7.1 / B-15: matadors count every card dealt to the declarer, face-down too."""
    state = to_play(stacked(f=["JC/7D", "JS/8D"]), "D")
    while not state.is_over:
        state = state.apply(legal(state)[0])
    assert state.result.figures["matadors"] == 2 and state.result.figures["with"]


def test_os_7_3_isko_grand_with_four_schneider_144():
    """OS-7.3: "Grand mit vier, Spiel fünf, Schneider sechs × 24 = 144" (ISkO levels)."""
    assert pts("grand", (95, 25), "JC JS JH JD", game_value="isko_levels") == 144
    assert pts("grand", (95, 25), "JC JS JH JD") == 240  # default: (4+1) × 24 × 2


def test_os_7_3_isko_without_two_lost_54():
    """OS-7.3: "ohne zwei, Spiel drei, verloren sechs × 9 = 54" (a lost ♦ game)."""
    assert pts("D", (50, 70), "JH JD", game_value="isko_levels") == -54


def test_os_7_3_hearts_with_two_schneider_60_against_40():
    """OS-7.3: ♥ with 2 and Schneider: 60 multiplicative against 40 with ISkO levels."""
    assert pts("H", (95, 25), "JC JS") == 60
    assert pts("H", (95, 25), "JC JS", game_value="isko_levels") == 40


def test_os_6_1_61_wins_60_60_loses():
    """OS-6.1: 61 card points win; at 60-60 the declarer loses (a loss costs 2 × value)."""
    assert pts("C", (61, 59), "JC") == 24
    r = score(facts("C", (60, 60), cards="JC"), opts())
    assert not r.made and r.seat_points == (-48, 0)


def test_os_6_2_schneider_below_30():
    """OS-6.2: Schneider if the loser has fewer than 30 card points (29 yes, 30 no)."""
    assert pts("C", (91, 29), "JC") == 48
    assert pts("C", (90, 30), "JC") == 24


def test_os_6_3_schwarz_no_card_points():
    """OS-6.3: Schwarz if the loser has no card points: × 4."""
    assert pts("C", (120, 0), "JC", tricks=(14, 2)) == 96


def test_os_7_2_schneider_counts_against_the_declarer():
    """OS-7.2 / B-13: a declarer with under 30 card points loses Schneider: ♥ with 1,
    20 × 2 = 40, lost × 2 = -80."""
    assert pts("H", (25, 95), "JC") == -80


def test_os_7_2_loss_costs_double():
    """OS-7.2 / B-17: a lost game costs twice its value."""
    assert pts("S", (40, 80), "JC") == -44


def test_os_7_4_kontra_doubles_re_quadruples():
    """OS-7.4: Kontra × 2, Kontra with Re × 4."""
    assert pts("H", (80, 40), "JC", kontra=True) == 40
    assert pts("H", (80, 40), "JC", kontra=True, re=True) == 80
    assert pts("H", (40, 80), "JC", kontra=True) == -80


def test_os_7_2_null_worth_23():
    """OS-7.2: Null is worth 23: win +23, loss -46; Kontra applies."""
    assert pts("null", (40, 80)) == 23
    assert pts("null", (80, 40)) == -46
    assert pts("null", (40, 80), kontra=True) == 46


def test_os_6_4_null_fewest_points():
    """OS-6.4: the Null declarer wins below 60 card points; 60-60 goes to the opponent."""
    assert pts("null", (59, 61)) == 23
    assert pts("null", (60, 60)) == -46


def test_os_7_5_a_base_doubled_schneider():
    """OS-7.5 A: the winner scores the base value, doubled for Schneider; matadors ignored;
    nobody loses points."""
    m = {"scoring_method": "base_doubled_schneider"}
    assert score(facts("C", (80, 40), cards="JC JS JH"), opts(**m)).seat_points == (12, 0)
    assert score(facts("C", (95, 25)), opts(**m)).seat_points == (24, 0)
    assert score(facts("C", (40, 80)), opts(**m)).seat_points == (0, 12)
    assert score(facts("null", (40, 80)), opts(**m)).seat_points == (23, 0)


def test_os_7_5_a_schwarz_counts_as_schneider():
    """OS-7.5 A / B-19: Schwarz counts as Schneider (× 2) by default."""
    r = score(facts("grand", (120, 0), tricks=(16, 0)),
              opts(scoring_method="base_doubled_schneider"))
    assert r.seat_points == (48, 0)


def test_os_7_5_b_card_points():
    """OS-7.5 B: the winner scores their card points; 60-60 gives the non-declarer 60."""
    m = opts(scoring_method="card_points")
    assert score(facts("H", (75, 45)), m).seat_points == (75, 0)
    assert score(facts("H", (60, 60)), m).seat_points == (0, 60)


def test_os_7_5_b_null_refused():
    """OS-7.5 B: Null may not be chosen under card points; the engine refuses it."""
    e = stacked(scoring_method="card_points").explain("declare null")
    assert not e.legal and e.code == "null_not_allowed_card_points" and e.rule == "OS-7.5"
    with pytest.raises(cardlab.IllegalAction):
        score(facts("null", (40, 80)), opts(scoring_method="card_points"))


def test_os_7_5_c_match_points_and_tie():
    """OS-7.5 C: the winner scores 2, 3 if Schneider, 4 if Schwarz; 60-60 gives 1 each."""
    m = opts(scoring_method="match_points")
    assert score(facts("H", (75, 45)), m).seat_points == (2, 0)
    assert score(facts("H", (95, 25)), m).seat_points == (3, 0)
    assert score(facts("H", (120, 0), tricks=(16, 0)), m).seat_points == (4, 0)
    assert score(facts("H", (60, 60)), m).seat_points == (1, 1)
    assert score(facts("null", (80, 40)), m).seat_points == (0, 2)


def test_os_7_4_kontra_applies_to_every_method():
    """OS-7.4: the Kontra/Re factor applies to methods A-C too, tie points included."""
    m = opts(scoring_method="match_points")
    assert score(facts("H", (60, 60), kontra=True, re=True), m).seat_points == (4, 4)


def test_b_2_ramsch_each_loses_their_points():
    """B-2: in Ramsch each player subtracts the card points they took."""
    r = score(facts("ramsch", (70, 50), declarer=None), opts())
    assert r.seat_points == (-70, -50) and r.declarer is None


def test_b_2_ramsch_durchmarsch_scores_120():
    """B-2: a player who takes all 16 tricks (Durchmarsch) scores +120."""
    r = score(facts("ramsch", (120, 0), tricks=(16, 0), declarer=None), opts())
    assert r.seat_points == (120, 0)


def test_os_2_2_played_deal_points_add_to_120_and_score_matches():
    """OS-2.2 / OS-6.1 / OS-7.2: a played deal's card points (counted here from the tricks)
    add to 120 and decide the result."""
    state = to_play(cardlab.load("officer_skat").deal(seed=21, dealer=1), "S")
    while not state.is_over:
        state = state.apply(legal(state)[-1])
    mine = [0, 0]
    for t in state.tricks:
        mine[t.winner] += sum(CARD_POINTS[c.rank] for c in t.cards)
    assert sum(mine) == 120
    assert state.result.figures["card_points"] == dict(zip(state.game.seat_names, mine))
    assert state.result.made == (mine[state.declarer] >= 61)


def test_os_7_5_score_deal_every_method():
    """OS-7.5: game.score_deal rescoring one finished deal under every scoring variant."""
    game = cardlab.load("officer_skat")
    state = to_play(game.deal(seed=5, dealer=0), "C", kontra=True)
    while not state.is_over:
        state = state.apply(legal(state)[0])
    variants = game.scoring_variants()
    assert set(variants) >= {"game_value", "isko_levels", "base_doubled_schneider",
                             "card_points", "match_points"}
    for name, options in variants.items():
        r = game.score_deal(state, **options)
        assert r == score(state.facts(), opts(**options)), name
        assert r.figures["method"] == options["scoring_method"]
    assert game.score_deal(state) == state.result
    with pytest.raises(ValueError):
        game.score_deal(state, scoring_method="bogus")
