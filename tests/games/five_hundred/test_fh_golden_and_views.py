"""Golden deals (pinned seeded cards), the view schema, explain/describe, bots, other counts."""

from __future__ import annotations

import json

import pytest
from fh_helpers import legal, load, run, stacked, to_play

import cardlab
from cardlab.bots import RandomBot, bot_for, play_out

#: seeded deals pinned card for card: any drift in the shuffle or the 3-1-4-1-3-1 deal fails
GOLDEN = {
    (4, 7, 3): "N: AS QC JC 6C QD JD 8D 5H 4H JK / E: 9S 8S 9C 7C AD KD 4D 10H 7H 6H / "
               "S: 5S AC 8C 5C 6D KH QH JH 9H 8H / W: KS QS JS 6S KC 10D 9D 7D 5D AH / "
               "kitty: 7S 10S 10C",
    (4, 2026, 0): "N: 5S KC 5C JD 8D AH KH JH 10H 6H / E: AS QS 10C 8C 6C 6D QH 8H 5H 4H / "
                  "S: KS 9S AC 7C AD KD QD 10D 5D 9H / W: JS 10S 8S 6S QC JC 9C 4D 7H JK / "
                  "kitty: 9D 7S 7D",
    (2, 7, 0): "P1: AS KS QS 7S 10C 9C QD 8D QH 9H / "
               "P2: 9S KC QC 8C KD JD 10D 9D 7D 7H / "
               "dead: JS 10S 8S AC JC AD KH JH 10H 8H / kitty: JK 7C AH",
}


@pytest.mark.parametrize("key", list(GOLDEN))
def test_5h_4_golden_seeded_deals(key: tuple[int, int, int]) -> None:
    """5H-4.1 / 5H-4.2: seeded deals pinned card for card (fails on drift)."""
    players, seed, dealer = key
    state = load(players=players).deal(seed=seed, dealer=dealer)
    assert state.deal_string() == GOLDEN[key]


VIEW_KEYS = {"game", "title", "phase", "seat", "to_move", "dealer", "seat_names", "hands", "piles",
             "extras", "trick", "trick_leader", "trick_suit", "last_trick", "tricks_won",
             "auction", "contract", "declarer", "trump", "scores", "chips", "info", "legal"}


def test_view_schema_and_hiding() -> None:
    """The view has every key of the schema; a seat sees its hand, a spectator none."""
    s = run(load().deal(seed=4, dealer=3), "bid 7H", "pass", "pass", "pass")
    v = s.view(1)
    assert VIEW_KEYS <= set(v) and json.dumps(v)
    assert v["hands"][1]["cards"] and v["hands"][0]["cards"] is None and v["legal"] == []
    assert v["auction"][0] == {"seat": 0, "call": "7H"} and v["contract"] == "7H"
    spectator = s.view(None)
    assert all(h["cards"] is None for h in spectator["hands"])
    assert spectator["legal"] == []  # the discards would show N's hand
    mine = s.view(0)
    assert len(mine["legal"]) == 286 and mine["to_move"] == 0
    assert s.hidden_cards(1) >= set(s.hands[0])


def test_explain_gives_reasons_for_every_card() -> None:
    """explain(): each card in hand gets plain words; the left bower reason names it."""
    s = to_play(load(), "7H", N="AH KH QH 10H 9H 8H 7H AS KS QS",
                E="JD 9D 8C 7C 6C 5C AC KC QC 10C", kitty="5D 6D 7D")
    s = s.apply("play AH")
    for card in s.hands[1]:
        e = s.explain(f"play {card}")
        assert str(e) and (e.legal == (f"play {card}" in legal(s)))
    assert "left bower" in s.explain("play JD")
    assert "hearts" in s.explain("play 9D")


def test_describe_plays_and_narration() -> None:
    """describe()/narration(): the deal told in words."""
    s = to_play(load(), "7H", N="AH KH QH 10H 9H 8H 7H AS KS QS", kitty="5D 6D 7D")
    assert s.describe("play AH") == "N plays the ace of hearts"
    lines = s.narration()
    assert lines[0] == "N bids seven hearts" and "discards 3 cards" in lines[-1]


def test_record_round_trip_mid_deal() -> None:
    """Records: a half-played deal reloads to the same state."""
    s = to_play(load(), "7H", N="AH KH QH 10H 9H 8H 7H AS KS QS", kitty="5D 6D 7D")
    s = run(s, "play AH")
    again = cardlab.from_json(s.to_json())
    assert again.view(None) == s.view(None) and [str(a) for a in again.history] == [
        str(a) for a in s.history]


def test_heuristic_bot_plays_legal_sensible_deals() -> None:
    """Bots: the heuristic bot plays whole deals legally and makes most contracts it wins."""
    game = load()
    bot = bot_for("five_hundred", "heuristic", seed=1)
    made = total = 0
    for seed in range(25):
        s = play_out(game.deal(seed=seed, dealer=seed % 4), bot)
        if s.result.declarer is not None:
            total += 1
            made += bool(s.result.made)
    assert total >= 15 and made >= 0.7 * total


def test_heuristic_partnership_beats_random() -> None:
    """Bots: a heuristic partnership (NS) beats a random one (EW) in a few seeded matches."""
    game = load()
    hb = bot_for("five_hundred", "heuristic", seed=2)
    wins = 0
    for seed in range(6):
        m = game.match(seed=seed).play([hb, RandomBot(seed), hb, RandomBot(seed + 50)])
        wins += m.winner == "NS"
    assert wins >= 5


@pytest.mark.parametrize("opts", [{"players": 2}, {"players": 3}, {"players": 5},
                                  {"players": 6}, {"players": 2,
                                                   "two_player_form": "ghost_partners_43"}])
def test_heuristic_bot_every_player_count(opts: dict[str, object]) -> None:
    """Bots: the heuristic bot finishes deals with every player count (and ghost partners)."""
    game = load(**opts)
    bot = bot_for("five_hundred", "heuristic", seed=3)
    for seed in range(3):
        assert play_out(game.deal(seed=seed), bot).result is not None


# -- other player counts (5H-2) ----------------------------------------------------------------
def test_5h_2_three_players_each_for_themselves() -> None:
    """5H-2: three players, 33 cards; sides are the players."""
    game = load(players=3)
    assert game.seat_names == ("P1", "P2", "P3") and set(game.sides) == {"P1", "P2", "P3"}


def test_5h_2_two_players_dead_hand() -> None:
    """5H-2 / A-1: two players with the 33-card pack and a dead hand never played."""
    game = load(players=2)
    s = game.deal(seed=1)
    assert len(s.dead_hand) == 10 and s.view(0)["extras"][-1]["label"] == "dead hand"
    assert set(s.dead_hand) <= s.hidden_cards(0)


def test_option_two_player_form_ghost_partners_43() -> None:
    """Option two_player_form = ghost_partners_43 (A-1, B-FR): 43 cards; each player has a
    ghost partner opposite, five face-down cards under five face-up; a played ghost card
    uncovers the card beneath it for the next trick."""
    game = load(players=2, two_player_form="ghost_partners_43")
    assert len(game.deck) == 43 and game.sides == {"P1": (0, 2), "P2": (1, 3)}
    assert [label for label, _ in game.deal_parts()] == ["P1", "P2", "G1", "G2", "kitty"]
    stacked_ghost = stacked(game, dealer=1, G1="5S 6S 7S 8S 9S AC KC QC JC 10C")
    assert [str(u) for _, u in stacked_ghost.piles[2]] == ["AC", "KC", "QC", "JC", "10C"]
    s = game.deal(seed=3, dealer=1)
    assert s.to_move == 0 and len(s.hands) == 4
    v = s.view(1)
    assert v["piles"][2] is not None and all(p["down"] == "hidden" for p in v["piles"][2])
    ups = [c for _, c in s.piles[2]]
    downs = [c for c, _ in s.piles[2]]
    assert set(downs) <= s.hidden_cards(0) and not set(ups) & s.hidden_cards(1)
    s = run(s, "bid 6NT", "pass")
    s = s.apply(legal(s)[0])  # the discard
    while s.phase != "play":
        s = s.apply(legal(s)[0])
    # play round to G1's turn and check it plays only face-up cards, by P1's hand
    while s.turn != 2:
        s = s.apply(legal(s)[0])
    assert s.to_move == 0 and all(a.split()[1] in {str(c) for c in ups} for a in legal(s))
    assert s.explain(f"play {downs[0]}").code == "card_face_down"
    played = s.legal_actions()[0]
    card = played.args[0]
    pile = [i for i, (_, u) in enumerate(s.piles[2]) if str(u) == card][0]
    s = s.apply(played)
    assert s.piles[2][pile][1] is None  # the card beneath stays down until the trick ends
    while len(s.trick.plays) != 0:
        s = s.apply(legal(s)[0])
    assert s.piles[2][pile] == (None, downs[pile])


def test_5h_2_six_player_sides() -> None:
    """5H-2 / A-2: six players in three pairs (partners opposite) or, by option, two triples."""
    assert load(players=6).sides == {"P1P4": (0, 3), "P2P5": (1, 4), "P3P6": (2, 5)}
    assert load(players=6, six_player_sides="two_triples").sides == {
        "P1P3P5": (0, 2, 4), "P2P4P6": (1, 3, 5)}


def test_5h_6_2_six_player_misere_partners_sit_out() -> None:
    """5H-6.2 / A-2: six players, misère: the partner sits out (three pairs) or both partners
    do (two triples)."""
    for sides, out in (("three_pairs", 1), ("two_triples", 2)):
        game = load(players=6, six_player_sides=sides, misere_requires_seven=False)
        s = to_play(game, "misere", P6="2S 2C 2D 3S 3C 3D 4S 4C 4D 5S", kitty="5C 6C 7C")
        assert sum(1 for a in s.active if not a) == out


def test_5h_2_five_players_partner_call() -> None:
    """5H-2: five players: after the discard the contractor calls a card (or plays alone);
    its holder becomes the partner, revealed when the card is played."""
    game = load(players=5)
    s = stacked(game, P1="AH KH QH 10H 9H 8H 7H AS KS QS", P2="JH 2C 3C 4C 5C 6C 7C 8C 9C 10C",
                kitty="2D 3D 4D")
    s = run(s, "bid 7H", "pass", "pass", "pass", "pass", "discard 2D 3D 4D")
    assert s.phase == "call" and s.to_move == 0
    assert s.explain("call AH").code == "own_card" and s.explain("call JK").code == \
        "cannot_call_joker"
    s = s.apply("call JH")
    assert s.partner == 1 and s.view(2)["partner"] is None
    assert s.view(2)["partner_card"] == "JH"
    s = run(s, "play AH", "play JH")
    assert s.view(2)["partner"] == 1
    while not s.is_over:
        s = s.apply(s.legal_actions()[0])
    r = s.result
    assert r.points["P1"] == r.points["P2"] and r.figures["contractors"] == ["P1", "P2"]
