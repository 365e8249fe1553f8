"""A game of Five Hundred to 500 (5H-9): scores per side, the sheet, the dealer's turn.

A side wins only by *making a contract* that takes it to the target (500) or
more (5H-9.1); a side at the loss threshold (−500) or below loses (5H-9.3,
checked first). The 490/480 cap and the "over 400" rule need the running
scores, so the match rescores each deal from its totals.
"""

from __future__ import annotations

from typing import Any

from cardlab.engine.match import Match
from cardlab.engine.result import Result
from cardlab.engine.state import State

__all__ = ["FiveHundredMatch"]


class FiveHundredMatch(Match):
    """Deals of Five Hundred to 500 / −500 (DESIGN §2.3)."""

    def _score(self, state: State) -> Result:
        """The deal scored from the running totals (490/480 and over-400 rules)."""
        return self.game.score_deal(state, scores=self.scores)

    def _row(self, result: Result) -> dict[str, Any]:
        """The sheet row carries the breakdown too (it depends on the running totals)."""
        return {**super()._row(result), "breakdown": list(result.breakdown)}

    def _outcome(self, result: Result) -> tuple[bool, str | None]:
        """5H-9.3 going out backwards first, then 5H-9.1 a made contract to 500 (5H-9.4: that
        order), then (American ``win_by_defending``) any side at 500, the contractors first."""
        o = self.game.options
        scores = self.scores
        sides = list(scores)
        losers = [s for s in sides if scores[s] <= o.loss_threshold]
        if losers and o.backwards_needs_nonnegative_opponent:
            losers = [s for s in losers if all(scores[t] >= 0 for t in sides if t not in losers)]
        if losers:
            rest = [s for s in sides if s not in losers]
            if not rest:
                return True, None
            return True, max(rest, key=lambda s: scores[s])  # 5H-9.3 the highest score wins
        contractor_sides: list[str] = []
        if result.declarer is not None:
            # contractors are named by position (with ghost partners ``G1``/``G2`` too)
            names = getattr(self.game, "position_names", self.game.seat_names)
            held = {names.index(n) for n in result.figures.get("contractors", [])}
            contractor_sides = [side for side, members in (result.sides or self.game.sides
                                                           ).items() if held & set(members)]
        if result.made:
            winners = [s for s in contractor_sides if scores[s] >= o.target]
            if winners:
                return True, max(winners, key=lambda s: scores[s])
        if o.win_by_defending:
            winners = [s for s in sides if scores[s] >= o.target]
            if winners:
                first = [s for s in winners if s in contractor_sides and result.made]
                pool = first or winners
                return True, max(pool, key=lambda s: scores[s])
        return False, None
