"""Turn-up Whist's rules as data: the pack, the deal, the call, the card order, the points.

Every table cites the rule it states (``EX-…``, the rules in the package docstring);
the code of the other modules only looks them up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from cardlab.cards import FRENCH_SUITS, Deck, french_pack
from cardlab.engine.options import option
from cardlab.engine.tricks import CardOrder

__all__ = ["RANKS", "HAND_SIZE", "STOCK_SIZE", "CALL_TRICKS", "TRICK_POINTS", "CALL_OUTCOME",
           "PRESETS", "ExampleOptions", "make_pack", "card_order", "trick_order"]

#: EX-1 the ranks of every suit, high to low: also the order that wins a trick (EX-4.4).
RANKS: Final = ("A", "K", "Q", "J", "10", "9")
#: EX-2 each player's cards, dealt in one packet from the dealer's left.
HAND_SIZE: Final = 7
#: EX-2 the cards left for the stock; its top card is turned up and names trumps.
STOCK_SIZE: Final = 3
#: EX-3.2 the tricks a caller undertakes to win, of the seven.
CALL_TRICKS: Final = 4
#: EX-5.1 what each trick is worth to the seat that wins it.
TRICK_POINTS: Final = 1
#: EX-5.2 the caller's bonus, in units of ``call_value``: made +1, failed −1.
CALL_OUTCOME: Final = {True: 1, False: -1}


@dataclass(frozen=True, kw_only=True)
class ExampleOptions:
    """Rule options of Turn-up Whist (EX-6); the defaults are preset ``standard``."""

    players: int = option(3, choices=(3,), source="EX-1")
    must_trump: bool = option(False, choices=(False, True), source="EX-4.3")
    call_value: int = option(4, kind=int, bounds=(1, 100), source="EX-5.2", scoring_only=True,
                             doc="points per call unit, 1 to 100")
    target: int = option(15, kind=int, bounds=(1, 1000), source="EX-6",
                         doc="points to win, 1 to 1000")


#: EX-6 named option sets (``preset=``).
PRESETS: Final[dict[str, dict[str, Any]]] = {
    "standard": {},
    "strict": {"must_trump": True},
}


def make_pack() -> Deck:
    """EX-1 the 24-card pack: A K Q J 10 9 of spades, clubs, diamonds and hearts."""
    return french_pack({s: RANKS for s in FRENCH_SUITS}, title="24-card Turn-up Whist pack")


@cache
def trick_order(trump: str | None) -> CardOrder:
    """EX-4.2 / EX-4.4 the :class:`~cardlab.engine.tricks.CardOrder` with ``trump`` as
    trumps (None: none): every card keeps its printed suit and ranks by :data:`RANKS`. The
    one order legality, the trick winner, the view and ``state.effective_suit`` read.

    >>> from cardlab.cards import Card
    >>> from cardlab.engine.tricks import Play, trick_winner
    >>> plays = [Play(0, Card("K", "S")), Play(1, Card("A", "S")), Play(2, Card("9", "H"))]
    >>> trick_winner(plays, trick_order("H")), trick_winner(plays, trick_order("D"))
    (2, 1)
    """
    return CardOrder.from_ranks(make_pack(), RANKS, trump=trump)


def card_order(trump: str | None) -> dict[str, Any]:
    """EX-4.4 the cards high to low with ``trump`` as trumps (None: no suit is trumps), in
    the shape of :meth:`cardlab.engine.game.Game.card_order`. No card changes suit or rank.

    >>> order = card_order("H")
    >>> order["trumps"][:3], order["suits"]["S"][-1], order["special"]
    (['AH', 'KH', 'QH'], '9S', {})
    """
    order = trick_order(trump)
    return {"trumps": [c.code for c in order.trumps()],
            "suits": {s: [c.code for c in order.ladder(s)] for s in FRENCH_SUITS if s != trump},
            "special": {}}
