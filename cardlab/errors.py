"""The one exception root of cardlab, and its helpers.

Every refusal the engine gives is an :class:`IllegalAction` (a ``ValueError``)
carrying a short snake_case ``code`` and the spec's rule ``rule`` (e.g.
``5H-5.4d``), so a test, a widget or a learner can tell *why* as well as *that*.
"""

from __future__ import annotations

__all__ = ["IllegalAction", "CardError", "RecordError"]


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

    def __reduce__(self):  # keep code and rule through pickling (process pools)
        return (_rebuild, (type(self), str(self), self.code, self.rule))


def _rebuild(cls: type[IllegalAction], message: str, code: str, rule: str) -> IllegalAction:
    return cls(message, code=code, rule=rule)


class CardError(IllegalAction):
    """A card code that does not parse, or names a card not in the pack."""


class RecordError(IllegalAction):
    """A game record (JSON) that is malformed, tampered with or inconsistent."""
