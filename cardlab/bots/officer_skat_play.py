"""Officer Skat's heuristic card play, written once on card masks.

This is the card play of the ``"heuristic"`` level. Both of its forms call the one
function :func:`play_choice`: the scalar :class:`~cardlab.bots.officer_skat.HeuristicBot`
on one deal (Python ``int`` masks and indices, ``bool`` conditions, read off its seat's
view by :func:`args_of_view`, with the tables as tuples), and the batch simulator's
``"heuristic"`` policy on every deal of a batch (numpy arrays, the same tables as arrays:
:meth:`PlayTables.as_arrays`; :mod:`cardlab.sim.officer_skat.batch`). So the two forms
are one player. Like the game's kernel (:mod:`cardlab.games.officer_skat.kernel`) it is
written in bit operations, comparisons, table lookups and
:func:`~cardlab.engine.bits.select`, plus two helpers that read a mask's lowest card and
turn a mask into a table index either way. The arguments hold only what the seat to
move may see: its playable face-up cards (the legal ones), the contract, whether it is
the declarer and the trick's led card. The face-down cards play no part until they turn
up.

A card set is a mask (bit ``i`` is ``PACK_ORDER[i]``). A card's *value* is its
card points, then its power in the contract's order (OS-2.2, OS-5.6); its *rank* is its
power, then its card points. A card *wins* when its trick key is above the led card's
(the kernel's ``trick_key``, OS-5.6).

The rules (:func:`play_choice`; the number is the rule's index in :data:`RULES`):

* **Leading.**

  0. In Null and Ramsch (tricks and card points are to be avoided): the lowest-ranked card.
  1. The declarer with three trumps or more among its playable cards: its highest trump,
     to draw trumps.
  2. A side ace (not a trump).
  3. Else the cheapest card (lowest value).
* **Following.**

  4. In Null and Ramsch: the dearest card that does not win (points go to the other
     player's trick);
  5. or, when every card it may play wins, the cheapest.
  6. The cheapest winning card, when the trick is worth taking (the led card counts
     :data:`TRICK_WORTH` card points or more) or every winning card is an ace or a ten
     (worth at least :data:`HIGH_POINTS`).
  7. Else, when no card wins, the cheapest card;
  8. when some card does not win, the cheapest of those;
  9. else (every card wins, the trick is not worth it) the cheapest card.

Ties go to the earlier card in the pack, the cheapest and the dearest alike (the order
of the scalar engine's legal plays, hence Python's ``min`` and ``max``).

How a pick is made: per (way of ordering, contract) the 32 cards are laid out in order
of preference, and a mask is re-laid in that order byte by byte (four table lookups).
The pick is the lowest set bit of the re-laid mask, so one decision is a few dozen
operations on an ``int`` or on whole ``(B,)`` arrays, never a loop over the cards.

>>> from cardlab.games.officer_skat.rules import GAME_CALLS, card_index
>>> pt = play_tables()
>>> hearts = GAME_CALLS.index("H")
>>> legal = (1 << card_index("KS")) | (1 << card_index("7S"))  # it must follow spades
>>> card, rule = play_choice(pt, hearts, legal, card_index("QS"), False)  # Q♠ led: 3 points
>>> PACK_ORDER[card].code, RULES[rule]
('KS', 'wins the trick as cheaply as it can: the trick is worth taking')
>>> card, rule = play_choice(pt, hearts, legal, card_index("8S"), False)  # 8♠: no points
>>> PACK_ORDER[card].code, rule
('7S', 8)
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final, NamedTuple

import numpy as np

from cardlab.engine.bits import select
from cardlab.engine.protocols import GameLike
from cardlab.games.officer_skat.kernel import (
    CARD_SLOTS,
    CARDS,
    NO_CARD,
    SUIT_SLOTS,
    TRUMP_SUIT,
    effective_suit_code,
    trick_key,
)
from cardlab.games.officer_skat.rules import (
    CARD_POINTS,
    GAME_CALLS,
    PACK_ORDER,
    kernel_tables,
    trick_order,
)

__all__ = ["PlayTables", "play_tables", "play_choice", "args_of_view", "RULES",
           "TRICK_WORTH", "HIGH_POINTS"]

#: a trick whose led card counts this many card points or more is worth winning
TRICK_WORTH: Final = 3
#: an ace or a ten: winning cards this dear are played to win rather than kept
HIGH_POINTS: Final = 10

#: what each rule of the module docstring does, in words, by the rule's number
RULES: Final = (
    "leads its lowest card: in Null and Ramsch a trick is worth avoiding",
    "leads its highest trump to draw trumps (the declarer, with three trumps or more)",
    "leads a side ace",
    "leads its cheapest card",
    "plays its dearest card that does not win: in Null and Ramsch the other player "
    "should take the trick and the points",
    "must win the trick (every card it may play wins), so it wins as cheaply as it can",
    "wins the trick as cheaply as it can: the trick is worth taking",
    "cannot win the trick, so it plays its cheapest card",
    "keeps its winners: the trick is not worth taking, so it plays its cheapest card "
    "that does not win",
    "plays its cheapest card (every card it may play wins)",
)

#: the ways of ordering the cards (lowest first): value, value high to low, rank, rank
#: high to low
_CHEAP, _DEAR, _LOW, _HIGH = range(4)
_WAYS = 4
#: the number of rules (:data:`RULES`), the last one the fallback
_N_RULES: Final = 10
_BYTES: Final = CARDS // 8


class PlayTables(NamedTuple):
    """The tables :func:`play_choice` reads, flat: tuples from :func:`play_tables` for one
    deal, numpy arrays for a batch (:meth:`as_arrays`), the same numbers either way. A
    contract is its index in ``GAME_CALLS``."""

    #: ``[contract]`` the trumps' mask (none in Null)
    trumps: Any
    #: ``[contract]`` the aces that are not trumps
    side_aces: Any
    #: ``[contract]`` Null and Ramsch: tricks and card points are to be avoided
    avoid: Any
    #: ``[card]`` card points (OS-2.2), 0 for ``NO_CARD``
    points: Any
    #: ``[contract * CARD_SLOTS + led card]`` the cards that beat the led card (none for
    #: ``NO_CARD``)
    beats: Any
    #: ``[rule]`` the way of ordering its cards that each rule picks by
    way_of_rule: Any
    #: ``[(way * contracts + contract) * 32 + place]`` the card at that place of the order
    order: Any
    #: ``[((way * contracts + contract) * 4 + byte) * 256 + byte value]`` that byte of a
    #: mask re-laid in the order: bit ``j`` for the card at place ``j``
    relay: Any
    #: the masks of the cards below an ace's or a ten's card points, and of one byte
    cheap_cards: Any
    byte: Any
    #: ``[byte]`` the shift of a mask's byte
    shifts: Any
    n_contracts: int = len(GAME_CALLS)

    def as_arrays(self) -> PlayTables:
        """The same tables as numpy arrays (masks ``uint64``, the rest ``int64``/``bool``)."""
        return self._replace(
            trumps=np.array(self.trumps, dtype=np.uint64),
            side_aces=np.array(self.side_aces, dtype=np.uint64),
            avoid=np.array(self.avoid, dtype=bool),
            points=np.array(self.points, dtype=np.int64),
            beats=np.array(self.beats, dtype=np.uint64),
            way_of_rule=np.array(self.way_of_rule, dtype=np.int64),
            order=np.array(self.order, dtype=np.int64),
            relay=np.array(self.relay, dtype=np.uint64),
            cheap_cards=np.uint64(self.cheap_cards), byte=np.uint64(self.byte),
            shifts=tuple(np.uint64(x) for x in self.shifts))


@cache
def play_tables() -> PlayTables:
    """The tables as tuples, built from the kernel's tables and :func:`trick_order` of every
    contract; one set serves every variant, since no option of OS-9 changes the cards'
    order, their points or what beats what."""
    kt = kernel_tables()
    k = len(GAME_CALLS)
    cards = range(CARDS)
    trumps = [kt.suit_masks[c * SUIT_SLOTS + TRUMP_SUIT] for c in range(k)]
    aces = sum(1 << i for i, card in enumerate(PACK_ORDER) if card.rank == "A")
    beats = [0] * (k * CARD_SLOTS)
    order: list[int] = []
    relay: list[int] = []
    for way in range(_WAYS):
        for c in range(k):
            power = trick_order(GAME_CALLS[c]).power
            value = [(CARD_POINTS[card.rank], power[card]) for card in PACK_ORDER]
            rank = [(power[card], CARD_POINTS[card.rank]) for card in PACK_ORDER]
            key = {_CHEAP: value, _DEAR: [(-a, -b) for a, b in value], _LOW: rank,
                   _HIGH: [(-a, -b) for a, b in rank]}[way]
            ranked = sorted(cards, key=key.__getitem__)  # stable: ties in pack order
            place = {card: j for j, card in enumerate(ranked)}
            order += ranked
            for byte in range(_BYTES):
                moved = [0] * 256  # a byte's value → its cards' bits at their places
                for v in range(1, 256):
                    low = v & -v
                    moved[v] = moved[v ^ low] | 1 << place[8 * byte + low.bit_length() - 1]
                relay += moved
    for c in range(k):
        for led_card in cards:
            led = effective_suit_code(kt, c, led_card)
            bar = trick_key(kt, c, led, led_card)
            beats[c * CARD_SLOTS + led_card] = sum(
                1 << i for i in cards if trick_key(kt, c, led, i) > bar)
    return PlayTables(
        trumps=tuple(trumps), side_aces=tuple(aces & ~t for t in trumps),
        avoid=tuple(g in ("null", "ramsch") for g in GAME_CALLS),
        points=tuple(kt.card_points), beats=tuple(beats),
        way_of_rule=(_LOW, _HIGH, _CHEAP, _CHEAP, _DEAR, _CHEAP, _CHEAP, _CHEAP, _CHEAP,
                     _CHEAP),
        order=tuple(order), relay=tuple(relay),
        cheap_cards=sum(1 << i for i in cards if kt.card_points[i] < HIGH_POINTS),
        byte=255, shifts=tuple(8 * b for b in range(_BYTES)))


def _as_index(x: Any) -> Any:
    """A mask's bits as a table index: an ``int`` as it is, a ``uint64`` array as ``int64``
    (numpy would not add it to an ``int64`` index exactly)."""
    return x.astype(np.int64) if isinstance(x, np.ndarray) else x


def _lowest(m: Any) -> Any:
    """The index of a mask's lowest set bit (0 for an empty mask); on an array, each row's:
    the lowest bit alone is a power of two, which a float holds exactly."""
    if not isinstance(m, np.ndarray):
        return (m & -m).bit_length() - 1 if m else 0
    low = m & (~m + np.uint64(1))
    return np.log2(np.maximum(low, np.uint64(1)).astype(np.float64)).astype(np.int64)


def _first(pt: PlayTables, way: Any, contract: Any, mask: Any) -> Any:
    """The card of ``mask`` that the ordering ``way`` of ``contract`` prefers (``NO_CARD``
    for an empty mask)."""
    table = way * pt.n_contracts + contract
    base = table * (_BYTES * 256)
    relaid = pt.relay[base + _as_index(mask & pt.byte)]
    for byte in range(1, _BYTES):
        relaid = relaid | pt.relay[base + 256 * byte
                                   + _as_index((mask >> pt.shifts[byte]) & pt.byte)]
    return select(mask == 0, NO_CARD, pt.order[table * CARDS + _lowest(relaid)])


def play_choice(pt: PlayTables, contract: Any, legal: Any, lead_card: Any, declares: Any
                ) -> tuple[Any, Any]:
    """The card the seat to move plays, by the rules of the module docstring: ``(card
    index, rule)`` (``NO_CARD`` where nothing is legal, as in a finished deal of a batch).
    ``contract`` is the game's index in ``GAME_CALLS``, ``legal`` the mover's legal cards
    (a mask), ``lead_card`` the trick's led card (``NO_CARD`` when the mover leads),
    ``declares`` whether the mover is the declarer. One deal (Python ints and bools, the
    tables as tuples) or a batch (arrays, :meth:`PlayTables.as_arrays`)."""
    k = contract
    avoid = pt.avoid[k]
    leading = lead_card == NO_CARD
    trumps = legal & pt.trumps[k]
    aces = legal & pt.side_aces[k]
    thin = trumps & (trumps - 1)
    draw = declares & ((thin & (thin - 1)) != 0)  # three trumps or more
    win = legal & pt.beats[k * CARD_SLOTS + lead_card]
    lose = legal & ~win
    wins = win != 0
    loses = lose != 0
    worth = (pt.points[lead_card] >= TRICK_WORTH) | ((win & pt.cheap_cards) == 0)
    # each rule's condition (the first that holds decides) and the cards it picks from
    rules = ((leading & avoid, legal), (leading & draw, trumps),
             (leading & (aces != 0), aces), (leading, legal), (avoid & loses, lose),
             (avoid, win), (wins & worth, win), (win == 0, legal), (loses, lose))
    rule: Any = _N_RULES - 1
    among = legal
    for r in range(len(rules) - 1, -1, -1):
        cond, cards = rules[r]
        rule = select(cond, r, rule)
        among = select(cond, cards, among)
    return _first(pt, pt.way_of_rule[rule], k, among), rule


def args_of_view(game: GameLike, view: dict[str, Any], seat: int, legal: list[Any]
                 ) -> tuple[int, int, int, bool]:
    """``(contract, legal, lead_card, declares)``, the one-deal arguments of
    :func:`play_choice` for ``seat`` from its ``view`` and its legal plays (``play``
    actions), as the bot sees them (cards read by ``game``'s deck, whose order is the
    pack's, ``PACK_ORDER``)."""
    deck = game.deck
    legal_mask = 0
    for a in legal:
        legal_mask |= 1 << deck.index(deck.parse(a.args[0]))
    trick = view["trick"]
    lead = deck.index(deck.parse(trick[0]["card"])) if trick else NO_CARD
    return (GAME_CALLS.index(view["contract"]), legal_mask, lead,
            bool(view["declarer"] == seat))
