"""Turn-up Whist's rules as pure functions of card masks: the legal cards, the trick keys,
the points of a deal. Written once, for one deal and for a batch of deals alike.

Cards are bits of an integer (bit ``i`` is the pack's ``i``-th card, ``game.deck`` order).
Every function here uses only bit operations, comparisons, arithmetic, table look-ups and
:func:`cardlab.engine.bits.select`, so it runs unchanged on Python ints (the teaching
engine's judge asks it about one hand and adds the reasons) and on numpy ``uint64`` /
``int64`` arrays (a batch simulator asks it about thousands of deals at once).

>>> from cardlab.games.example.rules import make_pack
>>> t = tables(make_pack())
>>> hand = t.mask(["AS", "9S", "KH"])
>>> spades = t.suit_mask[t.suits.index("S")]
>>> t.codes(legal_mask(hand, spades, t.suit_mask[t.suits.index("H")], False))
['AS', '9S']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardlab.cards import Card, Deck
from cardlab.engine.bits import nonzero, select
from cardlab.games.example.rules import CALL_OUTCOME, CALL_TRICKS, RANKS, TRICK_POINTS

__all__ = ["legal_mask", "trick_key", "call_made", "deal_points", "tables", "KernelTables"]


def legal_mask(hand: Any, led: Any, trumps: Any, must_trump: Any) -> Any:
    """EX-4.2 the cards of ``hand`` that follow ``led`` (the led suit's mask; the whole pack
    on the lead), if any; else, under ``must_trump`` (EX-4.3), the trumps held, if any;
    else the whole hand."""
    follow = hand & led
    trumped = hand & trumps
    other = select(must_trump & nonzero(trumped), trumped, hand)
    return select(nonzero(follow), follow, other)


def trick_key(power: Any, suit: Any, led: Any, trump: Any) -> Any:
    """EX-4.4 how strongly a card bids for the trick: a trump (its ``suit`` index is
    ``trump``) beats the led suit, which beats any other card (key 0); within a class the
    higher ``power`` (the rank's place from the bottom of :data:`RANKS`) wins."""
    follows = select(suit == led, 64 + power, 0)
    return select(suit == trump, 128 + power, follows)


def call_made(caller_tricks: Any) -> Any:
    """EX-5.2 the caller made the call: ``CALL_TRICKS`` tricks or more."""
    return caller_tricks >= CALL_TRICKS


def deal_points(tricks: Any, is_caller: Any, caller_tricks: Any, call_value: Any) -> Any:
    """EX-5.1 one point per trick won; EX-5.2 the caller (``is_caller``) wins
    ``call_value`` more when it made the call (:func:`call_made`), and loses it if not."""
    made = call_made(caller_tricks)
    bonus = select(made, CALL_OUTCOME[True] * call_value, CALL_OUTCOME[False] * call_value)
    return TRICK_POINTS * tricks + select(is_caller, bonus, 0 * bonus)


@dataclass(frozen=True)
class KernelTables:
    """The look-up tables the kernel's callers pass in: per card its suit index and power,
    per suit the mask of its cards (tuples; a batch turns them into arrays)."""

    deck: Deck
    suits: tuple[str, ...]
    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    suit_mask: tuple[int, ...]
    full: int

    def mask(self, cards: Iterable[Card | str]) -> int:
        """The mask of ``cards``."""
        out = 0
        for c in cards:
            out |= 1 << self.deck.index(self.deck.parse(c))
        return out

    def codes(self, mask: int) -> list[str]:
        """The card codes of ``mask`` in pack order."""
        return [c.code for i, c in enumerate(self.deck) if mask >> i & 1]


@cache
def tables(deck: Deck) -> KernelTables:
    """EX-1 the tables of the 24-card pack."""
    suits = tuple(dict.fromkeys(c.suit for c in deck))
    ladder = {r: len(RANKS) - i for i, r in enumerate(RANKS)}
    suit_mask = tuple(sum(1 << i for i, c in enumerate(deck) if c.suit == s) for s in suits)
    return KernelTables(deck, suits, tuple(suits.index(c.suit) for c in deck),
                        tuple(ladder[c.rank] for c in deck), suit_mask, (1 << len(deck)) - 1)
