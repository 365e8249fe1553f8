"""Panfin rule points: the first dealer from a given reveal (B2.4), the exchange cap checked
before the cards (B2.7, max_exchange), and reasons that name both suits of the Vecia and the
Gobbo (B2.2, F-A16)."""

from __future__ import annotations

import pytest
from panfin_helpers import legal, play, stacked, to_play

import cardlab

HANDS = ["3B 4B 6S 7S", "AD RD CD 2S", "AS 3S 7B 4C", "RS RB 6C 2D"]


# -- B2.4 the first dealer -------------------------------------------------------------------
def test_b2_4_first_dealer_from_a_given_reveal() -> None:
    """B2.4: cards dealt face up one per seat in playing order from ``start``; the first
    seat to receive an ace deals first."""
    game = cardlab.load("panfin")
    dealer, shown = game.first_dealer(reveal="4C 2S AD", start=1)
    assert dealer == 3
    assert [(seat, card.code) for seat, card in shown] == [(1, "4C"), (2, "2S"), (3, "AD")]
    # round the table: from seat 3, the fifth card goes to seat 3 again
    dealer, shown = game.first_dealer(reveal=["4C", "2S", "7D", "RB", "AB"], start=3)
    assert dealer == 3 and [s for s, _ in shown] == [3, 0, 1, 2, 3]
    assert game.first_dealer(reveal="AS", start=2) == (2, [(2, game.card("AS"))])
    six = cardlab.load("panfin", players=6)
    assert six.first_dealer(reveal="2C 3C 4C 5C 6C 7C AC", start=4)[0] == 4


def test_b2_4_first_dealer_seed_unchanged() -> None:
    """B2.4: ``seed=`` works as before (positional or keyword), with a random first seat;
    pinned values."""
    game = cardlab.load("panfin")
    assert game.first_dealer(9) == game.first_dealer(seed=9)
    pinned = {s: (game.first_dealer(s)[0], " ".join(c.code for _, c in game.first_dealer(s)[1]))
              for s in (0, 7, 9)}
    assert pinned == {0: (1, "CD 6D 2D 6B 7B AC"), 7: (3, "4D RD 2C RB FB 4C 5C 5B AC"),
                      9: (2, "FC CC 4D 7B 3C RD AB")}
    assert game.match(seed=9).dealer == game.first_dealer(9)[0]
    # a seeded reveal, replayed as a given one, gives the same dealer and reveal
    for seed in range(30):
        dealer, shown = game.first_dealer(seed)
        codes = " ".join(c.code for _, c in shown)
        assert game.first_dealer(reveal=codes, start=shown[0][0]) == (dealer, shown)


@pytest.mark.parametrize(("kwargs", "code", "words"), [
    ({"reveal": "4C 2S", "start": 1}, "reveal_undecided", "reveal="),
    ({"reveal": "", "start": 1}, "reveal_undecided", "reveal="),
    ({"reveal": "4C ZZ AD", "start": 1}, "unknown_card", "reveal="),
    ({"reveal": "4C 4C AD", "start": 1}, "duplicate_card", "reveal="),
    ({"reveal": "4C AD 2S", "start": 1}, "reveal_too_long", "reveal="),
    ({"reveal": "4C AD", "start": 4}, "no_such_seat", "start="),
    ({"reveal": "4C AD", "start": -1}, "no_such_seat", "start="),
    ({"reveal": "4C AD", "start": "1"}, "no_such_seat", "start="),
    ({"reveal": "4C AD"}, "bad_argument", "start="),
    ({"reveal": "4C AD", "start": 0, "seed": 3}, "bad_argument", "seed="),
    ({"start": 1}, "bad_argument", "start="),
    ({}, "bad_argument", "seed="),
    ({"reveal": 7, "start": 0}, "bad_argument", "reveal="),
])
def test_b2_4_first_dealer_bad_reveal_names_the_field(kwargs: dict, code: str,
                                                       words: str) -> None:
    """B2.4: a bad reveal (unknown or repeated card, no ace, cards after the ace, a start
    that is not a seat) is refused with a ValueError that names the field."""
    game = cardlab.load("panfin")
    with pytest.raises(ValueError) as err:
        game.first_dealer(**kwargs)
    assert isinstance(err.value, cardlab.IllegalAction)
    assert err.value.code == code and err.value.rule == "B2.4"
    assert words in str(err.value)


# -- B2.7 the exchange cap -----------------------------------------------------------------
def test_b2_7_max_exchange_refused_before_cards_held() -> None:
    """B2.7 max_exchange=4: five cards from a four-card hand are too many (too_many_cards),
    checked before whether they are held (not card_not_held)."""
    s = stacked(HANDS)
    e = s.explain("tengo AD RD CD 2S 3C")
    assert not e.legal and e.code == "too_many_cards" and e.rule == "B2.7"
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("tengo AD RD CD 2S 3C")
    assert err.value.code == "too_many_cards"
    assert s.explain("tengo AD RD CD 2S").legal
    assert s.explain("tengo AD 3C").code == "card_not_held"  # within the cap: held is checked


def test_b2_7_max_exchange_2_counts_before_holding() -> None:
    """B2.7 max_exchange=2: three cards, none held, are too_many_cards; two cards not held
    are card_not_held."""
    s = stacked(HANDS, max_exchange=2)
    assert s.explain("tengo 5D 6D 7D").code == "too_many_cards"
    assert s.explain("tengo 5D 6D").code == "card_not_held"
    assert s.explain("tengo AD AD AD").code == "too_many_cards"  # the count comes first
    assert not any(len(a.split()) > 3 for a in legal(s) if a.startswith("tengo"))


# -- F-A16 the Vecia and the Gobbo in reasons ------------------------------------------------
def _coppe() -> cardlab.State:
    """Coppe dominant (5C turned up); P2 (seat 1) leads and holds the Vecia, P3 the Gobbo."""
    return to_play(stacked(["AC 5D 6S 7S", "FS 2D 3S 4B", "FB 3C 2S 4S", "RD 6B 7B 2B"]))


def test_f_a16_vecia_lead_names_both_suits() -> None:
    """F-A16 / B2.2: coppe dominant; leading the Vecia, the reason says it is a trump
    (coppe), not a spade."""
    e = _coppe().explain("play FS")
    assert e.legal
    assert "the Vecia (fante of spade) is a trump (coppe, the dominant suit) in this hand, " \
           "not a spade card" in e


def test_f_a16_spade_refused_on_a_vecia_lead_says_trumps_were_led() -> None:
    """F-A16 / B2.10.3: the Vecia is led, so trumps are led; P3 may not answer with a
    spade: the refusal says the led Vecia is a trump (coppe), not a spade, and that P3's
    Gobbo is a trump, not a bastoni."""
    s = play(_coppe(), "FS")
    assert s.to_move == 2 and legal(s) == ["play FB", "play 3C"]
    e = s.explain("play 2S")
    assert not e.legal and e.code == "must_follow_suit"
    assert "the led Vecia (fante of spade) is a trump (coppe" in e and "not a spade card" in e
    assert "so trumps were led" in e
    assert "the Gobbo (fante of bastoni) is a trump (coppe" in e and "not a bastoni card" in e
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("play 2S")
    assert "the led Vecia" in str(err.value)
    assert "the led Vecia" in s.explain("play 3C")  # the legal answer says it too


def test_f_a16_void_player_must_trump_with_the_gobbo_names_it() -> None:
    """F-A16 / B2.10.3: denari led; P3 is void and must trump (Gobbo or 3C): the refusal of
    a spade names the Gobbo as a trump (coppe), not a bastoni; playing it says the same."""
    s = play(_coppe(), "2D")
    e = s.explain("play 2S")
    assert not e.legal and e.code == "must_trump" and "not a bastoni card" in e
    legal_gobbo = s.explain("play FB")
    assert legal_gobbo.legal and "the Gobbo (fante of bastoni) is a trump (coppe" in legal_gobbo


def test_f_a16_a_joker_of_the_dominant_suit_keeps_its_suit() -> None:
    """F-A16: spade dominant: the Vecia plays as a spade (its printed suit), so no change of
    suit is told; the Gobbo is a trump (spade), not a bastoni."""
    s = to_play(stacked(["AC 5D 6S 7S", "FB 2D 3C 4B", "FS 3S 2C 4C", "RD 6B 7B 2B"],
                        turnup="5S"))
    assert "not a bastoni card" in s.explain("play FB") and "(spade, the dominant" in \
        s.explain("play FB")
    s = play(s, "2D")
    assert "in this hand, not a" not in s.explain("play FS")


def test_f_a16_both_jokers_led_refusals_name_both() -> None:
    """F-A16 / B2.10.4: denari dominant; both jokers in hand must lead together: leading
    another card is refused, and the reason says each joker is a trump (denari)."""
    s = to_play(stacked(["AC 5C 6S 7S", "FS FB 3C 4B", "AD 3D 2S 4S", "RD 6B 7B 2B"],
                        turnup="5D"))
    e = s.explain("play 3C")
    assert not e.legal and e.code == "must_lead_both_jokers"
    assert "not a spade card" in e and "not a bastoni card" in e and "(denari" in e
    s = play(s, "FS FB")
    e = s.explain("play 2S")  # one card: the answer to a double lead is two cards
    assert not e.legal and "the led Vecia" in e and "the led Gobbo" in e
