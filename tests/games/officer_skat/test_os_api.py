"""Officer Skat public API: views, records, deal strings, teaching aids, matches, bots,
and a golden seeded deal (DESIGN §2)."""

from __future__ import annotations

import json

from officer_skat_helpers import D, F, legal, stacked, to_play

import cardlab
from cardlab.bots import bot_for, play_out
from cardlab.engine.dealing import pack_order

VIEW_KEYS = {"game", "title", "phase", "seat", "to_move", "dealer", "seat_names", "hands",
             "piles", "extras", "trick", "trick_leader", "trick_suit", "last_trick",
             "tricks_won", "auction", "contract", "declarer", "trump", "scores", "chips",
             "info", "legal"}


def test_registry_and_docstring_phases():
    """DESIGN §2: the game is registered and documents its phases."""
    assert "officer_skat" in cardlab.game_names()
    game = cardlab.load("officer_skat")
    assert game.spec.phases == ("declare", "kontra", "re", "play", "done")
    assert game.seat_names == ("P1", "P2") and game.players == 2


def test_view_schema_and_json():
    """DESIGN §2 view: every key, JSON-able, piles per seat of 8 {down, up}."""
    state = to_play(stacked(), "H", kontra=True)
    state = state.apply(legal(state)[0])
    for seat in (None, F, D):
        v = state.view(seat)
        assert VIEW_KEYS <= set(v)
        json.dumps(v)
        assert len(v["piles"]) == 2 and all(len(p) == 8 for p in v["piles"])
    assert state.view(D)["legal"] == legal(state) and state.view(F)["legal"] == []
    assert state.view(None)["trump"] == "H" and state.view(None)["kontra"] is True


def test_os_2_3_views_never_show_face_down_cards():
    """OS-2.3 / B-24: no view (either seat or a spectator) names a face-down card."""
    state = to_play(cardlab.load("officer_skat").deal(seed=9, dealer=0), "grand")
    for _ in range(10):
        hidden = {c.code for c in state.hidden_cards(F)}
        for seat in (None, F, D):
            text = json.dumps(state.view(seat))
            assert not [c for c in hidden if f'"{c}"' in text]
        state = state.apply(legal(state)[0])


def test_result_breakdown_and_scores_in_view():
    """OS-7.2: at the end the view's scores are the result's points and info explains them."""
    state = to_play(stacked(), "D")
    while not state.is_over:
        state = state.apply(legal(state)[0])
    v = state.view(None)
    assert v["phase"] == "done" and v["scores"] == state.result.points
    assert any("game" in line for line in v["info"])
    assert sum(state.card_points) == 120 and len(state.tricks) == 16


def test_records_round_trip():
    """DESIGN §2: to_json / from_json give the same deal, actions and result."""
    state = to_play(cardlab.load("officer_skat", pass_allowed=True).deal(seed=3, dealer=1),
                    "S", kontra=True, re=True)
    for _ in range(7):
        state = state.apply(legal(state)[-1])
    again = cardlab.from_json(state.to_json())
    assert again.history == state.history and again.view(None) == state.view(None)
    assert again.seed == 3


def test_deal_string_and_parts_round_trip():
    """Teaching aids: deal_parts / deal_string / deal_from_string give the same piles."""
    game = cardlab.load("officer_skat")
    state = game.deal(seed=17, dealer=1)
    assert game.deal_parts() == [("P1 down", 8), ("P1 up", 8), ("P2 down", 8), ("P2 up", 8)]
    again = game.deal_from_string(state.deal_string(), dealer=1)
    assert again.layout.piles == state.layout.piles
    assert game.deal(**state.setup).layout.piles == state.layout.piles


def test_contracts_card_order_bid_ladder():
    """OS-4 / OS-7.2: contracts, card orders and the game-value ladder."""
    game = cardlab.load("officer_skat")
    assert game.contracts() == ["C", "S", "H", "D", "grand", "null"]
    order = game.card_order("grand")
    assert order["trumps"] == ["JC", "JS", "JH", "JD"]
    assert order["suits"]["S"] == ["AS", "10S", "KS", "QS", "9S", "8S", "7S"]
    assert game.card_order("null")["suits"]["S"] == ["AS", "KS", "QS", "JS", "10S", "9S",
                                                     "8S", "7S"]
    ladder = game.bid_ladder()
    values = [r["value"] for r in ladder]
    assert values == sorted(values)
    assert values[:6] == [18, 20, 22, 23, 24, 27]  # the familiar Skat ladder
    assert {"call": "null", "value": 23} .items() <= ladder[3].items()


def test_describe_and_narration():
    """DESIGN §2: plain words for actions."""
    state = stacked(f=["?/JC"])
    assert state.describe("declare H") == "P1 (forehand) chooses hearts as trumps"
    state = to_play(state, "H", kontra=True)
    assert "jack of clubs (trump)" in state.describe("play JC")
    assert state.narration()[1] == "P2 says Kontra: the stakes are doubled"


def test_os_3_1_match_alternates_forehand_over_four_deals():
    """OS-3.1 / OS-7.6 / B-21: a match is 4 deals, the deal alternating."""
    game = cardlab.load("officer_skat")
    match = game.match(seed=2)
    bots = [bot_for("officer_skat", seed=1), bot_for("officer_skat", seed=2)]
    match.play(bots)
    assert match.is_over and len(match.sheet) == 4
    assert [r["dealer"] for r in match.sheet] == ["P1", "P2", "P1", "P2"]
    assert [r["declarer"] for r in match.sheet] == ["P2", "P1", "P2", "P1"]
    totals = {k: sum(r["points"][k] for r in match.sheet) for k in ("P1", "P2")}
    assert match.scores == totals
    json.loads(match.to_json())


def test_heuristic_bot_chooses_from_visible_cards():
    """The heuristic bot picks the suit its visible face-up cards favour."""
    bot = bot_for("officer_skat", seed=0)
    state = stacked(f=["?/JC", "?/JS", "?/AH", "?/10H"])
    assert bot.choose(state) in ("declare H", "declare grand")
    state = stacked(f=["?/7C", "?/8C", "?/7S", "?/8S"], d=["?/AC", "?/AS", "?/AH", "?/AD"])
    assert bot.choose(state) == "declare null"
    final = play_out(cardlab.load("officer_skat").deal(seed=4), bot)
    assert final.is_over


def test_golden_seeded_deal():
    """Golden: deal(seed=2024) is the SplitMix64/Fisher-Yates pack dealt by OS-3.2 and pinned
    as a deal string (fails on drift)."""
    game = cardlab.load("officer_skat")
    order = [c.code for c in pack_order(game.deck, seed=2024)]
    state = game.deal(seed=2024, dealer=0)
    f, d = state.layout.piles[1], state.layout.piles[0]
    assert [c.code for c, _ in f] == order[0:4] + order[16:20]
    assert [c.code for _, c in d] == order[12:16] + order[28:32]
    assert state.deal_string() == GOLDEN_2024


GOLDEN_2024 = ("P1 down: AC 7D 10C QH 8D KS JC AD / P1 up: 7C 8C KC 9S KD 7H 7S 9D / "
               "P2 down: 8S AS 9C QS 9H JS 10S 8H / P2 up: 10H 10D QC JH AH KH JD QD")
