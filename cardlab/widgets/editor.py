"""``DealEditor``: build the exact deal to show, check it, open it in a Table.

The teacher picks a part (a seat's hand, the kitty …, from
``game.deal_parts()``) and clicks cards of the pack into it, or pastes a deal
string. The deal is checked by the engine (``game.deal_from_string``): a card
twice or missing, or a wrong count, is refused with the reason. "Open" deals
it (``game.deal_from_parts``) into a :class:`~cardlab.widgets.Table` shown
under the editor, and the deal string can be copied out.

Intents: ``{"type": "target", "part": "N"}``, ``{"type": "card", "card": "JD"}``,
``{"type": "text", "text": "N: … / E: …"}``, ``{"type": "clear"}``,
``{"type": "fill", "seed": 0}`` (deal the cards left at random), ``{"type":
"dealer", "dealer": 0}``, ``{"type": "open"}``, and ``{"type": "table",
"intent": {...}}`` (an intent for the opened table).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardlab.engine.dealing import pack_order
from cardlab.engine.record import format_deal, parse_deal
from cardlab.engine.state import State
from cardlab.errors import IllegalAction
from cardlab.widgets import _static
from cardlab.widgets._base import MAX_TEXT, CardlabWidget, Refusal, get_int, get_str, need
from cardlab.widgets._cards import card_face, parse_code
from cardlab.widgets.ladders import as_game

__all__ = ["DealEditor"]


class DealEditor(CardlabWidget):
    """Build a stacked deal card by card (or from a deal string) and open it in a Table.

    :param game: a :class:`~cardlab.engine.game.Game` (or its registry name).
    :param deal: an optional deal string to start from.
    :param dealer: the dealer of the deal.
    :param seat: the opened Table's learner seat (None: the teacher plays every seat).
    :param show_all: whether the opened Table shows every hand (default: yes).
    """

    _intents: ClassVar[dict[str, str]] = {
        "target": "_on_target", "card": "_on_card", "text": "_on_text", "clear": "_on_clear",
        "fill": "_on_fill", "dealer": "_on_dealer", "open": "_on_open", "table": "_on_table",
    }

    def __init__(self, game: Any, *, deal: str | None = None, dealer: int = 0,
                 seat: int | None = None, show_all: bool = True,
                 four_colour: bool = False) -> None:
        self._game = as_game(game)
        self._layout = [(str(label), int(size)) for label, size in self._game.deal_parts()]
        self._parts: dict[str, list[str]] = {label: [] for label, _ in self._layout}
        self._target = self._layout[0][0]
        if isinstance(dealer, bool) or not isinstance(dealer, int) \
                or not 0 <= dealer < self._game.players:
            raise ValueError(f"dealer must be 0 … {self._game.players - 1}, not {dealer!r}")
        self._dealer = dealer
        self._text = ""
        self._table_seat = seat
        self._table_show_all = show_all
        self.table: Any = None
        """The :class:`~cardlab.widgets.Table` of the opened deal (None before "open")."""
        super().__init__(kind="editor", four_colour=four_colour)
        if deal is not None:
            try:
                self._load_text(deal)
            except Refusal as why:
                raise ValueError(str(why)) from None
        self._publish()

    # -- Python API ------------------------------------------------------------------------
    @property
    def game(self) -> Any:
        """The game whose deal is built."""
        return self._game

    @property
    def parts(self) -> dict[str, list[str]]:
        """Each part's card codes so far."""
        return {k: list(v) for k, v in self._parts.items()}

    def deal_string(self) -> str:
        """The deal string of the cards placed so far (complete or not)."""
        labels = [label for label, _ in self._layout]
        # the order inside a part is kept: some games deal by position (Officer Skat's piles)
        cards = [[self._game.deck.parse(c) for c in self._parts[label]] for label in labels]
        return format_deal(labels, cards)

    def build(self) -> State:
        """The deal as an engine state.

        :raises IllegalAction: with the reason when the deal is impossible.
        """
        return self._game.deal_from_string(self.deal_string(), self._dealer)

    def open_table(self) -> str:
        """Open the finished deal in :attr:`table` (or say why it cannot be dealt)."""
        return self.handle({"type": "open"})

    # -- intents ------------------------------------------------------------------------------
    def _on_target(self, intent: Mapping[str, Any]) -> None:
        part = get_str(intent, "part", 40)
        need(part in self._parts, f"unknown part {part!r}; the parts are "
                                  f"{', '.join(self._parts)}")
        self._target = part
        self._publish(f"Cards you click now go to {part}")

    def _on_card(self, intent: Mapping[str, Any]) -> None:
        code = get_str(intent, "card", 12)
        card = parse_code(self._game, code)
        need(card is not None, f"unknown card {code!r}: not a card of the "
                               f"{self._game.deck.title}")
        assert card is not None
        code = card.code
        target = self._parts[self._target]
        if code in target:
            target.remove(code)
            self._publish(f"{code} back to the pack")
            return
        size = dict(self._layout)[self._target]
        need(len(target) < size, f"{self._target} already has {size} cards; "
                                 f"click one of them to take it back first")
        for cards in self._parts.values():
            if code in cards:
                cards.remove(code)
        target.append(code)
        self._publish()

    def _on_text(self, intent: Mapping[str, Any]) -> None:
        text = get_str(intent, "text", MAX_TEXT)
        self._text = text
        self._load_text(text)
        self._publish("Deal string read")

    def _load_text(self, text: str) -> None:
        labels = [label for label, _ in self._layout]
        try:
            parts = parse_deal(self._game, text, labels)
            self._game.deal_from_string(text, self._dealer)
        except IllegalAction as err:
            raise Refusal(f"this deal is impossible: {err}") from None
        except Exception as err:  # a game's own check of a stacked deal
            raise Refusal(f"this deal is impossible: {type(err).__name__}: {err}") from None
        self._parts = {label: [c.code for c in parts.get(label, [])] for label in labels}

    def _on_clear(self, intent: Mapping[str, Any]) -> None:
        self._parts = {label: [] for label, _ in self._layout}
        self._publish("Every card back in the pack")

    def _on_fill(self, intent: Mapping[str, Any]) -> None:
        seed = get_int(intent, "seed") if "seed" in intent else 0
        placed = {c for cards in self._parts.values() for c in cards}
        rest = [c.code for c in pack_order(self._game.deck, seed=seed) if c.code not in placed]
        for label, size in self._layout:
            while len(self._parts[label]) < size and rest:
                self._parts[label].append(rest.pop(0))
        self._publish("The cards left were dealt at random")

    def _on_dealer(self, intent: Mapping[str, Any]) -> None:
        dealer = get_int(intent, "dealer")
        need(0 <= dealer < self._game.players, f"dealer must be 0 … {self._game.players - 1}")
        self._dealer = dealer
        self._publish()

    def _on_open(self, intent: Mapping[str, Any]) -> None:
        from cardlab.widgets.table import Table

        try:
            deck = self._game.deck
            parts = {label: [deck.parse(c) for c in self._parts[label]]
                     for label, _ in self._layout}
            self.build()  # the full check first: counts, duplicates, missing cards
            state = self._game.deal_from_parts(parts, self._dealer)
        except IllegalAction as err:
            raise Refusal(f"this deal is impossible: {err}") from None
        if self.table is not None:
            self.table.unobserve(self._table_changed, names=["view"])
        self.table = Table(state, seat=self._table_seat, show_all=self._table_show_all,
                           mode="play")
        self.table.observe(self._table_changed, names=["view"])
        self._publish("The deal is open in the table below")

    def _on_table(self, intent: Mapping[str, Any]) -> None:
        need(self.table is not None, "open the deal first")
        inner = intent.get("intent")
        need(isinstance(inner, Mapping), "'intent' must be an object")
        assert isinstance(inner, Mapping)
        need(inner.get("type") not in ("load",), "load records in a Table of their own")
        self.table.handle(inner)

    def _table_changed(self, change: Any) -> None:
        self._publish(self.message)

    # -- the view -------------------------------------------------------------------------------
    def _problem(self) -> str:
        try:
            self.build()
        except IllegalAction as err:
            return str(err)
        except Exception as err:
            return f"{type(err).__name__}: {err}"
        return ""

    def _publish(self, message: str = "") -> None:
        where = {c: label for label, cards in self._parts.items() for c in cards}
        info = {}
        pack = []
        for card in self._game.deck:
            d: dict[str, Any] = dict(card_face(self._game, card))
            part = where.get(card.code)
            d["label"] = f"{d['name']}, " + (f"in {part}" if part else "in the pack")
            info[card.code] = d
            pack.append({"card": card.code, "part": part})
        problem = self._problem()
        self.view = {
            "game": self._game.name, "title": self._game.title,
            "parts": [{"label": label, "size": size, "cards": list(self._parts[label])}
                      for label, size in self._layout],
            "pack": pack, "card_info": info, "target": self._target,
            "dealer": self._dealer, "seat_names": list(self._game.seat_names),
            "deal_string": self.deal_string(), "text": self._text,
            "valid": not problem, "problem": problem,
            "table": dict(self.table.view) if self.table is not None else None,
            "message": message,
        }

    def _static_html(self) -> str:
        parts = self.view.get("parts", [])
        return _static.editor_html(parts, self.deal_string())

    def __repr__(self) -> str:
        placed = sum(len(v) for v in self._parts.values())
        state = "complete" if not self._problem() else "incomplete"
        return (f"DealEditor({self._game.name}, {placed}/{len(self._game.deck)} cards placed, "
                f"{state})")
