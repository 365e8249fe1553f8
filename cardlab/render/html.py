"""Accessible HTML tables: the bid ladder and a side-by-side scoring comparison.

Plain ``<table>`` markup with ``<caption>``, ``scope`` on header cells and
``cardlab-`` classes; a few inline styles so the tables read well where no
cardlab stylesheet is loaded (GitHub, nbviewer). Marks are words and symbols
(``◀ current``, ``✓ legal``), never colour alone.

>>> html = auction_html([{"call": "6S", "value": 40, "label": "six spades"}], current="6S")
>>> "aria-current" in html and "current bid" in html
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from cardlab.render.svg import HtmlFragment, esc

__all__ = ["auction_html", "score_compare_html"]

_TABLE: Final = ('style="border-collapse:collapse;font-family:sans-serif;font-size:15px;'
                 'margin:4px 0"')
_CELL: Final = 'style="border:1px solid #bbb;padding:3px 10px;text-align:left"'
_NUM: Final = 'style="border:1px solid #bbb;padding:3px 10px;text-align:right"'
_CURRENT: Final = ' style="font-weight:bold;background:#ffe9a8;color:#111"'


def _call_of(action: str) -> str:
    """'bid 7H' → '7H'; a bare call stays as it is."""
    words = str(action).split(maxsplit=1)
    return words[1] if len(words) == 2 and words[0] == "bid" else str(action)


def auction_html(ladder: Sequence[Mapping[str, Any]], *, current: str | None = None,
                 legal: Iterable[str] | None = None,
                 calls: Sequence[Mapping[str, Any] | str] | None = None,
                 seat_names: Sequence[str] | None = None,
                 title: str = "Bid ladder") -> HtmlFragment:
    """The bid ladder as a table, low to high: call, value, words; ``current`` (the bid to
    beat) marked; with ``legal`` (calls or 'bid …' actions) a column says which calls may
    be made now; ``calls`` (the auction so far) follows as an ordered list."""
    legal_set = None if legal is None else {_call_of(a) for a in legal}
    cur = None if current is None else _call_of(current)
    head = ['<th scope="col" ' + _CELL + ">call</th>", '<th scope="col" ' + _NUM + ">value</th>",
            '<th scope="col" ' + _CELL + ">meaning</th>"]
    if cur is not None:
        head.append('<th scope="col" ' + _CELL + ">now</th>")
    if legal_set is not None:
        head.append('<th scope="col" ' + _CELL + ">legal now</th>")
    rows = []
    for entry in ladder:
        call = str(entry.get("call", ""))
        classes = ["cardlab-call"]
        marks_cur = ""
        attrs = ""
        if cur is not None:
            if call == cur:
                classes.append("cardlab-current")
                marks_cur = "◀ current bid"
                attrs = ' aria-current="true"' + _CURRENT
        cells = [f"<td {_CELL}><code>{esc(call)}</code></td>",
                 f"<td {_NUM}>{esc(entry.get('value', ''))}</td>",
                 f"<td {_CELL}>{esc(entry.get('label', ''))}</td>"]
        if cur is not None:
            cells.append(f"<td {_CELL}>{marks_cur}</td>")
        if legal_set is not None:
            ok = call in legal_set
            classes.append("cardlab-legal" if ok else "cardlab-illegal")
            cells.append(f"<td {_CELL}>{'✓ legal' if ok else '✗ not now'}</td>")
        rows.append(f'<tr class="{" ".join(classes)}"{attrs}>{"".join(cells)}</tr>')
    parts = ['<div class="cardlab-auction" style="font-family:sans-serif">',
             f'<table class="cardlab-ladder" {_TABLE}>',
             f'<caption style="text-align:left;font-weight:bold">{esc(title)}</caption>',
             f"<thead><tr>{''.join(head)}</tr></thead>",
             f"<tbody>{''.join(rows)}</tbody></table>"]
    extra = []
    if legal_set is not None:
        others = sorted(a for a in legal_set if a not in {str(e.get("call")) for e in ladder})
        if others:
            extra.append(f'<p class="cardlab-other-calls">Also legal now: '
                         f"{esc(', '.join(others))}</p>")
    if calls:
        items = []
        for c in calls:
            if isinstance(c, Mapping):
                seat = c.get("seat")
                who = (seat_names[seat] if seat_names and isinstance(seat, int)
                       and 0 <= seat < len(seat_names) else seat)
                items.append(f"<li>{esc(who)}: {esc(_call_of(str(c.get('call'))))}</li>")
            else:
                items.append(f"<li>{esc(c)}</li>")
        extra.append('<p style="margin:6px 0 2px;font-weight:bold">Auction so far</p>'
                     f'<ol class="cardlab-calls">{"".join(items)}</ol>')
    parts.extend(extra)
    parts.append("</div>")
    return HtmlFragment("".join(parts))


def _made_words(made: Any) -> str:
    if made is True:
        return "✓ made"
    if made is False:
        return "✗ failed"
    return "—"


def score_compare_html(rows: Sequence[Mapping[str, Any]], *,
                       title: str = "The same deal under each scoring variant") -> HtmlFragment:
    """A side-by-side table: one column per variant, one row per side's points, whether the
    contract was made, and each variant's breakdown as a list.

    >>> html = score_compare_html([{"variant": "avondale", "points": {"NS": 520, "EW": 0},
    ...                             "made": True, "breakdown": ["10NT made: 520"]}])
    >>> "avondale" in html and "520" in html and "✓ made" in html
    True
    """
    sides: list[str] = []
    for row in rows:
        for side in row.get("points") or {}:
            if str(side) not in sides:
                sides.append(str(side))
    head = [f'<th scope="col" {_CELL}></th>'] + [
        f'<th scope="col" {_CELL}>{esc(r.get("variant", ""))}</th>' for r in rows]
    body = []
    for side in sides:
        cells = [f'<th scope="row" {_CELL}>{esc(side)}</th>']
        for r in rows:
            points = {str(k): v for k, v in (r.get("points") or {}).items()}
            cells.append(f"<td {_NUM}>{esc(points.get(side, '—'))}</td>")
        body.append(f'<tr class="cardlab-points">{"".join(cells)}</tr>')
    if any("made" in r for r in rows):
        cells = [f'<th scope="row" {_CELL}>contract</th>']
        cells += [f"<td {_CELL}>{_made_words(r.get('made'))}</td>" for r in rows]
        body.append(f'<tr class="cardlab-made">{"".join(cells)}</tr>')
    if any(r.get("breakdown") for r in rows):
        cells = [f'<th scope="row" {_CELL}>breakdown</th>']
        for r in rows:
            items = "".join(f"<li>{esc(line)}</li>" for line in r.get("breakdown") or [])
            cells.append(f'<td {_CELL} valign="top"><ul style="margin:0;padding-left:18px">'
                         f"{items}</ul></td>")
        body.append(f'<tr class="cardlab-breakdown">{"".join(cells)}</tr>')
    return HtmlFragment(
        f'<div class="cardlab-score-compare"><table class="cardlab-scores" {_TABLE}>'
        f'<caption style="text-align:left;font-weight:bold">{esc(title)}</caption>'
        f"<thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(body)}</tbody></table></div>")
