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

The class here is the shell: its traits, how it is made, and its Python API. The work is
done by its parts, one concern each (mixins of :class:`Table`, in private modules):

- :mod:`cardlab.widgets._table_control`: the line, the cursor and the record, the seats
  (who plays, who sees what) and the bots;
- :mod:`cardlab.widgets._table_intents`: the front end's intents in, moves or refusals out
  (and the intent table);
- :mod:`cardlab.widgets._table_teacher`: the teacher's seat bar;
- :mod:`cardlab.widgets._table_coach`: the hint, the look back and its try again;
- :mod:`cardlab.widgets._table_view`: the view model, what the front end draws;
- :mod:`cardlab.widgets._table_prompt`: the cards a click may name, and the prompt;
- :mod:`cardlab.widgets._table_narration`: the narration and the bots' reasons;
- :mod:`cardlab.widgets._table_probes`: the layout probes that keep the table's height;
- :mod:`cardlab.widgets._table_words`: calls, contracts and facts in words.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

import traitlets

# the expert level lives in cardlab.sim (above the bots) and registers itself on import;
# the table imports it so that every level is there when a table asks for one
import cardlab.sim.expert  # noqa: F401
from cardlab.bots import levels
from cardlab.engine.game import Game
from cardlab.engine.protocols import GameLike
from cardlab.engine.share import read_share, share_code
from cardlab.engine.state import State
from cardlab.errors import RecordError
from cardlab.widgets import _static
from cardlab.widgets._base import CardlabWidget
from cardlab.widgets._cards import parse_code
from cardlab.widgets._hint_ahead import HintAhead
from cardlab.widgets._table_coach import HINT_SEED as HINT_SEED
from cardlab.widgets._table_coach import TableCoach, hint_round_value
from cardlab.widgets._table_control import MAX_BOT_DELAY, TableControl, _seat_list
from cardlab.widgets._table_control import MAX_BOT_MOVES as MAX_BOT_MOVES
from cardlab.widgets._table_intents import INTENTS, TableIntents
from cardlab.widgets._table_intents import REVIEW_HINT as REVIEW_HINT
from cardlab.widgets._table_intents import WATCHING as WATCHING
from cardlab.widgets._table_narration import TableNarration
from cardlab.widgets._table_narration import bot_reason as bot_reason
from cardlab.widgets._table_narration import reason_words as reason_words
from cardlab.widgets._table_probes import MAX_PROBED_STEPS as MAX_PROBED_STEPS
from cardlab.widgets._table_probes import TableProbes
from cardlab.widgets._table_probes import _layout_shape as _layout_shape
from cardlab.widgets._table_probes import _outgrows as _outgrows
from cardlab.widgets._table_probes import _probe_view as _probe_view
from cardlab.widgets._table_prompt import CHOICE_PURPOSES as CHOICE_PURPOSES
from cardlab.widgets._table_prompt import TablePrompt
from cardlab.widgets._table_prompt import choice_prompt as choice_prompt
from cardlab.widgets._table_teacher import TableTeacher
from cardlab.widgets._table_view import TableView
from cardlab.widgets._table_words import _a as _a
from cardlab.widgets._table_words import _cap as _cap
from cardlab.widgets._table_words import _count as _count
from cardlab.widgets._table_words import _plain_panel as _plain_panel
from cardlab.widgets._table_words import call_words as call_words
from cardlab.widgets._table_words import confirm_words as confirm_words
from cardlab.widgets._table_words import contract_words as contract_words
from cardlab.widgets._table_words import counts_card_points as counts_card_points
from cardlab.widgets._table_words import facts_words as facts_words
from cardlab.widgets._table_words import ladder_row as ladder_row
from cardlab.widgets._table_words import led_words as led_words
from cardlab.widgets._table_words import sides_in_words as sides_in_words
from cardlab.widgets._view import as_state, check_seat
from cardlab.widgets._words import without_rule_ids

__all__ = ["Table"]


class Table(TableIntents, TableTeacher, TableCoach, TableView, TablePrompt, TableNarration,
            TableProbes, TableControl, CardlabWidget):
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

    #: intent type → handler (:data:`cardlab.widgets._table_intents.INTENTS`)
    _intents: ClassVar[dict[str, str]] = INTENTS

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
        self._faces_game: Game | None = None
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
        # a slow hint's first round valued ahead, once a front end draws the table
        # (:mod:`cardlab.widgets._hint_ahead`)
        self._ahead = HintAhead(hint_round_value)
        self._on_screen = False
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

    # -- the coach (its machinery: cardlab.widgets._table_coach) -------------------------------
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

    # -- what the viewer saw ------------------------------------------------------------------
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

    # -- drawing ------------------------------------------------------------------------------
    def _say(self, message: str) -> None:
        super()._say(without_rule_ids(message))

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


#: the field a share code of a table with hands face down ends in: ``~u`` and the seats
#: face up, joined by ``.``
SHOWN_FIELD = "~u"


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


def _options_of(game: GameLike) -> dict[str, Any]:
    from cardlab.engine.options import options_dict

    return dict(options_dict(game.options))


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
