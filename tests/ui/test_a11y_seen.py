"""Seen by everyone (issue #33): the focus ring, the four-colour deck, forced colours,
reduced motion and 200% zoom, on a table of every game at the learner's turn in JupyterLab.

* focus ring: a card reached by Tab has an outline of at least 3:1 against the felt;
* the four-colour deck: axe-core (WCAG 2.2 A and AA, as tests/ui/test_a11y_axe.py) finds
  nothing with the deck switched on from its own checkbox;
* forced colours: a legal card keeps an outline, an illegal one a dashed edge and a cross, a
  focused card a ring;
* reduced motion: no card has a transition or animation;
* 200% zoom (a 640 px wide window: 1280 px at twice the size): each table reflows with
  nothing wider than its widget (no horizontal scrolling, no content cut off).

Screenshots of each go to test-artifacts/ (a11y-seen-*.png).
"""

from __future__ import annotations

from typing import Any

import pytest
from labtools import (
    ARTIFACTS,
    axe_faults,
    open_and_run_all,
    serious_errors,
    shutdown_sessions,
    wait_all_cells_ran,
    write_notebook,
)

pytestmark = pytest.mark.ui

GAMES = [("five_hundred", ""), ("officer_skat", ""), ("pandoeren", ""), ("panfin", ", players=4")]

SETUP = '''import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

def turn(name, **options):
    """A live table at the learner's first turn to play a card (legal and illegal cards)."""
    game = cardlab.load(name, **options)
    for seed in range(1, 30):
        state = game.deal(seed=seed)
        bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
        while not state.is_over and not (state.to_move == 0 and state.phase == "play"):
            state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
        if not state.is_over:
            t = Table(state, seat=0, bot_delay=0)
            if any(d.get("legal") is False for d in t.view["card_info"].values()):
                return t
    raise AssertionError(name)'''

#: the focused element's outline colour against the felt: the WCAG contrast ratio
RING_JS = """() => {
  const a = document.activeElement;
  const rgb = (c) => (/rgba?\\(([^)]*)\\)/.exec(c) || [0, '0,0,0'])[1].split(/[ ,]+/).map(Number);
  const lum = (p) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(p[0]) + 0.7152 * f(p[1]) + 0.0722 * f(p[2]); };
  const s = getComputedStyle(a);
  const felt = getComputedStyle(a.closest('.cardlab-felt')).backgroundColor;
  const x = lum(rgb(s.outlineColor)), y = lum(rgb(felt));
  return {style: s.outlineStyle, width: parseFloat(s.outlineWidth),
          ratio: (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05), card: a.dataset.card || ''};
}"""

#: how far anything in a widget reaches past the widget's right edge (px), and its scroll
OVERFLOW_JS = """(root) => {
  const right = root.getBoundingClientRect().right;
  let worst = 0, what = '';
  for (const e of root.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (!r.width || getComputedStyle(e).visibility === 'hidden' || e.closest('.cardlab-live')) continue;
    if (r.right - right > worst) { worst = r.right - right; what = e.className || e.tagName; }
  }
  return {past: Math.round(worst), what: String(what), scroll: root.scrollWidth - root.clientWidth,
          narrow: getComputedStyle(root.querySelector('.cardlab-too-narrow')).display !== 'none'};
}"""


def _shot(root: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / f"a11y-seen-{name}.png"))


def _tab_to_card(page: Any, root: Any) -> None:
    root.focus()
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.cardlab-seat .cardlab-hand, .cardlab-seat .cardlab-piles')"):
            return
    raise AssertionError("Tab never reached a hand")


def test_focus_four_colours_forced_colours_motion_and_zoom(lab_server: Any, page: Any) -> None:
    cells = [SETUP, *[f"turn({g!r}{o})" for g, o in GAMES], 'print("SEEN-READY")']
    write_notebook(lab_server.root, "a11y_seen.ipynb", cells)
    faults: list[str] = []
    try:
        open_and_run_all(lab_server, page, "a11y_seen.ipynb")
        wait_all_cells_ran(page, len(cells))
        page.locator(".jp-OutputArea-output:has-text('SEEN-READY')").wait_for()
        roots = page.locator(".cardlab-root[data-step]")
        roots.nth(len(GAMES) - 1).wait_for(state="attached")
        for i, (game, _) in enumerate(GAMES):
            root = roots.nth(i)
            root.scroll_into_view_if_needed()
            # the focus ring, reached by Tab
            _tab_to_card(page, root)
            ring = page.evaluate(RING_JS)
            if ring["style"] == "none" or ring["width"] < 2 or ring["ratio"] < 3:
                faults.append(f"{game}: focus ring {ring}")
            _shot(root, f"focus-{game}")
            # the four-colour deck, from its own checkbox
            root.locator(".cardlab-four-colour-toggle").check()
            page.wait_for_function("(e) => e.classList.contains('cardlab-four-colour')",
                                   arg=root.element_handle())
            faults += [f"{game} four-colour: {fault}" for fault in axe_faults(page, root)]
            _shot(root, f"four-colour-{game}")
        # forced colours (Windows' high contrast) and reduced motion
        page.emulate_media(forced_colors="active", reduced_motion="reduce")
        for i, (game, _) in enumerate(GAMES):
            root = roots.nth(i)
            root.scroll_into_view_if_needed()
            _tab_to_card(page, root)
            marks = root.evaluate("""(e) => {
              const st = (sel) => { const c = e.querySelector(sel); return c && getComputedStyle(c); };
              const legal = st('.cardlab-seat .cardlab-card[data-legal="true"]');
              const illegal = st('.cardlab-seat .cardlab-card[data-legal="false"]');
              const f = getComputedStyle(document.activeElement);
              return {legal: legal && legal.outlineStyle, illegal: illegal && illegal.borderTopStyle,
                      cross: !!e.querySelector('.cardlab-card[data-legal="false"] .cardlab-mark'),
                      focus: f.outlineStyle !== 'none' || f.boxShadow !== 'none',
                      moving: [...e.querySelectorAll('.cardlab-card')].filter((c) => {
                        const s = getComputedStyle(c);
                        return parseFloat(s.transitionDuration) > 0 || s.animationName !== 'none'; }).length};
            }""")
            if not (marks["legal"] and marks["legal"] != "none" and marks["illegal"] == "dashed"
                    and marks["cross"] and marks["focus"]) or marks["moving"]:
                faults.append(f"{game} forced colours / reduced motion: {marks}")
            _shot(root, f"forced-colors-{game}")
        page.emulate_media(forced_colors="none", reduced_motion="no-preference")
        # 200% zoom: the same page in a window half as wide
        # (with the file browser closed, as anyone zoomed in would: the side panel alone takes
        # a third of such a window)
        page.set_viewport_size({"width": 640, "height": 900})
        current = page.locator(".jp-SideBar.jp-mod-left .lm-TabBar-tab.lm-mod-current")
        if current.count():
            current.first.click()  # a click on the open panel's tab closes it
        page.wait_for_timeout(800)
        for i, (game, _) in enumerate(GAMES):
            root = roots.nth(i)
            root.scroll_into_view_if_needed()
            page.wait_for_timeout(200)
            over = root.evaluate(OVERFLOW_JS)
            if over["past"] > 1 or over["scroll"] > 1 or over["narrow"]:
                faults.append(f"{game} at 200%: {over}")
            _shot(root, f"zoom200-{game}")
            page.screenshot(path=str(ARTIFACTS / f"a11y-seen-zoom200-page-{game}.png"))
    finally:
        page.close()
        shutdown_sessions(lab_server)
    assert not faults, "\n".join(faults[:40])
    assert not serious_errors(page.errors), page.errors
