"""B2.6 / B2.7 / B2.8 / B2.10.1 the meaning of every declaration and dealer's choice of
Panfin, one line each (``game.call_meaning``, data in ``rules.call_meanings``).

The calls are those met in seeded deals played at random from ``legal_actions`` at every
player count: ``tengo`` (with the cards exchanged, read by its verb), ``fold``, ``servito``,
the dealer's ``swap`` of the turned-up card, and ``choose S`` … after a turned-up Vecia.
"""

from __future__ import annotations

import random

import pytest
from panfin_helpers import stacked

import cardlab
from cardlab.cards import ITALIAN_SUIT_NAMES

PLAYERS = (4, 2, 3, 5, 6)


def calls_in_seeded_deals(game, deals, seed=0):
    """Every action but a card play legal at some point of ``deals`` seeded deals played at
    random."""
    rng = random.Random(seed)
    found: set[str] = set()
    for n in range(deals):
        state = game.deal(seed=seed + n, dealer=n % game.players)
        while not state.is_over:
            legal = state.legal_actions()
            found.update(str(a) for a in legal if a.verb != "play")
            state = state.apply(rng.choice(legal))
    return found


def meaning_of(game, call):
    meaning = game.call_meaning(call)
    assert meaning.strip() and "\n" not in meaning, (call, meaning)
    return meaning


@pytest.mark.parametrize("players", PLAYERS)
def test_b2_7_every_declaration_of_seeded_deals_has_a_meaning(players):
    """B2.7 / B2.8 / B2.10.1: every declaration and choice legal in 150 seeded deals has a
    one-line meaning; an exchange ("tengo 7S 2C") means what tengo means."""
    game = cardlab.load("panfin", players=players)
    found = calls_in_seeded_deals(game, deals=150)
    verbs = {call.split()[0] for call in found}
    assert {"tengo", "fold", "servito", "swap"} <= verbs, verbs
    tengo = meaning_of(game, "tengo")
    for call in sorted(found):
        meaning = meaning_of(game, call)
        verb = call.split()[0]
        assert meaning.lower().startswith(verb), (call, meaning)
        if verb == "tengo":
            assert meaning == tengo
        if verb == "choose":
            assert ITALIAN_SUIT_NAMES[call.split()[1]] in meaning


@pytest.mark.parametrize("suit", ["S", "B", "C", "D"])
def test_b2_6_dealer_choice_after_a_turned_up_vecia(suit):
    """B2.6: a turned-up Vecia lets the dealer choose the dominant suit; each ``choose``
    offered has a meaning naming its suit, and the suit's letter alone (a dominant suit of
    ``game.contracts()``) says what is trumps."""
    state = stacked(["AC 7C 5D 2S", "RC 4C 3B 6S", "AS 6D 5S 4B", "AD 3D 2B 6B"], turnup="FS")
    assert state.phase == "choose"
    offered = [str(a) for a in state.legal_actions()]
    assert f"choose {suit}" in offered
    name = ITALIAN_SUIT_NAMES[suit]
    assert f"Choose {name} as the dominant suit" in state.game.call_meaning(f"choose {suit}")
    assert name.capitalize() in state.game.call_meaning(suit)


def test_b2_8_servito_and_fold_meanings():
    """B2.8 / B2.7: servito offered to four cards of one suit; its meaning names the tie and
    what beats it; fold says the ante stays."""
    state = stacked(["RC 4D 3B 6S", "AC 7C 5C 2C", "AS 6D 5S 4B", "AD 3D 2B 6B"], turnup="7D")
    assert state.to_move == 1
    offered = [str(a) for a in state.legal_actions()]
    assert "servito" in offered and "fold" in offered
    game = state.game
    assert "Naturali or Simezi" in game.call_meaning("servito")
    assert "ante stays in the pot" in game.call_meaning("fold")
    won = state.apply("servito")  # the declarations end at once, as the meaning says
    assert won.is_over and won.result.declarer == 1
    assert "declarations end at once" in game.call_meaning("servito")


def test_b4_2_options_change_the_meanings():
    """B4.2: max_exchange, simezi_bonus_payers (F-A13), tronfi_stamp_payers (F-A14),
    servito_tie (F-A11), servito_ends_declarations (F-A10) and dealer_turnup_at_piatti
    (F-A7) each change the meaning that depends on them."""
    default = cardlab.load("panfin")
    assert "up to 4 cards" in default.call_meaning("tengo 7S 2C")
    assert "up to 1 card " in cardlab.load("panfin", max_exchange=1).call_meaning("tengo")
    assert "four cards you hold" in cardlab.load("panfin", max_exchange=0).call_meaning("tengo")
    assert "Simezi" in default.call_meaning("fold")
    active = cardlab.load("panfin", simezi_bonus_payers="active_only",
                          tronfi_stamp_payers="all_non_exempt")
    assert "Simezi" not in active.call_meaning("fold")
    assert "Tronfi's stamp" in active.call_meaning("fold")
    assert "pot stays" in default.call_meaning("servito")
    other = cardlab.load("panfin", servito_tie="split", servito_ends_declarations=False)
    assert "share the pot" in other.call_meaning("servito")
    assert "the others still declare" in other.call_meaning("servito")
    assert "turned-up card" in default.call_meaning("swap 3D")
    with pytest.raises(cardlab.IllegalAction) as err:
        cardlab.load("panfin", dealer_turnup_at_piatti="none").call_meaning("swap 3D")
    assert err.value.code == "unknown_call"
