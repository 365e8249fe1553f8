"""A match: deals to the end of a game, with scores, a score sheet and the dealer's turn.

The generic :class:`Match` keeps the sheet, deals from the match seed, moves
the dealer and plays bots; a game subclasses it to say how a finished deal
changes the scores and when the match ends (``_scores_after`` and
``_outcome``), and what a new deal carries over (``_carry``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlab.engine.rng import derive_seed
from cardlab.errors import IllegalAction

if TYPE_CHECKING:
    from cardlab.engine.game import Game
    from cardlab.engine.result import Result
    from cardlab.engine.state import State

__all__ = ["Match"]


class Match:
    """Deals to the end of the game. ``scores`` maps side name → running score."""

    #: a safety stop for ``play``: no real match needs this many deals
    max_deals = 2000

    def __init__(self, game: Game, seed: int | None = None,
                 scores: Mapping[str, int] | None = None, dealer: int = 0) -> None:
        self.game = game
        self.seed = 0 if seed is None else seed
        sides = list(game.sides)
        if scores is None:
            self.scores: dict[str, int] = {s: 0 for s in sides}
        else:
            if isinstance(scores, Mapping):
                bad = sorted(set(scores) - set(sides))
                if bad:
                    raise ValueError(f"unknown side(s) {bad} in scores; sides are {sides}")
                self.scores = {s: int(scores.get(s, 0)) for s in sides}
            else:
                values = list(scores)
                if len(values) != len(sides):
                    raise ValueError(f"scores needs {len(sides)} values, for {sides}")
                self.scores = dict(zip(sides, (int(v) for v in values), strict=False))
        if not (isinstance(dealer, int) and 0 <= dealer < game.players):
            raise ValueError(f"dealer must be a seat 0…{game.players - 1}")
        self.initial_scores = dict(self.scores)
        self.first_dealer = dealer
        self.dealer = dealer
        self.sheet: list[dict[str, Any]] = []
        self.records: list[str] = []
        self.is_over = False
        self.winner: str | None = None

    # -- hooks for games -----------------------------------------------------------
    def _scores_after(self, result: Result) -> dict[str, int]:
        """The running scores after a deal with ``result`` (default: add the points)."""
        return {s: v + int(result.points.get(s, 0)) for s, v in self.scores.items()}

    def _outcome(self, result: Result) -> tuple[bool, str | None]:
        """Whether the match is over after this deal, and the winner."""
        return False, None

    def _carry(self) -> dict[str, Any]:
        """Extra keyword arguments each new deal receives (e.g. a pot carried over)."""
        return {}

    def _next_dealer(self, state: State) -> int:
        """The next deal's dealer: by default the next seat in the direction of play."""
        return (self.dealer + 1) % self.game.players

    # -- the match -----------------------------------------------------------------
    def deal(self, **stacked: Any) -> State:
        """The next deal, with the match's dealer (seeded from the match seed if no cards)."""
        if self.is_over:
            raise IllegalAction("the match is over", code="match_over")
        kwargs = {**self._carry(), **stacked}
        kwargs.setdefault("dealer", self.dealer)
        if not any(k in stacked for k in ("hands", "deck", "piles", "seed")):
            kwargs["seed"] = derive_seed(self.seed, len(self.sheet))
        return self.game.deal(**kwargs)

    def record(self, state: State) -> dict[str, Any]:
        """Add a finished deal: update the scores and sheet, move the dealer; return the row."""
        if self.is_over:
            raise IllegalAction("the match is over", code="match_over")
        if state.game != self.game:
            raise IllegalAction("that deal is of another game or options", code="wrong_game")
        result = state.result
        if not state.is_over or result is None:
            raise IllegalAction("only a finished deal can be recorded", code="deal_not_over")
        self.scores = self._scores_after(result)
        row = {"deal": len(self.sheet) + 1, "dealer": self.game.seat_name(self.dealer),
               "contract": result.contract,
               "declarer": None if result.declarer is None else self.game.seat_name(
                   result.declarer),
               "made": result.made, "points": dict(result.points), "scores": dict(self.scores)}
        self.sheet.append(row)
        self.records.append(state.to_json())
        self.is_over, self.winner = self._outcome(result)
        self.dealer = self._next_dealer(state)
        return row

    def play(self, bots: Sequence[Any] | Any = None, *, max_deals: int | None = None) -> Match:
        """Play deals with ``bots`` (one per seat, or one for all; default random) to the end."""
        from cardlab.bots import RandomBot, play_out

        if bots is None:
            bots = RandomBot(seed=self.seed)
        limit = self.max_deals if max_deals is None else max_deals
        while not self.is_over and len(self.sheet) < limit:
            self.record(play_out(self.deal(), bots))
        return self

    def to_json(self) -> str:
        """The match as JSON: game, options, seed, scores, sheet and each deal's record."""
        return json.dumps({"format": "cardlab-match", "version": 1, "game": self.game.name,
                           "options": self.game.options_dict(), "seed": self.seed,
                           "initial_scores": self.initial_scores,
                           "first_dealer": self.first_dealer, "scores": self.scores,
                           "sheet": self.sheet, "deals": [json.loads(r) for r in self.records],
                           "is_over": self.is_over, "winner": self.winner},
                          ensure_ascii=False)

    def __repr__(self) -> str:
        scores = ", ".join(f"{k} {v}" for k, v in self.scores.items())
        state = f"won by {self.winner}" if self.is_over else "in progress"
        return f"<{self.game.name} match: {len(self.sheet)} deals, {scores}, {state}>"
