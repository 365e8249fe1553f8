"""The table's layout holds at every step of a deal, in every game and form, at 420 px in
JupyterLab (and at the start, middle and end of the deal at 968 and 1400 px), and at 968 px in
Notebook 7 and in Voilà at the start, middle and end for one form of each game (DESIGN §3
testing contract; issue #13).

Apart from the fanned cards of one hand, pile, strip or trick, none of these overlap: cards,
``data-label`` elements, the ``data-prompt`` line, buttons, the trump strip, the why line and
the result panel; everything lies inside the widget root. One seeded deal played by the
heuristic bots per form, stepped from the first step to the last with the table's own
"forward" button. Each table is pictured (test-artifacts/) at the start, the middle and the
end of its deal at 420 and 968 px.
"""

from __future__ import annotations

from typing import Any

import pytest
from labtools import (
    ARTIFACTS,
    open_and_run_all,
    run_all_from_menu,
    serious_errors,
    shutdown_sessions,
    wait_all_cells_ran,
    wait_kernel_idle,
    write_notebook,
)
from support import table_forms

pytestmark = pytest.mark.ui

#: every table of every registered game
FORMS: list[tuple[str, dict[str, Any]]] = table_forms()
WIDTHS = (420, 968, 1400)
#: the widths checked at every step; the others at the start, middle and end of the deal
#: (the narrowest width is where the table wraps and crowds; every step at 968 and 1400 px
#: as well took two thirds of this test's time, in a test run kept under 20 minutes)
EVERY_STEP = (420,)
#: each game's default table, for Notebook 7 and Voilà (at 968 px: the width a laptop gives them)
GAME_FORMS: list[tuple[str, dict[str, Any]]] = [
    next(f for f in FORMS if f[0] == name) for name in dict.fromkeys(n for n, _ in FORMS)]
#: the widths whose pictures are kept (start, middle and end of each deal)
PICTURED = (420, 968)

#: every layout fault in one widget root, as short strings
CHECK_JS = """(root) => {
  const r0 = root.getBoundingClientRect();
  const sel = '.cardlab-card, .cardlab-backs, [data-label], [data-prompt], button, '
            + '.cardlab-trump-strip, .cardlab-why, .cardlab-result';
  const group = '.cardlab-hand, .cardlab-pile, .cardlab-piles, .cardlab-trump-strip, '
              + '.cardlab-last-trick, .cardlab-extra, .cardlab-trick, .cardlab-backs';
  const boxes = [...root.querySelectorAll(sel)].map(e => ({e, r: e.getBoundingClientRect(),
                                                          g: e.closest(group)}))
    .filter(b => b.r.width > 0 && b.r.height > 0);
  const name = (e) => e.dataset.card || e.dataset.label || e.className || e.textContent.slice(0, 20);
  const out = [];
  if (root.scrollWidth > root.clientWidth + 1) out.push('horizontal scroll');
  for (const b of boxes) {
    if (b.r.left < r0.left - 1 || b.r.right > r0.right + 1) out.push('outside: ' + name(b.e));
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.e.contains(b.e) || b.e.contains(a.e) || (a.g && a.g === b.g)) continue;
    const ox = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
    const oy = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
    if (ox > 2 && oy > 2) out.push('overlap: ' + name(a.e) + ' / ' + name(b.e));
  }
  return out.slice(0, 6);
}"""

SETUP = """import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

def played(name, options, seed=3):
    game = cardlab.load(name, **options)
    state = game.deal(seed=seed)
    bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
    return state"""


def _ids(form: tuple[str, dict[str, Any]]) -> str:
    return form[0] + "".join(f"-{v}" for v in form[1].values())


def _write_notebook(root: Any, name: str, forms: list[tuple[str, dict[str, Any]]]) -> str:
    cells = [SETUP] + [f"Table(played({game!r}, {opts!r}), seat=0, mode='review')"
                       for game, opts in forms]
    return write_notebook(root, name, cells)


@pytest.fixture(scope="module")
def layout_notebook(lab_server: Any) -> str:
    return _write_notebook(lab_server.root, "layout.ipynb", FORMS)


@pytest.fixture(scope="module")
def games_notebook(lab_server: Any) -> str:
    return _write_notebook(lab_server.root, "layout_games.ipynb", GAME_FORMS)


def _picture(root: Any, name: str) -> None:
    """The widget root as a test artifact (the whole table, however tall)."""
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / f"{name}.png"))


#: step a table forward from where it is to step ``until`` (or its last step) inside the
#: page, checking the layout (CHECK_JS) at every step on the way: one call from Python per
#: stretch instead of several per step. Returns the faults, each with its step.
STEP_JS = """async (root, until) => {
  const check = """ + CHECK_JS + """;
  const out = [];
  for (;;) {
    const now = root.getAttribute('data-step');
    for (const f of check(root)) out.push('step ' + now + ': ' + f);
    const forward = root.querySelector('.cardlab-step-forward');
    if (!forward || forward.disabled || Number(now) >= until) return out;
    forward.click();
    const t0 = Date.now();
    while (root.getAttribute('data-step') === now) {
      if (Date.now() - t0 > 10000) { out.push('step ' + now + ': forward did nothing'); return out; }
      await new Promise((r) => requestAnimationFrame(r));
    }
  }
}"""


#: go straight to a step, as dragging the slider there does
GO_JS = """(root, to) => { const s = root.querySelector('.cardlab-slider'); s.value = String(to);
  s.dispatchEvent(new Event('change', {bubbles: true})); }"""


def _go(page: Any, root: Any, to: int) -> None:
    root.evaluate(GO_JS, to)
    page.wait_for_function("([e, to]) => e.getAttribute('data-step') === String(to)",
                           arg=[root.element_handle(), to], timeout=30_000)


def _step_through(page: Any, root: Any, label: str, width: int, faults: list[str], *,
                  every_step: bool | None = None) -> None:
    """Set the output's width, step the table from its first step to its last checking the
    layout at each (``every_step``, by default at a width of :data:`EVERY_STEP`; else at the
    start, middle and end only), and picture the start, middle and end where ``width`` is
    pictured."""
    if every_step is None:
        every_step = width in EVERY_STEP
    root.evaluate(f"(e) => {{ e.parentElement.style.width = '{width}px'; "
                  f"e.parentElement.style.maxWidth = '{width}px'; }}")
    first = root.locator(".cardlab-step-first")
    # a loaded CI machine can take seconds to answer a click (it is not timed here), and a
    # click that lands while the table redraws can go to the button being replaced: ask
    # again until the table is at its first step (twice in CI it never got there in 30 s)
    for attempt in range(6):
        if first.is_disabled() or root.get_attribute("data-step") == "0":
            break
        first.click()
        try:
            page.wait_for_function("(e) => e.getAttribute('data-step') === '0'",
                                   arg=root.element_handle(), timeout=15_000)
        except Exception:
            if attempt == 5:
                raise
    steps = int(root.locator(".cardlab-slider").get_attribute("max") or "0")
    stops = [(0, "start"), (steps // 2, "middle"), (steps, "end")]
    for until, name in stops:
        if not every_step and until:
            _go(page, root, until)
        for fault in root.evaluate(STEP_JS, until):
            faults.append(f"{label} at {width}px, {fault}")
        if width in PICTURED:
            _picture(root, f"layout-{label}-{width}-{name}")
    root.evaluate("(e) => { e.parentElement.style.width = ''; e.parentElement.style.maxWidth = ''; }")


def test_layout_holds_at_every_step(lab_server: Any, page: Any, layout_notebook: str) -> None:
    # tall enough that a whole table fits in the notebook's panel (its pictures are whole)
    page.set_viewport_size({"width": 1800, "height": 2400})
    open_and_run_all(lab_server, page, layout_notebook)
    wait_all_cells_ran(page, len(FORMS) + 1)
    roots = page.locator(".cardlab-root")
    roots.nth(len(FORMS) - 1).wait_for()
    faults: list[str] = []
    for i, form in enumerate(FORMS):
        root = roots.nth(i)
        root.scroll_into_view_if_needed()
        for width in WIDTHS:
            _step_through(page, root, _ids(form), width, faults)
    page.close()
    shutdown_sessions(lab_server)
    assert not faults, "\n".join(faults[:40])
    assert not serious_errors(page.errors), page.errors


@pytest.mark.parametrize("front_end", ["notebook7", "voila"])
def test_layout_holds_in_notebook7_and_voila(lab_server: Any, page: Any, games_notebook: str,
                                             front_end: str) -> None:
    """One form of each game at 968 px, at the start, middle and end of its deal, in
    Notebook 7 (``/notebooks/…``) and in Voilà (``/voila/render/…``), both served by the Lab
    server (what differs here from JupyterLab is the page around the table)."""
    page.set_viewport_size({"width": 1400, "height": 1000})
    if front_end == "notebook7":
        try:
            import notebook  # noqa: F401
        except ImportError:
            pytest.skip("Notebook 7 is not installed (pip install '.[test]')")
        page.goto(f"{lab_server.url}/notebooks/{games_notebook}?token={lab_server.token}")
        page.wait_for_selector(".jp-Notebook .jp-CodeCell")
        wait_kernel_idle(lab_server, page)
        run_all_from_menu(page)
        wait_all_cells_ran(page, len(GAME_FORMS) + 1)
    else:
        page.goto(f"{lab_server.url}/voila/render/{games_notebook}?token={lab_server.token}",
                  timeout=180_000)
    roots = page.locator(".cardlab-root[data-step]")
    roots.nth(len(GAME_FORMS) - 1).wait_for(state="attached", timeout=180_000)
    assert roots.count() == len(GAME_FORMS)
    faults: list[str] = []
    for i, form in enumerate(GAME_FORMS):
        root = roots.nth(i)
        root.scroll_into_view_if_needed()
        _step_through(page, root, f"{front_end}-{_ids(form)}", 968, faults, every_step=False)
    page.close()
    if front_end == "notebook7":
        shutdown_sessions(lab_server)
    assert not faults, "\n".join(faults[:40])
    assert not serious_errors(page.errors), page.errors
