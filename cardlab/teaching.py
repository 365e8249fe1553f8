"""Small "try it" exercises for the tutorials, whose answers the engine checks.

An exercise asks a question about a state ("which cards may West play here?"),
knows the right answer because the engine computes it, and answers a learner's
attempt with praise, a precise correction, or a hint. Notebooks ship with the
answer left as ``None``, so running them shows the hint, never the solution.

>>> import cardlab
>>> state = cardlab.load("five_hundred").deal(seed=7, dealer=3)
>>> ex = legal_cards_exercise(state, verb="bid", hint="misère needs a 7-level bid first")
>>> print(ex.check(None))
No answer yet. Hint: misère needs a 7-level bid first
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cardlab.cards import Card
from cardlab.engine.state import State

__all__ = ["Exercise", "Feedback", "legal_cards_exercise", "trick_winner_exercise",
           "choice_exercise"]


class Feedback(str):
    """The reply to an attempt: plain words, with ``correct`` attached."""

    correct: bool

    def __new__(cls, text: str, *, correct: bool) -> Feedback:
        self = super().__new__(cls, text)
        self.correct = correct
        return self

    def __repr__(self) -> str:  # shows as the words themselves in a notebook
        return str(self)


def _norm_set(items: Iterable[Any]) -> set[str]:
    out = set()
    for x in items:
        text = str(x).strip()
        try:
            text = Card.parse(text).code
        except ValueError:
            text = text.lower()
        out.add(text)
    return out


@dataclass(frozen=True)
class Exercise:
    """A question with an answer the engine computed, and a hint.

    :ivar question: the question in plain words.
    :ivar answer: the right answer: a set of codes/words (order does not matter)
        or a single code/word.
    :ivar hint: shown when there is no answer yet or the answer is wrong.
    :ivar explain: optional, a function giving the reason for one wrong item.
    """

    question: str
    answer: frozenset[str] | str
    hint: str = ""
    explain: Callable[[str], str] | None = None

    def check(self, attempt: Any) -> Feedback:
        """Judge ``attempt`` (None = not answered yet)."""
        if attempt is None:
            return Feedback(f"No answer yet. Hint: {self.hint}", correct=False)
        if isinstance(self.answer, str):
            got = next(iter(_norm_set([attempt])), "")
            want = next(iter(_norm_set([self.answer])))
            if got == want:
                return Feedback(f"Correct: {self.answer}.", correct=True)
            why = f" {self.explain(got)}" if self.explain else ""
            return Feedback(f"Not quite: {attempt} is not it.{why} Hint: {self.hint}",
                            correct=False)
        items = [attempt] if isinstance(attempt, (str, Card)) else list(attempt)
        got_set = _norm_set(items)
        want_set = _norm_set(self.answer)
        if got_set == want_set:
            return Feedback(f"Correct: {' '.join(sorted(str(a) for a in self.answer))}.",
                            correct=True)
        lines = []
        for extra in sorted(got_set - want_set):
            why = self.explain(extra) if self.explain else "it is not allowed here"
            lines.append(f"{extra} is not right: {why}")
        missing = want_set - got_set
        if missing:
            lines.append(f"you missed {len(missing)} more.")
        return Feedback("Not quite. " + "; ".join(lines) + f" Hint: {self.hint}", correct=False)

    def __repr__(self) -> str:
        return f"Exercise: {self.question}"


def legal_cards_exercise(state: State, *, verb: str = "play", hint: str = "",
                         question: str | None = None) -> Exercise:
    """"Which cards (or calls) may the player to move choose?" — answered by the engine."""
    mover = state.game.seat_name(state.to_move)
    legal = [str(a) for a in state.legal_actions() if str(a).startswith(verb + " ")]
    answer = frozenset(a.split(" ", 1)[1] for a in legal)

    def why(item: str) -> str:
        return str(state.explain(f"{verb} {item}"))

    return Exercise(question or f"Which of {mover}'s choices are legal now?", answer,
                    hint, why)


def trick_winner_exercise(before: State, after: State, *, hint: str = "") -> Exercise:
    """"Who wins this trick?" — ``after`` is the state once the trick is complete."""
    done = after.tricks[-1]  # type: ignore[attr-defined]
    winner = after.game.seat_name(done.winner)
    return Exercise("Who wins this trick?", winner, hint)


def choice_exercise(question: str, answer: str, *, hint: str = "",
                    reasons: dict[str, str] | None = None) -> Exercise:
    """A question with one right word (e.g. a suit or a seat) and reasons for wrong ones."""
    table = {k.lower(): v for k, v in (reasons or {}).items()}
    return Exercise(question, answer, hint, lambda got: table.get(got.lower(), ""))
