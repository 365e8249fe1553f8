"""The table's control: the line of states and its cursor, who sits where and who sees
what, and the bots that answer for the seats nobody plays.

:class:`TableControl` is a part of :class:`~cardlab.widgets.table.Table` (a mixin): it
moves the cursor along the line (:meth:`~TableControl._advance` keeps a move that matches
the record on the recorded line), says whose view the table draws, and runs the bots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.bots import RandomBot, as_bot
from cardlab.engine.game import Game
from cardlab.engine.state import State
from cardlab.engine.view import secret_choice, viewer
from cardlab.widgets._table_narration import bot_reason, reason_words
from cardlab.widgets._table_parts import TableParts

#: the most bot moves one intent may run (a safety net against a game loop)
MAX_BOT_MOVES = 2_000


#: the slowest bot pace, in seconds between moves
MAX_BOT_DELAY = 10.0


class TableControl(TableParts):
    """The line, the cursor and the record; the seats; the bots."""

    # -- the line, the cursor and the record ---------------------------------------------
    def _reset(self, state: State, mode: str, step: int | None) -> None:
        chain = self._visible_line(state.states())
        self._hint = None
        self._look = None
        self._tries = {}
        self._mode = mode
        self._record: list[State] | None = chain if mode == "review" else None
        self._line: list[State] = chain
        last = len(chain) - 1
        if step is None:
            step = 0 if mode == "review" else last
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= last:
            raise ValueError(f"step must be between 0 and {last}, not {step!r}")
        self._cursor = step
        self._selection: list[str] = []
        self._bots_live = mode == "play"
        if self.bot_delay == 0:
            self._run_bots_now()

    def _advance(self, new: State) -> None:
        """Put ``new`` (a successor of the state at the cursor) after the cursor."""
        c = self._cursor
        rec = self._record
        if (rec is not None and c + 1 < len(rec) and self._line[c] is rec[c]
                and rec[c + 1].history[-1] == new.history[-1]):
            self._line = rec  # the recorded move: stay on the recorded line
            self._cursor = c + 1
        elif self._secret(self._line[c]) and new.parent is self._line[c]:
            # the moment of a secret choice is no step for this viewer: the choice made
            # replaces it, so the line looks as if there had been no choice at all
            self._line = self._line[:c] + [new]
        else:
            self._line = self._line[:c + 1] + [new]
            self._cursor = c + 1
        self._selection = []

    def _on_record_prefix(self) -> None:
        """A line that is a prefix of the record is the record (nothing lost)."""
        rec = self._record
        n = len(self._line)
        if rec is not None and n <= len(rec) and self._line[-1] is rec[n - 1]:
            self._line = rec

    def _secret(self, s: State) -> bool:
        """True if ``s`` is a choice this viewer must not know is being made (a secret
        choice, :mod:`cardlab.engine.view`): it is no step of its own on this table."""
        return secret_choice(s, viewer(s.game, self.seat, self._shown_arg())) is not None

    def _visible_line(self, chain: list[State]) -> list[State]:
        """``chain`` without the moments of secret choices (the last state always stays)."""
        return [t for i, t in enumerate(chain) if i == len(chain) - 1 or not self._secret(t)]

    # -- the seats: who plays, who sees what ---------------------------------------------
    def _humans(self) -> frozenset[int]:
        """The seats people play now: :attr:`humans` if set; else the learner's seat, every
        seat for a spectator who sees every hand, and none for one who only watches."""
        if self.humans is not None:
            return frozenset(self.humans)
        if self.seat is not None:
            return frozenset({self.seat})
        if self.show_all:
            return frozenset(range(self.game.players))
        return frozenset()

    def _sees(self, seat: int | None) -> bool:
        """True if this table's viewer sees ``seat``'s hand (its own, or turned face up)."""
        if self._eye is not None:
            return seat == self._eye[0]
        return seat is not None and (bool(self.show_all) or seat == self.seat
                                     or seat in self.shown)

    def _viewer(self) -> int | None:
        """Whose view the table draws: its viewer, or the seat of an open try again."""
        seat: int | None = self.seat if self._eye is None else self._eye[0]
        return seat

    def _shown_arg(self) -> bool | tuple[int, ...]:
        """The ``shown`` argument of the engine's views: True, or the seats face up."""
        if self._eye is not None:
            return self._eye[1]
        if self.show_all:
            return True
        return tuple(sorted(set(self.shown) - {self.seat}))

    def _vkey(self) -> tuple[Any, ...]:
        """Who looks, as a memo key: the viewer and the hands shown to it."""
        return (self._viewer(), self._shown_arg())

    def _watching(self) -> bool:
        """Nobody plays: the bots play every seat."""
        return not self._humans()

    def _learner(self) -> int | None:
        """Who the learner acts for now: the mover if people play that seat, else their own
        seat (a click then says why it cannot play), or nobody when the bots play them all."""
        people = self._humans()
        if not people:
            return None
        mover = self.state.to_move
        if mover in people:
            return mover
        return self.seat if self.seat in people else min(people)

    def _shown_list(self) -> list[int]:
        """The seats whose hands are face up for this viewer (every seat under show_all)."""
        if self.show_all:
            return list(range(self.game.players))
        return sorted(set(self.shown) | ({self.seat} if self.seat is not None else set()))

    # -- the bots ------------------------------------------------------------------------
    def _bot_should_move(self) -> bool:
        s = self.state
        return (self._mode == "play" and not s.is_over and s.to_move is not None
                and s.to_move not in self._humans() and not self.paused
                and (self._bots_live or self._cursor == len(self._line) - 1))

    def _bot(self, seat: int) -> Any:
        return self._bot_for(self.game, seat)

    def _bot_for(self, game: Game, seat: int) -> Any:
        """The bot of ``seat`` in ``game``: :func:`cardlab.bots.as_bot` of the table's
        ``bots`` (a list gives each seat its own), seeded by the seat; made once per game.

        :raises ValueError: for an unknown level (with the closest name), or a list that
            does not give every seat a bot.
        :raises TypeError: for an object that is no bot (naming it and the seat).
        """
        key = (game.name, seat)
        bot = self._bots.get(key)
        if bot is not None:
            return bot
        spec = self._bot_spec
        if isinstance(spec, Sequence) and not isinstance(spec, str):
            if len(spec) < game.players:
                raise ValueError(f"bots: one bot per seat, {game.players} in all, not "
                                 f"{len(spec)}")
            spec = spec[seat]
        try:
            bot = as_bot(spec, game.name, seat, seed=seat)
        except (ImportError, AttributeError):  # this game has no bot of that level yet
            bot = RandomBot(seed=seat)
        self._bots[key] = bot
        return bot

    def _bot_move(self) -> None:
        s = self.state
        seat = s.to_move
        assert seat is not None
        try:
            bot = self._bot(seat)
            # the reason first: explaining looks at what the bot would choose without
            # moving it on, so the reason is the one of the call it then makes
            try:
                reason = bot_reason(bot, s)
            except Exception:  # a reason that fails is left out; the bot still plays
                reason = ""
            action = bot.choose(s)
            nxt = s.apply(action, seat=seat)
            if reason and action.verb != "play":
                self._reasons[s] = (seat, reason_words(s, action, reason))
        except Exception:  # a faulty bot must not stop the deal: a random legal move instead
            nxt = s.apply(RandomBot(seed=len(s.history)).choose(s), seat=seat)
        self._advance(nxt)
        if self._secret(self.state) and self._bot_should_move():
            self._bot_move()  # a secret choice takes no visible time (and is no step)

    def _run_bots_now(self) -> None:
        n = 0
        while self._bot_should_move() and n < MAX_BOT_MOVES:
            self._bot_move()
            n += 1
        self._bots_live = False

    def _after_learner_move(self) -> None:
        self._bots_live = True
        if self.bot_delay == 0:
            self._run_bots_now()


def _seat_list(state: State, seats: Any, name: str) -> list[int]:
    """``seats`` as a sorted list of distinct seats of ``state``'s game, or ValueError naming
    the argument."""
    n = state.game.players
    if isinstance(seats, (str, bytes)) or not isinstance(seats, (Sequence, set, frozenset)):
        raise ValueError(f"{name} must be a list of seats (0 … {n - 1}), not {seats!r}"[:200])
    out = set()
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"{name} must list seats 0 … {n - 1}, not {seat!r}"[:200])
        out.add(seat)
    return sorted(out)
