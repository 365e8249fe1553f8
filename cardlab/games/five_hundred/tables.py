"""Five Hundred's card order per contract as plain integers, for bitmask engines.

The scalar engine asks :class:`~cardlab.games.five_hundred.rules.ContractRules` about one
card at a time. The fast rollout state (``rollout.py``) and the numpy batch simulator
(``cardlab.sim.five_hundred``) need the same facts as tables indexed by a card's position
in ``game.deck`` (bit ``i`` of a hand mask is ``game.deck[i]``). :func:`card_table` builds
them once per ``(denomination, nominated joker suit)`` from ``game.contract_rules``, so
every engine shares the one effective-suit function (STYLE §5, OpenSpiel item 5).

>>> import cardlab
>>> game = cardlab.load("five_hundred")
>>> t = card_table(game, "H", None)
>>> SUITS[t.eff[game.deck.index(game.deck.parse("JD"))]]   # the left bower is a heart
'H'
>>> t.strength[0][game.deck.index(game.deck.parse("AS"))] > t.strength[0][
...     game.deck.index(game.deck.parse("KS"))]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from cardlab.cards import Card
from cardlab.engine.tricks import CANNOT_WIN, FOLLOWS, TRUMPS, WILD
from cardlab.games.five_hundred.rules import SUITS

if TYPE_CHECKING:
    from cardlab.games.five_hundred.game import FiveHundredGame

__all__ = ["CardTable", "card_table", "TABLE_KEYS", "NO_SUIT", "FOLLOW", "TRUMP", "JOKER"]

#: every contract's card order: ``(denomination, nominated joker suit)`` (NT and misère
#: share the ``NT`` rows; a nomination exists only there, 5H-6.3)
TABLE_KEYS: Final[tuple[tuple[str, str | None], ...]] = (
    ("S", None), ("C", None), ("D", None), ("H", None), ("NT", None),
    ("NT", "S"), ("NT", "C"), ("NT", "D"), ("NT", "H"))
#: effective-suit code of an unnominated joker in NT and misère (it has no suit, 5H-7.3)
NO_SUIT: Final = 4
#: 5H-7.1 strength classes, added to a card's power: a card of the suit led < a trump < an
#: unnominated joker (``ContractRules.key`` gives the class as FOLLOWS, TRUMPS, WILD of
#: :mod:`cardlab.engine.tricks`; a card that cannot win has key ``(0, 0)``, strength 0)
FOLLOW, TRUMP, JOKER = 100, 200, 300
_CLASS: Final = {CANNOT_WIN: 0, FOLLOWS: FOLLOW, TRUMPS: TRUMP, WILD: JOKER}


@dataclass(frozen=True)
class CardTable:
    """One contract's card order, indexed by the card's position in ``game.deck``.

    :ivar denomination: ``'S' 'C' 'D' 'H'`` or ``'NT'`` (NT and misère).
    :ivar nominated: the joker's nominated suit in NT/misère, or None.
    :ivar trump: the trump suit's code (0-3, ``SUITS`` order), or -1 in NT.
    :ivar eff: per card, its effective suit code (5H-3.4), :data:`NO_SUIT` for a free joker.
    :ivar power: per card, its strength within its effective suit (higher wins).
    :ivar suit_masks: per effective suit code 0-4, the mask of its cards (index 4: the
        unnominated jokers, 0 in trump contracts and after a nomination).
    :ivar strength: ``strength[led][card]``: how strongly the card bids for a trick led in
        suit ``led`` (class + power, see :data:`FOLLOW`), 0 if it cannot win that trick.
    :ivar lead_key: per card, its strength when it leads (class + power).
    """

    denomination: str
    nominated: str | None
    trump: int
    eff: tuple[int, ...]
    power: tuple[int, ...]
    suit_masks: tuple[int, ...]
    strength: tuple[tuple[int, ...], ...]
    lead_key: tuple[int, ...]

    @property
    def free_jokers(self) -> int:
        """The mask of the unnominated jokers (no suit, 5H-7.3)."""
        return self.suit_masks[NO_SUIT]


@lru_cache(maxsize=128)
def card_table(game: FiveHundredGame, denomination: str, nominated: str | None) -> CardTable:
    """5H-3 / 5H-7.1 the tables of one contract, from ``game.contract_rules`` (cached)."""
    nominated = nominated if denomination == "NT" else None
    rules = game.contract_rules(denomination, nominated)
    deck = game.deck
    eff: list[int] = []
    power: list[int] = []
    masks = [0] * 5
    for i, card in enumerate(deck):
        s = rules.suit_of[card]
        e = NO_SUIT if s is None else SUITS.index(s)
        eff.append(e)
        power.append(rules.power[card])
        masks[e] |= 1 << i

    def strength(card_led: str | None, card: Card) -> int:
        cls, power = rules.key(card, card_led)
        return _CLASS[cls] + power

    rows = tuple(tuple(strength(led, card) for card in deck) for led in SUITS)
    lead = tuple(rows[e][i] if e != NO_SUIT else strength(None, card)
                 for i, (e, card) in enumerate(zip(eff, deck)))
    trump = SUITS.index(denomination) if denomination in SUITS else -1
    return CardTable(denomination, nominated, trump, tuple(eff), tuple(power), tuple(masks),
                     rows, lead)
