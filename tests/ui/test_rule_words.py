"""Words, not rule IDs, in a real JupyterLab (issue 31): a Pandoeren contract button shows
its meaning when pointed at; a refused card shows its sentence and "The rule: …" expander,
which opens on the rule's text; and no rulebook ID stands anywhere in the table's text."""

from __future__ import annotations

import re
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

from cardlab.rules import lookup

pytestmark = pytest.mark.ui

AUCTION = """import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table
auction = cardlab.load("pandoeren").deal(seed=4, dealer=3)
Table(auction, seat=auction.to_move, bot_delay=0)"""
#: a Five Hundred trick where the learner must follow suit and holds other cards
PLAY = """game = cardlab.load("five_hundred")
bot = bot_for("five_hundred", "heuristic", seed=1)
s = game.deal(seed=1, dealer=0)
while not (s.phase == "play" and s.trick and s.trick.plays
           and len(s.legal_actions()) < len(s.hands[s.to_move])):
    s = s.apply(bot.choose(s))
Table(s, seat=s.to_move, bot_delay=0)"""

_ID = re.compile(r"(?<![\\w-])(?:[0-9A-Z]{1,4}-[A-Z]{0,2}\\d+(?:\\.\\d+)*[a-z]?|[A-Z]{1,2}\\d+\\.\\d+[a-z]?)(?![\\w-])")


def _rule_ids(text: str) -> list[str]:
    out = []
    for m in _ID.findall(text):
        try:
            lookup(m)
        except ValueError:
            continue
        out.append(m)
    return out


def test_meanings_rules_and_no_bare_ids(lab_server: Any, page: Any) -> None:
    name = write_notebook(lab_server.root, "rule_words.ipynb", [AUCTION, PLAY])
    page.set_viewport_size({"width": 1400, "height": 1200})
    open_and_run_all(lab_server, page, name)
    wait_all_cells_ran(page, 2)
    ARTIFACTS.mkdir(exist_ok=True)
    roots = page.locator(".cardlab-root[data-step]")
    roots.nth(1).wait_for()
    auction = roots.nth(0)
    auction.scroll_into_view_if_needed()
    call = auction.locator(".cardlab-action[data-meaning]").first
    call.focus()  # focus shows the meaning as pointing at it does
    line = auction.locator("[data-meaning-line]").inner_text()
    assert len(line) > 20 and line == (call.get_attribute("title") or ""), line
    auction.screenshot(path=str(ARTIFACTS / "rule-words-meaning.png"))
    assert not _rule_ids(auction.inner_text())

    play = roots.nth(1)
    play.scroll_into_view_if_needed()
    refused = play.locator('.cardlab-seat[data-mover="true"] .cardlab-card[data-legal="false"]').first
    refused.click(force=True)
    rule = play.locator("details.cardlab-rule")
    rule.wait_for(timeout=15_000)
    assert rule.locator("summary").inner_text().startswith("The rule: ")
    assert len(rule.locator("p").text_content() or "") > 40
    rule.locator("summary").evaluate("(e) => e.click()")  # opens on the rule's text
    page.wait_for_function("(e) => e.open", arg=rule.element_handle(), timeout=5_000)
    assert play.locator(".cardlab-message").inner_text()
    play.screenshot(path=str(ARTIFACTS / "rule-words-refusal.png"))
    assert not _rule_ids(play.inner_text()), _rule_ids(play.inner_text())
    page.close()
    shutdown_sessions(lab_server)
    assert not serious_errors(page.errors), page.errors
