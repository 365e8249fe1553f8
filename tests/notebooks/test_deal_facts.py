"""The text matches the deal: every ``deal-facts`` Markdown cell is checked by the code after it.

A Markdown cell that states facts about the deal on screen (who bid what, who won which
trick, the score, which cards someone holds) carries the tag ``deal-facts``; the next code
cell asserts those facts, with its source collapsed (``metadata.jupyter.source_hidden``) and
no output. Heuristically, each seat, number and contract the Markdown names in **bold**, and
each card it writes (``J♦``, or a code in bold or backticks), appears in those assertions.
The sources' cell syntax is ``scripts/build_notebooks.py``'s (tested here too).
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
TAUGHT = [p for p in NOTEBOOKS if p.name[:2] in {"00", "01", "02", "03", "04", "05"}]

sys.path.insert(0, str(REPO / "scripts"))
from build_notebooks import parse_marker, parse_source  # noqa: E402

SUITS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}
SUIT_WORDS = {"spades": "S", "clubs": "C", "diamonds": "D", "hearts": "H", "no trumps": "NT"}
NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10}
SEAT_WORDS = {"north": "N", "east": "E", "south": "S", "west": "W"}
SEATS = {"N", "E", "S", "W", "NS", "EW", "P1", "P2", "P3", "P4"}
CARD = re.compile(r"(?<![\w])(10|[2-9AKQJRCF])([♠♣♦♥])")
CODE = re.compile(r"^(?:10|[2-9AKQJRCF])[SCDHB]$|^JK$")


def facts_named(markdown: str) -> set[str]:
    """The tokens the assertions must mention: seats, numbers and contracts in bold, and cards.

    >>> sorted(facts_named("**W** bid **seven diamonds** (worth **180**) with J♦ and `AS`"))
    ['180', '7D', 'AS', 'JD', 'W']
    """
    found = {rank + SUITS[suit] for rank, suit in CARD.findall(markdown)}
    found |= {t for t in re.findall(r"`([^`\s]+)`", markdown) if CODE.match(t)}
    for span in re.findall(r"\*\*(.+?)\*\*", markdown):
        text = span.strip()
        if text.lower().startswith("exercise"):
            continue  # "**Exercise 2.**" names the exercise, not a fact
        low = text.lower()
        contract = re.fullmatch(r"(six|seven|eight|nine|ten) (spades|clubs|diamonds|hearts|"
                                r"no trumps)", low)
        if contract:
            found.add(f"{NUMBER_WORDS[contract.group(1)]}{SUIT_WORDS[contract.group(2)]}")
            continue
        if low in ("misère", "misere"):
            found.add("misere")
            continue
        if low in SEAT_WORDS:
            found.add(SEAT_WORDS[low])
            continue
        for word in re.findall(r"[\w']+", text):
            if word in SEATS:
                found.add(word)
            elif word.isdigit():
                found.add(word)
            elif word.lower() in NUMBER_WORDS:
                found.add(str(NUMBER_WORDS[word.lower()]))
            elif CODE.match(word):
                found.add(word)
    return found


def _pairs(nb: Any) -> list[tuple[int, Any, Any]]:
    out = []
    cells = nb.cells
    for i, cell in enumerate(cells):
        if cell.cell_type == "markdown" and "deal-facts" in cell.metadata.get("tags", []):
            nxt = next((c for c in cells[i + 1:] if c.cell_type == "code"), None)
            out.append((i, cell, nxt))
    return out


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_deal_facts_cell_is_followed_by_a_hidden_check(notebook: Path) -> None:
    nb = nbformat.read(notebook, as_version=4)
    for i, md, check in _pairs(nb):
        where = f"{notebook.name} cell {i}"
        assert check is not None, f"{where}: no code cell after a deal-facts cell"
        assert nb.cells.index(check) == i + 1, f"{where}: the check must come right after"
        assert check.metadata.get("jupyter", {}).get("source_hidden") is True, where
        assert "facts-check" in check.metadata.get("tags", []), where
        assert check.get("outputs") == [], f"{where}: the check shows nothing"
        asserts = [n for n in ast.walk(ast.parse(check.source)) if isinstance(n, ast.Assert)]
        assert asserts, f"{where}: the check asserts nothing"
        missing = sorted(t for t in facts_named(md.source)
                         if not re.search(rf"(?<![\w]){re.escape(t)}(?![\w])", check.source))
        assert not missing, f"{where}: the check never mentions {missing}:\n{md.source}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_hidden_checks_follow_a_deal_facts_cell(notebook: Path) -> None:
    """A facts-check cell checks the Markdown just above it (none stands alone)."""
    nb = nbformat.read(notebook, as_version=4)
    for i, cell in enumerate(nb.cells):
        if "facts-check" in cell.metadata.get("tags", []):
            above = nb.cells[i - 1]
            assert above.cell_type == "markdown", f"{notebook.name} cell {i}"
            assert "deal-facts" in above.metadata.get("tags", []), f"{notebook.name} cell {i}"


@pytest.mark.parametrize("notebook", TAUGHT, ids=lambda p: p.stem)
def test_each_tutorial_states_its_deal_facts(notebook: Path) -> None:
    nb = nbformat.read(notebook, as_version=4)
    assert _pairs(nb), f"{notebook.name} has no deal-facts cell"


def test_start_here_shows_the_start_of_the_auction() -> None:
    """00_start_here once said "a deal that has just been bid" over a table whose auction had
    not begun; now the text says what the table shows, and a check asserts it."""
    nb = nbformat.read(REPO / "notebooks" / "00_start_here.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "just been bid" not in text
    pairs = _pairs(nb)
    table = next(k for k, c in enumerate(nb.cells) if "Table(state" in c.source)
    i, md, check = next(p for p in pairs if p[0] < table and "auction" in p[1].source)
    assert "start of its" in md.source and 'state.history == ()' in check.source


def test_the_facts_heuristic_catches_a_missing_fact() -> None:
    assert facts_named("**P2** scores **80**; N holds the Q♦") == {"P2", "80", "QD"}
    assert facts_named("**Exercise 3.** **you** choose") == set()
    assert facts_named("**all ten** tricks, **North** leads, **misère**") == {"10", "N", "misere"}


def test_cell_syntax_of_the_build_script() -> None:
    """``# %% [markdown] tags=[…]`` tags a Markdown cell; ``hidden`` collapses a code cell."""
    cells = parse_source('# %% [markdown] tags=["deal-facts"]\n# **N** bids\n'
                         '# %% hidden tags=["facts-check"]\nassert True\n'
                         '# %%\n# tags: raises-exception\n1 / 0\n'
                         '# %% jupyter={"source_hidden":true}\nx = 1\n')
    assert [c.cell_type for c in cells] == ["markdown", "code", "code", "code"]
    assert cells[0].metadata["tags"] == ["deal-facts"] and cells[0].source == "**N** bids"
    assert cells[1].metadata["jupyter"] == {"source_hidden": True}
    assert cells[1].metadata["tags"] == ["facts-check"] and cells[1].source == "assert True"
    assert cells[2].metadata["tags"] == ["raises-exception"] and cells[2].source == "1 / 0"
    assert cells[3].metadata["jupyter"]["source_hidden"] is True
    assert parse_marker("# %%") == ("code", {})
    with pytest.raises(ValueError, match="cell options"):
        parse_marker("# %% [markdown] colour=red")


@pytest.mark.parametrize("source", [REPO / "notebooks" / "src" / f"{p.stem}.py" for p in TAUGHT],
                         ids=lambda p: p.stem)
def test_sources_and_built_notebooks_agree_on_tags(source: Path) -> None:
    """The built notebook has the tags and collapsed cells its source asks for (rebuilt)."""
    built = REPO / "notebooks" / f"{source.stem}.ipynb"
    if not built.exists():
        pytest.skip(f"{built.name} is not built")
    want = [(c.cell_type, c.source, dict(c.metadata)) for c in
            parse_source(source.read_text(encoding="utf-8"))]
    nb = nbformat.read(built, as_version=4)
    have = [(c.cell_type, c.source, {k: v for k, v in c.metadata.items()
                                     if k in ("tags", "jupyter")}) for c in nb.cells]
    assert have == want, f"{built.name} is out of date: run scripts/build_notebooks.py"
