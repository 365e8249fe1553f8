"""Independent rules audit of Officer Skat against ``shared/rules/officer_skat.md``.

Every scenario goes through the public API only (``cardlab.load``, ``game.deal(piles=…/deck=…)``,
``legal_actions``, ``apply``, ``explain``, ``view``, ``result``, ``trump_order``, ``match``,
``score_deal``). Played deals use fixed lines of play found offline, so the card-point splits
(60–60, 61, 30, 29, 0 with a trick …) are exact and each test replays about 36 actions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from officer_skat_helpers import to_play

import cardlab
from cardlab.cards import skat_pack

F, D = 0, 1  # all stacked deals here use dealer=1, so forehand/declarer is seat 0 (P1)

#: A deal (seat 0 = F, seat 1 = D; piles p0–p7 as down/up). F holds J♣ and J♥ but not J♠:
#: "with 1" in any suit game (value 2 × base), so hearts is worth 20.
SEED5 = ["AS/7H 8H/10C AC/10D 7S/9S JH/7C KH/JC 8S/8D 10H/KD",
         "KS/QC KC/9D QS/QD JD/9H 10S/JS AH/7D 8C/9C AD/QH"]
#: Lines of play on SEED5 (the cards in order, F leading the first trick).
LINES = {
    # hearts, F 60 – D 60
    "h60": "10D 7D JC QH 7C QC QD KD AC 9C KH JS 10S 9S 9D 8D AH JH 7H 9H QS 8S AD 10C KC 10H "
           "7S KS 8C AS JD 8H",
    # hearts, F 61 – D 59
    "h61": "10D QD KD 7D 7C QC JS JC JH QH KH AH 9H 10H 8D AD QS 9S 10S 8S 9D AC KC 10C 7S KS "
           "JD 8H 9C 7H AS 8C",
    # hearts, F 90 – D 30
    "h90": "KD 7D 7C QC KS 9S 9H 10H 10C 9C 7S 9D 10D QD AC 8C JH AH 8D QH JD 7H JS JC 8H AD "
           "KH 10S 8S QS KC AS",
    # hearts, F 91 – D 29
    "h91": "8D 7D 9S 9H QD 10D JC JS 7C QC AH 7H QH JH KD 9D 7S 10S AD 10H 10C KC AC 9C AS KS "
           "8H JD QS 8S 8C KH",
    # hearts, F 29 – D 91
    "h29": "8D 9D KC 7C 9H 7H 9C 10C AS JS QC KD QH 10H 9S 10S AD 10D 7D 8H 8S KS QD AC JD JH "
           "7S QS 8C JC KH AH",
    # hearts, F 30 – D 90
    "h30": "JC JS 7C 9C QD 8D QC 10C JH QH 9S 10S QS 7S 9H 7H 8C KH 8S KS JD 8H 7D KD 10D AD "
           "AH 10H 9D AC KC AS",
    # null, F 60 – D 60
    "n60": "10C 9C 7C 8C 9H 7H JS AS 8H QH 10S 9S QC JC 9D 10D KH QD KD JD 10H KC 7S KS AD 8D "
           "QS 8S 7D JH AH AC",
    # null, F 59 – D 61
    "n59": "JC 9C 7H QH QC 10C 9D 8D 7D KD 9S KS AH 8H KC 7C QD 10D 9H JH KH JD 10H AD 7S QS "
           "JS AS AC 8C 8S 10S",
    # null, F takes no trick at all (0 – 120)
    "n0": "9S JS QD 10D 9H 7H QH AS 9D 8D KC JC QC 10C AD KD 7D 7S AH 10H QS 8S JD AC 10S KH "
          "9C 7C KS 8H 8C JH",
}
#: Grand: F holds all four jacks and every A/10/K except K♣ (and 7♣); D can win only 7♣ led.
ZERO = ["JC/AS JS/10S JH/KS JD/AH AC/10H 10C/KH 7C/AD 10D/KD",
        "KC/QC 9C/8C QS/9S 8S/7S QH/9H 8H/7H QD/9D 8D/7D"]
#: F 120 – D 0, but D wins one trick (7♣ led, 9♣ on it): Schwarz by card points, not by tricks.
ZERO_LINE = ("KH 7H AS 7S 10H 8H 10C 8C AC QC KD 9D JC 8S KS 9S JH 9H AD 7D 10S QS 10D 8D AH QH "
             "7C 9C QD JS JD KC")
#: Hearts: F holds J♣ J♠ J♥ J♦ A♥ but not 10♥ (the seed's "5 matadors" example).
FULL = ["JC/JS JH/JD AH/KH QH/9H AC/10C AS/10S AD/10D KC/KS",
        "10H/8H 7H/QC 9C/8C 7C/QS 9S/8S 7S/QD 9D/8D 7D/KD"]
FULL_LINE = ("10S 8S JS 8H KS 9S KH 10H QS AS 9H KD JC 7D 10D 8D KC 8C AH 7C JD 9D QH 9C JH QD "
             "10C QC AD 7H 7S AC")


def load(**options: Any):
    return cardlab.load("officer_skat", **options)


def calls(state, game: str, kontra: bool = False, re: bool = False):
    """Declare ``game`` and answer Kontra/Re up to the opening lead."""
    return to_play(state, game, kontra=kontra, re=re)


def play_line(piles, game: str, line: str, kontra: bool = False, re: bool = False,
              **options: Any):
    state = load(**options).deal(piles=piles, dealer=D)
    state = calls(state, game, kontra, re)
    assert state.phase == "play" and state.to_move == F  # OS-5.1 F leads
    for card in line.split():
        if state.is_over:
            break
        state = state.apply(f"play {card}")
    return state


def finished(name: str, game: str, **kw: Any):
    state = play_line(SEED5, game, LINES[name], **kw)
    assert state.is_over
    return state


def up_deal(f_ups: str, d_ups: str, **options: Any):
    """A deal with all 16 face-up cards given (p0–p7 per seat), face-down cards filled in."""
    ups = [f_ups.split(), d_ups.split()]
    used = set(ups[0] + ups[1])
    spare = [c.code for c in skat_pack() if c.code not in used]
    piles = [" ".join(f"{spare.pop(0)}/{u}" for u in seat) for seat in ups]
    return load(**options).deal(piles=piles, dealer=D)


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


# -- OS-2 cards ----------------------------------------------------------------------------
def test_os_2_1_os_2_2_pack_and_points():
    """OS-2.1 / OS-2.2: 32 cards; A11 10:10 K4 Q3 J2; a played deal's points total 120."""
    game = load()
    assert len(game.deck) == 32
    state = finished("h61", "H")
    assert sum(state.card_points) == 120 and sum(state.tricks_won) == 16


# -- OS-3 deal -----------------------------------------------------------------------------
def test_os_3_2_deck_mapping_and_windows():
    """OS-3.2: c0–3 F down row 1, c4–7 D down, c8–11 F up, [choice], c12–15 D up, [Kontra],
    c16–19 F down row 2, c20–23 D down row 2, c24–27 F up row 2, [Re], c28–31 D up row 2."""
    pack = [c.code for c in skat_pack()]
    game = load()
    state = game.deal(deck=" ".join(pack), dealer=0)  # F is seat 1
    f, d = 1, 0
    assert state.to_move == f and state.phase == "declare"
    assert state.setup["piles"][f].split() == [
        f"{pack[i]}/{pack[8 + i]}" for i in range(4)] + [
        f"{pack[16 + i]}/{pack[24 + i]}" for i in range(4)]
    assert state.setup["piles"][d].split() == [
        f"{pack[4 + i]}/{pack[12 + i]}" for i in range(4)] + [
        f"{pack[20 + i]}/{pack[28 + i]}" for i in range(4)]
    # step 4: F has seen only c8–c11; D's face-up cards are not dealt yet
    v = state.view(f)
    assert [p["up"] for p in v["piles"][f]] == pack[8:12] + [None] * 4
    assert [p["up"] for p in v["piles"][d]] == [None] * 8
    state = state.apply("declare S")
    # step 6: D says Kontra having seen c12–c15, before c16 is dealt
    assert state.phase == "kontra" and state.to_move == d
    v = state.view(d)
    assert [p["up"] for p in v["piles"][d]] == pack[12:16] + [None] * 4
    assert [p["down"] for p in v["piles"][f]][4:] == [None] * 4
    state = state.apply("kontra")
    # step 10: F answers Re after c24–c27, before c28–c31
    assert state.phase == "re" and state.to_move == f
    v = state.view(f)
    assert [p["up"] for p in v["piles"][f]] == pack[8:12] + pack[24:28]
    assert [p["up"] for p in v["piles"][d]] == pack[12:16] + [None] * 4
    state = state.apply("re")
    assert state.phase == "play" and state.to_move == f
    assert [p["up"] for p in state.view(f)["piles"][d]] == pack[12:16] + pack[28:32]


def test_os_3_2_no_re_without_kontra_and_kontra_only_by_dealer():
    """OS-7.4: only D may say Kontra; Re only after Kontra."""
    state = load().deal(piles=SEED5, dealer=D).apply("declare H")
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply("kontra", seat=F)
    assert err.value.code == "not_your_turn"
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply("re")
    assert err.value.code == "wrong_phase"
    state = state.apply("no_kontra")
    assert state.phase == "play" and not state.kontra


def test_b_6_re_window_until_opening_lead():
    """B-6 option: F is still asked at step 10 (before D's second face-up row); a Re not
    said there stays open beside the card plays at F's opening lead."""
    state = load(re_window="until_opening_lead").deal(piles=SEED5, dealer=D)
    state = state.apply("declare H").apply("kontra")
    assert state.phase == "re" and state.to_move == F
    assert all(p["up"] is None for p in state.view(F)["piles"][D][4:])
    state = state.apply("no_re")
    assert state.phase == "play" and state.to_move == F
    assert all(p["up"] is not None for p in state.view(F)["piles"][D])
    assert legal(state)[0] == "re" and state.re_open


def test_b_4_choose_after_eight_face_up_cards():
    """B-4 / OS-3.3: with choose_after_face_up=8 F chooses after seeing 8 face-up cards."""
    state = load(choose_after_face_up=8).deal(piles=SEED5, dealer=D)
    v = state.view(F)
    assert state.phase == "declare"
    assert all(p["up"] is not None for p in v["piles"][F])
    assert all(p["up"] is None for p in v["piles"][D])
    state = state.apply("declare H")
    assert state.phase == "kontra"
    assert all(p["up"] is not None for p in state.view(D)["piles"][D])


def test_os_4_declare_actions_and_option_refusals():
    """OS-4 / OS-9: ♣ ♠ ♥ ♦ Grand Null by default; null_allowed=False; Null refused under B."""
    state = load().deal(piles=SEED5, dealer=D)
    assert legal(state) == ["declare C", "declare S", "declare H", "declare D",
                            "declare grand", "declare null"]
    s2 = load(null_allowed=False).deal(piles=SEED5, dealer=D)
    assert "declare null" not in legal(s2)
    with pytest.raises(cardlab.IllegalAction) as err:
        s2.apply("declare null")
    assert err.value.code == "null_not_allowed"
    s3 = load(scoring_method="card_points").deal(piles=SEED5, dealer=D)
    assert "declare null" not in legal(s3)
    assert not s3.explain("declare null").legal
    with pytest.raises(cardlab.IllegalAction):
        s3.apply("declare ramsch")
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply("pass")
    assert err.value.code == "pass_not_allowed"


def test_b_2_pass_then_dealer_chooses_then_ramsch():
    """B-2: with pass_allowed F may pass and D chooses; with ramsch_allowed two passes → Ramsch."""
    state = load(pass_allowed=True).deal(piles=SEED5, dealer=D).apply("pass")
    assert state.phase == "declare" and state.to_move == D
    assert "pass" not in legal(state)
    state = state.apply("declare grand")
    assert state.declarer == D
    s2 = load(pass_allowed=True, ramsch_allowed=True).deal(piles=SEED5, dealer=D)
    s2 = s2.apply("pass").apply("pass")
    assert s2.phase == "play" and s2.contract == "ramsch" and s2.declarer is None
    assert [c.code for c in s2.trump_order()] == ["JC", "JS", "JH", "JD"]


# -- OS-4 / OS-5 play -----------------------------------------------------------------------
def test_os_4_trump_orders():
    """OS-4: suit game 11 trumps J♣ J♠ J♥ J♦ A 10 K Q 9 8 7; Grand the jacks; Null none."""
    state = load().deal(piles=SEED5, dealer=D)
    assert [c.code for c in state.trump_order("H")] == [
        "JC", "JS", "JH", "JD", "AH", "10H", "KH", "QH", "9H", "8H", "7H"]
    assert [c.code for c in state.trump_order("grand")] == ["JC", "JS", "JH", "JD"]
    assert state.trump_order("null") == []
    assert [c.code for c in calls(state, "D").trump_order()][:5] == ["JC", "JS", "JH", "JD", "AD"]


def test_os_5_2_only_face_up_top_cards_playable():
    """OS-5.1 / OS-5.2: F leads one of their 8 face-up cards; face-down cards refused."""
    state = calls(load().deal(piles=SEED5, dealer=D), "H")
    assert state.to_move == F
    assert sorted(legal(state)) == sorted(
        f"play {c}" for c in "7H 10C 10D 9S 7C JC 8D KD".split())
    for code in ("AS", "KS"):  # own face-down; the opponent's face-down
        with pytest.raises(cardlab.IllegalAction) as err:
            state.apply(f"play {code}")
        assert err.value.code == "card_face_down" and err.value.rule == "OS-5.2"
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply("play QC")
    assert err.value.code == "not_your_card"


def test_os_5_3_uncovered_card_turns_after_the_trick():
    """OS-5.3: the card under a played card stays face down for the rest of the trick, then
    turns up and is playable from the next trick."""
    state = calls(load().deal(piles=SEED5, dealer=D), "H")
    state = state.apply("play 7H")  # F's p0: AS beneath
    pile = state.view(F)["piles"][F][0]
    assert pile["up"] is None and pile["down"] == "hidden"
    assert "AS" not in [c.code for c in state.top_cards(F)]
    # D must follow trumps: 9H (p3) or QH (p7) or JS (p4)
    assert sorted(legal(state)) == ["play 9H", "play JS", "play QH"]
    state = state.apply("play JS")  # D wins; 10S lay beneath JS (D p4)
    assert state.tricks[-1].winner == D
    assert state.view(F)["piles"][F][0] == {"down": None, "up": "AS", "turned": True}
    assert state.view(F)["piles"][D][4]["up"] == "10S"
    assert "play 10S" in legal(state)  # D leads and may play the card just turned


def test_os_5_3_follower_face_down_card_creates_no_obligation():
    """OS-5.3 / OS-5.5: a follower's face-down card of the led suit does not oblige them."""
    # D's only spades are face down (KS QS 10S under cards); face-up: no spade
    state = calls(load().deal(piles=SEED5, dealer=D), "grand")
    state = state.apply("play 9S")
    assert sorted(legal(state)) == sorted(
        f"play {c}" for c in "QC 9D QD 9H JS 7D 9C QH".split())  # JS is a trump, not a spade


@pytest.mark.parametrize("game, f_lead, d_ups, expected", [
    # suit game: a led jack asks for trumps, i.e. jacks and the trump suit
    ("H", "JC", "7H AS 7C 8D 9S 10D KC QS", ["play 7H"]),
    # suit game: an ace of trumps led; a jack is the follower's only trump
    ("H", "AH", "JD AS 7C 8D 9S 10D KC QS", ["play JD"]),
    # Grand: a led jack asks only for jacks; clubs do not count
    ("grand", "JC", "7H AS 7C 8D 9S 10D KC QS",
     ["play AS", "play 9S", "play QS", "play 10D", "play 8D", "play KC", "play 7C", "play 7H"]),
    # Grand: a led club: a jack of clubs is not a club
    ("grand", "AC", "JS 7C AS 8D 9S 10D KH QS", ["play 7C"]),
    # Null: the jack is an ordinary club
    ("null", "JC", "7H AS 7C 8D 9S 10D KC QS", ["play KC", "play 7C"]),
    ("null", "AC", "JS AS 7D 8D 9S 10D KH QS", None),  # void in clubs: anything
    # suit game, void in the led plain suit: no obligation to trump (OS-5.5)
    ("H", "AC", "JD 7H AS 8D 9S 10D KS QS", None),
])
def test_os_5_4_os_5_5_effective_suit_following(game, f_lead, d_ups, expected):
    """OS-5.4 / OS-5.5 the effective suit decides what the follower must play."""
    f_ups = " ".join([f_lead] + [c for c in "8C 9C 10C QC 7S 8S 8H 9H AD".split()
                                if c not in d_ups.split() and c != f_lead][:7])
    state = calls(up_deal(f_ups, d_ups), game).apply(f"play {f_lead}")
    want = expected if expected is not None else [f"play {c}" for c in d_ups.split()]
    assert sorted(legal(state)) == sorted(want)
    for c in d_ups.split():
        if f"play {c}" not in want:
            verdict = state.explain(f"play {c}")
            assert not verdict.legal and verdict.code == "must_follow_suit"
            # a jack (not the trump suit's own) among the led card, the refused card and the
            # cards that must follow changes suit: the reason cites OS-5.4 beside OS-5.5
            involved = [f_lead, c] + [a.split()[1] for a in want]
            jack = game != "null" and any(x[0] == "J" and x[1:] != game for x in involved)
            assert verdict.rule == ("OS-5.4/OS-5.5" if jack else "OS-5.5")


@pytest.mark.parametrize("game, lead, follow, winner", [
    ("H", "AH", "JD", D),        # any jack beats the trump ace
    ("H", "JD", "AH", F),
    ("H", "AS", "7H", D),        # a trump beats the led plain suit
    ("H", "AS", "AC", F),        # a discard never wins
    ("grand", "KC", "10C", D),   # 10 above K outside Null
    ("grand", "AC", "JD", D),    # the lowest jack is still a trump
    ("null", "10C", "JC", D),    # Null: A K Q J 10 9 8 7
    ("null", "QC", "KC", D),
    ("null", "AS", "7H", F),     # no trumps in Null: the led suit wins
    ("D", "QD", "9D", F),
    ("C", "JS", "JC", D),
])
def test_os_5_6_trick_winner(game, lead, follow, winner):
    """OS-5.6: higher trump; else higher card of the led suit; another suit never wins."""
    pack = [c for c in skat_pack() if c.code not in (lead, follow)]
    # D's other face-up cards: no jack, nothing of the led or trump suit, so D may play follow
    lead_suit = lead[-1]
    d_rest = [c.code for c in pack if c.rank != "J" and c.suit not in (lead_suit, game)][:7]
    f_rest = [c.code for c in pack if c.code not in d_rest][:7]
    f_ups = " ".join([lead] + f_rest)
    d_ups = " ".join([follow] + d_rest)
    state = calls(up_deal(f_ups, d_ups), game).apply(f"play {lead}")
    assert f"play {follow}" in legal(state)
    state = state.apply(f"play {follow}")
    assert state.tricks[-1].winner == winner
    assert state.to_move == winner  # OS-5.1 the winner leads next


# -- OS-6 / OS-7.2 results of played deals ----------------------------------------------------
def test_os_6_1_60_60_declarer_loses_double():
    """OS-6.1: 60–60 goes to the non-declarer; OS-7.2 hearts with 1 = 20, lost −40."""
    r = finished("h60", "H").result
    assert r.made is False and r.declarer == F
    assert r.points == {"P1": -40, "P2": 0}


def test_os_6_1_61_wins_with_kontra_and_re():
    """OS-6.1 61 wins; OS-7.4 Kontra ×2, Re ×4."""
    assert finished("h61", "H").result.points == {"P1": 20, "P2": 0}
    assert finished("h61", "H", kontra=True).result.points["P1"] == 40
    assert finished("h61", "H", kontra=True, re=True).result.points["P1"] == 80
    assert finished("h60", "H", kontra=True, re=True).result.points["P1"] == -160


def test_os_6_2_schneider_lt30_and_le30():
    """OS-6.2 / B-11: 30 is not Schneider by default, but is with schneider=le30; 29 is."""
    assert finished("h90", "H").result.points["P1"] == 20
    assert finished("h90", "H", schneider="le30").result.points["P1"] == 40
    assert finished("h91", "H").result.points["P1"] == 40


def test_os_7_2_schneider_against_a_losing_declarer():
    """OS-7.2 / B-13: a declarer with 29 is Schneider: value 20 × 2 = 40, lost −80."""
    assert finished("h29", "H").result.points["P1"] == -80
    assert finished("h29", "H", schneider_schwarz_against_declarer=False
                    ).result.points["P1"] == -40
    assert finished("h29", "H", loss_factor=1).result.points["P1"] == -40


def test_os_6_2_declarer_with_exactly_30_is_not_schneider_by_default():
    """OS-6.2 (loser of either side < 30) / OS-9: a losing declarer with 30 is not Schneider
    under the default lt30 (−2 × 20); with schneider=le30 they are (−2 × 40)."""
    state = finished("h30", "H")
    assert state.card_points == (30, 90)
    assert state.result.points == {"P1": -40, "P2": 0}
    assert state.game.score_deal(state, schneider="le30").points["P1"] == -80


def test_b_2_ramsch_played():
    """B-2: after two passes Ramsch is played with Grand trick rules; each player loses the
    card points they took."""
    state = load(pass_allowed=True, ramsch_allowed=True).deal(piles=SEED5, dealer=D)
    state = state.apply("pass").apply("pass")
    assert state.to_move == F
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    a, b = state.card_points
    assert a + b == 120 and 0 < a < 120
    assert state.result.points == {"P1": -a, "P2": -b}


def test_os_7_3_isko_levels_on_played_deals():
    """OS-7.3: ISkO levels: with 1, game 2, Schneider 3 × 10 = 30; lost with Schneider −60."""
    assert finished("h91", "H", game_value="isko_levels").result.points["P1"] == 30
    assert finished("h29", "H", game_value="isko_levels").result.points["P1"] == -60


def test_os_6_3_schwarz_by_points_and_by_tricks():
    """OS-6.3 / B-12: D took one trick worth 0. Default (no card points) Schwarz: Grand with 4,
    game 5 × 24 = 120 × 4 = 480. schwarz=no_tricks: only Schneider, 240; with ISkO levels
    that is the ISkO check "Grand mit vier … Schneider … 144"."""
    state = play_line(ZERO, "grand", ZERO_LINE)
    assert state.is_over and state.card_points == (120, 0) and state.tricks_won == (15, 1)
    assert state.result.points["P1"] == 480
    game = state.game
    assert game.score_deal(state, schwarz="no_tricks").points["P1"] == 240
    assert game.score_deal(state, schwarz="no_tricks", game_value="isko_levels"
                           ).points["P1"] == 144
    assert game.score_deal(state, game_value="isko_levels").points["P1"] == 168
    # method A: base doubled (Schwarz counts as Schneider, option ×4); method C: 4 / 3
    assert game.score_deal(state, scoring_method="base_doubled_schneider").points == {
        "P1": 48, "P2": 0}
    assert game.score_deal(state, scoring_method="base_doubled_schneider",
                           method_a_schwarz_factor=4).points["P1"] == 96
    assert game.score_deal(state, scoring_method="match_points").points["P1"] == 4
    assert game.score_deal(state, scoring_method="match_points",
                           schwarz="no_tricks").points["P1"] == 3
    assert game.score_deal(state, scoring_method="card_points").points == {"P1": 120, "P2": 0}
    # the same through options at load time
    s2 = play_line(ZERO, "grand", ZERO_LINE, schwarz="no_tricks")
    assert s2.result.points["P1"] == 240


def test_os_7_1_matadors_jacks_only_and_full_sequence():
    """OS-7.1: four jacks and A♥ without 10♥: with 4 (50) by default; the seed's example
    "5 matadors … 6 times the base value" (60) with matadors=full_trump_sequence."""
    state = play_line(FULL, "H", FULL_LINE)
    assert state.is_over and state.card_points == (84, 36)
    assert state.result.points["P1"] == 50
    assert play_line(FULL, "H", FULL_LINE, matadors="full_trump_sequence"
                     ).result.points["P1"] == 60


def test_os_7_2_seed_worked_check_diamonds_with_three():
    """OS-7.2 worked check: ♦ trumps, declarer holds J♣ J♠ J♥ (J♥ face down) but not J♦:
    with 3, (3 + 1) × 9 = 36; here D takes nothing, so Schwarz × 4 = 144."""
    piles = ["JC/JS JH/AD 10D/KD QD/9D AC/10C AS/10S AH/10H KC/KS",
             "JD/8D 7D/QC 9C/8C 7C/QS 9S/8S 7S/QH 9H/8H 7H/KH"]
    state = calls(load().deal(piles=piles, dealer=D), "D")
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    assert state.card_points == (120, 0)
    r = state.result
    assert r.figures["matadors"] == 3 and r.figures["with"] is True
    assert "with 3, game 4, × diamonds 9 = 36" in r.breakdown
    assert r.points == {"P1": 144, "P2": 0}
    assert state.game.score_deal(state, game_value="isko_levels").points["P1"] == 6 * 9


def test_os_7_1_without_matadors_counts_over_all_16_cards():
    """OS-7.1 / B-15: matadors count over all 16 of the declarer's cards, face-down included.
    SEED5: F's J♣ is face up, J♥ face down: hearts "with 1" (20). Swap F's J♣ for D's 9♦:
    F holds only J♥ (face down), so "without 2" (J♣ and J♠ missing), game 3 × 10 = 30."""
    state = finished("h61", "H")
    assert state.result.figures["matadors"] == 1 and state.result.figures["with"] is True
    piles = [SEED5[0].replace("KH/JC", "KH/9D"), SEED5[1].replace("KC/9D", "KC/JC")]
    s2 = calls(load().deal(piles=piles, dealer=D), "H")
    while not s2.is_over:
        s2 = s2.apply(s2.legal_actions()[0])
    r = s2.result
    assert r.figures["with"] is False and r.figures["matadors"] == 2
    assert s2.card_points == (48, 72) and r.points == {"P1": -60, "P2": 0}  # lost: −2 × 30


def test_os_6_4_null_fewest_points():
    """OS-6.4: Null: 59 wins (+23); 60–60 goes to the non-declarer (−46); OS-7.2 Kontra ×2."""
    assert finished("n59", "null").result.points == {"P1": 23, "P2": 0}
    assert finished("n60", "null").result.points == {"P1": -46, "P2": 0}
    assert finished("n59", "null", kontra=True).result.points["P1"] == 46
    assert finished("n60", "null", null_value=46).result.points["P1"] == -92
    s = finished("n0", "null")
    assert s.card_points == (0, 120) and s.result.points["P1"] == 23


def test_os_6_4_null_no_tricks_mode():
    """OS-6.4 option null_mode=no_tricks: the declarer loses at their first trick; winning no
    trick in 16 wins."""
    state = play_line(SEED5, "null", LINES["n60"], null_mode="no_tricks")
    assert state.is_over and state.tricks_won[F] == 1 and len(state.tricks) < 16
    assert state.result.made is False and state.result.points["P1"] == -46
    state = play_line(SEED5, "null", LINES["n0"], null_mode="no_tricks")
    assert state.is_over and len(state.tricks) == 16 and state.result.points["P1"] == 23


# -- OS-7.5 alternative methods ------------------------------------------------------------------
def test_os_7_5_methods_at_60_60():
    """OS-7.5: A: the winner (non-declarer) scores the base 10; B: the non-declarer scores 60;
    C: 1 each; Kontra doubles the tie points unless kontra_scope=game_value_only."""
    assert finished("h60", "H", scoring_method="base_doubled_schneider").result.points == {
        "P1": 0, "P2": 10}
    assert finished("h60", "H", scoring_method="card_points").result.points == {
        "P1": 0, "P2": 60}
    assert finished("h60", "H", scoring_method="match_points").result.points == {
        "P1": 1, "P2": 1}
    assert finished("h60", "H", scoring_method="match_points", kontra=True).result.points == {
        "P1": 2, "P2": 2}
    assert finished("h60", "H", scoring_method="match_points", kontra=True,
                    kontra_scope="game_value_only").result.points == {"P1": 1, "P2": 1}


def test_os_7_5_methods_win_and_schneider():
    """OS-7.5: A base ×2 for Schneider (either side); B card points; C 2/3; Null A 23, C 2."""
    assert finished("h61", "H", scoring_method="base_doubled_schneider").result.points == {
        "P1": 10, "P2": 0}
    assert finished("h91", "H", scoring_method="base_doubled_schneider"
                    ).result.points["P1"] == 20
    assert finished("h29", "H", scoring_method="base_doubled_schneider").result.points == {
        "P1": 0, "P2": 20}
    assert finished("h61", "H", scoring_method="card_points").result.points == {
        "P1": 61, "P2": 0}
    assert finished("h61", "H", scoring_method="match_points").result.points["P1"] == 2
    assert finished("h91", "H", scoring_method="match_points").result.points["P1"] == 3
    assert finished("h29", "H", scoring_method="match_points").result.points == {
        "P1": 0, "P2": 3}
    assert finished("n59", "null", scoring_method="base_doubled_schneider"
                    ).result.points["P1"] == 23
    assert finished("n59", "null", scoring_method="match_points").result.points["P1"] == 2


# -- OS-7.6 match -------------------------------------------------------------------------------
def test_os_7_6_match_four_deals_alternating():
    """OS-7.6 / B-21 / B-22: 4 deals, the deal alternating, higher total wins."""
    game = load()
    match = game.match(seed=11, dealer=0)
    rng = random.Random(3)
    dealers = []
    while not match.is_over:
        state = match.deal()
        dealers.append(state.dealer)
        assert state.to_move == 1 - state.dealer  # forehand chooses
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        match.record(state)
    assert dealers == [0, 1, 0, 1]
    totals = match.scores
    if totals["P1"] != totals["P2"]:
        assert match.winner == max(totals, key=totals.get)
    m2 = load(match_deals=2).match(seed=1)
    assert m2.play().is_over and len(m2.sheet) == 2
    with pytest.raises(ValueError):
        load(match_deals=3)


def test_os_9_option_defaults():
    """OS-9: the options table's names and defaults."""
    o = load().options
    assert (o.faces, o.choose_after_face_up, o.null_allowed, o.null_mode, o.null_value,
            o.ramsch_allowed, o.pass_allowed, o.kontra_re, o.re_window, o.schneider, o.schwarz,
            o.schneider_schwarz_against_declarer, o.matadors, o.game_value, o.scoring_method,
            o.method_a_schwarz_factor, o.loss_factor, o.kontra_scope, o.match_deals,
            o.target) == (
        "french", 4, True, "fewest_points", 23, False, False, True,
        "before_dealer_second_face_up_row", "lt30", "zero_points", True, "jacks_only",
        "multiplicative", "game_value", 2, 2, "all_methods", 4, None)
    assert load(preset="officers_skat").options == o
    # kontra_re=False: straight from the choice to the opening lead
    state = load(kontra_re=False).deal(piles=SEED5, dealer=D).apply("declare H")
    assert state.phase == "play" and state.to_move == F
