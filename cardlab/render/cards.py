"""Pictures of single cards, hands, tricks and whole packs.

Each card is drawn in its own 100 × 140 box (the proportions of a real card)
and placed with one ``translate … scale`` transform. Every card group starts
with a ``<title>`` naming the card in full ("jack of diamonds"), so a screen
reader can read a hand. An illegal card is shaded *and* hatched, so the mark
never rests on colour alone.

>>> svg = card_svg("JD")
>>> "<title>jack of diamonds</title>" in svg
True
>>> card_svg("FS", system="italian").count("Vecia") >= 2
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from cardlab.cards import Card, Deck, parse_card
from cardlab.render.pips import pip, suit_color
from cardlab.render.svg import (
    SERIF,
    SvgImage,
    colors_with,
    esc,
    num,
    svg_document,
    text,
)

__all__ = [
    "CARD_H",
    "CARD_W",
    "SYSTEMS",
    "back_fragment",
    "card_fragment",
    "card_name",
    "card_svg",
    "deck_svg",
    "face_parts",
    "hand_svg",
    "resolve_system",
    "trick_svg",
]

#: The size of the box every card is drawn in (scaled to the wanted width).
CARD_W: Final = 100
CARD_H: Final = 140
#: Suit systems a picture can use; "german" keeps French faces and changes the names only.
SYSTEMS: Final = ("french", "german", "italian")

#: Pip centres for number cards, in the 100 × 140 box (L/C/R columns, rows top to bottom).
_L, _C, _R = 33, 50, 67
PIP_LAYOUTS: Final[Mapping[int, tuple[tuple[int, int], ...]]] = {
    2: ((_C, 34), (_C, 106)),
    3: ((_C, 34), (_C, 70), (_C, 106)),
    4: ((_L, 34), (_R, 34), (_L, 106), (_R, 106)),
    5: ((_L, 34), (_R, 34), (_C, 70), (_L, 106), (_R, 106)),
    6: ((_L, 34), (_R, 34), (_L, 70), (_R, 70), (_L, 106), (_R, 106)),
    7: ((_L, 34), (_R, 34), (_C, 52), (_L, 70), (_R, 70), (_L, 106), (_R, 106)),
    8: ((_L, 34), (_R, 34), (_C, 52), (_L, 70), (_R, 70), (_C, 88), (_L, 106), (_R, 106)),
    9: ((_L, 34), (_R, 34), (_L, 58), (_R, 58), (_C, 70), (_L, 82), (_R, 82), (_L, 106),
        (_R, 106)),
    10: ((_L, 34), (_R, 34), (_C, 46), (_L, 58), (_R, 58), (_L, 82), (_R, 82), (_C, 94),
         (_L, 106), (_R, 106)),
}
#: Court ranks of each system: the letter shown and whether it wears a crown.
COURTS: Final[Mapping[str, Mapping[str, bool]]] = {
    "french": {"K": True, "Q": True, "J": False},
    "italian": {"R": True, "C": False, "F": False},
}
#: Italian cards with a marked face: Panfin's two jokers (B2.1).
ITALIAN_SPECIAL: Final = {"FS": "VECIA", "FB": "GOBBO"}

_CROWN: Final = "M-15 8 L-15 -6 L-8 2 L0 -10 L8 2 L15 -6 L15 8 Z"
_STAR: Final = ("M0 -30 L8 -10 L29 -9 L12 4 L18 25 L0 13 L-18 25 L-12 4 L-29 -9 L-8 -10 Z")


def resolve_system(card: Card, system: str) -> str:
    """The system a card must be drawn in: Italian-only codes (R, C, F ranks or the B
    suit) are drawn as Italian even when ``system`` says French."""
    if system not in SYSTEMS:
        raise ValueError(f"unknown card system {system!r}; expected one of {', '.join(SYSTEMS)}")
    if system != "italian" and (card.rank in ("R", "C", "F") or card.suit == "B"):
        return "italian"
    return system


@lru_cache(maxsize=8)
def _naming_deck(system: str) -> Deck:
    return Deck((), title=f"{system} names", system=system)


def card_name(card: Card | str, system: str = "french") -> str:
    """The card's full name in ``system`` (``'jack of diamonds'``, ``'Unter of bells'``)."""
    card = _as_card(card)
    return _naming_deck(resolve_system(card, system)).name(card)


def _as_card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(str(card))


def _rank_label(card: Card) -> str:
    return "JK" if card.is_joker else card.rank


def _hatch(width: float, height: float, step: float) -> list[tuple[float, float, float, float]]:
    """Segments of lines y = x + c that lie inside the box (a hatch with no clip path)."""
    segs = []
    c = -width + step / 2
    while c < height:
        x0, x1 = max(0.0, -c), min(width, height - c)
        if x1 > x0:
            segs.append((x0, x0 + c, x1, x1 + c))
        c += step
    return segs


def _index(card: Card, system: str, ink: str, colors: Mapping[str, str], four: bool) -> str:
    """The corner index: rank above a small pip."""
    label = _rank_label(card)
    size = 24 if len(label) == 1 else 19
    out = text(12, 25, label, size=size, fill=ink, anchor="middle", weight="bold")
    if card.is_joker:
        out += f'<path d="{_STAR}" transform="translate(12 38) scale(0.28)" fill="{ink}"/>'
    else:
        out += pip(card.suit, system, 12, 38, 15, colors, four_colour=four)
    return out


def _ink(card: Card, system: str, colors: Mapping[str, str], four: bool) -> str:
    """The colour a card's index, letters and frames are drawn in (its pips take the suit's
    own colour, :func:`suit_color`)."""
    if card.is_joker:
        return colors["red joker" if card.rank == "JK2" else "black joker"]
    if system == "italian" and card.suit == "D":
        return colors["denari ink"]
    return suit_color(card.suit, system, colors, four)


@lru_cache(maxsize=1024)
def _face(code: str, system: str, four: bool, palette: tuple[tuple[str, str], ...]) -> str:
    """The inside of a face-up card in the 100 × 140 box (cached: cards repeat a lot)."""
    colors = dict(palette)
    card = parse_card(code)
    ink = _ink(card, system, colors, four)
    parts = [f'<rect x="1" y="1" width="98" height="138" rx="8" fill="{colors["card face"]}" '
             f'stroke="{colors["card edge"]}" stroke-width="2"/>']
    index = _index(card, system, ink, colors, four)
    parts.append(index)
    parts.append(f'<g transform="rotate(180 50 70)">{index}</g>')
    parts.append(_centre(card, system, ink, colors, four))
    return "".join(parts)


def _centre(card: Card, system: str, ink: str, colors: Mapping[str, str], four: bool) -> str:
    if card.is_joker:
        return (f'<path d="{_STAR}" transform="translate(50 58) scale(1.15)" fill="{ink}"/>'
                + text(50, 103, "JOKER", size=15, fill=ink, anchor="middle", weight="bold",
                       extra='letter-spacing="1"'))
    if card.rank == "A":
        return pip(card.suit, system, 50, 70, 58, colors, four_colour=four)
    if card.rank.isdigit() and int(card.rank) in PIP_LAYOUTS:
        size = 23 if system == "italian" else 19
        return "".join(pip(card.suit, system, x, y, size, colors, four_colour=four, rotate=y > 75)
                       for x, y in PIP_LAYOUTS[int(card.rank)])
    if card.rank.isdigit():  # 11, 12, 13 of six-player Five Hundred
        return (f'<rect x="24" y="30" width="52" height="80" rx="5" fill="none" stroke="{ink}" '
                f'stroke-width="2"/>' + text(50, 66, card.rank, size=30, fill=ink,
                                             anchor="middle", weight="bold")
                + pip(card.suit, system, 50, 88, 24, colors, four_colour=four))
    return _court(card, system, ink, colors, four)


def _court(card: Card, system: str, ink: str, colors: Mapping[str, str], four: bool) -> str:
    """A court card: a framed panel with its letter and pip; kings crowned; Vecia and Gobbo
    get a gold double frame, a star and their name written across the panel."""
    special = ITALIAN_SPECIAL.get(card.code) if system == "italian" else None
    frame = colors["special"] if special else ink
    parts = [f'<rect x="22" y="24" width="56" height="92" rx="5" fill="{colors["court panel"]}" '
             f'stroke="{frame}" stroke-width="{3 if special else 2}"/>']
    if special:
        parts.append(f'<rect x="18" y="20" width="64" height="100" rx="7" fill="none" '
                     f'stroke="{colors["special"]}" stroke-width="2"/>')
        parts.append(f'<path d="{_STAR}" transform="translate(50 46) scale(0.55)" '
                     f'fill="{colors["special"]}" stroke="{ink}" stroke-width="2"/>')
        parts.append(text(50, 76, special, size=13, fill=colors["text"], anchor="middle",
                          weight="bold"))
        parts.append(pip(card.suit, system, 50, 98, 24, colors, four_colour=four))
        return "".join(parts)
    crowned = COURTS.get("italian" if system == "italian" else "french", {}).get(card.rank)
    if crowned:
        parts.append(f'<path d="{_CROWN}" transform="translate(50 40)" fill="{colors["crown"]}" '
                     f'stroke="{ink}" stroke-width="1.5"/>')
    parts.append(text(50, 80, card.rank, size=38, fill=ink, anchor="middle", weight="bold",
                      family=SERIF))
    parts.append(pip(card.suit, system, 50, 100, 22, colors, four_colour=four))
    return "".join(parts)


@lru_cache(maxsize=4)
def _back(palette: tuple[tuple[str, str], ...]) -> str:
    colors = dict(palette)
    parts = [f'<rect x="1" y="1" width="98" height="138" rx="8" fill="{colors["card back"]}" '
             f'stroke="{colors["card edge"]}" stroke-width="2"/>',
             f'<rect x="8" y="8" width="84" height="124" rx="4" fill="none" '
             f'stroke="{colors["card back pattern"]}" stroke-width="2"/>']
    lines = []
    for x0, y0, x1, y1 in _hatch(84, 124, 14):
        lines.append(f"M{num(8 + x0)} {num(8 + y0)} L{num(8 + x1)} {num(8 + y1)}")
        # the mirror image, for a lattice
        lines.append(f"M{num(92 - x0)} {num(8 + y0)} L{num(92 - x1)} {num(8 + y1)}")
    parts.append(f'<path d="{" ".join(lines)}" stroke="{colors["card back pattern"]}" '
                 f'stroke-width="1.5" fill="none"/>')
    return "".join(parts)


def _palette(colors: Mapping[str, str] | None) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(colors_with(colors).items()))


def _marks(colors: Mapping[str, str], legal: bool | None, mark: str | None,
           badge: str | None) -> str:
    out = []
    if legal is False:
        hatch = " ".join(f"M{num(1 + a)} {num(1 + b)} L{num(1 + c)} {num(1 + d)}"
                         for a, b, c, d in _hatch(98, 138, 12))
        out.append(f'<rect x="1" y="1" width="98" height="138" rx="8" '
                   f'fill="{colors["illegal shade"]}" fill-opacity="0.45"/>')
        out.append(f'<path d="{hatch}" stroke="{colors["illegal hatch"]}" stroke-width="2" '
                   f'stroke-opacity="0.6" fill="none"/>')
    elif legal is True:
        out.append(f'<rect x="-2" y="-2" width="104" height="144" rx="10" fill="none" '
                   f'stroke="{colors["legal"]}" stroke-width="5"/>')
    if mark:
        out.append(f'<rect x="-3" y="-3" width="106" height="146" rx="10" fill="none" '
                   f'stroke="{colors[mark]}" stroke-width="6" stroke-dasharray="14 5"/>')
    if badge:
        out.append(f'<circle cx="86" cy="14" r="14" fill="{colors["special"]}" '
                   f'stroke="{colors["card edge"]}" stroke-width="2"/>')
        out.append(text(86, 20, badge, size=17, fill=colors["text"], anchor="middle",
                        weight="bold"))
    return "".join(out)


def card_fragment(card: Card | str | None, *, x: float = 0, y: float = 0, width: float = 100,
                  system: str = "french", face_up: bool = True, four_colour: bool = False,
                  legal: bool | None = None, mark: str | None = None, badge: str | None = None,
                  label: str | None = None, colors: Mapping[str, str] | None = None) -> str:
    """One card as an SVG ``<g>`` to embed in a larger picture, top-left at (x, y).

    ``card=None`` or ``face_up=False`` draws a back. ``legal`` marks it playable
    (True: an outline) or not (False: shaded and hatched); ``mark`` is a colour
    word for a dashed highlight and ``badge`` a short text in a circle (ladders).
    ``label`` replaces the accessible name.
    """
    palette = _palette(colors)
    pal = dict(palette)
    scale = width / CARD_W
    if card is None or not face_up:
        name = label or "face-down card"
        inner = _back(palette)
    else:
        card = _as_card(card)
        drawn = resolve_system(card, system)
        name = label or card_name(card, system)
        inner = _face(card.code, "italian" if drawn == "italian" else "french", four_colour,
                      palette)
    if legal is True:
        name += ", playable"
    elif legal is False:
        name += ", not playable"
    return (f'<g transform="translate({num(x)} {num(y)}) scale({num(scale)})">'
            f"<title>{esc(name)}</title>{inner}{_marks(pal, legal, mark, badge)}</g>")


def face_parts(card: Card | str, *, system: str = "french", four_colour: bool = False,
               colors: Mapping[str, str] | None = None) -> dict[str, str]:
    """One card's face for a live page: the same face every picture here draws, as parts.

    ``svg`` is the whole face (:func:`card_fragment`'s inside) as a stand-alone
    ``<svg>`` in a 100 × 140 view box, with no title (the page names the card);
    ``index`` and ``pip`` are its corner index, the rank's text and the suit mark as a
    stand-alone ``<svg>`` (a star for a joker), for a card drawn too small for the whole
    face; ``ink`` is the colour of both.

    >>> parts = face_parts("FS", system="italian")
    >>> parts["index"], "VECIA" in parts["svg"], parts["pip"].startswith("<svg")
    ('F', True, True)
    """
    card = _as_card(card)
    drawn = "italian" if resolve_system(card, system) == "italian" else "french"
    palette = _palette(colors)
    pal = dict(palette)
    ink = _ink(card, drawn, pal, four_colour)
    if card.is_joker:
        mark = f'<path d="{_STAR}" transform="translate(50 50) scale(1.6)" fill="{ink}"/>'
    else:
        mark = pip(card.suit, drawn, 50, 50, 100, pal, four_colour=four_colour)
    head = '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" '
    return {
        "svg": f'{head}viewBox="0 0 {CARD_W} {CARD_H}">'
               f"{_face(card.code, drawn, four_colour, palette)}</svg>",
        "pip": f'{head}viewBox="0 0 100 100">{mark}</svg>',
        "index": _rank_label(card),
        "ink": ink,
    }


def back_fragment(*, x: float = 0, y: float = 0, width: float = 100,
                  colors: Mapping[str, str] | None = None, label: str | None = None) -> str:
    """A card back (a hidden card) as an SVG ``<g>``."""
    return card_fragment(None, x=x, y=y, width=width, colors=colors, label=label)


def card_svg(code: Card | str | None, *, system: str = "french", face_up: bool = True,
             four_colour: bool = False, legal: bool | None = None, width: float = 120,
             colors: Mapping[str, str] | None = None) -> SvgImage:
    """One card as a complete SVG picture (``None`` or ``face_up=False``: its back).

    >>> card_svg("10H", width=60).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="6')
    True
    """
    pad = width * 0.05
    height = width * CARD_H / CARD_W
    if code is None or not face_up:
        title, desc = "face-down card", "a card lying face down"
    else:
        card = _as_card(code)
        title, desc = card_name(card, system), card.code
    if legal is not None:
        title += ", playable" if legal else ", not playable"
    body = [card_fragment(code, x=pad, y=pad, width=width, system=system, face_up=face_up,
                          four_colour=four_colour, legal=legal, colors=colors)]
    return svg_document(width + 2 * pad, height + 2 * pad, body, title=title, desc=desc)


def _codes(cards: Iterable[Card | str]) -> list[Card]:
    return [_as_card(c) for c in cards]


def hand_fragment(cards: Sequence[Card | str], *, x: float, y: float, width: float,
                  system: str = "french", four_colour: bool = False,
                  legal: Mapping[str, bool] | None = None, overlap: float = 0.55,
                  face_up: bool = True, colors: Mapping[str, str] | None = None) -> str:
    """A fanned row of cards (left to right, each covering ``overlap`` of the one before)."""
    step = width * (1 - overlap)
    out = []
    for i, card in enumerate(cards):
        code = str(card)
        out.append(card_fragment(card, x=x + i * step, y=y, width=width, system=system,
                                 face_up=face_up, four_colour=four_colour,
                                 legal=None if legal is None else legal.get(code),
                                 colors=colors))
    return "".join(out)


def row_width(count: int, width: float, overlap: float) -> float:
    """How wide a fanned row of ``count`` cards is."""
    return 0 if count == 0 else width + (count - 1) * width * (1 - overlap)


def hand_svg(cards: Iterable[Card | str], *, system: str = "french", four_colour: bool = False,
             legal: Mapping[str, bool] | None = None, overlap: float = 0.55, width: float = 90,
             face_up: bool = True, title: str = "", colors: Mapping[str, str] | None = None
             ) -> SvgImage:
    """A hand of cards in the given order as one SVG (``legal``: code → playable?).

    >>> svg = hand_svg(["AS", "JD"], legal={"AS": True, "JD": False})
    >>> "ace of spades, playable" in svg and "jack of diamonds, not playable" in svg
    True
    """
    hand = _codes(cards)
    pad = 8
    w = row_width(len(hand), width, overlap) or width
    height = width * CARD_H / CARD_W
    names = ", ".join(card_name(c, system) for c in hand) if face_up else f"{len(hand)} cards"
    heading = title or ("hand: " + (names or "no cards"))
    body = [hand_fragment(hand, x=pad, y=pad, width=width, system=system,
                          four_colour=four_colour, legal=legal, overlap=overlap,
                          face_up=face_up, colors=colors)]
    desc = " ".join(c.code for c in hand) if face_up else f"{len(hand)} face-down cards"
    return svg_document(w + 2 * pad, height + 2 * pad, body, title=heading, desc=desc)


def trick_svg(plays: Sequence[Mapping[str, Any]], *, seat_names: Sequence[str] | None = None,
              system: str = "french", four_colour: bool = False, winner: int | None = None,
              width: float = 80, colors: Mapping[str, str] | None = None) -> SvgImage:
    """A trick as a row of played cards in play order, each with its seat's name under it;
    ``winner`` (a seat) is marked by a gold outline and the word "wins".

    >>> "N: ace of spades" in trick_svg([{"seat": 0, "card": "AS"}], seat_names=["N", "E"])
    True
    """
    pal = colors_with(colors)
    pad, gap = 10, 12
    height = width * CARD_H / CARD_W
    body = []
    words = []
    for i, play in enumerate(plays):
        seat = play.get("seat")
        who = _seat_label(seat, seat_names)
        card = _as_card(play["card"])
        x = pad + i * (width + gap)
        wins = winner is not None and seat == winner
        body.append(card_fragment(card, x=x, y=pad, width=width, system=system,
                                  four_colour=four_colour, mark="winner" if wins else None,
                                  colors=colors))
        caption = who + (" wins" if wins else "")
        body.append(text(x + width / 2, pad + height + 18, caption, size=15, fill=pal["text"],
                         anchor="middle", weight="bold" if wins else "normal"))
        note = str(play.get("note") or "")
        if note:
            body.append(text(x + width / 2, pad + height + 35, note, size=13,
                             fill=pal["muted text"], anchor="middle"))
        words.append(f"{who}: {card_name(card, system)}" + (f" ({note})" if note else "")
                     + (" wins" if wins else ""))
    count = max(len(plays), 1)
    total_w = 2 * pad + count * width + (count - 1) * gap
    title = "trick: " + ("; ".join(words) if words else "no cards played")
    desc = " ".join(f"{_seat_label(p.get('seat'), seat_names)}:{p['card']}" for p in plays)
    return svg_document(total_w, pad + height + 44, body, title=title, desc=desc)


def _seat_label(seat: Any, seat_names: Sequence[str] | None) -> str:
    if isinstance(seat, int) and seat_names and 0 <= seat < len(seat_names):
        return str(seat_names[seat])
    return "?" if seat is None else str(seat)


def deck_svg(deck: Sequence[Card], *, system: str | None = None, four_colour: bool = False,
             width: float = 60, colors: Mapping[str, str] | None = None) -> SvgImage:
    """A whole pack, one row per suit (jokers in a last row), in the pack's own order."""
    system = str(system or getattr(deck, "system", "french"))
    rows: dict[str, list[Card]] = {}
    for card in deck:
        rows.setdefault(card.suit or "joker", []).append(card)
    pad, overlap = 8, 0.4
    height = width * CARD_H / CARD_W
    body = []
    widest = 0.0
    for r, cards in enumerate(rows.values()):
        body.append(hand_fragment(cards, x=pad, y=pad + r * (height + 8), width=width,
                                  system=system, four_colour=four_colour, overlap=overlap,
                                  colors=colors))
        widest = max(widest, row_width(len(cards), width, overlap))
    title = str(getattr(deck, "title", "") or f"{len(deck)} cards")
    desc = " ".join(c.code for c in deck)
    return svg_document(widest + 2 * pad, pad * 2 + len(rows) * (height + 8) - 8, body,
                        title=title, desc=desc)
