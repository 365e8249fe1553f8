"""The small toolkit every cardlab picture is written with.

Pictures are plain strings built here by hand, so the same input gives the
same characters on every run (nbval compares saved notebook outputs character
for character): no ids, no timestamps, a fixed attribute order and one number
format (:func:`num`). :class:`SvgImage` and :class:`HtmlFragment` are ``str``
subclasses that display themselves in Jupyter, as python-chess's SVG does.

>>> num(1.0), num(2.345), num(-0.0)
('1', '2.35', '0')
>>> esc('a < b & "c"')
'a &lt; b &amp; &quot;c&quot;'
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

__all__ = [
    "DEFAULT_COLORS",
    "FONT",
    "SERIF",
    "HtmlFragment",
    "SvgImage",
    "colors_with",
    "esc",
    "img_html",
    "num",
    "svg_document",
    "text",
    "wrap",
]

#: Colours of every picture, keyed by plain words; pass ``colors={...}`` to override some.
DEFAULT_COLORS: Final[Mapping[str, str]] = {
    "card face": "#ffffff",
    "card edge": "#3a3a3a",
    "card back": "#1f4f8a",
    "card back pattern": "#9dbbe3",
    "court panel": "#f7f0dc",
    "crown": "#c9a227",
    # French suits; the four-colour deck swaps clubs and diamonds for the last two.
    "spades": "#111111",
    "clubs": "#111111",
    "diamonds": "#c8102e",
    "hearts": "#c8102e",
    "clubs four colour": "#16803a",
    "diamonds four colour": "#1457c0",
    "black joker": "#111111",
    "red joker": "#c8102e",
    # Italian (Treviso) suits.
    "spade": "#24579b",
    "bastoni": "#7a4a1c",
    "coppe": "#b3261e",
    "denari": "#c7940a",
    "denari rim": "#7a5a00",
    # the index, letters and frames of denari cards: the coins' gold is too light for text on
    # a white face (2.7:1), this darker gold reads (6:1)
    "denari ink": "#7a5a00",
    # Marks.
    "illegal shade": "#7f7f7f",
    "illegal hatch": "#2b2b2b",
    "legal": "#16803a",
    "special": "#c9a227",
    "winner": "#c9a227",
    "to move": "#ffd54f",
    # The table.
    "table": "#2e6a40",
    "table edge": "#1d4a2b",
    "text": "#111111",
    "text on table": "#ffffff",
    "muted text": "#555555",
    "panel": "#f3f3f3",
    "panel edge": "#bbbbbb",
}

#: Generic font families only: every machine has them, so pictures look alike everywhere.
FONT: Final = "sans-serif"
SERIF: Final = "serif"


class SvgImage(str):
    """An SVG picture as a string that Jupyter displays as the picture.

    ``str(img)`` is the SVG source. Its HTML form is the same picture as an ``<img>``
    (:func:`img_html`), because JupyterLab shows an untrusted notebook — every notebook
    on Binder or in a fresh clone — with inline SVG removed, but keeps an ``<img>``.
    """

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return img_html(str(self))

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # short text/plain beside the picture
        p.text(f"SVG picture: {_title_of(self)}")


#: pictures at least this wide fill the output's width (and shrink with it); smaller ones keep
#: their own size
_FULL_WIDTH = 480


def img_html(svg: str) -> str:
    """``svg`` as HTML that survives JupyterLab's sanitizer: an ``<img>`` whose source is the
    SVG itself (a ``data:`` URI), with the picture's title as its ``alt`` text. A wide picture
    (a table) is as wide as the output area, so it never needs a scroll bar.

    >>> html_ = img_html('<svg width="600" height="300"><title>a table</title></svg>')
    >>> html_.startswith('<img alt="a table" width="100%" src="data:image/svg+xml;base64,')
    True
    """
    m = re.search(r'<svg[^>]*\swidth="([\d.]+)', svg)
    width = float(m.group(1)) if m else 0.0
    size = "100%" if width >= _FULL_WIDTH or not width else str(round(width))
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = html.escape(_title_of(svg) or "a picture", quote=True)
    return f'<img alt="{alt}" width="{size}" src="data:image/svg+xml;base64,{data}">'


class HtmlFragment(str):
    """A fragment of HTML (a table, a list) that Jupyter displays as HTML."""

    def _repr_html_(self) -> str:
        return str(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(f"<HTML: {_title_of(self)}>")


def _title_of(markup: str) -> str:
    """The text of the first <title> or <caption>, for a short plain-text stand-in."""
    for open_tag, close_tag in (("<title>", "</title>"), ("<caption", "</caption>")):
        start = markup.find(open_tag)
        if start >= 0:
            start = markup.find(">", start) + 1
            end = markup.find(close_tag, start)
            text = markup[start:end] if end > start else ""
            text = " ".join(text.split())
            return text[:120] or "untitled"
    return "untitled"


def num(x: float) -> str:
    """One number format for every coordinate: at most two decimals, no trailing zeros."""
    text = f"{round(float(x), 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def esc(text: object) -> str:
    """Escape text for XML content and double-quoted attributes."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def colors_with(colors: Mapping[str, str] | None) -> dict[str, str]:
    """:data:`DEFAULT_COLORS` with the given overrides (unknown words are refused)."""
    merged = dict(DEFAULT_COLORS)
    for key, value in (colors or {}).items():
        if key not in merged:
            raise ValueError(f"unknown colour name {key!r}; expected one of "
                             f"{', '.join(sorted(merged))}")
        merged[key] = value
    return merged


def text(x: float, y: float, content: object, *, size: float = 14, fill: str = "#111111",
         anchor: str = "start", weight: str = "normal", family: str = FONT,
         extra: str = "") -> str:
    """A ``<text>`` element with the attributes always in the same order."""
    tail = f" {extra}" if extra else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-family="{family}" font-size="{num(size)}" '
            f'font-weight="{weight}" text-anchor="{anchor}" fill="{fill}"{tail}>'
            f"{esc(content)}</text>")


def wrap(words: str, width: int) -> list[str]:
    """Greedy word wrap to lines of at most ``width`` characters (long words kept whole)."""
    lines: list[str] = []
    line = ""
    for word in str(words).split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines or [""]


def svg_document(width: float, height: float, body: Iterable[str], *, title: str,
                 desc: str = "") -> SvgImage:
    """A complete, self-contained SVG: ``<title>`` (the accessible name) and ``<desc>``
    (the picture as text) first, then the body."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" '
            f'height="{num(height)}" viewBox="0 0 {num(width)} {num(height)}" '
            f'style="max-width:100%;height:auto" role="img" '
            f'aria-label="{esc(title)}">')
    parts = [head, f"<title>{esc(title)}</title>"]
    if desc:
        parts.append(f"<desc>{esc(desc)}</desc>")
    parts.extend(body)
    parts.append("</svg>")
    return SvgImage("".join(parts))
