"""A match: deals to the end of a game, with scores, a score sheet and the dealer's turn.

The generic :class:`Match` keeps the sheet, deals from the match seed, moves
the dealer and plays bots; a game subclasses it to say how a finished deal is
scored in the match (``_score``), how it changes the scores and when the match
ends (``_scores_after`` and ``_outcome``), what the sheet row carries
(``_row``; ``_enter`` for more) and what a new deal carries over (``_carry``). The dealer moves to
``result.next_dealer``, so the result of a deal and the match agree on it.

Recording is atomic: :meth:`Match.record` either adds the deal (scores, sheet,
records, dealer, the end of the match all updated) or raises and leaves the
match exactly as it was.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from copy import copy
from typing import TYPE_CHECKING, Any

from cardlab.engine.playout import RandomBot, play_out
from cardlab.engine.record import SCORE_RANGE, int_arg
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
                self.scores = {s: int_arg(scores.get(s, 0), f"scores[{s!r}]", SCORE_RANGE)
                               for s in sides}
            else:
                values = list(scores)
                if len(values) != len(sides):
                    raise ValueError(f"scores needs {len(sides)} values, for {sides}")
                self.scores = {s: int_arg(v, f"scores[{s!r}]", SCORE_RANGE)
                               for s, v in zip(sides, values, strict=True)}
        if not (isinstance(dealer, int) and 0 <= dealer < game.players):
            raise ValueError(f"dealer must be a seat 0…{game.players - 1}")
        self.initial_scores = dict(self.scores)
        self.first_dealer = dealer
        self.dealer = dealer
        self.sheet: list[dict[str, Any]] = []
        self.records: list[str | None] = []  # None: a deal added by its result alone
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

    def _next_dealer(self, result: Result) -> int:
        """The next deal's dealer: ``result.next_dealer`` (the game's rule), else the next
        seat in the direction of play."""
        if result.next_dealer is not None:
            return int(result.next_dealer)
        return (self.dealer + 1) % self.game.players

    def _score(self, state: State) -> Result:
        """The deal's result in this match (default: ``state.result``)."""
        result = state.result
        assert result is not None
        return result

    def _add(self, state: State) -> dict[str, Any]:
        """Add a checked, finished deal: scores, sheet row, record, outcome, dealer. Called
        inside :meth:`record`'s all-or-nothing guard, so it may change the match freely."""
        return self._enter(self._score(state), state.to_json())

    def _enter(self, result: Result, record: str | None) -> dict[str, Any]:
        """Add a deal by its result in this match (already scored as :meth:`_score` scores
        it) and its record (None: played outside the engine). Called inside the
        all-or-nothing guard of :meth:`record` and :meth:`add_result`."""
        self.scores = self._scores_after(result)
        row = self._row(result)
        self.sheet.append(row)
        self.records.append(record)
        self.is_over, self.winner = self._outcome(result)
        self.dealer = self._next_dealer(result)
        return row

    def _row(self, result: Result) -> dict[str, Any]:
        """The score sheet's row for a deal with ``result`` (the scores already updated)."""
        return {"deal": len(self.sheet) + 1, "dealer": self.game.seat_name(self.dealer),
                "contract": result.contract,
                "declarer": None if result.declarer is None else self.game.seat_name(
                    result.declarer),
                "made": result.made, "points": dict(result.points), "scores": dict(self.scores)}

    def _refusal(self, state: State) -> IllegalAction | None:
        """Why ``state`` cannot be recorded now, or None."""
        if self.is_over:
            return IllegalAction("the match is over", code="match_over")
        if getattr(state, "game", None) != self.game:
            return IllegalAction("that deal is of another game or options", code="wrong_game")
        if not state.is_over or state.result is None:
            return IllegalAction("only a finished deal can be recorded", code="deal_not_over")
        return None

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
        """Add a finished deal: update the scores and sheet, move the dealer; return the row.

        All or nothing: when the deal is refused (``match_over``, ``wrong_game``,
        ``deal_not_over``) or anything fails on the way, the match is left exactly as it
        was (no sheet row, scores and dealer unchanged) and the error is raised.
        """
        refusal = self._refusal(state)
        if refusal is not None:
            raise refusal
        saved = self._snapshot()
        try:
            return self._add(state)
        except BaseException:
            self._restore(saved)
            raise

    def add_result(self, result: Result) -> dict[str, Any]:
        """Add a deal known by its result alone — one played outside the engine, such as a
        whole deal of :mod:`cardlab.sim`'s arrays — and return its sheet row.

        ``result`` must be what this match would score the deal as (:meth:`_score`: in
        Five Hundred the deal scored from the running totals); the match then does with it
        exactly what :meth:`record` does with a finished deal — scores, sheet, outcome, the
        dealer moved to ``result.next_dealer`` — but keeps no record of its cards (its
        entry in ``records`` is None). All or nothing, as :meth:`record`.

        :raises IllegalAction: ``match_over``.
        :raises ValueError: a result whose points are not keyed by the match's sides, or
            whose next dealer is not a seat.
        """
        from cardlab.engine.result import Result

        if self.is_over:
            raise IllegalAction("the match is over", code="match_over")
        if not isinstance(result, Result):
            raise ValueError(f"add_result needs a Result, not {type(result).__name__}")
        sides = list(self.scores)
        if sorted(result.points) != sorted(sides):
            raise ValueError(f"result.points must be keyed by the sides {sides}, not "
                             f"{sorted(result.points)!r:.80}")
        nxt = result.next_dealer
        if nxt is not None and not (isinstance(nxt, int) and 0 <= nxt < self.game.players):
            raise ValueError(f"result.next_dealer must be a seat 0…{self.game.players - 1}, "
                             f"not {nxt!r:.40}")
        saved = self._snapshot()
        try:
            return self._enter(result, None)
        except BaseException:
            self._restore(saved)
            raise

    def _snapshot(self) -> dict[str, Any]:
        """The match's attributes, with its own lists, dicts and sets copied."""
        return {k: copy(v) if isinstance(v, (list, dict, set)) else v
                for k, v in self.__dict__.items()}

    def _restore(self, saved: dict[str, Any]) -> None:
        self.__dict__.clear()
        self.__dict__.update(saved)

    def play(self, bots: Sequence[Any] | Any = None, *, max_deals: int | None = None) -> Match:
        """Play deals with ``bots`` (one per seat, or one for all; default random) to the end."""
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
                           "sheet": self.sheet,
                           "deals": [None if r is None else json.loads(r) for r in self.records],
                           "is_over": self.is_over, "winner": self.winner},
                          ensure_ascii=False)

    def __repr__(self) -> str:
        scores = ", ".join(f"{k} {v}" for k, v in self.scores.items())
        state = f"won by {self.winner}" if self.is_over else "in progress"
        return f"<{self.game.name} match: {len(self.sheet)} deals, {scores}, {state}>"
