"""Panfin's match: ``hands_to_play`` deals with the stacks and the pot carried over (B2.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.engine.match import Match
from cardlab.engine.result import Result

if TYPE_CHECKING:
    from cardlab.games.panfin.game import PanfinGame

__all__ = ["PanfinMatch"]


class PanfinMatch(Match):
    """B2.12 / F-A26: ``hands_to_play`` deals; stacks and the pot carry over (``_carry``)."""

    def __init__(self, game: PanfinGame, seed: int | None = None, scores: Any = None,
                 dealer: int = 0) -> None:
        super().__init__(game, seed, scores, dealer)
        self.pot = 0

    def _carry(self) -> dict[str, Any]:
        return {"pot": self.pot, "stacks": [self.scores[s] for s in self.game.seat_names]}

    def _enter(self, result: Result, record: str | None) -> dict[str, Any]:
        """Add a finished deal; the pot it leaves is carried into the next (all or nothing,
        inside ``record`` and ``add_result``)."""
        if "pot_after" not in result.figures:
            raise ValueError("a Panfin result says the pot it leaves (figures['pot_after'])")
        row = super()._enter(result, record)
        self.pot = int(result.figures["pot_after"])
        row["pot"] = self.pot
        return row

    def _outcome(self, result: Result) -> tuple[bool, str | None]:
        over = len(self.sheet) >= self.game.options.hands_to_play
        if not over:
            return False, None
        best = max(self.scores.values())
        leaders = [s for s, v in self.scores.items() if v == best]
        return True, leaders[0] if len(leaders) == 1 else None

    def to_json(self) -> str:
        """The match as JSON, with the pot left on the table."""
        import json

        data = json.loads(super().to_json())
        data["pot"] = self.pot
        return json.dumps(data, ensure_ascii=False)

