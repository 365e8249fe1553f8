"""The heuristic Pandoeren player's play, written once for one deal and for a batch.

The scalar :class:`~cardlab.bots.pandoeren.HeuristicBot` asks :func:`choose_card` (and
:func:`choose_announcement`) on one row, from its own view; the array simulator
(:mod:`cardlab.sim.pandoeren`) asks the same functions on a whole batch of deals, so the
"heuristic" level is one player in every play position (#30).

The rule (A2.8 decides what is legal; this decides among the legal cards). A card is
*cheap* by its card points, then by its rank in its suit (A2.2, A2.3); *strong* if a
trump, then by its rank; it *wins* if it takes the trick from the card now winning it.

* **Contracts to take tricks.** The declarer's side is the declarer and the partner as
  far as the seat to move knows it (public, or the partner herself: A2.7.3).

  - leading: the declarer's side leads its strongest card, a defender its cheapest;
  - following, when the trick is already held by its own side (as far as it knows): the
    cheapest card; otherwise the cheapest card that wins, else the cheapest card.

* **Contracts to lose tricks** (misère, praatje, piccolo: A2.6). A defender lets a trick the
  declarer holds stay hers (her highest card that does not win it, else her highest card)
  and otherwise plays her lowest card, leading too, so the declarer has nothing to play
  under it; but a piccolo's first trick, which the declarer must win, a defender takes
  from her with its cheapest card that wins (leading it, its highest card). The declarer
  leads her lowest card and follows with her highest card that
  does not win, else her highest card; in a piccolo's first trick (which she wants) she
  plays her highest card that wins, else her highest card.

* **Announcements** (``roem_announce="manual"``, A2.10): stuk first, then roem, each as
  soon as it is legal.

Ties go to the card earlier in the pack (the order of the legal plays). The tables come
from :func:`~cardlab.games.pandoeren.rules.play_tables` of the game's ``rank_order``, the
tables the engine and the batch judge the tricks with.

How a row is decided, at array speed: the rule above is written once
(:func:`_order_and_prefer`) and read, for each combination of the row's facts, into a
table (the order and the cards preferred); the cards that win are a mask from the trick
keys (:attr:`PlayKeys.beats`), and the first card of a mask in an order is found a byte of
the mask at a time (:class:`CardOrders`), so no row is expanded to one entry per card.
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import numpy as np

from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.rules import NO_TRUMPS, play_tables

__all__ = ["PlayKeys", "play_keys", "CardOrders", "card_orders", "first_in_order",
           "choose_card", "choose_announcement", "to_lose",
           "CHEAP", "STRONG", "HIGH", "LOW"]

#: the orders a choice can take among the cards (greatest first): the cheapest card, the
#: strongest, the highest rank, the lowest rank
CHEAP, STRONG, HIGH, LOW = 0, 1, 2, 3
#: the bytes of a ``uint64`` mask (a card is bit ``i``), each read through a table
_BYTES = 8
#: a place below every card's: the place of no card (an empty mask)
_NO_PLACE = 255
#: every card
_ALL = np.uint64(2**64 - 1)


class CardOrders(NamedTuple):
    """Orders of the cards (``ways`` of them), as tables that find the first card of a mask
    in each order a byte of the mask at a time (:func:`first_in_order`).

    :ivar ranked: ``(ways * 256,)`` ``[way * 256 + place]`` the card at each place of a way
        (place 0 first; an empty mask's place :data:`_NO_PLACE` reads card 0).
    :ivar place: ``(ways * n_bytes * 256,)`` ``[(way * n_bytes + byte) * 256 + value]``: the
        first place of the way among the cards of that byte of a mask (:data:`_NO_PLACE`
        for none).
    :ivar n_bytes: the bytes of a mask that hold cards.
    """

    ranked: np.ndarray
    place: np.ndarray
    n_bytes: int


def card_orders(keys: Any) -> CardOrders:
    """:class:`CardOrders` of ``keys`` ``(ways, n_cards)``: each way ranks the cards by their
    key, greatest first, ties in pack order (Python's ``max`` over the cards in order)."""
    keys = np.asarray(keys)
    ways, c = keys.shape
    assert c <= _BYTES * 8 and c < _NO_PLACE
    n_bytes = (c + 7) // 8
    ranked = np.zeros((ways, _NO_PLACE + 1), dtype=np.int64)
    place = np.full((ways, n_bytes, 256), _NO_PLACE, dtype=np.int64)
    for w, key in enumerate(keys):
        cards = sorted(range(c), key=lambda i: (-key[i], i))  # greatest, then pack order
        ranked[w, :c] = cards
        at = {card: j for j, card in enumerate(cards)}
        for byte in range(n_bytes):
            for v in range(1, 256):
                low = (v & -v).bit_length() - 1  # the byte's lowest card, then the rest
                card = 8 * byte + low
                mine = at[card] if card < c else _NO_PLACE
                place[w, byte, v] = min(mine, place[w, byte, v & (v - 1)])
    arrays = (ranked.reshape(-1), place.reshape(-1))
    for a in arrays:
        a.flags.writeable = False
    return CardOrders(*arrays, n_bytes=n_bytes)


def first_in_order(orders: CardOrders, way: Any, mask: Any) -> np.ndarray:
    """The card of each ``mask`` (``uint64``) that comes first in ``way`` of ``orders``
    (card 0 for an empty mask): each byte of the mask read through
    :attr:`CardOrders.place`."""
    n = orders.n_bytes
    by_byte = np.ascontiguousarray(mask, dtype="<u8").view(np.uint8).reshape(-1, _BYTES)
    base = np.asarray(way, dtype=np.int64) * (n << 8)
    first = orders.place[base + by_byte[:, 0]]
    for byte in range(1, n):
        np.minimum(first, orders.place[base + (byte << 8) + by_byte[:, byte]], out=first)
    return np.asarray(orders.ranked[(base // n) + first])


class PlayKeys(NamedTuple):
    """The tables of the rule, as numpy arrays (one per ``rank_order``).

    :ivar orders: each order (:data:`CHEAP`, :data:`STRONG`, :data:`HIGH`, :data:`LOW`)
        under each trump table, as :class:`CardOrders` (greatest first, ties in pack order):
        :data:`CHEAP` minus (points, rank), :data:`STRONG` (trump, rank), :data:`HIGH`
        rank, :data:`LOW` minus rank; ``way = order * tables + table``, ``tables`` the
        trump tables (a suit as trumps, or :data:`~cardlab.games.pandoeren.rules.NO_TRUMPS`).
    :ivar beats: ``((tables * 4) * n_keys,)`` ``[(table * 4 + led) * n_keys + best]``: the
        mask of the cards whose trick key under the led suit (the kernel's ``strength``) is
        above ``best``.
    :ivar n_keys: one more than the greatest trick key.
    :ivar tables: the number of trump tables.
    """

    orders: CardOrders
    beats: np.ndarray
    n_keys: int
    tables: int


@cache
def play_keys(rank_order: str = "pandoeren") -> PlayKeys:
    """:class:`PlayKeys` of ``rank_order`` (P-A1), read off the kernel's tables."""
    pt = play_tables(rank_order)
    tables, c, stride = NO_TRUMPS + 1, pt.n_cards, pt.stride
    rank = np.array(pt.rank, dtype=np.int64).reshape(tables, stride)[:, :c]
    points = np.array(pt.points, dtype=np.int64).reshape(tables, stride)[:, :c]
    trump = np.array([[(pt.bit[i] & pt.trump_mask[t]) != 0 for i in range(c)]
                      for t in range(tables)], dtype=np.int64)
    span = int(rank.max()) + 1  # a rank is below this: (a, rank) orders by a, then rank
    order = np.stack([-(points * span + rank), trump * span + rank, rank, -rank])
    strength = np.array(pt.strength, dtype=np.int64).reshape(tables, 4, stride)[:, :, :c]
    n_keys = int(strength.max()) + 1
    above = strength[:, :, None, :] > np.arange(n_keys)[:, None]  # (tables, 4, keys, c)
    beats = (above.astype(np.uint64) << np.arange(c, dtype=np.uint64)).sum(
        axis=-1, dtype=np.uint64).reshape(-1)
    beats.flags.writeable = False
    return PlayKeys(card_orders(order.reshape(-1, c)), beats, n_keys=n_keys, tables=tables)


def to_lose(objective: Any) -> tuple[Any, Any]:
    """A2.6: ``(negative, piccolo)`` of a contract's objective code
    (:data:`~cardlab.games.pandoeren.rules.OBJECTIVE_OF`): a contract to lose tricks (no
    trick, or a piccolo's one), and a piccolo."""
    piccolo = objective == K.PICCOLO
    return (objective == K.NO_TRICKS) | piccolo, piccolo


def _order_and_prefer(leading: Any, negative: Any, is_declarer: Any, piccolo_first: Any,
                      declarer_holds: Any, on_side: Any, side_holds: Any) -> tuple[Any, Any]:
    """The order a row chooses by (:data:`CHEAP`, …) and whether it prefers the cards that
    win the trick (+1), those that do not (-1) or neither (0), from its facts: ``leading``,
    ``negative`` (a contract to lose tricks), ``is_declarer`` (the seat to move),
    ``piccolo_first`` (a piccolo's first trick), ``declarer_holds`` (the declarer's card wins
    the trick so far), ``on_side`` (the seat to move is on the declarer's side, as far as
    it knows) and ``side_holds`` (so is the card winning the trick)."""
    wanted = piccolo_first & is_declarer
    # a defender of a contract to lose tricks keeps the declarer's card on top once it is
    # (her highest card under it: the declarer must take that trick), else plays low, so
    # that the declarer finds no card to get under the trick
    # (a piccolo's first trick, which she must win, a defender takes from her if it can)
    under = ~leading & declarer_holds
    deny = piccolo_first & ~is_declarer
    defend = np.where(deny, np.where(leading, HIGH, np.where(under, CHEAP, LOW)),
                      np.where(under, HIGH, LOW))
    order = np.where(negative, np.where(~is_declarer, defend, np.where(
        wanted, HIGH, np.where(leading, LOW, HIGH))),
        np.where(leading & on_side, STRONG, CHEAP))
    prefer = np.where(leading, 0, np.where(negative, np.where(
        ~is_declarer, np.where(under, np.where(deny, 1, -1), 0), np.where(wanted, 1, -1)),
        np.where(on_side == side_holds, 0, 1)))
    return order, prefer


#: the facts :func:`_order_and_prefer` reads, as the bits of a row's code
_FACTS = 7


def _as_byte(fact: Any) -> np.ndarray:
    """A bool array as bytes 0/1 (the same memory)."""
    return np.asarray(fact, dtype=bool).view(np.uint8)


@cache
def _choices() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_order_and_prefer` of every code (bit ``i`` = its ``i``-th fact), as tables:
    the order, and the masks ``flip``, ``any_`` that turn the cards that win (``w``) into
    those the row prefers: ``(w ^ flip) | any_``."""
    codes = np.arange(1 << _FACTS)
    order, prefer = _order_and_prefer(*((codes >> i & 1).astype(bool) for i in range(_FACTS)))
    flip = np.where(prefer < 0, _ALL, np.uint64(0))
    any_ = np.where(prefer == 0, _ALL, np.uint64(0))
    out = (np.asarray(order, dtype=np.int64), flip, any_)
    for a in out:
        a.flags.writeable = False
    return out


def choose_card(keys: PlayKeys, legal: Any, table: Any, led: Any, best: Any,
                best_seat: Any, leading: Any, seat: Any, declarer: Any, partner: Any,
                negative: Any, piccolo: Any, first_trick: Any) -> np.ndarray:
    """The heuristic's card in each row (see the module docstring), as a card index.

    Arrays over ``B`` rows: ``legal`` the legal cards (a ``uint64`` mask); ``table`` the
    trump table; ``led`` the led suit, ``best`` the trick key of the card now winning the
    trick and ``best_seat`` its seat (read only when following); ``leading``: nothing played
    to the trick yet; ``seat`` the seat to move, ``declarer``; ``partner`` the partner as
    the seat to move knows it (-1: unknown or none); ``negative``: a contract to lose
    tricks; ``piccolo``: a piccolo; ``first_trick``: no trick complete yet.
    """
    legal, table = np.asarray(legal), np.asarray(table)
    seat, declarer, partner = np.asarray(seat), np.asarray(declarer), np.asarray(partner)
    best_seat = np.asarray(best_seat)
    known = partner >= 0
    is_declarer = seat == declarer
    declarer_holds = best_seat == declarer
    # each row's facts as a code (the bits in _order_and_prefer's order), read in the tables
    facts = (leading, negative, is_declarer, np.asarray(piccolo) & np.asarray(first_trick),
             declarer_holds, is_declarer | (known & (seat == partner)),
             declarer_holds | (known & (best_seat == partner)))
    code = _as_byte(facts[0]).copy()
    for i in range(1, _FACTS):
        code |= _as_byte(facts[i]) << np.uint8(i)
    order, flip, any_ = _choices()
    # the cards preferred (those that win, or those that do not), if the row has any
    wins = keys.beats[(table * 4 + led) * keys.n_keys + best]
    keep = ((wins ^ flip[code]) | any_[code]) & legal
    pick = np.where(keep != 0, keep, legal)
    return first_in_order(keys.orders, order[code] * keys.tables + table, pick)


def choose_announcement(roem: Any, stuk: Any) -> tuple[np.ndarray, np.ndarray]:
    """Which announcement the seat to move makes, where ``roem`` / ``stuk`` is legal
    (A2.10.2, A2.10.3): stuk first, then roem (each is its own action; the seat stays to
    move). Returns ``(say_roem, say_stuk)``."""
    stuk = np.asarray(stuk)
    return np.asarray(np.asarray(roem) & ~stuk), stuk
