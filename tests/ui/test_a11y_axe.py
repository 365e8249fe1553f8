"""axe-core (WCAG 2.2 A and AA) over every kind of widget, in JupyterLab (light and dark
theme) and in Voilà (issue #33).

One notebook builds them all, so one kernel serves the whole run: a Table of each game at
the deal (live, the learner to act), in the middle and at the end of a deal (review), the
DealEditor, both ladders, ScoreCompare, the teacher's page and an exercise of each kind,
untouched, and two more: one after two wrong tries (its verdict in red, its **Show me**
button shown) and one answered right (its verdict in green), so the verdict's colours and
Show me's are checked too (a hidden button is never checked: the test checks that axe
judged Show me's contrast).
axe runs on each widget's root, after ``overflow: visible`` is set on ``html`` and
``body``: JupyterLab's body is 0 px high with its overflow hidden, and axe then takes every
widget for clipped and silently skips the contrast rules (the test checks that the
contrast rule did look at nodes).

The goal is no violation of any impact. Rules switched off: none. The axe script is the one
``axe-playwright-python`` ships (a pinned axe-core), injected into the page.
"""

from __future__ import annotations

from typing import Any

import pytest
from labtools import (
    ARTIFACTS,
    WCAG_TAGS,
    open_and_run_all,
    run_axe,
    serious_errors,
    set_theme,
    shutdown_sessions,
    wait_all_cells_ran,
    write_notebook,
)

pytestmark = pytest.mark.ui

#: the standards checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA
TAGS = WCAG_TAGS
#: rules switched off, each with its reason (none: every rule of those tags runs)
OFF: dict[str, str] = {}

GAMES = [("five_hundred", {}), ("officer_skat", {}), ("pandoeren", {}), ("panfin", {"players": 4})]

SETUP = '''import cardlab
from cardlab.bots import bot_for
from cardlab.teaching import exercise
from cardlab.widgets import AuctionLadder, DealEditor, ScoreCompare, Table, TeacherPage, TrumpLadder

def played(name, seed=3, **options):
    game = cardlab.load(name, **options)
    state = game.deal(seed=seed)
    bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
    return state

def tried(ident, right=False):
    """An exercise's form answered right, or wrong twice (its Show me button then shown)."""
    ex = exercise(ident)
    form = ex.widget()
    if right:
        ex.check(sorted(ex.answer) if ex.kind == "many" else ex.answer)
    else:
        wrong = next(c.value for c in ex.choices if c.value != ex.answer)
        ex.check(wrong)
        ex.check(wrong)
    return form

def at(name, where, **options):
    """A table of ``name``: live at the deal, or a review in the middle or at the end."""
    if where == "deal":
        return Table(cardlab.load(name, **options).deal(seed=1), seat=0, bot_delay=0)
    t = Table(played(name, **options), seat=0, mode="review")
    t.go(t.view["steps"] // 2 if where == "middle" else t.view["steps"])
    return t'''


def _cells() -> list[str]:
    cells = [SETUP]
    for name, opts in GAMES:
        extra = "".join(f", {k}={v!r}" for k, v in opts.items())
        for where in ("deal", "middle", "end"):
            cells.append(f"at({name!r}, {where!r}{extra})")
    cells += [
        'DealEditor(cardlab.load("five_hundred"))',
        'TrumpLadder(cardlab.load("five_hundred"), contract="7H")',
        'AuctionLadder(cardlab.load("five_hundred"), cardlab.load("five_hundred").deal(seed=11))',
        'ScoreCompare(played("five_hundred"))',
        "TeacherPage()",
        # an exercise of each kind: cards to choose, one answer to pick, a number to type
        'exercise("five_hundred/joker-lead")',
        'exercise("five_hundred/spade-trick")',
        'exercise("five_hundred/slam-score")',
        # the verdicts and Show me
        'tried("five_hundred/spade-trick")',
        'tried("five_hundred/slam-score", right=True)',
        'print("AXE-READY")',
    ]
    return cells


CELLS = _cells()
#: the widget roots the notebook draws (the teacher's page holds one table)
N_ROOTS = 3 * len(GAMES) + 4 + 1
#: the exercises' forms the notebook draws
N_EXERCISES = 5
#: axe's contrast rule on one button: how many nodes passed, and the violations
SHOW_ME_JS = """async (el) => {
  const r = await axe.run(el, {runOnly: {type: 'rule', values: ['color-contrast']},
                               resultTypes: ['violations', 'passes']});
  return {passes: r.passes.reduce((n, x) => n + x.nodes.length, 0),
          violations: r.violations.map(v => v.nodes.map(n => n.failureSummary))};
}"""


def _axe_all(page: Any, name: str) -> list[str]:
    """axe on every widget root of the page; the faults in words."""
    roots = page.locator(".cardlab-root")
    roots.nth(N_ROOTS - 1).wait_for(state="attached", timeout=120_000)
    faults: list[str] = []
    contrast = 0
    teacher = page.locator(".cardlab-teacher")
    targets = [roots.nth(i) for i in range(roots.count())]
    if teacher.count():
        targets.append(teacher.first)
    exercises = page.locator(".cardlab-exercise")
    exercises.nth(N_EXERCISES - 1).wait_for(timeout=60_000)
    targets += [exercises.nth(i) for i in range(exercises.count())]
    for i, target in enumerate(targets):
        target.scroll_into_view_if_needed()
        if i < 3 * len(GAMES) and i % 3 == 1:  # each game's table, mid-deal, to look at
            ARTIFACTS.mkdir(exist_ok=True)
            target.screenshot(path=str(ARTIFACTS / f"a11y-axe-{name}-{GAMES[i // 3][0]}.png"))
        result = run_axe(page, target, tags=TAGS, unclip=True)
        contrast += result["contrast"]
        for v in result["violations"]:
            if v["id"] in OFF:
                continue
            for where, why in v["nodes"]:
                faults.append(f"{name} widget {i}: {v['id']} ({v['impact']}): {v['help']} at "
                              f"{where}: {why}")
    # Show me is shown (after two wrong tries) and axe judged its contrast
    show = page.locator(".cardlab-exercise .jupyter-button:text-is('Show me'):visible")
    assert show.count() == 1 and show.is_visible(), f"{name}: Show me is not shown"
    judged = page.evaluate(SHOW_ME_JS, show.element_handle())
    assert judged["passes"] == 1 and not judged["violations"], f"{name}: Show me: {judged}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"a11y-axe-{name}.png"))
    # each widget scrolled into view, axe judges some 800-900 nodes' contrast in each of the
    # page's runs (811 and 883 seen): far fewer means widgets it skipped as out of view
    assert contrast > 400, f"{name}: axe looked at only {contrast} nodes' contrast"
    return faults


def _lab(lab_server: Any, page: Any) -> None:
    write_notebook(lab_server.root, "a11y_axe.ipynb", CELLS)
    open_and_run_all(lab_server, page, "a11y_axe.ipynb")
    wait_all_cells_ran(page, len(CELLS), timeout=240)
    page.locator(".jp-OutputArea-output:has-text('AXE-READY')").wait_for()


def test_axe_finds_nothing_in_jupyterlab_light_and_dark(lab_server: Any, page: Any) -> None:
    faults: list[str] = []
    try:
        _lab(lab_server, page)
        page.wait_for_selector('body[data-jp-theme-light="true"]', state="attached")
        faults += _axe_all(page, "lab-light")
        # the dark theme, as Settings → Theme → JupyterLab Dark does it (then back)
        page.locator('.lm-MenuBar-itemLabel:text-is("Settings")').click()
        page.locator('li.lm-Menu-item:has-text("Theme")').first.hover()
        page.locator('li.lm-Menu-item:has-text("JupyterLab Dark")').first.click()
        page.wait_for_selector('body[data-jp-theme-light="false"]', state="attached")
        page.wait_for_timeout(500)  # the theme's stylesheet applies after the attribute
        faults += _axe_all(page, "lab-dark")
    finally:
        set_theme(lab_server, "JupyterLab Light")
        page.close()
        shutdown_sessions(lab_server)
    assert not faults, f"{len(faults)} violations:\n" + "\n".join(faults[:60])
    assert not serious_errors(page.errors), page.errors


def test_axe_finds_nothing_in_voila(lab_server: Any, page: Any) -> None:
    write_notebook(lab_server.root, "a11y_axe_voila.ipynb", CELLS)
    page.goto(f"{lab_server.url}/voila/render/a11y_axe_voila.ipynb?token={lab_server.token}",
              timeout=240_000)
    try:
        faults = _axe_all(page, "voila")
    finally:
        page.close()
    assert not faults, f"{len(faults)} violations:\n" + "\n".join(faults[:60])
    assert not serious_errors(page.errors), page.errors
