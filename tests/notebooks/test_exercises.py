"""The tutorials' exercises never give an answer away, and their answers are the engine's.

Issue "the tutorials never give an answer away": an exercise cell names only an exercise id
(:func:`cardlab.teaching.exercise`); the answer and the reasons come from the engine. Here:

* an AST check over every notebook source: no answer argument, no candidate-keyed reasons;
* every exercise's answer, as a whole token, is absent from its cell (source and outputs),
  from the cell that checks it, and from the Markdown cell just above it;
* every exercise's ``.answer`` agrees with an independent computation from the rules
  (the card order, the cards held, the cards won), and with the rule books' own answers;
* wrong answers get a reason; two wrong tries bring the "Show me" button;
* unit tests of :mod:`cardlab.teaching` (checking, the saved form, ``deal_report``).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

import cardlab
from cardlab.exercises import build, names
from cardlab.teaching import (
    NOT_FINISHED,
    Exercise,
    Feedback,
    deal_report,
    exercise,
    legal_cards_exercise,
    score_exercise,
    trick_winner_exercise,
)

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
SOURCES = sorted((NOTEBOOKS / "src").glob("*.py"))
BUILT = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))

sys.path.insert(0, str(REPO / "scripts"))
from build_notebooks import parse_source  # noqa: E402

#: keyword arguments that would put an answer (or answers by elimination) into a cell
ANSWER_KEYWORDS = {"answer", "reasons", "why", "traps", "because", "correct", "solution"}
#: the functions that make an exercise
MAKERS = {"exercise", "choice_exercise", "legal_cards_exercise", "trick_winner_exercise",
          "score_exercise", "Exercise"}


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _code_cells(path: Path) -> Iterator[tuple[int, str]]:
    for i, cell in enumerate(parse_source(path.read_text(encoding="utf-8"))):
        if cell.cell_type == "code":
            yield i, cell.source


# -- 1. the sources -------------------------------------------------------------------------

@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_exercise_cells_pass_only_an_id(source: Path) -> None:
    """Every call that makes an exercise is ``exercise("<known id>")``: no answer, no reasons
    keyed by the candidates, no dict of candidates anywhere in the cell."""
    for i, code in _code_cells(source):
        tree = ast.parse(code)
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n.func) in MAKERS]
        for call in calls:
            where = f"{source.name} cell {i}"
            assert _name(call.func) == "exercise", f"{where}: make exercises by id only"
            assert not call.keywords, f"{where}: exercise() takes only its id"
            assert len(call.args) == 1 and isinstance(call.args[0], ast.Constant), where
            ident = call.args[0].value
            assert ident in names(), f"{where}: unknown exercise {ident!r}"
            bad = [k.arg for k in call.keywords if k.arg in ANSWER_KEYWORDS]
            assert not bad, f"{where}: {bad}"
        if calls:
            dicts = [n for n in ast.walk(tree) if isinstance(n, ast.Dict)]
            assert not dicts, f"{source.name} cell {i}: no candidate-keyed dict beside an exercise"


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.stem)
def test_checks_in_notebooks_start_unanswered(source: Path) -> None:
    """``exN.check(x)`` in a notebook checks ``None`` (or a name bound to ``None``): the
    notebook ships unanswered, so running it shows hints only."""
    for i, code in _code_cells(source):
        tree = ast.parse(code)
        nones = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign)
                 and isinstance(n.value, ast.Constant) and n.value.value is None
                 for t in n.targets if isinstance(t, ast.Name)}
        for n in ast.walk(tree):
            if isinstance(n, ast.Call) and _name(n.func) == "check" and n.args:
                arg = n.args[0]
                ok = (isinstance(arg, ast.Constant) and arg.value is None) or (
                    isinstance(arg, ast.Name) and arg.id in nones)
                assert ok, f"{source.name} cell {i}: check() is given an answer"


def test_every_game_notebook_has_three_exercises() -> None:
    found = {}
    for source in SOURCES:
        ids = [n.args[0].value for _, code in _code_cells(source)
               for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Call)
               and _name(n.func) == "exercise" and n.args
               and isinstance(n.args[0], ast.Constant)]
        found[source.stem] = sorted(set(ids))
    for stem, game in (("01_five_hundred", "five_hundred"), ("02_officer_skat", "officer_skat"),
                       ("03_pandoeren", "pandoeren"), ("04_panfin", "panfin")):
        assert found[stem] == sorted(i for i in names() if i.startswith(game + "/")), stem
        assert len(found[stem]) == 3, stem


# -- 2. the built notebooks: the answer is nowhere near its exercise -------------------------

def _text(cell: Any) -> str:
    """A cell's source and every text its outputs hold."""
    parts = [cell.source]
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        for value in (out.get("data") or {}).values():
            if isinstance(value, str):
                parts.append(value)
            elif isinstance(value, list):
                parts.append("".join(str(v) for v in value))
    return "\n".join(parts)


def _exercise_sites(nb: Any) -> Iterator[tuple[str, str, list[Any], Any]]:
    """(id, variable, the visible cells that show or check it, the Markdown cell above)."""
    cells = nb.cells
    for i, cell in enumerate(cells):
        if cell.cell_type != "code" or cell.metadata.get("jupyter", {}).get("source_hidden"):
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                    and _name(node.value.func) == "exercise"):
                var = node.targets[0].id  # type: ignore[attr-defined]
                ident = node.value.args[0].value  # type: ignore[attr-defined]
                used = [c for c in cells if c.cell_type == "code"
                        and re.search(rf"\b{var}\.check\(", c.source)]
                above = next(c for c in reversed(cells[:i]) if c.cell_type == "markdown")
                yield ident, var, [cell, *used], above


def _card(game: Any, token: str) -> str | None:
    """The code of a card token (``JD``, ``J♦``, ``FB``), or None for a word of prose."""
    if token != token.upper() and not re.search("[♠♣♦♥]", token):
        return None  # "as" in a sentence is not the ace of spades
    try:
        return str(game.parse_card(token).code)
    except ValueError:
        return None


def _card_runs(game: Any, text: str) -> list[set[str]]:
    """Every run of card tokens in ``text`` (cards next to each other, as a list writes them),
    as sets of codes."""
    runs: list[set[str]] = []
    run: set[str] = set()
    for token in re.split(r"[\s,;()\[\]\"'`:.]+|\band\b", text):
        if not token:
            continue
        code = _card(game, token)
        if code is None:
            if run:
                runs.append(run)
            run = set()
        else:
            run.add(code)
    if run:
        runs.append(run)
    return runs


def _gives_away(ex: Exercise, text: str) -> bool:
    answer = ex.answer
    if isinstance(answer, frozenset):
        assert ex.state is not None
        return any(run == set(answer) for run in _card_runs(ex.state.game, text))
    return re.search(rf"(?<![\w]){re.escape(answer)}(?![\w])", text) is not None


@pytest.mark.parametrize("notebook", BUILT, ids=lambda p: p.stem)
def test_no_answer_in_exercise_cells_or_the_markdown_above(notebook: Path) -> None:
    nb = nbformat.read(notebook, as_version=4)
    for ident, var, cells, above in _exercise_sites(nb):
        ex = exercise(ident)
        for cell in cells:
            assert not _gives_away(ex, _text(cell)), (notebook.name, ident, cell.source)
        assert not _gives_away(ex, above.source), (notebook.name, ident, above.source)
        shown = [c for c in cells if re.search(rf"^{var}$", c.source, re.M)]
        assert shown, f"{notebook.name}: {var} is never displayed"
        for out in shown[0].outputs:
            data = out.get("data", {})
            assert data["text/plain"].startswith("Exercise "), data["text/plain"][:40]
            assert "text/html" in data and "application/vnd.jupyter.widget-view+json" in data


def test_the_token_check_would_see_an_answer() -> None:
    """The checks above are not blind: they find each answer written the obvious way."""
    for ident in names():
        ex = build(ident)
        answer = ex.answer
        if isinstance(answer, frozenset):
            assert ex.state is not None
            written = ", ".join(cardlab.Card.parse(c).unicode() if ex.state.game.deck.system
                                == "french" else c for c in sorted(answer))
        else:
            written = f"The answer is {answer}."
        assert _gives_away(ex, written), ident
        assert not _gives_away(ex, ex.summary), ident
        assert not _gives_away(ex, repr(ex)), ident
        assert not _gives_away(ex, ex._static_html()), ident


# -- 3. the answers are the engine's (checked without the exercise's own code path) ---------

def _replayed(ex: Exercise) -> Any:
    """The exercise's deal dealt again from its setup, with its actions applied one by one."""
    assert ex.state is not None
    state = ex.state.game.deal(**ex.state.setup)
    for action in ex.state.history:
        state = state.apply(str(action))
    return state


def _winner_by_card_order(state: Any, trick: Any) -> int:
    """The trick's winner from ``game.card_order`` alone: the highest trump, else the highest
    card of the suit led (the suit whose list holds the led card)."""
    game = state.game
    view = state.view(None, shown=True)
    key = next(k for k in (view.get("contract"), view.get("trump"))
               if k is not None and str(k) in game.contracts())
    order = game.card_order(str(key))
    trumps = order["trumps"]
    plays = [(p.seat, p.card.code) for p in trick.plays]
    in_trumps = [(trumps.index(c), s) for s, c in plays if c in trumps]
    if in_trumps:
        return min(in_trumps)[1]
    led = plays[0][1]
    suit = next(cards for cards in order["suits"].values() if led in cards)
    return min((suit.index(c), s) for s, c in plays if c in suit)[1]


#: the answers as the rule books give them (5H-3.4, 5H-7.2, 5H-8.2; OS-4, OS-5.5, OS-7.2;
#: A2.8, A2.10; B2.9, B2.10.3)
BY_THE_RULES = {
    "five_hundred/joker-lead": frozenset({"KD", "JH"}),
    "five_hundred/spade-trick": "E",
    "five_hundred/slam-score": "250",
    "officer_skat/jack-lead": frozenset({"JS", "10H"}),
    "officer_skat/hearts-trick": "P1",
    "officer_skat/four-jacks-score": "100",
    "pandoeren/diamond-lead": frozenset({"QC", "10C", "7C", "AD", "QD", "10D"}),
    "pandoeren/clubs-trick": "E",
    "pandoeren/roem-stuk": "60",
    "panfin/trump-lead": frozenset({"AS", "FB"}),
    "panfin/coppe-trick": "P1",
    "panfin/naturali-chips": "2",
}


def test_the_rule_books_answer_every_exercise() -> None:
    assert set(BY_THE_RULES) == set(names())


@pytest.mark.parametrize("ident", names())
def test_answer_matches_the_engine(ident: str) -> None:
    ex = build(ident)
    assert ex.answer == BY_THE_RULES[ident]
    state = _replayed(ex)
    game = state.game
    if ex.kind == "many":  # the cards the mover may play, asked card by card
        assert ex.state is not None
        mover = state.to_move
        hand = [c for h in state.view(mover)["hands"] if h["seat"] == mover for c in h["cards"]]
        legal = {c for c in hand if state.is_legal(f"play {c}", seat=mover)}
        assert ex.answer == frozenset(legal)
        assert {c.value for c in ex.choices} == set(hand)
    elif ident.endswith("-trick"):  # who takes the trick just completed
        trick = state.tricks[-1]
        assert ex.answer == game.seat_name(trick.winner)
        assert ex.answer == game.seat_name(_winner_by_card_order(state, trick))
        assert [c.value for c in ex.choices] == [game.seat_name(p.seat) for p in trick.plays]
    else:
        assert state.is_over
        assert ex.answer == str(_score_by_hand(ident, state))


def _score_by_hand(ident: str, state: Any) -> int:
    """The number each score exercise asks for, counted from the cards as a player would."""
    result = state.result
    game = state.game
    if ident == "five_hundred/slam-score":  # 5H-8.2: a slam scores max(bid value, 250)
        value = next(r["value"] for r in game.bid_ladder() if r["call"] == result.contract)
        assert result.figures["tricks"]["NS"] == 10
        return max(value, game.options.slam_minimum)
    if ident == "officer_skat/four-jacks-score":  # OS-7: (matadors + 1) × base, × 2 Schneider
        piles = state.setup["piles"][result.declarer].replace("/", " ").split()
        jacks = [j for j in ("JC", "JS", "JH", "JD") if j in piles]
        assert jacks == ["JC", "JS", "JH", "JD"]  # "with 4"
        points = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
        other = 1 - result.declarer
        won = sum(points.get(p.card.rank, 0) for t in state.tricks if t.winner == other
                  for p in t.plays)
        factor = 2 if 0 < won < 30 else (4 if won == 0 else 1)
        return (len(jacks) + 1) * 10 * factor
    if ident == "pandoeren/roem-stuk":  # A2.10: runs of 3 = 20, 4 = 50; stuk (trump K+Q) 20
        start = next(s for s in state.states() if s.phase == "play")
        hand = {c.code for c in start.hands[result.declarer]}
        ladder = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"]
        value = {3: 20, 4: 50, 5: 100, 6: 120, 7: 140, 8: 160}
        total = 0
        for suit in "SCDH":
            run = 0
            for rank in [*ladder, None]:
                if rank is not None and f"{rank}{suit}" in hand:
                    run += 1
                    continue
                total += value.get(run, 0)
                run = 0
        trump = state.view(None, shown=True)["trump"]
        return total + (20 if {f"K{trump}", f"Q{trump}"} <= hand else 0)
    if ident == "panfin/naturali-chips":  # B2.9: each other player pays 2, beside the ante
        before = result.figures["stacks_before"]["P2"]
        after = result.figures["stacks_after"]["P2"]
        ante = 1
        return before - after - ante
    raise AssertionError(ident)


# -- 4. wrong answers get reasons; two wrong tries bring "Show me" -------------------------

@pytest.mark.parametrize("ident", names())
def test_wrong_answers_get_a_reason(ident: str) -> None:
    ex = build(ident)
    if ex.kind == "one":
        for choice in ex.choices:
            if choice.value == ex.answer:
                continue
            said = ex.check(choice.value)
            bare = f"Not quite: {choice.label} is not it. Hint: {ex.hint}"
            assert not said.correct and said != bare and len(said) > len(bare) + 20, said
    elif ex.kind == "many":
        assert ex.state is not None
        for choice in ex.choices:
            if choice.value in ex.answer:
                continue
            said = ex.check([choice.value])
            verdict = ex.state.explain(f"play {choice.value}")
            refusal = str(verdict).rstrip(".").split("; ")[0]
            # the engine's refusal, or (where it names a right card) the rule the card breaks
            assert not said.correct and (refusal in said or f"({verdict.rule})" in said), said
            assert not _names_a_right_card(ex, said), (said, sorted(ex.answer))
    else:
        said = ex.check("-1")
        assert not said.correct and ex.hint in said
    assert ex.check(None) == f"No answer yet. Hint: {ex.hint}"


def _names_a_right_card(ex: Exercise, text: str) -> list[str]:
    """The right cards of a "many" exercise that ``text`` names (by name or by symbol)."""
    assert ex.state is not None and isinstance(ex.answer, frozenset)
    deck = ex.state.game.deck
    named = []
    for code in ex.answer:
        card = deck.parse(code)
        name = str(deck.name(card)).split(" (")[0]
        symbol = next(c.label for c in ex.choices if c.value == code)
        if name.casefold() in text.casefold() or re.search(
                rf"(?<![\w♠♣♦♥]){re.escape(symbol)}(?![\w♠♣♦♥])", text):
            named.append(code)
    return named


@pytest.mark.parametrize("ident", [i for i in names() if build(i).kind == "many"])
def test_wrong_tries_give_a_reason_but_not_the_answer(ident: str) -> None:
    """Issue #28 item 12: the first wrong try gets a reason (the rule the card breaks) and
    neither it nor the second names a right card; the answer comes with "Show me"."""
    ex = build(ident)
    wrong = [c.value for c in ex.choices if c.value not in ex.answer]
    first = ex.check(wrong[:2])
    assert first.startswith("Not quite.") and ("must" in first or "(" in first), first
    assert not _names_a_right_card(ex, first), first
    second = ex.check(wrong[:1])
    assert ex.can_show and not _names_a_right_card(ex, second), second
    assert sorted(_names_a_right_card(ex, ex.reveal())) == sorted(ex.answer)


@pytest.mark.parametrize("ident", names())
def test_nothing_shows_before_an_answer(ident: str) -> None:
    """Issue #28 item 12: a notebook run from the top checks ``None`` under each exercise;
    the form then shows no verdict (no red "No answer yet") until the learner answers."""
    ex = build(ident)
    box = ex.widget()
    feedback = box.children[-1]
    said = ex.check(None)
    assert said.startswith("No answer yet") and not said.correct
    assert feedback.value == ""
    ex.check(_wrong(ex))
    assert "Not quite" in feedback.value


def test_a_refusal_shows_as_one_line_in_a_notebook() -> None:
    """Issue #28 item 12: a cell meant to fail (an illegal move) shows the refusal's one line
    when run live, not a traceback through the engine (IPython's ``_render_traceback_``)."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import cardlab\ncardlab.load('five_hundred').deal(seed=1).apply('play 2Z')")])
    NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True).execute()
    [error] = [o for o in nb.cells[0].outputs if o.output_type == "error"]
    assert error.ename == "CardError" or error.ename == "IllegalAction", error.ename
    assert error.traceback == [f"{error.ename}: {error.evalue}"], error.traceback


def _buttons(box: Any) -> dict[str, Any]:
    import ipywidgets as w

    found: dict[str, Any] = {}
    stack = [box]
    while stack:
        item = stack.pop()
        if isinstance(item, w.Button):
            found[item.description] = item
        stack.extend(getattr(item, "children", ()))
    return found


def _wrong(ex: Exercise) -> str | list[str]:
    if ex.kind == "many":
        return [c.value for c in ex.choices]  # every card: some are not allowed
    if ex.kind == "one":
        return next(c.value for c in ex.choices if c.value != ex.answer)
    return "-1"


@pytest.mark.parametrize("ident", names())
def test_two_wrong_tries_bring_show_me(ident: str) -> None:
    ex = build(ident)
    box = ex.widget()
    show = _buttons(box)["Show me"]
    assert show.layout.display == "none"
    assert "opens after 2 wrong tries" in ex.reveal()
    ex.check(_wrong(ex))
    assert show.layout.display == "none" and ex.tries == 1
    said = ex.check(_wrong(ex))
    assert "Show me" in said and ex.can_show
    assert show.layout.display != "none"
    show.click()
    feedback = box.children[-1]
    assert "The answer:" in feedback.value
    words = ex.reveal()
    answer = ex.answer
    labels = {c.value: c.label for c in ex.choices}
    for value in (answer if isinstance(answer, frozenset) else [answer]):
        assert labels.get(value, value) in words


@pytest.mark.parametrize("ident", ["five_hundred/spade-trick", "officer_skat/jack-lead",
                                   "panfin/naturali-chips"])
def test_the_form_checks_what_is_clicked(ident: str) -> None:
    ex = build(ident)
    box = ex.widget()
    buttons = _buttons(box)
    pick = box.children[1]
    if ex.kind == "one":
        pick.value = ex.answer
    elif ex.kind == "many":
        for b, c in zip(pick.children, ex.choices):
            b.value = c.value in ex.answer
    else:
        pick.value = f" {ex.answer} chips"
    buttons["Check"].click()
    assert "Correct" in box.children[-1].value and ex.tries == 0


# -- 5. teaching.py ---------------------------------------------------------------------------

def test_unknown_exercise_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="five_hundred/joker-lead"):
        exercise("five_hundred/joker-led")


def test_feedback_and_normalising() -> None:
    ex = build("five_hundred/spade-trick")
    assert isinstance(ex.check(None), Feedback) and repr(ex.check(None)).startswith("No answer")
    assert ex.check("e").correct and ex.check(" E ").correct
    assert ex.check("J♣").correct and ex.check("JC").correct  # the winning card names its seat
    assert ex.check(["E"]).correct and not ex.check(["E", "N"]).correct
    assert "One answer, please" in ex.check(["E", "N"]) and ex.tries == 0  # not a try
    assert "not one of the choices" in ex.check("X") and ex.tries == 1
    cards = build("officer_skat/jack-lead")
    assert cards.check("JS 10H").correct and cards.check(["10♥", "J♠"]).correct
    partial = cards.check("JS")
    assert not partial.correct and "1 more card is right too" in partial
    number = build("five_hundred/slam-score")
    assert number.check(250).correct and number.check("250 points").correct
    assert "bid's value" in number.check(200)
    assert "whole number" in number.check("lots")


def test_repr_and_saved_form_hold_the_question_not_the_answer() -> None:
    for ident in names():
        ex = build(ident)
        data, _meta = ex._repr_mimebundle_()
        plain, html = data["text/plain"], data["text/html"]
        assert plain == repr(ex) and not plain.lstrip().startswith("<")
        assert ident in plain and ident in html and "Run this notebook" in html
        assert "<script" not in html and "<svg" not in html


def test_builders_work_on_the_deal_on_screen() -> None:
    game = cardlab.load("five_hundred")
    state = game.deal(seed=315, dealer=3)
    for action in ("pass", "pass", "bid 6S", "bid 6D", "bid 7S", "bid 7D", "pass",
                   "discard 5S 9H 6H", "play JK"):
        state = state.apply(action)
    ex = legal_cards_exercise(state, hint="trumps")
    assert ex.answer == {"KD", "JH"} and ex.kind == "many"
    for action in ("play KD", "play 4D", "play 9D"):
        state = state.apply(action)
    trick = trick_winner_exercise(state)
    assert trick.answer == "W" and "W" not in trick.summary.split()
    with pytest.raises(ValueError, match="not finished"):
        score_exercise(state, 0, question="?")
    with pytest.raises(ValueError, match="kind"):
        Exercise("?", "x", kind="lots")  # type: ignore[arg-type]


def _play_to_the_end(table: Any) -> None:
    """Drive the learner's seat with the first legal action until the deal is over."""
    for _ in range(400):
        if table.state.is_over:
            return
        table.act(str(table.state.legal_actions()[0]))
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("name,dealer", [("five_hundred", 3), ("officer_skat", 1),
                                         ("pandoeren", 3), ("panfin", 3)])
def test_deal_report_after_a_whole_deal(name: str, dealer: int) -> None:
    """The tutorials' last tables (seed 2024, the learner in seat 0) played to the end."""
    from cardlab.widgets import Table

    game = cardlab.load(name)
    table = Table(game.deal(seed=2024, dealer=dealer), seat=0, bot_delay=0)
    report = deal_report(table)
    assert report == NOT_FINISHED and not report.finished
    assert not report.startswith("<") and repr(report) == NOT_FINISHED
    _play_to_the_end(table)
    report = deal_report(table)
    final = table.state
    assert report.finished and final.result is not None
    for line in final.result.breakdown:
        assert line in report
    assert f"Your points this deal ({game.seat_name(0)}): {final.result.seat_points[0]:+d}." \
        in report
    table.go(0)  # stepping back does not "unfinish" the deal
    assert deal_report(table) == report


def test_deal_report_of_a_finished_state_and_a_reviewed_table() -> None:
    from cardlab.bots import bot_for, play_out
    from cardlab.widgets import Table

    game = cardlab.load("five_hundred")
    done = play_out(game.deal(seed=315, dealer=3),
                    [bot_for("five_hundred", "heuristic", seed=s) for s in range(4)])
    plain = deal_report(done)
    assert plain.finished and "Your points" not in plain
    review = deal_report(Table(done, seat=2))
    assert review.finished and "Your points this deal (S): +0." in review
    assert "Your side NS: +0." in review


def test_docstring_examples_run() -> None:
    """The >>> examples of cardlab.teaching and cardlab.exercises run as written."""
    import doctest

    import cardlab.exercises
    import cardlab.teaching

    for module in (cardlab.teaching, cardlab.exercises):
        failed, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert failed == 0 and tried > 0, module.__name__
