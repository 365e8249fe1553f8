"""What the table tells: the narration of the deal as this viewer may hear it, and the
bots' reasons for their calls and choices beside it.

:class:`TableNarration` is a part of :class:`~cardlab.widgets.table.Table` (a mixin). The
sentences are kept per state along the line, so a new state adds one sentence to its
parent's instead of telling the whole deal again. A bot's reason is asked before it
chooses (:func:`bot_reason`) and read out in words (:func:`reason_words`); a reason speaks
of the bot's own hand, so it is told only where this viewer sees that hand.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cardlab.bots import RandomBot
from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.widgets._table_parts import TableParts
from cardlab.widgets._table_words import call_words
from cardlab.widgets._view import describe
from cardlab.widgets._words import without_rule_ids


class TableNarration(TableParts):
    """The narration and the bots' reasons, as this viewer may hear them."""

    def _narration(self, s: State) -> list[str]:
        """``s.narration()`` as this viewer may hear it: an action whose cards stay hidden
        from the viewer (a discard) is told without naming them."""
        def said(prev: State, nxt: State, so_far: tuple[str, ...]) -> tuple[str, ...]:
            text = self._sentence(prev, nxt)
            return (*so_far, text) if text else so_far

        return list(self._along_line(s, "narration", said))

    def _narration_why(self, s: State) -> list[str]:
        """Beside each sentence of :meth:`_narration`, the bot's reason for that call or
        choice where this viewer may read it (:meth:`_why_of`), else ``""``."""
        def why(prev: State, nxt: State, so_far: tuple[str, ...]) -> tuple[str, ...]:
            return (*so_far, self._why_of(prev)) if self._sentence(prev, nxt) else so_far

        return list(self._along_line(s, "narration_why", why))

    def _along_line(self, s: State, what: str,
                    add: Callable[[State, State, tuple[str, ...]], tuple[str, ...]]
                    ) -> tuple[str, ...]:
        """Lines told along the line up to ``s`` for this viewer (memoized per state as
        ``what``): each state keeps the lines up to it, so a new state adds to its parent's
        (``add(parent, state, parent's lines)``) instead of walking the whole deal again."""
        key = (what, *self._vkey())
        todo: list[State] = []
        t: State | None = s
        said: tuple[str, ...] = ()
        while t is not None:
            memo = self._memo_of(t)
            if key in memo:
                said = memo[key]
                break
            todo.append(t)
            t = t.parent
        for t in reversed(todo):
            if t.parent is not None:
                said = add(t.parent, t, said)
            self._memo_of(t)[key] = said
        return said

    def _why_of(self, s: State) -> str:
        """The reason of the bot that decided at ``s``, if this viewer sees its hand: the
        reason reads that hand (its cards, what it expects from them), so a seat face down
        gives none, and a learner learns nothing from it that the table hides."""
        got = self._reasons.get(s)
        if got is None:
            return ""
        seat, text = got
        return text if self._sees(seat) else ""

    def _sentence(self, prev: State, nxt: State) -> str:
        """The game's sentence for the action from ``prev`` to ``nxt``, as this viewer hears
        it (``""`` for a secret choice it must not learn of)."""
        key = ("said", *self._vkey())
        memo = self._memo_of(nxt)
        if key in memo:
            said: str = memo[key]
            return said
        text = without_rule_ids(describe(prev, nxt.history[-1], self._viewer(),
                                         self._shown_arg()))
        memo[key] = text
        return text


def bot_reason(bot: Any, s: State) -> str:
    """Why ``bot`` makes the call or choice it makes in ``s`` (its ``explain(s)``), asked
    before it chooses; ``""`` at a card play (the reasons are for the calls and choices) or
    for a bot that gives none. The random level has no ``explain``: its reason is chance."""
    legal = s.legal_actions()
    if all(a.verb == "play" for a in legal):
        return ""
    explain = getattr(bot, "explain", None)
    if callable(explain):
        return str(explain(s))
    if isinstance(bot, RandomBot):
        return ("its only legal action." if len(legal) == 1 else
                f"a random choice among its {len(legal)} legal actions.")
    return ""


def reason_words(s: State, action: Action, text: str) -> str:
    """A bot's reason as a person reads it: without the action's notation at its head (the
    narration's sentence already names the call), the legal actions it names in the game's
    words (``bid 7H`` → ``seven hearts``), and no bare rule IDs."""
    text = text.strip()
    head = f"{action}:"
    if text.startswith(head):
        text = text[len(head):].strip()
    game = s.game
    notations = sorted({str(a) for a in s.legal_actions()} | {str(action)}, key=len,
                       reverse=True)
    for notation in notations:
        if " " not in notation and "_" not in notation:
            continue  # a one-word call ('pass') reads as it is
        words = call_words(game, Action(notation))
        text = re.sub(rf"(?<![\w]){re.escape(notation)}(?![\w])", words, text)
    text = without_rule_ids(text)
    return text[:1].upper() + text[1:] if text else text
