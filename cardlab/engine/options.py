"""Rule options as frozen dataclasses, declared as data and validated by name.

Each game declares its options once, as a frozen dataclass whose fields are
made with :func:`option` (default, allowed values or range, source, and whether it
changes only how a finished deal scores). :func:`build_options` turns ``preset=`` plus
keyword arguments into an instance, refusing an unknown name or value with a
message that lists the valid ones, or the range (``bounds=``, ``step=``) an
open-ended number must fall in.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from cardlab.errors import did_you_mean

__all__ = ["option", "build_options", "options_dict", "option_choices", "scoring_options"]

OptionsT = TypeVar("OptionsT")


#: an option's range: ``(lo, hi)`` for a number; for a one-entry dict option (Pandoeren's
#: ``game_end``), the allowed keys each with its ``(lo, hi)``
Bounds = tuple[int, int] | Mapping[str, tuple[int, int]]


def option(default: Any, *, choices: tuple[Any, ...] | None = None, kind: type | None = None,
           bounds: Bounds | None = None, step: int = 1,
           source: str = "", doc: str = "", scoring_only: bool = False) -> Any:
    """A dataclass field for a rule option.

    :param default: the spec's default.
    :param choices: the allowed values (the spec's alternatives); ``None`` means
        any value of ``kind`` (or of the default's type) within ``bounds``.
    :param kind: the type of an open-ended value (e.g. ``int`` for a target score).
    :param bounds: the inclusive range ``(lo, hi)`` of an open-ended int (a default of
        ``None`` keeps ``None`` allowed too); for a dict option, its one allowed key's range,
        ``{"deals": (1, 1000), "target": (1, 10000)}``. Every open-ended option has one, so a
        record or a caller cannot ask for a pot, a target or a bid cap no match could reach.
    :param step: the value (each dict value) must be a multiple of ``step``, for scores
        that move in steps (Five Hundred's 10s).
    :param source: the spec's citation for the option (e.g. ``"A-18"``).
    :param scoring_only: the option changes only how a finished deal scores, never the
        deal, the legal actions or when the deal ends; so a deal played under one value
        can be scored under another (``game.score_deal``), and studies rescore the same
        deals instead of playing them again (:func:`scoring_options`).
    """
    if bounds is not None and not isinstance(bounds, Mapping) and bounds[0] > bounds[1]:
        raise ValueError(f"option bounds {bounds!r} are empty (lo > hi)")
    if not isinstance(step, int) or step < 1:
        raise ValueError(f"option step must be a positive int, not {step!r}")
    meta = {"choices": choices, "kind": kind, "bounds": bounds, "step": step, "source": source,
            "doc": doc, "scoring_only": scoring_only}
    if isinstance(default, (dict, list)):
        return dataclasses.field(default_factory=lambda: default, metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def option_choices(cls: type) -> dict[str, str]:
    """Each option's allowed values, in words (for docs and error messages)."""
    out = {}
    for f in dataclasses.fields(cls):
        out[f.name] = _describe(f)
    return out


def scoring_options(cls: type) -> frozenset[str]:
    """The names of the options of ``cls`` declared ``scoring_only`` (see :func:`option`).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Demo:
    ...     target: int = option(500, kind=int)
    ...     bonus: int = option(10, choices=(10, 20), scoring_only=True)
    >>> sorted(scoring_options(Demo))
    ['bonus']
    """
    return frozenset(f.name for f in dataclasses.fields(cls)
                     if f.metadata.get("scoring_only"))


def _range_words(lo: int, hi: int, step: int) -> str:
    """``"an int from 10 to 10000"``, ``"a multiple of 10 from -10000 to -10"``, ``"an even int from 2 to 200"``."""
    what = {1: "an int", 2: "an even int"}.get(step, f"a multiple of {step}")
    return f"{what} from {lo} to {hi}"


def _describe(f: dataclasses.Field) -> str:  # type: ignore[type-arg]
    choices = f.metadata.get("choices")
    if choices is not None:
        return ", ".join(repr(c) for c in choices)
    bounds = f.metadata.get("bounds")
    step = f.metadata.get("step", 1)
    if isinstance(bounds, Mapping):
        return " or ".join(f"{{{key!r}: {_range_words(lo, hi, step)}}}"
                           for key, (lo, hi) in bounds.items())
    if bounds is not None:
        words = _range_words(bounds[0], bounds[1], step)
        return f"None or {words}" if f.default is None else words
    kind = f.metadata.get("kind")
    if kind is None:
        default = f.default if f.default is not dataclasses.MISSING else None
        kind = type(default)
    return f"any {kind.__name__}"


def _in_range(value: Any, lo: int, hi: int, step: int) -> bool:
    return (isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi
            and value % step == 0)


def _valid(f: dataclasses.Field, value: Any) -> bool:  # type: ignore[type-arg]
    choices = f.metadata.get("choices")
    if choices is not None:
        return any(value == c and type(value) is type(c) or (value is None and c is None)
                   for c in choices)
    bounds = f.metadata.get("bounds")
    step = f.metadata.get("step", 1)
    if isinstance(bounds, Mapping):
        if not (isinstance(value, dict) and len(value) == 1 and next(iter(value)) in bounds):
            return False
        key, entry = next(iter(value.items()))
        lo, hi = bounds[key]
        return _in_range(entry, lo, hi, step)
    if bounds is not None:
        lo, hi = bounds
        return (value is None and f.default is None) or _in_range(value, lo, hi, step)
    kind = f.metadata.get("kind")
    if kind is None:
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[operator]
        kind = type(default)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


def build_options(cls: type[OptionsT], presets: Mapping[str, Mapping[str, Any]], preset: str | None,
                  values: Mapping[str, Any], *, game: str) -> OptionsT:
    """Make the options instance for ``preset`` (or the default) overridden by ``values``.

    :raises ValueError: for an unknown preset, option name or value, listing the valid ones
        and, for a misspelling, the closest (``defensive_cpa`` → did you mean
        ``'defensive_cap'``?).
    """
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    merged: dict[str, Any] = {}
    if preset is not None:
        if not isinstance(preset, str) or preset not in presets:
            raise ValueError(f"{game}: unknown preset {preset!r}{did_you_mean(preset, presets)}; "
                             f"valid presets: {', '.join(sorted(presets)) or 'none'}")
        merged.update(presets[preset])
    merged.update(values)
    for name, value in merged.items():
        if name not in fields:
            raise ValueError(f"{game}: unknown option {name!r}{did_you_mean(name, fields)}; "
                             f"valid options: {', '.join(fields)}")
        if not _valid(fields[name], value):
            raise ValueError(f"{game}: option {name}={_short(value)} is not valid"
                             f"{_close_choice(fields[name], value)}; expected "
                             f"{_describe(fields[name])}")
    return cls(**merged)


def _short(value: Any, limit: int = 60) -> str:
    """A value's repr cut short (a record may hold an int of thousands of digits)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int too long to print, a deep list
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


def _close_choice(f: dataclasses.Field, value: Any) -> str:  # type: ignore[type-arg]
    """`` (did you mean 'unled_suits'?)`` for a misspelled word among an option's choices."""
    choices = f.metadata.get("choices") or ()
    words = [c for c in choices if isinstance(c, str)]
    return did_you_mean(value, words) if isinstance(value, str) and words else ""


def options_dict(options: Any) -> dict[str, Any]:
    """The options as a plain dict (JSON-able values)."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
