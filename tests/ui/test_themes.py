"""The table stays readable in JupyterLab's dark theme and under forced colours (issue #13).

JupyterLab is switched to "JupyterLab Dark" through its settings (the same setting the
Settings → Theme menu writes; restored afterwards) with the page preferring a dark colour
scheme; then, in the light theme, the page runs with ``forced-colors: active`` (Windows'
high-contrast modes). Each time, the computed colours of the prompt, the header and facts,
the seat and pile labels, the why line, the buttons, the result panel and every card's
index ink against its face must differ enough: a WCAG contrast of at least 4.5:1 (AA for
text; the labels on the green felt are text too). Cards dimmed on purpose (illegal now,
trumps already played) and disabled buttons are left out, as WCAG leaves them out.
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from labtools import (
    ARTIFACTS,
    open_and_run_all,
    serious_errors,
    shutdown_sessions,
    wait_all_cells_ran,
    write_notebook,
)

pytestmark = pytest.mark.ui

CELLS = [
    """import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

def played(name, seed=3, **options):
    game = cardlab.load(name, **options)
    state = game.deal(seed=seed)
    bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
    return state""",
    # the learner's turn in a live deal: legal and illegal cards, the prompt, the why line
    """live = Table(cardlab.load("five_hundred").deal(seed=1), seat=0, bot_delay=0)
me = bot_for("five_hundred", "heuristic", seed=5)
while not any(d.get("legal") is False for d in live.view["card_info"].values()):
    live.act(str(me.choose(live.state)))
live""",
    # Italian faces in the middle of a deal; a finished deal's result panel
    """mid = Table(played("panfin", players=4), seat=0, mode="review")
mid.go(mid.view["steps"] // 2)
mid""",
    """end = Table(played("officer_skat"), seat=0, mode="review")
end.go(end.view["steps"])
end""",
    'print("THEMES-READY")',
]

#: the lowest contrast of each kind of text in a widget root (and the worst card), as
#: [what, ratio, colour, background]
CONTRAST_JS = """(root) => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]*)\\)/.exec(c || '');
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const blend = (top, bottom) => [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3]));
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255];
    for (const layer of layers.reverse()) bg = blend(layer, bg);
    return bg;
  };
  const lum = (rgb) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]);
  };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(e).visibility !== 'hidden'; };
  const worst = {};
  const note = (what, r, fg, bg) => {
    if (!worst[what] || r < worst[what][1]) worst[what] = [what, Math.round(r * 100) / 100,
      fg.map(Math.round).join(','), bg.map(Math.round).join(',')];
  };
  const texts = {
    prompt: '[data-prompt]', header: '.cardlab-header .cardlab-title, .cardlab-status',
    facts: '.cardlab-facts', labels: '[data-label]', why: '.cardlab-why',
    buttons: '.cardlab-button:not(:disabled)', result: '.cardlab-result-heading, .cardlab-result li',
    seat_marks: '.cardlab-seat-marks', counts: '.cardlab-count',
  };
  for (const [what, sel] of Object.entries(texts)) {
    for (const e of root.querySelectorAll(sel)) {
      if (!shown(e) || !e.textContent.trim()) continue;
      const bg = background(e);
      const c = parse(getComputedStyle(e).color);
      const fg = blend(c, bg);
      note(what, ratio(fg, bg), fg, bg);
    }
  }
  // cards: the index ink against the face, on the whole face or the index alone
  for (const card of root.querySelectorAll('.cardlab-card[data-card]')) {
    if (!shown(card) || card.dataset.legal === 'false' || card.dataset.played === 'true') continue;
    const svg = card.querySelector('.cardlab-face svg');
    if (svg && shown(svg)) {
      const t = svg.querySelector('text'), rect = svg.querySelector('rect');
      const fg = parse(getComputedStyle(t).fill), bg = parse(getComputedStyle(rect).fill);
      note('card faces', ratio(fg, bg), fg, bg);
    } else {
      const rank = card.querySelector('.cardlab-rank');
      if (!rank || !shown(rank)) continue;
      const bg = background(card);
      const fg = blend(parse(getComputedStyle(rank).color), bg);
      note('card indices', ratio(fg, bg), fg, bg);
    }
  }
  return Object.values(worst);
}"""

#: the least contrast each kind must keep (WCAG AA for text)
NEED = 4.5


def _set_theme(lab_server: Any, theme: str) -> None:
    """Write JupyterLab's theme setting (what Settings → Theme does)."""
    body = json.dumps({"raw": json.dumps({"theme": theme})}).encode()
    req = urllib.request.Request(
        f"{lab_server.url}/lab/api/settings/@jupyterlab/apputils-extension:themes",
        data=body, method="PUT",
        headers={"Authorization": f"token {lab_server.token}",
                 "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:  # noqa: S310 - loopback only
        assert r.status in (200, 204), r.status


@pytest.fixture(scope="module")
def themes_notebook(lab_server: Any) -> Iterator[str]:
    write_notebook(lab_server.root, "themes.ipynb", CELLS)
    yield "themes.ipynb"


def _run(lab_server: Any, page: Any, notebook: str) -> Any:
    open_and_run_all(lab_server, page, notebook)
    wait_all_cells_ran(page, len(CELLS))
    page.locator(".jp-OutputArea-output:has-text('THEMES-READY')").wait_for()
    roots = page.locator(".cardlab-root[data-step]")
    roots.nth(2).wait_for(state="attached")
    return roots


def _check(page: Any, roots: Any, name: str) -> list[str]:
    faults = []
    seen = set()
    for i in range(roots.count()):
        root = roots.nth(i)
        root.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        root.screenshot(path=str(ARTIFACTS / f"{name}-{i}.png"))
        for what, ratio, fg, bg in root.evaluate(CONTRAST_JS):
            seen.add(what)
            if ratio < NEED:
                faults.append(f"{name} table {i}: {what} contrast {ratio} (rgb {fg} on {bg})")
    for what in ("prompt", "header", "facts", "labels", "buttons", "result", "card faces",
                 "card indices"):
        if what not in seen:
            faults.append(f"{name}: no {what} were checked")
    return faults


def test_dark_theme_stays_readable(lab_server: Any, page: Any, themes_notebook: str) -> None:
    page.emulate_media(color_scheme="dark")
    _set_theme(lab_server, "JupyterLab Dark")
    try:
        roots = _run(lab_server, page, themes_notebook)
        page.wait_for_selector('body[data-jp-theme-light="false"]', state="attached")
        roots.nth(0).locator('.cardlab-card[data-legal="false"]').first.focus()
        faults = _check(page, roots, "theme-dark")
    finally:
        _set_theme(lab_server, "JupyterLab Light")
        page.close()
        shutdown_sessions(lab_server)
    assert not faults, "\n".join(faults)
    assert not serious_errors(page.errors), page.errors


def test_forced_colors_stay_readable(lab_server: Any, page: Any, themes_notebook: str) -> None:
    page.emulate_media(forced_colors="active")
    try:
        roots = _run(lab_server, page, themes_notebook)
        page.wait_for_selector('body[data-jp-theme-light="true"]', state="attached")
        assert page.evaluate("matchMedia('(forced-colors: active)').matches")
        roots.nth(0).locator('.cardlab-card[data-legal="false"]').first.focus()
        faults = _check(page, roots, "forced-colors")
        # legal and illegal cards still differ by more than colour: an outline, a dashed edge
        marks = roots.nth(0).evaluate("""(e) => {
          const one = (sel) => { const c = e.querySelector(sel); if (!c) return null;
            const s = getComputedStyle(c); return [s.outlineStyle, s.borderTopStyle]; };
          return {legal: one('.cardlab-card[data-legal="true"]'),
                  illegal: one('.cardlab-card[data-legal="false"]'),
                  cross: !!e.querySelector('.cardlab-card[data-legal="false"] .cardlab-mark')};
        }""")
    finally:
        page.close()
        shutdown_sessions(lab_server)
    assert not faults, "\n".join(faults)
    assert marks["legal"] and marks["legal"][0] != "none", marks
    assert marks["illegal"] and marks["illegal"][1] == "dashed" and marks["cross"], marks
    assert not serious_errors(page.errors), page.errors
