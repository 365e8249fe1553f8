"""The rulebook: every rule a game's code cites, in plain words, read from ``docs/rules/<game>.md``.

A refusal or a hover line names a rule by its ID (``5H-7.2``, ``OS-4``, ``A2.8``,
``B2.11``); this module turns the ID into the rule a learner can read: its title, its
text, the options that change it and the sources it rests on.

>>> from cardlab import rules
>>> rule = rules.lookup("5H-7.2")
>>> rule.game, rule.title
('five_hundred', 'Following suit')
>>> rules.lookup("5h-7.2") == rule
True

The books are Markdown files, one per game, in the format of ``docs/rules/README.md``:
a rule is a heading whose first word is its ID. In an installed wheel they lie in the
package (``cardlab/rulebook/``); in a checkout this module reads ``docs/rules/`` at the
repository's root.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cardlab.errors import did_you_mean

__all__ = ["Rule", "RuleOption", "lookup", "rules", "sentence", "games", "rulebook_dir"]

#: where the books may be, first found wins: shipped in the package, then a checkout's docs
_PLACES = (Path(__file__).parent / "rulebook", Path(__file__).parent.parent / "docs" / "rules")

#: a rule ID as a heading's first word: letters/digits with at least one digit
#: (``5H-7.2``, ``OS-4``, ``A2.8.3a``, ``B2.10``, ``A-18``, ``P-A12``, ``F-A17``)
_ID = re.compile(r"^[0-9A-Z][0-9A-Za-z]*(?:[-.][0-9A-Za-z]+)*$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_MARKS = {"example": "**Example.**", "options": "**Options.**", "sources": "**Sources.**",
          "not_enforced": "**Not enforced by code.**"}
#: one option in an ``**Options.**`` line: `name` (default `value`): what it changes
_OPTION = re.compile(r"`(?P<name>[A-Za-z_][A-Za-z0-9_]*)`\s*\(default\s+`(?P<default>[^`]*)`\)"
                     r"\s*:?\s*(?P<effect>[^;]*)")


@dataclass(frozen=True)
class RuleOption:
    """A rule option that changes a rule: its name in the game's options, its default
    (as the book writes it) and what it changes."""

    name: str
    default: str
    effect: str


@dataclass(frozen=True)
class Rule:
    """One rule of a game's rulebook.

    :ivar id: the rule's ID as the code cites it, e.g. ``'5H-7.2'``.
    :ivar game: the registry name of its game, e.g. ``'five_hundred'``.
    :ivar title: its title, e.g. ``'Following suit'``.
    :ivar text: the rule in plain English (its paragraphs, without the marked lines).
    :ivar options: the rule options that change it, with their defaults.
    :ivar sources: what it rests on, as the book writes it (``''`` when not given).
    :ivar enforced: ``False`` for a rule that no code checks.
    :ivar not_enforced: why no code checks it (``''`` for an enforced rule).
    :ivar example: a short example (``''`` when the book gives none).
    :ivar level: its heading's level: 2 for a section, 3 for a rule.
    """

    id: str
    game: str
    title: str
    text: str
    options: tuple[RuleOption, ...] = ()
    sources: str = ""
    enforced: bool = True
    not_enforced: str = ""
    example: str = ""
    level: int = 3

    def sentence(self) -> str:
        """The rule in one line for a table or a hover: its title and first sentence."""
        return sentence_of(self)

    def __str__(self) -> str:
        return f"{self.id} {self.title}: {self.sentence_body()}"

    def sentence_body(self) -> str:
        """The first sentence of the rule's text (the title where the text is empty)."""
        flat = " ".join(self.text.split())
        flat = re.sub(r"\*\*|`", "", flat)
        match = re.match(r"(.+?[.!?])(?:\s|$)", flat)
        return (match.group(1) if match else flat) or self.title


def sentence_of(rule: Rule) -> str:
    """``'Following suit: A player who holds the suit led must play it.'``: the title, then
    the first sentence of the text."""
    body = rule.sentence_body()
    return body if body == rule.title else f"{rule.title}: {body}"


def rulebook_dir() -> Path:
    """The folder the books are read from (the package's, else the checkout's ``docs/rules``).

    :raises FileNotFoundError: when neither holds a rulebook.
    """
    for place in _PLACES:
        if place.is_dir() and any(place.glob("*.md")):
            return place
    raise FileNotFoundError("no rulebook found: looked in " + ", ".join(str(p) for p in _PLACES))


def games() -> list[str]:
    """The registry names of every game that has a rulebook, sorted."""
    try:
        folder = rulebook_dir()
    except FileNotFoundError:
        return []
    return sorted(p.stem for p in folder.glob("*.md") if p.stem.lower() != "readme")


def rules(game: str) -> list[Rule]:
    """Every rule of ``game``'s rulebook, in the book's order.

    :raises ValueError: for a game without a rulebook, naming the closest ones.
    """
    return list(_book(game))


def lookup(rule_id: str) -> Rule:
    """The rule with ID ``rule_id`` in any game's rulebook (case and surrounding
    parentheses ignored: ``'(5h-8.2)'`` finds ``5H-8.2``). A reference as a refusal's
    ``.rule`` gives it finds its most specific rule: ``'5H-7.3 J5'`` (clause J5 of
    5H-7.3) finds ``5H-7.3``, ``'5H-11 A-8'`` (entry A-8 of the register) finds ``A-8``.

    :raises ValueError: for an ID no rulebook has, naming the nearest IDs.
    """
    if not isinstance(rule_id, str):
        raise ValueError(f"a rule ID must be a string such as '5H-7.2', not {rule_id!r}")
    index = _index()
    key = rule_id.strip().strip("()[]").strip().casefold()
    if key in index:
        return index[key]
    # a reference as a refusal gives it: "5H-7.3 J5" (a clause of 5H-7.3), "5H-11 A-8"
    # (an entry of section 5H-11): the last word that is an ID is the most specific
    words = [w.strip("()[],;").casefold() for w in re.split(r"[\s/]+", rule_id)]
    known = [w for w in words if w in index]
    if known:
        return index[known[-1]]
    ids = [rule.id for rule in index.values()]
    hint = did_you_mean(rule_id.strip(), ids)
    if not hint:  # nothing close by spelling: name the nearest anyway
        hint = did_you_mean(rule_id.strip(), ids, cutoff=0.0)
    raise ValueError(f"no rule {rule_id!r} in the rulebook{hint}")


def sentence(rule_id: str) -> str:
    """The rule ``rule_id`` in one line (title and first sentence), for a table's refusal.

    :raises ValueError: for an unknown ID, naming the nearest IDs.
    """
    return lookup(rule_id).sentence()


@cache
def _book(game: str) -> tuple[Rule, ...]:
    known = games()
    if game not in known:
        hint = did_you_mean(game, known) if isinstance(game, str) else ""
        raise ValueError(f"no rulebook for game {game!r}{hint}; books: {', '.join(known)}")
    path = rulebook_dir() / f"{game}.md"
    return parse(path.read_text(encoding="utf-8"), game)


@cache
def _index() -> dict[str, Rule]:
    index: dict[str, Rule] = {}
    for game in games():
        for rule in _book(game):
            index.setdefault(rule.id.casefold(), rule)
    return index


def parse(text: str, game: str) -> tuple[Rule, ...]:
    """The rules of one book's Markdown ``text`` (of the game ``game``), in order.

    :raises ValueError: for an ID given twice in the book.
    """
    found: list[Rule] = []
    seen: set[str] = set()
    current: tuple[str, str, int] | None = None
    body: list[str] = []
    fenced = False

    def close() -> None:
        if current is not None:
            found.append(_rule(game, *current, body))

    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        heading = None if fenced else _HEADING.match(line)
        if heading and len(heading.group(1)) <= 3:
            close()
            current, body = None, []
            first, _, title = heading.group(2).partition(" ")
            if len(heading.group(1)) >= 2 and _ID.match(first) and any(c.isdigit() for c in first):
                if first in seen:
                    raise ValueError(f"rulebook {game}: rule {first} is given twice")
                seen.add(first)
                current = (first, title.strip(), len(heading.group(1)))
            continue
        if current is not None:
            body.append(line)
    close()
    return tuple(found)


def _rule(game: str, rule_id: str, title: str, level: int, lines: list[str]) -> Rule:
    paragraphs = [p.strip() for p in "\n".join(lines).split("\n\n") if p.strip()]
    plain: list[str] = []
    marked: dict[str, list[str]] = {key: [] for key in _MARKS}
    for para in paragraphs:
        for key, mark in _MARKS.items():
            if para.startswith(mark):
                marked[key].append(" ".join(para[len(mark):].split()))
                break
        else:
            plain.append(para)
    options = tuple(RuleOption(m["name"], m["default"], m["effect"].strip().rstrip("."))
                    for line in marked["options"] for m in _OPTION.finditer(line))
    reason = " ".join(marked["not_enforced"])
    return Rule(id=rule_id, game=game, title=title, text="\n\n".join(plain), options=options,
                sources=" ".join(marked["sources"]), enforced=not marked["not_enforced"],
                not_enforced=reason, example=" ".join(marked["example"]), level=level)

