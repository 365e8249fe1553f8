"""``TrumpLadder`` (the order of the cards under a contract) and ``AuctionLadder`` (the bids).

Both read a game's teaching aids: ``game.contracts()`` and
``game.card_order(contract)`` for the trump ladder, ``game.ladder`` (a
:class:`~cardlab.engine.ladder.Ladder`: rows of calls) for the auction ladder
(``game.bid_ladder()`` for a game without one). Intents: ``{"type": "contract", "contract": "7H"}``
switches the trump ladder's contract; ``{"type": "call", "call": "7H"}`` on an
auction ladder attached to a :class:`~cardlab.widgets.Table` makes that call
for the table's learner (through the table, so through the engine).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import traitlets

from cardlab.engine.action import Action
from cardlab.engine.game import Game
from cardlab.engine.ladder import Ladder
from cardlab.engine.state import State
from cardlab.engine.view import viewer
from cardlab.widgets import _static
from cardlab.widgets._base import CardlabWidget, get_str, need
from cardlab.widgets._cards import card_face, parse_code
from cardlab.widgets._words import order_contract_words

__all__ = ["TrumpLadder", "AuctionLadder", "as_game", "ladder_entries"]


def as_game(game: Game | str) -> Game:
    """A :class:`Game` from a game or a registry name."""
    if isinstance(game, Game):
        return game
    if isinstance(game, str):
        from cardlab.games import load

        return load(game)
    raise TypeError(f"expected a cardlab Game or a game name, not {type(game).__name__}")


def ladder_entries(game: Game) -> tuple[list[dict[str, Any]], list[tuple[str, list[str]]]]:
    """The auction ladder's calls (``{"call", "value", "label", "row"}`` low to high) and its
    rows (``(label, calls)``), from ``game.ladder``; a game without a
    :class:`~cardlab.engine.ladder.Ladder` gives one row of ``game.bid_ladder()``."""
    ladder = getattr(game, "ladder", None)
    if isinstance(ladder, Ladder):
        return ladder.entries(), [(row.label, list(row.calls)) for row in ladder]
    entries = [dict(row) for row in game.bid_ladder()]
    return entries, [("", [str(e["call"]) for e in entries])]


class TrumpLadder(CardlabWidget):
    """The full order of trumps and of each plain suit under a contract.

    :param game: a :class:`~cardlab.engine.game.Game` (or its registry name).
    :param contract: one of ``game.contracts()`` (default: the first).
    """

    contract = traitlets.Unicode("").tag(sync=True)
    """The contract whose order is shown. Type: str. Default: the game's first contract."""

    _intents: ClassVar[dict[str, str]] = {"contract": "_on_contract"}

    def __init__(self, game: Game | str, *, contract: str | None = None,
                 four_colour: bool = False) -> None:
        self._game = as_game(game)
        self._contracts = [str(c) for c in self._game.contracts()]
        if contract is None:
            contract = self._contracts[0]
        if contract not in self._contracts:
            raise ValueError(f"unknown contract {contract!r} for {self._game.name}; "
                             f"choose one of {', '.join(self._contracts)}")
        self._ready = False
        super().__init__(kind="trump_ladder", contract=contract, four_colour=four_colour)
        self._ready = True
        self._publish()

    @property
    def game(self) -> Game:
        """The game whose card order is shown."""
        return self._game

    def _on_contract(self, intent: Mapping[str, Any]) -> None:
        contract = get_str(intent, "contract", 40)
        need(contract in self._contracts, f"unknown contract {contract!r}; choose one of "
                                          f"{', '.join(self._contracts)}")
        if contract == self.contract:
            self._publish(f"Card order for {order_contract_words(self._game, contract)}")
        else:
            self.contract = contract  # publishes through the observer

    @traitlets.validate("contract")
    def _valid_contract(self, proposal: Any) -> Any:
        value = proposal["value"]
        if getattr(self, "_ready", False) and value not in self._contracts:
            raise traitlets.TraitError(f"unknown contract {value!r}; choose one of "
                                       f"{', '.join(self._contracts)}")
        return value

    @traitlets.observe("contract")
    def _contract_changed(self, change: Any) -> None:
        if getattr(self, "_ready", False):
            self._publish(f"Card order for {order_contract_words(self._game, self.contract)}")

    def order(self) -> dict[str, Any]:
        """``game.card_order(contract)`` as plain codes."""
        raw = self._game.card_order(self.contract)
        return {"trumps": [str(c) for c in raw.get("trumps") or []],
                "suits": {str(s): [str(c) for c in cards]
                          for s, cards in (raw.get("suits") or {}).items()},
                "special": {str(k): str(v) for k, v in (raw.get("special") or {}).items()}}

    def _publish(self, message: str = "") -> None:
        order = self.order()
        deck = self._game.deck
        info: dict[str, dict[str, Any]] = {}
        trumps = order["trumps"]
        for i, code in enumerate(trumps):
            info[code] = self._face(code, f"trump {i + 1} of {len(trumps)}", order)
        suits = []
        for suit, cards in order["suits"].items():
            name = deck.suit_name(suit)
            suits.append({"suit": suit, "name": name, "cards": cards})
            for i, code in enumerate(cards):
                info[code] = self._face(code, f"{name} {i + 1} of {len(cards)}", order)
        self.view = {"game": self._game.name, "title": self._game.title,
                     "contract": self.contract, "contracts": list(self._contracts),
                     # the contracts in words, for the menu a person reads ("six spades")
                     "contract_words": {c: order_contract_words(self._game, c)
                                        for c in self._contracts},
                     "trumps": trumps, "suits": suits, "special": order["special"],
                     "card_info": info, "message": message}

    def _face(self, code: str, where: str, order: Mapping[str, Any]) -> dict[str, Any]:
        card = parse_code(self._game, code)
        if card is None:  # a game-specific token in the order (kept as text)
            return {"rank": code, "suit": "", "sym": "", "name": code, "label": code,
                    "special": False}
        d: dict[str, Any] = dict(card_face(self._game, card))
        special = order["special"].get(code)
        d["special"] = special is not None
        d["label"] = ", ".join([d["name"], *([special] if special else []), where])
        return d

    def _static_html(self) -> str:
        order = self.order()
        return _static.render_or_fallback(
            "ladder_svg", lambda: _static.ladder_html(order, self.contract), order,
            system=self._game.deck.system, title=f"{self._game.title}: {self.contract}",
            four_colour=bool(self.four_colour))

    def __repr__(self) -> str:
        return f"TrumpLadder({self._game.name}, contract={self.contract})"


class AuctionLadder(CardlabWidget):
    """The bid ladder with values, the current bid and the bids legal now.

    :param game: a :class:`~cardlab.engine.game.Game` (or its registry name).
    :param state: a :class:`~cardlab.engine.state.State` or a
        :class:`~cardlab.widgets.Table` to follow (the ladder then updates with it).
    :param seat: whose legal calls a followed state shows (None: a spectator, who sees
        only calls that do not depend on a hidden hand). A followed Table shows its own
        viewer's legal calls.
    """

    _intents: ClassVar[dict[str, str]] = {"call": "_on_call"}

    def __init__(self, game: Game | str, state: Any = None, *, seat: int | None = None,
                 four_colour: bool = False) -> None:
        self._game = as_game(game)
        viewer(self._game, seat)  # a clear error for a seat the game does not have
        self._seat = seat
        self._ladder, self._groups = ladder_entries(self._game)
        self._table: Any = None
        self._state: State | None = None
        self._ready = False
        super().__init__(kind="auction_ladder", four_colour=four_colour)
        self.attach(state)
        self._ready = True

    @property
    def game(self) -> Game:
        """The game whose bids are shown."""
        return self._game

    @property
    def state(self) -> State | None:
        """The state whose auction is shown, or None."""
        if self._table is not None:
            return self._table.state  # type: ignore[no-any-return]
        return self._state

    def attach(self, state: Any) -> None:
        """Follow a state, a Table (live), or nothing (None)."""
        from cardlab.widgets.table import Table

        if self._table is not None:
            self._table.unobserve(self._table_changed, names=["view"])
            self._table = None
        self._state = None
        if isinstance(state, Table):
            if state.game.name != self._game.name:
                raise ValueError(f"the table plays {state.game.name}, not {self._game.name}")
            self._table = state
            state.observe(self._table_changed, names=["view"])
        elif isinstance(state, State):
            if state.game.name != self._game.name:
                raise ValueError(f"the state is a {state.game.name} deal, not {self._game.name}")
            self._state = state
        elif state is not None:
            raise TypeError(f"expected a State, a Table or None, not {type(state).__name__}")
        self._publish()

    def _table_changed(self, change: Any) -> None:
        self._publish()

    def _calls(self) -> set[str]:
        return {str(row["call"]) for row in self._ladder}

    def _legal_calls(self) -> list[Action]:
        s = self.state
        if s is None or s.is_over:
            return []
        # legality only for the viewing seat, as the engine's view layer decides it
        if self._table is not None:
            shown = self._table._game_view(s).get("legal") or []
        else:
            shown = s.view(self._seat).get("legal") or []
        # card plays are not calls; other card verbs can be (Panfin's "tengo 7S 2C")
        return [Action(a) for a in shown if Action(a).verb != "play"]

    def _legal_for(self, call: str, legal: list[Action] | None = None) -> list[Action]:
        legal = self._legal_calls() if legal is None else legal
        return [a for a in legal
                if str(a) == call or " ".join(a.args) == call or a.verb == call]

    def _on_call(self, intent: Mapping[str, Any]) -> None:
        call = get_str(intent, "call", 40)
        need(call in self._calls(), f"{call!r} is not on the bid ladder")
        need(self._table is not None, "attach the ladder to a Table to bid from it")
        legal = self._legal_for(call)
        need(bool(legal), f"{call} is not a legal call now")
        # an intent: a refusal becomes the table's message, never an exception
        msg = self._table.handle({"type": "act", "action": str(legal[0])})
        self._publish(msg)

    def _publish(self, message: str = "") -> None:
        s = self.state
        auction: list[dict[str, Any]] = []
        to_move = None
        if s is not None:
            view = s.view(self._seat if self._table is None else self._table.seat,
                          shown=self._table is not None and bool(self._table.show_all))
            auction = [dict(c) for c in view.get("auction") or []]
            to_move = s.game.seat_name(s.to_move) if s.to_move is not None else None
        calls = [str(row["call"]) for row in self._ladder]
        current = None
        best = -1
        for entry in auction:
            text = str(entry.get("call", ""))
            text = text[4:] if text.startswith("bid ") else text
            if text in calls and calls.index(text) > best:
                best, current = calls.index(text), text
        rows = []
        legal = self._legal_calls()
        for row in self._ladder:
            call = str(row["call"])
            rows.append({"call": call, "value": row.get("value"),
                         "label": str(row.get("label", call)), "row": str(row.get("row", "")),
                         "legal": bool(self._legal_for(call, legal)), "current": call == current})
        names = self._game.seat_names
        self.view = {"game": self._game.name, "title": self._game.title, "rows": rows,
                     "current": current, "to_move": to_move,
                     "ladder": [{"label": label, "calls": list(calls)}
                                for label, calls in self._groups],
                     "calls": [{"seat": e.get("seat"), "name": names[e["seat"]]
                                if isinstance(e.get("seat"), int) else "", "call": e.get("call")}
                               for e in auction],
                     "attached": s is not None, "can_call": self._table is not None,
                     "message": message}

    def _static_html(self) -> str:
        rows = self.view.get("rows", [])
        calls = self.view.get("calls", [])
        return _static.render_or_fallback(
            "auction_html", lambda: _static.auction_ladder_html(rows),
            self._ladder, current=self.view.get("current"),
            legal=[r["call"] for r in rows if r["legal"]], calls=calls,
            seat_names=list(self._game.seat_names))

    def __repr__(self) -> str:
        current = self.view.get("current")
        return (f"AuctionLadder({self._game.name}, {len(self._ladder)} calls"
                + (f", current bid {current}" if current else "") + ")")
