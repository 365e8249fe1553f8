"""The Turn-up Whist game object: deals, teaching aids, action ids, and its match (EX-6).

:class:`ExampleGame` is declared first as data (:data:`SPEC`), then implemented: it
holds the options and the 24-card pack, deals 7 cards each and a stock of 3 (EX-2),
and answers the questions widgets ask (``card_order``, ``contracts``, ``deal_parts``).
:class:`~cardlab.games.example.match.ExampleMatch` plays deals until a seat reaches the target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardlab.cards import FRENCH_SUITS, Card, Deck
from cardlab.engine.action_ids import ActionTable, CardBlock
from cardlab.engine.dealing import deal_by_schedule, pack_order
from cardlab.engine.game import Game, GameSpec
from cardlab.engine.record import cards_arg, check_deal, list_arg, seat_arg
from cardlab.errors import IllegalAction
from cardlab.games.example.match import ExampleMatch
from cardlab.games.example.rules import (
    HAND_SIZE,
    PRESETS,
    STOCK_SIZE,
    ExampleOptions,
    card_order,
    make_pack,
)
from cardlab.games.example.state import ExampleState

__all__ = ["SPEC", "ExampleGame"]

#: what the game is, before how it is played (STYLE §5: declare the game, then implement it)
SPEC = GameSpec(name="example", title="Turn-up Whist", players=(3,),
                phases=("call", "play", "done"), spec_file="", options=ExampleOptions,
                presets=PRESETS)
#: the deal arguments besides ``seed=`` and ``dealer=``
SETUP_ARGS = ("hands", "stock", "deck")


class ExampleGame(Game):
    """Turn-up Whist under one set of rule options: seats P1 P2 P3, each for itself.

    >>> game = ExampleGame.load(preset="strict")
    >>> game.options.must_trump, len(game.deck), game.deal_parts()[-1]
    (True, 24, ('stock', 3))
    """

    spec = SPEC

    def _make_deck(self) -> Deck:
        return make_pack()

    # -- deals -------------------------------------------------------------------------
    def deal(self, *, seed: int | None = None, dealer: int = 0, **setup: Any) -> ExampleState:
        """A new deal (EX-2): from ``seed``, from a pack order ``deck=`` (top first), or
        stacked: ``hands=[P1, P2, P3]`` (7 cards each) and ``stock='9H AS KD'`` (top first:
        its first card is the turn-up)."""
        seat_arg(self, dealer)
        unknown = sorted(set(setup) - set(SETUP_ARGS))
        if unknown:
            raise ValueError(f"example: unknown deal argument(s) {unknown}; expected seed=, "
                             "dealer=, deck=, or hands= with stock=")
        if "hands" in setup:
            return self._stacked(setup["hands"], setup.get("stock"), dealer, seed)
        if "stock" in setup:
            raise ValueError("stock= needs hands= (a stacked deal)")
        deck = setup.get("deck")
        cards = pack_order(self.deck, seed=seed,
                           order=None if deck is None else cards_arg(self, deck, "deck"))
        order = [(dealer + 1 + i) % 3 for i in range(3)]  # EX-2 from the dealer's left
        parts = deal_by_schedule(cards, [*((s, HAND_SIZE) for s in order),
                                         ("stock", STOCK_SIZE)])
        return self._stacked([parts[s] for s in range(3)], parts["stock"], dealer,
                             seed if deck is None else None)

    def _stacked(self, hands: Any, stock: Any, dealer: int, seed: int | None) -> ExampleState:
        """The first state of a deal with these cards, checked (EX-2)."""
        names = self.seat_names
        list_arg(hands, "hands", 3, f"hands ({' '.join(names)}), each {HAND_SIZE} card codes")
        if stock is None:
            raise ValueError(f"stock= is needed with hands=: the {STOCK_SIZE} other cards, "
                             "the turn-up first")
        parsed = [cards_arg(self, h, f"hands[{i}] ({names[i]})") for i, h in enumerate(hands)]
        pile = cards_arg(self, stock, "stock")
        check_deal(self.deck, {**dict(zip(names, parsed)), "stock": pile},
                   dict(self.deal_parts()), rule="EX-2")
        held = tuple(tuple(self.deck.sort(h)) for h in parsed)
        setup = {"hands": [" ".join(c.code for c in h) for h in held],
                 "stock": " ".join(c.code for c in pile), "dealer": dealer}
        return ExampleState(self, dealer=dealer, hands=held, stock=tuple(pile), setup=setup,
                            seed=seed)

    def deal_parts(self) -> list[tuple[str, int]]:
        """The parts of a stacked deal: each seat's 7 cards, then the stock (top first)."""
        return [*((name, HAND_SIZE) for name in self.seat_names), ("stock", STOCK_SIZE)]

    def deal_from_parts(self, parts: Mapping[str, Sequence[Card]], dealer: int = 0
                        ) -> ExampleState:
        """A stacked deal from ``{"P1": […], "P2": […], "P3": […], "stock": […]}``."""
        missing = [label for label, _ in self.deal_parts() if label not in parts]
        if missing:
            raise IllegalAction(f"the deal lacks {', '.join(missing)}", code="bad_deal_string")
        return self._stacked([list(parts[n]) for n in self.seat_names], list(parts["stock"]),
                             dealer, None)

    def match(self, seed: int | None = None, scores: Any = None, dealer: int = 0
              ) -> ExampleMatch:
        """A game of deals until a seat reaches ``target`` points (EX-6)."""
        return ExampleMatch(self, seed=seed, scores=scores, dealer=dealer)

    # -- teaching aids -----------------------------------------------------------------
    def contracts(self) -> list[str]:
        """The trump contexts for :meth:`card_order`: each suit as trumps."""
        return list(FRENCH_SUITS)

    def card_order(self, contract: str | None = None) -> dict[str, Any]:
        """EX-4.4 the cards high to low with the suit ``contract`` as trumps (None: no trumps).

        :raises ValueError: for anything but a suit code or None.
        """
        if contract is not None and contract not in FRENCH_SUITS:
            raise ValueError(f"unknown trump context {contract!r}; expected one of "
                             f"{', '.join(self.contracts())} (or None)")
        return card_order(contract)

    def scoring_variants(self) -> dict[str, dict[str, Any]]:
        """EX-5.2 a call worth less or more (``call_value`` changes only the points)."""
        return {"call_value_2": {"call_value": 2}, "call_value_8": {"call_value": 8}}

    def action_table(self) -> ActionTable:
        """Integer ids: ``pass`` 0, ``call`` 1, then ``play`` of each card in pack order.

        >>> game = ExampleGame.load()
        >>> game.action_id("call"), game.action_id("play 9H"), game.num_distinct_actions
        (1, 25, 26)
        """
        return ActionTable(("pass", "call"), (CardBlock("play", 1, tuple(self.deck)),))
