"""A game of Pandoeren: several deals to the end of the game (A2.12, P-A20).

:class:`PandoerenMatch` plays a fixed number of deals (``game_end={'deals': N}``) or to
a target score (``{'target': X}``) and keeps the score sheet; every seat scores for
herself, so the sides of the match are the seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.engine.match import Match
from cardlab.engine.result import Result

if TYPE_CHECKING:
    from cardlab.games.pandoeren.game import PandoerenGame

__all__ = ["PandoerenMatch"]


class PandoerenMatch(Match):
    """A game of Pandoeren (A2.12 / P-A20): ``game_end={'deals': 16}`` (default) or
    ``{'target': X}``; the highest score wins, ties are shared (``winner`` 'N, S')."""

    def __init__(self, game: PandoerenGame, seed: int | None = None,
                 scores: Any = None, dealer: int = 0) -> None:
        super().__init__(game, seed=seed, scores=scores, dealer=dealer)
        self.deals_counted = 0
        self.winners: list[str] = []

    def _counts(self, result: Result) -> bool:
        """A redeal by the same dealer after all passed does not count as a deal."""
        return not (result.figures.get("thrown_in")
                    and self.game.options.all_pass == "same_dealer")

    def _outcome(self, result: Result) -> tuple[bool, str | None]:
        end = self.game.options.game_end
        if self._counts(result):
            self.deals_counted += 1
        if "deals" in end:
            over = self.deals_counted >= end["deals"]
        else:
            over = any(v >= end["target"] for v in self.scores.values())
        if not over:
            return False, None
        top = max(self.scores.values())
        self.winners = [s for s, v in self.scores.items() if v == top]
        return True, ", ".join(self.winners)
    # the dealer moves to ``result.next_dealer`` (A2.4 / P-A3: clockwise, except a
    # same-dealer redeal after all passed under ``all_pass='same_dealer'``)
