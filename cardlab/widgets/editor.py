"""``DealEditor``: build the exact deal to show, check it, open it in a Table.

The teacher picks a part (a seat's hand, the kitty …, from
``game.deal_parts()``) and clicks cards of the pack into it, or pastes a deal
string. The deal is checked by the engine (``game.deal_from_string``): a card
twice or missing, or a wrong count, is refused with the reason. "Open" deals
it into a :class:`~cardlab.widgets.Table` shown under the editor, and the deal
string can be copied out. A deal string may name parts beyond
``game.deal_parts()`` that the game reads (Panfin's ``cut: FS``, a deal won at
the cut): the editor keeps them as parts of their own.

One status line (``view["status"]``) says what happened and where the deal
stands: the latest message with the deal's problem (or that it is complete).
A refused intent changes only ``view["message"]`` (as in every widget): while the
message differs from ``view["status"]["message"]``, the line shows that refusal
instead, as not valid (:attr:`DealEditor.status` says what the line shows). A
refused deal string stays in the text box (``view["text"]``) with its reason.

Intents: ``{"type": "target", "part": "N"}``, ``{"type": "card", "card": "JD"}``,
``{"type": "text", "text": "N: … / E: …"}``, ``{"type": "clear"}`` (the parts, the
text and the opened table),
``{"type": "fill", "seed": 0}`` (deal the cards left at random), ``{"type":
"dealer", "dealer": 0}``, ``{"type": "open"}``, and ``{"type": "table",
"intent": {...}}`` (an intent for the opened table).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardlab.engine.dealing import pack_order
from cardlab.engine.game import Game
from cardlab.engine.record import format_deal, parse_deal
from cardlab.engine.state import State
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

    def __init__(self, game: Game | str, *, deal: str | None = None, dealer: int = 0,
                 seat: int | None = None, show_all: bool = True,
                 four_colour: bool = False) -> None:
        self._game = as_game(game)
        #: the parts every deal has (``game.deal_parts()``), then any a deal string added
        self._base = [(str(label), int(size)) for label, size in self._game.deal_parts()]
        self._layout = list(self._base)
        self._parts: dict[str, list[str]] = {label: [] for label, _ in self._layout}
        self._target = self._layout[0][0]
        #: the status line as the last accepted intent left it (see :attr:`status`)
        self._status: dict[str, Any] = {"text": "", "valid": False, "message": ""}
        self._refused = False  # whether that status is a refused deal string's reason
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

    @property
    def text(self) -> str:
        """The text in the deal-string box (the last one read, or refused, or '')."""
        return self._text

    @property
    def status(self) -> dict[str, Any]:
        """The status line as the front end shows it: ``{"text": …, "valid": …}``.

        The latest message and the deal's problem (or "complete"); a refusal since the
        last accepted intent shows instead, as not valid.
        """
        if self.message != self._status["message"]:
            return {"text": self.message, "valid": False}
        return {"text": self._status["text"], "valid": self._status["valid"]}

    def deal_string(self) -> str:
        """The deal string of the cards placed so far (complete or not).

        Every part of ``game.deal_parts()`` is written (empty or not), and a part a deal
        string added (Panfin's ``cut``) when it holds cards; when only such parts hold
        cards (a deal won at the cut), only they are written: ``"cut: FS"``.
        """
        base = [label for label, _ in self._base]
        labels = [label for label, _ in self._layout
                  if label in base or self._parts[label]]
        if not any(self._parts[label] for label in base):
            labels = [label for label in labels if self._parts[label]] or base
        # the order inside a part is kept: some games deal by position (Officer Skat's piles)
        cards = [[self._game.deck.parse(c) for c in self._parts[label]] for label in labels]
        return format_deal(labels, cards)

    def build(self) -> State:
        """The deal as an engine state.

        :raises IllegalAction: with the reason when the deal is impossible.
        """
        return self._game.deal_from_string(self.deal_string(), self._dealer)

    def open_table(self) -> str:
        """Open the finished deal in :attr:`table` and return the message shown.

        :raises IllegalAction: with the reason when the deal is impossible (the status line
            shows it too).
        """
        return self._call({"type": "open"})

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
        self._text = text  # kept when refused: the box shows it again, with the reason
        try:
            self._load_text(text)
        except Refusal as why:
            self._publish(str(why), refused=True)
            raise
        self._publish("Deal string read")

    def _load_text(self, text: str) -> None:
        """Read a deal string: the game checks it (and says everything wrong with it);
        the parts are then the text's, in its order, with any part the game filled in."""
        game = self._game
        try:
            state = game.deal_from_string(text, self._dealer)
        except ValueError as err:  # IllegalAction, or a game's own check of a stacked deal
            raise Refusal(f"this deal is impossible: {err}", code=getattr(err, "code", "refused"),
                          rule=getattr(err, "rule", "")) from None
        except Exception as err:
            raise Refusal(f"this deal is impossible: {type(err).__name__}: {err}") from None
        base = [label for label, _ in self._base]
        known = {label.lower() for label in base}
        extra: list[str] = []  # parts the game read beyond deal_parts() (Panfin's cut)
        for segment in text.split("/"):
            label = segment.partition(":")[0].strip() if ":" in segment else ""
            if label and label.lower() not in known:
                known.add(label.lower())
                extra.append(label)
        try:
            parts = parse_deal(game, text, [*base, *extra])
        except ValueError as err:
            raise Refusal(f"this deal is impossible: {err}") from None
        left_out = [label for label in base if label not in parts]
        if left_out and any(label in parts for label in base):
            # a part the text may leave out (Panfin's stock): as the game dealt it
            try:
                dealt = parse_deal(game, state.deal_string(), base)
            except (ValueError, NotImplementedError):
                dealt = {}
            for label in left_out:
                parts[label] = dealt.get(label, [])
        self._layout = [*self._base, *((label, max(1, len(parts.get(label, []))))
                                       for label in extra)]
        self._parts = {label: [c.code for c in parts.get(label, [])]
                       for label, _ in self._layout}
        if self._target not in self._parts:
            self._target = self._layout[0][0]

    def _on_clear(self, intent: Mapping[str, Any]) -> None:
        self._layout = list(self._base)
        self._parts = {label: [] for label, _ in self._layout}
        self._target = self._layout[0][0]
        self._text = ""
        self._close_table()
        self._publish("Cleared: every card back in the pack, no deal string, no table")

    def _close_table(self) -> None:
        if self.table is not None:
            self.table.unobserve(self._table_changed, names=["view"])
        self.table = None

    def _on_fill(self, intent: Mapping[str, Any]) -> None:
        seed = get_int(intent, "seed") if "seed" in intent else 0
        placed = {c for cards in self._parts.values() for c in cards}
        rest = [c.code for c in pack_order(self._game.deck, seed=seed) if c.code not in placed]
        for label, size in self._base:  # the parts every deal has (not Panfin's cut)
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
            state = self.build()  # the full check: counts, duplicates, missing cards
        except ValueError as err:
            raise Refusal(f"this deal is impossible: {err}", code=getattr(err, "code", "refused"),
                          rule=getattr(err, "rule", "")) from None
        self._close_table()
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
        self._publish(str(self._status["message"]), refused=self._refused)

    # -- the view -------------------------------------------------------------------------------
    def _problem(self) -> str:
        try:
            self.build()
        except Exception as err:  # IllegalAction, or a game's own check of a stacked deal
            return str(err) if isinstance(err, ValueError) else f"{type(err).__name__}: {err}"
        return ""

    def _publish(self, message: str = "", *, refused: bool = False) -> None:
        """Publish the view; ``refused``: ``message`` is why the last intent was refused
        (the status line shows only it, as not valid)."""
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
        verdict = problem or "The deal is complete and possible."
        self._refused = refused
        self._status = {
            "text": message if refused else " — ".join(t for t in (message, verdict) if t),
            "valid": not refused and not problem, "message": message}
        self.view = {
            "game": self._game.name, "title": self._game.title,
            "parts": [{"label": label, "size": size, "cards": list(self._parts[label])}
                      for label, size in self._layout],
            "pack": pack, "card_info": info, "target": self._target,
            "dealer": self._dealer, "seat_names": list(self._game.seat_names),
            "deal_string": self.deal_string(), "text": self._text,
            "valid": not problem, "problem": problem, "status": dict(self._status),
            "table": dict(self.table.view) if self.table is not None else None,
            "message": message,
        }

    def _static_html(self) -> str:
        # a picture of the parts (the cards' faces), which a saved notebook shows even
        # untrusted (as an <img>); the plain list only if the picture cannot be drawn
        parts = self.view.get("parts", [])
        try:
            return _static.editor_svg(parts, self.deal_string(), str(self.status["text"]),
                                      system=self._game.deck.system,
                                      four_colour=bool(self.four_colour))
        except Exception:
            return _static.editor_html(parts, self.deal_string(), str(self.status["text"]))

    def __repr__(self) -> str:
        placed = sum(len(v) for v in self._parts.values())
        state = "complete" if not self._problem() else "incomplete"
        return (f"DealEditor({self._game.name}, {placed}/{len(self._game.deck)} cards placed, "
                f"{state})")
