"""Game records: a deal and its actions as JSON, loaded back to an identical state.

A record is ``{"format": "cardlab-record", "version": 1, "game": …,
"options": {…}, "setup": {…}, "actions": […]}``. ``setup`` is the stacked
deal (cards, dealer, …) that ``game.deal(**setup)`` turns back into the same
first state, so a record never depends on the shuffle. Loading checks every
field and replays every action through the rules; any problem raises
:class:`~cardlab.errors.RecordError` naming it, and nothing is half-loaded.

Deal strings are a short, PBN-like text for the cards of a deal, one segment
per seat or pile: ``"N: AS KS … / E: … / S: … / W: … / kitty: 4H 5S JK"``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card, Deck, format_cards
from cardlab.engine import registry
from cardlab.errors import IllegalAction, RecordError

if TYPE_CHECKING:
    from cardlab.engine.game import Game
    from cardlab.engine.state import State

__all__ = ["RECORD_FORMAT", "record_dict", "to_json", "from_json", "load_record",
           "format_deal", "parse_deal", "check_deal", "seat_arg", "cards_arg", "list_arg",
           "int_arg", "SEED_RANGE", "SCORE_RANGE", "CHIP_RANGE"]

RECORD_FORMAT = "cardlab-record"
RECORD_VERSION = 1
_KEYS = {"format", "version", "game", "options", "setup", "actions", "seed"}

#: a seed: any signed or unsigned 64-bit number (the generator keeps 64 bits, so a larger
#: seed would only repeat a smaller one's deal)
SEED_RANGE = (-(2 ** 63), 2 ** 64 - 1)
#: a running score carried into a match: far beyond any real game's (a Five Hundred match
#: ends at ±500 by default, ±10000 at most), small enough to print and add exactly
SCORE_RANGE = (-1_000_000, 1_000_000)
#: chips in a pot or a stack (Panfin; a negative stack is a seat's debt): a pot can double
#: each deal (the stamp, B2.11), so no small bound holds over a long match, but the
#: simulators keep chips in 64-bit arrays; ±2**62 keeps any two of them summable there
CHIP_RANGE = (-(2 ** 62), 2 ** 62)


def record_dict(state: State) -> dict[str, Any]:
    """The record of ``state``'s deal as a JSON-able dict."""
    d: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": state.game.name,
        "options": state.game.options_dict(),
        "setup": dict(state.setup),
        "actions": [str(a) for a in state.history],
    }
    seed = getattr(state, "seed", None)
    if seed is not None:
        d["seed"] = seed
    return d


def to_json(state: State, *, indent: int | None = None) -> str:
    """The record as JSON text."""
    return json.dumps(record_dict(state), indent=indent, ensure_ascii=False)


#: json's messages, in plain words
_JSON_WORDS = {
    "Expecting ',' delimiter": "a comma (or a closing bracket) is missing between two items",
    "Expecting ':' delimiter": "a colon is missing after a field name",
    "Expecting value": "a value is missing (or the text is not JSON)",
    "Expecting property name enclosed in double quotes":
        "a field name in double quotes is expected (no trailing comma before '}')",
    "Extra data": "there is more text after the record's closing '}'",
    "Unterminated string starting at": "a string is not closed with a double quote",
    "Invalid control character at": "a string holds a raw control character (a line break?)",
    "Invalid \\escape": "a string holds an invalid backslash escape",
}
_FIELD_BEFORE = re.compile(r'"([A-Za-z_][A-Za-z0-9_]{0,40})"\s*:')


def _json_error(text: str | bytes, err: Exception) -> RecordError:
    """A RecordError in plain words for text that json cannot read."""
    if isinstance(err, json.JSONDecodeError):
        what = next((words for key, words in _JSON_WORDS.items() if err.msg.startswith(key)),
                    err.msg)
        before = err.doc[max(0, err.pos - 2000):err.pos]
        fields = _FIELD_BEFORE.findall(before)
        where = f" in or after field '{fields[-1]}'" if fields else ""
        if err.pos >= len(err.doc.rstrip()):
            what += "; the text ends too soon (cut short?)"
        return RecordError(f"record is not valid JSON{where}: {what} (at line {err.lineno}, "
                           f"column {err.colno})", code="bad_record")
    if isinstance(err, RecursionError):
        return RecordError("record is not valid: its brackets nest too deeply (a record nests "
                           "a few levels only)", code="bad_record")
    if isinstance(err, UnicodeDecodeError):
        return RecordError(f"record is not valid JSON: its bytes are not UTF-8 text ({err.reason} "
                           f"at byte {err.start})", code="bad_record")
    return RecordError(f"record is not valid JSON: {err}", code="bad_record")


def from_json(text: str | bytes | Mapping[str, Any]) -> State:
    """Load a record (JSON text or an already-parsed dict) to the state it ends in.

    Any malformed record raises :class:`~cardlab.errors.RecordError` in plain words, naming
    the field and what was expected (for bad JSON, the field it breaks in and the line and
    column), however deep, long or strange the text is.

    >>> from_json('{"format": "cardlab-record", "version": 1 "game": "panfin"}')
    Traceback (most recent call last):
    ...
    cardlab.errors.RecordError: record is not valid JSON in or after field 'version': a comma (or a closing bracket) is missing between two items (at line 1, column 43)

    :raises RecordError: naming the field or the action that is wrong.
    """
    if isinstance(text, (str, bytes, bytearray)):
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError) as err:
            raise _json_error(text, err) from None
    elif isinstance(text, Mapping):
        data = text
    else:
        raise RecordError(f"a record is JSON text or a dict, not {type(text).__name__}",
                          code="bad_record")
    try:
        return load_record(data)
    except RecursionError:
        raise RecordError("record is not valid: a field nests too deeply", code="bad_record"
                          ) from None


def _need(cond: bool, message: str, code: str = "bad_record") -> None:
    if not cond:
        raise RecordError(message, code=code)


def load_record(data: Any) -> State:
    """Validate and replay a parsed record (see :func:`from_json`)."""
    _need(isinstance(data, Mapping), "a record must be a JSON object ({…}), not "
          f"{_json_type(data)}")
    unknown = sorted(str(k) for k in set(data) - _KEYS)
    _need(not unknown, f"record has unknown field(s): {_short(', '.join(unknown))}; expected "
          f"{', '.join(sorted(_KEYS))}")
    for key in ("format", "version", "game", "setup"):
        _need(key in data, f"record field '{key}' is missing")
    _need(data.get("format") == RECORD_FORMAT and isinstance(data.get("format"), str),
          f"record field 'format' must be {RECORD_FORMAT!r}, not {_short(data.get('format'))}")
    version = data.get("version")
    _need(type(version) is int and version == RECORD_VERSION,
          f"record field 'version' must be the number {RECORD_VERSION}, not {_short(version)}")
    game_name = data.get("game")
    _need(isinstance(game_name, str) and game_name in registry.names(),
          f"record field 'game' must be one of {', '.join(registry.names())}, not {_short(game_name)}",
          "unknown_game")
    options = data.get("options", {})
    _need(isinstance(options, Mapping), "record field 'options' must be an object "
          f"({{name: value}}), not {_json_type(options)}")
    setup = data.get("setup")
    _need(isinstance(setup, Mapping), "record field 'setup' must be an object "
          f"({{argument: value}}), not {_json_type(setup)}")
    _need(all(isinstance(k, str) for k in (*options, *setup)),
          "record fields 'options' and 'setup' must have text keys")
    actions = data.get("actions", [])
    _need(isinstance(actions, list), "record field 'actions' must be a list of action "
          f"strings, not {_json_type(actions)}")
    for i, a in enumerate(actions):
        _need(isinstance(a, str), f"record field 'actions': action {i + 1} must be a string "
              f"such as 'pass', not {_json_type(a)} {_short(a)}")
    try:
        game = registry.load(game_name, **options)
    except (ValueError, TypeError, KeyError, OverflowError) as err:
        raise RecordError(f"record field 'options': {_words(err)}", code="bad_options") from None
    try:
        state = game.deal(**setup)
    except IllegalAction as err:
        raise RecordError(f"record field 'setup': {err}", code=err.code, rule=err.rule) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError) as err:
        raise RecordError(f"record field 'setup': {_words(err)}", code="bad_setup") from None
    for i, action in enumerate(actions):
        try:
            state = state.apply(action)
        except IllegalAction as err:
            raise RecordError(f"record action {i + 1} ({_short(action)}): {err}", code=err.code,
                              rule=err.rule) from None
        except (ValueError, TypeError) as err:
            raise RecordError(f"record action {i + 1} ({_short(action)}): {_words(err)}",
                              code="bad_record") from None
    seed = data.get("seed")
    if seed is not None:
        lo, hi = SEED_RANGE
        _need(isinstance(seed, int) and not isinstance(seed, bool) and lo <= seed <= hi,
              f"record field 'seed' must be an int from {lo} to {hi}, not {_short(seed)}")
        _attach_seed(state, seed)
    return state


def _json_type(value: Any) -> str:
    """The JSON word for a value's type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {str: "a string", int: "a number", float: "a number", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def _short(value: Any, limit: int = 60) -> str:
    """A value's repr, cut short (a record may hold megabytes in one field)."""
    try:
        text = repr(value) if not isinstance(value, str) or len(value) <= limit \
            else repr(value[:limit])
    except (RecursionError, ValueError):  # a deep list, or an int too long to print
        text = f"<{_json_type(value)}>"
    return text if len(text) <= limit else text[:limit] + "…"


def _words(err: Exception) -> str:
    """An exception's message, or its kind when it has none."""
    return _short(str(err), 300).strip("'\"") if str(err) else type(err).__name__


def _attach_seed(state: State, seed: int) -> None:
    for s in state.states():
        if hasattr(s, "seed"):
            object.__setattr__(s, "seed", seed)


def format_deal(labels: Sequence[str], parts: Sequence[Sequence[Card]]) -> str:
    """A deal string: ``"N: AS KS / E: … / kitty: …"``, one labelled segment per part.

    >>> format_deal(["N", "kitty"], [[Card("A", "S")], [Card("JK")]])
    'N: AS / kitty: JK'
    """
    return " / ".join(f"{label}: {format_cards(cards)}".rstrip()
                      for label, cards in zip(labels, parts, strict=False))


def parse_deal(game: Game, text: str, labels: Sequence[str]) -> dict[str, list[Card]]:
    """Parse a deal string into ``label → cards`` for the given labels.

    Segments may come in any order; labels are case-insensitive. Unlabelled
    segments are taken in the order of ``labels``.

    :raises IllegalAction: ``bad_deal_string`` for an unknown label or a segment
        too many, ``unknown_card`` for a bad card code.
    """
    if not isinstance(text, str):
        raise IllegalAction("a deal string must be text", code="bad_deal_string")
    segments = [s.strip() for s in text.split("/")]
    lookup = {lab.lower(): lab for lab in labels}
    out: dict[str, list[Card]] = {}
    position = 0
    for seg in segments:
        if not seg and len(segments) > 1:
            continue  # a stray "/" (at the end, or doubled) names no part
        if ":" in seg:
            label, _, cards = seg.partition(":")
            key = lookup.get(label.strip().lower())
            if key is None:
                raise IllegalAction(f"unknown part {label.strip()!r} in the deal string; "
                                    f"expected {', '.join(labels)}", code="bad_deal_string")
        else:
            if position >= len(labels):
                raise IllegalAction(f"the deal string has more than {len(labels)} parts",
                                    code="bad_deal_string")
            key, cards = labels[position], seg
        position += 1
        if key in out:
            raise IllegalAction(f"part {key!r} appears twice in the deal string",
                                code="bad_deal_string")
        out[key] = game.deck.parse_many(cards)
    return out


#: how many missing cards a deal's problem names before it says "and N more"
_MISSING_NAMED = 10


def _places(names: Sequence[str]) -> str:
    """``["N", "E"]`` → ``"N and E"``; ``["N", "N"]`` → ``"both in N"``."""
    if len(set(names)) == 1:
        return f"{'both' if len(names) == 2 else 'all'} in {names[0]}"
    return ", ".join(names[:-1]) + " and " + names[-1]


def check_deal(deck: Deck, parts: Mapping[str, Sequence[Card]], counts: Mapping[str, int], *,
               rule: str = "", complete: bool = True) -> None:
    """Check the cards of a deal string and name *everything* wrong at once: each card
    that appears more than once (and where), each part with the wrong count, and the
    cards missing (unless ``complete`` is false: a part the game may fill in is absent).

    >>> import cardlab
    >>> g = cardlab.load("pandoeren")
    >>> parts = parse_deal(g, g.deal(seed=1).deal_string(), ["N", "E", "S", "W", "kijkkaart"])
    >>> parts["E"][0] = parts["N"][0]
    >>> check_deal(g.deck, parts, dict(g.deal_parts()))
    Traceback (most recent call last):
    ...
    cardlab.errors.IllegalAction: KS twice (N and E); missing: QS

    :raises IllegalAction: ``duplicate_card``, ``wrong_count`` or ``missing_card`` (the
        first problem named), its message listing every problem.
    """
    where: dict[Card, list[str]] = {}
    for name, cards in parts.items():
        for c in cards:
            where.setdefault(c, []).append(name)
    problems: list[tuple[str, str]] = []
    for c, names in where.items():
        if len(names) > 1:
            times = "twice" if len(names) == 2 else f"{len(names)} times"
            problems.append(("duplicate_card", f"{c} {times} ({_places(names)})"))
    for name, cards in parts.items():
        want = counts.get(name)
        if want is not None and len(cards) != want:
            shown = f" ({format_cards(cards)})" if cards else ""
            problems.append(("wrong_count", f"{name} has {len(cards)} cards{shown} instead "
                                            f"of {want}"))
    missing = [c for c in deck if c not in where] if complete else []
    if missing:
        named = ", ".join(c.code for c in missing[:_MISSING_NAMED])
        more = len(missing) - _MISSING_NAMED
        problems.append(("missing_card", f"missing: {named}" if more <= 0 else
                         f"missing {len(missing)} cards: {named} and {more} more"))
    if problems:
        raise IllegalAction("; ".join(text for _, text in problems), code=problems[0][0],
                            rule=rule)


# -- deal arguments (a record's setup) ---------------------------------------------------------
def seat_arg(game: Game, value: Any, name: str = "dealer") -> int:
    """``value`` as a seat of ``game`` (an int ``0 … players−1``, not a bool or ``1.0``).

    :raises ValueError: ``"dealer must be a seat 0…3 (N E S W), not 1.0"``.
    """
    n = game.players
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ValueError(f"{name} must be a seat 0…{n - 1} ({' '.join(game.seat_names)}), "
                         f"not {_short(value)}")
    return value


def int_arg(value: Any, name: str, bounds: tuple[int, int], what: str = "") -> int:
    """``value`` as a whole number within ``bounds`` (inclusive), for a deal argument or a
    score that enters from a record or a caller; ``what`` names its unit (``"chips"``).

    >>> int_arg(5, "pot", CHIP_RANGE, "chips")
    5
    >>> int_arg(-1, "pot", (0, 1_000_000), "chips")
    Traceback (most recent call last):
    ...
    ValueError: pot= must be a whole number from 0 to 1000000 (chips), not -1

    :raises ValueError: naming the argument and its range.
    """
    lo, hi = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        unit = f" ({what})" if what else ""
        label = f"{name}=" if name.isidentifier() else name
        raise ValueError(f"{label} must be a whole number from {lo} to {hi}{unit}, not "
                         f"{_short(value)}")
    return value


def cards_arg(game: Game, value: Any, name: str) -> list[Card]:
    """The cards of deal argument ``name``: card codes in a string (``'AS KS'``) or a list
    of codes (or :class:`Card`).

    :raises IllegalAction: ``bad_setup`` for another type, naming the argument;
        ``unknown_card`` (a :class:`~cardlab.errors.CardError`) for a code not in the pack.
    """
    label = f"{name}=" if name.isidentifier() else name
    if not isinstance(value, str) and not (
            isinstance(value, (list, tuple)) and all(isinstance(c, (str, Card)) for c in value)):
        raise IllegalAction(f"{label} must be card codes, as text ('AS KS') or a list of codes, "
                            f"not {_json_type(value)} {_short(value)}", code="bad_setup")
    try:
        return game.deck.parse_many(value)
    except IllegalAction as err:
        raise type(err)(f"{label}: {err}", code=err.code, rule=err.rule) from None


def list_arg(value: Any, name: str, count: int, what: str) -> list[Any]:
    """Deal argument ``name`` as a list of ``count`` items (``what`` says what each is).

    :raises IllegalAction: ``bad_setup`` naming the argument and what it expects.
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
        raise IllegalAction(f"{name}= must be a list of {count} {what}, not {_json_type(value)} "
                            f"{_short(value)}", code="bad_setup")
    if len(value) != count:
        raise IllegalAction(f"{name}= must be a list of {count} {what}, not {len(value)}",
                            code="wrong_count")
    return list(value)
