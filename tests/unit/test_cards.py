"""Cards, packs and card codes (cardlab/cards.py)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.cards import (
    Card,
    five_hundred_pack,
    format_cards,
    pandoeren_pack,
    parse_card,
    parse_cards,
    skat_pack,
    treviso_pack,
)
from cardlab.errors import CardError, IllegalAction

ALL_PACKS = [five_hundred_pack(n) for n in (33, 43, 45, 46, 53, 63)] + [
    five_hundred_pack("43_spade_diamond_4s_removed"), skat_pack(), skat_pack("german"),
    pandoeren_pack(), treviso_pack()]


def test_cards_are_interned_immutable_and_hashable():
    a = Card("J", "D")
    assert a is Card.parse("JD") is parse_card("j♦")
    assert {a: 1}[Card.parse("jd")] == 1
    with pytest.raises(AttributeError):
        a.rank = "Q"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) is a
    assert repr(a) == "Card('JD')" and str(a) == "JD"


@pytest.mark.parametrize("token,code", [
    ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("10♥", "10H"), ("A♠", "AS"), ("Q♡", "QH"),
    ("JK", "JK"), ("joker", "JK"), ("JK1", "JK1"), ("jk2", "JK2"), ("11S", "11S"), ("13D", "13D"),
    ("FS", "FS"), ("FB", "FB"), ("CC", "CC"), ("RD", "RD"), ("AB", "AB"), (" 7c ", "7C"),
])
def test_parse_ascii_and_unicode_codes(token, code):
    assert parse_card(token).code == code


@pytest.mark.parametrize("token", ["2Z", "", "1", "ZZ", "10", "H", "KB8", "XS"])
def test_bad_codes_name_the_token_and_what_was_expected(token):
    with pytest.raises(CardError) as err:
        parse_card(token)
    assert repr(token) in str(err.value)
    assert "expected" in str(err.value)
    assert err.value.code == "unknown_card"
    assert isinstance(err.value, IllegalAction) and isinstance(err.value, ValueError)


def test_card_not_in_pack_is_refused_by_that_pack():
    pack = five_hundred_pack(43)
    with pytest.raises(CardError) as err:
        pack.parse("4S")  # 5H-2: the black 4s are out of the 43-card pack
    assert err.value.code == "card_not_in_pack"
    assert "43-card" in str(err.value)
    assert pack.parse("4H") == Card("4", "H")


def test_non_string_code_is_refused():
    with pytest.raises(CardError):
        parse_card(7)  # type: ignore[arg-type]


def test_5h_2_pack_compositions():
    """5H-2: 33, 43, 53, 63 cards, and the optional 45/46 packs."""
    p43 = five_hundred_pack(43)
    assert len(p43) == 43
    assert sum(c.suit == "H" for c in p43) == 11 and sum(c.suit == "S" for c in p43) == 10
    assert [c for c in p43 if c.is_joker] == [Card("JK")]
    p63 = five_hundred_pack(63)
    assert Card("13", "H") in p63 and Card("13", "D") in p63 and Card("13", "S") not in p63
    assert Card("11", "C") in p63 and Card("12", "S") in p63
    assert len([c for c in five_hundred_pack(46) if c.is_joker]) == 2
    alt = five_hundred_pack("43_spade_diamond_4s_removed")
    assert Card("4", "C") in alt and Card("4", "S") not in alt and Card("4", "D") not in alt
    assert all(len(five_hundred_pack(n)) == 10 * p + 3
               for n, p in ((33, 3), (43, 4), (53, 5), (63, 6)))
    with pytest.raises(ValueError):
        five_hundred_pack(44)


def test_other_packs():
    assert len(skat_pack()) == 32 and skat_pack("german").name(Card("J", "C")) == "Unter of acorns"
    p = pandoeren_pack()
    assert len(p) == 33 and Card("6", "H") in p and Card("6", "S") not in p
    t = treviso_pack()
    assert len(t) == 40
    assert t.name(Card("F", "S")) == "fante of spade (Vecia)"
    assert t.name(Card("F", "B")) == "fante of bastoni (Gobbo)"
    assert t.name(Card("C", "C")) == "cavallo of coppe"
    with pytest.raises(ValueError):
        skat_pack("swiss")


@pytest.mark.parametrize("pack", ALL_PACKS, ids=lambda p: p.title)
def test_every_card_of_every_pack_round_trips_through_its_code(pack):
    for i, card in enumerate(pack):
        assert pack.parse(card.code) is card
        assert pack.parse(card.unicode()) is card
        assert pack.index(card) == i
        assert pack.name(card)
    assert pack.sort(reversed(pack)) == list(pack)
    assert pickle.loads(pickle.dumps(pack)) == pack


def test_parse_cards_lists_and_format():
    cards = parse_cards("AS, 10H JK")
    assert format_cards(cards) == "AS 10H JK"
    assert format_cards(cards, unicode=True) == "A♠ 10♥ JK"
    assert parse_cards(cards) == cards


@given(st.sampled_from(ALL_PACKS), st.data())
def test_codes_round_trip_property(pack, data):
    card = data.draw(st.sampled_from(list(pack)))
    assert parse_card(str(card).lower(), pack) is card


def test_cards_and_packs_draw_as_img_for_untrusted_notebooks() -> None:
    """A card and a pack show as an <img> in HTML too (inline SVG is dropped untrusted)."""
    import cardlab

    card = cardlab.parse_card("JD")
    deck = cardlab.load("five_hundred").deck
    for obj in (card, deck):
        page = obj._repr_html_()
        assert page.startswith("<img ") and "data:image/svg+xml;base64," in page
        assert "<svg" not in page
