"""What a screen reader hears, read from Chromium's accessibility tree (issue #33).

For each game a table at the learner's first turn (live: legal and illegal cards), in the
middle of a deal and at its end (review) is drawn in JupyterLab and in Voilà (whose kernel
is asked for the view through the page's kernel id); Playwright's aria snapshot
of each widget is compared with the kernel's view:

* every card the view shows is in the tree with its full name (its roles, and for a card
  the learner could act with now, "legal" or "not legal: …" with the reason);
* every card the view hides is heard only as "face-down card": no hidden card's name is in
  the felt's tree;
* the hands, the trick and the calls are named groups, and the live region is a log.
"""

from __future__ import annotations

import json
import re
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

GAMES = [("five_hundred", {}), ("officer_skat", {}), ("pandoeren", {}), ("panfin", {"players": 4})]
PLACES = ("start", "middle", "end")

SETUP = '''import json
import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

TABLES = []

def played(name, seed=3, **options):
    game = cardlab.load(name, **options)
    state = game.deal(seed=seed)
    bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
    return state

def at(name, where, **options):
    if where == "start":
        t = Table(cardlab.load(name, **options).deal(seed=2), seat=0, bot_delay=0)
    else:
        t = Table(played(name, **options), seat=0, mode="review")
        t.go(t.view["steps"] // 2 if where == "middle" else t.view["steps"])
    TABLES.append(t)
    return t

def expect(i):
    """The view's cards (names as labelled), the strip's, and every card's name of the pack."""
    t = TABLES[i]
    v, g = t.view, t.state.game
    waiting = not t.state.is_over and t.state.to_move != 0 and v.get("mode") == "play"
    print(json.dumps({
        "step": t.step, "waiting": waiting,
        "labels": {c: d["label"] for c, d in v["card_info"].items()},
        "shown": sorted({d["name"] for d in v["card_info"].values()}
                        | {(s.get("face") or {}).get("name", "") for s in v.get("trump_strip") or []}),
        "pack": sorted({str(g.deck.name(g.deck.parse(c))) for c in g.deck.codes()}),
        "hidden": sum(h.get("count", 0) for h in v["hands"] if not isinstance(h.get("cards"), list)),
    }))'''


def _cells() -> list[str]:
    cells = [SETUP]
    for name, opts in GAMES:
        extra = "".join(f", {k}={v!r}" for k, v in opts.items())
        for where in PLACES:
            cells.append(f"at({name!r}, {where!r}{extra})")
    return [*cells, 'print("NAMES-READY")']


#: runs code in the kernel behind the page and returns what it printed
Run = Callable[[str], str]


def _expect(run: Run, i: int) -> dict[str, Any]:
    for _ in range(5):
        lines = run(f"expect({i})").strip().splitlines()
        if lines:
            return dict(json.loads(lines[-1]))
    raise AssertionError("the kernel printed nothing")


def _in(snapshot: str, label: str) -> bool:
    return label in snapshot or json.dumps(label)[1:-1] in snapshot


def _compare(run: Run, page: Any, where: str) -> list[str]:
    """Each table's aria snapshot against the kernel's view; the faults in words."""
    faults: list[str] = []
    roots = page.locator(".cardlab-root[data-step]")
    roots.nth(len(GAMES) * len(PLACES) - 1).wait_for(state="attached", timeout=120_000)
    for i in range(len(GAMES) * len(PLACES)):
        label = f"{where} {GAMES[i // len(PLACES)][0]} {PLACES[i % len(PLACES)]}"
        root = roots.nth(i)
        root.scroll_into_view_if_needed()
        deadline = time.time() + 30
        while True:  # a live table: the bots play up to the learner's turn first
            want = _expect(run, i)
            if not want["waiting"] and root.get_attribute("data-step") == str(want["step"]):
                break
            assert time.time() < deadline, f"{label}: the table did not settle"
            time.sleep(0.2)
        tree = root.aria_snapshot()
        felt = root.locator(".cardlab-felt").aria_snapshot()
        if i == 0:
            ARTIFACTS.mkdir(exist_ok=True)
            (ARTIFACTS / f"a11y-aria-{where}-five_hundred-start.yml").write_text(tree)
        for code, name in want["labels"].items():
            if not _in(tree, name):
                faults.append(f"{label}: {code} is not in the tree as {name!r}")
        visible = " ".join(want["labels"].values())
        for name in set(want["pack"]) - set(want["shown"]):
            if name in visible:
                continue  # named in a shown card's words (a reason, a role)
            if re.search(rf"\b{re.escape(name)}\b", felt):
                faults.append(f"{label}: the hidden card {name!r} is named in the tree")
        if want["hidden"] and "face-down card" not in felt:
            faults.append(f"{label}: {want['hidden']} hidden cards, none 'face-down card'")
        if "group" not in felt or 'group "the trick"' not in felt:
            faults.append(f"{label}: the trick or the seats are not named groups")
        if i % len(PLACES) == 0:
            if not re.search(r'group "calls"|button ".*, legal', tree):
                faults.append(f"{label}: neither calls nor a legal card at the learner's turn")
            if not root.locator('.cardlab-live[role="log"][aria-live="polite"]').count():
                faults.append(f"{label}: no polite live log")
    return faults


def test_the_accessibility_tree_names_every_card(lab_server: Any, page: Any) -> None:
    cells = _cells()
    write_notebook(lab_server.root, "a11y_names.ipynb", cells)
    try:
        open_and_run_all(lab_server, page, "a11y_names.ipynb")
        wait_all_cells_ran(page, len(cells))
        page.locator(".jp-OutputArea-output:has-text('NAMES-READY')").wait_for()
        faults = _compare(lambda code: kernel_exec(lab_server, code), page, "lab")
    finally:
        page.close()
        shutdown_sessions(lab_server)
    assert not faults, "\n".join(faults[:40])
    assert not serious_errors(page.errors), page.errors


def test_the_accessibility_tree_names_every_card_in_voila(lab_server: Any, page: Any) -> None:
    write_notebook(lab_server.root, "a11y_names_voila.ipynb", _cells())
    try:
        page.goto(f"{lab_server.url}/voila/render/a11y_names_voila.ipynb"
                  f"?token={lab_server.token}", timeout=240_000)
        page.locator(".cardlab-root[data-step]").first.wait_for(state="attached",
                                                                timeout=240_000)
        kernel = VoilaKernel(lab_server, page)
        faults = _compare(lambda code: kernel_exec(kernel, code), page, "voila")
    finally:
        page.close()
    assert not faults, "\n".join(faults[:40])
    assert not serious_errors(page.errors), page.errors
