"""Plots of many deals: score distributions per variant, and bar charts of rates.

:func:`distribution_svg` draws the points of many deals as histograms, one per
scoring variant (stacked panels, or overlaid outlines), with the mean of each
marked and said in words; :func:`bars_svg` draws one number per variant (how
often contracts are bid and made, how long a deal lasts) as horizontal bars;
:func:`summary_html` puts the same numbers in a small table. They read the plain
data of :func:`cardlab.sim.compare_variants` (dicts with ``variant``,
``scores``, ``contract_rate`` …) but need only numpy, never matplotlib.

Like every cardlab picture they are deterministic (no ids, one number format,
fixed attribute order), carry a ``<title>`` and a ``<desc>`` that says the
numbers in words, and never rely on colour alone: each panel and bar is
labelled with its variant's name.

>>> svg = distribution_svg([{"variant": "standard", "scores": [0, 10, 20, 50]}],
...                        title="Points per deal")
>>> "standard: 4 values, mean 20" in svg
True
>>> "60%" in bars_svg([{"variant": "standard", "made_rate": 0.6}], key="made_rate")
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np

from cardlab.render.html import _CELL, _NUM, _TABLE
from cardlab.render.svg import (
    HtmlFragment,
    SvgImage,
    colors_with,
    esc,
    num,
    svg_document,
    text,
)

__all__ = ["PALETTE", "bars_svg", "distribution_svg", "nice_step", "summary_html"]

#: Series colours (Okabe–Ito, told apart by readers with colour-vision deficiencies).
PALETTE: Final[tuple[str, ...]] = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00",
                                   "#56b4e9", "#7f6a00", "#555555")

_PAD: Final = 14
_BACKGROUND: Final = "#ffffff"
_GRID: Final = "#d8d8d8"


def nice_step(span: float, parts: int) -> float:
    """The round step (1, 2 or 5 times a power of ten) nearest to ``span / parts``.

    >>> nice_step(1040, 40), nice_step(12, 20), nice_step(0.9, 4)
    (20.0, 0.5, 0.2)
    """
    if not span > 0 or parts < 1:
        return 1.0
    raw = span / parts
    power = 10.0 ** math.floor(math.log10(raw))
    steps = [f * power for f in (1, 2, 5, 10)]
    return float(min(steps, key=lambda st: abs(math.log(st / raw))))


def _grain(values: Sequence[np.ndarray]) -> float:
    """The largest whole number every value is a multiple of (10 for Five Hundred's
    points), or 0 when some value is not a whole number."""
    g = 0
    for vals in values:
        if not np.all(vals == np.round(vals)):
            return 0.0
        g = math.gcd(g, int(np.gcd.reduce(np.abs(vals).astype(np.int64))) if vals.size else 0)
    return float(g or 1)


def _values(study: Mapping[str, Any]) -> np.ndarray:
    """The finite numbers of a study's ``scores`` (any shape) as one flat float array."""
    arr = np.asarray(study.get("scores", []), dtype=float).ravel()
    return np.asarray(arr[np.isfinite(arr)])


def _fmt(x: float, digits: int = 1) -> str:
    """A number for people: at most ``digits`` decimals, no trailing zeros, no '-0'."""
    text_ = f"{x:.{digits}f}"
    if digits and "." in text_:
        text_ = text_.rstrip("0").rstrip(".")
    return "0" if text_ in ("-0", "") else text_


def _on_grain(step: float, grain: float) -> float:
    """``step`` as a whole number of grains (at least one), so that bins never cut
    between values of whole-number data."""
    if not grain:
        return step
    return max(grain, round(step / grain) * grain)


def _edges(lo: float, hi: float, bins: int, grain: float) -> np.ndarray:
    """Bin edges on round numbers that cover ``lo … hi``. With whole-number data (all
    multiples of ``grain``) the width is a multiple of the grain, and bins one grain wide
    are centred on the values."""
    step = _on_grain(nice_step(hi - lo, bins), grain)
    if grain and step == grain:
        return np.arange(lo - grain / 2, hi + grain, grain)
    start = math.floor(lo / step) * step
    stop = (math.floor(hi / step) + 1) * step
    return np.arange(start, stop + step / 2, step)


def _axis_ticks(lo: float, hi: float, whole: bool, count: int = 6) -> list[float]:
    """Round tick values within ``lo … hi`` (whole numbers only for whole-number data)."""
    step = nice_step(hi - lo, count)
    if whole:
        step = max(1.0, round(step))
    first = math.ceil(lo / step - 1e-9) * step
    ticks = []
    k = 0
    while first + k * step <= hi + 1e-9:
        ticks.append(round(first + k * step, 10))
        k += 1
    return ticks


def _palette(palette: Sequence[str] | None) -> Sequence[str]:
    return tuple(palette) if palette else PALETTE


def distribution_svg(studies: Sequence[Mapping[str, Any]], *,
                     title: str = "Points per deal under each variant",
                     bins: int = 30, layout: str = "rows", share_x: bool | None = None,
                     x_label: str = "points", width: float = 680,
                     palette: Sequence[str] | None = None,
                     colors: Mapping[str, str] | None = None) -> SvgImage:
    """Histograms of many deals' scores, one per variant, with each variant's mean marked.

    :param studies: dicts with ``"variant"`` (its name) and ``"scores"`` (numbers of any
        shape, e.g. the ``(n, sides)`` array of :func:`cardlab.sim.compare_variants`:
        every side's points of every deal count as one value each; NaNs are dropped).
    :param bins: about how many bars each histogram has (edges fall on round numbers).
    :param layout: ``"rows"`` (one panel per variant, stacked: easy to compare shapes) or
        ``"overlay"`` (one panel, each variant an outline, with a legend).
    :param share_x: one x scale for every panel; ``None`` shares it unless the variants'
        ranges differ more than fivefold (e.g. Skat's game values against match points).
    :returns: an :class:`~cardlab.render.svg.SvgImage`; its ``<desc>`` gives each
        variant's count, mean, lowest and highest value.
    """
    if layout not in ("rows", "overlay"):
        raise ValueError(f"layout must be 'rows' or 'overlay', not {layout!r}")
    if not isinstance(bins, int) or isinstance(bins, bool) or not 1 <= bins <= 200:
        raise ValueError(f"bins must be a whole number 1…200, not {bins!r}")
    pal = colors_with(colors)
    series = _palette(palette)
    data = [(str(s.get("variant", f"variant {i + 1}")), _values(s)) for i, s in
            enumerate(studies)]
    desc = [_describe(name, vals) for name, vals in data]
    head = [f'<rect x="0" y="0" width="{num(width)}" height="HEIGHT" rx="8" '
            f'fill="{_BACKGROUND}"/>',
            text(_PAD, 26, title, size=17, weight="bold", fill=pal["text"])]
    full = [v for _, v in data if v.size]
    if not full:
        height = 70.0
        head.append(text(_PAD, 54, "no deals to show", size=14, fill=pal["muted text"]))
        return _finish(width, height, head, title, desc or ["no data"])
    spans = [float(v.max() - v.min()) for v in full]
    if share_x is None:
        share_x = max(spans) <= 5 * max(min(spans), 1.0)
    if layout == "overlay":
        share_x = True
    grain = _grain(full)
    lo_all = min(float(v.min()) for v in full)
    hi_all = max(float(v.max()) for v in full)
    shared_edges = _edges(lo_all, hi_all, bins, grain)
    hists: list[tuple[Any, Any] | None] = []
    for _, vals in data:
        if not vals.size:
            hists.append(None)
            continue
        edges = shared_edges if share_x else _edges(float(vals.min()), float(vals.max()),
                                                    bins, _grain([vals]))
        counts, _ = np.histogram(vals, bins=edges)
        hists.append((edges, 100.0 * counts / vals.size))
    top_share = max(float(h[1].max()) for h in hists if h is not None)
    left, right = _PAD + 44, width - _PAD - 6
    body = list(head)
    if layout == "overlay":
        y = _overlay(body, data, hists, top_share, left, right, pal, series, x_label, grain)
    else:
        y = _rows(body, data, hists, top_share, bool(share_x), left, right, pal, series,
                  x_label, grain)
    return _finish(width, y + _PAD, body, title, desc)


def _describe(name: str, vals: np.ndarray) -> str:
    if not vals.size:
        return f"{name}: no values"
    return (f"{name}: {vals.size} values, mean {num(float(vals.mean()))}, "
            f"lowest {num(float(vals.min()))}, highest {num(float(vals.max()))}")


def _finish(width: float, height: float, body: list[str], title: str,
            desc: Sequence[str]) -> SvgImage:
    body[0] = body[0].replace('height="HEIGHT"', f'height="{num(height)}"')
    return svg_document(width, height, body, title=title, desc="; ".join(desc) + ".")


def _x_axis(body: list[str], edges: np.ndarray, y: float, left: float, right: float,
            pal: Mapping[str, str], scale: Any, grain: float) -> None:
    lo, hi = float(edges[0]), float(edges[-1])
    body.append(f'<line x1="{num(left)}" y1="{num(y)}" x2="{num(right)}" y2="{num(y)}" '
                f'stroke="{pal["text"]}" stroke-width="1"/>')
    for t in _axis_ticks(lo, hi, bool(grain)):
        x = scale(t)
        body.append(f'<line x1="{num(x)}" y1="{num(y)}" x2="{num(x)}" y2="{num(y + 4)}" '
                    f'stroke="{pal["text"]}" stroke-width="1"/>')
        body.append(text(x, y + 16, _fmt(t, 2), size=11, anchor="middle",
                         fill=pal["muted text"]))


def _y_axis(body: list[str], top: float, bottom: float, left: float, right: float,
            share: float, pal: Mapping[str, str]) -> None:
    body.append(f'<line x1="{num(left)}" y1="{num(top)}" x2="{num(right)}" y2="{num(top)}" '
                f'stroke="{_GRID}" stroke-width="1" stroke-dasharray="2 3"/>')
    body.append(text(left - 5, top + 4, f"{_fmt(share, 0)}%", size=11, anchor="end",
                     fill=pal["muted text"]))
    body.append(text(left - 5, bottom, "0%", size=11, anchor="end", fill=pal["muted text"]))
    body.append(f'<line x1="{num(left)}" y1="{num(top)}" x2="{num(left)}" y2="{num(bottom)}" '
                f'stroke="{pal["text"]}" stroke-width="1"/>')


def _scale(edges: np.ndarray, left: float, right: float) -> Any:
    lo, hi = float(edges[0]), float(edges[-1])
    return lambda v: left + (float(v) - lo) / (hi - lo) * (right - left)


def _mean_mark(body: list[str], x: float, top: float, bottom: float, mean: float,
               color: str, pal: Mapping[str, str]) -> None:
    """A dashed line at the mean, tagged "mean" just above the panel."""
    body.append(f'<line class="cardlab-plot-mean" data-mean="{num(mean)}" x1="{num(x)}" '
                f'y1="{num(top - 2)}" x2="{num(x)}" y2="{num(bottom)}" stroke="{color}" '
                f'stroke-width="2" stroke-dasharray="5 3"/>')
    body.append(text(x, top - 5, "mean", size=11, anchor="middle", fill=pal["text"]))


def _rows(body: list[str], data: Sequence[tuple[str, np.ndarray]], hists: Sequence[Any],
          top_share: float, share_x: bool, left: float, right: float,
          pal: Mapping[str, str], series: Sequence[str], x_label: str,
          grain: float) -> float:
    panel_h, y = 72.0, 44.0
    for k, ((name, vals), hist) in enumerate(zip(data, hists, strict=True)):
        color = series[k % len(series)]
        facts = (f"mean {_fmt(float(vals.mean()))} · {vals.size} "
                 f"value{'' if vals.size == 1 else 's'}" if vals.size else "no values")
        body.append(f'<rect x="{num(_PAD)}" y="{num(y + 3)}" width="12" height="12" '
                    f'fill="{color}"/>')
        body.append(text(_PAD + 18, y + 14, name, size=14, weight="bold", fill=pal["text"]))
        body.append(text(_PAD + 28 + 8.4 * len(name), y + 14, facts, size=13,
                         fill=pal["muted text"]))
        top, bottom = y + 34, y + 34 + panel_h
        if hist is None:
            body.append(text(left, top + 20, "no deals", size=12, fill=pal["muted text"]))
            y = bottom + 10
            continue
        edges, shares = hist
        peak = top_share if share_x else float(shares.max())
        peak = max(peak, 1e-9)
        sx = _scale(edges, left, right)
        _y_axis(body, top, bottom, left, right, peak, pal)
        for i, share in enumerate(shares):
            if share <= 0:
                continue
            x0, x1 = sx(edges[i]), sx(edges[i + 1])
            h = share / peak * (bottom - top)
            body.append(f'<rect x="{num(x0 + 0.5)}" y="{num(bottom - h)}" '
                        f'width="{num(max(x1 - x0 - 1, 0.5))}" height="{num(h)}" '
                        f'fill="{color}" fill-opacity="0.8"/>')
        mean = float(vals.mean())
        _mean_mark(body, sx(mean), top, bottom, mean, pal["text"], pal)
        _x_axis(body, edges, bottom, left, right, pal, sx, grain)
        y = bottom + 26
    body.append(text((left + right) / 2, y + 4, f"{x_label} (bars: share of values, "
                     f"dashed line: mean)", size=12, anchor="middle", fill=pal["muted text"]))
    return y + 8


def _overlay(body: list[str], data: Sequence[tuple[str, np.ndarray]], hists: Sequence[Any],
             top_share: float, left: float, right: float, pal: Mapping[str, str],
             series: Sequence[str], x_label: str, grain: float) -> float:
    legend_y = 44.0
    x: float = _PAD
    for k, (name, vals) in enumerate(data):
        color = series[k % len(series)]
        label = f"{name} (mean {_fmt(float(vals.mean()))})" if vals.size else f"{name} (none)"
        if x + 24 + 7.2 * len(label) > right and x > _PAD:
            x, legend_y = _PAD, legend_y + 20
        body.append(f'<line x1="{num(x)}" y1="{num(legend_y - 4)}" x2="{num(x + 18)}" '
                    f'y2="{num(legend_y - 4)}" stroke="{color}" stroke-width="3"/>')
        body.append(text(x + 22, legend_y, label, size=12, fill=pal["text"]))
        x = x + 34 + 7.2 * len(label)
    top, bottom = legend_y + 22, legend_y + 22 + 180
    edges = next(h[0] for h in hists if h is not None)
    sx = _scale(edges, left, right)
    peak = max(top_share, 1e-9)
    _y_axis(body, top, bottom, left, right, peak, pal)
    for k, ((_name, vals), hist) in enumerate(zip(data, hists, strict=True)):
        if hist is None:
            continue
        color = series[k % len(series)]
        _, shares = hist
        points = [f"{num(sx(edges[0]))},{num(bottom)}"]
        for i, share in enumerate(shares):
            h = bottom - share / peak * (bottom - top)
            points.append(f"{num(sx(edges[i]))},{num(h)}")
            points.append(f"{num(sx(edges[i + 1]))},{num(h)}")
        points.append(f"{num(sx(edges[-1]))},{num(bottom)}")
        body.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="{color}" '
                    f'stroke-width="2" stroke-linejoin="round"/>')
        mean = float(vals.mean())
        body.append(f'<line class="cardlab-plot-mean" data-mean="{num(mean)}" '
                    f'x1="{num(sx(mean))}" y1="{num(top)}" x2="{num(sx(mean))}" '
                    f'y2="{num(bottom)}" stroke="{color}" stroke-width="2" '
                    f'stroke-dasharray="5 3"/>')
    _x_axis(body, edges, bottom, left, right, pal, sx, grain)
    body.append(text((left + right) / 2, bottom + 36, f"{x_label} (outlines: share of values, "
                     f"dashed lines: means)", size=12, anchor="middle", fill=pal["muted text"]))
    return bottom + 44


# -- one number per variant ----------------------------------------------------------------------
def _number(value: Any) -> float | None:
    try:
        x = float(value)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def _words(key: str) -> str:
    return key.replace("_", " ")


def bars_svg(rows: Sequence[Mapping[str, Any]], key: str | Sequence[str] = "made_rate", *,
             label: str = "variant", title: str | None = None, percent: bool | None = None,
             names: Mapping[str, str] | None = None, digits: int = 1, width: float = 560,
             palette: Sequence[str] | None = None,
             colors: Mapping[str, str] | None = None) -> SvgImage:
    """Horizontal bars: ``row[key]`` for each row (a variant), its value written at the end.

    :param key: the number to draw (``"contract_rate"``, ``"made_rate"``,
        ``"mean_length"`` …), or several keys drawn as a group of bars per row with a legend.
    :param percent: show values as percentages of 1 (default: when every key ends in
        ``_rate``). A missing or NaN value is drawn as "—" with no bar.
    :param names: words for the keys in the legend and title (default: the key with spaces).
    """
    keys = [key] if isinstance(key, str) else [str(k) for k in key]
    if not keys:
        raise ValueError("bars_svg needs at least one key")
    if percent is None:
        percent = all(k.endswith("_rate") for k in keys)
    words = {k: (names or {}).get(k, _words(k)) for k in keys}
    pal = colors_with(colors)
    series = _palette(palette)
    title = title or ", ".join(words[k] for k in keys)
    values = [[_number(r.get(k)) for k in keys] for r in rows]
    found = [v for vs in values for v in vs if v is not None]
    if percent:
        top = 1.0
    else:
        biggest = max([abs(v) for v in found] or [1.0])
        step = nice_step(biggest, 4)
        top = math.ceil(biggest / step) * step or 1.0
    labels = [str(r.get(label, "")) for r in rows]
    label_w = min(max([7.8 * len(t) for t in labels] or [40]) + 10, width * 0.4)
    left, right = _PAD + label_w, width - _PAD - 64
    body = [f'<rect x="0" y="0" width="{num(width)}" height="HEIGHT" rx="8" '
            f'fill="{_BACKGROUND}"/>',
            text(_PAD, 26, title, size=16, weight="bold", fill=pal["text"])]
    y = 40.0
    if len(keys) > 1:
        x: float = _PAD
        for j, k in enumerate(keys):
            body.append(f'<rect x="{num(x)}" y="{num(y)}" width="14" height="12" '
                        f'fill="{series[j % len(series)]}"/>')
            body.append(text(x + 19, y + 11, words[k], size=12, fill=pal["text"]))
            x = x + 40 + 7.2 * len(words[k])
        y += 22
    bar_h, gap = 16.0, 10.0
    desc = []
    for r_label, vals in zip(labels, values, strict=True):
        group_h = bar_h * len(keys)
        body.append(text(left - 8, y + group_h / 2 + 5, r_label, size=13, anchor="end",
                         fill=pal["text"]))
        parts = []
        for j, v in enumerate(vals):
            yy = y + j * bar_h
            if v is None:
                body.append(text(left + 4, yy + bar_h - 4, "—", size=12, fill=pal["muted text"]))
                parts.append(f"{words[keys[j]]} —")
                continue
            shown = f"{_fmt(100 * v, digits)}%" if percent else _fmt(v, digits)
            w = max(0.0, min(abs(v) / top, 1.0)) * (right - left)
            body.append(f'<rect x="{num(left)}" y="{num(yy + 1)}" width="{num(w)}" '
                        f'height="{num(bar_h - 2)}" fill="{series[j % len(series)]}" '
                        f'data-value="{num(v)}"/>')
            body.append(text(left + w + 5, yy + bar_h - 4, shown, size=12, fill=pal["text"]))
            parts.append(f"{words[keys[j]]} {shown}")
        desc.append(f"{r_label}: {', '.join(parts)}")
        y += group_h + gap
    body.append(f'<line x1="{num(left)}" y1="{num(40 + (22 if len(keys) > 1 else 0) - 4)}" '
                f'x2="{num(left)}" y2="{num(y - gap + 4)}" stroke="{pal["text"]}" '
                f'stroke-width="1"/>')
    height = y + _PAD
    return _finish(width, height, body, title, desc or ["no rows"])


# -- a table of the same numbers ---------------------------------------------------------------
_COLUMNS: Final[tuple[tuple[str, str], ...]] = (
    ("n", "deals"), ("mean", "mean points"), ("contract_rate", "contract bid"),
    ("made_rate", "contract made"), ("mean_length", "actions per deal"))


def summary_html(rows: Sequence[Mapping[str, Any]], *,
                 columns: Sequence[tuple[str, str]] = _COLUMNS, label: str = "variant",
                 title: str = "Over many deals") -> HtmlFragment:
    """A small table of per-variant numbers (rates as percentages, the rest to 1 decimal);
    columns that no row has are left out.

    >>> "87.5%" in summary_html([{"variant": "a", "made_rate": 0.875}])
    True
    """
    cols = [(k, w) for k, w in columns if any(k in r for r in rows)]
    head = [f'<th scope="col" {_CELL}>{esc(label)}</th>'] + [
        f'<th scope="col" {_NUM}>{esc(w)}</th>' for _, w in cols]
    body = []
    for r in rows:
        cells = [f'<th scope="row" {_CELL}>{esc(r.get(label, ""))}</th>']
        for k, _ in cols:
            v = _number(r.get(k))
            if v is None:
                shown = "—"
            elif k.endswith("_rate"):
                shown = f"{_fmt(100 * v, 1)}%"
            elif k == "n":
                shown = str(int(v))
            else:
                shown = _fmt(v, 1)
            cells.append(f"<td {_NUM}>{esc(shown)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    return HtmlFragment(
        f'<table class="cardlab-summary" {_TABLE}>'
        f'<caption style="text-align:left;font-weight:bold">{esc(title)}</caption>'
        f"<thead><tr>{''.join(head)}</tr></thead><tbody>{''.join(body)}</tbody></table>")
