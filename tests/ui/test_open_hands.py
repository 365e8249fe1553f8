"""Open hands in a real JupyterLab (issue 27, item 4): a table with ``open_hands=True`` in
every game shows a value badge on each legal card (the best marked) at a late step, a par
strip under the step buttons once the deal is stepped through, and a mark on the strip
takes the table to its step. Drawn at 420 and 968 px and at projector size (1280×720)."""

from __future__ import annotations

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

#: (game, seed, a step with badges, the step of the costly card): the tutorials' deals
#: (Officer Skat's badges wait until no card lies face down in the piles: step 30)
DEALS = [("five_hundred", 16, 33, 34), ("officer_skat", 5, 30, 25), ("pandoeren", 3, 27, 28),
         ("panfin", 2, 13, 14)]
SETUP = """import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

def played(name, seed):
    bot = bot_for(name, "heuristic", seed=seed)
    state = cardlab.load(name).deal(seed=seed, dealer=0)
    while not state.is_over:
        state = state.apply(bot.choose(state))
    return state"""


#: the teacher's table at projector size, with open hands, at the costly Five Hundred step
PROJECTOR = "Table.demonstrate(played('five_hundred', 16), projector=True, open_hands=True, step=33)"


def _cell(name: str, seed: int, step: int, _costly: int) -> str:
    return f"Table(played({name!r}, {seed}), seat=None, show_all=True, open_hands=True, step={step})"


@pytest.fixture(scope="module")
def open_hands_notebook(lab_server: Any) -> str:
    return write_notebook(lab_server.root, "open_hands.ipynb",
                          [SETUP, *(_cell(*d) for d in DEALS), PROJECTOR])


def _width(root: Any, px: int) -> None:
    root.evaluate(f"(e) => {{ e.parentElement.style.width = '{px}px'; "
                  f"e.parentElement.style.maxWidth = '{px}px'; }}")
    root.scroll_into_view_if_needed()


def _wait_step(page: Any, root: Any, step: int) -> None:
    page.wait_for_function("([e, s]) => e.getAttribute('data-step') === s",
                           arg=[root.element_handle(), str(step)], timeout=30_000)


def test_badges_and_par_strip_in_every_game(lab_server: Any, page: Any,
                                            open_hands_notebook: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 1400})
    open_and_run_all(lab_server, page, open_hands_notebook)
    wait_all_cells_ran(page, 2 + len(DEALS))
    ARTIFACTS.mkdir(exist_ok=True)
    roots = page.locator(".cardlab-root[data-step]")
    roots.nth(len(DEALS) - 1).wait_for()
    for i, (name, _seed, step, costly) in enumerate(DEALS):
        root = roots.nth(i)
        _width(root, 968)
        # the start of the play: too early to solve at once (or, Officer Skat, cards face
        # down): a note, no badge
        root.locator('[data-key="step:first"]').click()
        _wait_step(page, root, 0)
        assert root.locator(".cardlab-oh-badge").count() == 0
        root.screenshot(path=str(ARTIFACTS / f"open-hands-{name}-start-968.png"))
        # the tutorial's step: a badge on every legal card of the mover, the best marked
        root.locator(".cardlab-slider").evaluate(
            f"(e) => {{ e.value = {step}; e.dispatchEvent(new Event('change')); }}")
        _wait_step(page, root, step)
        legal = root.locator('.cardlab-seat[data-mover="true"] .cardlab-card[data-legal="true"]')
        n_legal = legal.count()
        assert n_legal >= 2, name
        badges = root.locator('.cardlab-seat[data-mover="true"] .cardlab-card .cardlab-oh-badge')
        assert badges.count() == n_legal, name
        assert root.locator('[data-open-hands-best="true"]').count() >= 1
        assert "Open hands" in root.locator("[data-open-hands-note]").inner_text()
        label = legal.first.get_attribute("aria-label") or ""
        assert "open hands:" in label, label
        root.screenshot(path=str(ARTIFACTS / f"open-hands-{name}-middle-968.png"))
        # step forward to the end: the costly card of the tutorial is on the par strip
        last = int(root.locator(".cardlab-slider").get_attribute("max") or 0)
        for k in range(step + 1, last + 1):
            root.locator('[data-key="step:forward"]').click()
            _wait_step(page, root, k)
        marks = root.locator(".cardlab-par-mark")
        assert marks.count() >= 1, name
        assert str(costly) in [marks.nth(j).get_attribute("data-par-step")
                               for j in range(marks.count())], name
        root.screenshot(path=str(ARTIFACTS / f"open-hands-{name}-end-968.png"))
        _width(root, 420)
        root.screenshot(path=str(ARTIFACTS / f"open-hands-{name}-end-420.png"))
        # a mark takes the table to its step
        root.locator(f'.cardlab-par-mark[data-par-step="{costly}"]').click()
        _wait_step(page, root, costly)
        _width(root, 968)
    # projector size: the teacher's table at the costly Five Hundred step, 1280×720
    page.set_viewport_size({"width": 1280, "height": 720})
    root = roots.nth(len(DEALS))
    root.scroll_into_view_if_needed()
    assert root.locator(".cardlab-oh-badge").count() == 3
    root.screenshot(path=str(ARTIFACTS / "open-hands-five_hundred-projector.png"))
    page.close()
    shutdown_sessions(lab_server)
    assert not serious_errors(page.errors), page.errors
