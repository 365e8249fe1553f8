"""Officer Skat: pack, layout, the deal order, the choice of game, Kontra and Re (OS-2, OS-3)."""

from __future__ import annotations

import pytest
from officer_skat_helpers import D, F, legal, stacked

import cardlab
from cardlab.engine.dealing import pack_order

#: a pack order written out by hand (not the canonical one), c0 first
DECK = ("7D 8D 9D 10D JD QD KD AD 7H 8H 9H 10H JH QH KH AH "
        "7S 8S 9S 10S JS QS KS AS 7C 8C 9C 10C JC QC KC AC").split()


def up_cards(state, seat):
    return [p["up"] for p in state.view(seat)["piles"][seat]]


def test_os_2_1_pack_has_32_cards():
    """OS-2.1: 32 cards, A K Q J 10 9 8 7 in four suits."""
    game = cardlab.load("officer_skat")
    assert len(game.deck) == 32
    assert {c.rank for c in game.deck} == {"A", "K", "Q", "J", "10", "9", "8", "7"}


def test_os_2_2_card_points_total_120():
    """OS-2.2: A 11, 10 10, K 4, Q 3, J 2, the pack holds 120."""
    from cardlab.games.officer_skat.rules import CARD_POINTS

    game = cardlab.load("officer_skat")
    assert sum(CARD_POINTS[c.rank] for c in game.deck) == 120


def test_os_3_2_deal_order_from_deck():
    """OS-3.2: c0-3 F down row 1, c4-7 D down row 1, c8-11 F up row 1, c12-15 D up row 1,
    c16-19 F down row 2, c20-23 D down row 2, c24-27 F up row 2, c28-31 D up row 2."""
    game = cardlab.load("officer_skat")
    state = game.deal(deck=" ".join(DECK), dealer=0)  # F is seat 1
    f, d = state.layout.piles[1], state.layout.piles[0]
    assert [str(x) for x, _ in f] == DECK[0:4] + DECK[16:20]
    assert [str(x) for x, _ in d] == DECK[4:8] + DECK[20:24]
    assert [str(u) for _, u in f] == DECK[8:12] + DECK[24:28]
    assert [str(u) for _, u in d] == DECK[12:16] + DECK[28:32]


def test_os_3_2_step_4_forehand_chooses_on_four_face_up_cards():
    """OS-3.2 step 4: F chooses having seen only c8-c11; D's face-up cards are not dealt."""
    game = cardlab.load("officer_skat")
    state = game.deal(deck=" ".join(DECK), dealer=0)
    assert state.phase == "declare" and state.to_move == 1
    assert up_cards(state, 1) == DECK[8:12] + [None] * 4
    assert up_cards(state, 0) == [None] * 8
    assert state.view(1)["hands"][1]["cards"] == DECK[8:12]


def test_os_3_2_step_6_kontra_after_dealers_first_face_up_row():
    """OS-3.2 steps 5-6: D gets c12-15 face up, then may say Kontra before c16 is dealt."""
    game = cardlab.load("officer_skat")
    state = game.deal(deck=" ".join(DECK), dealer=0).apply("declare C")
    assert state.phase == "kontra" and state.to_move == 0
    assert up_cards(state, 0) == DECK[12:16] + [None] * 4
    assert all(p["down"] is None for p in state.view(0)["piles"][1][4:])  # c16+ not dealt
    assert legal(state) == ["kontra", "no_kontra"]


def test_os_3_2_step_10_re_before_dealers_second_row():
    """OS-3.2 step 10: after Kontra, F may say Re having seen c24-27, before c28 is dealt."""
    game = cardlab.load("officer_skat")
    state = game.deal(deck=" ".join(DECK), dealer=0).apply("declare C").apply("kontra")
    assert state.phase == "re" and state.to_move == 1
    assert up_cards(state, 1) == DECK[8:12] + DECK[24:28]
    assert up_cards(state, 0) == DECK[12:16] + [None] * 4
    state = state.apply("re")
    assert state.phase == "play" and state.kontra and state.re
    assert up_cards(state, 0) == DECK[12:16] + DECK[28:32]


def test_os_3_2_no_re_without_kontra():
    """OS-3.2 step 10 / OS-7.4: Re is only possible after Kontra."""
    state = stacked().apply("declare H").apply("no_kontra")
    assert state.phase == "play"
    e = state.explain("re")
    assert not e.legal and e.code == "wrong_phase"


def test_os_3_1_forehand_is_the_non_dealer_and_declarer():
    """OS-3.1: the non-dealer is forehand, chooses the game and becomes the declarer."""
    for dealer in (0, 1):
        state = cardlab.load("officer_skat").deal(seed=4, dealer=dealer)
        assert state.to_move == 1 - dealer
        state = state.apply("declare grand")
        assert state.declarer == 1 - dealer


def test_os_7_4_only_the_opponent_says_kontra():
    """OS-7.4: only D may say Kontra; F acting then is refused (not_your_turn)."""
    state = stacked().apply("declare S")
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply("kontra", seat=F)
    assert err.value.code == "not_your_turn"
    assert state.apply("kontra", seat=D).kontra


def test_os_4_declare_actions_default():
    """OS-4 / OS-9: F chooses clubs, spades, hearts, diamonds, Grand or Null."""
    assert legal(stacked()) == ["declare C", "declare S", "declare H", "declare D",
                                "declare grand", "declare null"]


def test_os_4_unknown_game_refused():
    """OS-4: a game that does not exist is refused with unknown_game."""
    e = stacked().explain("declare trumps")
    assert not e.legal and e.code == "unknown_game" and e.rule == "OS-4"


def test_os_4_declare_accepts_names_and_case():
    """OS-4: 'declare hearts', 'declare Grand' and 'declare ♣' are the same actions."""
    s = stacked()
    assert s.apply("declare hearts").contract == "H"
    assert s.apply("DECLARE Grand").contract == "grand"
    assert s.apply("declare ♣").contract == "C"


def test_os_3_2_pass_not_allowed_by_default():
    """B-2: passing is an option, off by default."""
    e = stacked().explain("pass")
    assert not e.legal and e.code == "pass_not_allowed"


def test_os_3_2_wrong_phase_play_before_choice():
    """OS-3.2: no card is played before the game is chosen."""
    e = stacked(f=["?/AS"]).explain("play AS")
    assert not e.legal and e.code == "wrong_phase" and e.rule == "OS-3.2"


def test_os_3_2_seeded_deal_follows_the_pack_order():
    """OS-3.2: a seeded deal is the shuffled pack dealt in the OS-3.2 order."""
    game = cardlab.load("officer_skat")
    order = [c.code for c in pack_order(game.deck, seed=11)]
    a = game.deal(seed=11, dealer=1)
    b = game.deal(deck=" ".join(order), dealer=1)
    assert a.deal_string() == b.deal_string()
    assert a.layout.piles[0][0][0].code == order[0]  # F = seat 0 gets c0


def test_os_2_3_piles_setup_validated():
    """OS-2.3: 8 piles of down/up per seat, every card exactly once."""
    game = cardlab.load("officer_skat")
    with pytest.raises(cardlab.IllegalAction) as err:
        game.deal(piles=["7D/8D"] * 2)
    assert err.value.code == "bad_piles"
    from officer_skat_helpers import fill_piles

    piles = fill_piles()
    bad = [piles[0], piles[1].replace(piles[1].split()[0].split("/")[1], piles[0][:2], 1)]
    with pytest.raises(cardlab.IllegalAction) as err:
        game.deal(piles=bad)
    assert err.value.code == "duplicate_card"


def test_os_3_2_deck_order_round_trip():
    """OS-3.2: a deal's pack order (layout.deck_order) dealt again gives the same piles."""
    game = cardlab.load("officer_skat")
    state = game.deal(deck=" ".join(DECK), dealer=1)
    assert [c.code for c in state.layout.deck_order()] == DECK
