"""``Table``: step through a deal, play a seat against bots, branch and come back.

The widget keeps a *line* of engine states (the deal's states in order) and a
*cursor* into it. A recorded deal is reviewed step by step; "play from here"
turns the table into play mode, where the learner's card or call is applied
through the engine and bots answer for the other seats. A move that differs
from the record starts a branch; "back to the recorded line" returns to it.

Intents (``model.send``), all validated in Python:

``{"type": "step", "to": n}``, ``{"type": "play", "card": "JD"}``,
``{"type": "act", "action": "bid 7H"}``, ``{"type": "bot", "step": n}`` (the
front end's timer asking the bots to answer), ``{"type": "undo"}``,
``{"type": "play_from_here"}``, ``{"type": "back_to_record"}``,
``{"type": "clear_selection"}``, ``{"type": "load", "record": "<json>"}``,
``{"type": "save"}`` (what the viewer can see), ``{"type": "save", "full": true}``
(the full record, which reveals every hand).

A teacher's table (``teacher=True``, or :meth:`Table.demonstrate`) also has a seat bar:
``{"type": "show_hand", "seat": 2, "shown": true}`` turns one hand face up or down on
the table shown now, ``{"type": "take_seat", "seat": 2, "human": true}`` takes a seat
over from the bots (from this step: "play from here") or hands it back,
``{"type": "speed", "delay": 0.8}`` sets the bots' pace in seconds and
``{"type": "pause", "paused": true}`` stops and restarts them.

The coach: ``{"type": "hint"}`` (bars on the learner's options) and, after a deal,
``{"type": "look_back"}``, ``{"type": "look_back_go", "i": 2}`` and
``{"type": "look_back_close"}``. At a decision whose choice had a clear cost the look back
tries again first: ``{"type": "look_back_try", "card": "JD"}`` (or ``"option": "bid 7H"``)
is judged by the look back's own advice, ``{"type": "look_back_show"}`` gives the answer and
``{"type": "look_back_next"}`` goes on to the next costly decision.

A bot's call or choice before the play comes with its reason (``bot.explain(state)``, worked
out at the state where the bot decided, before it chose): the view's ``narration_why`` holds
it beside the narration's sentence, and the front end offers it behind a "why?" button. A
reason speaks of the bot's own hand, so the view holds it only where this viewer sees that
seat's hand (every hand shown, the seat turned face up, or its own); elsewhere it is blank.
"""

from __future__ import annotations

import json
import re
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import traitlets

# the expert level lives in cardlab.sim (above the bots) and registers itself on import;
# the table imports it so that every level is there when a table asks for one
import cardlab.sim.expert  # noqa: F401
from cardlab.bots import RandomBot, as_bot, levels
from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.engine.game import Game
from cardlab.engine.record import from_json
from cardlab.engine.share import read_share, share_code
from cardlab.engine.state import State
from cardlab.engine.view import secret_choice, viewer
from cardlab.errors import IllegalAction, RecordError, did_you_mean
from cardlab.widgets import _static
from cardlab.widgets._advice import (
    LOOK_BACK_N,
    LOOK_BACK_N_STATES,
    WRONG_BEFORE_SHOW,
    answer_words,
    hint_rounds,
    hint_view,
    look_back_view,
    option_words,
    options_on_card,
    try_prompt,
    try_verdict,
)
from cardlab.widgets._base import MAX_TEXT, CardlabWidget, Refusal, get_int, get_str, need
from cardlab.widgets._cards import card_face, parse_code
from cardlab.widgets._open_hands import every_card_seen, open_hands_view
from cardlab.widgets._view import (
    PLACES,
    action_words,
    as_state,
    card_args,
    card_info,
    card_verb,
    check_seat,
    describe,
    result_panel,
)
from cardlab.widgets._words import call_meaning_words, rule_note, side_words, without_rule_ids

__all__ = ["Table"]

#: the most bot moves one intent may run (a safety net against a game loop)
MAX_BOT_MOVES = 2_000
#: the hint's and look back's seed: the same state always gets the same estimate
HINT_SEED = 0
#: the slowest bot pace, in seconds between moves
MAX_BOT_DELAY = 10.0
WATCHING = "you are watching: the bots play every seat (sit in a seat, or show all hands, to play)"
REVIEW_HINT = "This is the recorded deal: press 'Play from here' to try a move of your own."


class Table(CardlabWidget):
    """A card table for any cardlab game: step through a deal, or play one seat.

    :param state_or_record: a :class:`~cardlab.engine.state.State`, a JSON record
        (text, bytes, a parsed dict or a :class:`~pathlib.Path` to a file).
    :param seat: the learner's seat (whose hand is face up, and who plays in play
        mode), or None for a spectator. A spectator with ``show_all`` plays every
        seat (a teacher's demonstration); without it, watches the bots play them all.
    :param show_all: show every hand face up (demonstration mode).
    :param mode: ``"review"`` (step through a record) or ``"play"``; by default
        ``"review"`` for a finished deal and ``"play"`` otherwise.
    :param step: the step to show first (default: 0 in review, the last in play).
    :param bots: a level's name (``"random"``, ``"heuristic"``, ``"expert"``:
        :func:`cardlab.bots.levels`), one bot (or factory) for every seat, or a list of
        them, one per seat (see :func:`cardlab.bots.as_bot`). An unknown name is refused
        with the closest level's name, an object that is no bot with a TypeError naming it.
    :param bot_delay: seconds between bot moves in the browser; 0 makes the bots
        answer at once (for tests and notebooks run headless).
    :param four_colour: the four-colour deck.
    :param shown: seats whose hands are face up besides the viewer's own.
    :param humans: the seats people play (see :attr:`humans`).
    :param teacher: draw the teacher's seat bar.
    :param projector: draw big, for a projector.
    """

    seat = traitlets.Int(0, allow_none=True).tag(sync=True)
    """The learner's seat, or None for a spectator. Type: int | None. Default: 0."""

    show_all = traitlets.Bool(False).tag(sync=True)
    """Every hand face up (demonstration mode). Type: bool. Default: False."""

    shown = traitlets.List(traitlets.Int()).tag(sync=True)
    """Seats whose hands are face up for the viewer besides its own (a teacher turning
    hands over one by one); ``show_all`` shows them all. Type: list[int]. Default: []."""

    humans = traitlets.List(traitlets.Int(), allow_none=True, default_value=None).tag(sync=True)
    """The seats people play; the bots play the others. None: the learner's seat (a
    spectator who sees every hand plays them all; one who sees none only watches).
    Type: list[int] | None. Default: None."""

    bot_delay = traitlets.Float(0.7).tag(sync=True)
    """Seconds between bot moves in the browser (0: at once). Type: float. Default: 0.7."""

    paused = traitlets.Bool(False).tag(sync=True)
    """The bots wait (a teacher explaining a moment). Type: bool. Default: False."""

    teacher = traitlets.Bool(False).tag(sync=True)
    """Draw the teacher's seat bar (show a hand, take a seat, bot speed, share code).
    Type: bool. Default: False."""

    projector = traitlets.Bool(False).tag(sync=True)
    """Draw big, for a projector (a 4-seat table fills 1280×720). Type: bool. Default: False."""

    autofocus = traitlets.Bool(False).tag(sync=True)
    """Put the keyboard focus on the table once it is drawn (the teacher's page after
    **Deal**: the arrow keys step at once). Type: bool. Default: False."""

    open_hands = traitlets.Bool(False).tag(sync=True)
    """Show the open-hands value (:mod:`cardlab.solve`) on every legal card, and the par
    strip of the deal under the step buttons — only while this viewer sees every card still
    in play (the values read them all). Type: bool. Default: False."""

    _layout_probes: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)
    """The views of the recorded line's tallest steps (:meth:`_sync_probes`): the front end
    draws them unseen and keeps the table as tall as the tallest, so the step buttons stay
    in one place while stepping. Type: list[dict]."""

    _intents: ClassVar[dict[str, str]] = {
        "step": "_on_step", "play": "_on_play", "act": "_on_act", "bot": "_on_bot",
        "undo": "_on_undo", "play_from_here": "_on_play_from_here",
        "back_to_record": "_on_back_to_record", "clear_selection": "_on_clear_selection",
        "load": "_on_load", "save": "_on_save", "show_hand": "_on_show_hand",
        "take_seat": "_on_take_seat", "speed": "_on_speed", "pause": "_on_pause",
        "hint": "_on_hint", "hint_more": "_on_hint_more", "look_back": "_on_look_back",
        "look_back_go": "_on_look_back_go", "look_back_close": "_on_look_back_close",
        "look_back_try": "_on_look_back_try", "look_back_show": "_on_look_back_show",
        "look_back_next": "_on_look_back_next",
    }

    def __init__(self, state_or_record: Any, *, seat: int | None = 0, show_all: bool = False,
                 mode: str | None = None, step: int | None = None, bots: Any = "heuristic",
                 bot_delay: float = 0.7, four_colour: bool = False,
                 shown: Sequence[int] = (), humans: Sequence[int] | None = None,
                 teacher: bool = False, projector: bool = False,
                 open_hands: bool = False) -> None:
        _check_state_or_record(state_or_record)
        state = as_state(state_or_record)
        check_seat(state, seat)
        shown_seats = _seat_list(state, shown, "shown")
        human_seats = None if humans is None else _seat_list(state, humans, "humans")
        if mode not in (None, "review", "play"):
            raise ValueError(f"mode must be 'review' or 'play', not {mode!r}")
        if isinstance(bot_delay, bool) or not isinstance(bot_delay, (int, float)) \
                or not 0 <= bot_delay <= MAX_BOT_DELAY:
            raise ValueError(f"bot_delay must be a number of seconds from 0 to "
                             f"{MAX_BOT_DELAY:g}, not {bot_delay!r}")
        self._bot_spec = bots
        # each seat's bot, per game (a record of another game may be loaded later)
        self._bots: dict[tuple[str, int], Any] = {}
        # why a bot made a call or choice: the state it decided at → (its seat, the reason)
        self._reasons: weakref.WeakKeyDictionary[State, tuple[int, str]] = \
            weakref.WeakKeyDictionary()
        self._ready = False
        self._download_id = 0
        # the line and step last published (the line itself, not its id(): a new list may
        # get a dropped one's id, and the news would then be another line's)
        self._last_step: tuple[list[State] | None, int] = (None, -1)
        # what this widget worked out about a state, per (what, seat, show_all): its game view,
        # card info, narration and the sentence of the action that led to it. States are
        # immutable, so each is computed once; weak keys let dropped branches go.
        self._memo: weakref.WeakKeyDictionary[State, dict[Any, Any]] = weakref.WeakKeyDictionary()
        # card faces and labels (without legality) per (contract, code, where), for one game
        self._faces: dict[tuple[str | None, str, str], dict[str, Any]] = {}
        self._faces_game: Any = None
        # the hint shown: (state, advice, kind, round), and the look back once asked for
        self._hint: tuple[State, Any, str, int] | None = None
        self._look: Any = None
        self._look_at = 0
        # the look back's try again: decision (its place in the list) → where it stands
        # ("status": open, found or shown; "wrong": wrong tries; "said": its last verdict)
        self._tries: dict[int, dict[str, Any]] = {}
        # the try again's last words to announce, and how many it has said (a new count is
        # said once, the same words again included)
        self._try_news: tuple[str, int] = ("", 0)
        # whose eyes the view is built with while a try again is open: that seat's own view
        # (None: the table's viewer)
        self._eye: tuple[int, tuple[int, ...]] | None = None
        for s in range(state.game.players):  # refuse bad bots now, not at the first bot move
            self._bot_for(state.game, s)
        super().__init__(kind="table", seat=seat, show_all=show_all, four_colour=four_colour,
                         shown=shown_seats, humans=human_seats, bot_delay=float(bot_delay),
                         teacher=bool(teacher), projector=bool(projector),
                         open_hands=bool(open_hands))
        self._reset(state, mode or ("review" if state.is_over else "play"), step)
        self._ready = True
        self._publish()

    @classmethod
    def demonstrate(cls, state_or_record: Any, *, bots: Any = "heuristic",
                    show_all: bool = True, bot_delay: float = 0.8, step: int = 0,
                    projector: bool = False, four_colour: bool = False,
                    open_hands: bool = False) -> Table:
        """A teacher's table: the bots play the deal out at once, so it can be stepped
        through from the first step; the seat bar shows or hides each hand, takes seats
        over from the bots ("play from here") and hands them back, and sets the bots' pace.

        :param state_or_record: a deal (played out by ``bots`` from where it stands) or a
            finished record.
        :param show_all: start with every hand face up.
        :param step: the step shown first.
        :param open_hands: show the open-hands values and the par strip (:class:`Table`).
        """
        state = as_state(state_or_record)
        reasons: Mapping[State, tuple[int, str]] = {}
        if not state.is_over:
            runner = cls(state, seat=None, humans=[], bots=bots, bot_delay=0, mode="play")
            state = runner._line[-1]
            reasons = runner._reasons
        table = cls(state, seat=None, show_all=show_all, mode="review", step=step, bots=bots,
                    bot_delay=bot_delay, humans=[], teacher=True, projector=projector,
                    four_colour=four_colour, open_hands=open_hands)
        if reasons:  # the bots' reasons, given as they decided (the same states)
            table._reasons.update(reasons)
            table._memo = weakref.WeakKeyDictionary()
            table._publish()
        return table

    @classmethod
    def from_share(cls, code: str, *, seat: int | None = None, show_all: bool | None = None,
                   **kwargs: Any) -> Table:
        """The table a :attr:`share_code` was made from: the same deal, actions and step,
        with the same hands face up (a teacher's code, opened in a student's notebook).

        :param seat: the viewer (default: a spectator).
        :param show_all: True to show every hand whatever the code says; by default the
            hands the teacher had face up are face up and the others face down.
        :raises RecordError: for a code that does not read, or one made by another cardlab
            version that replays differently (naming both versions).
        """
        code, face_up = _split_share(code)
        shared = read_share(code)
        # a level the code names (any registered level), else the default
        bots = shared.bots if shared.bots in levels() else "heuristic"
        n = shared.state.game.players
        if face_up is not None and any(s >= n for s in face_up):
            raise RecordError(f"share code: the hands face up name a seat past {n - 1}",
                              code="bad_share_code")
        if show_all is None:
            show_all = face_up is None
            if face_up is not None and "shown" not in kwargs:
                kwargs["shown"] = [s for s in face_up if s != seat]
        table = cls(shared.state, seat=seat, show_all=show_all, mode="review", step=0,
                    bots=kwargs.pop("bots", bots), **kwargs)
        # the table's steps are its viewer's (a secret moment is none): the step at or
        # just before the code's action count
        line = table._line
        table.go(max(i for i, t in enumerate(line) if len(t.history) <= shared.step))
        return table

    @property
    def share_code(self) -> str:
        """A short code (at most 200 characters for a seeded deal) that gives this table's
        deal, its actions and the step shown: :meth:`from_share` opens the same table.
        It names every action, so it reveals every hand: it is the teacher's.

        Hands turned face down stay face down for whoever opens the code: the code then
        ends in ``~u`` and the seats face up (``~u0.2``; ``~u`` alone: none), a field of the
        table's, not of the deal (:func:`cardlab.engine.share.read_share` never sees it)."""
        spec = self._bot_spec if isinstance(self._bot_spec, str) else None
        code = share_code(self._line[-1], step=len(self.state.history), bots=spec)
        up = self._shown_list()
        if len(up) == self.game.players:
            return code
        return f"{code}{SHOWN_FIELD}{'.'.join(str(s) for s in up)}"

    # -- Python API (the same paths as the front end's intents) ------------------------
    @property
    def state(self) -> State:
        """The engine state shown now (at the cursor)."""
        return self._line[self._cursor]

    @property
    def game(self) -> Any:
        """The game being played."""
        return self.state.game

    @property
    def step(self) -> int:
        """The cursor: how many actions into the line the table shows."""
        return self._cursor

    @property
    def mode(self) -> str:
        """``'review'`` (stepping through a record) or ``'play'``."""
        return self._mode

    @property
    def branched(self) -> bool:
        """True while the line shown differs from the recorded one."""
        return self._record is not None and self._line is not self._record

    # These methods run the front end's intents, show the same message, and return it; a
    # refusal raises as ``State.apply`` does (IllegalAction with its code and rule, or
    # ValueError for a bad argument). Intents from the front end never raise.
    def go(self, to: int) -> str:
        """Show step ``to`` (0 … number of actions).

        :raises ValueError: for a step that is not a whole number in range.
        """
        return self._call({"type": "step", "to": to})

    def play(self, card: str) -> str:
        """Play (or select) ``card`` as the learner.

        :raises IllegalAction: the engine's refusal (its code and rule), or a table's
            (``review_mode``, ``watching``, ``not_your_card`` …).
        """
        return self._call({"type": "play", "card": card})

    def act(self, action: str) -> str:
        """Take a non-card action (``'bid 7H'``, ``'pass'``) or a full action as the learner;
        the game's own words for one legal action do too (``'bid seven hearts'``).

        :raises IllegalAction: the engine's refusal (its code and rule), or a table's.
        """
        return self._call({"type": "act", "action": action})

    def undo(self) -> str:
        """Take back the learner's last move (and the bots' answers to it).

        :raises IllegalAction: ``nothing_to_undo``, or ``review_mode`` in a recorded deal.
        """
        return self._call({"type": "undo"})

    def play_from_here(self) -> str:
        """Leave the recorded line at this step and play on.

        :raises IllegalAction: ``already_playing``, or ``game_over`` at the end of the deal.
        """
        return self._call({"type": "play_from_here"})

    def back_to_record(self) -> str:
        """Return to the recorded line where the branch left it.

        :raises IllegalAction: ``no_record`` for a live deal, ``on_record`` when already there.
        """
        return self._call({"type": "back_to_record"})

    def load(self, record: str | bytes | Mapping[str, Any] | Path) -> str:
        """Load a record (JSON text, dict or file) and review it from the start.

        :raises RecordError: for a record that does not load (the table is unchanged).
        """
        if isinstance(record, Path):
            record = record.read_text(encoding="utf-8")
        if isinstance(record, bytes):
            record = record.decode("utf-8", "replace")
        if isinstance(record, Mapping):
            record = json.dumps(dict(record))
        return self._call({"type": "load", "record": record})

    def to_json(self) -> str:
        """The record of the line shown (to its last step), for :func:`cardlab.from_json`."""
        return self._line[-1].to_json()

    def save(self, path: str | Path) -> None:
        """Write :meth:`to_json` to ``path``."""
        Path(path).write_text(self.to_json(), encoding="utf-8")

    def run_bots(self) -> str:
        """Let the bots answer now until it is the learner's turn (or the deal ends)."""
        self._bots_live = True
        self._run_bots_now()
        self._publish()
        return self.message

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

    # -- intent handlers -------------------------------------------------------------------
    def _on_step(self, intent: Mapping[str, Any]) -> None:
        to = get_int(intent, "to")
        last = len(self._line) - 1
        need(0 <= to <= last, f"step {to} is out of range: choose 0 to {last}", "bad_argument")
        self._cursor = to
        self._selection = []
        self._bots_live = False
        self._publish()

    def _on_play(self, intent: Mapping[str, Any]) -> None:
        code = get_str(intent, "card", 12)
        card = parse_code(self.game, code)
        if card is None:  # the suggestion is worked out only for a card that is not one
            need(False, f"unknown card {code!r}"
                 f"{did_you_mean(code.strip().upper(), self.game.deck.codes(), n=4, cutoff=0.5)}"
                 f": not a card of the {self.game.deck.title}", "unknown_card")
        assert card is not None
        s = self.state
        need(not s.is_over, "the deal is over: step back, or load another deal", "game_over")
        actor = self._learner()
        need(actor is not None, WATCHING, "watching")
        assert actor is not None
        code = card.code
        # echo only the code the front end sent: a refusal must not tell where a card is
        need(code in self._clickable_cards(s, actor), f"{code} is not a card in your hand",
             "not_your_card")
        verbs = self.game.spec.card_verbs
        legal = [a for a in s.legal_actions() if a.verb in verbs and code in a.args]
        if s.to_move != actor or not legal:
            verb = card_verb(s, verbs)
            why = s.explain(f"{verb} {code}", seat=actor)
            need(why.legal, f"{self.game.deck.name(card)}: {why}", why.code, why.rule)
        need(self._mode == "play", self._not_playing(), "review_mode")
        singles = [a for a in legal if card_args(self.game, a) == [code]]
        multi = [a for a in legal if len(card_args(self.game, a)) > 1]
        # a choice of cards (a discard, an exchange) is made card by card and committed with
        # Confirm; a card to play goes at once when it is the only thing the click can mean
        choosing = any(a.verb != "play" for a in legal)
        if len(singles) == 1 and not multi and not choosing and not self._selection:
            self._apply(singles[0], actor)
            return
        if code in self._selection:
            self._selection.remove(code)
        else:
            self._selection.append(code)
        self._publish(self._selection_hint())

    def _on_act(self, intent: Mapping[str, Any]) -> None:
        text = get_str(intent, "action", 200)
        s = self.state
        need(not s.is_over, "the deal is over: no more actions", "game_over")
        need(self._mode == "play", self._not_playing(), "review_mode")
        actor = self._learner()
        need(actor is not None, WATCHING, "watching")
        assert actor is not None
        # notation, or the game's words for one legal action of the actor ('bid seven
        # hearts'); IllegalAction for bad notation → message
        action = s._read(text, actor)
        if card_args(self.game, action):
            # an action naming cards is judged against a hand: the viewer must see that hand
            need(self._sees(actor),
                 "you cannot see this hand: show it, or sit in this seat", "hidden_hand")
        self._apply(action, actor)

    def _apply(self, action: Action | str, actor: int) -> None:
        s = self.state
        # the engine judges; the refusal names the rule but not the legal list (which could
        # name cards a spectator may not see)
        verdict = s.judge(action, seat=actor)
        if not verdict.legal:
            what = call_words(s.game, action if isinstance(action, Action) else Action(action))
            need(False, f"'{what}' is not legal: {without_rule_ids(str(verdict.reason))}",
                 verdict.code, verdict.rule)
        nxt = s.apply(action, seat=actor)
        self._advance(nxt)
        self._after_learner_move()
        self._publish()

    def _not_playing(self) -> str:
        """Why a move is refused outside play mode, in words for the mode."""
        if self._mode == "look_back":
            return "This is the look back: close it to step through or play the deal"
        return REVIEW_HINT

    def _on_bot(self, intent: Mapping[str, Any]) -> None:
        step = get_int(intent, "step")
        if step != self._cursor or not self._bot_should_move():
            return  # a stale timer (another view, or the learner moved on): nothing to do
        self._bot_move()
        self._bots_live = True
        self._publish()

    def _on_undo(self, intent: Mapping[str, Any]) -> None:
        need(self._mode == "play", "undo works while you play; in the recorded deal use the "
                                   "step buttons", "review_mode")
        need(self._cursor > 0, "nothing to undo: this is the start of the deal",
             "nothing_to_undo")
        target = self._cursor - 1
        if self.seat is not None:  # back to the learner's own last decision
            while target >= 0 and self._line[target].to_move != self.seat:
                target -= 1
            need(target >= 0, "nothing to undo: you have not moved yet", "nothing_to_undo")
        self._line = self._line[:target + 1]
        self._cursor = target
        self._selection = []
        self._bots_live = False
        self._on_record_prefix()
        if self.bot_delay == 0 and self._cursor == len(self._line) - 1:
            self._run_bots_now()
        self._publish()

    def _on_play_from_here(self, intent: Mapping[str, Any]) -> None:
        need(self._mode == "review", "you are already playing: click a card or a call",
             "already_playing")
        need(not self.state.is_over, "the deal is over here: step back to play from an "
                                     "earlier moment", "game_over")
        mover = self.state.to_move
        if self.teacher and not self._humans() and mover is not None:
            # on a teacher's table the bots play every seat: playing from here means
            # playing the seat to move (the seat bar hands it back)
            self._on_take_seat({"type": "take_seat", "seat": mover, "human": True})
            return
        self._mode = "play"
        self._bots_live = True
        if self.bot_delay == 0:
            self._run_bots_now()
        self._publish("Your move: try a card or a call" if not self._bot_should_move()
                      else "The bots play for the other seats")

    def _on_back_to_record(self, intent: Mapping[str, Any]) -> None:
        rec = self._record
        need(rec is not None, "there is no recorded line: this deal is being played live",
             "no_record")
        assert rec is not None
        need(self._mode == "play" or self._line is not rec, "you are on the recorded line",
             "on_record")
        if self._line is not rec:
            common = 0
            while (common + 1 < min(len(rec), len(self._line))
                   and self._line[common + 1] is rec[common + 1]):
                common += 1
            self._cursor = min(self._cursor, common)
        self._line = rec
        self._mode = "review"
        self._selection = []
        self._bots_live = False
        self._publish("Back on the recorded line")

    def _on_clear_selection(self, intent: Mapping[str, Any]) -> None:
        self._selection = []
        self._publish()

    def _on_load(self, intent: Mapping[str, Any]) -> None:
        text = get_str(intent, "record", MAX_TEXT)
        try:
            state = from_json(text)
        except IllegalAction as err:
            raise Refusal(f"cannot load this record: {err}", code=err.code, rule=err.rule,
                          error=RecordError) from None
        except Exception as err:  # a game's own validation of a tampered record
            raise Refusal(f"cannot load this record: {type(err).__name__}: {err}",
                          code="bad_record", error=RecordError) from None
        if self.seat is not None and self.seat >= state.game.players:
            self.seat = 0
        self._reset(state, "review", 0)
        self._publish(f"Loaded {_a(state.game.title)} record of "
                      f"{_count(len(state.history), 'action')}")

    def _on_save(self, intent: Mapping[str, Any]) -> None:
        full = intent.get("full", False)
        need(isinstance(full, bool), "'full' must be true or false")
        tip = self._line[-1]
        seed = getattr(tip, "seed", None)
        base = f"{tip.game.name}-{'deal' if seed is None else f'seed{seed}'}"
        self._download_id += 1
        if not full:  # what this seat may see, and nothing more
            self._publish("Saved what you can see", download={
                "id": self._download_id, "filename": f"{base}-seen.json",
                "text": self.seen_json()})
            return
        need(tip.is_over or self.show_all,
             "a full record reveals every hand: finish the deal (or show all hands) first")
        self._publish("Full record saved: it reveals every hand", download={
            "id": self._download_id, "filename": f"{base}.json", "text": tip.to_json()})

    # -- the teacher's seat bar ---------------------------------------------------------------
    def _shown_list(self) -> list[int]:
        """The seats whose hands are face up for this viewer (every seat under show_all)."""
        if self.show_all:
            return list(range(self.game.players))
        return sorted(set(self.shown) | ({self.seat} if self.seat is not None else set()))

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

    # -- hint and look back ---------------------------------------------------------------------
    def hint(self) -> str:
        """Value each option of the learner's turn (cards, the calls a study values, and
        the choices on the way to the play: a discard, an exchange, Panfin's declarations
        and swap; :mod:`cardlab.sim.advice`) by Monte Carlo over the cards the learner
        cannot see, shown as bars on the options.

        :returns: the hint's sentence (the why line under the table shows it).
        :raises IllegalAction: ``not_your_turn`` when it is not the learner's decision,
            ``no_hint`` when there is nothing to value.
        """
        said = self._call({"type": "hint"})
        hint = self.view.get("hint")
        return said or (str(hint["why"]) if hint else "")

    def look_back(self) -> str:
        """After a deal the learner played: each of the learner's decisions with its cost
        against the best option by the same estimate, the costly first.

        :raises IllegalAction: ``not_over`` before the deal ends, ``no_decisions`` when the
            learner made none that can be valued.
        """
        return self._call({"type": "look_back"})

    def _hint_seat_ok(self) -> State:
        s = self.state
        actor = self._learner()
        need(not s.is_over, "the deal is over: press 'Look back' to see your decisions",
             "game_over")
        need(actor is not None and actor == s.to_move and self._sees(actor)
             and self._mode == "play",
             "a hint is for your own turn, in your own hand", "not_your_turn")
        return s

    def _on_hint(self, intent: Mapping[str, Any]) -> None:
        from cardlab.sim.advice import valued_options

        s = self._hint_seat_ok()
        kind, options = valued_options(s)
        need(len(options) > 1, "nothing to weigh here: " + (
            "there is only one option" if options else "this decision has no estimate"),
             "no_hint")
        self._hint_round(s, kind, 0)

    def _on_hint_more(self, intent: Mapping[str, Any]) -> None:
        step = get_int(intent, "step")
        done = self._hint
        # a stale request (a new state since, or the learner moved on): nothing to do
        if done is None or step != self._cursor or done[0] is not self.state:
            return
        s, advice, kind, k = done
        if k + 1 < len(hint_rounds(kind, advice.method)[0]):
            self._hint_round(s, kind, k + 1)

    def _hint_round(self, s: State, kind: str, k: int) -> None:
        from cardlab.sim.advice import advise, valued_by

        done = self._hint if k and self._hint is not None and self._hint[0] is s else None
        sizes, pooled = hint_rounds(kind, done[1].method if done is not None else valued_by(s))
        advice = advise(s, n=sizes[k], seed=HINT_SEED + k if pooled else HINT_SEED)
        need(advice is not None, "nothing to weigh here", "no_hint")
        assert advice is not None
        if done is not None and advice.method != done[1].method:
            # a round the solver could not finish (every layout past its budget) was valued
            # another way: left out, the bars stay those of the rounds before
            advice = done[1]
        elif pooled and done is not None:
            advice = done[1].pooled(advice)  # this round's layouts added to the earlier ones
        self._hint = (s, advice, kind, k)
        # the hint's sentence stands in the why line under the table (view["hint"]["why"]);
        # the message line stays empty, so the sentence is shown once
        self._publish()

    def _on_look_back(self, intent: Mapping[str, Any]) -> None:
        from cardlab.sim.advice import look_back

        tip = self._line[-1]
        need(self._look is None, "the look back is open: choose a decision in its list",
             "look_back_open")
        need(tip.is_over, "look back once the deal is over", "not_over")
        seats = sorted(self._humans()) if self.seat is None else [self.seat]
        # worked out once per deal and seats: a look back closed and opened again (its tries
        # afresh) does not wait for the estimate again
        memo = self._memo_of(tip)
        key = ("look_back", tuple(seats), len(self._line))
        if key not in memo:
            memo[key] = look_back(self._line, seats, n=LOOK_BACK_N, seed=HINT_SEED,
                                  n_states=LOOK_BACK_N_STATES)
        look = memo[key]
        need(bool(look.decisions), "there is no decision of yours to look back on",
             "no_decisions")
        self._look = look
        self._look_at = 0
        # every decision with a clear cost is tried again before its answer is shown
        self._tries = {k: {"status": "open", "wrong": 0, "said": ""}
                       for k, d in enumerate(look.decisions) if d.grade is not None}
        if self._mode != "look_back":
            self._mode_before_look = self._mode
        self._mode = "look_back"  # beside "review" and "play": stepping through the learner's decisions
        self._cursor = self._line.index(next(t for t in self._line
                                             if len(t.history) == look.decisions[0].index))
        self._selection = []
        self._bots_live = False
        said = f"Look back: {len(look.decisions)} decisions, the costliest first"
        if self._tries:
            said += (f"; {len(self._tries)} cost points: find a better option for each before "
                     f"its answer is shown")
        self._publish(said)

    def _on_look_back_go(self, intent: Mapping[str, Any]) -> None:
        look = self._look
        need(look is not None, "press 'Look back' first", "no_look_back")
        assert look is not None
        i = get_int(intent, "i")
        need(0 <= i < len(look.decisions), f"i must be 0 … {len(look.decisions) - 1}",
             "bad_argument")
        self._look_go(i)
        self._publish()

    def _look_go(self, i: int) -> None:
        """Show the look back's decision ``i`` (its place in the list)."""
        assert self._look is not None
        at = self._look.decisions[i].index
        self._look_at = i
        self._cursor = next(k for k, t in enumerate(self._line) if len(t.history) == at)
        self._selection = []

    def _on_look_back_close(self, intent: Mapping[str, Any]) -> None:
        need(self._look is not None, "there is no look back open", "no_look_back")
        self._look = None
        self._tries = {}
        self._selection = []
        self._mode = getattr(self, "_mode_before_look", "review")
        self._publish()

    # -- the look back's try again: a costly decision's position, a better option to find ----
    def look_back_try(self, choice: str) -> str:
        """In the look back, at a decision whose choice had a clear cost: try ``choice`` —
        a card of the hand (``"JD"``: the option its bar values) or an option (``"bid 7H"``,
        or the game's words for it) — before the answer is shown. Judged by the look back's
        own advice: within reach of the best is found (the bars then show), else it is not
        better yet.

        :returns: the verdict.
        :raises IllegalAction: ``no_look_back``, ``no_try`` (nothing to try at this step),
            an option that is not legal there (the engine's code), ``not_valued``,
            ``same_choice`` (the choice made in the deal).
        """
        text = choice.strip() if isinstance(choice, str) else choice
        key = "card" if isinstance(text, str) and " " not in text \
            and parse_code(self.game, text) is not None else "option"
        self._call({"type": "look_back_try", key: text})
        return self._try_news[0]

    def look_back_show(self) -> str:
        """Show the answer of the try again at this step: the best option and the bars.

        :returns: the answer in words.
        :raises IllegalAction: ``no_look_back``, or ``no_try`` when there is nothing to try here.
        """
        self._call({"type": "look_back_show"})
        return self._try_news[0]

    def look_back_next(self) -> str:
        """Go on to the next costly decision still to try (after this one in the list, then
        from its top).

        :returns: what the try again there asks.
        :raises IllegalAction: ``no_look_back``, or ``no_try`` when none is left to try.
        """
        self._call({"type": "look_back_next"})
        return self._try_news[0]

    def _look_decision(self) -> tuple[int, Any] | None:
        """The look back's decision at the step shown (its place in the list), or None."""
        if self._look is None:
            return None
        n = len(self.state.history)
        return next(((k, d) for k, d in enumerate(self._look.decisions) if d.index == n), None)

    def _open_try(self) -> tuple[int, Any]:
        """The decision at this step whose try again is open, or a refusal."""
        need(self._look is not None, "press 'Look back' first", "no_look_back")
        got = self._look_decision()
        need(got is not None and self._tries.get(got[0], {}).get("status") == "open",
             "there is nothing to try at this step: choose a costly decision in the look "
             "back's list", "no_try")
        assert got is not None
        return got

    def _try_say(self, words: str) -> None:
        """Say ``words`` once (the front end's live log), the same words again included."""
        self._try_news = (words, self._try_news[1] + 1)

    def _on_look_back_try(self, intent: Mapping[str, Any]) -> None:
        k, d = self._open_try()
        need(("card" in intent) != ("option" in intent),
             "a try names one 'card' or one 'option'", "bad_argument")
        option = (self._try_card(d, get_str(intent, "card", 12)) if "card" in intent
                  else self._try_option(d, get_str(intent, "option", 200)))
        if option is None:
            return  # a card with several options: its choices are drawn to pick from
        s = self.state
        need(option != d.chosen, f"{_cap(option_words(s, option))} is the choice made in the "
                                 f"deal: try another", "same_choice")
        t = self._tries[k]
        wrong = t["wrong"] + (0 if d.advice.cost(option) <= 0 else 1)
        found, words = try_verdict(s, d, option, wrong)
        t.update(wrong=wrong, said=words, status="found" if found else "open")
        self._selection = []
        self._try_say(words)
        self._publish()

    def _try_card(self, d: Any, code: str) -> str | None:
        """The option a click on card ``code`` tries (the option its bar values), None when
        the card leads to several (a joker led naming a suit: its choices are then drawn),
        or a refusal."""
        s = self.state
        card = parse_code(self.game, code)
        need(card is not None, f"unknown card {code!r}: not a card of the "
                               f"{self.game.deck.title}", "unknown_card")
        assert card is not None
        code = card.code
        need(code in self._clickable_cards(s, d.seat), f"{code} is not a card in your hand",
             "not_your_card")
        verbs = self.game.spec.card_verbs
        options = options_on_card(d.advice, code) or [
            a for a in d.advice.values if Action(a).verb in verbs and code in Action(a).args]
        if not options:
            why = s.explain(f"{card_verb(s, verbs)} {code}", seat=d.seat)
            need(why.legal, f"{self.game.deck.name(card)}: {why}", why.code, why.rule)
            need(False, f"{_cap(str(self.game.deck.name(card)))}: the estimate values no "
                        f"option of this card here: try another", "not_valued")
        if len(options) > 1:
            self._selection = [code]
            self._publish(self._selection_hint() + ": choose how below")
            return None
        return options[0]

    def _try_option(self, d: Any, text: str) -> str:
        """The option ``text`` names (notation, or the game's words), if it is legal at the
        decision and the look back valued it; else a refusal."""
        s = self.state
        action = s._read(text, d.seat)  # IllegalAction for text that names no action
        verdict = s.judge(action, seat=d.seat)
        if not verdict.legal:
            need(False, f"'{call_words(s.game, action)}' is not legal: "
                        f"{without_rule_ids(str(verdict.reason))}", verdict.code, verdict.rule)
        option = str(action)
        need(option in d.advice.values,
             f"{_cap(option_words(s, option))}: the estimate values no such option here: try "
             f"one of the others", "not_valued")
        return option

    def _on_look_back_show(self, intent: Mapping[str, Any]) -> None:
        k, d = self._open_try()
        words = answer_words(self.state, d)
        self._tries[k].update(status="shown", said=words)
        self._selection = []
        self._try_say(words)
        self._publish()

    def _on_look_back_next(self, intent: Mapping[str, Any]) -> None:
        need(self._look is not None, "press 'Look back' first", "no_look_back")
        j = self._next_try()
        need(j is not None, "no costly decision is left to try: every one is found or shown",
             "no_try")
        assert j is not None and self._look is not None
        self._look_go(j)
        self._try_say(try_prompt(self.state, self._look.decisions[j]))
        self._publish()

    def _next_try(self) -> int | None:
        """The next decision still to try after the one shown (in the list's order, then from
        its top), or None."""
        got = self._look_decision()
        here: int = got[0] if got is not None else -1
        n = len(self._look.decisions) if self._look is not None else 0
        order: list[int] = [*range(here + 1, n), *range(0, max(here, 0))]
        for j in order:
            if self._tries.get(j, {}).get("status") == "open":
                return j
        return None

    def _try_view(self, s: State, k: int, d: Any) -> dict[str, Any]:
        """The try again of decision ``k`` (at ``s``) as the front end draws it."""
        t = self._tries[k]
        hand = {c.code for c in s.hands[d.seat]}
        return {"i": k, "status": t["status"], "open": t["status"] == "open",
                "wrong": t["wrong"], "said": t["said"], "prompt": try_prompt(s, d),
                "offer_show": t["wrong"] >= WRONG_BEFORE_SHOW,
                "next": self._next_try() is not None, "chosen": d.chosen,
                "chosen_cards": [c for c in Action(d.chosen).args if c in hand],
                "news": self._try_news[0], "count": self._try_news[1]}

    def _advice_view(self, s: State) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The hint bars to draw on ``s`` (a hint asked for it, or the look back's decision
        at this step) and the look back's list."""
        hint = None
        if self._hint is not None and self._hint[0] is s:
            hs, advice, kind, k = self._hint
            hint = hint_view(hs, advice, round_=k,
                             rounds=len(hint_rounds(kind, advice.method)[0]))
        look = None
        if self._look is not None and self._line[-1].is_over:
            got = self._look_decision() if s is self.state else None
            current = got[0] if got is not None else None
            tries = {k: t["status"] for k, t in self._tries.items()}
            if got is not None and tries.get(got[0]) != "open":  # the answer: the bars
                hint = hint_view(s, got[1].advice, round_=0, rounds=1, chosen=got[1].chosen)
            look = look_back_view(self._line, self._look, current, tries)
            look["try"] = (self._try_view(s, *got) if got is not None and got[0] in self._tries
                           else None)
        return hint, look

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

    def seen_json(self) -> str:
        """This deal as the table's viewer saw it, to the last step of the line: the game,
        the seat, every sentence heard and the view at the end. It holds no card the viewer
        could not see (the full record is :meth:`to_json`)."""
        tip = self._line[-1]
        doc = {"format": "cardlab seen deal", "version": 1, "game": tip.game.name,
               "options": _options_of(tip.game), "seat": self.seat,
               "show_all": bool(self.show_all), "shown": self._shown_list(),
               "narration": self._narration(tip),
               "view": self._game_view(tip)}
        return json.dumps(doc, sort_keys=True)

    # -- settings ----------------------------------------------------------------------------
    @traitlets.validate("seat")
    def _valid_seat(self, proposal: Any) -> Any:
        seat = proposal["value"]
        if getattr(self, "_ready", False):
            check_seat(self.state, seat)
        return seat

    @traitlets.validate("shown")
    def _valid_shown(self, proposal: Any) -> Any:
        return _seat_list(self.state, proposal["value"], "shown") \
            if getattr(self, "_ready", False) else proposal["value"]

    @traitlets.validate("humans")
    def _valid_humans(self, proposal: Any) -> Any:
        value = proposal["value"]
        if value is None or not getattr(self, "_ready", False):
            return value
        return _seat_list(self.state, value, "humans")

    @traitlets.validate("bot_delay")
    def _valid_bot_delay(self, proposal: Any) -> Any:
        value = proposal["value"]
        if not 0 <= value <= MAX_BOT_DELAY:  # NaN too
            raise traitlets.TraitError(f"bot_delay must be 0 to {MAX_BOT_DELAY:g} seconds, "
                                       f"not {value!r}")
        return value

    @traitlets.observe("seat", "show_all", "shown", "humans", "bot_delay", "paused",
                       "teacher", "projector", "open_hands")
    def _settings_changed(self, change: Any) -> None:
        if getattr(self, "_ready", False):
            self._selection = []
            if self.bot_delay == 0 and self._cursor == len(self._line) - 1:
                self._run_bots_now()
            self._publish()

    # -- the view ------------------------------------------------------------------------------
    def _memo_of(self, s: State) -> dict[Any, Any]:
        memo = self._memo.get(s)
        if memo is None:
            memo = self._memo[s] = {}
        return memo

    def _game_view(self, s: State) -> dict[str, Any]:
        """The game's view of ``s`` for this viewer (built once per state and viewer; shared by
        the published view, so never mutated after it is made)."""
        memo = self._memo_of(s)
        key = ("view", *self._vkey())
        view = memo.get(key)
        if view is None:
            view = memo[key] = self._make_game_view(s)
        return view

    def _make_game_view(self, s: State) -> dict[str, Any]:
        # what this viewer may see is decided by the engine's view layer, not here
        return s.view(self._viewer(), shown=self._shown_arg())

    def _secret(self, s: State) -> bool:
        """True if ``s`` is a choice this viewer must not know is being made (a secret
        choice, :mod:`cardlab.engine.view`): it is no step of its own on this table."""
        return secret_choice(s, viewer(s.game, self.seat, self._shown_arg())) is not None

    def _visible_line(self, chain: list[State]) -> list[State]:
        """``chain`` without the moments of secret choices (the last state always stays)."""
        return [t for i, t in enumerate(chain) if i == len(chain) - 1 or not self._secret(t)]

    def _visible_hand_cards(self, s: State, seat: int) -> set[str]:
        view = self._game_view(s)
        for hand in view["hands"]:
            if hand["seat"] == seat and hand.get("cards"):
                return set(hand["cards"])
        return set()

    def _selection_hint(self) -> str:
        if not self._selection:
            return "Selection cleared"
        deck = self.game.deck
        names = [str(deck.name(deck.parse(c))) for c in self._selection]
        return "Chosen: " + ", ".join(names)

    def _prompt(self, s: State, legal: list[Action], acting_here: bool) -> str:
        """What to do now, in words (the ``data-prompt`` line)."""
        if self._mode == "look_back":
            got = self._look_decision() if s is self.state else None
            t = self._tries.get(got[0]) if got is not None else None
            if got is not None and t is not None and t["status"] == "open":
                return str(t["said"]) or try_prompt(s, got[1])
            at = got is not None
            return ("Look back: the bars show what each option was worth here; your choice "
                    "is outlined" if at else "Look back: choose one of your decisions below")
        if s.is_over:
            return "The deal is over: the result is below"
        if self._mode == "review":
            return "Step through the deal, or press 'Play from here' to play on"
        if not acting_here:
            return f"{self._status()}: the bots answer" if self._bot_should_move() else \
                self._status()
        game = s.game
        verbs = game.spec.card_verbs
        chooses = [a for a in legal if a.verb in verbs and a.verb != "play"]
        n = len(self._selection)
        if chooses and not self._clicked_in_hand(s, chooses):
            # a choice of a card that is not in the hand (Pandoeren's called ace): its
            # buttons stand below, and the prompt names the choice
            return choice_prompt(game, chooses)
        if chooses:
            sizes = sorted({len(card_args(game, a)) for a in chooses})
            verb = chooses[0].verb
            purpose = CHOICE_PURPOSES.get(verb, f"for '{verb}'")
            if len(sizes) == 1:
                k = sizes[0]
                return (f"Choose {k} card{'s' if k != 1 else ''} {purpose}: {n} of {k}, "
                        "then Confirm")
            return (f"Choose up to {sizes[-1]} cards {purpose}: {n} chosen, then Confirm "
                    f"({'none' if not n else 'or click a card again to put it back'})")
        plays = [a for a in legal if a.verb == "play"]
        calls = [a for a in legal if a.verb not in verbs]
        if self._selection:
            return (f"{n} card{'s' if n != 1 else ''} chosen: Confirm below, or click a card "
                    "again to put it back")
        # Five Hundred's ghost partners: the seat plays from a hand of the table that is
        # not its own (the position to play), and the prompt says whose cards to click
        hand = self._playing_hand(s)
        cards = "a legal card" if hand == s.to_move else \
            f"a legal card of {self._hand_name(s, hand)} (you play its cards)"
        if plays and calls:
            return f"Your turn: click {cards} to play it, or choose a call below"
        if plays:
            return f"Your turn: click {cards} to play it"
        return "Your turn: choose a call below"

    def _playing_hand(self, s: State) -> int | None:
        """The hand whose cards are played now: the position to play where the game's view
        names one (Five Hundred's ``turn``: a ghost partner's position past the seats),
        else the seat to move."""
        turn = self._game_view(s).get("turn")
        if isinstance(turn, int) and not isinstance(turn, bool) and any(
                h["seat"] == turn for h in self._game_view(s)["hands"]):
            return turn
        return s.to_move

    def _hand_name(self, s: State, hand: int | None) -> str:
        """The name a hand of the view goes by (``G1`` for a ghost partner)."""
        for h in self._game_view(s)["hands"]:
            if h["seat"] == hand and h.get("name"):
                return str(h["name"])
        return s.game.seat_name(hand) if hand is not None else ""

    def _from_kitty(self, s: State, gv: Mapping[str, Any]) -> list[str]:
        """The kitty's cards in the hand that took it, while it chooses its discard (5H-6.1),
        for a viewer who sees that hand (they are then its own cards): the hand marks them."""
        kitty = getattr(s, "kitty", None)
        if gv.get("phase") != "kitty" or not kitty or s.to_move is None:
            return []
        held = self._visible_hand_cards(s, s.to_move)
        return [c.code for c in kitty if isinstance(c, Card) and c.code in held]

    def _clickable_cards(self, s: State, actor: int) -> set[str]:
        """The cards ``actor`` may click: its own hand as the viewer sees it and, on its
        turn, the face-up cards of the hand it plays from (a ghost partner's)."""
        cards = self._visible_hand_cards(s, actor)
        hand = self._playing_hand(s)
        if actor == s.to_move and hand is not None and hand != actor:
            cards |= self._visible_hand_cards(s, hand)
        return cards

    def _clicked_in_hand(self, s: State, chooses: list[Action]) -> bool:
        """True if some of these choices are made by clicking cards of the hand shown (a
        discard, an exchange); False when every one names a card the hand lacks (a call)."""
        actor = self._learner()
        if actor is None or not self._sees(actor):
            return False
        held = self._visible_hand_cards(s, actor)
        return any(card_args(s.game, a) and all(c in held for c in card_args(s.game, a))
                   for a in chooses)

    def _publish(self, message: str = "", download: dict[str, Any] | None = None) -> None:
        self.view = self._build_view(message, download)
        self._sync_probes()

    def _say(self, message: str) -> None:
        super()._say(without_rule_ids(message))

    def _refuse(self, message: str, rule: str | None) -> None:
        # the sentence in words; the rule it applies behind a "the rule" expander
        self.view = {**self.view, "message": without_rule_ids(message),
                     "message_rule": rule_note(rule)}

    def _build_view(self, message: str = "",
                    download: dict[str, Any] | None = None) -> dict[str, Any]:
        """The view of the step at the cursor (what :meth:`_publish` publishes)."""
        got = self._look_decision() if self._eye is None else None
        if got is not None and self._tries.get(got[0], {}).get("status") == "open":
            # a try again puts the learner back in the seat's own view, whatever this table
            # shows besides: hidden stays hidden until the answer
            self._eye = (got[1].seat, ())
            try:
                return self._build_view(message, download)
            finally:
                self._eye = None
        self._sync_faces()
        s = self.state
        game = s.game
        gv = self._game_view(s)
        mover = s.to_move
        actor = self._learner()
        verbs = game.spec.card_verbs
        # the legal list this viewer may see, as the engine's view layer decided it
        legal = [Action(a) for a in gv.get("legal") or []]
        info = self._card_info(s, gv, legal)
        acting_here = actor is not None and actor == mover
        hand_visible = acting_here and self._sees(actor)
        actor_cards = self._clickable_cards(s, actor) if hand_visible and actor is not None \
            else set()
        actions = []
        if acting_here:
            for a in legal:
                cards = card_args(game, a)
                if cards and (not hand_visible or all(c in actor_cards for c in cards)):
                    continue  # played by clicking the cards (or not the viewer's to see)
                actions.append({"action": str(a), "label": describe(s, a),
                                "row": ladder_row(game, a), "text": call_words(game, a),
                                "meaning": call_meaning_words(game, str(a))})
        choices = []
        if self._selection and acting_here:
            chosen = sorted(self._selection)
            for a in legal:
                if a.verb in verbs and sorted(card_args(game, a)) == chosen:
                    choices.append({"action": str(a), "label": describe(s, a),
                                    "text": "Confirm: " + confirm_words(s, a)})
        narration = self._narration(s)
        prev_line, prev_step = self._last_step
        if prev_line is self._line and prev_step <= self._cursor:
            news = narration[prev_step:self._cursor]
        else:
            news = narration[-1:]
        self._last_step = (self._line, self._cursor)
        result = s.result if s.is_over else None
        hint, look = self._advice_view(s)
        n = len(game.seat_names)
        bottom = self.seat if self.seat is not None else 0
        places = PLACES.get(n, PLACES[6] + ("top",) * max(0, n - 6))
        view: dict[str, Any] = {
            **gv,
            "message": without_rule_ids(message),
            "message_rule": None,
            # the engine's lines about the situation cite their rules: a person reads words
            "info": [without_rule_ids(str(x)) for x in gv.get("info") or []],
            **({"matadors": without_rule_ids(gv["matadors"])}
               if isinstance(gv.get("matadors"), str) else {}),
            "status": self._status(),
            "mode": self._mode,
            "step": self._cursor,
            "steps": len(self._line) - 1,
            "learner": self.seat,
            "show_all": bool(self.show_all) and self._eye is None,
            "teacher": (self._teacher_bar() if self.teacher
                        and not getattr(self, "_probing", False) else None),
            "projector": bool(self.projector),
            "places": [places[(i - bottom) % n] for i in range(n)],
            "card_info": info,
            "actions": actions,
            "selection": list(self._selection),
            "choices": choices,
            "narration": narration,
            # the bot's reason beside each sentence ("" for none, or one hidden from this viewer)
            "narration_why": self._narration_why(s),
            "news": news,
            "trump_strip": self._trump_strip(s, gv),
            # the hand whose cards are played now (a ghost partner's, or the mover's own)
            "playing": self._playing_hand(s),
            # the cards the declarer took from the kitty, marked in its hand until the discard
            "from_kitty": self._from_kitty(s, gv),
            "prompt": self._prompt(s, legal, acting_here),
            "led_words": led_words(game, gv),
            "facts_words": [without_rule_ids(x) for x in facts_words(game, gv)],
            "result_lines": ([sides_in_words(game, without_rule_ids(str(x)))
                              for x in result.breakdown]
                             if result is not None else []),
            # each seat's last call, by its seat, while the auction goes on
            "seat_calls": self._seat_calls(s, gv),
            # the result panel of a finished deal: heading, points per side, breakdown in words
            "result": (_plain_panel(game, result_panel(
                game, result, {h["seat"]: str(h.get("name") or h["seat"]) for h in gv["hands"]}))
                       if result is not None else None),
            "has_record": self._record is not None,
            "branched": self.branched,
            "can_undo": self._mode == "play" and self._cursor > 0,
            "can_save": True,
            "can_save_full": self._line[-1].is_over or bool(self.show_all),
            "paused": bool(self.paused),
            "bot_pending": ({"step": self._cursor, "delay_ms": int(self.bot_delay * 1000)}
                            if self.bot_delay > 0 and self._bot_should_move() else None),
            "download": download,
            "hint": hint,
            "open_hands": (open_hands_view(
                self._line, self._cursor, all_seen=every_card_seen(s, gv),
                memo_of=self._memo_of) if self.open_hands else None),
            "hint_pending": ({"step": self._cursor} if hint is not None and hint.get("more")
                             and self._look is None else None),
            "look_back": look,
            "can_hint": acting_here and self._sees(actor) and self._mode == "play",
            # a look back is at the decisions of the seats people played (none on a
            # teacher's table until the teacher takes a seat)
            "can_look_back": (self._line[-1].is_over and self._look is None
                              and (self.seat is not None or bool(self._humans()))),
        }
        return view

    def _seat_calls(self, s: State, gv: Mapping[str, Any]) -> dict[str, str]:
        """Each seat's last call in words (``{"1": "six clubs", "2": "pass"}``, keyed by the
        seat as text), from the view's auction, until the first card is played: the table
        shows them where the seats sit."""
        auction = gv.get("auction") or []
        if not auction or any(a.verb == "play" for a in s.history):
            return {}
        game = s.game
        ladder = getattr(game, "ladder", None)
        said: dict[str, str] = {}
        for entry in auction:
            call = str(entry.get("call", ""))
            try:
                if ladder is not None and call in ladder:
                    words = str(ladder.label_of(call)).split(": ")[0]
                else:
                    words = call_words(game, Action(call))
            except (ValueError, TypeError, IllegalAction):
                words = call.replace("_", " ")
            said[str(entry.get("seat"))] = words
        return said

    def _sync_probes(self) -> None:
        """Publish :attr:`_layout_probes`: the views of the recorded line's steps that are
        tallest in some part (the most cards in a hand, the fullest trick, the longest
        prompt …: every step no other step outgrows in every part), as the review shows
        them. Made once per record and viewer; a live deal without a record has none (the
        front end then keeps the tallest height seen)."""
        rec = self._record
        key = (id(rec), len(rec) if rec is not None else 0, self._vkey(), bool(self.teacher))
        if key == getattr(self, "_probes_key", None):
            return
        self._probes_key = key
        if rec is None or len(rec) > MAX_PROBED_STEPS:
            self._layout_probes = []
            return
        saved = (self._line, self._cursor, self._mode, self._hint, self._look,
                 self._selection, self._last_step)
        views = []
        self._probing = True
        try:
            self._line, self._mode, self._hint, self._look, self._selection = \
                rec, "review", None, None, []
            for k in range(len(rec)):
                self._cursor = k
                views.append(self._build_view())
        finally:
            (self._line, self._cursor, self._mode, self._hint, self._look, self._selection,
             self._last_step) = saved
            self._probing = False
        shapes = [_layout_shape(v) for v in views]
        keep = [i for i, a in enumerate(shapes)
                if not any(j != i and _outgrows(b, a, j < i) for j, b in enumerate(shapes))]
        self._layout_probes = [_probe_view(views[i]) for i in keep]

    def _trump_strip(self, s: State, gv: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The trumps of this deal, high to low as ``s.trump_order()`` gives them, each marked
        if already played (every play is public): the strip a learner reads the order from.
        None in an auction, and none where the order has no trumps (a no-trump contract)."""
        memo = self._memo_of(s)
        if "strip" in memo:
            return memo["strip"]  # type: ignore[no-any-return]
        strip: list[dict[str, Any]] = []
        if gv.get("phase") != "auction" and not s.is_over:
            try:
                order = s.trump_order()
                if order:
                    s.effective_suit(order[0])
            except NotImplementedError:
                order = []
            deck_size = len(s.game.deck)
            # a trump order that runs through the plain suits too (Pandoeren's) has trumps
            # only where the view names a trump suit
            if order and (gv.get("trump") or len(order) < deck_size // 2):
                top = s.effective_suit(order[0])
                trumps = [c for c in order if s.effective_suit(c) == top]
                played = {c for a in s.history if a.verb == "play"
                          for c in card_args(s.game, a)}
                strip = []
                for rank, c in enumerate(trumps, 1):
                    face = card_face(s.game, c)
                    gone = c.code in played
                    face["label"] = (f"{face['name']}, trump number {rank}"
                                     + (", already played" if gone else ""))
                    strip.append({"card": c.code, "played": gone, "face": face})
        memo["strip"] = strip
        return strip

    def _card_info(self, s: State, gv: Mapping[str, Any],
                   legal: list[Action]) -> dict[str, dict[str, Any]]:
        """:func:`card_info` of ``s`` for this viewer, once per state (card faces and labels
        are shared between states of the same game)."""
        memo = self._memo_of(s)
        key = ("info", *self._vkey())
        info = memo.get(key)
        if info is None:
            if self._faces_game is not s.game:
                self._faces, self._faces_game = {}, s.game
            info = memo[key] = {code: ({**d, "label": without_rule_ids(d["label"]),
                                        "reason": without_rule_ids(d.get("reason") or ""),
                                        "roles": [without_rule_ids(str(r))
                                                  for r in d.get("roles") or []]}
                                       if "label" in d else d)
                                for code, d in card_info(s, gv, legal, faces=self._faces).items()}
        return info

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

    def _status(self) -> str:
        view = self._game_view(self.state)
        if view.get("phase") == "done" or view.get("to_move") is None:
            return "the deal is over"
        who = self.state.game.seat_name(view["to_move"])
        verb = {"play": "play", "auction": "bid"}.get(str(view.get("phase")), "move")
        return f"{who} to {verb}"

    def _static_html(self) -> str:
        view = self._game_view(self.state)
        return _static.render_or_fallback(
            "table_svg", lambda: _static.table_html(view, self._status()), view,
            system=self.game.deck.system, four_colour=bool(self.four_colour))

    def __repr__(self) -> str:
        s = self.state
        seed = getattr(s, "seed", None)
        parts = [s.game.name] + ([f"seed={seed}"] if seed is not None else [])
        parts += [f"step {self._cursor}/{len(self._line) - 1}", self._status()]
        if self.branched:
            parts.append("branched")
        return f"Table({', '.join(parts)})"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


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


#: what the cards chosen with a card verb are for, in the prompt's words
CHOICE_PURPOSES = {"discard": "to discard", "tengo": "to exchange",
                   "swap": "to give for the turn-up"}


def choice_prompt(game: Any, chooses: Sequence[Action]) -> str:
    """The prompt for a choice made with buttons, whose cards are not in the hand: it names
    the choice (Pandoeren's "Call an ace: …", A2.6), never a discard."""
    verb = chooses[0].verb
    cards = [c for a in chooses for c in (parse_code(game, x) for x in card_args(game, a))
             if c is not None]
    if verb == "call" and cards:
        ranks = {str(game.deck.name(c)).split(" of ")[0] for c in cards}
        rank = ranks.pop() if len(ranks) == 1 else "card"
        what = f"{'an' if rank[:1] in 'aeiou' else 'a'} {rank}"
        return f"Call {what}: choose it below (whoever holds it is your partner)"
    return f"Your turn: choose below what to {verb.replace('_', ' ')}"


#: the field a share code of a table with hands face down ends in: ``~u`` and the seats
#: face up, joined by ``.``
SHOWN_FIELD = "~u"
#: the longest recorded line whose steps are probed for the table's tallest height
MAX_PROBED_STEPS = 400


def _split_share(code: str) -> tuple[str, list[int] | None]:
    """A table's share code as the deal's code and the seats face up (None: every hand)."""
    if not isinstance(code, str):
        return code, None
    text = "".join(code.split())
    head, sep, tail = text.rpartition(SHOWN_FIELD)
    if not sep or not head or not all(p.isdigit() and len(p) <= 2 for p in tail.split(".")
                                       if tail) or "~" in tail:
        return code, None
    return head, sorted({int(p) for p in tail.split(".") if p})


def _layout_shape(view: Mapping[str, Any]) -> dict[str, int]:
    """How much each part of a view above the step buttons holds (cards, plays, the length
    of its lines in rough steps): a step that holds at least as much in every part is at
    least as tall."""
    shape: dict[str, int] = {}
    for hand in view.get("hands") or []:
        cards = hand.get("cards")
        shape[f"hand{hand['seat']}"] = (len(cards) if isinstance(cards, list)
                                        else min(int(hand.get("count") or 0), 5) + 1)
    for i, row in enumerate(view.get("piles") or []):
        shape[f"piles{i}"] = sum(1 for p in row or [] if isinstance(p, Mapping)
                                 and (p.get("up") or p.get("down")))
    for extra in view.get("extras") or []:
        cards = extra.get("cards")
        shape[f"extra:{extra.get('label')}"] = (len(cards) + 1 if isinstance(cards, list)
                                                else min(int(extra.get("count") or 0), 5) + 1)
    last = view.get("last_trick") or {}
    shape["trick"] = len(view.get("trick") or [])
    shape["last"] = len(last.get("plays") or []) if isinstance(last, Mapping) else 0
    shape["strip"] = len(view.get("trump_strip") or [])
    shape["actions"] = len(view.get("actions") or []) + len(view.get("choices") or [])
    texts = {"led": view.get("led_words") or "", "prompt": view.get("prompt") or "",
             "status": view.get("status") or "",
             "facts": " · ".join(view.get("facts_words") or []),
             **{f"call{k}": v for k, v in (view.get("seat_calls") or {}).items()}}
    for name, text in texts.items():
        shape[name] = (len(str(text)) + 11) // 12
    return shape


def _outgrows(big: Mapping[str, int], small: Mapping[str, int], earlier: bool) -> bool:
    """True if ``big`` holds at least as much as ``small`` in every part (and, between
    equal shapes, is the earlier step: one of them stays)."""
    if any(big.get(k, 0) < v for k, v in small.items()):
        return False
    return earlier or any(big.get(k, 0) > small.get(k, 0) for k in big)


def _probe_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """A view as a layout probe: what is drawn above the step buttons, nothing below."""
    return {**view, "narration": [], "news": [], "teacher": None,
            "look_back": None, "hint": None, "download": None,
            "bot_pending": None, "hint_pending": None, "message": ""}


def _plain_panel(game: Any, panel: dict[str, Any]) -> dict[str, Any]:
    """A result panel in words: sides by their seats' names (``"P1 & P4"``), no bare rule
    IDs in its lines."""
    points = [{**p, "who": p["who"] if side_words(game, p["side"]) == p["side"]
               else side_words(game, p["side"])} for p in panel.get("points", [])]
    return {**panel, "points": points,
            "lines": [sides_in_words(game, without_rule_ids(str(x)))
                      for x in panel.get("lines", [])]}


def sides_in_words(game: Any, text: str) -> str:
    """``text`` with each side named by joined seat names in words (``"P2P5 defended"`` →
    ``"P2 & P5 defended"``)."""
    for side in getattr(game, "sides", None) or ():
        words = side_words(game, str(side))
        if words != side:
            text = text.replace(str(side), words)
    return text


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


def _options_of(game: Any) -> dict[str, Any]:
    from cardlab.engine.options import options_dict

    return dict(options_dict(game.options))


def _a(title: str) -> str:
    """``'an Officer Skat'``, ``'a Five Hundred'``."""
    return f"{'an' if title[:1].upper() in 'AEIOU' else 'a'} {title}"


def _count(n: int, noun: str) -> str:
    """``'1 action'``, ``'3 actions'``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _check_state_or_record(obj: Any) -> None:
    """Refuse, with how to start a deal, what is neither a state nor a record: a game, or
    text that is not JSON (a game's name)."""
    if isinstance(obj, Game):
        raise TypeError(f"Table needs a state or a record, not a game; start a deal with "
                        f"cardlab.load({obj.name!r}).deal(seed=1)")
    if isinstance(obj, str) and not obj.lstrip().startswith(("{", "[")):
        from cardlab.engine.registry import names

        name = obj.strip() if obj.strip() in names() else "five_hundred"
        what = f"the game name {obj.strip()!r}" if obj.strip() in names() else (
            f"the text {obj[:40]!r}")
        raise ValueError(f"Table needs a state or a record (JSON text, dict or Path), not "
                         f"{what}; start a deal with cardlab.load({name!r}).deal(seed=1)")


def ladder_row(game: Any, action: Action) -> str:
    """The label of the ``game.ladder`` row an action's call stands in (``"seven tricks"``
    for ``bid 7H``), or ``""`` for an action off the ladder (``pass``): the table lays its
    calls out in the ladder's rows."""
    ladder = getattr(game, "ladder", None)
    if ladder is None or action.verb in game.spec.card_verbs:
        return ""
    for call in (" ".join(action.args), action.verb):
        if call and call in ladder:
            return str(ladder.row_of(call).label)
    return ""


def call_words(game: Any, action: Action) -> str:
    """A call's words for its button: the ladder's words (``"seven hearts"``, ``"open
    misère"``), else the action with its underscores as spaces (``"no kontra"``)."""
    ladder = getattr(game, "ladder", None)
    call = " ".join(action.args)
    if ladder is not None and action.verb not in game.spec.card_verbs:
        for c in (call, action.verb):
            if c and c in ladder:
                # a ladder's words may go on to explain the call ("fold: out of the hand…"):
                # the button takes the name, the explanation stays in its title
                return str(ladder.label_of(c)).split(": ")[0]
    return action_words(game, action)  # cards and suits by name, never their codes


def led_words(game: Any, view: Mapping[str, Any]) -> str:
    """The suit led to the trick in progress, in words (``"hearts (trumps)"``), or ``""``.
    It is the effective suit: a led left bower or Skat jack leads trumps."""
    suit = view.get("trick_suit")
    if not suit or not view.get("trick"):
        return ""
    if suit in ("T", "trump"):
        return "trumps"
    name = game.deck.suit_name(str(suit))
    return f"{name} (trumps)" if suit == view.get("trump") else str(name)


def confirm_words(s: State, action: Action) -> str:
    """The Confirm button's words for a chosen action: the game's sentence without the seat
    (``"discards 3 cards face down"``)."""
    text = describe(s, action)
    who = s.game.seat_name(s.to_move)
    return text[len(who) + 1:] if text.startswith(who + " ") else text


def contract_words(game: Any, contract: str) -> str:
    """A contract in words: the ladder's words where the contract is a call on it
    (``"seven hearts"``, ``"Piccolo"``, ``"Grand"``), else the notation with its underscores
    as spaces (``"piatto resta"``)."""
    ladder = getattr(game, "ladder", None)
    base = contract.split()[0] if contract else contract
    if ladder is not None and base and base in ladder:
        words = str(ladder.label_of(base)).split(": ")[0]
        return words + (" " + " ".join(contract.split()[1:]).replace("_", " ")
                        if " " in contract else "")
    return contract.replace("_", " ")


def counts_card_points(game: Any, view: Mapping[str, Any]) -> bool:
    """True where the contract on the table is decided by card points, so the facts line
    counts them instead of tricks: Officer Skat's games (OS-6; a Null too unless
    ``null_mode="no_tricks"``, OS-6.4) and Pandoeren's number bids (A2.3, A4.2)."""
    contract = view.get("contract")
    if not isinstance(contract, str) or not contract:
        return False
    if game.name == "officer_skat":
        return not (contract == "null"
                    and getattr(game.options, "null_mode", "") == "no_tricks")
    if game.name == "pandoeren":
        return contract.split()[0].isdigit()
    return False


def facts_words(game: Any, view: Mapping[str, Any]) -> list[str]:
    """The facts line in words: the contract and who holds it, the trumps with their
    symbol, tricks, score and pot (no bare codes)."""
    from cardlab.widgets._cards import SUIT_TEXT

    names = view.get("seat_names") or game.seat_names
    facts = []
    contract = view.get("contract")
    if isinstance(contract, str) and contract:
        who = view.get("declarer")
        facts.append("contract: " + contract_words(game, contract)
                     + (f" by {names[who]}" if isinstance(who, int) and who < len(names) else ""))
    trump = view.get("trump")
    if isinstance(trump, str) and trump:
        # a suit symbol where the pack has one (French ♥); Italian suits go by name
        sym = SUIT_TEXT.get(game.deck.system, {}).get(trump, "")
        sym = sym if len(sym) == 1 else ""
        facts.append(f"trumps: {sym} {game.deck.suit_name(trump)}".replace("  ", " "))
    called = view.get("called")
    if isinstance(called, str) and called:  # Pandoeren A2.6: the called ace names the partner
        facts.append(f"called: the {called}")
    won = view.get("tricks_won") or {}
    points = view.get("card_points")
    if isinstance(points, Mapping) and points and counts_card_points(game, view):
        facts.append("card points " + ", ".join(f"{k} {v}" for k, v in points.items()))
    elif won:
        facts.append("tricks " + ", ".join(f"{side_words(game, str(k))} {v}"
                                           for k, v in won.items()))
    scores = view.get("scores") or {}
    if scores:
        facts.append("score " + ", ".join(f"{side_words(game, str(k))} {v}"
                                          for k, v in scores.items()))
    chips = view.get("chips")
    if isinstance(chips, Mapping) and chips.get("pot") is not None:
        facts.append(f"pot {chips['pot']}")
    # Officer Skat (OS-7.1): how the matadors will be counted, and the count only once the
    # deal is over (they run over all 16 of the declarer's cards, face-down ones too)
    matadors = view.get("matadors")
    if isinstance(matadors, str) and matadors:
        facts.append(matadors)
    return facts
