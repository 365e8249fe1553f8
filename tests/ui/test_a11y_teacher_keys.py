"""The teacher's page and the exercises by keyboard alone, in Voilà (issue #33).

One Voilà page holds the teacher's page (a Five Hundred deal on its table) and one exercise
of each kind (cards to choose, one answer to pick, a number to type). Tab from the page's
first control must reach every control of the page and of the exercises in turn, focus never
on ``<body>``. Then the controls that redraw the table are pressed by key: a step button
keeps focus as the table moves on, the open-hands checkbox keeps focus as the values appear,
**Deal** puts focus on the new table, and an exercise's Check keeps focus while its answer is
judged.
"""

from __future__ import annotations

from typing import Any

import pytest
from labtools import ARTIFACTS, serious_errors, write_notebook

pytestmark = pytest.mark.ui

CELLS = [
    "from cardlab.widgets import TeacherPage\nfrom cardlab.teaching import exercise\n"
    "page = TeacherPage()\npage.deal()\npage",
    'exercise("five_hundred/joker-lead")',
    'exercise("five_hundred/spade-trick")',
    'exercise("five_hundred/slam-score")',
]

#: what has focus, in a few words: a widget's data-key, else its tag, type and label
FOCUSED_JS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'BODY';
  if (a.getAttribute('data-key')) return 'key:' + a.getAttribute('data-key');
  const label = a.getAttribute('aria-label') || a.textContent.trim().slice(0, 30)
    || (a.closest('label') ? a.closest('label').textContent.trim() : '')
    || (a.closest('.widget-inline-hbox') ? a.closest('.widget-inline-hbox').textContent.trim() : '');
  return a.tagName.toLowerCase() + (a.type ? '[' + a.type + ']' : '') + ':' + label;
}"""


def _focused(page: Any) -> str:
    return str(page.evaluate(FOCUSED_JS))


def _tab_to(page: Any, want: str, seen: list[str], limit: int = 80) -> None:
    """Press Tab until the focused control's words start with ``want``."""
    for _ in range(limit):
        now = _focused(page)
        if now.startswith(want):
            return
        page.keyboard.press("Tab")
        now = _focused(page)
        seen.append(now)
        assert now != "BODY", f"focus fell to <body> after Tab; the path: {seen}"
    raise AssertionError(f"Tab never reached {want}: {seen}")


def test_teacher_page_and_exercises_by_keyboard_in_voila(lab_server: Any, page: Any) -> None:
    write_notebook(lab_server.root, "a11y_teacher_keys.ipynb", CELLS)
    try:
        page.goto(f"{lab_server.url}/voila/render/a11y_teacher_keys.ipynb"
                  f"?token={lab_server.token}", timeout=240_000)
        page.locator(".cardlab-teacher .cardlab-root[data-step]").wait_for(state="attached")
        page.locator(".cardlab-exercise").nth(2).wait_for()
        table = page.locator(".cardlab-teacher .cardlab-root[data-step]")

        # Tab from the game menu reaches every control of the page, then of the exercises
        page.locator(".cardlab-teacher select").first.focus()
        seen = [_focused(page)]
        assert seen[0].startswith("select"), seen
        order = ["select", "select", "select", "input[number]:Deal no.",
                 "input[checkbox]:projector size", "input[checkbox]:open-hands values",
                 "button[submit]:Deal", "textarea", "key:card:", "key:step:forward",
                 "key:step:last", "key:slider", "key:show:1", "key:take:1", "key:speed",
                 "key:pause", "key:share", "key:save", "key:four", "key:narration", "key:keys",
                 # the exercises: cards to choose, one seat to pick, a number to type
                 "button[submit]:", "button[submit]:Check", "button[button]:N",
                 "button[submit]:Check", "input[text]", "button[submit]:Check"]
        for want in order:
            _tab_to(page, want, seen)
            if want != order[-1]:
                page.keyboard.press("Tab")
                seen.append(_focused(page))
                assert seen[-1] != "BODY", seen

        # a step button keeps focus as the table moves on
        page.locator(".cardlab-teacher .cardlab-step-forward").focus()
        for i in range(3):
            step = table.get_attribute("data-step")
            page.keyboard.press("Enter")
            page.wait_for_function("([e, s]) => e.getAttribute('data-step') !== s",
                                   arg=[table.element_handle(), step], timeout=30_000)
            assert _focused(page) == "key:step:forward", f"after step {i + 1}"

        # the open-hands checkbox keeps focus while the table redraws with the values
        box = page.get_by_role("checkbox", name="open-hands values")
        box.focus()
        page.keyboard.press("Space")
        table.locator(".cardlab-open-hands").wait_for(timeout=90_000)
        assert _focused(page) == "input[checkbox]:open-hands values"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "a11y-teacher-keys.png"), full_page=True)

        # Deal puts a new table on the page, and focus on it
        old = table.element_handle()
        page.locator(".cardlab-teacher .jupyter-button:text-is('Deal')").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("(e) => !e.isConnected", arg=old, timeout=30_000)
        page.wait_for_function(
            "() => document.activeElement"
            " && document.activeElement.closest('.cardlab-teacher .cardlab-root')",
            timeout=30_000)

        # an exercise judged by key: Check keeps focus and says what was wrong or right
        form = page.locator(".cardlab-exercise").nth(1)
        form.locator("button").first.focus()
        page.keyboard.press("Space")
        check = form.get_by_role("button", name="Check")
        check.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("(e) => e.textContent.trim().length > 0",
                               arg=form.locator(".widget-html").last.element_handle(),
                               timeout=30_000)
        assert _focused(page) == "button[submit]:Check"
    finally:
        page.close()
    assert not serious_errors(page.errors), page.errors
