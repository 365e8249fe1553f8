"""Panfin: property tests (the shared playout checker, chips conserved), matches, views,
teaching aids, rescoring and the bots (B2.3, B2.12, B4.2)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from panfin_helpers import conserved, declare_all, legal, stacked
from support import check_playout, random_playout

import cardlab
from cardlab.bots import RandomBot, bot_for, play_out
from cardlab.games.panfin.rules import PanfinOptions

#: one non-default value of every option that changes play or payments (table B4.2)
OPTION_SETS = [
    {"dealer_ante_multiplier": 1}, {"carryover_dealer_adds": 2},
    {"cut_shown_card": "top_of_remaining"}, {"cut_vecia_wins": False},
    {"cut_gobbo_kept": False}, {"check_behind_gobbo": False},
    {"turnup_gobbo": "turn_next_card"}, {"dealer_turnup_at_piatti": "none"},
    {"max_exchange": 1}, {"servito_ends_declarations": False}, {"servito_tie": "split"},
    {"simezi_bonus_payers": "active_only"}, {"tronfi_stamp_payers": "all_non_exempt"},
    {"tiebreak_false": "tronfi_rule"}, {"tiebreak_simezi": "rank"},
    {"beat_reference": "led_card"}, {"must_trump_when_void": False},
    {"must_overtrump": False}, {"both_jokers_lead": "consecutive_forced"},
]


def test_b4_2_every_option_named_with_its_default():
    """B4.2: every option of the table exists with the spec's name and default."""
    o = PanfinOptions()
    assert (o.players, o.dealer_ante_multiplier, o.carryover_dealer_adds) == (4, 2, 1)
    assert (o.cut_shown_card, o.cut_vecia_wins, o.cut_gobbo_kept, o.check_behind_gobbo) == (
        "bottom_of_lifted", True, True, True)
    assert (o.turnup_gobbo, o.turnup_vecia, o.dealer_turnup_at_piatti) == (
        "batons_dominant", "dealer_chooses", "swap")
    assert (o.max_exchange, o.servito_ends_declarations, o.servito_tie) == (4, True,
                                                                           "pot_stays")
    assert (o.naturali_bonus, o.simezi_bonus, o.simezi_bonus_payers) == (2, 1, "all_others")
    assert (o.tronfi_stamp_payers, o.tiebreak_false, o.tiebreak_simezi) == (
        "active_non_exempt", "call_order", "joker_then_rank")
    assert (o.jokers_are_top_trumps, o.beat_reference, o.must_trump_when_void,
            o.must_overtrump) == (True, "current_winner", True, True)
    assert (o.both_jokers_lead, o.zero_piatti_payment, o.lone_player, o.hands_to_play) == (
        "double_trick", "pot_amount_to_next_pot", "wins_without_play", 12)
    with pytest.raises(ValueError, match="beat_reference"):
        cardlab.load("panfin", beat_reference="nope")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_b4_1_playout_invariants_every_player_count(players):
    """B4.1: random deals keep every invariant (immutability, explain = legal, hidden
    cards, records), for 2-6 players."""
    game = cardlab.load("panfin", players=players)
    for seed in range(4):
        state = check_playout(game, seed * 7 + players)
        assert conserved(state)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(map(str, o.items())))
def test_b4_2_playout_invariants_under_each_option(options):
    """B4.2: the invariants hold under each non-default option."""
    game = cardlab.load("panfin", **options)
    for seed in (3, 18):
        assert conserved(check_playout(game, seed, explain_every=2))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_b2_3_hypothesis_playout_keeps_invariants(seed, players):
    """B2.3: any seeded deal, any player count: the checker passes and chips are conserved."""
    assert conserved(check_playout(cardlab.load("panfin", players=players), seed,
                                   explain_every=3))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_b2_3_chips_conserved_over_many_deals(players):
    """B2.3: over 1,000 seeded deals per player count, carrying pot and stacks, no chip
    appears or disappears and the pot is never negative."""
    game = cardlab.load("panfin", players=players)
    pot, stacks = 0, [0] * players
    for seed in range(1000):
        s = game.deal(seed=seed, dealer=seed % players, pot=pot, stacks=stacks)
        s = random_playout(s, seed)
        d = s.result.figures
        assert conserved(s) and d["pot_after"] >= 0
        assert sum(s.result.seat_points) == d["pot_before"] - d["pot_after"]
        pot, stacks = d["pot_after"], list(d["stacks_after"].values())
        assert sum(stacks) + pot == 0


def test_b2_12_match_carries_chips_and_ends_after_hands_to_play():
    """B2.12 / F-A26 / B4.2 hands_to_play: a match plays that many deals, carrying the pot
    and the stacks; the dealer moves anticlockwise (to his right)."""
    game = cardlab.load("panfin", hands_to_play=5)
    m = game.match(seed=4, dealer=2)
    m.play([bot_for("panfin", seed=i) for i in range(4)])
    assert m.is_over and len(m.sheet) == 5
    assert [r["dealer"] for r in m.sheet] == ["P3", "P4", "P1", "P2", "P3"]
    assert sum(m.scores.values()) + m.pot == 0
    data = json.loads(m.to_json())
    assert data["pot"] == m.pot and len(data["deals"]) == 5
    for prev, nxt in zip(data["deals"], data["deals"][1:]):
        before = cardlab.from_json(prev).result.figures
        assert nxt["setup"]["pot"] == before["pot_after"]
        assert nxt["setup"]["stacks"] == list(before["stacks_after"].values())
    assert cardlab.load("panfin").match(seed=1).game.options.hands_to_play == 12


def test_b4_2_hands_to_play_default_twelve():
    """B4.2 hands_to_play: the default match is 12 deals."""
    m = cardlab.load("panfin").match(seed=2).play()
    assert len(m.sheet) == 12 and m.is_over


def test_view_schema_and_hidden_hands():
    """The view has every schema key; a spectator sees no hand; chips show who paid why."""
    s = cardlab.load("panfin").deal(seed=8)
    keys = {"game", "title", "phase", "seat", "to_move", "dealer", "seat_names", "hands",
            "piles", "extras", "trick", "trick_leader", "trick_suit", "last_trick",
            "tricks_won", "auction", "contract", "declarer", "trump", "scores", "chips",
            "info", "legal"}
    v = s.view(None)
    assert keys <= set(v) and json.dumps(v)
    assert all(h["cards"] is None for h in v["hands"])
    # a spectator sees only the mover's actions that name no hidden card
    assert v["chips"]["pot"] == 5 and v["legal"] == ["tengo", "fold"]
    assert all({"from", "to", "amount", "why", "rule"} <= set(p) for p in v["payments"])
    mine = s.view(s.to_move)
    assert mine["hands"][s.to_move]["cards"] and mine["legal"]
    other = (s.to_move + 1) % 4
    assert s.view(other)["legal"] == [] and s.view(other)["hands"][s.to_move]["cards"] is None


def test_teaching_aids():
    """B2.2 / B2.6 / B2.9: contracts, card order (Vecia and Gobbo special), the ladder."""
    game = cardlab.load("panfin")
    assert game.contracts() == ["S", "B", "C", "D"]
    order = game.card_order("S")
    assert order["trumps"][:3] == ["FS", "FB", "AS"] and "FS" not in order["trumps"][3:]
    assert len(order["trumps"]) == 11 and len(game.card_order("C")["trumps"]) == 12
    assert "FB" not in order["suits"]["B"] and set(order["special"]) == {"FS", "FB"}
    ladder = [r["call"] for r in game.bid_ladder()]
    assert ladder[-4:] == ["false", "tronfi", "simezi", "naturali"]
    s = stacked(["3S 4S 6D 2B", "RS RB 6C 2D", "AS AB AD FS", "7S 2S 3B 4D"])
    assert [c.code for c in s.trump_order()][:3] == ["FS", "FB", "AC"]


def test_b4_2_score_deal_rescores_payments():
    """B4.2: score_deal settles a finished deal again under other payment options."""
    s = declare_all(stacked(["3S 4S 6D 2B", "AS AB AD FS", "7S 2S 3B 4D", "RS RB 6C 2D"]),
                    {2: "fold"})
    game = s.game
    assert game.score_deal(s).seat_points == s.result.seat_points
    other = game.score_deal(s, **game.scoring_variants()["simezi_active_only"])
    assert other.seat_points == (-3, 6, -1, -2)
    assert game.score_deal(s, dealer_ante_multiplier=1).seat_points == (-2, 6, -2, -2)
    with pytest.raises(ValueError):
        game.score_deal(s, beat_reference="led_card")


def test_explain_and_describe_words():
    """B2.7 / B2.10: explain gives the rule's reason; describe never names a hidden card."""
    s = stacked(["3B 4B 6S 7S", "AD RD CD 2S", "AS 3S 7B 4C", "RS RB 6C 2D"])
    assert s.explain("tengo 2S").legal and "draw 1" in s.explain("tengo 2S")
    assert s.describe("tengo 2S") == "P2 says tengo and exchanges 1 card"
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("servito")
    assert err.value.code == "not_servito" and "B2.8" in str(err.value)


def test_bots_play_legal_games():
    """The heuristic bot only picks legal actions and finishes deals at every player count."""
    for players in range(2, 7):
        game = cardlab.load("panfin", players=players)
        for seed in range(15):
            bots = [bot_for("panfin", seed=seed + k) for k in range(players - 1)]
            end = play_out(game.deal(seed=seed), [*bots, RandomBot(seed)])
            assert end.is_over and conserved(end)


def test_b4_2_single_valued_options_are_fixed():
    """B4.2: options with no alternative accept only the spec's value."""
    for name, value in [("turnup_vecia", "dealer_chooses"), ("naturali_bonus", 2),
                        ("simezi_bonus", 1), ("jokers_are_top_trumps", True),
                        ("zero_piatti_payment", "pot_amount_to_next_pot"),
                        ("lone_player", "wins_without_play")]:
        assert getattr(cardlab.load("panfin", **{name: value}).options, name) == value
        with pytest.raises(ValueError, match=name):
            cardlab.load("panfin", **{name: "other"})


def test_b4_2_jokers_are_top_trumps_true_in_every_dominant_suit():
    """B4.2 jokers_are_top_trumps=True (F-A16): Vecia and Gobbo head the trumps whatever the
    dominant suit, and are not members of spade or bastoni."""
    game = cardlab.load("panfin", jokers_are_top_trumps=True)
    for suit in game.contracts():
        order = game.card_order(suit)
        assert order["trumps"][:2] == ["FS", "FB"]
        assert all("FS" not in cards and "FB" not in cards for cards in order["suits"].values())


def test_b4_2_naturali_bonus_2_and_simezi_bonus_1():
    """B4.2 naturali_bonus=2 / simezi_bonus=1: the bonus per other player."""
    nat = declare_all(stacked(["3S 4S 6D 2B", "7S 7B 7C 7D", "AS 2S 3B 4D", "RS RB 6C 2D"]))
    assert [p.amount for p in nat.payments if p.why == "Naturali bonus"] == [2, 2, 2]
    sim = declare_all(stacked(["3S 4S 6D 2B", "AS AB AD FS", "7S 2S 3B 4D", "RS RB 6C 2D"]))
    assert [p.amount for p in sim.payments if p.why == "Simezi bonus"] == [1, 1, 1]


def test_b4_2_zero_piatti_payment_pot_amount_to_next_pot():
    """B4.2 zero_piatti_payment='pot_amount_to_next_pot': the stamp equals the pot and goes
    to the pot carried into the next deal."""
    from panfin_helpers import play, to_play

    s = to_play(stacked(["3D 4S 5B 6S", "FS AC RC 2D"], dealer_turnup_at_piatti="none",
                        zero_piatti_payment="pot_amount_to_next_pot"))
    s = play(s, "FS", "3D", "AC", "4S", "RC", "5B", "2D", "6S")
    stamp = [p for p in s.payments if "stamp" in p.why]
    assert [(p.payer, p.payee, p.amount) for p in stamp] == [(0, "pot", 3)]
    assert s.result.figures["pot_after"] == 3


def test_b4_2_lone_player_wins_without_play():
    """B4.2 lone_player='wins_without_play': the last player in takes the pot, no tricks."""
    s = stacked(["AD RD CD 2C", "AS 3S 7B 4C", "RS RB 6C 2S", "3B 4B 6S 7S"],
                lone_player="wins_without_play")
    end = declare_all(s, {1: "fold", 2: "fold", 3: "fold"})
    assert end.is_over and end.tricks == () and end.result.declarer == 0


def test_b4_2_turnup_vecia_dealer_chooses():
    """B4.2 turnup_vecia='dealer_chooses': the dealer names the dominant suit, which then
    rules the trick phase (he takes the Vecia at the swap)."""
    s = stacked(["AC 7C 5D 2S", "RC 4C 3B 6S", "CC 6D 5S 4B", "AD 3D 2B 6B"], "FS",
                turnup_vecia="dealer_chooses")
    s = s.apply("choose B")
    s = declare_all(s)
    assert s.phase == "swap" and "swap FS" in legal(s)
    s = s.apply("swap 2S")
    assert "FS" in [c.code for c in s.hands[0]] and s.dominant == "B"
