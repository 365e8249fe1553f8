"""The teacher's page and the exercises by keyboard alone, in JupyterLab and in Voilà
(issue #33).

One output holds the teacher's page (a Five Hundred deal on its table) and one exercise of
each kind (cards to choose, one answer to pick, a number to type); a second cell follows it,
so a key that leaks to JupyterLab's notebook shortcuts shows (an arrow moves to that cell,
"a" adds one, "m" turns a cell into Markdown, "o" hides the output). Tab from the page's
first control must reach every control of the page and of the exercises in turn, focus never
on ``<body>``. Then the controls that redraw are pressed by key: a step button keeps focus as
the table moves on, the open-hands checkbox keeps focus as the values appear, **Deal** puts
focus on the new table, and an exercise's Check keeps focus while its answer is judged. The
verdict is said in the form's polite live line (one ``role="status"`` node that stays, its
count going up once per check); after two wrong tries Tab reaches **Show me**. In
JupyterLab the focus ring of an exercise's choice and of **Show me** is photographed in the
light and the dark theme (test-artifacts/a11y-focus-*.png).
"""

from __future__ import annotations

from typing import Any

import pytest
from labtools import (
    ARTIFACTS,
    open_and_run_all,
    serious_errors,
    set_theme,
    shutdown_sessions,
    wait_all_cells_ran,
    write_notebook,
)

pytestmark = pytest.mark.ui

CELLS = [
    "from IPython.display import display\nfrom cardlab.widgets import TeacherPage\n"
    "from cardlab.teaching import exercise\npage = TeacherPage()\npage.deal()\n"
    'display(page, exercise("five_hundred/joker-lead"), exercise("five_hundred/spade-trick"),\n'
    '        exercise("five_hundred/slam-score"))',
    'print("TEACHER-KEYS-READY")',
]

#: the notebook's shape, which a leaked key would change (JupyterLab only)
NOTEBOOK_JS = """() => {
  const nb = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  if (!nb) return null;
  const cells = [...nb.querySelectorAll(':scope > .jp-Cell, .jp-WindowedPanel-viewport > .jp-Cell')];
  return {cells: cells.length, active: cells.findIndex(c => c.classList.contains('jp-mod-active')),
          code: cells.filter(c => c.classList.contains('jp-CodeCell')).length,
          outputs: nb.querySelectorAll('.jp-OutputArea-child').length,
          hidden: nb.querySelectorAll('.jp-Cell-outputWrapper .jp-OutputArea.lm-mod-hidden,'
                                      + ' .jp-Cell-outputCollapser + .jp-Placeholder').length};
}"""

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


LEAKY_KEYS = ("ArrowDown", "ArrowUp", "a", "m", "o")


def _leaks(page: Any, what: str) -> list[str]:
    """Press keys JupyterLab's notebook takes in command mode on ``what`` (focused); focus
    must stay there and the notebook must not change. What leaked, in words."""
    before = page.evaluate(NOTEBOOK_JS)
    focused = _focused(page)
    assert focused.startswith(what), focused
    for key in LEAKY_KEYS:
        page.keyboard.press(key)
        if _focused(page) != focused:
            return [f"{key} on {focused} moved focus to {_focused(page)}"]
    page.wait_for_timeout(300)
    after = page.evaluate(NOTEBOOK_JS)
    return [] if after == before else [f"keys on {focused} changed the notebook: {after}"]


def _verdict(page: Any, form: Any, count: int) -> str:
    """Wait for the form's live line to have said ``count`` things; its words."""
    line = form.locator('.cardlab-status[role="status"][aria-live="polite"]')
    assert line.count() == 1
    page.wait_for_function("([e, n]) => e.getAttribute('data-count') === n"
                           " && e.textContent.trim().length > 0",
                           arg=[line.element_handle(), str(count)], timeout=30_000)
    return str(line.inner_text())


def _by_keys(page: Any) -> list[str]:
    """The whole walk by keys on a page already drawn (JupyterLab or Voilà); the keys that
    leaked to JupyterLab, in words."""
    leaks: list[str] = []
    page.locator(".cardlab-teacher .cardlab-root[data-step]").wait_for(state="attached",
                                                                       timeout=240_000)
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
        if want == "input[checkbox]:projector size":
            leaks += _leaks(page, want)
            page.locator(".cardlab-teacher select").first.focus()  # back where Tab began
            seen.append(_focused(page))
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

    # Deal puts a new table on the page, and focus on it
    old = table.element_handle()
    page.locator(".cardlab-teacher .jupyter-button:text-is('Deal')").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("(e) => !e.isConnected", arg=old, timeout=30_000)
    page.wait_for_function(
        "() => document.activeElement"
        " && document.activeElement.closest('.cardlab-teacher .cardlab-root')",
        timeout=30_000)

    # an exercise judged by key: Check keeps focus, and the verdict is said in the live line
    form = page.locator(".cardlab-exercise").nth(1)
    line = form.locator('.cardlab-status[role="status"]').element_handle()
    form.locator("button:text-is('N: A♠')").focus()
    leaks += _leaks(page, "button[button]:N")
    page.keyboard.press("Space")
    check = form.get_by_role("button", name="Check")
    for n in (1, 2):  # a wrong seat twice: said twice (once per check), then Show me opens
        check.focus()
        page.keyboard.press("Enter")
        assert _verdict(page, form, n).startswith("Not quite"), n
        assert _focused(page) == "button[submit]:Check"
    assert page.evaluate("(e) => e.isConnected", line), "the live line was drawn again"
    page.keyboard.press("Tab")
    assert _focused(page) == "button[submit]:Show me", _focused(page)
    leaks += _leaks(page, "button[submit]:Show me")
    ARTIFACTS.mkdir(exist_ok=True)
    form.screenshot(path=str(ARTIFACTS / f"a11y-focus-show-me-{_where(page)}.png"))
    page.keyboard.press("Enter")
    assert _verdict(page, form, 3).startswith("The answer")
    assert _focused(page) == "button[submit]:Show me"
    return leaks


def _where(page: Any) -> str:
    theme = page.evaluate("() => document.body.getAttribute('data-jp-theme-light')")
    return "voila" if "/voila/" in page.url else ("lab-dark" if theme == "false" else "lab-light")


def _focus_rings(page: Any) -> None:
    """Photograph the focus ring on an exercise's choice and on Show me (reached by Tab, as
    a keyboard user sees it)."""
    form = page.locator(".cardlab-exercise").nth(1)
    form.scroll_into_view_if_needed()
    form.get_by_role("button", name="Check").focus()
    page.keyboard.press("Shift+Tab")  # onto the last seat's button
    form.screenshot(path=str(ARTIFACTS / f"a11y-focus-exercise-{_where(page)}.png"))
    form.get_by_role("button", name="Check").focus()
    page.keyboard.press("Tab")
    assert _focused(page) == "button[submit]:Show me"
    form.screenshot(path=str(ARTIFACTS / f"a11y-focus-show-me-{_where(page)}.png"))


def test_teacher_page_and_exercises_by_keyboard_in_jupyterlab(lab_server: Any, page: Any) -> None:
    write_notebook(lab_server.root, "a11y_teacher_keys.ipynb", CELLS)
    try:
        open_and_run_all(lab_server, page, "a11y_teacher_keys.ipynb")
        wait_all_cells_ran(page, len(CELLS))
        page.locator(".jp-OutputArea-output:has-text('TEACHER-KEYS-READY')").wait_for()
        leaks = _by_keys(page)
        _focus_rings(page)
        # the dark theme, as Settings → Theme → JupyterLab Dark does it
        page.locator('.lm-MenuBar-itemLabel:text-is("Settings")').click()
        page.locator('li.lm-Menu-item:has-text("Theme")').first.hover()
        page.locator('li.lm-Menu-item:has-text("JupyterLab Dark")').first.click()
        page.wait_for_selector('body[data-jp-theme-light="false"]', state="attached")
        page.wait_for_timeout(500)  # the theme's stylesheet applies after the attribute
        _focus_rings(page)
    finally:
        set_theme(lab_server, "JupyterLab Light")
        page.close()
        shutdown_sessions(lab_server)
    assert not leaks, leaks
    assert not serious_errors(page.errors), page.errors


def test_teacher_page_and_exercises_by_keyboard_in_voila(lab_server: Any, page: Any) -> None:
    write_notebook(lab_server.root, "a11y_teacher_keys_voila.ipynb", CELLS)
    try:
        page.goto(f"{lab_server.url}/voila/render/a11y_teacher_keys_voila.ipynb"
                  f"?token={lab_server.token}", timeout=240_000)
        assert not _by_keys(page)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "a11y-teacher-keys.png"), full_page=True)
    finally:
        page.close()
    assert not serious_errors(page.errors), page.errors
