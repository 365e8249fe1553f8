"""DealEditor, TrumpLadder, AuctionLadder and ScoreCompare over the toy game."""

from __future__ import annotations

import pytest
from widget_support import send, synced_view, without_message

from cardlab.widgets import AuctionLadder, DealEditor, ScoreCompare, Table, TrumpLadder

DEAL = "N: JH AS KS / S: QS JS AH / kitty: KH QH"


def finished(toy):
    s = toy.deal_from_string(DEAL)
    for a in ["bid H", "pass", "discard QS JS", "play AH", "play JH", "play AS", "play KH",
              "play QH", "play KS"]:
        s = s.apply(a)
    return s


# -- DealEditor -----------------------------------------------------------------------------
def test_editor_builds_a_deal_card_by_card_and_opens_it(toy):
    e = DealEditor(toy)
    view = synced_view(e)
    assert [p["label"] for p in view["parts"]] == ["N", "S", "kitty"]
    assert not view["valid"] and "N has 0 cards" in view["problem"]
    for part, cards in (("N", "JH AS KS"), ("S", "QS JS AH"), ("kitty", "KH QH")):
        send(e, {"type": "target", "part": part})
        for c in cards.split():
            assert send(e, {"type": "card", "card": c}) == ""
    view = synced_view(e)
    assert view["valid"] and view["problem"] == ""
    assert view["deal_string"] == "N: JH AS KS / S: QS JS AH / kitty: KH QH"
    assert send(e, {"type": "open"}).startswith("The deal is open")
    assert e.table is not None and e.table.state.deal_string() == view["deal_string"]
    assert synced_view(e)["table"]["step"] == 0


def test_editor_refuses_a_full_part_and_moves_cards_between_parts(toy):
    e = DealEditor(toy, deal=DEAL)
    send(e, {"type": "target", "part": "N"})
    before = without_message(synced_view(e))
    assert "already has 3 cards" in send(e, {"type": "card", "card": "QS"})
    assert without_message(synced_view(e)) == before
    send(e, {"type": "card", "card": "JH"})  # back to the pack
    send(e, {"type": "card", "card": "QS"})  # taken from S
    assert e.parts["N"] == ["AS", "KS", "QS"] and e.parts["S"] == ["JS", "AH"]
    assert "S has 2 cards" in synced_view(e)["problem"]
    assert "impossible" in send(e, {"type": "open"})
    assert e.table is None


@pytest.mark.parametrize("text, why", [
    ("N: JH AS KS / S: QS JS AH / kitty: KH KH", "twice"),
    ("N: JH AS KS / S: QS JS AH / kitty: KH", "kitty has 1 cards"),
    ("N: JH AS KS / S: QS JS AH / kitty: KH 2Z", "unknown card"),
    ("N: JH AS KS / X: QS JS AH", "unknown part"),
])
def test_editor_refuses_impossible_deal_strings_with_the_reason(toy, text, why):
    e = DealEditor(toy, deal=DEAL)
    before = e.parts
    msg = send(e, {"type": "text", "text": text})
    assert msg.startswith("this deal is impossible") and why in msg
    assert e.parts == before
    with pytest.raises(ValueError, match="impossible"):
        DealEditor(toy, deal=text)


def test_editor_fill_is_seeded_and_clear_empties(toy):
    a, b = DealEditor(toy), DealEditor(toy)
    send(a, {"type": "fill", "seed": 4})
    send(b, {"type": "fill", "seed": 4})
    assert a.parts == b.parts and synced_view(a)["valid"]
    send(a, {"type": "clear"})
    assert all(not cards for cards in a.parts.values())


def test_editor_forwards_intents_to_its_table(toy):
    e = DealEditor(toy, deal=DEAL)
    assert "open the deal first" in send(e, {"type": "table", "intent": {"type": "undo"}})
    send(e, {"type": "open"})
    # the teacher plays every seat: S calls first
    send(e, {"type": "table", "intent": {"type": "act", "action": "bid H"}})
    assert e.table.step == 1 and synced_view(e)["table"]["step"] == 1
    assert "must be an object" in send(e, {"type": "table", "intent": 5})


def test_editor_forged_intents_change_only_the_message(toy):
    e = DealEditor(toy, deal=DEAL)
    before = without_message(synced_view(e))
    for intent in [{"type": "target", "part": "E"}, {"type": "target", "part": 1},
                   {"type": "card", "card": "10C"}, {"type": "card"}, {"type": "dealer",
                                                                         "dealer": 2},
                   {"type": "fill", "seed": "x"}, {"type": "text", "text": None},
                   {"type": "nope"}, "card"]:
        msg = send(e, intent)
        assert msg and not msg.startswith("internal error"), intent
        assert without_message(synced_view(e)) == before


def test_editor_repr_is_deterministic(toy):
    assert repr(DealEditor(toy)) == "DealEditor(toy, 0/8 cards placed, incomplete)"
    assert repr(DealEditor(toy, deal=DEAL)) == "DealEditor(toy, 8/8 cards placed, complete)"


# -- TrumpLadder ------------------------------------------------------------------------------
def test_trump_ladder_switches_contract_from_game_contracts(toy):
    t = TrumpLadder(toy, contract="H")
    view = synced_view(t)
    assert view["contracts"] == ["S", "H", "NT"]
    assert view["trumps"] == toy.card_order("H")["trumps"] == ["JH", "AH", "KH", "QH"]
    assert view["card_info"]["JH"]["special"] is True
    assert "trump jack" in view["card_info"]["JH"]["label"]
    send(t, {"type": "contract", "contract": "NT"})
    assert t.contract == "NT" and synced_view(t)["trumps"] == []
    assert [s["suit"] for s in synced_view(t)["suits"]] == ["S", "H"]
    before = without_message(synced_view(t))
    for bad in ({"type": "contract", "contract": "7Z"}, {"type": "contract", "contract": 3},
                {"type": "contract"}):
        assert send(t, bad)
        assert without_message(synced_view(t)) == before
    assert repr(t) == "TrumpLadder(toy, contract=NT)"
    with pytest.raises(ValueError, match="unknown contract"):
        TrumpLadder(toy, contract="D")


# -- AuctionLadder ----------------------------------------------------------------------------
def test_auction_ladder_shows_current_and_legal_bids(toy):
    a = AuctionLadder(toy)
    assert [r["call"] for r in synced_view(a)["rows"]] == ["S", "H"]
    assert not any(r["legal"] for r in synced_view(a)["rows"])
    s = toy.deal_from_string(DEAL).apply("bid S")
    a.attach(s)
    rows = {r["call"]: r for r in synced_view(a)["rows"]}
    assert rows["S"]["current"] and not rows["S"]["legal"] and rows["H"]["legal"]
    assert synced_view(a)["current"] == "S" and repr(a) == "AuctionLadder(toy, 2 calls, " \
                                                           "current bid S)"


def test_auction_ladder_follows_a_table_and_bids_through_it(toy):
    w = Table(toy.deal_from_string(DEAL), seat=1, bot_delay=0.5)
    a = AuctionLadder(toy, w)
    assert "not a legal call" not in send(a, {"type": "call", "call": "H"})
    assert w.step == 1 and synced_view(a)["current"] == "H"
    assert "not a legal call" in send(a, {"type": "call", "call": "S"})
    assert "not on the bid ladder" in send(a, {"type": "call", "call": "NT"})
    assert w.step == 1


# -- ScoreCompare -----------------------------------------------------------------------------
def test_score_compare_scores_each_variant(toy):
    done = finished(toy)
    sc = ScoreCompare(done)
    rows = {r["variant"]: r for r in synced_view(sc)["rows"]}
    assert set(rows) == {"as played", "standard", "generous"}
    for name, options in toy.scoring_variants().items():
        assert rows[name]["points"] == toy.score_deal(done, **options).points
    assert rows["generous"]["points"] != rows["standard"]["points"]
    send(sc, {"type": "variants", "names": ["generous"]})
    assert [r["variant"] for r in synced_view(sc)["rows"]] == ["as played", "generous"]
    before = without_message(synced_view(sc))
    for bad in ({"type": "variants", "names": ["nope"]}, {"type": "variants", "names": "x"},
                {"type": "other"}):
        assert send(sc, bad)
        assert without_message(synced_view(sc)) == before
    assert repr(sc) == "ScoreCompare(toy, 1 variants: generous)"


def test_score_compare_needs_a_finished_deal(toy):
    with pytest.raises(ValueError, match="finished"):
        ScoreCompare(toy.deal_from_string(DEAL))
    with pytest.raises(ValueError, match="unknown scoring variant"):
        ScoreCompare(finished(toy), variants=["lavish"])
    sc = ScoreCompare(finished(toy).to_json(), variants={"big": {"bonus": 100}})
    assert synced_view(sc)["rows"][1]["variant"] == "big"
