"""Bad input gets a clear error, loses nothing and never hangs (issue #18).

A seeded, bounded fuzz run over every game: records from real seeded deals (``to_json()``)
with fields deleted, retyped or duplicated, the text truncated or nested deeply, absurd
option values and mangled actions; wrongly typed deal arguments; out-of-range options.
Every case must either load a valid state (whose ``legal_actions()`` works and is small)
or raise the documented error (``RecordError`` for a record, a ``ValueError`` subclass
for a deal argument or an option) with a message that names the field. A watchdog
(``signal.alarm``) turns a hang into a failure; nothing asserts on time.

``benchmarks/fuzz.py`` runs the same generator with a larger count.
"""

from __future__ import annotations

import json
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

import cardlab
from cardlab.engine import registry
from cardlab.errors import IllegalAction, RecordError

GAMES = tuple(registry.names())
SEED = 18
#: cases per game and kind in the suite (benchmarks/fuzz.py runs more)
COUNT = 40
#: the watchdog for one batch of cases (generous: a batch takes well under a second)
WATCHDOG_SECONDS = 30
#: legal_actions() must stay small whatever the options
MAX_LEGAL = 5000

ODD_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 1.0, 2.5, 10**30, -10**30, "", "x",
                               "AS KS", [], [1, 2], {}, {"a": 1}, [[[]]], "ÿ" * 50, 1e308)
DEAL_ARGS = ("hands", "kitty", "dead_hand", "turnup", "stock", "stacks", "pot", "deck",
             "dealer", "kijkkaart", "piles", "cut", "seed")
ABSURD_OPTIONS: tuple[Any, ...] = (10**30, -10**30, 0, 1, -1, 7, 1e308, True, None, "x",
                                   [1], {"deals": 10**30}, {"target": 10**30},
                                   {"deals": -1}, 10**30 * 10)


@dataclass
class Case:
    """One fuzz input: ``run`` does it; ``names`` are words one of which a refusal must
    contain (the field); ``errors`` the documented error types."""

    game: str
    kind: str
    what: str
    run: Callable[[], Any]
    names: tuple[str, ...]
    errors: tuple[type[BaseException], ...]


def _base_records(game: str, rng: random.Random, n: int) -> list[dict[str, Any]]:
    """Records of real seeded deals, each played some random legal actions in."""
    out = []
    g = cardlab.load(game)
    for _ in range(n):
        state = g.deal(seed=rng.randrange(10**6), dealer=rng.randrange(g.players))
        for _ in range(rng.randrange(0, 12)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        out.append(json.loads(state.to_json()))
    return out


def _mutate(record: dict[str, Any], rng: random.Random) -> tuple[str, Any, tuple[str, ...]]:
    """A mutated record (text or dict), a description and the words naming the field."""
    rec = json.loads(json.dumps(record))
    choice = rng.randrange(9)
    if choice == 0:  # delete a field (top level, setup or options)
        where = rng.choice(["top", "setup", "options"])
        target = rec if where == "top" else rec.get(where) or rec
        key = rng.choice(sorted(target))
        del target[key]
        # a changed deal can make a later action illegal: the refusal then names the action
        return f"delete {where}.{key}", rec, (key, "action") if where == "setup" else (key,)
    if choice == 1:  # retype a field
        where = rng.choice(["top", "setup", "options"])
        target = rec if where == "top" else rec.get(where) or rec
        key = rng.choice(sorted(target))
        target[key] = rng.choice(ODD_VALUES)
        return (f"retype {where}.{key}={target[key]!r:.40}", rec,
                (key, "action") if where == "setup" else (key,))
    if choice == 2:  # duplicate a field in the text (the last one wins in JSON)
        key = rng.choice(sorted(rec))
        text = json.dumps(rec)
        dup = json.dumps({key: rng.choice(ODD_VALUES)})[1:-1]
        return f"duplicate {key}", text[:-1] + ", " + dup + "}", (key,)
    if choice == 3:  # truncate the text
        text = json.dumps(rec)
        cut = rng.randrange(len(text))
        return f"truncate at {cut}", text[:cut], ("record",)
    if choice == 4:  # nest deeply, at the top or in a field
        depth = rng.choice([50, 1000, 10**4, 10**5])
        if rng.random() < 0.5:
            return f"nest {depth}", "[" * depth + "]" * depth, ("record",)
        key = rng.choice(["options", "setup", "actions", "seed", "game"])
        text = json.dumps({**rec, key: None}).replace(
            f'"{key}": null', f'"{key}": ' + "[" * depth + "]" * depth)
        return f"nest {depth} in {key}", text, (key, "record")
    if choice == 5:  # absurd option value
        opts = cardlab.load(rec["game"]).options_dict()
        key = rng.choice(sorted(opts))
        rec.setdefault("options", {})[key] = rng.choice(ABSURD_OPTIONS)
        return f"option {key}={rec['options'][key]!r:.40}", rec, (key,)
    if choice == 6:  # mangle an action
        actions = rec.setdefault("actions", [])
        bad = rng.choice(["", "bid", "play", "bid 10**30", "bid " + "9" * 5000, "play ZZ",
                          "x" * 10000, 5, None, ["pass"], "pass pass", "bid 1080"])
        i = rng.randrange(len(actions) + 1)
        actions.insert(i, bad)
        return f"action {i + 1}={bad!r:.30}", rec, ("action",)
    if choice == 7:  # an unknown field or a wrong top-level value
        rec[rng.choice(["Game", "extra", "setup ", "format"])] = rng.choice(ODD_VALUES)
        return "unknown or wrong field", rec, ("record", "field")
    # a stray value in setup
    rec.setdefault("setup", {})[rng.choice(DEAL_ARGS)] = rng.choice(ODD_VALUES)
    return "setup argument", rec, ("setup", "action")


def record_cases(game: str, rng: random.Random, count: int) -> Iterator[Case]:
    """Mutated records of ``game``."""
    bases = _base_records(game, rng, max(2, count // 10))
    for _ in range(count):
        what, data, names = _mutate(rng.choice(bases), rng)
        yield Case(game, "record", what, lambda d=data: cardlab.from_json(d), names,
                   (RecordError,))


def deal_cases(game: str, rng: random.Random, count: int) -> Iterator[Case]:
    """Wrongly typed deal arguments (and stacked deals with a wrong part)."""
    g = cardlab.load(game)
    for _ in range(count):
        arg = rng.choice(DEAL_ARGS)
        value = rng.choice(ODD_VALUES)
        setup = json.loads(g.deal(seed=rng.randrange(1000)).to_json())["setup"]
        if rng.random() < 0.5:
            kwargs = {**setup, arg: value}  # a stacked deal with one part wrong
        else:
            kwargs = {"seed": 1, arg: value}
        yield Case(game, "deal", f"deal({arg}={value!r:.30})",
                   lambda k=kwargs: g.deal(**k), (arg, "deal", "seed", "setup"), (ValueError,))
    for text in ("", "P1: 2S", "N: AS / E: KS", "kitty: 4H", "turnup: 2S", "x" * 1000,
                 "N: " + " ".join(c.code for c in g.deck)):
        yield Case(game, "deal", f"deal_from_string({text!r:.30})",
                   lambda t=text: g.deal_from_string(t), ("deal", "part", "card", "hand",
                                                          "expected", "lacks", "needs"),
                   (ValueError,))


def option_cases(game: str, rng: random.Random, count: int) -> Iterator[Case]:
    """Out-of-range and absurd option values."""
    opts = sorted(cardlab.load(game).options_dict())
    for _ in range(count):
        key = rng.choice(opts)
        value = rng.choice(ABSURD_OPTIONS + ODD_VALUES)
        yield Case(game, "option", f"load({key}={value!r:.30})",
                   lambda k=key, v=value: cardlab.load(game, **{k: v}), (key,), (ValueError,))


def all_cases(seed: int, count: int) -> Iterator[Case]:
    """Every game's cases, from one seed."""
    rng = random.Random(seed)
    for game in GAMES:
        yield from record_cases(game, rng, count)
        yield from deal_cases(game, rng, count // 2)
        yield from option_cases(game, rng, count // 2)


def check(case: Case) -> str:
    """Run one case: ``'loaded'`` or ``'refused'``; raise AssertionError otherwise."""
    try:
        out = case.run()
    except case.errors as err:
        msg = str(err)
        assert msg and any(n.lower() in msg.lower() for n in case.names), (
            f"{case.game} {case.what}: the message does not name {case.names}: {msg[:300]}")
        return "refused"
    except IllegalAction as err:  # documented for a record's action replay, deals
        assert case.kind != "record", f"{case.game} {case.what}: not a RecordError: {err}"
        return "refused"
    except Exception as err:  # noqa: BLE001 - anything else is a bug
        raise AssertionError(f"{case.game} {case.what}: {type(err).__name__}: "
                             f"{str(err)[:300]}") from None
    if not hasattr(out, "legal_actions"):
        game = out
        out = game.deal(seed=1)
        assert game.num_distinct_actions < 10**6, f"{case.game} {case.what}: action ids"
    legal = out.legal_actions()
    assert out.is_over or 0 < len(legal) <= MAX_LEGAL, (
        f"{case.game} {case.what}: {len(legal)} legal actions")
    return "loaded"


class Hang(Exception):
    """The watchdog fired."""


@contextmanager
def watchdog(seconds: int) -> Iterator[None]:
    """Raise :class:`Hang` if the block runs longer than ``seconds`` (Unix, main thread)."""
    if not hasattr(signal, "SIGALRM"):  # pragma: no cover - Windows: no watchdog
        yield
        return

    def fire(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, fire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run_batch(cases: list[Case]) -> tuple[dict[tuple[str, str, str], int], list[str]]:
    """Run cases under the watchdog: outcome counts by (game, kind, outcome), and failures."""
    counts: dict[tuple[str, str, str], int] = {}
    failures: list[str] = []
    for case in cases:
        try:
            with watchdog(WATCHDOG_SECONDS):
                outcome = check(case)
        except AssertionError as err:
            outcome = "FAILED"
            failures.append(str(err))
        except Hang as err:
            outcome = "HUNG"
            failures.append(f"{case.game} {case.what}: {err}")
        key = (case.game, case.kind, outcome)
        counts[key] = counts.get(key, 0) + 1
    return counts, failures


@pytest.mark.parametrize("game", GAMES)
def test_fuzzed_input_loads_or_names_the_field(game):
    rng = random.Random(f"{SEED}-{game}")
    cases = [*record_cases(game, rng, COUNT), *deal_cases(game, rng, COUNT // 2),
             *option_cases(game, rng, COUNT // 2)]
    _, failures = run_batch(cases)
    assert not failures, "\n".join(failures[:20])


# -- the reproductions of issue #18 -------------------------------------------------------
def test_deep_nesting_is_a_record_error():
    with watchdog(WATCHDOG_SECONDS), pytest.raises(RecordError, match="nest"):
        cardlab.from_json("[" * 100000 + "]" * 100000)


def test_json_errors_name_the_field_in_plain_words():
    text = '{"format": "cardlab-record", "version": 1 "game": "panfin"}'
    with pytest.raises(RecordError, match=r"field 'version': a comma .* line 1, column 43"):
        cardlab.from_json(text)


@pytest.mark.parametrize("option", ["pandoer_extra_cap", "number_bid_cap"])
def test_the_highest_caps_cost_nothing_and_huge_ones_are_refused(option):
    """#32 item 4: a cap has a range (2000 at most); the highest allowed still costs nothing."""
    with watchdog(WATCHDOG_SECONDS):
        game = cardlab.load("pandoeren", **{option: 2000})
        state = game.deal(seed=1)
        assert len(state.legal_actions()) < 200 and game.num_distinct_actions < 300
        again = cardlab.from_json(state.to_json())
        assert again.game.options_dict()[option] == 2000
        with pytest.raises(ValueError, match=f"option {option}=.* to 2000"):
            cardlab.load("pandoeren", **{option: 10**30})


def test_bids_beyond_reach_are_refused_with_the_reason():
    state = cardlab.load("pandoeren", number_bid_cap=2000).deal(seed=1)
    assert "bid 1080" in state.legal_actions() and "bid 1090" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="no team can score more than"):
        state.apply("bid 1090")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("dealer", [1.0, True, -1, 99, "1", None])
def test_non_integer_dealers_are_refused_alike(game, dealer):
    with pytest.raises(ValueError, match=r"dealer must be a seat 0…\d"):
        cardlab.load(game).deal(seed=1, dealer=dealer)


@pytest.mark.parametrize("game,arg", [
    ("five_hundred", "hands"), ("five_hundred", "kitty"), ("pandoeren", "hands"),
    ("pandoeren", "kijkkaart"), ("panfin", "hands"), ("panfin", "turnup"), ("panfin", "stock"),
    ("panfin", "stacks"), ("panfin", "pot"), ("officer_skat", "piles")])
def test_wrongly_typed_deal_arguments_name_the_argument(game, arg):
    g = cardlab.load(game)
    setup = json.loads(g.deal(seed=4).to_json())["setup"]
    with pytest.raises(ValueError, match=arg):
        g.deal(**{**setup, arg: {"x": 5}})


@pytest.mark.parametrize("text", ["P1: 2S 3S 4S 5S / P2: 6S 7S 2B 3B / P3: 4B 5B 6B 7B",
                                  "P1: 2S 3S 4S 5S / P2: 6S 7S 2B 3B / P3: 4B 5B 6B 7B / "
                                  "P4: 2C 3C 4C 5C"])
def test_panfin_deal_string_without_a_part(text):
    with pytest.raises(IllegalAction, match="lacks"):
        cardlab.load("panfin").deal_from_string(text)


def test_every_game_with_calls_has_one_ladder_type():
    from cardlab.engine.ladder import Ladder

    for game in GAMES:
        ladder = cardlab.load(game).ladder
        assert isinstance(ladder, Ladder) and len(ladder) > 0
        for row in ladder:
            assert isinstance(row.label, str) and list(row.calls)
            for call in row.calls:
                assert call in ladder and ladder.row_of(call) == row
        assert list(ladder.calls) == [c for row in ladder for c in row.calls]
