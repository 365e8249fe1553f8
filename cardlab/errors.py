"""The one exception root of cardlab, and its helpers.

Every refusal the engine gives is an :class:`IllegalAction` (a ``ValueError``)
carrying a short snake_case ``code`` and the spec's rule ``rule`` (e.g.
``5H-5.4d``), so a test, a widget or a learner can tell *why* as well as *that*.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

__all__ = ["IllegalAction", "CardError", "RecordError", "did_you_mean"]


class IllegalAction(ValueError):
    """An action, card code or record that the rules (or the notation) refuse.

    :param message: plain words: the token, the rule and what is legal now.
    :param code: a short snake_case name such as ``must_follow_suit``.
    :param rule: the spec's rule ID, e.g. ``5H-7.2``; empty for notation errors.

    >>> err = IllegalAction("'bid 5H' is not a bid", code="bad_notation")
    >>> err.code, str(err)
    ('bad_notation', "'bid 5H' is not a bid")
    """

    def __init__(self, message: str, *, code: str = "illegal", rule: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule

    def __reduce__(self) -> tuple[Any, ...]:  # keep code and rule through pickling (process pools)
        return (_rebuild, (type(self), str(self), self.code, self.rule))

    def _render_traceback_(self) -> list[str]:
        """How IPython (a notebook) shows a refusal: its one line, ``IllegalAction: 'play 5H'
        is not legal …``, since the message already says what was refused and why; a
        traceback through the engine's internals would only bury it."""
        return [f"{type(self).__name__}: {self}"]


def _rebuild(cls: type[IllegalAction], message: str, code: str, rule: str) -> IllegalAction:
    return cls(message, code=code, rule=rule)


class CardError(IllegalAction):
    """A card code that does not parse, or names a card not in the pack."""


class RecordError(IllegalAction):
    """A game record (JSON) that is malformed, tampered with or inconsistent."""


def did_you_mean(word: str, choices: Iterable[str], *, n: int = 3, cutoff: float = 0.6) -> str:
    """Words for the valid names closest to a misspelled ``word`` (by :mod:`difflib`), as
    `` (did you mean 'a' or 'b'?)``, or ``''`` when none is close.

    >>> did_you_mean("defensive_cpa", ["defensive_cap", "players", "misere_requires_seven"])
    " (did you mean 'defensive_cap'?)"
    >>> did_you_mean("xyz", ["players"])
    ''
    """
    if not isinstance(word, str):
        return ""
    by_fold: dict[str, str] = {}
    for choice in choices:
        by_fold.setdefault(str(choice).casefold(), str(choice))
    close = difflib.get_close_matches(word.casefold(), list(by_fold), n=n, cutoff=cutoff)
    return said_did_you_mean([by_fold[c] for c in close])


def said_did_you_mean(names: list[str]) -> str:
    """`` (did you mean 'a', 'b' or 'c'?)`` for ``names`` (``''`` for none)."""
    if not names:
        return ""
    quoted = [repr(name) for name in names]
    listed = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
    return f" (did you mean {listed}?)"
