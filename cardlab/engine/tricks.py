"""Trick mechanics with no game inside: plays, tricks, the card order, following, the winner.

A game says what its contract makes of the cards as one :class:`CardOrder`, built from
its rules as data (rank ladders, trump lists); this module does the rest:

* :meth:`CardOrder.effective_suit` — the suit a card follows and wins in (a left bower
  is a trump, a Skat jack is a trump, an unnominated joker has none);
* :meth:`CardOrder.key` — how strongly a card bids for a trick led in a suit;
* :func:`trick_winner` — the seat that wins a trick, the one winner rule of every game:
  the greatest key; ties go to the earlier play.

Legality (following by effective suit), the trick winner, ``state.effective_suit`` and
``state.trump_order`` of every game read the same order, so they cannot disagree on
where a card belongs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cardlab.cards import Card

__all__ = ["Play", "Trick", "CardOrder", "trick_winner", "cards_of_suit", "order_by_rank",
           "CANNOT_WIN", "FOLLOWS", "TRUMPS", "WILD"]

#: The classes of :meth:`CardOrder.key`, low to high: a card of neither the led suit nor
#: trumps, a card of the led suit, a trump, a wild card (a card of no suit that wins any
#: trick it is played to, e.g. Five Hundred's unnominated joker in no trumps).
CANNOT_WIN: Final = 0
FOLLOWS: Final = 1
TRUMPS: Final = 2
WILD: Final = 3
#: the key of a card that cannot win the trick
_NO_KEY: Final = (CANNOT_WIN, 0)


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


@dataclass(frozen=True, eq=False, kw_only=True)
class CardOrder:
    """What one contract makes of the cards of a pack, for following and winning tricks.

    A game builds one per contract (or trump suit) from its rules, usually with
    :meth:`from_lists` or :meth:`from_ranks`, and caches it; every question about a card
    in a trick is then a dictionary look-up.

    :ivar suit_of: every card of the pack → its effective suit (None: a card of no suit,
        such as an unnominated joker).
    :ivar power: every card → its strength within its effective suit (higher wins).
    :ivar trump: the effective suit of the trumps, or None when nothing is trumps.
    :ivar wild: the cards of no suit that win any trick they are played to, high to low
        (they count as trumps, above the trump suit).

    >>> from cardlab.cards import parse_cards
    >>> order = CardOrder.from_ranks(parse_cards("AS KS AH KH"), ("A", "K"), trump="H")
    >>> plays = [Play(0, Card("K", "S")), Play(1, Card("A", "S")), Play(2, Card("K", "H"))]
    >>> trick_winner(plays, order), [c.code for c in order.trumps()]
    (2, ['AH', 'KH'])
    """

    suit_of: Mapping[Card, str | None]
    power: Mapping[Card, int]
    trump: str | None = None
    wild: tuple[Card, ...] = ()
    #: card → WILD or TRUMPS for the cards that beat any card of the led suit (derived)
    _class: dict[Card, int] = field(init=False, repr=False)
    #: the trumps high to low (derived)
    _trumps: tuple[Card, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Derived once here, so that key() and trumps() stay look-ups.
        cls = {c: TRUMPS for c, s in self.suit_of.items() if s is not None and s == self.trump}
        cls.update({c: WILD for c in self.wild})
        trumps = sorted(cls, key=lambda c: (-cls[c], -self.power[c]))
        object.__setattr__(self, "_class", cls)
        object.__setattr__(self, "_trumps", tuple(trumps))

    # -- building an order from the rules' tables --------------------------------------
    @classmethod
    def from_lists(cls, suits: Mapping[str, Sequence[Card]], *, trumps: Sequence[Card] = (),
                   trump: str | None = None, wild: Sequence[Card] = ()) -> CardOrder:
        """The order written as lists, each high to low: the plain ``suits`` (effective
        suit → its cards), the ``trumps`` (their effective suit is ``trump``) and the
        ``wild`` cards (no suit). A card's power is its place from the bottom of its list.

        >>> from cardlab.cards import parse_cards
        >>> o = CardOrder.from_lists({"S": parse_cards("AS KS")}, trumps=parse_cards("JS JC"),
        ...                          trump="T")
        >>> o.effective_suit(Card("J", "S")), o.key(Card("J", "C"), "S") > o.key(Card("A", "S"), "S")
        ('T', True)
        """
        suit_of: dict[Card, str | None] = {}
        power: dict[Card, int] = {}
        for suit, cards in [*suits.items(), (trump, trumps), (None, wild)]:
            for i, card in enumerate(cards):
                suit_of[card] = suit
                power[card] = len(cards) - i
        return cls(suit_of=suit_of, power=power, trump=trump, wild=tuple(wild))

    @classmethod
    def from_ranks(cls, pack: Iterable[Card], ladder: Sequence[str], *,
                   trump: str | None = None,
                   trump_ladder: Sequence[str] | None = None) -> CardOrder:
        """The usual order: every card keeps its printed suit; ``ladder`` gives the ranks of
        a plain suit high to low, and ``trump_ladder`` (default: ``ladder``) those of the
        ``trump`` suit (None: no trumps). A card whose rank a ladder lacks has power 0."""
        plain = order_by_rank(ladder)
        high = plain if trump_ladder is None else order_by_rank(trump_ladder)
        suit_of: dict[Card, str | None] = {}
        power: dict[Card, int] = {}
        for card in pack:
            suit_of[card] = card.suit
            power[card] = (high if card.suit == trump else plain).get(card.rank, 0)
        return cls(suit_of=suit_of, power=power, trump=trump)

    # -- questions about one card ------------------------------------------------------
    def effective_suit(self, card: Card) -> str | None:
        """The suit ``card`` follows and wins in under this order (None: no suit).

        :raises KeyError: for a card not of the pack the order was built for.
        """
        return self.suit_of[card]

    def is_trump(self, card: Card) -> bool:
        """True for a trump: a card of the trump suit, or a wild card."""
        return card in self._class

    def trumps(self) -> list[Card]:
        """The trumps high to low (wild cards first); ``[]`` when nothing is trumps."""
        return list(self._trumps)

    def ladder(self, suit: str | None) -> list[Card]:
        """The cards whose effective suit is ``suit``, high to low."""
        cards = [c for c, s in self.suit_of.items() if s == suit]
        return sorted(cards, key=lambda c: -self.power[c])

    def key(self, card: Card, led_suit: str | None) -> tuple[int, int]:
        """How strongly ``card`` bids for a trick led in ``led_suit``: ``(class, power)``,
        higher wins. The class is :data:`WILD`, :data:`TRUMPS`, :data:`FOLLOWS` (the led
        suit) or :data:`CANNOT_WIN` (any other card, which ranks lowest: ``(0, 0)``)."""
        c = self._class.get(card)
        if c is not None:
            return (c, self.power[card])
        if self.suit_of[card] == led_suit:
            return (FOLLOWS, self.power[card])
        return _NO_KEY

    def beats(self, card: Card, other: Card, led_suit: str | None) -> bool:
        """True if ``card`` would take a trick led in ``led_suit`` from ``other``."""
        return self.key(card, led_suit) > self.key(other, led_suit)

    def of_suit(self, hand: Iterable[Card], suit: str | None) -> list[Card]:
        """The cards of ``hand`` whose effective suit is ``suit`` (those that follow it)."""
        suit_of = self.suit_of
        return [c for c in hand if suit_of[c] == suit]

    # -- a trick -----------------------------------------------------------------------
    def top(self, cards: Iterable[Card], led_suit: str | None) -> Card:
        """The card of ``cards`` (in play order) that wins a trick led in ``led_suit``: the
        greatest key, the earlier of equals (e.g. the card to beat)."""
        it = iter(cards)
        best = next(it)
        best_key = self.key(best, led_suit)
        for c in it:
            k = self.key(c, led_suit)
            if k > best_key:
                best, best_key = c, k
        return best

    def best(self, plays: Sequence[Play], led_suit: str | None = None) -> Play:
        """The play now winning ``plays`` (see :func:`trick_winner`)."""
        if led_suit is None:
            led_suit = self.suit_of[plays[0].card]
        best = plays[0]
        best_key = self.key(best.card, led_suit)
        for p in plays[1:]:
            k = self.key(p.card, led_suit)
            if k > best_key:  # strictly: the earlier of equal keys keeps the trick
                best, best_key = p, k
        return best

    def winner(self, plays: Sequence[Play], led_suit: str | None = None) -> int:
        """The seat that wins (or is winning) ``plays`` (see :func:`trick_winner`)."""
        return self.best(plays, led_suit).seat


def trick_winner(plays: Sequence[Play], order: CardOrder, led_suit: str | None = None) -> int:
    """The seat whose card has the greatest :meth:`CardOrder.key` in ``plays``; the first
    of equal keys wins. ``led_suit`` is the suit to follow (default: the effective suit
    of the first card; a game passes it where a lead names another, e.g. a joker led in
    no trumps)."""
    return order.best(plays, led_suit).seat


def cards_of_suit(hand: Iterable[Card], suit: str | None, order: CardOrder) -> list[Card]:
    """The cards of ``hand`` whose effective suit under ``order`` is ``suit``."""
    return order.of_suit(hand, suit)


def order_by_rank(ladder: Sequence[str]) -> dict[str, int]:
    """A rank → strength map from a ladder written high to low (higher number wins)."""
    n = len(ladder)
    return {r: n - i for i, r in enumerate(ladder)}
