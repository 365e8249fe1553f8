"""Pandoeren rule points: stuk under roem_announce, the butselaar ladder, per-trick points.

* A2.10 (3) stuk with ``roem_announce="auto"`` (counted whenever the declaring side holds
  it, no action) and ``"manual"`` (only if announced before ``stuk_deadline``); A2.11.
* A1 "Ladder under butselaar" / A4.3 ``preset="butselaar"``: 130-150 form the lowest
  ladder row, below Piccolo and Misère; 160 stands alone.
* A2.3 card points carried by each completed trick, in the view and the narration.

Every deal is stacked with dealer W, so N is forehand and bids first (spec §0.3).
"""

from __future__ import annotations

import json
import random

import pytest
from pandoeren_helpers import declare, load, play_out, plays, power

import cardlab

SEATS = "NESW"

#: N (declarer) holds the stuk KH QH and no roem; E holds the jas, the AH and the AS (the
#: called partner) and no roem. With hearts trumps the team takes all 8 tricks: 146 card
#: points less the discarded kijkkaart JD (1) = 145.
STUK_N = dict(N="9H KH QH 7H 6H AC KC AD", E="JH AH AS QS 10S 8S 10C 8C",
              S="10H 8H KS JS QC JC KD 9D", W="9S 7S 9C 7C QD 10D 8D 7D", kijkkaart="JD")
#: As STUK_N, but the partner E holds the stuk and N the jas, the nel and the AH.
STUK_E = dict(STUK_N, N="JH AH 9H 7H 6H AC KC AD", E="KH QH AS QS 10S 8S 10C 8C")


def deal(spec, **options):
    return load(**options).deal(hands=[spec[s] for s in SEATS], kijkkaart=spec["kijkkaart"],
                                dealer=3)


def number_contract(spec, bid="160", **options):
    """N bids ``bid``, the others pass; N discards the kijkkaart, names hearts, calls AS."""
    return declare(deal(spec, **options), bid, discard=spec["kijkkaart"], trump="H",
                   call="AS")


def finish(state, announce=()):
    """Play out: N and E their strongest card, S and W their weakest; the seat to move
    first makes any of ``announce`` that is legal."""
    while not state.is_over:
        for a in announce:
            if state.is_legal(a):
                state = state.apply(a)
        state = play_out_one(state)
    return state


def play_out_one(state):
    """One card: N and E their strongest legal card, S and W their weakest."""
    pick = max if state.to_move in (0, 1) else min
    return state.apply(pick(plays(state), key=lambda a: power(state, a)))


# -- A2.10 (3) stuk ----------------------------------------------------------------------
def test_a2_10_3_stuk_roem_announce_auto_counts_without_action():
    """A2.10 (3) stuk, roem_announce="auto": N's trump K+Q count 20 with no action, so
    145 in cards + 20 stuk = 165 >= 160: made, N and E +2 (A2.11)."""
    state = number_contract(STUK_N)
    assert state.game.options.roem_announce == "auto"
    end = finish(state)
    res = end.result
    assert res.figures["team_card_points"] == 145
    assert (res.figures["roem"], res.figures["stuk"]) == (0, 20)
    assert res.made and res.points == {"N": 2, "E": 2, "S": 0, "W": 0}
    assert not any(a.verb == "announce" for a in end.history)


def test_a2_10_3_stuk_roem_announce_manual_only_if_announced():
    """A2.10 (3) stuk, roem_announce="manual": the same deal and play fail when N forgets
    to announce stuk (145 < 160: N and E -2), and are made when she announces it."""
    state = number_contract(STUK_N, roem_announce="manual")
    forgot = finish(state)
    assert forgot.result.figures["stuk"] == 0
    assert not forgot.result.made
    assert forgot.result.points == {"N": -2, "E": -2, "S": 0, "W": 0}
    said = finish(state, announce=("announce stuk",))
    assert "announce stuk" in [str(a) for a in said.history]
    assert said.result.figures["stuk"] == 20 and said.result.made
    assert said.result.points == {"N": 2, "E": 2, "S": 0, "W": 0}


def test_a2_10_3_stuk_auto_is_not_a_legal_action():
    """A2.10 (3) stuk, roem_announce="auto": the engine announces stuk, so 'announce stuk'
    is never legal (refusal stuk_auto); under "manual" it is listed before the cards."""
    auto = number_contract(STUK_N)
    assert "announce stuk" not in [str(a) for a in auto.legal_actions()]
    verdict = auto.explain("announce stuk")
    assert not verdict.legal and verdict.code == "stuk_auto" and verdict.rule == "A2.10.3"
    with pytest.raises(cardlab.IllegalAction) as err:
        auto.apply("announce stuk")
    assert err.value.code == "stuk_auto"
    manual = number_contract(STUK_N, roem_announce="manual")
    assert [str(a) for a in manual.legal_actions()][0] == "announce stuk"


def test_a2_10_3_stuk_auto_partner_held_counts_and_shows_once_public():
    """A2.10 (3) stuk, roem_announce="auto": the partner's stuk counts too (A2.11: 145 +
    20 >= 160); the view lists it only once the partnership is public (A2.7.3), so it
    never betrays the secret partner."""
    state = number_contract(STUK_E)
    assert state.partner == 1 and state.holds_stuk(1)
    assert all(state.view(s)["stuk"] == [] for s in range(4))
    while not state.partner_public:
        assert state.view(2)["stuk"] == []
        state = play_out_one(state)
    assert state.view(2)["stuk"] == ["E"] and "E announced stuk." in state.view(2)["info"]
    end = finish(state)
    assert end.result.figures["stuk"] == 20 and end.result.made
    manual = finish(number_contract(STUK_E, roem_announce="manual"))
    assert manual.result.figures["stuk"] == 0 and not manual.result.made


def test_a2_10_3_stuk_auto_declarer_shown_from_her_lead():
    """A2.10 (3) stuk, roem_announce="auto": the declarer's stuk is announced for her as
    roem is, at her lead to trick 1 (A2.10.2)."""
    state = number_contract(STUK_N)
    assert state.view(2)["stuk"] == []
    state = play_out_one(state)  # N leads
    assert state.view(2)["stuk"] == ["N"]


def test_a2_11_pandoer_plus_counts_auto_stuk():
    """A2.11 Pandoer+n: all 8 tricks and roem + stuk >= n. No roem, N's stuk 20: Pandoer+20
    is made under roem_announce="auto" (+5 each) and failed under "manual" unannounced."""
    auto = finish(declare(deal(STUK_N), "pandoer+20", discard="JD", trump="H", call="AS"))
    assert auto.result.made and auto.result.points == {"N": 5, "E": 5, "S": 0, "W": 0}
    manual = finish(declare(deal(STUK_N, roem_announce="manual"), "pandoer+20",
                            discard="JD", trump="H", call="AS"))
    assert not manual.result.made and manual.result.points["N"] == -5


def test_a2_10_3_stuk_auto_not_in_other_contracts():
    """A2.10 (3) / P-A17: stuk counts only in number contracts and Pandoer+n, auto too."""
    end = finish(declare(deal(STUK_N), "pandoer", discard="JD", trump="H", call="AS"))
    assert end.result.made and end.result.figures["stuk"] == 0
    assert end.view(2)["stuk"] == []


# -- A4.3 / A1 butselaar ladder ----------------------------------------------------------
BUTSELAAR_START = ["130", "140", "150", "piccolo", "misere", "160", "kereltje", "zwabber",
                   "170", "180", "190", "solo_zwabber", "200"]


def test_a4_3_butselaar_ladder_rows():
    """A4.3 butselaar ladder (A1 "Ladder under butselaar"): 130, 140, 150 form the lowest
    row, below Piccolo and Misère; 160 stands alone; 170-190 and 200+ keep their rows.
    preset="pagat" keeps 120-140 / Piccolo / Misère / 150-160."""
    butselaar = cardlab.load("pandoeren", preset="butselaar")
    assert list(butselaar.ladder.calls[:len(BUTSELAAR_START)]) == BUTSELAAR_START
    assert [r["call"] for r in butselaar.bid_ladder()] == list(butselaar.ladder.calls)
    value = {r["call"]: r["value"] for r in butselaar.bid_ladder()}
    assert [value[c] for c in ("130", "150", "160", "170", "190", "200")] == [1, 1, 2, 3, 3, 4]
    rest = butselaar.ladder.calls[len(BUTSELAAR_START):]
    assert rest[rest.index("300") + 1:rest.index("pandoer")] == ("piccolo_ouvert",
                                                                  "misere_ouvert", "stil_praatje")
    pagat = load().ladder.calls
    assert list(pagat[:9]) == ["120", "130", "140", "piccolo", "misere", "150", "160",
                               "kereltje", "zwabber"]
    # the same bids either way, only their order differs (so the action ids stay put)
    assert sorted(pagat) == sorted(("120", *butselaar.ladder.calls))
    # game.ladder is the rows of the contract table (a Ladder); butselaar's lowest is 130-150
    assert [row.label for row in butselaar.ladder][:4] == ["130–150", "Piccolo", "Misère", "160"]


def test_a4_3_butselaar_ladder_bid_150_over_misere_refused():
    """A4.3 butselaar ladder: 'bid 150' over a standing 'bid misere' is legal under
    preset="pagat" (150 wins the auction) and refused under preset="butselaar"."""
    def auction(preset):
        return deal(STUK_N, preset=preset).apply("bid misere")

    pagat = auction("pagat").apply("bid 150").apply("pass").apply("pass").apply("pass")
    assert pagat.phase == "exchange" and pagat.declarer == 1 and pagat.bid.word == "150"
    butselaar = auction("butselaar")
    verdict = butselaar.explain("bid 150")
    assert not verdict.legal and verdict.code == "bid_too_low" and verdict.rule == "A2.5"
    assert "Misère" in str(verdict)
    with pytest.raises(cardlab.IllegalAction):
        butselaar.apply("bid 150")
    legal = [str(a) for a in butselaar.legal_actions()]
    assert "bid 150" not in legal and "bid 160" in legal
    assert legal[:3] == ["pass", "bid 160", "bid kereltje"]


def test_a4_3_butselaar_ladder_misere_over_bid_150_legal():
    """A4.3 butselaar ladder: 'bid misere' over 'bid 150' is legal under preset="butselaar"
    (Misère wins the auction) and refused under preset="pagat"."""
    butselaar = deal(STUK_N, preset="butselaar").apply("bid 150")
    assert [str(a) for a in butselaar.legal_actions()][:4] == [
        "pass", "bid piccolo", "bid misere", "bid 160"]
    won = butselaar.apply("bid misere").apply("pass").apply("pass").apply("pass")
    assert won.phase == "exchange" and won.declarer == 1 and won.bid.word == "misere"
    pagat = deal(STUK_N).apply("bid 150")
    assert pagat.explain("bid misere").code == "bid_too_low"


def test_a4_3_butselaar_points_rescoring_keeps_the_played_ladder():
    """A4.3: score_deal(preset='butselaar') changes only the game points (game.score_deal
    docstring), so a pagat auction misere → 150 can still be rescored: 150 is worth 2 under
    pagat and 1 under Butselaar's brackets."""
    state = deal(STUK_N).apply("bid misere").apply("bid 150")
    while state.phase == "auction":
        state = state.apply("pass")
    state = state.apply("discard JD").apply("trump H").apply("call AD")
    end = play_out(state)
    assert end.result.figures["game_points"] == 2
    res = end.game.score_deal(end, **end.game.scoring_variants()["butselaar_points"])
    assert res.figures["game_points"] == 1 and res.made == end.result.made


# -- A2.3 per-trick card points ---------------------------------------------------------
def test_a2_3_trick_points_on_state_tricks_add_up_to_the_result():
    """A2.3: each completed trick carries its card points (the last trick's +5 included);
    their sum per winner is the result's card points (146 less the discard, P-A18)."""
    end = finish(number_contract(STUK_N))
    assert [t.points for t in end.tricks] == [34, 24, 14, 2, 11, 23, 24, 13]
    assert end.tricks[-1].points == sum(
        {"KC": 3, "8C": 0, "KS": 3, "QD": 2}[c.code] for c in end.tricks[-1].cards) + 5
    assert sum(t.points for t in end.tricks) == 146 - 1  # the JD (1) was discarded
    per_seat = {n: 0 for n in SEATS}
    for t in end.tricks:
        per_seat[SEATS[t.winner]] += t.points
    assert per_seat == end.result.figures["card_points"]
    assert [d["points"] for d in end.view(2)["tricks"]] == [t.points for t in end.tricks]


@pytest.mark.parametrize("options", [{}, {"preset": "butselaar"}, {"rank_order": "klaverjas"}])
def test_a2_3_trick_points_sum_to_card_points_on_random_deals(options):
    """A2.3: over random deals (early stops included) the tricks' points add up, seat by
    seat, to the result's card points, and the view's running card_points agree."""
    rng = random.Random(11)
    game = load(**options)
    for seed in range(40):
        state = game.deal(seed=seed, dealer=seed % 4)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.bid is None:
            continue
        per_seat = {n: 0 for n in SEATS}
        for t in state.tricks:
            per_seat[SEATS[t.winner]] += t.points
        assert per_seat == state.result.figures["card_points"], seed
        assert state.view(None)["card_points"] == per_seat


def test_a2_3_view_shows_last_trick_points_and_running_card_points():
    """A2.3: the view's last_trick carries "points" and card_points is the running total
    per seat (every seat is a side); nothing before the first trick is complete."""
    state = number_contract(STUK_N)
    view = state.view(2)
    assert view["last_trick"] is None
    assert view["card_points"] == {"N": 0, "E": 0, "S": 0, "W": 0}
    for _ in range(4):
        state = play_out_one(state)
    view = state.view(2)
    assert view["last_trick"]["points"] == 34 and view["last_trick"]["winner"] == 1
    assert view["card_points"] == {"N": 0, "E": 34, "S": 0, "W": 0}
    for _ in range(4):
        state = play_out_one(state)
    assert state.view(0)["card_points"] == {"N": 0, "E": 58, "S": 0, "W": 0}


def test_a2_3_narration_names_the_trick_points():
    """A2.3: the narration of the card that completes a trick names its winner and points;
    the last trick says its +5."""
    state = number_contract(STUK_N)
    lines = finish(state).narration()[len(state.history):]
    completing = lines[3::4]
    assert completing[0] == "W plays the seven of spades and E wins the trick: 34 points"
    assert completing[1] == "N plays the king of hearts and E wins the trick: 24 points"
    assert completing[3] == "W plays the seven of diamonds and N wins the trick: 2 points"
    assert completing[-1] == ("W plays the queen of diamonds and N wins the last trick: "
                              "13 points (5 for the last trick)")
    assert all("point" not in line for i, line in enumerate(lines) if i % 4 != 3)


def test_a2_3_twin_deals_give_the_same_view_with_trick_points():
    """A2.3 (trick points are public): two deals that differ only in cards hidden from S
    (E and W swap two unplayed cards) give S the same view, points included, trick by
    trick."""
    twin = dict(STUK_N, E="JH AH AS QS 10S 8S 10C 7D", W="9S 7S 9C 7C QD 10D 8D 8C")
    a, b = number_contract(STUK_N), number_contract(twin)
    for _ in range(8):  # two tricks: E leads hearts again at trick 2; no 8C or 7D played
        move = next(m for m in (str(x) for x in a.legal_actions())
                    if m in {str(x) for x in b.legal_actions()} and m not in
                    ("play 8C", "play 7D") and m.startswith("play"))
        a, b = a.apply(move), b.apply(move)
        assert json.dumps(a.view(2), sort_keys=True) == json.dumps(b.view(2), sort_keys=True)
    assert a.view(2)["card_points"] == b.view(2)["card_points"] != {n: 0 for n in SEATS}
