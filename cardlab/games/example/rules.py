"""Turn-up Whist's rules as data: the pack, the deal, the call, the card order, the points.

Every table cites the rule it states (``EX-…``, the rules in the package docstring);
the code of the other modules only looks them up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardlab.cards import FRENCH_SUITS, Card, Deck, french_pack
from cardlab.engine.options import option
from cardlab.engine.tricks import Play, order_by_rank, standard_strength, trick_winner

__all__ = ["RANKS", "HAND_SIZE", "STOCK_SIZE", "CALL_TRICKS", "TRICK_POINTS", "CALL_OUTCOME",
           "PRESETS", "ExampleOptions", "make_pack", "card_order", "suit_of", "rank_of",
           "winner_of"]

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
#: EX-4.4 rank → strength within a suit (higher wins), read off :data:`RANKS`.
STRENGTH: Final = order_by_rank(RANKS)


@dataclass(frozen=True, kw_only=True)
class ExampleOptions:
    """Rule options of Turn-up Whist (EX-6); the defaults are preset ``standard``."""

    players: int = option(3, choices=(3,), source="EX-1")
    must_trump: bool = option(False, choices=(False, True), source="EX-4.3")
    call_value: int = option(4, kind=int, source="EX-5.2", scoring_only=True)
    target: int = option(15, kind=int, source="EX-6")


#: EX-6 named option sets (``preset=``).
PRESETS: Final[dict[str, dict[str, Any]]] = {
    "standard": {},
    "strict": {"must_trump": True},
}


def make_pack() -> Deck:
    """EX-1 the 24-card pack: A K Q J 10 9 of spades, clubs, diamonds and hearts."""
    return french_pack({s: RANKS for s in FRENCH_SUITS}, title="24-card Turn-up Whist pack")


def card_order(trump: str | None) -> dict[str, Any]:
    """EX-4.4 the cards high to low with ``trump`` as trumps (None: no suit is trumps), in
    the shape of :meth:`cardlab.engine.game.Game.card_order`. No card changes suit or rank.

    >>> order = card_order("H")
    >>> order["trumps"][:3], order["suits"]["S"][-1], order["special"]
    (['AH', 'KH', 'QH'], '9S', {})
    """
    return {"trumps": [r + trump for r in RANKS] if trump is not None else [],
            "suits": {s: [r + s for r in RANKS] for s in FRENCH_SUITS if s != trump},
            "special": {}}


def suit_of(card: Card) -> str:
    """EX-4.2 the suit ``card`` follows and wins in: no card changes suit, so its printed
    suit (the one effective-suit function: legality, the winner and the view use it)."""
    return card.suit


def rank_of(card: Card) -> int:
    """EX-4.4 the strength of ``card`` within its suit (A highest, 9 lowest)."""
    return STRENGTH[card.rank]


def winner_of(plays: Sequence[Play], trump: str | None) -> int:
    """EX-4.4 the seat that wins a complete trick: the highest trump, else the highest card
    of the suit led (other cards cannot win), by :func:`cardlab.engine.tricks.trick_winner`.

    >>> from cardlab.cards import Card
    >>> plays = [Play(0, Card("K", "S")), Play(1, Card("A", "S")), Play(2, Card("9", "H"))]
    >>> winner_of(plays, "H"), winner_of(plays, "D")
    (2, 1)
    """
    led = suit_of(plays[0].card)
    return trick_winner(plays, standard_strength(led, trump, suit_of, rank_of))
