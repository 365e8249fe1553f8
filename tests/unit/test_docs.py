"""The documentation's promises that a build cannot check: the guide to adding a game names
the files a game has today, the README sections the site includes are marked, and the link
checker run after every build (``scripts/check_links.py``) does catch a broken link.
The site itself is built with warnings as errors by ``scripts/build_docs.sh`` (scripts/test.sh).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardlab
from cardlab.engine import registry

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
GUIDE = DOCS / "adding_a_game.md"


def guide_section(number: str) -> str:
    """The text of the guide's section ``## <number>. …`` up to the next section."""
    text = GUIDE.read_text(encoding="utf-8")
    match = re.search(rf"^## {re.escape(number)}\. .*?(?=^## |\Z)", text, re.S | re.M)
    assert match, f"no section {number} in {GUIDE.name}"
    return match.group(0)


def table_rows(section: str) -> list[list[str]]:
    """The cells of every row of the Markdown tables in ``section`` (header rows skipped)."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in section.splitlines() if line.startswith("|")]
    return [r for r in rows[2:] if not set("".join(r)) <= set("-: ")] if rows else []


def test_the_guides_modules_are_the_example_packages_and_every_game_has_them():
    listed = {re.sub(r"`", "", row[0]) for row in table_rows(guide_section("1"))}
    example = {p.name for p in (REPO / "cardlab/games/example").glob("*.py")}
    assert listed == example
    for name in registry.names():
        package = Path(registry.game_class(name).__module__.replace(".", "/"))
        have = {p.name for p in (REPO / package).parent.glob("*.py")}
        assert listed <= have, f"{name} lacks {sorted(listed - have)}"


def test_the_guides_file_list_matches_the_games():
    """§12: each required file exists for every registered game; each optional one for at
    least one (so the path it names is where games put that part today)."""
    rows = table_rows(guide_section("12"))
    assert len(rows) >= 6
    games = registry.names()
    for cell, need in rows:
        paths = [p.split(" ")[0] for p in re.findall(r"`([^`]*<name>[^`]*)`", cell)
                 if p.startswith(("cardlab/", "docs/", "tests/", "call_meanings"))]
        if not paths:
            continue  # the registry line: checked by test_adding_a_game.py
        path = paths[0]
        if path.startswith("call_meanings"):
            found = {g for g in games if "def call_meanings" in
                     (REPO / f"cardlab/games/{g}/rules.py").read_text(encoding="utf-8")}
        else:
            found = {g for g in games if (REPO / path.replace("<name>", g)).exists()}
        if need.startswith("required"):
            assert found == set(games), f"{path}: missing for {sorted(set(games) - found)}"
        else:
            assert found, f"{path}: no game has it"


def test_every_registered_game_has_a_rulebook_page_on_the_site():
    for name in registry.names():
        assert (DOCS / "rules" / f"{name}.md").is_file()
    assert "rules/*" in (DOCS / "rulebook.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("part", ["getting-started", "teacher", "simulation"])
def test_the_readme_sections_the_site_includes_are_marked_once(part: str):
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start, end = f"<!-- docs:{part} -->", f"<!-- /docs:{part} -->"
    assert readme.count(start) == 1 and readme.count(end) == 1
    assert readme.index(start) < readme.index(end)
    including = [p.name for p in DOCS.glob("*.md") if start in p.read_text(encoding="utf-8")]
    assert len(including) == 1, including


def test_the_version_is_written_once():
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert not re.search(r"^version\s*=", pyproject, re.M)
    assert cardlab.__version__ in (REPO / "cardlab/version.py").read_text(encoding="utf-8")


def write_site(root: Path, index_body: str) -> Path:
    site = root / "html"
    (site / "api").mkdir(parents=True)
    (site / "index.html").write_text(f"<html><body><h1 id='top'>x</h1>{index_body}</body></html>")
    (site / "api" / "cardlab.html").write_text(
        "<html><body><section id='module-cardlab'><a href='../index.html#top'>up</a>"
        "</section></body></html>")
    return site


def check(site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO / "scripts/check_links.py"), str(site)],
                          capture_output=True, text=True)


def test_the_link_checker_passes_a_sound_site(tmp_path: Path):
    site = write_site(tmp_path, "<a href='api/cardlab.html#module-cardlab'>api</a>"
                                "<a href='#top'>top</a><a href='https://example.org/x'>out</a>")
    out = check(site)
    assert out.returncode == 0, out.stdout
    assert "0 broken internal links, 1 external" in out.stdout


@pytest.mark.parametrize(("link", "why"), [
    ("api/missing.html", "no such file"),
    ("api/cardlab.html#module-nowhere", "no anchor #module-nowhere"),
    ("#nowhere", "no anchor #nowhere"),
    ("../outside.html", "no such file"),
])
def test_the_link_checker_finds_a_broken_link(tmp_path: Path, link: str, why: str):
    out = check(write_site(tmp_path, f"<a href='{link}'>bad</a>"))
    assert out.returncode == 1
    assert f"index.html:1: {link}: {why}" in out.stdout
