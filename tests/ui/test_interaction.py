"""The learner's table, worked through its rendered controls in JupyterLab (issue #13).

One deal per game, the learner in seat 0 and the bots answering at once, played to the end
with nothing but the table's own controls: legal cards clicked, calls (``.cardlab-action``)
chosen, choices (``.cardlab-choice``, Confirm) confirmed, until the header says the deal is
over. At every turn of the learner the page is checked against the kernel's state:

* every card of the learner's that could be played now carries ``data-legal``; an illegal one
  is dimmed (its opacity, or its face's, ≤ 0.6) or outlined *and* shows a cross (a mark that
  is not colour);
* keyboard focus, and a tap in a touch browser context, put the card's reason in ``data-why``
  (a first tap only previews: nothing is played);
* the trump strip's ``data-card`` order is ``state.trump_order()`` restricted to the trumps;
* no visible text and no ``aria-label`` holds an action's notation (``bid 7H``, ``play JD``,
  ``bid misere_ouvert``) from the history or the legal list.

The browser context has touch (``has_touch=True``), so ``page.tap`` is a real tap; mouse
clicks and keys work in it as anywhere.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from kernel import kernel_exec
from labtools import (
    ARTIFACTS,
    open_and_run_all,
    serious_errors,
    shutdown_sessions,
    wait_all_cells_ran,
    write_notebook,
)

pytestmark = pytest.mark.ui

#: one deal per game: (game, options, seed); seeds where the learner gets to play cards
GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("five_hundred", {}, 1), ("officer_skat", {}, 1), ("pandoeren", {}, 1),
    ("panfin", {"players": 4}, 1),
]

SETUP = '''import json
import cardlab
from cardlab.widgets import Table

TABLES = {}

def table(name, seed, **options):
    t = Table(cardlab.load(name, **options).deal(seed=seed), seat=0, bot_delay=0)
    TABLES[name] = t
    return t

def facts(name):
    """What the page is checked against, from the engine's state (never from the view)."""
    t = TABLES[name]
    s = t.state
    legal = [] if s.is_over else list(s.legal_actions())
    verbs = s.game.spec.card_verbs
    strip = []
    if t.view.get("trump_strip"):
        order = s.trump_order()
        top = s.effective_suit(order[0])
        strip = [c.code for c in order if s.effective_suit(c) == top]
    print(json.dumps({
        "step": t.step, "over": s.is_over, "to_move": s.to_move,
        "notation": [str(a) for a in s.history] + [str(a) for a in legal],
        "cards_now": s.to_move == 0 and any(a.verb in verbs for a in legal),
        "strip": strip,
        "reasons": {c: d["reason"] for c, d in t.view["card_info"].items()
                    if d.get("legal") is not None}}))'''

#: the cards of the learner's seat that are buttons (hand and piles)
MINE = '.cardlab-seat[data-seat="0"] button.cardlab-card[data-card]'


def _facts(lab_server: Any, name: str) -> dict[str, Any]:
    return json.loads(kernel_exec(lab_server, f"facts({name!r})").strip().splitlines()[-1])


@pytest.fixture(scope="module")
def touch_page(lab_server: Any, browser_context: Any) -> Iterator[Any]:
    """A page in a browser context with touch, the interaction notebook run in it."""
    cells = [SETUP]
    for name, opts, seed in GAMES:
        extra = "".join(f", {k}={v!r}" for k, v in opts.items())
        cells.append(f"table({name!r}, {seed}{extra})")
    cells.append('print("UI-READY")')
    write_notebook(lab_server.root, "interaction.ipynb", cells)
    context = browser_context.browser.new_context(
        has_touch=True, viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(60_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.errors = errors
    open_and_run_all(lab_server, page, "interaction.ipynb")
    wait_all_cells_ran(page, len(GAMES) + 2)
    page.locator(".jp-OutputArea-output:has-text('UI-READY')").wait_for()
    page.locator(".cardlab-root[data-step]").nth(len(GAMES) - 1).wait_for(state="attached")
    yield page
    context.close()
    shutdown_sessions(lab_server)


def _root(page: Any, name: str) -> Any:
    i = [g[0] for g in GAMES].index(name)
    root = page.locator(".cardlab-root[data-step]").nth(i)
    root.scroll_into_view_if_needed()
    return root


#: the state of the drawn table a click must change: its step, the cards chosen, the prompt
SNAPSHOT_JS = """(e) => [e.getAttribute('data-step'),
  e.querySelectorAll('[data-selected="true"]').length,
  (e.querySelector('[data-prompt]') || {}).textContent || '',
  (e.querySelector('.cardlab-status') || {}).textContent || ''].join('|')"""


def _click_and_wait(page: Any, root: Any, target: Any) -> None:
    before = root.evaluate(SNAPSHOT_JS)
    target.click()
    page.wait_for_function(f"([e, b]) => ({SNAPSHOT_JS})(e) !== b",
                           arg=[root.element_handle(), before], timeout=20_000)


MARKS_JS = """(e, sel) => {
  const out = [];
  for (const c of e.querySelectorAll(sel)) {
    const legal = c.getAttribute('data-legal');
    if (legal !== 'true' && legal !== 'false') out.push(`${c.dataset.card}: data-legal=${legal}`);
    if (legal !== 'false') continue;
    const st = getComputedStyle(c);
    // the card, or the whole face drawn on it, is dimmed
    const face = c.querySelector('.cardlab-face');
    const dim = Number(st.opacity) <= 0.6 || (!!face && getComputedStyle(face).display !== 'none'
      && Number(getComputedStyle(face).opacity) <= 0.6);
    const outlined = st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) > 0;
    if (!dim && !outlined) out.push(`${c.dataset.card}: illegal but neither dimmed nor outlined`);
    const mark = c.querySelector('.cardlab-mark');
    const r = mark && mark.getBoundingClientRect();
    if (!mark || getComputedStyle(mark).display === 'none' || !r.width || !r.height
        || !mark.textContent.trim()) out.push(`${c.dataset.card}: illegal without a visible mark`);
  }
  return out;
}"""


def _check_marks(root: Any, label: str) -> list[str]:
    """Faults in the learner's cards at a turn to play cards: data-legal on each, and an
    illegal card dimmed or outlined with a visible cross."""
    return [f"{label}: {f}" for f in root.evaluate(MARKS_JS, MINE)]


#: every visible text and every aria-label of a widget root
WORDS_JS = """(e) => [e.innerText, ...[...e.querySelectorAll('[aria-label]')]
  .map(n => n.getAttribute('aria-label'))]"""


def _notation_shown(root: Any, notation: list[str]) -> list[str]:
    """Action notations (with an argument, or an underscore) found in the page's words."""
    words = root.evaluate(WORDS_JS)
    out = []
    for action in sorted(set(notation)):
        if " " not in action and "_" not in action:
            continue  # a bare word ('pass', 'fold') is also plain English
        for text in words:
            if text and action in text:
                out.append(f"{action!r} in {text[:80]!r}")
                break
    return out


def _check_why(page: Any, root: Any, reasons: dict[str, str], label: str) -> list[str]:
    """Keyboard focus, then a first tap: each puts the card's reason in data-why; the tap
    plays nothing."""
    faults = []
    why = root.locator("[data-why]")
    cards = root.locator(MINE)
    codes = [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]
    codes = [c for c in codes if c in reasons]
    if len(codes) < 2:
        return faults
    # keyboard: focus the first card, then the arrow key moves focus to the next one
    cards.nth(0).focus()
    page.keyboard.press("ArrowRight")
    focused = root.evaluate("() => document.activeElement && document.activeElement.dataset.card")
    if focused != codes[1]:
        faults.append(f"{label}: ArrowRight moved focus to {focused}, not {codes[1]}")
    elif reasons[codes[1]] not in (why.text_content() or ""):
        faults.append(f"{label}: focus on {codes[1]}: data-why lacks its reason "
                      f"{reasons[codes[1]]!r}: {why.text_content()!r}")
    # touch: a first tap on another card previews it (its reason) and plays nothing
    step = root.get_attribute("data-step")
    target = root.locator(f'{MINE}[data-card="{codes[0]}"]')
    target.tap()
    page.wait_for_function("([w, t]) => w.textContent.includes(t)",
                           arg=[why.element_handle(), reasons[codes[0]]], timeout=10_000)
    if target.get_attribute("data-previewed") != "true":
        faults.append(f"{label}: the tapped card is not marked as previewed")
    if root.get_attribute("data-step") != step:
        faults.append(f"{label}: a first tap played the card")
    # the next click is a mouse's again
    target.dispatch_event("pointerdown", {"pointerType": "mouse"})
    return faults


def _next_move(root: Any) -> Any:
    """The control the learner uses now: Confirm, a legal card, or a call (not 'pass' while
    there is another, so the learner takes part in the deal)."""
    choice = root.locator(".cardlab-choice")
    if choice.count():
        return choice.first
    legal = root.locator(f'{MINE}[data-legal="true"]:not([data-selected="true"])')
    if legal.count():
        return legal.first
    calls = root.locator(".cardlab-action[data-action]")
    for i in range(calls.count()):
        if calls.nth(i).get_attribute("data-action") != "pass":
            return calls.nth(i)
    return calls.first if calls.count() else None


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_a_deal_plays_to_the_end_through_the_controls(lab_server: Any, touch_page: Any,
                                                      name: str) -> None:
    page = touch_page
    root = _root(page, name)
    status = root.locator(".cardlab-status")
    faults: list[str] = []
    turns = card_turns = why_checked = strips = 0
    for _ in range(400):
        facts = _facts(lab_server, name)
        label = f"{name} step {facts['step']}"
        faults += _notation_shown(root, facts["notation"])
        if facts["strip"]:
            shown = root.locator(".cardlab-trump-strip [data-card]")
            got = [shown.nth(i).get_attribute("data-card") for i in range(shown.count())]
            strips += 1
            if got != facts["strip"]:
                faults.append(f"{label}: trump strip {got} is not the trump order {facts['strip']}")
        if facts["over"]:
            break
        assert facts["to_move"] == 0, f"{label}: the bots did not answer at once"
        turns += 1
        if facts["cards_now"]:
            card_turns += 1
            faults += _check_marks(root, label)
            if root.locator(f'{MINE}[data-legal="false"]').count() and why_checked < 2:
                faults += _check_why(page, root, facts["reasons"], label)
                why_checked += 1
        move = _next_move(root)
        assert move is not None, f"{label}: nothing to click, though it is the learner's turn"
        _click_and_wait(page, root, move)
    else:
        pytest.fail(f"{name}: the deal did not end")
    assert "the deal is over" in (status.text_content() or "")
    ARTIFACTS.mkdir(exist_ok=True)
    root.screenshot(path=str(ARTIFACTS / f"interaction-{name}-end.png"))
    assert turns and card_turns, f"{name}: the learner never played a card ({turns} turns)"
    assert why_checked, f"{name}: no turn had an illegal card to explain"
    if name != "panfin":  # Panfin's dominant suit is its trump suit too, but check the others
        assert strips, f"{name}: no trump strip was shown"
    assert not faults, "\n".join(faults[:30])
    assert not serious_errors(page.errors), page.errors


def test_four_colour_changes_the_faces_live(lab_server: Any, touch_page: Any) -> None:
    """The four-colour box redraws the cards: a diamond's or club's face changes its ink
    (cardlab.render's four-colour palette), a heart's does not."""
    page = touch_page
    root = _root(page, "five_hundred")
    if root.get_attribute("data-step") != "0":  # the first step: every hand still full
        root.locator(".cardlab-step-first").click()
        page.wait_for_function("(e) => e.getAttribute('data-step') === '0'",
                               arg=root.element_handle())
    inks_js = """(e) => Object.fromEntries([...e.querySelectorAll('.cardlab-card[data-face="svg"]')]
      .map(c => [c.dataset.card, getComputedStyle(c.querySelector('.cardlab-face svg text')).fill]))"""
    before = root.evaluate(inks_js)
    assert before, "no card is drawn with its face"
    box = root.locator(".cardlab-four-colour-toggle")
    box.check()
    page.wait_for_function(f"([e, b]) => JSON.stringify(({inks_js})(e)) !== JSON.stringify(b)",
                           arg=[root.element_handle(), before], timeout=15_000)
    after = root.evaluate(inks_js)
    changed = {c for c in before if after.get(c) != before[c]}
    assert changed and all(re.search(r"[DC]$", c) for c in changed), (before, after)
    assert all(after[c] == before[c] for c in before if re.search(r"[HS]$", c))
    box.uncheck()
    page.wait_for_function(f"([e, b]) => JSON.stringify(({inks_js})(e)) === JSON.stringify(b)",
                           arg=[root.element_handle(), before], timeout=15_000)
