"""Share codes: a short, copy-safe text that gives back a deal at a step.

A teacher shows a deal; students paste its code and get the same deal, the same
actions and the same step. A code is fields joined by ``~``, each field a tag
letter and its value, in this order (only letters, digits and ``- _ . ~``, so
it survives URLs, chat and e-mail)::

    cl1~five_hundred~v0.1.0~s7~d1~oplayers-i2~bheuristic~a23.Zk3x0Qe~t12~cAb3_9x

* ``cl1``: the format (version 1 of share codes);
* the game's registry name;
* ``v``: the cardlab version that made the code (``+`` written as ``_``);
* the deal: ``s`` the seed and ``d`` the dealer (``x``: other deal arguments that
  differ from the seeded deal, such as Panfin's carried pot, as base64url JSON),
  or ``k``: the whole stacked setup (``state.setup``) as base64url JSON, each
  string of card codes written as ``=`` and one character per card (its place in
  the pack; ``.`` for a ``/`` between cards);
* ``o``: the options that differ from the game's defaults, ``name-value`` joined
  by ``.``, a value tagged ``t``/``f``/``n`` (True/False/None), ``i`` (an int) or
  ``s`` (a word); or ``O`` and base64url JSON when a value is anything else;
* ``b``: the bots' policy (e.g. ``heuristic``), when bots played: facts for the
  table that shows the deal, not needed to replay it;
* ``a``: how many actions, ``.``, then the actions as one mixed-radix number in
  base64url: action *k* is its index among ``legal_actions()`` at step *k*, the
  first action the least significant digit;
* ``t``: the step to show (how many actions into the line);
* ``c``: a check, six base64url characters of a SHA-256 of what the code
  replays to (the game, options, deal, actions, step, bots and the deal's points)
  and not of the version: a code from another cardlab version is accepted when it
  replays the same, and refused, naming both versions, when it does not.

The actions are always written out, never "replay the bots": a bot that plays
better in a later version would otherwise break every code already handed out,
and the actions cost at most about twenty characters. Seeded deals of every
cardlab game and form fit in 200 characters, played to the end.

>>> import cardlab
>>> state = cardlab.load("panfin").deal(seed=3, dealer=1).apply("fold")
>>> code = share_code(state, step=0)
>>> code.split("~")[3:7]  # the seed, the dealer, one action (its index: 16), step 0
['s3', 'd1', 'a1.Q', 't0']
>>> shared = read_share(code)
>>> shared.step, [str(a) for a in shared.state.history], shared.shown.history
(0, ['fold'], ())
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardlab.engine import registry
from cardlab.engine.record import SEED_RANGE
from cardlab.errors import IllegalAction, RecordError, did_you_mean

if TYPE_CHECKING:
    from cardlab.cards import Deck
    from cardlab.engine.game import Game
    from cardlab.engine.state import State

__all__ = ["Shared", "share_code", "read_share", "FORMAT", "MAX_CODE_LENGTH"]

#: the first field of every code: share codes, format 1
FORMAT = "cl1"
#: the longest text :func:`read_share` looks at (a stacked deal of 63 cards needs about 300)
MAX_CODE_LENGTH = 4000
#: the most actions a code may hold (a deal of any cardlab game has far fewer)
MAX_ACTIONS = 5000
#: how many characters of the hash a code carries (36 bits)
CHECK_LENGTH = 6

#: base64url digits, in their order
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DIGIT = {ch: i for i, ch in enumerate(_ALPHABET)}
_NOT_ALLOWED = re.compile(r"[^A-Za-z0-9._~-]")
_TAGS = "vsdxkoObatc"  # the tags in the order a code writes them
_INT = re.compile(r"-?[0-9]{1,20}")
_SMALL = re.compile(r"[0-9]{1,5}")
_NAME = re.compile(r"[a-z_][a-z0-9_]{0,60}")
_WORD = re.compile(r"[A-Za-z0-9_]{0,60}")
_POLICY = re.compile(r"[a-z][a-z0-9_]{0,19}")
_VERSION = re.compile(r"[A-Za-z0-9._-]{1,40}")
_B64 = re.compile(r"[A-Za-z0-9_-]*")
_CARD_SEPARATORS = re.compile(r"([ /])")


@dataclass(frozen=True, repr=False)
class Shared:
    """What a share code gives back: the line of a deal and the step to show.

    :ivar state: the line's last state (``state.states()`` is the line).
    :ivar step: the step to show: how many actions into the line (0 … ``len(line) − 1``).
    :ivar line: every state from the deal to ``state``.
    :ivar bots: the bots' policy written in the code (``'heuristic'``), or None.
    :ivar version: the cardlab version that made the code.
    :ivar code: the code itself, as read (whitespace removed).
    """

    state: State
    step: int
    line: tuple[State, ...] = field(compare=False)
    bots: str | None
    version: str
    code: str

    @property
    def shown(self) -> State:
        """The state at the step to show."""
        return self.line[self.step]

    @property
    def game(self) -> Game:
        """The game (with its options) of the deal."""
        return self.state.game

    def __repr__(self) -> str:
        bots = f", bots={self.bots!r}" if self.bots else ""
        return (f"Shared({self.game!r}, step {self.step} of {len(self.line) - 1}{bots}, "
                f"made with cardlab {self.version})")


# -- making a code -----------------------------------------------------------------------------
def share_code(state: State, *, step: int | None = None, bots: str | None = None) -> str:
    """The share code of ``state``'s line (from the deal to ``state``), showing ``step``.

    :param state: the last state of the line to share.
    :param step: the step to show, ``0 … len(state.history)`` (default: the last).
    :param bots: the policy of the bots that played (``'heuristic'``, ``'random'``), to be
        told back by :func:`read_share`; the actions are written out either way.
    :raises ValueError: for a bad step or policy name, a game that is not registered, or
        a deal that would not replay from its code.

    A deal from a seed is written as its seed (and dealer); any other deal as its setup.
    """
    from cardlab.engine.state import State

    if not isinstance(state, State):
        raise ValueError(f"share_code needs a State, not {type(state).__name__}")
    last = len(state.history)
    if step is None:
        step = last
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= last:
        raise ValueError(f"step must be a whole number 0…{last}, not {step!r}")
    if bots is not None and (not isinstance(bots, str) or not _POLICY.fullmatch(bots)):
        raise ValueError(f"bots must be a policy name such as 'heuristic', not {bots!r}")
    game = state.game
    if game.name not in registry.names():
        raise ValueError(f"game {game.name!r} is not registered: a share code names a game "
                         "that cardlab.load can load")
    line = state.states()
    first = line[0]
    head = [FORMAT, game.name, "v" + _version_field(_cardlab_version())]
    tail = [part for part in (_options_field(game), "b" + bots if bots else "")
            if part] + [_actions_field(line), f"t{step}"]
    options = _options_of(game)
    actions = [str(a) for a in state.history]
    check = "c" + _check(game.name, options, first.setup, actions, step, bots, state)
    attempts = [deal for deal in (_seeded_fields(first), _stacked_fields(first)) if deal]
    problem = ""
    for deal in attempts:
        code = "~".join([*head, *deal, *tail, check])
        try:
            shared = read_share(code)
        except RecordError as err:
            problem = str(err)
            continue
        if [str(a) for a in shared.state.history] == actions and \
                shared.line[0].setup == first.setup:
            return code
        problem = "the code replays to another deal"
    raise ValueError(f"this {game.name} deal cannot be shared: {problem}")


def _cardlab_version() -> str:
    from cardlab.version import __version__

    return __version__


def _version_field(version: str) -> str:
    text = version.replace("+", "_")
    text = _NOT_ALLOWED.sub("-", text.replace("~", "-"))[:40]
    return text or "unknown"


def _options_of(game: Game) -> dict[str, Any]:
    """The options that differ from the game's defaults (those that reload the same game)."""
    defaults = registry.load(game.name).options_dict()
    mine = game.options_dict()
    changed = {k: v for k, v in mine.items() if k not in defaults or defaults[k] != v}
    for candidate in (changed, mine):
        try:
            if registry.load(game.name, **candidate) == game:
                return candidate
        except (ValueError, TypeError):
            continue
    raise ValueError(f"the options of {game!r} do not load back with cardlab.load")


def _options_field(game: Game) -> str:
    options = _options_of(game)
    if not options:
        return ""
    items = []
    for name, value in options.items():
        word = _option_word(value)
        if word is None or not _NAME.fullmatch(name):
            return "O" + _b64_json(options)
        items.append(f"{name}-{word}")
    return "o" + ".".join(items)


def _option_word(value: Any) -> str | None:
    """An option's value as a tagged word (None: it needs JSON)."""
    if value is True or value is False or value is None:
        return {True: "t", False: "f", None: "n"}[value]
    if isinstance(value, int) and abs(value) < 10 ** 18:
        return f"i{value}"
    if isinstance(value, str) and _WORD.fullmatch(value):
        return f"s{value}"
    return None


def _seeded_fields(first: State) -> list[str]:
    """``s``/``d`` (and ``x``) fields of a seeded deal, or ``[]``."""
    seed = getattr(first, "seed", None)
    if isinstance(seed, bool) or not isinstance(seed, int):
        return []
    if not _INT.fullmatch(str(seed)):
        seed &= (1 << 64) - 1  # the shuffle reads a seed modulo 2**64
    dealer = first.setup.get("dealer", 0)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 1000:
        return []
    try:
        plain = first.game.deal(seed=seed, dealer=dealer).setup
    except Exception:  # noqa: BLE001 - a seed this game cannot deal from: write the setup
        return []
    extra = {k: v for k, v in first.setup.items() if k != "dealer" and plain.get(k) != v}
    fields = [f"s{seed}", f"d{dealer}"]
    if extra:
        fields.append("x" + _b64_json(_pack_cards(extra, first.game.deck)))
    return fields


def _stacked_fields(first: State) -> list[str]:
    return ["k" + _b64_json(_pack_cards(dict(first.setup), first.game.deck))]


def _actions_field(line: list[State]) -> str:
    """``a<count>.<digits>``: the actions as indices among the legal actions, one number."""
    number, weight = 0, 1
    for k, (before, after) in enumerate(zip(line, line[1:])):
        legal = before.legal_actions()
        act = after.history[-1]
        try:
            index = legal.index(act)
        except ValueError:
            raise ValueError(f"action {k + 1} ({act!r}) is not among the legal actions of the "
                             "state before it") from None
        number += index * weight
        weight *= len(legal)
    count = len(line) - 1
    return f"a{count}.{_to_digits(number)}" if number else f"a{count}"


def _to_digits(number: int) -> str:
    out = []
    while number:
        number, r = divmod(number, 64)
        out.append(_ALPHABET[r])
    return "".join(reversed(out))


def _from_digits(text: str) -> int:
    number = 0
    for ch in text:
        number = number * 64 + _DIGIT[ch]
    return number


def _b64_json(value: Any) -> str:
    raw = json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii").rstrip("=")


def _card_width(deck: Deck) -> int:
    return 1 if len(deck) <= 64 else 2


def _pack_cards(value: Any, deck: Deck) -> Any:
    """``value`` with every string of card codes written as ``=`` and a character per card
    (``.`` for a ``/`` between two cards); a word that starts with ``=`` gets another."""
    if isinstance(value, dict):
        return {k: _pack_cards(v, deck) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_pack_cards(v, deck) for v in value]
    if not isinstance(value, str):
        return value
    parts = _CARD_SEPARATORS.split(value)
    width = _card_width(deck)
    out = ["="]
    for i, part in enumerate(parts):
        if i % 2:
            out.append("." if part == "/" else "")
            continue
        try:
            card = deck.parse(part)
        except IllegalAction:
            card = None
        if card is None or card.code != part:
            return "=" + value if value.startswith("=") else value
        at = deck.index(card)
        out.append(_ALPHABET[at] if width == 1 else _ALPHABET[at // 64] + _ALPHABET[at % 64])
    return "".join(out)


def _unpack_cards(value: Any, deck: Deck, depth: int = 0) -> Any:
    """The inverse of :func:`_pack_cards`.

    :raises ValueError: for a card character outside the pack.
    """
    if depth > 20:
        raise ValueError("it nests too deeply")
    if isinstance(value, dict):
        return {k: _unpack_cards(v, deck, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_unpack_cards(v, deck, depth + 1) for v in value]
    if not isinstance(value, str) or not value.startswith("="):
        return value
    if value.startswith("=="):
        return value[1:]
    width = _card_width(deck)
    codes: list[str] = []
    glue = " "
    text = value[1:]
    i = 0
    while i < len(text):
        if text[i] == ".":
            glue = "/"
            i += 1
            continue
        chunk = text[i:i + width]
        if len(chunk) < width or any(ch not in _DIGIT for ch in chunk):
            raise ValueError(f"{_short(value)} is not a run of cards")
        at = _DIGIT[chunk[0]] if width == 1 else _DIGIT[chunk[0]] * 64 + _DIGIT[chunk[1]]
        if at >= len(deck):
            raise ValueError(f"card {at + 1} of a {len(deck)}-card pack does not exist")
        if codes:
            codes.append(glue)
        codes.append(deck[at].code)
        glue = " "
        i += width
    return "".join(codes)


def _check(game: str, options: Mapping[str, Any], setup: Mapping[str, Any],
           actions: list[str], step: int, bots: str | None, last: State) -> str:
    """Six characters of a hash of what a code replays to (never of the version)."""
    result = last.result
    points = None if result is None else [result.points, list(result.seat_points)]
    facts = [FORMAT, game, dict(options), dict(setup), actions, step, bots, last.phase, points]
    raw = json.dumps(facts, sort_keys=True, separators=(",", ":"), default=str)
    digest = hashlib.sha256(raw.encode("utf-8")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:CHECK_LENGTH]


# -- reading a code ----------------------------------------------------------------------------
def read_share(code: str) -> Shared:
    """The deal, its line and the step that ``code`` (from :func:`share_code`) gives back.

    Whitespace in the code is ignored (a code broken across lines still reads).

    :raises RecordError: naming what is wrong: not a share code, a bad field, an unknown
        game or option, a deal or actions that do not replay, a check that does not match
        (a mistyped or changed code), or a code made with another cardlab version whose
        deal replays differently here (``code='other_version'``, naming both versions).
    """
    text = _clean(code)
    fields = _fields(text)
    version = fields["v"].replace("_", "+")
    here = _cardlab_version()
    try:
        return _replay(text, fields, version)
    except RecordError as err:
        if fields["v"] == _version_field(here) or err.code == "bad_share_code":
            raise
        why = str(err).removeprefix("share code: ")
        raise RecordError(f"share code made with cardlab {version}; this is cardlab {here}, "
                          f"and the deal replays differently here ({why})",
                          code="other_version") from None


def _fail(message: str, code: str = "bad_share_code") -> RecordError:
    return RecordError(f"share code: {message}", code=code)


def _short(text: str, limit: int = 30) -> str:
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "…"


def _clean(code: Any) -> str:
    if not isinstance(code, str):
        raise _fail(f"a code is text, not {type(code).__name__}")
    if len(code) > 2 * MAX_CODE_LENGTH:
        raise _fail(f"a code is at most {MAX_CODE_LENGTH} characters; this text has "
                    f"{len(code)}")
    text = "".join(code.split())
    if not text:
        raise _fail("the code is empty")
    if len(text) > MAX_CODE_LENGTH:
        raise _fail(f"a code is at most {MAX_CODE_LENGTH} characters; this one has {len(text)}")
    bad = _NOT_ALLOWED.search(text)
    if bad is not None:
        raise _fail(f"character {bad.group()!r} at position {bad.start() + 1} is not allowed "
                    "(a code has letters, digits and - _ . ~ only)")
    return text


def _fields(text: str) -> dict[str, str]:
    """The code's fields by tag (``game`` for the game), checked for shape."""
    parts = text.split("~")
    if parts[0] != FORMAT:
        if re.fullmatch(r"cl[0-9]{1,3}", parts[0]):
            raise _fail(f"format {parts[0]!r} is not one this cardlab reads ({FORMAT}); was "
                        "it made with a newer cardlab?")
        raise _fail(f"this is not a cardlab share code (a code starts with '{FORMAT}~', this "
                    f"one with {_short(parts[0], 12)})")
    if len(parts) < 2 or not parts[1]:
        raise _fail("the game is missing after 'cl1~'")
    out = {"game": parts[1]}
    order = -1
    for part in parts[2:]:
        if not part:
            raise _fail("an empty field ('~~'): the code was cut or joined wrongly")
        tag, value = part[0], part[1:]
        if tag not in _TAGS:
            raise _fail(f"unknown field {_short(part, 12)} (fields start with one of "
                        f"{', '.join(_TAGS)})")
        if tag in out:
            raise _fail(f"field '{tag}' appears twice")
        if _TAGS.index(tag) < order:
            raise _fail(f"field '{tag}' is out of order")
        order = _TAGS.index(tag)
        out[tag] = value
    for tag, what in (("v", "the version"), ("a", "the actions"), ("t", "the step"),
                      ("c", "the check")):
        if tag not in out:
            raise _fail(f"{what} (field '{tag}') is missing: was the code cut short?")
    if ("s" in out) == ("k" in out):
        raise _fail("a code holds either a seed (field 's') or a setup (field 'k'), "
                    "exactly one")
    if ("d" in out or "x" in out) and "s" not in out:
        raise _fail("fields 'd' and 'x' belong to a seeded deal (field 's')")
    if "s" in out and "d" not in out:
        raise _fail("the dealer (field 'd') is missing")
    if "o" in out and "O" in out:
        raise _fail("the options are given twice (fields 'o' and 'O')")
    _shape(out)
    return out


def _shape(fields: Mapping[str, str]) -> None:
    """Every field's value has the form its tag asks for (sizes bounded)."""
    rules = {"v": (_VERSION, "a version such as 0.1.0"),
             "s": (_INT, "a whole number of at most 20 digits"),
             "d": (re.compile(r"[0-9]{1,3}"), "a seat number"),
             "b": (_POLICY, "a policy name such as 'heuristic'"),
             "t": (_SMALL, "a whole number of at most 5 digits"),
             "c": (re.compile(f"[A-Za-z0-9_-]{{{CHECK_LENGTH}}}"),
                   f"{CHECK_LENGTH} base64url characters"),
             "x": (_B64, "base64url"), "k": (_B64, "base64url"), "O": (_B64, "base64url"),
             "a": (re.compile(r"[0-9]{1,5}(\.[A-Za-z0-9_-]+)?"),
                   "a count of actions and their digits (a12.Xy3)")}
    for tag, (pattern, what) in rules.items():
        value = fields.get(tag)
        if value is not None and not pattern.fullmatch(value):
            raise _fail(f"field '{tag}' must be {what}, not {_short(value)}")


def _replay(text: str, fields: Mapping[str, str], version: str) -> Shared:
    name = fields["game"]
    if name not in registry.names():
        raise _fail(f"unknown game {_short(name)}{did_you_mean(name, registry.names())}; "
                    f"valid games: {', '.join(registry.names())}", "unknown_game")
    options = _read_options(fields)
    try:
        game = registry.load(name, **options)
    except (ValueError, TypeError) as err:
        raise _fail(f"the options do not load: {err}", "bad_options") from None
    first = _first_state(game, fields)
    count_text, _, digits = fields["a"].partition(".")
    count = int(count_text)
    if count > MAX_ACTIONS:
        raise _fail(f"it holds {count} actions; a deal has at most {MAX_ACTIONS}",
                    "bad_actions")
    number = _from_digits(digits)
    state = first
    for k in range(count):
        legal = [] if state.is_over else state.legal_actions()
        if not legal:
            raise _fail(f"it holds {count} actions, but the deal ends after {k}", "bad_actions")
        number, index = divmod(number, len(legal))
        state = state.apply(legal[index])
    if number:
        raise _fail(f"an action index is out of range (the action digits hold more than "
                    f"{count} choices among the legal actions)", "bad_actions")
    step = int(fields["t"])
    if step > count:
        raise _fail(f"step {step} is past the last action ({count})", "bad_step")
    bots = fields.get("b") or None
    actions = [str(a) for a in state.history]
    expected = _check(name, options, first.setup, actions, step, bots, state)
    if fields["c"] != expected:
        raise _fail("its check does not match the deal it replays to: the code was mistyped, "
                    "cut or changed", "bad_check")
    return Shared(state=state, step=step, line=tuple(state.states()), bots=bots,
                  version=version, code=text)


def _read_options(fields: Mapping[str, str]) -> dict[str, Any]:
    if "O" in fields:
        value = _json_field(fields["O"], "O")
        if not isinstance(value, dict):
            raise _fail("the options (field 'O') must be a JSON object", "bad_options")
        return value
    words = fields.get("o")
    if not words:
        return {}
    out: dict[str, Any] = {}
    for item in words.split("."):
        name, sep, word = item.partition("-")
        if not sep or not _NAME.fullmatch(name) or not word:
            raise _fail(f"option {_short(item)} must be name-value, e.g. players-i2",
                        "bad_options")
        if name in out:
            raise _fail(f"option {name!r} is given twice", "bad_options")
        tag, rest = word[0], word[1:]
        if word in ("t", "f", "n"):
            out[name] = {"t": True, "f": False, "n": None}[word]
        elif tag == "i" and re.fullmatch(r"-?[0-9]{1,18}", rest):
            out[name] = int(rest)
        elif tag == "s" and _WORD.fullmatch(rest):
            out[name] = rest
        else:
            raise _fail(f"option {name!r}: value {_short(word)} must be t, f, n, i<number> or "
                        "s<word>", "bad_options")
    return out


def _json_field(value: str, tag: str) -> Any:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
        return json.loads(raw.decode("utf-8"))
    except (ValueError, TypeError, RecursionError):
        raise _fail(f"field '{tag}' is not base64url JSON (cut short or mistyped?)") from None


def _first_state(game: Game, fields: Mapping[str, str]) -> State:
    """The deal a code names: from its seed (and dealer), or from its setup."""
    try:
        if "s" in fields:
            extra: Any = {}
            if "x" in fields:
                extra = _unpack_cards(_json_field(fields["x"], "x"), game.deck)
                if not isinstance(extra, dict) or {"seed", "dealer"} & set(extra):
                    raise ValueError("field 'x' must be an object of other deal arguments")
            seed = int(fields["s"])
            if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
                raise _fail(f"the seed (field 's') must be a whole number from {SEED_RANGE[0]} "
                            f"to {SEED_RANGE[1]}, not {seed}", "bad_setup")
            return game.deal(seed=seed, dealer=int(fields["d"]), **extra)
        setup = _unpack_cards(_json_field(fields["k"], "k"), game.deck)
        if not isinstance(setup, dict):
            raise ValueError("field 'k' must be an object of deal arguments")
        return game.deal(**setup)
    except RecordError:
        raise
    except IllegalAction as err:
        raise _fail(f"the deal does not load: {err}", err.code) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
            RecursionError) as err:
        raise _fail(f"the deal does not load: {err}", "bad_setup") from None
