"""Cards' names for a screen reader, from the Table's view (issue #33): at the learner's turn
to play, every card of the learner's hand says in words what it is and whether it may be
played ("…, legal" or "…, not legal: <the reason>"); the joker is named with its role."""

from __future__ import annotations

from typing import Any

import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

#: every registered game, at its default table
FORMS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in cardlab.game_names()]


def _turns_to_play(name: str, options: dict[str, Any]) -> list[Table]:
    """The learner's table (seat 0, playing) at its first turns to play a card, in the first
    seeded deal that has any."""
    game = cardlab.load(name, **options)
    for seed in range(1, 20):
        state = game.deal(seed=seed)
        bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
        tables = []
        while not state.is_over and len(tables) < 3:
            if state.to_move == 0 and state.phase == "play":
                tables.append(Table(state, seat=0, bot_delay=0))
            state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
        if tables:
            return tables
    return []


@pytest.mark.parametrize(("name", "options"), FORMS, ids=[f[0] for f in FORMS])
def test_every_card_of_the_mover_says_if_it_is_legal(name: str, options: dict[str, Any]) -> None:
    tables = _turns_to_play(name, options)
    checked = 0
    for t in tables:
        if t.state.is_over or t.state.to_move != 0:
            continue
        mine = [c for h in t.view["hands"] if h["seat"] == 0 for c in h.get("cards") or []]
        for code in mine:
            d = t.view["card_info"][code]
            label = d["label"]
            assert label.startswith(d["name"]), label
            assert d["legal"] in (True, False), (code, d)
            if d["legal"]:
                assert label.endswith(", legal"), label
            else:
                assert ", not legal: " in label and d["reason"] in label, label
            checked += 1
    assert checked, f"{name}: no turn of seat 0 to play was found"


def test_the_joker_is_named_with_its_role_and_legality() -> None:
    game = cardlab.load("five_hundred")
    for seed in range(40):
        state = game.deal(seed=seed)
        bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(game.players)]
        while not state.is_over:
            if state.phase == "play" and state.to_move == 0 and any(
                    c.code == "JK" for c in state.hands[0]):
                d = Table(state, seat=0, bot_delay=0).view["card_info"]["JK"]
                assert d["label"].startswith("joker, "), d["label"]
                assert d["roles"], d
                assert d["legal"] in (True, False)
                assert d["label"].endswith(", legal") or ", not legal: " in d["label"]
                return
            state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
    pytest.fail("no deal of 40 put the joker in seat 0's hand at its turn to play")


# -- the exercises: the verdict in a polite live line, "Show me" readable -------------------

def _wrong(ex: Any) -> Any:
    if ex.kind == "many":
        return [c.value for c in ex.choices]  # every card: some are not allowed
    if ex.kind == "one":
        return next(c.value for c in ex.choices if c.value != ex.answer)
    return "-1"


def _right(ex: Any) -> Any:
    return sorted(ex.answer) if ex.kind == "many" else ex.answer


@pytest.mark.parametrize("ident", ["five_hundred/joker-lead", "five_hundred/spade-trick",
                                   "five_hundred/slam-score"])
def test_the_verdict_is_said_once_per_check_in_a_live_line(ident: str) -> None:
    from cardlab.exercises import build
    from cardlab.widgets.status import StatusLine

    ex = build(ident)
    box = ex.widget()
    line = box.children[-1]
    assert isinstance(line, StatusLine) and "cardlab-form" in box._dom_classes
    assert line.view["count"] == 0 and line.value == ""
    ex.check(None)  # no answer yet: a hint to the caller, nothing said in the form
    assert line.view["count"] == 0
    said = ex.check(_wrong(ex))
    assert line.view == {"text": str(said), "tone": "wrong", "count": 1}
    again = ex.check(_wrong(ex))  # the same wrong try again is said again, once
    assert line.view == {"text": str(again), "tone": "wrong", "count": 2}
    shown = ex.reveal()
    assert line.view == {"text": str(shown), "tone": "answer", "count": 3}
    right = ex.check(_right(ex))
    assert right.correct and line.view == {"text": str(right), "tone": "right", "count": 4}


def test_the_live_line_is_a_polite_status_drawn_once() -> None:
    from cardlab.widgets._base import STATIC

    js = (STATIC / "status.js").read_text(encoding="utf-8")
    # one region made in render and kept: only its words change
    assert js.count('createElement("div")') == 1
    assert 'setAttribute("role", "status")' in js and 'setAttribute("aria-live", "polite")' in js
    assert "innerHTML" not in js and "http" not in js.lower()
    assert "stopPropagation" in js  # plain keys stay in the form (JupyterLab's shortcuts)


def _contrast(a: str, b: str) -> float:
    def lum(colour: str) -> float:
        rgb = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_show_me_reads_at_4_5_to_1_on_its_own_colours() -> None:
    from cardlab.exercises import build

    ex = build("five_hundred/spade-trick")
    ex.widget()
    show = ex._form.show_button  # type: ignore[union-attr]
    assert show.button_style == "", "ipywidgets' warning style reads at 2.1-2.7:1"
    assert _contrast(show.style.button_color, show.style.text_color) >= 4.5
    # the button itself stands out from a white page and from JupyterLab's dark one
    for page in ("#ffffff", "#111111"):
        assert _contrast(show.style.button_color, page) >= 3.0, page
