"""The table's layout holds at every step of a deal, in every game and form, at 420, 968 and
1400 px (DESIGN §3 testing contract; issue #13 item 2).

Apart from the fanned cards of one hand, pile, strip or trick, none of these overlap: cards,
``data-label`` elements, the ``data-prompt`` line, buttons, the trump strip, the why line and
the result panel; everything lies inside the widget root. One seeded deal played by the
heuristic bots per form, stepped from the first step to the last with the table's own
"forward" button.
"""

from __future__ import annotations

from typing import Any

import nbformat
import pytest
from labtools import (
    open_and_run_all,
    screenshot,
    serious_errors,
    shutdown_sessions,
    wait_all_cells_ran,
)

pytestmark = pytest.mark.ui

FORMS: list[tuple[str, dict[str, Any]]] = [
    ("five_hundred", {"players": 2, "two_player_form": "dead_hand_33"}),
    ("five_hundred", {"players": 2, "two_player_form": "ghost_partners_43"}),
    ("five_hundred", {"players": 3}), ("five_hundred", {"players": 4}),
    ("five_hundred", {"players": 5}), ("five_hundred", {"players": 6}),
    ("officer_skat", {}), ("pandoeren", {}),
    ("panfin", {"players": 2}), ("panfin", {"players": 3}), ("panfin", {"players": 4}),
    ("panfin", {"players": 5}), ("panfin", {"players": 6}),
]
WIDTHS = (420, 968, 1400)

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


@pytest.fixture(scope="module")
def layout_notebook(lab_server: Any) -> str:
    cells = [nbformat.v4.new_code_cell(SETUP)]
    for name, opts in FORMS:
        cells.append(nbformat.v4.new_code_cell(
            f"Table(played({name!r}, {opts!r}), seat=0, mode='review')"))
    nb = nbformat.v4.new_notebook(cells=cells)
    # a notebook without a kernelspec makes JupyterLab ask for a kernel in a dialog
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    (lab_server.root / "layout.ipynb").write_text(nbformat.writes(nb))
    return "layout.ipynb"


def test_layout_holds_at_every_step(lab_server: Any, page: Any, layout_notebook: str) -> None:
    page.set_viewport_size({"width": 1800, "height": 1000})
    open_and_run_all(lab_server, page, layout_notebook)
    wait_all_cells_ran(page, len(FORMS) + 1)
    roots = page.locator(".cardlab-root")
    roots.nth(len(FORMS) - 1).wait_for()
    faults: list[str] = []
    for i, form in enumerate(FORMS):
        root = roots.nth(i)
        root.scroll_into_view_if_needed()
        for width in WIDTHS:
            root.evaluate(f"(e) => {{ e.parentElement.style.width = '{width}px'; "
                          f"e.parentElement.style.maxWidth = '{width}px'; }}")
            first = root.locator(".cardlab-step-first")
            if not first.is_disabled():
                first.click()
                page.wait_for_function("(e) => e.getAttribute('data-step') === '0'",
                                       arg=root.element_handle(), timeout=10_000)
            step = root
            last = None
            while True:
                now = step.get_attribute("data-step")
                for fault in root.evaluate(CHECK_JS):
                    faults.append(f"{_ids(form)} at {width}px, step {now}: {fault}")
                forward = root.locator(".cardlab-step-forward")
                if forward.is_disabled() or now == last:
                    break
                last = now
                forward.click()
                page.wait_for_function(
                    "([e, s]) => e.getAttribute('data-step') !== s",
                    arg=[step.element_handle(), now], timeout=10_000)
            if width in (420, 968):
                screenshot(page, f"layout-{_ids(form)}-{width}-end")
        root.evaluate("(e) => { e.parentElement.style.width = ''; e.parentElement.style.maxWidth = ''; }")
    page.close()
    shutdown_sessions(lab_server)
    assert not faults, "\n".join(faults[:40])
    assert not serious_errors(page.errors), page.errors
