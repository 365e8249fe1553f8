"""``TeacherPage``: the teacher's demonstration page, with no code on screen (Voilà).

The teacher chooses a game, a number of players (and Five Hundred's two-player form), a
set of rules, the bots' level (``"random"``, ``"heuristic"``, ``"expert"``:
:func:`cardlab.bots.levels`) and a deal number, or pastes a deal string or a saved record,
and presses **Deal**. The bots play the deal out at once (:meth:`Table.demonstrate`), so
the table can be stepped through from the first step; its seat bar shows and hides hands,
takes seats over and hands them back, sets the bots' pace and gives the share code. Under
the step buttons the table lists each bot call so far with its reason (``bot.explain``;
not at projector size, which has no height to spare). The order
of the cards (:attr:`TeacherPage.ladder_stage`) follows the contract on the table.

Everything on the page is in words a class reads: rule sets by the source they follow,
contracts by name (never a code). The page's root carries the DOM class
``cardlab-teacher`` (the tables on it are ``data-cardlab-widget="table"``).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from cardlab.bots import levels
from cardlab.engine.game import table_forms
from cardlab.engine.record import from_json
from cardlab.engine.registry import load, names
from cardlab.engine.state import State
from cardlab.errors import IllegalAction, RecordError
from cardlab.widgets._words import (
    order_contract,
    order_contract_words,
    preset_words,
    without_rule_ids,
)
from cardlab.widgets.ladders import TrumpLadder
from cardlab.widgets.status import StatusLine
from cardlab.widgets.table import Table

__all__ = ["TeacherPage", "player_choices"]

#: the rules everyone starts from (no preset)
STANDARD = "standard rules"


def player_choices(name: str) -> list[tuple[str, dict[str, Any]]]:
    """The tables of game ``name`` as (words, options): ``("2 players, with ghost partners",
    {"players": 2, "two_player_form": "ghost_partners_43"})``; the default count first. A
    game with one count has one entry with no options (the game's ``table_forms``)."""
    return table_forms(load(name).spec)


class TeacherPage(w.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """The teacher's page: choose a deal, press Deal, and demonstrate it on a
    :meth:`Table.demonstrate` table.

    :param game: the game chosen first (a registry name).
    :param seed: the deal number chosen first.
    :param bots: the bots' level chosen first.
    """

    def __init__(self, game: str = "five_hundred", *, seed: int = 7,
                 bots: str = "heuristic") -> None:
        titles = {n: load(n).title for n in names()}
        self.game_choice = w.Dropdown(options=[(t, n) for n, t in titles.items()], value=game,
                                      description="Game")
        self.players_choice = w.Dropdown(description="Players")
        self.rules_choice = w.Dropdown(description="Rules")
        self.seed_choice = w.BoundedIntText(value=seed, min=0, max=10**9, description="Deal no.")
        self.level_choice = w.Dropdown(options=[(n, n) for n in levels()], value=bots,
                                       description="Bots")
        """The bots' level (the same names as ``Table(bots=…)``): a new level plays the
        deal on the table out again."""
        self.text = w.Textarea(placeholder="or paste a deal string or a saved record here",
                               layout=w.Layout(width="100%", height="3.2em"))
        self.projector = w.Checkbox(value=False, description="projector size")
        self.open_hands = w.Checkbox(value=False, description="open-hands values")
        """Show each legal card's value with every hand open, and the par strip (while every
        hand is face up)."""
        self.deal_button = w.Button(description="Deal", button_style="primary", icon="play")
        # one polite live line (each new line announced once); it also keeps the page's
        # plain keys from JupyterLab's shortcuts (the page's box is a "cardlab-form")
        self.status = StatusLine()
        self.status.add_class("cardlab-teacher-status")
        self.stage = w.VBox()
        """Holds the table of the current deal."""
        self.ladder_stage = w.VBox()
        """Holds the trump ladder of the current game."""
        self.table: Table | None = None
        """The table of the current deal."""
        self.ladder: TrumpLadder | None = None
        """The order of the cards, under the contract on the table."""
        self._fill_choices()
        self.game_choice.observe(lambda _: self._fill_choices(), names="value")
        # a teacher pressing Deal goes on with the keyboard: focus on the new table
        self.deal_button.on_click(lambda _: self.deal(focus=True))
        self.projector.observe(self._projector_changed, names="value")
        self.open_hands.observe(self._open_hands_changed, names="value")
        self._choosing = False
        self.level_choice.observe(self._level_changed, names="value")
        super().__init__([
            w.HBox([self.game_choice, self.players_choice, self.rules_choice],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.seed_choice, self.level_choice, self.projector, self.open_hands,
                    self.deal_button],
                   layout=w.Layout(flex_flow="row wrap")),
            self.text, self.status, self.stage])
        self.add_class("cardlab-teacher")
        self.add_class("cardlab-form")
        self.deal()

    def _fill_choices(self) -> None:
        name = self.game_choice.value
        self.players_choice.options = [(words, i) for i, (words, _) in
                                       enumerate(player_choices(name))]
        self.players_choice.value = 0
        presets = list(load(name).spec.presets)
        # a rule set by the source or tradition it follows, never its snake_case name
        self.rules_choice.options = [(STANDARD, STANDARD),
                                     *((preset_words(name, p), p) for p in presets)]
        self.rules_choice.value = STANDARD

    def _open_hands_changed(self, change: Any) -> None:
        if self.table is not None:
            self.table.open_hands = bool(change["new"])

    def _level_changed(self, change: Any) -> None:
        if not self._choosing:
            self.deal()  # the deal on the table, played out again by the new level

    def _projector_changed(self, change: Any) -> None:
        if self.table is not None:
            self.table.projector = bool(change["new"])

    def choose(self, *, game: str | None = None, players: int | None = None,
               form: str | None = None, rules: str | None = None, seed: int | None = None,
               text: str | None = None, bots: str | None = None) -> TeacherPage:
        """Set the choices as a teacher would (for scripts and tests); then :meth:`deal`."""
        if game is not None:
            self.game_choice.value = game
        if players is not None:
            for _words, i in self.players_choice.options:
                opts = player_choices(self.game_choice.value)[i][1]
                if opts.get("players", load(self.game_choice.value).players) == players \
                        and (form is None or opts.get("two_player_form") == form):
                    self.players_choice.value = i
                    break
            else:
                raise ValueError(f"{self.game_choice.value} has no choice of {players} players"
                                 + (f" ({form})" if form else ""))
        if rules is not None:
            self.rules_choice.value = rules
        if seed is not None:
            self.seed_choice.value = seed
        if text is not None:
            self.text.value = text
        if bots is not None:
            self._choosing = True  # the caller deals next: no deal of its own here
            try:
                self.level_choice.value = bots
            finally:
                self._choosing = False
        return self

    def options(self) -> dict[str, Any]:
        """The chosen rule options (the player count and form)."""
        return dict(player_choices(self.game_choice.value)[self.players_choice.value][1])

    def chosen_state(self) -> State:
        """The deal the choices make: the pasted record or deal string, else the seeded deal.

        :raises ValueError: (``IllegalAction``, ``RecordError``) for a text that is neither.
        """
        rules = self.rules_choice.value
        game = load(self.game_choice.value, None if rules == STANDARD else rules,
                    **self.options())
        text = self.text.value.strip()
        seed = int(self.seed_choice.value)
        if text.startswith("{"):
            return from_json(text)
        if text:
            return game.deal_from_string(text, seed % game.players)
        return game.deal(seed=seed, dealer=seed % game.players)

    def deal(self, *, focus: bool = False) -> str:
        """Deal the chosen deal onto a new table (the bots play it out at once); say what
        was dealt, or why nothing was (the table shown and the text stay as they were).
        A pasted record of another game (or another form) switches the menus to it.

        :param focus: put the keyboard focus on the new table (the **Deal** button does).
        """
        try:
            state = self.chosen_state()
        except (IllegalAction, RecordError, ValueError) as err:
            self.status.say(f"⚠ Not dealt: {without_rule_ids(str(err))}")
            return str(err)
        self._show_game_of(state)
        level = str(self.level_choice.value)
        self.status.say(f"The {level} bots play the deal out…")
        table = Table.demonstrate(state, bots=level, projector=bool(self.projector.value),
                                  open_hands=bool(self.open_hands.value))
        table.autofocus = focus
        self.table = table
        self.stage.children = [table]
        self.ladder = TrumpLadder(state.game)
        self.ladder_stage.children = [self.ladder]
        table.observe(self._follow_contract, names="view")
        self._follow_contract()
        first = state.game.seat_name(table.state.to_move) if table.state.to_move is not None \
            else "nobody"
        pasted = self.text.value.strip()
        source = ("the pasted record" if pasted.startswith("{") else "the pasted deal"
                  if pasted else f"deal no. {self.seed_choice.value}")
        said = (f"{state.game.title}, {source}: {table.view['steps']} steps, played out by "
                f"the {level} bots; {first} acts first. Step through it, or take a seat.")
        self.status.say(said)
        return said

    def _show_game_of(self, state: State) -> None:
        """Set the menus to the game, player count and form of ``state`` (a pasted record
        of another game), so the page says what is on the table."""
        game = state.game
        if self.game_choice.value != game.name:
            self.game_choice.value = game.name  # refills the players and rules menus
        for _words, i in self.players_choice.options:
            opts = player_choices(game.name)[i][1]
            if all(getattr(game.options, k, game.players if k == "players" else None) == v
                   for k, v in opts.items()):
                if self.players_choice.value != i:
                    self.players_choice.value = i
                break

    def _follow_contract(self, change: Any = None) -> None:
        """Show the order of the cards under the contract on the table (Pandoeren's by
        its trump suit); before there is one, say so and keep the order shown."""
        table, ladder = self.table, self.ladder
        if table is None or ladder is None or ladder.game is not table.game:
            return
        view = table.view
        contract = order_contract(table.game, view.get("contract"), view.get("trump"),
                                  view.get("phase") == "play")
        if contract is None:
            ladder._say("No contract on the table yet: the order under "
                        f"{order_contract_words(ladder.game, ladder.contract)}")
        elif contract != ladder.contract:
            ladder.contract = contract
        else:
            ladder._say(f"The order of the cards under the contract on the table: "
                        f"{order_contract_words(ladder.game, contract)}")
