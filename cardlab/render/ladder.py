"""The trump-order strip: a game's ``card_order(contract)`` drawn high to low.

One row for the trumps, one per plain suit. Cards that change suit or rank
(bowers, the joker, Skat's jacks, Vecia and Gobbo) get a dashed gold frame and a
numbered badge, and a legend under the rows says in words what each one is, so
the highlight never depends on colour alone.

>>> order = {"trumps": ["JK", "JH", "JD", "AH"], "suits": {"S": ["AS", "KS"]},
...          "special": {"JK": "joker, highest trump", "JH": "right bower"}}
>>> svg = ladder_svg(order, title="Hearts")
>>> "1 = JK, joker: joker, highest trump" in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardlab.render.cards import CARD_H, CARD_W, _naming_deck, card_fragment, card_name
from cardlab.render.svg import SvgImage, colors_with, svg_document, text, wrap

__all__ = ["ladder_svg"]

_LABEL_W: Final = 120
_MAX_ROW: Final = 860
_LEGEND_CHARS: Final = 95


def ladder_svg(card_order: Mapping[str, Any], *, system: str = "french", title: str = "",
               four_colour: bool = False, width: float = 58,
               colors: Mapping[str, str] | None = None) -> SvgImage:
    """The order of cards under one contract, trumps first, each row high → low."""
    pal = colors_with(colors)
    special: Mapping[str, str] = card_order.get("special") or {}
    rows: list[tuple[str, Sequence[str]]] = []
    trumps = [str(c) for c in card_order.get("trumps") or []]
    rows.append(("trumps", trumps))
    for suit, codes in (card_order.get("suits") or {}).items():
        rows.append((_naming_deck(system).suit_name(str(suit)), [str(c) for c in codes]))

    h = width * CARD_H / CARD_W
    pad, top = 12, 56 if title else 30
    badges: dict[str, str] = {}
    body = []
    if title:
        body.append(text(pad, 30, title, size=20, weight="bold", fill=pal["text"]))
    body.append(text(pad + _LABEL_W, top - 8, "high → low", size=14, fill=pal["muted text"]))
    y = float(top)
    widest = 0.0
    desc = []
    for label, codes in rows:
        body.append(text(pad, y + h / 2 + 6, label, size=16, weight="bold", fill=pal["text"]))
        if not codes:
            body.append(text(pad + _LABEL_W, y + h / 2 + 6, "none (no trumps)"
                             if label == "trumps" else "none", size=15, fill=pal["muted text"]))
        step = width + 6
        if len(codes) > 1:
            step = min(step, (_MAX_ROW - width) / (len(codes) - 1))
        for i, code in enumerate(codes):
            badge = None
            if code in special:
                badge = badges.setdefault(code, str(len(badges) + 1))
            body.append(card_fragment(code, x=pad + _LABEL_W + i * step, y=y, width=width,
                                      system=system, four_colour=four_colour,
                                      mark="special" if badge else None, badge=badge,
                                      label=_accessible(code, system, special), colors=pal))
        if codes:
            widest = max(widest, width + (len(codes) - 1) * step)
        desc.append(f"{label}: {' '.join(codes) or 'none'}")
        y += h + 14
    legend = [f"{n} = {code}, {card_name(code, system)}: {special[code]}"
              for code, n in badges.items()]
    legend += [f"{code}, {card_name(code, system)}: {words}" for code, words in special.items()
               if code not in badges]  # special cards outside every row (rare)
    y += 6
    for entry in legend:
        for i, piece in enumerate(wrap(entry, _LEGEND_CHARS)):
            body.append(text(pad + (0 if i == 0 else 24), y, piece, size=15, fill=pal["text"]))
            y += 20
    desc.extend(legend)
    full = title or "card order"
    return svg_document(max(pad * 2 + _LABEL_W + widest + 8, 520), y + 6, body,
                        title=f"{full}: " + "; ".join(desc[: len(rows)]), desc="\n".join(desc))


def _accessible(code: str, system: str, special: Mapping[str, str]) -> str:
    name = card_name(code, system)
    return f"{name}, {special[code]}" if code in special else name
