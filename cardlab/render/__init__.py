"""Static pictures of cardlab's cards, hands, tricks, tables and ladders (SVG and HTML).

A pure renderer in the manner of python-chess's ``svg`` module: every function
reads data (card codes, a game's view dict, a ``card_order`` dict), takes
keyword-only options, reads :data:`DEFAULT_COLORS` (plain-word keys, override
with ``colors=``), writes a text form into ``<title>``/``<desc>``, and returns a
``str`` subclass that displays itself in Jupyter. Output is deterministic (same
input, same characters) so saved notebooks compare cleanly under nbval.
Nothing here imports a widget library.

>>> from cardlab.render import card_svg, show
>>> svg = card_svg("JD", system="german")
>>> "Unter of bells" in svg
True
>>> show(["AS", "KS"]) == hand_svg(["AS", "KS"])
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardlab.render.cards import (
    back_fragment,
    card_fragment,
    card_name,
    card_svg,
    deck_svg,
    face_parts,
    hand_fragment,
    hand_svg,
    trick_svg,
)
from cardlab.render.html import auction_html, score_compare_html
from cardlab.render.ladder import ladder_svg
from cardlab.render.plots import bars_svg, distribution_svg, summary_html
from cardlab.render.svg import DEFAULT_COLORS, HtmlFragment, SvgImage, img_html
from cardlab.render.table import state_svg, table_svg

__all__ = [
    "DEFAULT_COLORS",
    "HtmlFragment",
    "SvgImage",
    "auction_html",
    "back_fragment",
    "bars_svg",
    "card_fragment",
    "card_name",
    "card_svg",
    "deck_svg",
    "distribution_svg",
    "draw",
    "face_parts",
    "hand_fragment",
    "img_html",
    "hand_svg",
    "ladder_svg",
    "score_compare_html",
    "show",
    "state_svg",
    "summary_html",
    "table_svg",
    "trick_svg",
]


def show(obj: Any, **options: Any) -> SvgImage | HtmlFragment:
    """The natural picture of a cardlab object, for a notebook cell.

    A card or code → :func:`card_svg`; a pack (``Deck``) → :func:`deck_svg`; a list
    of cards → :func:`hand_svg`; a state → :func:`state_svg`; a view dict →
    :func:`table_svg`; a ``card_order`` dict → :func:`ladder_svg`; a ``Result`` →
    :func:`score_compare_html` of its one scoring. Options pass through.
    """
    from cardlab.cards import Card, Deck
    from cardlab.engine.result import Result
    from cardlab.engine.state import State

    if isinstance(obj, Card | str):
        return card_svg(obj, **options)
    if isinstance(obj, Deck):
        return deck_svg(obj, **options)
    if isinstance(obj, State) or (callable(getattr(obj, "view", None))
                                   and hasattr(obj, "hands")):
        return state_svg(obj, **options)
    if isinstance(obj, Result):
        return score_compare_html([{"variant": "this deal", "points": dict(obj.points),
                                    "made": obj.made, "breakdown": list(obj.breakdown)}],
                                  **options)
    if isinstance(obj, Mapping):
        if "trumps" in obj or "suits" in obj:
            return ladder_svg(obj, **options)
        if "hands" in obj:
            return table_svg(obj, **options)
        raise TypeError("show() draws a view dict (with 'hands') or a card order (with "
                        "'trumps'/'suits'); this dict has neither")
    if isinstance(obj, list | tuple):
        return hand_svg(obj, **options)
    raise TypeError(f"show() cannot draw a {type(obj).__name__}")


#: the notebook pictures of the objects that draw themselves (``cardlab.cards.picture``)
_PICTURES: dict[str, Callable[[Any], SvgImage]] = {"card": card_svg, "deck": deck_svg,
                                                   "state": state_svg}


def draw(kind: str, thing: Any, html: bool = False) -> str:
    """The picture a card, a pack or a deal shows of itself in a notebook (``kind``:
    ``"card"``, ``"deck"`` or ``"state"``): its SVG, or with ``html`` the same as an
    ``<img>`` (shown in untrusted notebooks too). The package root installs this as the
    drawer of :func:`cardlab.cards.picture`."""
    svg = str(_PICTURES[kind](thing))
    return img_html(svg) if html else svg
