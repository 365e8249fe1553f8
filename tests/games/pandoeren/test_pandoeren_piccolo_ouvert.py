"""A1 / A4.2 / A4.3 Piccolo ouvert under preset="butselaar": worth 5 and ranked above every
number bid, 200+ included (Bedenk's payout table and bid order); under preset="pagat" it is
worth 6 and ranks between Solo-zwabber and the 200+ row.

Every deal is stacked with dealer W, so N is forehand and bids first.
"""

from __future__ import annotations

import pytest
from pandoeren_helpers import declare, load, play_out, stacked

import cardlab

#: N holds the jas and low cards: a hand for a Piccolo ouvert in hearts
PICCOLO_HAND = "JH 7S 8S 7C 8C 7D 8D 9D"


def ladder_place(game, call):
    """The position of ``call`` on the game's bid ladder, low to high."""
    return game.ladder.calls.index(call)


@pytest.mark.parametrize("cap", [300, 1080])
def test_a1_a4_2_butselaar_piccolo_ouvert_above_every_number_bid(cap):
    """A1 / A4.2: under preset="butselaar" Piccolo ouvert ranks above every number bid, the
    200+ row included (whatever number_bid_cap offers), and below Misère ouvert; under
    preset="pagat" it ranks below 200 and above Solo-zwabber."""
    pagat = load(number_bid_cap=cap)
    butselaar = load(preset="butselaar", number_bid_cap=cap)
    numbers = [c for c in butselaar.ladder.calls if c.isdigit()]
    assert numbers[-1] == str(cap)
    top_number = max(ladder_place(butselaar, c) for c in numbers)
    assert ladder_place(butselaar, "piccolo_ouvert") == top_number + 1
    assert (ladder_place(butselaar, "piccolo_ouvert")
            < ladder_place(butselaar, "misere_ouvert"))
    assert (ladder_place(pagat, "solo_zwabber") < ladder_place(pagat, "piccolo_ouvert")
            < ladder_place(pagat, "200"))
    # the same bids on both ladders (120 aside: butselaar starts at 130), the same action ids
    assert sorted(pagat.ladder.calls) == sorted(("120", *butselaar.ladder.calls))
    assert pagat.action_id("bid piccolo_ouvert") == butselaar.action_id("bid piccolo_ouvert")


def test_a4_2_butselaar_piccolo_ouvert_worth_5():
    """A4.2 / A4.3: Piccolo ouvert is worth 5 game points under preset="butselaar" and 6
    under preset="pagat"; the ladder rows say so."""
    def value(game):
        return {row["call"]: row["value"] for row in game.bid_ladder()}["piccolo_ouvert"]

    assert value(load()) == 6
    assert value(load(preset="butselaar")) == 5
    rows = {row.label: row.value for row in load(preset="butselaar").ladder}
    assert rows["Piccolo ouvert"] == 5 and rows["200+"] == 4


def test_a2_5_butselaar_bid_200_over_piccolo_ouvert_refused():
    """A2.5 with A4.2: over a standing Piccolo ouvert, 'bid 200' is legal under
    preset="pagat" and refused as too low under preset="butselaar"."""
    def auction(**options):
        return stacked(load(**options), N=PICCOLO_HAND).apply("bid piccolo_ouvert")

    pagat = auction().apply("bid 200").apply("pass").apply("pass").apply("pass")
    assert pagat.phase == "exchange" and pagat.declarer == 1 and pagat.bid.word == "200"
    butselaar = auction(preset="butselaar")
    verdict = butselaar.explain("bid 200")
    assert not verdict.legal and verdict.code == "bid_too_low" and verdict.rule == "A2.5"
    with pytest.raises(cardlab.IllegalAction):
        butselaar.apply("bid 300")
    legal = [str(a) for a in butselaar.legal_actions()]
    assert not any(a.split()[-1].isdigit() for a in legal if a.startswith("bid "))
    assert legal[:2] == ["pass", "bid misere_ouvert"]


def test_a2_5_butselaar_piccolo_ouvert_over_bid_300_legal():
    """A2.5 with A4.2: over a standing 300, 'bid piccolo_ouvert' is legal under
    preset="butselaar" (Piccolo ouvert wins the auction) and refused under preset="pagat"."""
    butselaar = stacked(load(preset="butselaar"), N=PICCOLO_HAND).apply("bid 300")
    assert butselaar.is_legal("bid piccolo_ouvert")
    won = butselaar.apply("bid piccolo_ouvert").apply("pass").apply("pass").apply("pass")
    assert won.phase == "exchange" and won.declarer == 1 and won.bid.word == "piccolo_ouvert"
    pagat = stacked(load(), N=PICCOLO_HAND).apply("bid 300")
    assert pagat.explain("bid piccolo_ouvert").code == "bid_too_low"


@pytest.mark.parametrize(("preset", "value"), [("pagat", 6), ("butselaar", 5)])
def test_a2_11_piccolo_ouvert_scores_its_preset_value(preset, value):
    """A2.11 with A4.2: a played Piccolo ouvert moves the declarer's score by its game
    points, 6 under preset="pagat" and 5 under preset="butselaar"; score_deal with
    preset="butselaar" rescores a pagat deal at 5."""
    state = stacked(load(preset=preset), N=PICCOLO_HAND)
    state = declare(state, "piccolo_ouvert", discard=state.kijkkaart.code, trump="H")
    end = play_out(state, high_seats=(1, 2, 3))
    res = end.result
    assert res.figures["game_points"] == value
    assert abs(res.points["N"]) == value
    assert [res.points[s] for s in "ESW"] == [0, 0, 0]
    if preset == "pagat":
        again = end.game.score_deal(end, **end.game.scoring_variants()["butselaar_points"])
        assert again.figures["game_points"] == 5 and abs(again.points["N"]) == 5
