"""The bots' reasons in a real browser (#30): in JupyterLab the "why?" after a bot's call in
the narration shows the reason on hover, on keyboard focus and on a tap (which keeps it open
until Escape), in every game, drawn at 420 and 968 px; in Voilà the teacher's page has the
bots' level menu, reached by Tab, and lists the reasons under the step buttons."""

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

#: one table per game, every hand face up: the bots' calls before seat 0's turn have reasons
TABLES = """import cardlab
from IPython.display import display
from cardlab.widgets import Table

for name, opts in [("five_hundred", {}), ("officer_skat", {}), ("pandoeren", {}),
                   ("panfin", {"players": 3})]:
    display(Table(cardlab.load(name, **opts).deal(seed=3, dealer=0), seat=0, show_all=True,
                  bot_delay=0))"""
GAMES = ("five_hundred", "officer_skat", "pandoeren", "panfin")
def _width(root: Any, px: int) -> None:
    root.evaluate(f"(e) => {{ e.parentElement.style.width = '{px}px'; "
                  f"e.parentElement.style.maxWidth = '{px}px'; }}")
    root.scroll_into_view_if_needed()


def test_why_shows_the_bots_reason_on_hover_focus_and_tap(lab_server: Any, page: Any) -> None:
    name = write_notebook(lab_server.root, "bot_why.ipynb", [TABLES])
    page.set_viewport_size({"width": 1400, "height": 1100})
    try:
        open_and_run_all(lab_server, page, name)
        wait_all_cells_ran(page, 1)
        roots = page.locator(".cardlab-root[data-step]")
        roots.nth(len(GAMES) - 1).wait_for()
        root = roots.first
        root.scroll_into_view_if_needed()
        why = root.locator(".cardlab-bot-why").first
        why.wait_for()
        label = why.get_attribute("aria-label") or ""
        assert label.startswith("why? the bot's reason: "), label
        reason = root.locator(f"#{why.get_attribute('aria-controls')}")
        assert reason.is_hidden()
        # hover shows it; leaving hides it
        why.hover()
        assert reason.is_visible() and "tricks" in reason.inner_text()
        root.locator(".cardlab-header").hover()
        assert reason.is_hidden()
        # keyboard focus shows it (Tab from the narration list reaches the button)
        root.locator(".cardlab-narration").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.classList.contains('cardlab-bot-why')")
        first_reason = root.locator(".cardlab-bot-reason").first
        assert first_reason.is_visible()
        page.keyboard.press("Escape")
        root.locator(".cardlab-header").hover()
        # a tap (a click) keeps it open after the pointer leaves; Escape closes it
        why.click()
        root.locator(".cardlab-header").hover()
        assert reason.is_visible() and why.get_attribute("aria-expanded") == "true"
        assert not axe_faults(page, root), "the why? and its reason, open, pass axe"
        why.focus()
        page.keyboard.press("Escape")
        why.blur()
        assert reason.is_hidden()
        # every game: the reason of its first bot call, drawn at 420 and 968 px
        ARTIFACTS.mkdir(exist_ok=True)
        page.set_viewport_size({"width": 1400, "height": 2400})  # a narrow table is tall
        for i, game in enumerate(GAMES):
            root = roots.nth(i)
            button = root.locator(".cardlab-bot-why").first
            for px in (968, 420):
                _width(root, px)
                if button.get_attribute("aria-expanded") != "true":
                    button.click()
                shown = root.locator(".cardlab-bot-reason:visible")
                assert shown.count() == 1 and shown.inner_text().strip()
                box, out = shown.bounding_box(), root.bounding_box()
                assert box and out and box["x"] + box["width"] <= out["x"] + out["width"] + 1
                root.screenshot(path=str(ARTIFACTS / f"why-{game}-{px}.png"))
        assert not serious_errors(page.errors)
    finally:
        shutdown_sessions(lab_server)


def test_teacher_page_level_menu_and_the_reasons_under_the_steps(lab_server: Any,
                                                                 page: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 1000})
    try:
        page.goto(f"{lab_server.url}/voila/render/06_teacher.ipynb?token={lab_server.token}",
                  timeout=120_000)
        root = page.locator(".cardlab-root[data-step]").first
        root.wait_for(timeout=120_000)
        menu = page.get_by_label("Bots", exact=True)
        assert [o.strip() for o in menu.locator("option").all_inner_texts()] == \
            ["random", "heuristic", "expert"]
        # keyboard: Tab from the deal number reaches the menu
        page.get_by_label("Deal no.").focus()
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.tagName") == "SELECT"
        assert page.evaluate("() => document.activeElement.selectedOptions[0].text") == "heuristic"
        menu.select_option("random")
        page.locator(".cardlab-teacher-status", has_text="played out by the random bots") \
            .wait_for(timeout=60_000)
        root = page.locator(".cardlab-root[data-step]").first
        root.focus()
        page.keyboard.press("End")
        reasons = root.locator(".cardlab-reasons")
        reasons.wait_for(timeout=15_000)
        assert reasons.get_attribute("aria-label") == "the bots' reasons"
        assert reasons.locator("li").count() >= 1
        assert "A random choice" in reasons.inner_text() or "only legal" in reasons.inner_text()
        assert not axe_faults(page, page.locator(".cardlab-teacher").first)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "why-teacher-voila.png"), full_page=True)
        assert not serious_errors(page.errors)
    finally:
        shutdown_sessions(lab_server)
