"""An Officer Skat match (OS-7.6, B-21, B-22): deals with the deal alternating, to a fixed
even number of deals or to a target score."""

from __future__ import annotations

from cardlab.engine.match import Match
from cardlab.engine.result import Result

__all__ = ["OfficerSkatMatch"]


class OfficerSkatMatch(Match):
    """OS-7.6 / B-21 / B-22: a fixed even number of deals, the deal alternating; or, with
    ``target``, deals until a player reaches it. The higher total wins (None on a tie)."""

    def _outcome(self, result: Result) -> tuple[bool, str | None]:
        opts = self.game.options
        if opts.target is not None:
            over = any(v >= opts.target for v in self.scores.values())
        else:
            over = len(self.sheet) >= opts.match_deals
        if not over:
            return False, None
        ranked = sorted(self.scores.items(), key=lambda kv: -kv[1])
        if ranked[0][1] == ranked[1][1]:
            return True, None
        return True, ranked[0][0]
