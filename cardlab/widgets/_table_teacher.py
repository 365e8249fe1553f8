"""The teacher's seat bar: each hand turned face up or down, a seat taken over from the bots
or handed back, the bots' pace and pause, and the share code of the table shown.

:class:`TableTeacher` is a part of :class:`~cardlab.widgets.table.Table` (a mixin): the
bar's intents (``show_hand``, ``take_seat``, ``speed``, ``pause``) and what the bar shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.widgets._base import get_int, need
from cardlab.widgets._table_control import MAX_BOT_DELAY
from cardlab.widgets._table_parts import TableParts


class TableTeacher(TableParts):
    """The teacher's seat bar: its intents, and what it shows."""

    def _on_show_hand(self, intent: Mapping[str, Any]) -> None:
        seat = self._seat_of(intent)
        up = intent.get("shown")
        need(isinstance(up, bool), "'shown' must be true or false", "bad_argument")
        name = self.game.seat_name(seat)
        need(seat != self.seat or up is True, f"{name} is the learner's own seat: its hand "
                                              f"stays face up", "own_hand")
        now = set(self._shown_list()) - ({self.seat} if self.seat is not None else set())
        now = now | {seat} if up else now - {seat}
        # one change on the table shown now: the other hands keep their sides
        with self.hold_trait_notifications():
            self._ready = False
            self.show_all = False
            self.shown = sorted(now)
            self._ready = True
        self._selection = []
        self._publish(f"{name}'s hand is face {'up' if up else 'down'}")

    def _on_take_seat(self, intent: Mapping[str, Any]) -> None:
        seat = self._seat_of(intent)
        human = intent.get("human")
        need(isinstance(human, bool), "'human' must be true or false", "bad_argument")
        name = self.game.seat_name(seat)
        people = set(self._humans())
        people = people | {seat} if human else people - {seat}
        self._ready = False
        self.humans = sorted(people)
        self._ready = True
        said = f"You play {name} from here" if human else f"The bots play {name} again"
        if human and self._mode == "review" and not self.state.is_over:
            self._mode = "play"  # taking a seat over is "play from here"
        self._selection = []
        self._bots_live = self._mode == "play"
        if self.bot_delay == 0:
            self._run_bots_now()
        self._publish(said)

    def _on_speed(self, intent: Mapping[str, Any]) -> None:
        delay = intent.get("delay")
        need(isinstance(delay, (int, float)) and not isinstance(delay, bool)
             and 0 <= delay <= MAX_BOT_DELAY,
             f"'delay' must be 0 to {MAX_BOT_DELAY:g} seconds", "bad_argument")
        assert isinstance(delay, (int, float))
        self._ready = False
        self.bot_delay = float(delay)
        self._ready = True
        if self.bot_delay == 0 and self._cursor == len(self._line) - 1:
            self._run_bots_now()
        self._publish(f"Bots: {self.bot_delay:g} s a move" if self.bot_delay else
                      "Bots: at once")

    def _on_pause(self, intent: Mapping[str, Any]) -> None:
        paused = intent.get("paused")
        need(isinstance(paused, bool), "'paused' must be true or false", "bad_argument")
        self._ready = False
        self.paused = paused is True
        self._ready = True
        if not paused:
            self._bots_live = self._mode == "play"
            if self.bot_delay == 0:
                self._run_bots_now()
        self._publish("The bots wait" if paused else "The bots play on")

    def _seat_of(self, intent: Mapping[str, Any]) -> int:
        seat = get_int(intent, "seat")
        n = self.game.players
        need(0 <= seat < n, f"seat must be 0 … {n - 1}", "bad_argument")
        return seat

    def _teacher_bar(self) -> dict[str, Any]:
        """What the teacher's seat bar shows: each seat's hand face up or down and who plays
        it, the bots' pace, and the share code of this table at this step."""
        shown = set(self._shown_list())
        people = self._humans()
        seats = [{"seat": i, "name": self.game.seat_name(i), "shown": i in shown,
                  "own": i == self.seat, "human": i in people}
                 for i in range(self.game.players)]
        # the code names every card: on screen only while every hand is face up (or the deal
        # is over), so a hidden hand stays hidden from a class reading the projector
        open_book = len(shown) == self.game.players or self._line[-1].is_over
        return {"seats": seats, "delay": self.bot_delay, "paused": bool(self.paused),
                "share": self._share_or_blank() if open_book else "",
                "share_note": "" if open_book else
                "the share code shows when every hand is face up (it names every card)"}

    def _share_or_blank(self) -> str:
        memo = self._memo_of(self._line[-1])
        key = ("share", len(self.state.history), tuple(self._shown_list()))
        if key not in memo:
            try:
                memo[key] = self.share_code
            except Exception:  # a code is a convenience: never let it stop the table drawing
                memo[key] = ""
        return str(memo[key])
