"""Five Hundred deals (5H-4): packets, seeds, pack orders, stacked deals, deal strings."""

from __future__ import annotations

import pytest
from fh_helpers import load, stacked

import cardlab


def test_5h_4_3_deterministic_mapping() -> None:
    """5H-4.3: W deals; N gets d0-2, d13-16, d30-32 … the kitty is d12, d29, d42."""
    game = load()
    order = list(reversed(game.deck))  # any fixed order will do
    d = [str(c) for c in order]
    state = game.deal(deck=" ".join(d), dealer=3)
    got = [sorted(str(c) for c in h) for h in state.hands]
    want = {0: [*d[0:3], *d[13:17], *d[30:33]], 1: [*d[3:6], *d[17:21], *d[33:36]],
            2: [*d[6:9], *d[21:25], *d[36:39]], 3: [*d[9:12], *d[25:29], *d[39:42]]}
    for seat, cards in want.items():
        assert got[seat] == sorted(cards)
    assert [str(c) for c in state.kitty] == [d[12], d[29], d[42]]


def test_5h_4_2_deal_starts_left_of_dealer() -> None:
    """5H-4.2: the first packet goes to the dealer's left; with N dealing, E gets d0-2."""
    game = load()
    d = [str(c) for c in game.deck]
    state = game.deal(deck=" ".join(d), dealer=0)
    assert {str(c) for c in d[0:3]} <= {str(c) for c in state.hands[1]}
    assert state.to_move == 1  # 5H-5.1 the dealer's left calls first


def test_5h_4_1_same_seed_same_deal() -> None:
    """5H-4.1: a seed gives the same deal every time; different seeds differ."""
    game = load()
    assert game.deal(seed=11).deal_string() == game.deal(seed=11).deal_string()
    assert game.deal(seed=11).deal_string() != game.deal(seed=12).deal_string()


def test_5h_4_stacked_deal_and_deal_string_round_trip() -> None:
    """5H-4: a stacked deal; deal_string() reads back through deal_from_string()."""
    game = load()
    state = game.deal(seed=5)
    again = game.deal_from_string(state.deal_string(), dealer=0)
    assert again.deal_string() == state.deal_string()
    hands = state.setup["hands"]
    stacked_state = game.deal(hands=hands, kitty=state.setup["kitty"], dealer=0)
    assert stacked_state.deal_string() == state.deal_string()


def test_5h_2_stacked_deal_refuses_a_card_twice() -> None:
    """5H-2: a stacked deal must use every card exactly once, ten each and three in the kitty."""
    game = load()
    state = game.deal(seed=5)
    hands = list(state.setup["hands"])
    kitty = state.setup["kitty"].split()
    bad = hands[0].split()
    bad[0] = hands[1].split()[0]
    with pytest.raises(cardlab.IllegalAction) as err:
        game.deal(hands=[" ".join(bad), *hands[1:]], kitty=" ".join(kitty))
    assert err.value.code == "duplicate_card"
    with pytest.raises(cardlab.IllegalAction) as err:
        game.deal(hands=hands, kitty=" ".join(kitty[:2]))
    assert err.value.code == "wrong_count"


def test_deal_parts_and_from_parts() -> None:
    """Teaching aid: deal_parts() labels; deal_from_parts() builds the same deal."""
    game = load()
    assert game.deal_parts() == [("N", 10), ("E", 10), ("S", 10), ("W", 10), ("kitty", 3)]
    state = stacked(game, N="JK JH JD AH KH QH 10H 9H 8H 7H")
    assert sorted(str(c) for c in state.hands[0]) == sorted(
        "JK JH JD AH KH QH 10H 9H 8H 7H".split())
    parts = {label: [str(c) for c in cards] for label, cards in zip(
        [lab for lab, _ in game.deal_parts()], [*state.hands, state.kitty])}
    assert game.deal_from_parts(parts, dealer=3).deal_string() == state.deal_string()


def test_setup_is_explicit_cards_and_seed_is_kept() -> None:
    """The record's setup has the cards, never just the seed; state.seed is the seed."""
    state = load().deal(seed=9, dealer=2)
    assert set(state.setup) == {"hands", "kitty", "dealer"} and state.seed == 9
    again = cardlab.from_json(state.to_json())
    assert again.deal_string() == state.deal_string()


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_5h_4_2_other_counts_ten_each_three_kitty(players: int) -> None:
    """5H-4.2: the same packet rule gives 10 each + 3 for 2 (with a dead hand), 3, 5, 6."""
    game = load(players=players)
    state = game.deal(seed=1)
    assert all(len(h) == 10 for h in state.hands) and len(state.kitty) == 3
    if players == 2:
        assert len(state.dead_hand) == 10
    assert len(game.deal_parts()) == players + 1 + (players == 2)


def test_5h_4_bad_dealer_and_arguments() -> None:
    """5H-4: the dealer is a seat; unknown deal arguments are refused by name."""
    with pytest.raises(ValueError):
        load().deal(seed=1, dealer=4)
    with pytest.raises(ValueError, match="unknown deal argument"):
        load().deal(seed=1, widow="AS")
