"""Suit marks drawn as SVG shapes of our own, for French and Italian (Treviso) suits.

Every shape lives in a 100 × 100 box; :func:`pip` places and scales it. Shapes
are paths, not font glyphs, so a card looks the same on every machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardlab.render.svg import num

__all__ = ["FRENCH_SHAPES", "ITALIAN_SHAPES", "pip", "suit_color"]

_HEART: Final = ("M50 92 C22 68 2 50 2 30 C2 14 14 4 28 4 C39 4 46 11 50 20 C54 11 61 4 72 4 "
                 "C86 4 98 14 98 30 C98 50 78 68 50 92 Z")
_DIAMOND: Final = "M50 2 L86 50 L50 98 L14 50 Z"
_SPADE: Final = ("M50 4 C38 24 4 42 4 64 C4 78 15 86 27 86 C36 86 43 82 47 76 L41 97 L59 97 "
                 "L53 76 C57 82 64 86 73 86 C85 86 96 78 96 64 C96 42 62 24 50 4 Z")
_CLUB: Final = ("M50 6 a20 20 0 1 0 0.01 0 Z M27 40 a20 20 0 1 0 0.01 0 Z "
                "M73 40 a20 20 0 1 0 0.01 0 Z M46 52 L40 97 L60 97 L54 52 Z")

#: French suit code → list of (path, fill role); the role "suit" takes the suit's colour.
FRENCH_SHAPES: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "S": ((_SPADE, "suit"),),
    "C": ((_CLUB, "suit"),),
    "D": ((_DIAMOND, "suit"),),
    "H": ((_HEART, "suit"),),
}

# Italian marks: a sword (blade, guard, grip, pommel), a knotted baton, a goblet, a coin.
_SWORD_BLADE: Final = "M50 0 L63 16 L61 66 L39 66 L37 16 Z"
_SWORD_GUARD: Final = "M16 66 L84 66 L84 77 L16 77 Z M43 77 L57 77 L57 88 L43 88 Z"
_SWORD_POMMEL: Final = "M50 86 a7 7 0 1 0 0.01 0 Z"
_BATON: Final = ("M30 10 C30 0 70 0 70 10 L62 92 C62 100 38 100 38 92 Z")
_BATON_KNOTS: Final = ("M22 26 L36 20 L36 34 Z M78 48 L64 42 L64 56 Z M25 68 L39 62 L39 76 Z")
_CUP: Final = ("M14 8 L86 8 C86 42 68 54 56 57 L56 74 C67 77 76 84 76 94 L24 94 "
               "C24 84 33 77 44 74 L44 57 C32 54 14 42 14 8 Z")
_CUP_RIM: Final = "M14 8 L86 8 L84 16 L16 16 Z"
_COIN: Final = "M50 4 a46 46 0 1 0 0.01 0 Z"
_COIN_INNER: Final = "M50 22 a28 28 0 1 0 0.01 0 Z"
_COIN_STAR: Final = ("M50 30 L55 45 L70 45 L58 54 L62 69 L50 60 L38 69 L42 54 L30 45 L45 45 Z")

#: Italian suit code → list of (path, fill role); "rim" is a darker detail colour.
ITALIAN_SHAPES: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "S": ((_SWORD_BLADE, "suit"), (_SWORD_GUARD, "rim"), (_SWORD_POMMEL, "rim")),
    "B": ((_BATON, "suit"), (_BATON_KNOTS, "rim")),
    "C": ((_CUP, "suit"), (_CUP_RIM, "rim")),
    "D": ((_COIN, "suit"), (_COIN_INNER, "rim-line"), (_COIN_STAR, "rim")),
}

_FRENCH_COLOR_WORDS: Final = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
_ITALIAN_COLOR_WORDS: Final = {"S": "spade", "B": "bastoni", "C": "coppe", "D": "denari"}
_ITALIAN_RIMS: Final = {"S": "#1b1b1b", "B": "#3f7a2a", "C": "#c9a227", "D": "denari rim"}


def suit_color(suit: str, system: str, colors: Mapping[str, str], four_colour: bool) -> str:
    """The ink of a suit: French black/red (or four colours), Italian per suit."""
    if system == "italian":
        return colors[_ITALIAN_COLOR_WORDS[suit]]
    word = _FRENCH_COLOR_WORDS[suit]
    if four_colour and suit in ("C", "D"):
        word += " four colour"
    return colors[word]


def pip(suit: str, system: str, x: float, y: float, size: float, colors: Mapping[str, str], *,
        four_colour: bool = False, rotate: bool = False) -> str:
    """One suit mark of ``size`` units centred on (x, y); ``rotate`` turns it upside down."""
    ink = suit_color(suit, system, colors, four_colour)
    scale = size / 100
    if rotate:
        transform = (f"translate({num(x + size / 2)} {num(y + size / 2)}) rotate(180) "
                     f"scale({num(scale)})")
    else:
        transform = f"translate({num(x - size / 2)} {num(y - size / 2)}) scale({num(scale)})"
    shapes = ITALIAN_SHAPES if system == "italian" else FRENCH_SHAPES
    parts = [f'<g transform="{transform}">']
    for path, role in shapes[suit]:
        if role == "suit":
            parts.append(f'<path d="{path}" fill="{ink}"/>')
        else:
            rim = _ITALIAN_RIMS.get(suit, "#000000")
            rim = colors.get(rim, rim)
            if role == "rim-line":
                parts.append(f'<path d="{path}" fill="none" stroke="{rim}" stroke-width="5"/>')
            else:
                parts.append(f'<path d="{path}" fill="{rim}"/>')
    parts.append("</g>")
    return "".join(parts)
