"""Rule options as frozen dataclasses, declared as data and validated by name.

Each game declares its options once, as a frozen dataclass whose fields are
made with :func:`option` (default, allowed values, source, and whether it changes
only how a finished deal scores). :func:`build_options` turns ``preset=`` plus
keyword arguments into an instance, refusing an unknown name or value with a
message that lists the valid ones.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from cardlab.errors import did_you_mean

__all__ = ["option", "build_options", "options_dict", "option_choices", "scoring_options"]

OptionsT = TypeVar("OptionsT")


def option(default: Any, *, choices: tuple[Any, ...] | None = None, kind: type | None = None,
           source: str = "", doc: str = "", scoring_only: bool = False) -> Any:
    """A dataclass field for a rule option.

    :param default: the spec's default.
    :param choices: the allowed values (the spec's alternatives); ``None`` means
        any value of ``kind`` (or of the default's type).
    :param kind: the type of an open-ended value (e.g. ``int`` for a target score).
    :param source: the spec's citation for the option (e.g. ``"A-18"``).
    :param scoring_only: the option changes only how a finished deal scores, never the
        deal, the legal actions or when the deal ends; so a deal played under one value
        can be scored under another (``game.score_deal``), and studies rescore the same
        deals instead of playing them again (:func:`scoring_options`).
    """
    meta = {"choices": choices, "kind": kind, "source": source, "doc": doc,
            "scoring_only": scoring_only}
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


def _describe(f: dataclasses.Field) -> str:  # type: ignore[type-arg]
    choices = f.metadata.get("choices")
    if choices is not None:
        return ", ".join(repr(c) for c in choices)
    kind = f.metadata.get("kind")
    if kind is None:
        default = f.default if f.default is not dataclasses.MISSING else None
        kind = type(default)
    return f"any {kind.__name__}"


def _valid(f: dataclasses.Field, value: Any) -> bool:  # type: ignore[type-arg]
    choices = f.metadata.get("choices")
    if choices is not None:
        return any(value == c and type(value) is type(c) or (value is None and c is None)
                   for c in choices)
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
            raise ValueError(f"{game}: option {name}={value!r} is not valid"
                             f"{_close_choice(fields[name], value)}; expected "
                             f"{_describe(fields[name])}")
    return cls(**merged)


def _close_choice(f: dataclasses.Field, value: Any) -> str:  # type: ignore[type-arg]
    """`` (did you mean 'unled_suits'?)`` for a misspelled word among an option's choices."""
    choices = f.metadata.get("choices") or ()
    words = [c for c in choices if isinstance(c, str)]
    return did_you_mean(value, words) if isinstance(value, str) and words else ""


def options_dict(options: Any) -> dict[str, Any]:
    """The options as a plain dict (JSON-able values)."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
