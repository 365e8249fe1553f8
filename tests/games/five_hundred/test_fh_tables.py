"""Five Hundred tables: Avondale, the ladder, card orders, packs (5H-2, 5H-3, 5H-5.3, 5H-8.1)."""

from __future__ import annotations

import pytest
from fh_helpers import load

import cardlab
from cardlab.games.five_hundred.rules import AVONDALE

#: 5H-8.1 the Avondale table exactly as printed in the spec
SPEC_AVONDALE = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}


@pytest.mark.parametrize("tricks", [6, 7, 8, 9, 10])
@pytest.mark.parametrize("col,denom", list(enumerate(["S", "C", "D", "H", "NT"])))
def test_5h_8_1_avondale_every_cell(tricks: int, col: int, denom: str) -> None:
    """5H-8.1: every cell of the Avondale table, also through the public bid ladder."""
    assert AVONDALE[tricks][denom] == SPEC_AVONDALE[tricks][col]
    ladder = {row["call"]: row["value"] for row in load().bid_ladder()}
    assert ladder[f"{tricks}{denom}"] == SPEC_AVONDALE[tricks][col]
    # 5H-5.3 the value formula 40 + 20·d + 100·(n − 6)
    assert ladder[f"{tricks}{denom}"] == 40 + 20 * col + 100 * (tricks - 6)


def test_5h_8_1_misere_values() -> None:
    """5H-8.1: misère 250, open misère 500, blind misère 500 (when enabled)."""
    ladder = {r["call"]: r["value"] for r in load(blind_misere_allowed=True).bid_ladder()}
    assert (ladder["misere"], ladder["open_misere"], ladder["blind_misere"]) == (250, 500, 500)


def test_5h_5_3_ladder_ranks_match_the_spec_table() -> None:
    """5H-5.3: the 27 rungs in order, misère at rung 10 and open misère at rung 24."""
    calls = [r["call"] for r in load().bid_ladder()]
    assert calls[:10] == ["6S", "6C", "6D", "6H", "6NT", "7S", "7C", "7D", "7H", "7NT"]
    assert calls[10] == "misere" and calls[11] == "8S"
    assert calls[24] == "open_misere" and calls[23] == "10D" and calls[25] == "10H"
    assert calls[-1] == "10NT" and len(calls) == 27


def test_5h_5_3_rank_not_value_decides() -> None:
    """5H-5.3: 7NT < misère < 8♠ (though 8♠ is worth less); 10♦ < open misère < 10♥."""
    rank = {r["call"]: r["rank"] for r in load().bid_ladder()}
    assert rank["7NT"] < rank["misere"] < rank["8S"]
    assert rank["10D"] < rank["open_misere"] < rank["10H"]


def test_5h_3_1_trump_order_hearts() -> None:
    """5H-3.1: JK > right bower > left bower > A K Q 10 … 4; 13 trumps in a red suit."""
    order = load().card_order("7H")["trumps"]
    assert order == ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H", "6H", "5H",
                     "4H"]


def test_5h_3_1_twelve_trumps_in_black_suits() -> None:
    """5H-3.1: with ♠ or ♣ trumps there are 12 trumps (no black 4s in the 43-card pack)."""
    order = load().card_order("S")["trumps"]
    assert order[:3] == ["JK", "JS", "JC"] and len(order) == 12 and order[-1] == "5S"


def test_5h_3_2_same_colour_suit_has_no_jack() -> None:
    """5H-3.2: the suit of the trump colour loses its jack (the left bower)."""
    order = load().card_order("D")
    assert "JH" not in order["suits"]["H"]
    assert order["suits"]["S"][:4] == ["AS", "KS", "QS", "JS"]
    assert "left bower" in order["special"]["JH"]


def test_5h_3_3_nt_order_keeps_jacks_and_joker_has_no_suit() -> None:
    """5H-3.3: in NT every suit ranks A K Q J 10 …; the unnominated joker has no suit."""
    order = load().card_order("NT")
    assert order["suits"]["D"][:5] == ["AD", "KD", "QD", "JD", "10D"]
    assert order["trumps"] == ["JK"]
    nominated = load().card_order("NT:H")
    assert nominated["suits"]["H"][0] == "JK" and nominated["trumps"] == []


def test_5h_3_4_trump_order_of_state() -> None:
    """5H-3.4: state.trump_order() for the current contract and for one asked about."""
    state = load().deal(seed=3)
    assert [str(c) for c in state.trump_order("10C")][:3] == ["JK", "JC", "JS"]
    assert state.trump_order() == []  # no bid yet
    state = state.apply("bid 6D")
    assert [str(c) for c in state.trump_order()][:3] == ["JK", "JD", "JH"]


def test_5h_2_packs_by_player_count() -> None:
    """5H-2: 33 (2, 3), 43 (4), 53 (5), 63 (6) cards; ten each and three in the kitty."""
    sizes = {n: len(cardlab.load("five_hundred", players=n).deck) for n in (2, 3, 4, 5, 6)}
    assert sizes == {2: 33, 3: 33, 4: 43, 5: 53, 6: 63}
    for n in (2, 3, 4, 5, 6):
        game = cardlab.load("five_hundred", players=n)
        assert dict(game.deal_parts())["kitty"] == 3


def test_5h_2_six_player_ranks_13_12_11() -> None:
    """5H-2: trumps J J A K Q (13) (12) (11) 10 …; plain A K Q J (13) (12) (11) 10."""
    game = load(players=6)
    trumps = game.card_order("H")["trumps"]
    assert trumps[:9] == ["JK", "JH", "JD", "AH", "KH", "QH", "13H", "12H", "11H"]
    assert game.card_order("NT")["suits"]["S"][:6] == ["AS", "KS", "QS", "JS", "12S", "11S"]


@pytest.mark.parametrize("pack,size,kitty", [("43", 43, 3), ("45", 45, 5), ("46", 46, 6),
                                             ("43_spade_diamond_4s_removed", 43, 3)])
def test_option_pack_4p(pack: str, size: int, kitty: int) -> None:
    """Option pack_4p: 45 (kitty 5), 46 (two jokers, kitty 6), 4♠/4♦ removed."""
    game = load(pack_4p=pack)
    assert len(game.deck) == size and dict(game.deal_parts())["kitty"] == kitty


def test_option_pack_4p_accepts_the_size_as_a_number() -> None:
    """Option pack_4p: the table writes the sizes as codes; 45 and "45" give the same pack."""
    assert load(pack_4p=45).deck == load(pack_4p="45").deck


def test_option_pack_4p_46_black_joker_beats_red() -> None:
    """Option pack_4p = 46: the black joker beats the red one (5H-2)."""
    assert load(pack_4p="46").card_order("S")["trumps"][:3] == ["JK1", "JK2", "JS"]


def test_option_pack_4p_colour_four_is_trump() -> None:
    """Option pack_4p = 43_spade_diamond_4s_removed: the 4 of the trump colour is a trump."""
    game = load(pack_4p="43_spade_diamond_4s_removed")
    assert game.card_order("S")["trumps"][-1] == "4C"
    assert game.card_order("D")["trumps"][-1] == "4H"
    assert "4C" not in game.card_order("S")["suits"]["C"]


def test_5h_12_unknown_option_and_value_are_refused() -> None:
    """5H-12: an unknown option or value raises a ValueError naming the valid ones."""
    with pytest.raises(ValueError, match="misere_allowed"):
        load(misere_alowed=False)
    with pytest.raises(ValueError, match="after_7NT"):
        load(misere_rank="after_9S")
    with pytest.raises(ValueError, match="american"):
        cardlab.load("five_hundred", preset="british")


def test_5h_12_presets() -> None:
    """5H-12: australian is the default; american changes exactly four options."""
    aus, ame = cardlab.load("five_hundred", preset="australian"), cardlab.load(
        "five_hundred", preset="american")
    assert aus.options == load().options
    changed = {k: v for k, v in ame.options_dict().items() if aus.options_dict()[k] != v}
    assert changed == {"auction": "american_single_round", "misere_requires_seven": False,
                       "misere_rank": "after_8S", "win_by_defending": True}
    assert cardlab.load("five_hundred", preset="american",
                        win_by_defending=False).options.win_by_defending is False


def test_5h_12_every_option_default() -> None:
    """5H-12: every option of the table with its default."""
    o = load().options_dict()
    assert o == {
        "players": 4, "pack_4p": "43", "six_player_sides": "three_pairs",
        "two_player_form": "dead_hand_33", "auction": "australian", "misere_allowed": True,
        "misere_requires_seven": True, "misere_rank": "after_7NT", "open_misere_allowed": True,
        "open_misere_requires_eight": False, "open_misere_expose": "after_first_trick",
        "blind_misere_allowed": False, "sans_kitty_allowed": False, "allow_final_raise": False,
        "rebid_after_pass_on_denomination_change": False, "all_pass": "throw_in",
        "first_lead": "contractor", "joker_nomination": True,
        "joker_lead_nomination": "unled_suits",
        "joker_after_all_suits_led": "no_lead_before_last_trick",
        "joker_lead_only_last_trick": False, "misere_void_must_play_joker": True,
        "stop_misere_on_first_trick_won": True, "defenders_score_tricks": True,
        "defender_points_ignored_above": None, "defensive_cap": None, "slam_minimum": 250,
        "min_bid_tricks": 6, "win_by_defending": False, "target": 500, "loss_threshold": -500,
        "backwards_needs_nonnegative_opponent": False,
    }


def test_contracts_list_is_the_ladder() -> None:
    """Teaching aid: contracts() lists the ladder's calls, misère included."""
    c = load().contracts()
    assert c[0] == "6S" and "misere" in c and "open_misere" in c and c[-1] == "10NT"
