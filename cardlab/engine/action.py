"""Actions and explanations: the notation people and tests read.

An :class:`Action` *is* its notation (a ``str`` subclass), so
``"play JD" in state.legal_actions()`` works and ``str(action)`` is what a
record stores. An :class:`Explanation` is plain words (also a ``str``) that
carry whether the action is legal, and the refusal ``code`` and ``rule``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Action", "Explanation", "Verdict"]


class Action(str):
    """One action in a game's notation: ``'bid 7H'``, ``'pass'``, ``'play JD'``.

    >>> a = Action("play JK H")
    >>> a.verb, a.args, repr(a)
    ('play', ('JK', 'H'), "Action('play JK H')")
    """

    __slots__ = ()

    @property
    def verb(self) -> str:
        """The first word: ``bid``, ``pass``, ``play`` …"""
        return self.split(" ", 1)[0]

    @property
    def args(self) -> tuple[str, ...]:
        """The words after the verb."""
        return tuple(self.split()[1:])

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


@dataclass(frozen=True)
class Verdict:
    """The engine's judgement of one action: legal or not, and why.

    ``reason`` is plain words for a learner; ``code`` and ``rule`` match the
    :class:`~cardlab.errors.IllegalAction` that ``apply`` would raise.
    """

    legal: bool
    reason: str
    code: str = ""
    rule: str = ""


class Explanation(str):
    """Plain words about one action, with ``legal``, ``code`` and ``rule`` attached.

    >>> e = Explanation("you must follow hearts", legal=False, code="must_follow_suit",
    ...                 rule="5H-7.1")
    >>> e.legal, e.code, e.rule, str(e)
    (False, 'must_follow_suit', '5H-7.1', 'you must follow hearts')
    """

    legal: bool
    code: str
    rule: str

    def __new__(cls, text: str, *, legal: bool, code: str = "", rule: str = "") -> Explanation:
        self = super().__new__(cls, text)
        self.legal = legal
        self.code = code
        self.rule = rule
        return self

    def __repr__(self) -> str:
        return (f"Explanation({str(self)!r}, legal={self.legal}, code={self.code!r}, "
                f"rule={self.rule!r})")
