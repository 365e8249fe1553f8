"""The heuristic Panfin player's card play, written once for one deal and for a batch.

The rule is :func:`choose_one`, one deal's choice, compiled (numba, :func:`cardlab.solve.jit.jit`).
The scalar :class:`~cardlab.bots.panfin.HeuristicBot` asks :func:`choose_play` on a
one-row array (its own hand, the trick it sees, its legal plays), which asks
:func:`choose_one` for each row; the array simulator (:mod:`cardlab.sim.panfin`) asks
:func:`choose_one` for each deal inside its compiled step, so the "heuristic" level is one
player in every play position (#30).

The rule (B2.10.3-B2.10.5 decide what is legal; this decides among the legal plays):

* **leading**, the card it most wants to keep (:func:`keep_values`: trumps, the jokers
  first, above every plain card; plain cards by rank, the same in every suit);
* **answering**, the card it least wants to keep among those that take the trick from
  the card now winning it, else the card it least wants to keep;
* **two cards** (the jokers led together, or the answer to them, B2.10.4): the legal pair
  it least wants to keep (its two values added).

Ties go to the card earlier in the Treviso pack, and between pairs to the earlier pair in
the engine's order of the legal plays (the ``itertools.combinations`` order of the hand's
cards in pack order, :data:`PAIR_SLOTS`).

The arguments are arrays over ``B`` rows (deals) and the :data:`HAND_SIZE` places of the
mover's cards in pack order (``value``, ``strength``, ``legal``); the facts of the trick
come from the game's kernel (:mod:`cardlab.games.panfin.kernel`), the same the engine
judges with.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

import numpy as np

from cardlab.cards import treviso_pack
from cardlab.games.panfin.rules import (
    HAND_SIZE,
    SUITS,
    is_joker,
    plain_rank,
    trick_order,
    trump_rank,
)
from cardlab.solve.jit import jit

__all__ = ["PAIR_SLOTS", "TRUMP_VALUE", "keep_values", "pair_costs", "choose_play", "choose_one",
           "hand_places"]

#: the pair plays as places in the hand (its cards in pack order), in the engine's order
PAIR_SLOTS = tuple(combinations(range(HAND_SIZE), 2))
#: what a trump (or joker) is worth to keep above its trump rank: more than any plain card
TRUMP_VALUE = 20
#: larger than any value or trick key: a card that may not be played never wins a choice
_FAR = 1 << 40


@cache
def keep_values() -> np.ndarray:
    """``(suits, cards + 1)`` how much the player wants to keep each card of the Treviso
    pack under each dominant suit (higher: keep it): a trump or joker
    :data:`TRUMP_VALUE` + its :func:`~cardlab.games.panfin.rules.trump_rank`, a plain card its
    :func:`~cardlab.games.panfin.rules.plain_rank`; the last column ("no card") 0."""
    pack = list(treviso_pack())
    out = np.zeros((len(SUITS), len(pack) + 1), dtype=np.int64)
    for d, suit in enumerate(SUITS):
        order = trick_order(suit)
        for i, card in enumerate(pack):
            trump = order.is_trump(card) or is_joker(card)
            out[d, i] = TRUMP_VALUE + trump_rank(card) if trump else plain_rank(card)
    out.flags.writeable = False
    return out


def pair_costs(value: np.ndarray) -> np.ndarray:
    """``(B, len(PAIR_SLOTS))`` what each pair of places in the hand is worth to keep (the
    two cards' values added), from ``value`` ``(B, HAND_SIZE)``."""
    return np.stack([value[:, a] + value[:, b] for a, b in PAIR_SLOTS], axis=1)


def choose_play(value: np.ndarray, strength: np.ndarray, legal: np.ndarray,
                best_key: np.ndarray, leading: np.ndarray, pair_legal: np.ndarray,
                pair_cost: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The heuristic's play in each row (see the module docstring): :func:`choose_one` on
    every row.

    :param value: ``(B, HAND_SIZE)`` each card's :func:`keep_values` (its place in the
        hand, pack order).
    :param strength: ``(B, HAND_SIZE)`` each card's trick key under the led suit (the
        kernel's ``trick_key``; read only when answering).
    :param legal: ``(B, HAND_SIZE)`` whether the card may be played alone.
    :param best_key: ``(B,)`` the trick key of the card now winning the trick.
    :param leading: ``(B,)`` nothing played to the trick yet.
    :param pair_legal: ``(B, len(PAIR_SLOTS))`` whether each pair may be played (B2.10.4).
    :param pair_cost: ``(B, len(PAIR_SLOTS))`` each pair's :func:`pair_costs`.
    :returns: ``(place, is_pair, slot)``: the place of the single card, whether the play
        is a pair (no single card is legal) and then its slot in :data:`PAIR_SLOTS`.
    """
    i64 = np.int64
    rows = len(legal)
    out = np.zeros((3, rows), dtype=i64)
    _choose_rows(np.ascontiguousarray(value, dtype=i64), np.ascontiguousarray(strength, dtype=i64),
                 np.ascontiguousarray(legal, dtype=np.bool_),
                 np.ascontiguousarray(np.broadcast_to(best_key, (rows,)), dtype=i64),
                 np.ascontiguousarray(np.broadcast_to(leading, (rows,)), dtype=np.bool_),
                 np.ascontiguousarray(pair_legal, dtype=np.bool_),
                 np.ascontiguousarray(pair_cost, dtype=i64), out)
    return out[0], out[1].astype(bool), out[2]


@jit
def choose_one(value: Any, strength: Any, legal: Any, best_key: int, leading: bool,
               pair_legal: Any, pair_cost: Any) -> tuple[int, bool, int]:
    """The heuristic's play in one deal (see the module docstring), from one row of
    :func:`choose_play`'s arguments: ``(place, is_pair, slot)``. Compiled (it is the inner
    step of the array simulator's loop, :mod:`cardlab.sim.panfin`)."""
    # answering: the cards that take the trick from the card now winning it, if any
    takes = False
    if not leading:
        for j in range(len(legal)):
            if legal[j] and strength[j] > best_key:
                takes = True
    # one choice: leading, the greatest value; answering, the least value among the cards
    # that take the trick, if any, else among the legal cards (the first of equal values)
    place = 0
    best = _FAR
    for j in range(len(legal)):
        if legal[j] and (not takes or strength[j] > best_key):
            score = -value[j] if leading else value[j]
            if score < best:
                place, best = j, score
    is_pair = best == _FAR  # no card may be played alone
    slot = 0
    cheapest = _FAR
    for k in range(len(pair_legal)):
        if pair_legal[k] and pair_cost[k] < cheapest:
            slot, cheapest = k, pair_cost[k]
    return place, is_pair, slot


@jit
def _choose_rows(value: Any, strength: Any, legal: Any, best_key: Any, leading: Any,
                 pair_legal: Any, pair_cost: Any, out: Any) -> None:
    """:func:`choose_one` on each row, into ``out`` ``(3, B)``: place, is_pair, slot."""
    for i in range(legal.shape[0]):
        place, is_pair, slot = choose_one(value[i], strength[i], legal[i], best_key[i],
                                          leading[i], pair_legal[i], pair_cost[i])
        out[0, i] = place
        out[1, i] = 1 if is_pair else 0
        out[2, i] = slot


def hand_places(hand: Any, n_cards: int) -> list[int]:
    """The pack indices of the cards of ``hand`` (a card mask, an int) in pack order,
    padded with ``n_cards`` ("no card") to :data:`HAND_SIZE` places."""
    places = [i for i in range(n_cards) if int(hand) >> i & 1]
    return places + [n_cards] * (HAND_SIZE - len(places))
