"""Tests of cardlab.render: deterministic, parseable, accessible pictures that never leak
hidden cards."""

from __future__ import annotations

import base64
import doctest
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import cardlab
import cardlab.render as render
from cardlab.cards import (
    Card,
    five_hundred_pack,
    pandoeren_pack,
    skat_pack,
    treviso_pack,
)
from cardlab.render import (
    DEFAULT_COLORS,
    HtmlFragment,
    SvgImage,
    auction_html,
    card_svg,
    deck_svg,
    hand_svg,
    ladder_svg,
    score_compare_html,
    show,
    state_svg,
    table_svg,
    trick_svg,
)

SVG_NS = "{http://www.w3.org/2000/svg}"
PACKS = {
    "five_hundred_63": five_hundred_pack(63),
    "five_hundred_46": five_hundred_pack(46),
    "skat_german": skat_pack("german"),
    "pandoeren": pandoeren_pack(),
    "treviso": treviso_pack(),
}
NAMES = ["N", "E", "S", "W", "X", "Y"]


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    return root


def _titles(svg: str) -> list[str]:
    return [t.text or "" for t in _parse(svg).iter(f"{SVG_NS}title")]


def _view(n: int, *, seat: int | None, hidden: list[list[str]], shown: list[str],
          kitty: list[str] | None = None) -> dict[str, Any]:
    """A hand-built view following the brief's schema: ``seat`` sees ``shown``; every other
    seat's cards (``hidden[s]``) appear only as a count."""
    hands = []
    for s in range(n):
        mine = s == (seat if seat is not None else -1)
        hands.append({"seat": s, "name": NAMES[s], "cards": list(shown) if mine else None,
                      "count": len(shown) if mine else len(hidden[s]), "face_up": mine,
                      "active": True})
    return {
        "game": "demo", "title": "Demo", "phase": "play", "seat": seat, "to_move": 0,
        "dealer": n - 1, "seat_names": NAMES[:n], "hands": hands, "piles": None,
        "extras": [{"label": "kitty", "cards": kitty, "count": 3}],
        "trick": [{"seat": 1, "card": "9C", "note": ""}], "trick_leader": 1, "trick_suit": "C",
        "last_trick": None, "tricks_won": {"NS": 1, "EW": 0},
        "auction": [{"seat": 0, "call": "7H"}], "contract": "7H", "declarer": 0, "trump": "H",
        "scores": {}, "chips": None, "info": ["a line of info"], "legal": ["play AS"],
    }


# -- the toolkit ------------------------------------------------------------------------

def test_docstring_examples_run() -> None:
    """Every >>> example in cardlab.render runs as written."""
    from cardlab.render import cards, html, ladder, svg, table

    for module in (render, cards, html, ladder, svg, table):
        failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failed == 0, module.__name__


def test_wrappers_display_themselves() -> None:
    """SvgImage shows as SVG and HTML; HtmlFragment as HTML; both are plain strings."""
    svg = card_svg("AS")
    assert isinstance(svg, SvgImage) and isinstance(svg, str)
    assert svg._repr_svg_() == str(svg)
    # the HTML form is the same picture as an <img>, which untrusted notebooks still show
    page = svg._repr_html_()
    assert page.startswith("<img ") and "<svg" not in page
    assert base64.b64decode(page.split("base64,")[1].rstrip('">')).decode() == str(svg)
    html = auction_html([{"call": "6S", "value": 40, "label": "six spades"}])
    assert isinstance(html, HtmlFragment) and html._repr_html_() == str(html)


def test_default_colors_use_plain_words_and_overrides_are_checked() -> None:
    """Colour keys are plain words; an override changes the ink; an unknown word is refused."""
    assert all(re.fullmatch(r"[a-z ]+", key) for key in DEFAULT_COLORS)
    assert "#123456" in card_svg("AS", colors={"spades": "#123456"})
    with pytest.raises(ValueError, match="unknown colour name"):
        card_svg("AS", colors={"spade colour": "#000000"})


def test_unknown_system_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown card system"):
        card_svg("AS", system="tarot")


def test_render_imports_no_widget_library() -> None:
    """Render is a pure layer: importing it pulls in neither anywidget nor ipywidgets."""
    code = ("import sys, cardlab.render; "
            "assert not {'anywidget', 'ipywidgets'} & set(sys.modules), sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


# -- cards ------------------------------------------------------------------------------

@pytest.mark.parametrize("pack_name", sorted(PACKS))
def test_every_card_of_every_pack_renders_with_its_name(pack_name: str) -> None:
    """Each card is valid XML whose <title> is the pack's full name for the card."""
    deck = PACKS[pack_name]
    for card in deck:
        svg = card_svg(card, system=deck.system)
        titles = _titles(svg)
        assert titles[0] == deck.name(card)
        assert deck.name(card) in titles[1]
    whole = deck_svg(deck)
    _parse(whole)
    for card in deck:
        assert f"<title>{deck.name(card)}</title>" in whole


def test_german_system_changes_only_the_names() -> None:
    """German names on French pips: the drawing is the same, the title differs."""
    french, german = card_svg("JD"), card_svg("JD", system="german")
    assert "jack of diamonds" in french and "Unter of bells" in german
    strip = re.compile(r"<title>.*?</title>|aria-label=\"[^\"]*\"|<desc>.*?</desc>")
    assert strip.sub("", french) == strip.sub("", german)


def test_vecia_and_gobbo_have_marked_faces() -> None:
    """FS and FB carry their names on the face, unlike the other fanti."""
    assert ">VECIA</text>" in card_svg("FS", system="italian")
    assert ">GOBBO</text>" in card_svg("FB", system="italian")
    plain = card_svg("FC", system="italian")
    assert "VECIA" not in plain and "GOBBO" not in plain
    assert "fante of spade (Vecia)" in card_svg("FS", system="italian")


def test_italian_codes_draw_italian_even_without_the_system() -> None:
    """A code only the Italian pack has (cavallo, bastoni) is named as Italian."""
    assert "cavallo of coppe" in card_svg("CC")
    assert "two of bastoni" in card_svg("2B")


def test_jokers_and_six_player_ranks() -> None:
    """JK, JK1, JK2 and the 11/12/13 ranks all draw, with their names."""
    assert "<title>joker</title>" in card_svg("JK")
    assert "black joker" in card_svg("JK1") and "red joker" in card_svg("JK2")
    assert card_svg("JK1") != card_svg("JK2")  # the red joker is inked red
    assert "thirteen of hearts" in card_svg("13H") and ">13</text>" in card_svg("13H")
    assert "eleven of spades" in card_svg("11S")


def test_card_back_shows_nothing_of_the_card() -> None:
    """face_up=False draws a back: no name, no code of the card."""
    svg = card_svg("QH", face_up=False)
    assert "queen" not in svg and "QH" not in svg and "face-down card" in svg


def test_illegal_mark_is_not_colour_only() -> None:
    """legal=False adds a hatch (a pattern of lines) and says so in the title."""
    plain, illegal, legal = card_svg("9S"), card_svg("9S", legal=False), card_svg("9S",
                                                                                  legal=True)
    assert "not playable" in illegal and "not playable" not in legal and "playable" in legal
    assert illegal.count("<path") > plain.count("<path")  # the hatch lines
    assert DEFAULT_COLORS["illegal hatch"] in illegal
    assert DEFAULT_COLORS["legal"] in legal and DEFAULT_COLORS["legal"] not in plain


def test_four_colour_deck() -> None:
    """Clubs green and diamonds blue in the four-colour deck; spades and hearts unchanged."""
    assert DEFAULT_COLORS["clubs four colour"] in card_svg("5C", four_colour=True)
    assert DEFAULT_COLORS["clubs four colour"] not in card_svg("5C")
    assert DEFAULT_COLORS["diamonds four colour"] in card_svg("5D", four_colour=True)
    assert card_svg("5H", four_colour=True) == card_svg("5H")


def test_output_is_deterministic_and_has_no_ids() -> None:
    """Same input, same characters; no id attributes that could clash or change."""
    view = _view(4, seat=0, hidden=[[], ["2C"] * 3, ["3C"] * 3, ["4C"] * 3], shown=["AS", "KD"])
    makers = [
        lambda: card_svg("10H", legal=False, four_colour=True),
        lambda: hand_svg(["AS", "JD", "JK"], legal={"AS": True}),
        lambda: trick_svg([{"seat": 0, "card": "AS"}], seat_names=NAMES, winner=0),
        lambda: table_svg(view),
        lambda: ladder_svg({"trumps": ["JK", "JH"], "suits": {}, "special": {"JK": "joker"}}),
        lambda: deck_svg(treviso_pack()),
    ]
    for make in makers:
        first, second = make(), make()
        assert first == second
        assert " id=" not in first
        assert not re.search(r"\d\.\d{3,}", first)  # at most two decimals


# -- hands and tricks ---------------------------------------------------------------------

def test_hand_names_every_card_and_marks_legality() -> None:
    """A hand's title lists the cards; each card group says if it is playable."""
    svg = hand_svg(["AS", "JD", "10H"], legal={"AS": True, "JD": False})
    titles = _titles(svg)
    assert titles[0] == "hand: ace of spades, jack of diamonds, ten of hearts"
    assert titles[1:] == ["ace of spades, playable", "jack of diamonds, not playable",
                          "ten of hearts"]
    assert "<desc>AS JD 10H</desc>" in svg


def test_hand_face_down_hides_the_cards() -> None:
    svg = hand_svg(["AS", "JD"], face_up=False)
    assert "ace of" not in svg and "AS" not in svg and svg.count("<title>face-down card") == 2


def test_trick_names_seats_and_winner() -> None:
    plays = [{"seat": 1, "card": "JK", "note": "as hearts"}, {"seat": 2, "card": "AH"}]
    svg = trick_svg(plays, seat_names=NAMES, winner=1)
    _parse(svg)
    assert "E: joker (as hearts) wins" in svg and "S: ace of hearts" in svg
    assert ">E wins</text>" in svg


# -- tables ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_table_for_every_seat_count_parses(n: int) -> None:
    """Any 2..6 seats draw; every seat's name is in the picture."""
    hidden = [["2S", "3S"] for _ in range(n)]
    svg = table_svg(_view(n, seat=0, hidden=hidden, shown=["AS", "KS"]))
    _parse(svg)
    for name in NAMES[:n]:
        assert f"{name}, " in svg or f"{name}:" in svg


def test_table_with_only_the_required_minimum() -> None:
    """Missing optional data (no trick, no extras, no scores …) is simply left out."""
    minimal = {"seat_names": ["A", "B", "C"],
               "hands": [{"seat": s, "cards": None, "count": 2} for s in range(3)]}
    svg = table_svg(minimal)
    _parse(svg)
    assert svg.count("<title>face-down card</title>") == 6


def test_table_never_shows_hidden_cards() -> None:
    """A view that hides three hands and the kitty draws only backs for them."""
    hidden = [[], ["QH", "7D", "8S"], ["KC", "4H", "6S"], ["AD", "10C", "9H"]]
    view = _view(4, seat=0, hidden=hidden, shown=["AS", "JD"], kitty=None)
    svg = table_svg(view)
    for cards in hidden:
        for code in cards:
            assert render.card_name(code) not in svg
            assert not re.search(rf"(?<![A-Z0-9]){code}(?![A-Z0-9])", svg), code
    assert "ace of spades" in svg and "jack of diamonds" in svg
    assert svg.count("<title>face-down card</title>") == 3 * 3 + 3  # hands + kitty


def test_table_marks_legal_cards_of_the_seat_to_move() -> None:
    view = _view(2, seat=0, hidden=[[], ["2S"]], shown=["AS", "KS"])
    svg = table_svg(view)
    assert "ace of spades, playable" in svg and "king of spades, not playable" in svg


def test_table_shows_contract_trump_scores_chips_and_extras() -> None:
    view = _view(5, seat=2, hidden=[["2D"]] * 5, shown=["FS", "3C"], kitty=["4B", "5B", "6B"])
    view.update(chips={"pot": 12, "stacks": [20, 18, 25, 9, 30]}, scores={"N": 5},
                trump="D", info=["Vecia and Gobbo are the highest trumps."])
    svg = table_svg(view, system="italian")
    for words in ("contract: 7H by N", "trump: denari", "pot: 12 chips", "chips 9",
                  "score: N 5", "kitty (3)", "four of bastoni", "fante of spade (Vecia)",
                  "Vecia and Gobbo are the highest"):
        assert words in svg, words


def test_officer_skat_piles() -> None:
    """Piles: a hidden under card is a back; the top card is face up."""
    piles = [[{"down": "hidden", "up": "AS"}, {"down": None, "up": "7H"},
              {"down": None, "up": None}, {"down": "hidden", "up": "10C"}]] * 2
    view = {"seat_names": ["F", "D"], "seat": None, "to_move": 0, "legal": ["play AS"],
            "hands": [{"seat": s, "cards": [], "count": 0} for s in range(2)], "piles": piles}
    svg = table_svg(view, system="german")
    _parse(svg)
    assert svg.count("<title>face-down card</title>") == 4
    assert "deuce (Daus) of leaves, playable" in svg and "ten of acorns, not playable" in svg
    assert "??/AS -/7H -/- ??/10C" in svg


class _FakeGame:
    class deck:  # noqa: N801 - stands in for a Deck's one attribute
        system = "italian"


class _FakeState:
    """The little a state_svg needs: view(seat), hands and game.deck.system."""

    game = _FakeGame()
    hands = ((Card.parse("AS"),), (Card.parse("FS"), Card.parse("7D")))

    def view(self, seat: int | None = None, shown: bool = False) -> dict[str, Any]:
        # like the engine's view layer: ``shown`` turns every hand face up, marked revealed
        hidden = {"seat": 1, "cards": None, "count": 2, "face_up": False}
        if shown:
            hidden = {**hidden, "cards": ["FS", "7D"], "revealed": True}
        return {"seat_names": ["A", "B"], "seat": seat, "hands": [
            {"seat": 0, "cards": ["AS"], "count": 1, "face_up": True}, hidden]}


def test_state_svg_reveals_for_the_teacher_and_hides_otherwise() -> None:
    state = _FakeState()
    revealed, hidden = state_svg(state), state_svg(state, reveal=False)
    assert "fante of spade (Vecia)" in revealed and "shown" in revealed
    assert "Vecia" not in hidden and "2 cards hidden" in hidden
    assert "asso of spade" in revealed  # the Italian system came from game.deck


def test_state_svg_on_a_real_five_hundred_deal() -> None:
    """Five Hundred's first state draws as a table with every hand."""
    import cardlab

    state = cardlab.load("five_hundred").deal(seed=7)
    svg = state_svg(state)
    _parse(svg)
    for hand in state.hands:
        for card in hand:
            assert state.game.deck.name(card) in svg
    spectator = table_svg(state.view(None))
    for hand in state.view(None)["hands"]:
        if hand["cards"] is None:
            assert hand["count"] > 0
    _parse(spectator)


# -- ladders and tables of words --------------------------------------------------------------

def test_ladder_highlights_special_cards_with_words() -> None:
    order = {"trumps": ["JK", "JH", "JD", "AH"], "suits": {"S": ["AS", "KS"], "C": ["AC"]},
             "special": {"JK": "joker", "JH": "right bower", "JD": "left bower"}}
    svg = ladder_svg(order, title="seven hearts")
    _parse(svg)
    assert "trumps: JK JH JD AH" in svg and "spades: AS KS" in svg
    assert "2 = JH, jack of hearts: right bower" in svg
    assert "jack of diamonds, left bower" in svg  # the card's own accessible name
    assert svg.count('stroke-dasharray="14 5"') == 3


def test_ladder_without_trumps() -> None:
    svg = ladder_svg({"trumps": [], "suits": {"B": ["AB"]}, "special": {}}, system="italian")
    _parse(svg)
    assert "none (no trumps)" in svg and "bastoni: AB" in svg


def test_auction_html_marks_current_and_legal_calls() -> None:
    ladder = [{"call": "6S", "value": 40, "label": "six spades"},
              {"call": "6C", "value": 60, "label": "six clubs"},
              {"call": "misere", "value": 250, "label": "misère"}]
    html = auction_html(ladder, current="6C", legal=["bid misere", "pass"],
                        calls=[{"seat": 0, "call": "bid 6S"}, {"seat": 1, "call": "6C"}],
                        seat_names=["N", "E"])
    assert html.count('aria-current="true"') == 1 and "◀ current bid" in html
    assert html.count("✓ legal") == 1 and html.count("✗ not now") == 2
    assert "Also legal now: pass" in html and "<li>N: 6S</li><li>E: 6C</li>" in html
    assert html == auction_html(ladder, current="6C", legal=["bid misere", "pass"],
                                calls=[{"seat": 0, "call": "bid 6S"}, {"seat": 1, "call": "6C"}],
                                seat_names=["N", "E"])
    assert 'class="cardlab-' in html and 'class="' not in html.replace('class="cardlab-', "")


def test_score_compare_html_side_by_side() -> None:
    rows = [{"variant": "avondale", "points": {"NS": 520, "EW": -10}, "made": True,
             "breakdown": ["10NT made", "slam"]},
            {"variant": "original", "points": {"NS": 250}, "made": False, "breakdown": []}]
    html = score_compare_html(rows)
    assert html.index("avondale") < html.index("original")
    assert "✓ made" in html and "✗ failed" in html and "<li>slam</li>" in html
    assert html.count('scope="row"') == 4  # NS, EW, contract, breakdown


def test_show_dispatches_on_what_it_is_given() -> None:
    assert show("JD") == card_svg("JD")
    assert show(Card.parse("JD")) == card_svg("JD")
    assert show(treviso_pack()) == deck_svg(treviso_pack())
    assert show(["AS", "KS"]) == hand_svg(["AS", "KS"])
    order = {"trumps": ["JK"], "suits": {}, "special": {}}
    assert show(order) == ladder_svg(order)
    view = {"seat_names": ["A", "B"], "hands": []}
    assert show(view) == table_svg(view)
    assert show(_FakeState()) == state_svg(_FakeState())
    with pytest.raises(TypeError):
        show(3.5)


@pytest.mark.parametrize("name", cardlab.game_names())
def test_real_games_draw_and_spectators_see_no_hidden_hand(name: str) -> None:
    """For each game: a few steps into a seeded deal, the spectator picture holds no card
    group named after a card of a hidden hand; the teacher's shows them all."""
    import random

    import cardlab

    state = cardlab.load(name).deal(seed=11)
    rng = random.Random(2)
    for _ in range(8):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    deck = state.game.deck
    view = state.view(None)
    titles = _titles(table_svg(view, system=deck.system))
    public = {str(c) for extra in view.get("extras") or [] for c in extra.get("cards") or []}
    for hand in view["hands"]:
        if hand["cards"] is None:
            for card in state.hands[hand["seat"]]:
                if str(card) not in public:  # e.g. Panfin's turn-up, taken by the dealer
                    assert deck.name(card) not in titles, (name, str(card))
    teacher = _titles(state_svg(state))
    for seat_cards in state.hands:
        for card in seat_cards:
            assert any(t.startswith(deck.name(card)) for t in teacher), (name, str(card))


def test_real_ladders_and_bid_ladder_draw() -> None:
    """Five Hundred's own card_order and bid_ladder feed the ladder pictures."""
    import cardlab

    game = cardlab.load("five_hundred")
    order, ladder = game.card_order(game.contracts()[0]), game.bid_ladder()
    svg = ladder_svg(order, system=game.deck.system, title=game.contracts()[0])
    _parse(svg)
    for code in order.get("special") or {}:
        assert f", {game.deck.name(game.deck.parse(code))}: " in svg
    html = auction_html(ladder, current=ladder[0]["call"])
    assert html.count("<tr class=") == len(ladder)


# -- one face for pictures and the live table; ghost hands; readable inks ----------------
def test_face_parts_are_the_face_every_picture_draws() -> None:
    """``face_parts`` (what the live table draws) holds the very face a picture draws, plus
    its index (rank, suit mark, ink) for a card drawn too small for the whole face."""
    for code, system in (("10H", "french"), ("JK", "french"), ("FS", "italian"),
                         ("RD", "italian"), ("QC", "german")):
        parts = render.face_parts(code, system=system)
        inner = parts["svg"][parts["svg"].index(">") + 1:parts["svg"].rindex("</svg>")]
        assert inner in card_svg(code, system=system), code
        _parse(parts["svg"])
        _parse(parts["pip"])
        assert "<title>" not in parts["svg"] and 'aria-hidden="true"' in parts["svg"]
        assert parts["ink"] in parts["svg"]
    assert render.face_parts("JK")["index"] == "JK"
    assert render.face_parts("FS", system="italian")["index"] == "F"
    four = render.face_parts("9D", four_colour=True)
    assert four["ink"] == DEFAULT_COLORS["diamonds four colour"] != render.face_parts("9D")["ink"]


def _luminance(hex_colour: str) -> float:
    def lin(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def test_every_index_ink_reads_on_the_card_face() -> None:
    """Each card's index ink against the white face has a contrast of at least 4.5:1
    (WCAG AA text), in the two-colour and the four-colour French deck and the Italian one
    (the denari's gold stays for the coins; their index is darker)."""
    face = _luminance(DEFAULT_COLORS["card face"])
    for pack, system in ((five_hundred_pack(63), "french"), (treviso_pack(), "italian")):
        for four in (False, True):
            for card in pack:
                ink = render.face_parts(card, system=system, four_colour=four)["ink"]
                ratio = (face + 0.05) / (_luminance(ink) + 0.05)
                assert ratio >= 4.5, (card.code, system, four, ink, round(ratio, 2))


def test_ghost_hands_are_named_as_the_view_names_them() -> None:
    """A-1 (``ghost_partners_43``, 5H-2): the two ghost hands are positions past the seats;
    the picture labels them G1 and G2, as the view's hands name them, in the seat labels
    and under their cards in the trick."""
    import cardlab
    from cardlab.bots import bot_for

    game = cardlab.load("five_hundred", players=2, two_player_form="ghost_partners_43")
    state = game.deal(seed=3)
    bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(2)]
    while not any(p["seat"] >= 2 for p in state.view(0)["trick"]):
        state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
    view = state.view(0)
    svg = table_svg(view)
    _parse(svg)
    titles = _titles(svg)
    assert any(t.startswith("G1") for t in titles) and any(t.startswith("G2") for t in titles)
    labels = re.findall(r'font-size="15" font-weight="bold" text-anchor="start" fill="[^"]+">'
                        r"([^<]+)</text>", svg)
    assert {"G1", "G2"} <= {label.split()[-1] if label.startswith("▶") else label.split()[0]
                           for label in labels}, labels
    captions = re.findall(r'font-size="13"[^>]*>([^<]+)</text>', svg)
    ghost_plays = {p["seat"] for p in view["trick"] if p["seat"] >= 2}
    for seat in ghost_plays:
        assert any(c.startswith(f"G{seat - 1}") for c in captions), captions
    # no hand is labelled by its bare position number
    assert not [t for t in titles if re.match(r"\d+[:,]", t)], titles
