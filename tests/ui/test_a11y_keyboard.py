"""A whole deal by keyboard alone, in every game, in JupyterLab and in Voilà (issue #33).

The learner sits in seat 0 and the bots answer at once. At each turn of the learner the
kernel's heuristic bot says what to do (the test's plan, never the page's); the test then
gets there with keys only: Tab and Shift+Tab from group to group, the arrow keys within a
group (a hand, piles, the calls), Enter on the card or call; a discard is made card by card
and confirmed with its Confirm button. After every key and after every redraw,
``document.activeElement`` must not be ``<body>`` (focus lost: the next key would go to
JupyterLab). The "?" key opens the keys' line, Escape closes it, and Escape clears cards
chosen for a discard. In Voilà the plan comes from Voilà's own kernel (its id is in the
page's config), which has no notebook session.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from kernel import VoilaKernel, kernel_exec
from labtools import (
    ARTIFACTS,
    open_and_run_all,
    serious_errors,
    shutdown_sessions,
    wait_all_cells_ran,
    write_notebook,
)

pytestmark = pytest.mark.ui

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("five_hundred", {}, 1), ("officer_skat", {}, 1), ("pandoeren", {}, 2),
    ("panfin", {"players": 4}, 1),
]

SETUP = '''import json
import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table
from cardlab.widgets._view import card_args

TABLES, BOTS = {}, {}

def table(name, seed, **options):
    t = Table(cardlab.load(name, **options).deal(seed=seed), seat=0, bot_delay=0)
    TABLES[name] = t
    BOTS[name] = bot_for(name, "heuristic", seed=5)
    return t

def plan(name):
    """Where the deal stands, and the learner's next action by the bot's choice."""
    t = TABLES[name]
    s = t.state
    mine = not s.is_over and s.to_move == 0
    out = {"step": t.step, "over": s.is_over, "mine": mine,
           "selected": len(t.view.get("selection") or [])}
    if mine:
        a = BOTS[name].choose(s)
        out.update(action=str(a), cards=card_args(s.game, a))
    print(json.dumps(out))'''

#: where focus must go next: 'done', or the key that brings it nearer the target
STEER_JS = """([root, sel]) => {
  const target = root.querySelector(sel);
  if (!target) return 'missing';
  const a = document.activeElement;
  if (a === target) return 'done';
  const groupOf = (n) => n && n.closest && (n.closest('.cardlab-cards') || n.closest('.cardlab-actions'));
  const g = groupOf(target);
  if (g && a && groupOf(a) === g) {
    const items = [...g.querySelectorAll(
      '.cardlab-card, .cardlab-action, .cardlab-choice, .cardlab-clear-selection')];
    return items.indexOf(target) > items.indexOf(a) ? 'ArrowRight' : 'ArrowLeft';
  }
  if (!a || a === document.body || !root.contains(a)) return 'lost';
  return (a.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'Tab' : 'Shift+Tab';
}"""

ON_BODY_JS = "() => !document.activeElement || document.activeElement === document.body"


#: runs code in the kernel behind the page and returns what it printed
Run = Callable[[str], str]


def _plan(run: Run, name: str) -> dict[str, Any]:
    for _ in range(5):
        # a busy kernel may report idle before its printed line arrives: ask again
        lines = run(f"plan({name!r})").strip().splitlines()
        if lines:
            return dict(json.loads(lines[-1]))
    raise AssertionError(f"{name}: the kernel printed nothing for plan()")


class Keys:
    """Presses keys and records every moment focus fell to <body>."""

    def __init__(self, page: Any, root: Any, name: str):
        self.page, self.root, self.name = page, root, name
        self.faults: list[str] = []
        self.presses = 0

    def check(self, after: str) -> None:
        if self.page.evaluate(ON_BODY_JS):
            self.faults.append(f"{self.name}: focus on <body> after {after}")

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.presses += 1
        self.check(key)

    def reach(self, sel: str) -> None:
        for _ in range(80):
            how = self.page.evaluate(STEER_JS, [self.root.element_handle(), sel])
            if how == "done":
                return
            assert how not in ("missing", "lost"), f"{self.name}: {sel}: {how}"
            self.press(how)
        raise AssertionError(f"{self.name}: no way by keys to {sel}")


def _settle(run: Run, page: Any, root: Any, name: str, keys: Keys) -> dict[str, Any]:
    """Wait until it is the learner's turn (or the deal is over) and the page shows it."""
    deadline = time.time() + 60
    while True:
        p = _plan(run, name)
        shown = page.evaluate(
            "([e, s, n]) => e.getAttribute('data-step') === s"
            " && e.querySelectorAll('.cardlab-seat [data-selected=\"true\"]').length === n",
            [root.element_handle(), str(p["step"]), p["selected"]])
        if shown and (p["over"] or p["mine"]):
            keys.check("a redraw")
            return p
        assert time.time() < deadline, f"{name}: the deal did not come back to the learner: {p}"
        time.sleep(0.15)


def _cells() -> list[str]:
    cells = [SETUP]
    for name, opts, seed in GAMES:
        extra = "".join(f", {k}={v!r}" for k, v in opts.items())
        cells.append(f"table({name!r}, {seed}{extra})")
    cells.append('print("KEYS-READY")')
    return cells


def _play_every_game(run: Run, page: Any, where: str) -> list[str]:
    """Play each game's deal by keys alone on the page; return the moments focus was lost."""
    faults: list[str] = []
    presses = {}
    for i, (name, _, _) in enumerate(GAMES):
        root = page.locator(".cardlab-root[data-step]").nth(i)
        root.scroll_into_view_if_needed()
        root.focus()
        keys = Keys(page, root, name)
        # the keys' line: "?" opens it, Escape closes it
        keys.press("?")
        assert root.locator(".cardlab-keys").is_visible(), name
        assert "Escape" in root.locator(".cardlab-keys").inner_text()
        keys.press("Escape")
        assert not root.locator(".cardlab-keys").is_visible(), name
        played = 0
        escaped = False
        while True:
            p = _settle(run, page, root, name, keys)
            if p["over"]:
                break
            if p["cards"]:
                # a card plays at once, or is chosen (a discard, a swap, a declaration)
                # and the choice confirmed with its button
                for code in p["cards"]:
                    keys.reach(f'.cardlab-seat[data-seat="0"] .cardlab-card[data-card="{code}"]')
                    keys.press("Enter")
                    q = _settle(run, page, root, name, keys)
                    if q["selected"] and not escaped:
                        # Escape clears a choice begun; then the card is chosen again
                        keys.press("Escape")
                        page.wait_for_function(
                            "(e) => !e.querySelector('[data-selected=\"true\"]')",
                            arg=root.element_handle(), timeout=15_000)
                        keys.check("Escape")
                        escaped = True
                        keys.press("Enter")
                        _settle(run, page, root, name, keys)
                confirm = f'.cardlab-choice[data-action="{p["action"]}"]'
                if root.locator(confirm).count():
                    keys.reach(confirm)
                    keys.press("Enter")
            else:
                keys.reach(f'.cardlab-action[data-action="{p["action"]}"]')
                keys.press("Enter")
            played += 1
            assert played < 150, f"{name}: the deal does not end"
        assert played > 0, f"{name}: the learner never acted"
        assert root.locator(".cardlab-table").get_attribute("data-phase") == "done"
        presses[name] = keys.presses
        faults += keys.faults
        ARTIFACTS.mkdir(exist_ok=True)
        root.screenshot(path=str(ARTIFACTS / f"a11y-keyboard-{where}-{name}.png"))
    print(where, "key presses per deal:", presses)
    return faults


def test_a_whole_deal_by_keyboard_in_every_game(lab_server: Any, page: Any) -> None:
    cells = _cells()
    try:
        write_notebook(lab_server.root, "a11y_keyboard.ipynb", cells)
        open_and_run_all(lab_server, page, "a11y_keyboard.ipynb")
        wait_all_cells_ran(page, len(cells))
        page.locator(".jp-OutputArea-output:has-text('KEYS-READY')").wait_for()
        page.locator(".cardlab-root[data-step]").nth(len(GAMES) - 1).wait_for(state="attached")
        faults = _play_every_game(lambda code: kernel_exec(lab_server, code), page, "lab")
    finally:
        shutdown_sessions(lab_server)
    assert not faults, "\n".join(faults[:40])
    assert not serious_errors(page.errors), page.errors


def test_a_whole_deal_by_keyboard_in_every_game_in_voila(lab_server: Any, page: Any) -> None:
    write_notebook(lab_server.root, "a11y_keyboard_voila.ipynb", _cells())
    try:
        page.goto(f"{lab_server.url}/voila/render/a11y_keyboard_voila.ipynb"
                  f"?token={lab_server.token}", timeout=240_000)
        page.locator(".cardlab-root[data-step]").nth(len(GAMES) - 1).wait_for(state="attached")
        kernel = VoilaKernel(lab_server, page)
        faults = _play_every_game(lambda code: kernel_exec(kernel, code), page, "voila")
    finally:
        page.close()
    assert not faults, "\n".join(faults[:40])
    assert not serious_errors(page.errors), page.errors
