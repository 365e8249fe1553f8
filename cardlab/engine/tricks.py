"""Trick mechanics with no game inside: plays, tricks, following, the winner.

A game supplies two functions and this module does the rest:

* ``suit_of(card)`` — the card's *effective* suit in the current contract
  (a left bower is a trump, a Skat jack is a trump, an unnominated joker has
  none);
* ``strength(card, led_suit)`` — a comparable key for winning *this* trick, or
  ``None`` when the card cannot win it (a discard of another plain suit).

The winner is the play with the greatest key; ties go to the earlier play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.cards import Card

__all__ = ["Play", "Trick", "trick_winner", "cards_of_suit", "standard_strength",
           "order_by_rank"]


@dataclass(frozen=True)
class Play:
    """One card played to a trick by a seat (``note``: e.g. the suit a joker lead named)."""

    seat: int
    card: Card
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        d: dict[str, Any] = {"seat": self.seat, "card": self.card.code}
        if self.note:
            d["note"] = self.note
        return d


@dataclass(frozen=True)
class Trick:
    """A trick: its leader, its plays so far, the suit to follow, and (when complete) the winner."""

    leader: int
    plays: tuple[Play, ...] = ()
    suit: str | None = None
    winner: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play order."""
        return tuple(p.card for p in self.plays)

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in play order."""
        return tuple(p.seat for p in self.plays)

    def add(self, play: Play, suit: str | None = None) -> Trick:
        """A new trick with ``play`` added (``suit`` sets the suit to follow on the lead)."""
        return Trick(self.leader, self.plays + (play,), self.suit if self.plays else suit,
                     self.winner)

    def won_by(self, seat: int) -> Trick:
        """The completed trick with its winner."""
        return Trick(self.leader, self.plays, self.suit, seat)

    def as_dict(self) -> dict[str, Any]:
        """JSON-able form."""
        return {"leader": self.leader, "plays": [p.as_dict() for p in self.plays],
                "suit": self.suit, "winner": self.winner}


def trick_winner(plays: Sequence[Play], strength: Callable[[Card], Any]) -> int:
    """The seat whose card has the greatest ``strength`` (None = cannot win); first wins ties."""
    best_seat = plays[0].seat
    best_key = strength(plays[0].card)
    for p in plays[1:]:
        k = strength(p.card)
        if k is not None and (best_key is None or k > best_key):
            best_seat, best_key = p.seat, k
    return best_seat


def cards_of_suit(hand: Iterable[Card], suit: str | None,
                  suit_of: Callable[[Card], str | None]) -> list[Card]:
    """The cards of ``hand`` whose effective suit is ``suit``."""
    return [c for c in hand if suit_of(c) == suit]


def standard_strength(led_suit: str | None, trump: str | None,
                      suit_of: Callable[[Card], str | None],
                      rank_of: Callable[[Card], int]) -> Callable[[Card], tuple[int, int] | None]:
    """The usual rule: trumps beat the led suit; other suits cannot win.

    ``rank_of`` gives higher numbers to stronger cards within their effective suit.
    """

    def strength(card: Card) -> tuple[int, int] | None:
        s = suit_of(card)
        if trump is not None and s == trump:
            return (2, rank_of(card))
        if s == led_suit:
            return (1, rank_of(card))
        return None

    return strength


def order_by_rank(ladder: Sequence[str]) -> dict[str, int]:
    """A rank → strength map from a ladder written high to low (higher number wins)."""
    n = len(ladder)
    return {r: n - i for i, r in enumerate(ladder)}
