"""One moment of a Turn-up Whist deal: the calls, then seven tricks.

:class:`ExampleState` is immutable: every action makes a new state whose ``parent``
is the old one. The rules are in ``judge.py`` (legality) and ``rules.py`` (the card
order, which gives the trick winner), the points in ``scoring.py``, what a seat may see in ``view.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.engine.action import Action, Verdict
from cardlab.engine.record import format_deal
from cardlab.engine.result import Result
from cardlab.engine.state import State, evolve
from cardlab.engine.tricks import CardOrder, Play, Trick, trick_winner
from cardlab.games.example import judge
from cardlab.games.example.rules import CALL_TRICKS, HAND_SIZE, trick_order
from cardlab.games.example.scoring import score
from cardlab.games.example.view import build_view

if TYPE_CHECKING:
    from cardlab.games.example.game import ExampleGame

__all__ = ["ExampleState"]


class ExampleState(State):
    """One immutable moment of a Turn-up Whist deal (phases ``call``, ``play``, ``done``).

    Seats 0-2 (P1 P2 P3) play clockwise, each for itself. ``stock`` is the stock top
    first: ``stock[0]`` is the turn-up, whose suit is ``trump``.
    """

    game: ExampleGame

    def __init__(self, game: ExampleGame, *, dealer: int, hands: tuple[tuple[Card, ...], ...],
                 stock: tuple[Card, ...], setup: dict[str, Any], seed: int | None) -> None:
        self.game = game
        self.dealer = dealer
        self.setup = setup
        self.seed = seed
        self.history: tuple[Action, ...] = ()
        self.parent: ExampleState | None = None
        self.dealt_hands = hands
        self.stock = stock
        self.trump: str = stock[0].suit  # EX-2 the turn-up names trumps
        self._hands = hands
        self._phase = "call"
        #: EX-3 the calls so far, ``(seat, "pass" or "call")``
        self.calls: tuple[tuple[int, str], ...] = ()
        self.caller: int | None = None
        self.trick: Trick | None = None
        self.tricks: tuple[Trick, ...] = ()

    # -- facts -------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``call``, ``play`` or ``done``."""
        return self._phase

    @property
    def to_move(self) -> int | None:
        """EX-3.1 the seats after the dealer call in turn; EX-4.1 in the play, the next seat
        after the last card played, or the trick's leader; None when the deal is over."""
        if self._phase == "call":
            return (self.dealer + 1 + len(self.calls)) % 3
        if self._phase == "play":
            assert self.trick is not None
            plays = self.trick.plays
            return (plays[-1].seat + 1) % 3 if plays else self.trick.leader
        return None

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now."""
        return self._hands

    @property
    def turnup(self) -> Card:
        """EX-2 the turned-up top card of the stock (face up all deal)."""
        return self.stock[0]

    @property
    def contract(self) -> str | None:
        """``'call'`` once a player has called (EX-3.2), else None."""
        return None if self.caller is None else "call"

    @property
    def result(self) -> Result | None:
        """None until the seventh trick is played; then the points (EX-5)."""
        return score(self) if self._phase == "done" else None

    def hidden_cards(self, seat: int | None) -> list[Card]:
        """The cards ``seat`` may not see: the other hands and the stock under the turn-up."""
        return [c for s, h in enumerate(self._hands) if s != seat for c in h] + list(
            self.stock[1:])

    # -- rules -------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now (order: see :func:`~cardlab.games.example.judge.legal`)."""
        return judge.legal(self)

    def _judge(self, action: Action) -> Verdict:
        return judge.judge(self, action)

    def _seat_refusal(self, seat: int) -> Verdict | None:
        if self._phase == "call" and any(s == seat for s, _ in self.calls):
            return Verdict(False, f"{self.game.seat_name(seat)} has passed: each player "
                           "speaks once", "already_passed", "EX-3.1")
        return None

    def _context(self) -> str:
        if self._phase == "play":
            return f" at trick {len(self.tricks) + 1}"
        return f" in the {self._phase}"

    def _successor(self, action: Action) -> ExampleState:
        seat = self.to_move
        assert seat is not None
        new = evolve(self, action)  # the engine's one successor copier
        if action.verb == "call":  # EX-3.2 the call ends the calling; EX-4.1 the caller leads
            new.calls = self.calls + ((seat, "call"),)
            new.caller, new._phase, new.trick = seat, "play", Trick(seat)
        elif action.verb == "pass":
            new.calls = self.calls + ((seat, "pass"),)
            if len(new.calls) == 3:  # EX-3.3 nobody called: the dealer's left leads
                new._phase, new.trick = "play", Trick((self.dealer + 1) % 3)
        else:
            new._play(seat, self.game.parse_card(action.args[0]))
        return new

    def _play(self, seat: int, card: Card) -> None:
        """EX-4 put ``card`` on the trick; a third card completes it (only on a fresh copy)."""
        assert self.trick is not None
        hands = list(self._hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        self._hands = tuple(hands)
        order = self.card_order()
        trick = self.trick.add(Play(seat, card), order.effective_suit(card))
        if len(trick.plays) < 3:
            self.trick = trick
            return
        winner = trick_winner(trick.plays, order)  # EX-4.4 the winner leads next
        self.tricks = self.tricks + (trick.won_by(winner),)
        if len(self.tricks) == HAND_SIZE:
            self._phase, self.trick = "done", None
        else:
            self.trick = Trick(winner)

    # -- words and the cards in context --------------------------------------------------
    def _describe(self, action: str) -> str:
        act = self.game.parse_action(action)
        who = self.game.seat_name(self.to_move)
        if act.verb == "pass":
            return f"{who} passes"
        if act.verb == "call":
            return f"{who} calls: to win {CALL_TRICKS} of the {HAND_SIZE} tricks"
        card = self.game.parse_card(act.args[0])
        text = f"{who} plays the {self.game.deck.name(card)}"
        nxt = self._successor(act)
        if len(nxt.tricks) > len(self.tricks):
            text += f"; {self.game.seat_name(nxt.tricks[-1].winner)} wins the trick"
        return text

    def trump_order(self, contract: str | None = None) -> list[Card]:
        """Cards high to low: the trumps (this deal's, or the suit ``contract`` names), then
        each other suit in pack order."""
        order = self.game.card_order(self.trump if contract is None else contract)
        codes = [*order["trumps"], *(c for cards in order["suits"].values() for c in cards)]
        return [self.game.parse_card(c) for c in codes]

    def card_order(self) -> CardOrder:
        """EX-4.4 the order of this deal's trump suit (legality and the winner read it)."""
        return trick_order(self.trump)

    def effective_suit(self, card: Card | str) -> str:
        """EX-4.2 the printed suit: no card changes suit in Turn-up Whist."""
        suit = self.card_order().effective_suit(self.game.deck.parse(card))
        assert suit is not None  # every card has a suit here
        return suit

    def deal_string(self) -> str:
        """The deal as dealt: ``'P1: … / P2: … / P3: … / stock: …'`` (stock top first)."""
        return format_deal([*self.game.seat_names, "stock"], [*self.dealt_hands, self.stock])

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)
