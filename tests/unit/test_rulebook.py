"""The rulebook (``docs/rules/<game>.md``, read by :mod:`cardlab.rules`) and the calls' meanings.

Both directions of issue 31: every rule ID that cardlab's source cites (refusals, results,
docstrings, comments) is a rule of its game's book, and every rule of a book is cited in
``cardlab/`` or ``tests/`` or says why no code enforces it. Games come from the registry, so
a game without a book fails here rather than being skipped. The calls: every legal action
that is not a card move, in seeded deals of every table, preset and option value of every
game, has a one-line meaning (``game.call_meaning``).
"""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from support import candidate_actions
from support import table_forms as all_table_forms

import cardlab
from cardlab import rules
from cardlab.engine import registry
from cardlab.engine.game import Game, table_forms
from cardlab.errors import IllegalAction

PACKAGE = Path(cardlab.__file__).parent
TESTS = Path(__file__).parents[1]
GAMES = registry.names()
FORMS = all_table_forms()
#: card moves: the verbs whose first arguments are cards (every other action is a call)
CARD_MOVES = ("play", "discard", "swap")
#: ruff's rule codes in a noqa comment (B007) look like Panfin's IDs
NOQA = re.compile(r"noqa:[\sA-Z0-9,]*")


def id_pattern(prefixes: set[str]) -> re.Pattern[str]:
    """A cited rule ID of any of these prefixes (``5H-`` → ``5H-7.2``, ``5H-5.4d``; ``A`` →
    ``A2.8.3a``), standing alone: not inside a longer ID (``P-A12`` is not ``A12``, ``5H-7.3``
    not ``5H-7``) and not a pattern such as ``A2.x``."""
    alternatives = "|".join(re.escape(p) for p in sorted(prefixes, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})[0-9]+(?:\.[0-9]+)*[a-z]?(?![\w-]|\.\w)")


def prefix_of(rule_id: str) -> str:
    """``'5H-7.2'`` → ``'5H-'``, ``'A2.8.3a'`` → ``'A'``, ``'P-A12'`` → ``'P-A'``."""
    match = re.match(r"^(.+?)[0-9]+(?:\.[0-9]+)*[a-z]?$", rule_id)
    assert match, f"{rule_id!r} does not look like a rule ID"
    return match.group(1)


@cache
def texts(folder: Path) -> tuple[tuple[str, str], ...]:
    """(path, text) of every Python file under ``folder``, without ruff's noqa codes."""
    return tuple((str(p.relative_to(folder.parent)), NOQA.sub("", p.read_text(encoding="utf-8")))
                 for p in sorted(folder.rglob("*.py")))


def citations(folder: Path, pattern: re.Pattern[str]) -> dict[str, list[str]]:
    """Each ID the pattern finds under ``folder`` → where (``path:line``)."""
    found: dict[str, list[str]] = {}
    for path, text in texts(folder):
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(match.group(0), []).append(f"{path}:{line}")
    return found


def book(game: str) -> list[rules.Rule]:
    """The game's rulebook; fails (not skips) when the book is missing."""
    try:
        return rules.rules(game)
    except ValueError as err:
        pytest.fail(f"{game}: {err} (docs/rules/{game}.md is missing)")


# -- both directions -----------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_cited_in_cardlab_is_in_the_rulebook(game: str) -> None:
    """Issue 31 item 1: an ID in a refusal, a result, a docstring or a comment of cardlab
    leads to a rule of the game's book."""
    ids = {rule.id for rule in book(game)}
    pattern = id_pattern({prefix_of(i) for i in ids})
    cited = citations(PACKAGE, pattern)
    assert cited, f"{game}: no rule ID of its book is cited anywhere in cardlab/"
    missing = {i: where[:3] for i, where in cited.items() if i not in ids}
    assert not missing, f"{game}: cited in cardlab/ but not in docs/rules/{game}.md: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_in_the_rulebook_is_cited_or_says_why_not(game: str) -> None:
    """Issue 31 item 1: a rule of the book is cited in cardlab/ or tests/ (this file aside),
    or is marked "Not enforced by code" with its reason."""
    rulebook = book(game)
    pattern = id_pattern({prefix_of(rule.id) for rule in rulebook})
    here = str(Path(__file__).relative_to(TESTS.parent))
    cited = set(citations(PACKAGE, pattern))
    cited |= {i for i, where in citations(TESTS, pattern).items()
              if any(not w.startswith(here) for w in where)}
    bare = [rule.id for rule in rulebook if rule.id not in cited and rule.enforced]
    assert not bare, (f"{game}: rules neither cited in cardlab/ or tests/ nor marked "
                      f"'Not enforced by code': {bare}")
    for rule in rulebook:
        if not rule.enforced:
            assert len(rule.not_enforced) > 10, f"{rule.id}: 'Not enforced by code' needs a reason"


# -- the books' form -------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_rulebook_has_its_title_sources_and_a_text_for_every_rule(game: str) -> None:
    """docs/rules/README.md: the title line, a Sources list, every rule titled and written."""
    rulebook = book(game)
    text = (rules.rulebook_dir() / f"{game}.md").read_text(encoding="utf-8")
    title = registry.game_class(game).spec.title
    assert text.splitlines()[0] == f"# {title}: the rulebook"
    sources = re.search(r"^## Sources\n(.*?)(?=^## )", text, re.M | re.S)
    assert sources and re.search(r"^- \S", sources.group(1), re.M), f"{game}: no ## Sources list"
    for rule in rulebook:
        assert rule.game == game and rule.title, rule
        assert rule.text.strip() or rule.level == 2, f"{rule.id} has no text"
        assert "\n" not in rule.sentence(), rule.id


@pytest.mark.parametrize("game", GAMES)
def test_rulebook_options_are_the_games_options_with_their_defaults(game: str) -> None:
    """An ``**Options.**`` line names an option of the game's options dataclass and its true
    default (``True`` is written ``true``, ``None`` as ``None`` or ``null``)."""
    spec = registry.game_class(game).spec
    defaults = {f.name: getattr(spec.options(), f.name) for f in dataclasses.fields(spec.options)}
    named = [(rule.id, option) for rule in book(game) for option in rule.options]
    for rule_id, option in named:
        assert option.name in defaults, f"{rule_id}: {option.name!r} is not an option of {game}"
        want = defaults[option.name]
        assert read_default(option.default) == want or str(want) == option.default, (
            f"{rule_id}: {option.name} default written {option.default!r}, is {want!r}")


def read_default(text: str) -> Any:
    """A default as a book writes it: ``true``, ``None``/``null``, ``4``, ``{"deals": 16}``."""
    words = {"true": True, "false": False, "none": None, "null": None}
    if text.lower() in words:
        return words[text.lower()]
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def test_rule_ids_are_unique_across_the_books() -> None:
    """``lookup`` needs no game: no ID is a rule of two books."""
    seen: dict[str, str] = {}
    for game in rules.games():
        for rule in rules.rules(game):
            assert rule.id.casefold() not in seen, f"{rule.id} is in {seen.get(rule.id.casefold())} and {game}"
            seen[rule.id.casefold()] = game


@pytest.mark.parametrize("game", GAMES)
def test_game_rules_lists_the_book_in_order(game: str) -> None:
    """``game.rules()`` is the game's book, section rules before the rules under them."""
    listed = cardlab.load(game).rules()
    assert listed == book(game)
    assert [r.id for r in listed] == [r.id for r in rules.rules(game)]


# -- lookup ---------------------------------------------------------------------------------
def test_lookup_finds_a_rule_by_id_in_any_case_and_in_parentheses() -> None:
    """5H-8.2 is Five Hundred's trick-contract scoring; "(5h-8.2)" as a refusal prints it."""
    rule = rules.lookup("5H-8.2")
    assert (rule.id, rule.game) == ("5H-8.2", "five_hundred")
    assert rules.lookup("(5h-8.2)") is rule
    assert rule.text and rule.title
    assert any(o.name == "slam_minimum" and o.default == "250" for o in rule.options)


@pytest.mark.parametrize(("reference", "rule_id"), [
    ("5H-7.3 J5", "5H-7.3"), ("5H-11 A-8", "A-8"), ("5H-10 V1", "5H-10"),
    ("OS-5.2 / OS-5.3", "OS-5.3")])
def test_lookup_of_a_refusals_reference_finds_its_most_specific_rule(reference: str,
                                                                     rule_id: str) -> None:
    """Refusals cite a clause ("5H-7.3 J5") or a register entry under its section."""
    assert rules.lookup(reference).id == rule_id


@pytest.mark.parametrize(("name", "opts"), FORMS, ids=[f"{n} {o}" for n, o in FORMS])
def test_every_refusals_rule_leads_to_the_rulebook(name: str, opts: dict[str, Any]) -> None:
    """Issue 31: a refusal's ``.rule`` (``explain().rule``, kept for programs) leads to a rule
    a learner can read, for the legal and illegal actions met in seeded deals of every table."""
    game = cardlab.load(name, **opts)
    refused: dict[str, str] = {}
    for seed in range(6):
        state, rng = game.deal(seed=seed, dealer=seed % game.players), random.Random(seed)
        while not state.is_over:
            for action in candidate_actions(state)[:80]:
                verdict = state.explain(action)
                if verdict.rule:
                    refused.setdefault(verdict.rule, action)
            state = state.apply(rng.choice(state.legal_actions()))
    assert refused, f"{name}: no action in 6 deals named a rule"
    unknown = {}
    for reference, action in refused.items():
        try:
            rules.lookup(reference)
        except ValueError as err:
            unknown[reference] = f"{action}: {err}"
    assert not unknown, unknown


def test_lookup_of_a_near_miss_says_did_you_mean() -> None:
    with pytest.raises(ValueError, match=r"no rule '5H-8\.22'.*did you mean '5H-8\.2'"):
        rules.lookup("5H-8.22")


@pytest.mark.parametrize("unknown", ["5H-99.9", "ZZ-1", "kereltje"])
def test_lookup_of_an_unknown_id_names_the_nearest_ids(unknown: str) -> None:
    with pytest.raises(ValueError) as err:
        rules.lookup(unknown)
    message = str(err.value)
    assert repr(unknown) in message and "did you mean" in message
    named = re.findall(r"'([^']+)'", message.split("did you mean", 1)[1])
    assert named and all(rules.lookup(i).id == i for i in named)


def test_lookup_refuses_a_non_string() -> None:
    with pytest.raises(ValueError, match="must be a string"):
        rules.lookup(7)  # type: ignore[arg-type]


def test_rules_of_an_unknown_game_names_the_close_ones() -> None:
    with pytest.raises(ValueError, match="did you mean 'five_hundred'"):
        rules.rules("five_hundrd")


def test_sentence_is_the_title_and_first_sentence() -> None:
    """OS-5.5 for a table's refusal: one line, its title first."""
    line = rules.sentence("OS-5.5")
    assert line.startswith("Following suit: ") and line.endswith(".") and "\n" not in line
    assert line == rules.lookup("OS-5.5").sentence()


def test_an_unenforced_rule_carries_its_reason() -> None:
    """OS-1 (the seed's history) is in the book but checked by no code."""
    rule = rules.lookup("OS-1")
    assert not rule.enforced and "source" in rule.not_enforced
    assert rules.lookup("OS-5.5").enforced


# -- the format itself, and where the books are read from -----------------------------------
SAMPLE = """# Toy: the rulebook

Intro.

## Sources

- A book.

## T-1 Play

Section text.

### T-1.1 Following

Follow suit. Or else.

**Example.** Hearts led.

**Options.** `strict` (default `true`): off, anything goes; `size` (default `3`): cards.

**Sources.** A book, p. 3.

```
### T-9 not a heading inside a fence
```

### T-1.2 Manners

Say thank you.

**Not enforced by code.** Table manners.
"""


def test_parse_reads_ids_titles_marked_paragraphs_and_skips_fences() -> None:
    parsed = rules.parse(SAMPLE, "toy")
    assert [(r.id, r.level, r.title) for r in parsed] == [
        ("T-1", 2, "Play"), ("T-1.1", 3, "Following"), ("T-1.2", 3, "Manners")]
    follow = parsed[1]
    assert follow.text.startswith("Follow suit. Or else.") and "Hearts" not in follow.text
    assert follow.example == "Hearts led." and follow.sources == "A book, p. 3."
    assert [(o.name, o.default, o.effect) for o in follow.options] == [
        ("strict", "true", "off, anything goes"), ("size", "3", "cards")]
    assert follow.sentence() == "Following: Follow suit."
    assert parsed[2].enforced is False and parsed[2].not_enforced == "Table manners."


def test_parse_refuses_an_id_given_twice() -> None:
    with pytest.raises(ValueError, match="T-1.1 is given twice"):
        rules.parse(SAMPLE + "\n### T-1.1 Again\n\nText.\n", "toy")


def test_the_package_copy_is_read_before_the_checkout(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """In a wheel the books lie in ``cardlab/rulebook/``; that folder wins over docs/rules."""
    shipped, checkout = tmp_path / "rulebook", tmp_path / "docs"
    shipped.mkdir()
    checkout.mkdir()
    (shipped / "toy.md").write_text(SAMPLE, encoding="utf-8")
    (checkout / "other.md").write_text(SAMPLE, encoding="utf-8")
    monkeypatch.setattr(rules, "_PLACES", (shipped, checkout))
    rules._book.cache_clear()
    rules._index.cache_clear()
    try:
        assert rules.rulebook_dir() == shipped and rules.games() == ["toy"]
        assert rules.lookup("t-1.2").title == "Manners"
    finally:
        monkeypatch.undo()
        rules._book.cache_clear()
        rules._index.cache_clear()
    assert rules.lookup("5H-7.2").game == "five_hundred"


# -- the calls' meanings --------------------------------------------------------------------
def option_variants(name: str) -> list[tuple[str, dict[str, Any]]]:
    """Every table form, every preset, and each listed alternative of each option on the
    default table (a combination the game refuses is left out), as (label, options)."""
    spec = registry.game_class(name).spec
    out = [(f"{name} {words}", {**opts}) for words, opts in table_forms(spec)]
    out += [(f"{name} preset={p}", {"preset": p}) for p in spec.presets]
    for field in dataclasses.fields(spec.options):
        if field.metadata.get("scoring_only"):
            continue  # changes only how a deal scores: no call appears or goes
        for value in field.metadata.get("choices") or ():
            if value != field.default:
                out.append((f"{name} {field.name}={value!r}", {field.name: value}))
    return out


VARIANTS = [(name, label, opts) for name in GAMES for label, opts in option_variants(name)]


def load(name: str, opts: dict[str, Any]) -> Game | None:
    opts = dict(opts)
    preset = opts.pop("preset", None)
    try:
        return cardlab.load(name, preset=preset, **opts)
    except ValueError:
        return None  # an option value this table does not take (e.g. a 2-player form at 4)


def calls_in_seeded_deals(game: Game, deals: int) -> set[str]:
    """Every legal action but a card move met while playing ``deals`` seeded random deals."""
    found: set[str] = set()
    for seed in range(deals):
        state, rng = game.deal(seed=seed, dealer=seed % game.players), random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            legal = state.legal_actions()
            found |= {str(a) for a in legal if a.verb not in CARD_MOVES}
            state = state.apply(rng.choice(legal))
    return found


@pytest.mark.parametrize(("name", "label", "opts"), VARIANTS, ids=[v[1] for v in VARIANTS])
def test_every_legal_call_has_a_one_line_meaning(name: str, label: str,
                                                 opts: dict[str, Any]) -> None:
    """Issue 31 item 2: every call and contract of every game has its meaning in one line."""
    game = load(name, opts)
    if game is None:
        return
    calls = calls_in_seeded_deals(game, deals=12)
    assert calls, f"{label}: no call met in 12 deals"
    missing = []
    for call in sorted(calls) + [str(c) for c in game.contracts()]:
        try:
            meaning = game.call_meaning(call)
        except IllegalAction:
            missing.append(call)
            continue
        assert meaning.strip() and "\n" not in meaning, (label, call, meaning)
    assert not missing, f"{label}: no meaning for {missing[:12]} ({len(missing)} calls)"


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_call_is_refused_naming_it(name: str) -> None:
    game = cardlab.load(name)
    with pytest.raises(IllegalAction) as err:
        game.call_meaning("bid no_such_call")
    assert err.value.code == "unknown_call" and "'bid no_such_call'" in str(err.value)
    with pytest.raises(IllegalAction):
        game.call_meaning("")


def test_a_misspelt_call_gets_did_you_mean() -> None:
    game = cardlab.load("five_hundred")
    with pytest.raises(IllegalAction, match=r"did you mean 'bid 7H'"):
        game.call_meaning("bid 7HH")


def test_five_hundred_meanings_follow_the_notation_and_the_options() -> None:
    """5H-8.1 values in the meanings; 5H-5.4b misère's condition moves with its option (V2)."""
    game = cardlab.load("five_hundred")
    assert game.call_meaning("BID 7h") == game.call_meaning("bid 7H") == game.call_meaning("7H")
    assert "worth 200" in game.call_meaning("bid 7H")
    assert "worth 520" in game.call_meaning("bid 10NT")
    assert "seven-level" in game.call_meaning("bid misere")
    free = cardlab.load("five_hundred", misere_requires_seven=False)
    assert "seven-level" not in free.call_meaning("bid misere")
    with pytest.raises(IllegalAction, match="unknown_call|no call"):
        game.call_meaning("bid 8S sans_kitty")  # off by default
    assert "kitty" in cardlab.load("five_hundred", sans_kitty_allowed=True).call_meaning(
        "bid 8S sans_kitty")


def test_officer_skat_meanings_follow_the_scoring_method() -> None:
    """OS-7.5: no Null under method B, so no meaning for it; Kontra doubles (OS-7.4)."""
    game = cardlab.load("officer_skat")
    assert "23" in game.call_meaning("declare null")
    assert "doubles" in game.call_meaning("kontra")
    method_b = cardlab.load("officer_skat", scoring_method="card_points")
    with pytest.raises(IllegalAction, match="did you mean"):
        method_b.call_meaning("declare null")


def test_a_game_without_meanings_has_none_and_refuses_every_call() -> None:
    """The hook is optional: Turn-up Whist (the guide's example, unregistered) gives none."""
    from cardlab.games.example import GAME as Example

    game = Example.load()
    assert game.call_meanings() == {}
    with pytest.raises(IllegalAction, match="no call 'pass'"):
        game.call_meaning("pass")


def test_call_meanings_is_a_copy() -> None:
    game = cardlab.load("officer_skat")
    meanings = game.call_meanings()
    meanings["kontra"] = "changed"
    assert game.call_meaning("kontra") != "changed"
