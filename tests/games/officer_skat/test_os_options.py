"""Officer Skat options (OS-9): each option and value, shown changing an outcome."""

from __future__ import annotations

import pytest
from officer_skat_helpers import D, F, facts, legal, opts, stacked, to_play

import cardlab
from cardlab.bots import RandomBot
from cardlab.games.officer_skat.scoring import score

DECK = ("7D 8D 9D 10D JD QD KD AD 7H 8H 9H 10H JH QH KH AH "
        "7S 8S 9S 10S JS QS KS AS 7C 8C 9C 10C JC QC KC AC").split()
D_NO_SPADES = ["KS/AC", "?/KC", "?/7C", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]


def test_os_9_defaults_are_the_table():
    """OS-9: the default rule set officers_skat, option by option."""
    o = cardlab.load("officer_skat").options
    assert (o.faces, o.choose_after_face_up, o.null_allowed, o.null_mode, o.null_value) == (
        "french", 4, True, "fewest_points", 23)
    assert (o.ramsch_allowed, o.pass_allowed, o.kontra_re, o.re_window) == (
        False, False, True, "before_dealer_second_face_up_row")
    assert (o.schneider, o.schwarz, o.schneider_schwarz_against_declarer, o.matadors) == (
        "lt30", "zero_points", True, "jacks_only")
    assert (o.game_value, o.scoring_method, o.method_a_schwarz_factor, o.loss_factor) == (
        "multiplicative", "game_value", 2, 2)
    assert (o.kontra_scope, o.match_deals, o.target) == ("all_methods", 4, None)
    assert cardlab.load("officer_skat", preset="officers_skat").options == o


def test_os_9_unknown_option_or_value_refused():
    """OS-9: an unknown option name or value raises ValueError naming the valid ones."""
    with pytest.raises(ValueError, match="valid options"):
        cardlab.load("officer_skat", bidding=True)
    with pytest.raises(ValueError, match="lt30"):
        cardlab.load("officer_skat", schneider="lt31")
    with pytest.raises(ValueError, match="even"):
        cardlab.load("officer_skat", match_deals=3)


def test_option_faces_german_names_only():
    """faces = german: German names (Unter of acorns), same card codes (OS-2.1)."""
    fr, de = cardlab.load("officer_skat"), cardlab.load("officer_skat", faces="german")
    jc = cardlab.Card.parse("JC")
    assert fr.deck.name(jc) == "jack of clubs" and de.deck.name(jc) == "Unter of acorns"
    assert [c.code for c in fr.deck] == [c.code for c in de.deck]
    s = de.deal(seed=1, dealer=1)
    assert "acorns" in s.describe("declare C")


def test_option_choose_after_face_up_8():
    """choose_after_face_up = 8 (B-4): F chooses after seeing all 8 face-up cards; the pack
    goes 8 face-down to F, 8 to D, 8 face-up to F, [choice], 8 face-up to D."""
    state = cardlab.load("officer_skat", choose_after_face_up=8).deal(
        deck=" ".join(DECK), dealer=0)
    f = state.layout.piles[1]
    assert [c.code for c, _ in f] == DECK[0:8]
    assert [c.code for _, c in f] == DECK[16:24]
    assert state.phase == "declare"
    assert state.view(1)["hands"][1]["cards"] == DECK[16:24]
    default = cardlab.load("officer_skat").deal(deck=" ".join(DECK), dealer=0)
    assert len(default.view(1)["hands"][1]["cards"]) == 4


def test_option_null_allowed_false():
    """null_allowed = false: 'declare null' is refused (OS-4)."""
    e = stacked(null_allowed=False).explain("declare null")
    assert not e.legal and e.code == "null_not_allowed"
    assert "declare null" in legal(stacked())


def test_option_null_mode_no_tricks_ends_at_first_trick():
    """null_mode = no_tricks (B-3): the Null declarer loses as soon as they win a trick; under
    fewest_points the deal goes on."""
    f = ["?/AS"]
    for mode, over in (("no_tricks", True), ("fewest_points", False)):
        state = to_play(stacked(f=f, d=D_NO_SPADES, null_mode=mode), "null")
        state = state.apply("play AS").apply("play 7C")
        assert state.tricks[-1].winner == F and state.is_over is over
    assert not state.apply(legal(state)[0]).is_over
    lost = to_play(stacked(f=f, d=D_NO_SPADES, null_mode="no_tricks"), "null")
    lost = lost.apply("play AS").apply("play 7C")
    assert lost.result.made is False and lost.result.seat_points == (-46, 0)


def test_option_null_mode_no_tricks_zero_point_trick():
    """null_mode (B-3): a declarer who took a 0-point trick wins under fewest_points, loses
    under no_tricks."""
    f = facts("null", (0, 120), tricks=(1, 15))
    assert score(f, opts()).made is True
    assert score(f, opts(null_mode="no_tricks")).made is False


def test_option_null_value_46():
    """null_value = 46 (B-20): a won Null scores 46 instead of 23."""
    f = facts("null", (30, 90))
    assert score(f, opts(null_value=46)).seat_points[0] == 46
    assert score(f, opts()).seat_points[0] == 23


def test_option_pass_allowed_dealer_chooses():
    """pass_allowed = true (B-2): F may pass; D then chooses after his first face-up row,
    becomes the declarer, and F may say Kontra."""
    state = stacked(pass_allowed=True)
    assert "pass" in legal(state)
    state = state.apply("pass")
    assert state.phase == "declare" and state.to_move == D
    assert all(p["up"] for p in state.view(D)["piles"][D][:4])
    e = state.explain("declare H", seat=F)
    assert not e.legal and e.code == "already_passed"
    e = state.explain("pass")
    assert not e.legal and e.code == "dealer_must_choose"
    state = state.apply("declare H")
    assert state.declarer == D and state.phase == "kontra" and state.to_move == F


def test_option_ramsch_allowed_two_passes_make_ramsch():
    """ramsch_allowed / pass_allowed = true / true (B-2): two passes make Ramsch."""
    state = stacked(pass_allowed=True, ramsch_allowed=True).apply("pass").apply("pass")
    assert state.contract == "ramsch" and state.phase == "play" and state.to_move == F
    while not state.is_over:
        state = state.apply(legal(state)[0])
    r = state.result
    cp = state.card_points
    assert r.contract == "ramsch" and r.declarer is None
    assert r.seat_points == (-cp[0], -cp[1]) or 120 in r.seat_points


def test_option_ramsch_allowed_declare_ramsch():
    """ramsch_allowed = true (B-2): Ramsch can be chosen; off by default."""
    assert "declare ramsch" in legal(stacked(ramsch_allowed=True))
    e = stacked().explain("declare ramsch")
    assert not e.legal and e.code == "ramsch_not_allowed"


def test_option_kontra_re_false():
    """kontra_re = false: no Kontra step; play starts after the choice."""
    assert stacked(kontra_re=False).apply("declare C").phase == "play"
    assert stacked().apply("declare C").phase == "kontra"


def test_option_re_window_until_opening_lead():
    """re_window = until_opening_lead (B-6): F is still asked at step 10, before D's second
    face-up row; a Re not said there stays open at F's opening lead (not by default)."""
    early = stacked().apply("declare C").apply("kontra")
    late = stacked(re_window="until_opening_lead").apply("declare C").apply("kontra")
    assert early.phase == late.phase == "re"
    assert early.view(F)["piles"][D][4]["up"] is None
    assert late.view(F)["piles"][D][4]["up"] is None
    assert "re" not in legal(early.apply("no_re"))
    assert legal(late.apply("no_re"))[0] == "re"


def test_option_schneider_le30():
    """schneider = le30 (B-11): 30 card points is Schneider (ISkO); not under lt30."""
    f = facts("C", (90, 30), cards="JC")
    assert score(f, opts(schneider="le30")).seat_points[0] == 48
    assert score(f, opts()).seat_points[0] == 24


def test_option_schwarz_no_tricks():
    """schwarz = no_tricks (B-12): a loser with a 0-point trick is not Schwarz (only
    Schneider); under zero_points they are."""
    f = facts("C", (120, 0), tricks=(15, 1), cards="JC")
    assert score(f, opts()).seat_points[0] == 96
    assert score(f, opts(schwarz="no_tricks")).seat_points[0] == 48


def test_option_schneider_schwarz_against_declarer_false():
    """schneider_schwarz_against_declarer = false (B-13): a losing declarer under 30 is not
    Schneider."""
    f = facts("H", (25, 95), cards="JC")
    assert score(f, opts()).seat_points[0] == -80
    assert score(f, opts(schneider_schwarz_against_declarer=False)).seat_points[0] == -40


def test_option_matadors_full_trump_sequence():
    """matadors = full_trump_sequence (B-14): the run goes on through the trump suit."""
    f = facts("S", (70, 50), cards="JC JS JH JD AS 10S")
    assert score(f, opts()).seat_points[0] == 55
    assert score(f, opts(matadors="full_trump_sequence")).seat_points[0] == 77


def test_option_game_value_isko_levels():
    """game_value = isko_levels (B-16): Schneider adds a level instead of doubling."""
    f = facts("D", (100, 20), cards="JC")
    assert score(f, opts()).seat_points[0] == 36
    assert score(f, opts(game_value="isko_levels")).seat_points[0] == 27


@pytest.mark.parametrize("method,expected", [
    ("game_value", (-40, 0)), ("base_doubled_schneider", (0, 10)),
    ("card_points", (0, 75)), ("match_points", (0, 2))])
def test_option_scoring_method(method, expected):
    """scoring_method (OS-7.5): one lost ♥ game with 1, scored by each method."""
    assert score(facts("H", (45, 75), cards="JC"), opts(scoring_method=method)
                 ).seat_points == expected


def test_option_method_a_schwarz_factor_4():
    """method_a_schwarz_factor = 4 (B-19): method A's Schwarz quadruples the base."""
    f = facts("H", (120, 0), tricks=(16, 0))
    m = "base_doubled_schneider"
    assert score(f, opts(scoring_method=m, method_a_schwarz_factor=4)).seat_points[0] == 40
    assert score(f, opts(scoring_method=m)).seat_points[0] == 20


def test_option_loss_factor_1():
    """loss_factor = 1 (B-17): a lost game costs its value once."""
    f = facts("H", (45, 75), cards="JC")
    assert score(f, opts(loss_factor=1)).seat_points[0] == -20


def test_option_kontra_scope_game_value_only():
    """kontra_scope = game_value_only (OS-7.4): Kontra leaves methods A-C alone."""
    f = facts("H", (75, 45), kontra=True)
    m = "match_points"
    assert score(f, opts(scoring_method=m)).seat_points[0] == 4
    assert score(f, opts(scoring_method=m, kontra_scope="game_value_only")).seat_points[0] == 2
    assert score(facts("H", (75, 45), cards="JC", kontra=True),
                 opts(kontra_scope="game_value_only")).seat_points[0] == 40


def test_option_match_deals_and_target():
    """match_deals / target (B-22): 2 deals instead of 4; or play to a target score."""
    bots = RandomBot(3)
    assert len(cardlab.load("officer_skat", match_deals=2).match(seed=1).play(bots).sheet) == 2
    m4 = cardlab.load("officer_skat").match(seed=1).play(bots)
    assert len(m4.sheet) == 4
    mt = cardlab.load("officer_skat", scoring_method="match_points", target=6).match(seed=1)
    mt.play(RandomBot(3))
    assert mt.is_over and max(mt.scores.values()) >= 6
    assert all(max(r["scores"].values()) < 6 for r in mt.sheet[:-1])
