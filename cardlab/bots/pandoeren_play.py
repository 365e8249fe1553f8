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
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

import numpy as np

from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.rules import NO_TRUMPS, play_tables

__all__ = ["PlayKeys", "play_keys", "choose_card", "choose_announcement", "to_lose",
           "CHEAP", "STRONG", "HIGH", "LOW"]

#: the orders a choice can take among the cards (greatest first): the cheapest card, the
#: strongest, the highest rank, the lowest rank
CHEAP, STRONG, HIGH, LOW = 0, 1, 2, 3
#: larger than any order's number: a card's winning counts before its order
_WINS = np.int64(1 << 20)
#: smaller than any score: a card that may not be played is never chosen
_NEVER = np.int64(-(1 << 40))


class PlayKeys(NamedTuple):
    """The tables of the rule, as numpy arrays (one per ``rank_order``).

    :ivar order: ``(4, tables, n_cards)`` each card's place in each order (greater is
        chosen first): :data:`CHEAP` minus (points, rank), :data:`STRONG` (trump, rank),
        :data:`HIGH` rank, :data:`LOW` minus rank; ``tables``: the trump tables (a suit
        as trumps, or :data:`~cardlab.games.pandoeren.rules.NO_TRUMPS`).
    :ivar strength: ``(tables, 4, n_cards)`` the trick key of each card under each led
        suit (the kernel's ``strength``).
    :ivar shifts: the cards' bit numbers, for a legal mask's bits.
    """

    order: np.ndarray
    strength: np.ndarray
    shifts: np.ndarray


@cache
def play_keys(rank_order: str = "pandoeren") -> PlayKeys:
    """:class:`PlayKeys` of ``rank_order`` (P-A1), read off the kernel's tables."""
    pt = play_tables(rank_order)
    tables, c, stride = NO_TRUMPS + 1, pt.n_cards, pt.stride
    rank = np.array(pt.rank, dtype=np.int64).reshape(tables, stride)[:, :c]
    points = np.array(pt.points, dtype=np.int64).reshape(tables, stride)[:, :c]
    bits = np.array(pt.bit[:c], dtype=np.uint64)
    trump = np.array([[(int(b) & pt.trump_mask[t]) != 0 for b in bits]
                      for t in range(tables)], dtype=np.int64)
    span = int(rank.max()) + 1  # a rank is below this: (a, rank) orders by a, then rank
    order = np.stack([-(points * span + rank), trump * span + rank, rank, -rank])
    strength = np.array(pt.strength, dtype=np.int64).reshape(tables, 4, stride)[:, :, :c]
    for a in (order, strength):
        a.flags.writeable = False
    return PlayKeys(order, strength, np.arange(c, dtype=np.uint64))


def to_lose(objective: Any) -> tuple[Any, Any]:
    """A2.6: ``(negative, piccolo)`` of a contract's objective code
    (:data:`~cardlab.games.pandoeren.rules.OBJECTIVE_OF`): a contract to lose tricks (no
    trick, or a piccolo's one), and a piccolo."""
    piccolo = objective == K.PICCOLO
    return (objective == K.NO_TRICKS) | piccolo, piccolo


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
    legal, table, leading = np.asarray(legal), np.asarray(table), np.asarray(leading)
    seat, declarer, partner = np.asarray(seat), np.asarray(declarer), np.asarray(partner)
    negative = np.asarray(negative)
    bits = ((legal[:, None] >> keys.shifts) & np.uint64(1)).astype(bool)
    wins = keys.strength[table, led] > np.asarray(best)[:, None]
    known = partner >= 0
    on_side = (seat == declarer) | (known & (seat == partner))
    side_holds = (best_seat == declarer) | (known & (best_seat == partner))
    is_declarer = seat == declarer
    wanted = np.asarray(piccolo) & np.asarray(first_trick) & is_declarer
    # the order each row chooses by, and whether it prefers cards that win (+1) or not (-1)
    # a defender of a contract to lose tricks keeps the declarer's card on top once it is
    # (her highest card under it: the declarer must take that trick), else plays low, so
    # that the declarer finds no card to get under the trick
    # (a piccolo's first trick, which she must win, a defender takes from her if it can)
    under = ~leading & (best_seat == declarer)
    deny = np.asarray(piccolo) & np.asarray(first_trick) & ~is_declarer
    defend = np.where(deny, np.where(leading, HIGH, np.where(under, CHEAP, LOW)),
                      np.where(under, HIGH, LOW))
    order = np.where(negative, np.where(~is_declarer, defend, np.where(
        wanted, HIGH, np.where(leading, LOW, HIGH))),
        np.where(leading & on_side, STRONG, CHEAP))
    prefer = np.where(leading, 0, np.where(negative, np.where(
        ~is_declarer, np.where(under, np.where(deny, 1, -1), 0), np.where(wanted, 1, -1)),
        np.where(on_side == side_holds, 0, 1)))
    score = keys.order[order, table] + prefer[:, None] * np.where(wins, _WINS, 0)
    return np.asarray(np.argmax(np.where(bits, score, _NEVER), axis=1))


def choose_announcement(roem: Any, stuk: Any) -> tuple[np.ndarray, np.ndarray]:
    """Which announcement the seat to move makes, where ``roem`` / ``stuk`` is legal
    (A2.10.2, A2.10.3): stuk first, then roem (each is its own action; the seat stays to
    move). Returns ``(say_roem, say_stuk)``."""
    stuk = np.asarray(stuk)
    return np.asarray(np.asarray(roem) & ~stuk), stuk
