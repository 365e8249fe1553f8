"""A game of Turn-up Whist to ``target`` points (EX-6): the engine's match, with the game's end.

The engine's :class:`~cardlab.engine.match.Match` keeps the sheet, deals, moves the dealer
and adds each deal's points; Turn-up Whist says only when the match is over and who won.
"""

from __future__ import annotations

from cardlab.engine.match import Match
from cardlab.engine.result import Result

__all__ = ["ExampleMatch"]


class ExampleMatch(Match):
    """EX-6 deals until a seat has ``target`` points or more after a deal: the highest score
    wins (a tie is shared, ``winner`` ``'P1, P3'``)."""

    def _outcome(self, result: Result) -> tuple[bool, str | None]:
        top = max(self.scores.values())
        if top < self.game.options.target:
            return False, None
        return True, ", ".join(s for s, v in self.scores.items() if v == top)
