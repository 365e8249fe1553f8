"""Static pictures of the widgets' views, from ``cardlab.render`` when it is there.

``cardlab.render`` draws views to SVG/HTML. Each function here calls it and,
if the renderer (or one of its functions) is missing, falls back to a small,
deterministic HTML of its own, so a saved notebook always reads well.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["render_or_fallback", "table_html", "ladder_html", "auction_ladder_html",
           "score_rows_html", "editor_html", "editor_svg"]


def _esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def render_or_fallback(name: str, fallback: Callable[[], str], *args: Any, **kwargs: Any) -> str:
    """``cardlab.render.<name>(*args, **kwargs)``, or ``fallback()`` if it does not exist yet."""
    import cardlab.render as module

    try:
        func = getattr(module, name)
    except AttributeError:
        return fallback()
    return str(func(*args, **kwargs))


def _box(title: str, lines: Sequence[str]) -> str:
    body = "".join(f"<li>{_esc(line)}</li>" for line in lines)
    return (f'<div class="cardlab-static"><strong>{_esc(title)}</strong>'
            f"<ul>{body}</ul></div>")


def table_html(view: Mapping[str, Any], status: str) -> str:
    """A plain list picture of a table view (hands, trick, contract, score)."""
    # hands are positions (Five Hundred's ghost partners included): each hand names itself
    names = {h.get("seat"): str(h.get("name") or "?") for h in view.get("hands") or []}
    for i, n in enumerate(view.get("seat_names") or []):
        names.setdefault(i, str(n))
    lines = []
    for hand in view.get("hands") or []:
        name = names.get(hand.get("seat"), "?")
        cards = hand.get("cards")
        lines.append(f"{name}: {' '.join(cards)}" if cards is not None
                     else f"{name}: {hand.get('count', 0)} cards face down")
    for extra in view.get("extras") or []:
        cards = extra.get("cards")
        lines.append(f"{extra.get('label')}: " + (" ".join(cards) if cards is not None
                                                 else f"{extra.get('count', 0)} cards face down"))
    trick = view.get("trick") or []
    if trick:
        lines.append("trick: " + ", ".join(f"{names.get(p['seat'], '?')} {p['card']}"
                                           for p in trick))
    if view.get("contract"):
        lines.append(f"contract: {view['contract']}")
    if view.get("tricks_won"):
        lines.append("tricks won: " + ", ".join(f"{k} {v}"
                                                 for k, v in view["tricks_won"].items()))
    if view.get("scores"):
        lines.append("score: " + ", ".join(f"{k} {v}" for k, v in view["scores"].items()))
    lines.append(status)
    return _box(str(view.get("title", "cardlab")), lines)


def ladder_html(order: Mapping[str, Any], contract: str | None) -> str:
    """A plain picture of a card order (trumps, then each plain suit)."""
    lines = []
    if order.get("trumps"):
        lines.append("trumps: " + " ".join(order["trumps"]))
    for suit, cards in (order.get("suits") or {}).items():
        lines.append(f"{suit}: {' '.join(cards)}")
    for code, words in (order.get("special") or {}).items():
        lines.append(f"{code}: {words}")
    return _box(f"card order, contract {contract}", lines)


def auction_ladder_html(rows: Sequence[Mapping[str, Any]]) -> str:
    """A plain picture of a bid ladder with the current bid and the legal bids marked."""
    lines = []
    for row in rows:
        marks = (" (current bid)" if row.get("current") else "") + (
            " (legal now)" if row.get("legal") else "")
        value = f" = {row['value']}" if row.get("value") is not None else ""
        lines.append(f"{row['call']}{value}{marks}")
    return _box("bid ladder", lines)


def score_rows_html(rows: Sequence[Mapping[str, Any]]) -> str:
    """A plain picture of one deal scored under several variants."""
    lines = []
    for row in rows:
        pts = ", ".join(f"{k} {v}" for k, v in (row.get("points") or {}).items())
        lines.append(f"{row['variant']}: {pts or row.get('error', '')}")
    return _box("scoring variants", lines)


def editor_html(parts: Sequence[Mapping[str, Any]], deal_string: str, status: str = "") -> str:
    """A plain picture of a deal being built: each part, the deal string, the status line."""
    lines = [f"{p['label']} ({len(p['cards'])}/{p['size']}): {' '.join(p['cards'])}"
             for p in parts]
    lines.append(f"deal string: {deal_string}")
    if status:
        lines.append(status)
    return _box("deal editor", lines)


#: the editor picture's card width, the width of its part labels, and its padding
_EDITOR_CARD = 56
_EDITOR_LABEL = 130
_EDITOR_PAD = 8


def editor_svg(parts: Sequence[Mapping[str, Any]], deal_string: str, status: str = "", *,
               system: str = "french", four_colour: bool = False) -> str:
    """A picture of a deal being built: one row per part (its name, how full it is, its cards
    as faces), then the status line. An SVG, so the saved notebook shows the cards themselves
    (the widget shows it as an ``<img>``, which an untrusted notebook keeps), with the deal
    string as its description."""
    from cardlab.render.cards import CARD_H, CARD_W, hand_fragment, row_width
    from cardlab.render.svg import svg_document, text, wrap

    pad, w = _EDITOR_PAD, _EDITOR_CARD
    h = w * CARD_H / CARD_W
    body: list[str] = []
    y: float = pad
    widest = 0.0
    for part in parts:
        cards = list(part.get("cards") or [])
        label = f"{part['label']} ({len(cards)}/{part['size']})"
        body.append(text(pad, y + h / 2 + 5, label, size=15, weight="bold"))
        if cards:
            body.append(hand_fragment(cards, x=pad + _EDITOR_LABEL, y=y, width=w, system=system,
                                      four_colour=four_colour))
        else:
            body.append(text(pad + _EDITOR_LABEL, y + h / 2 + 5, "no cards yet", size=14,
                             fill="#555555"))
        widest = max(widest, row_width(len(cards), w, 0.55))
        y += h + pad
    width = max(pad * 2 + _EDITOR_LABEL + widest, 420.0)
    for line in wrap(status, int((width - 2 * pad) / 8)) if status else []:
        y += 18
        body.append(text(pad, y, line, size=14))
    title = "deal editor: " + ", ".join(
        f"{p['label']} {len(p.get('cards') or [])}/{p['size']}" for p in parts)
    return str(svg_document(width, y + pad + (4 if status else 0), body, title=title,
                            desc=f"deal string: {deal_string}"))
