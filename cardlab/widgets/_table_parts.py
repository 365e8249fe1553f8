"""What the parts of :class:`~cardlab.widgets.table.Table` share, declared for the type
checker: the table's traits, the state it keeps, and what each part offers the others.

The table is one widget put together from parts (mixins, one module each). A part uses
what another defines (the view model asks the coach for its bars, the coach publishes
through the view model), so each part is a :class:`TableParts`: for mypy, a
:class:`~cardlab.widgets._base.CardlabWidget` with all of this declared, which checks each
part's use of another's against the definition; at run time, plain :class:`object`, which
leaves the method resolution order of :class:`Table` to its own bases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import weakref
    from collections.abc import Mapping
    from typing import Any

    from cardlab.engine.action import Action
    from cardlab.engine.game import Game
    from cardlab.engine.state import State
    from cardlab.widgets._base import CardlabWidget
    from cardlab.widgets._hint_ahead import HintAhead

    class TableParts(CardlabWidget):
        """The table as each of its parts sees it."""

        # -- the traits (Table defines them) -----------------------------------------------
        seat: int | None
        show_all: bool
        shown: list[int]
        humans: list[int] | None
        bot_delay: float
        paused: bool
        teacher: bool
        projector: bool
        open_hands: bool
        _layout_probes: list[dict[str, Any]]

        # -- the state it keeps (Table.__init__ says what each is for) ----------------------
        _bot_spec: Any
        _bots: dict[tuple[str, int], Any]
        _reasons: weakref.WeakKeyDictionary[State, tuple[int, str]]
        _ready: bool
        _download_id: int
        _last_step: tuple[list[State] | None, int]
        _memo: weakref.WeakKeyDictionary[State, dict[Any, Any]]
        _faces: dict[tuple[str | None, str, str], dict[str, Any]]
        _faces_game: Game | None
        _hint: tuple[State, Any, str, int] | None
        _look: Any
        _look_at: int
        _tries: dict[int, dict[str, Any]]
        _try_news: tuple[str, int]
        _eye: tuple[int, tuple[int, ...]] | None
        _mode: str
        _record: list[State] | None
        _line: list[State]
        _cursor: int
        _selection: list[str]
        _bots_live: bool
        _ahead: HintAhead
        _on_screen: bool

        # -- Table's own ------------------------------------------------------------------
        @property
        def state(self) -> State: ...
        @property
        def game(self) -> Any: ...
        @property
        def branched(self) -> bool: ...
        @property
        def share_code(self) -> str: ...
        def seen_json(self) -> str: ...

        # -- the control's (_table_control) -------------------------------------------------
        def _reset(self, state: State, mode: str, step: int | None) -> None: ...
        def _advance(self, new: State) -> None: ...
        def _on_record_prefix(self) -> None: ...
        def _humans(self) -> frozenset[int]: ...
        def _sees(self, seat: int | None) -> bool: ...
        def _viewer(self) -> int | None: ...
        def _shown_arg(self) -> bool | tuple[int, ...]: ...
        def _vkey(self) -> tuple[Any, ...]: ...
        def _learner(self) -> int | None: ...
        def _shown_list(self) -> list[int]: ...
        def _bot_should_move(self) -> bool: ...
        def _bot_move(self) -> None: ...
        def _run_bots_now(self) -> None: ...
        def _after_learner_move(self) -> None: ...

        # -- the teacher's seat bar's (_table_teacher) --------------------------------------
        def _on_take_seat(self, intent: Mapping[str, Any]) -> None: ...
        def _teacher_bar(self) -> dict[str, Any]: ...

        # -- the coach's (_table_coach) -----------------------------------------------------
        def _look_decision(self) -> tuple[int, Any] | None: ...
        def _hint_ahead(self) -> None: ...
        def _advice_view(self, s: State
                         ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]: ...

        # -- the view model's (_table_view) -------------------------------------------------
        def _publish(self, message: str = "",
                     download: dict[str, Any] | None = None) -> None: ...
        def _build_view(self, message: str = "",
                        download: dict[str, Any] | None = None) -> dict[str, Any]: ...
        def _memo_of(self, s: State) -> dict[Any, Any]: ...
        def _game_view(self, s: State) -> dict[str, Any]: ...
        def _status(self) -> str: ...

        # -- the prompt's (_table_prompt) ---------------------------------------------------
        def _clickable_cards(self, s: State, actor: int) -> set[str]: ...
        def _playing_hand(self, s: State) -> int | None: ...
        def _from_kitty(self, s: State, gv: Mapping[str, Any]) -> list[str]: ...
        def _selection_hint(self) -> str: ...
        def _prompt(self, s: State, legal: list[Action], acting_here: bool) -> str: ...

        # -- the narration's (_table_narration) ---------------------------------------------
        def _narration(self, s: State) -> list[str]: ...
        def _narration_why(self, s: State) -> list[str]: ...

        # -- the layout probes' (_table_probes) ---------------------------------------------
        def _sync_probes(self) -> None: ...
else:
    TableParts = object
