"""The heuristic Panfin player's card play, written once for one deal and for a batch.

The scalar :class:`~cardlab.bots.panfin.HeuristicBot` asks :func:`choose_play` on a
one-row array (its own hand, the trick it sees, its legal plays); the array simulator
(:mod:`cardlab.sim.panfin`) asks the same function on a whole batch of deals, so the
"heuristic" level is one player in every play position (#30).

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

__all__ = ["PAIR_SLOTS", "TRUMP_VALUE", "keep_values", "pair_costs", "choose_play", "hand_places"]

#: the pair plays as places in the hand (its cards in pack order), in the engine's order
PAIR_SLOTS = tuple(combinations(range(HAND_SIZE), 2))
#: what a trump (or joker) is worth to keep above its trump rank: more than any plain card
TRUMP_VALUE = 20
#: larger than any value or trick key: a card that may not be played never wins a choice
_FAR = np.int64(1 << 40)


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
    """The heuristic's play in each row (see the module docstring).

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
    leading = np.asarray(leading)[:, None]
    takes = legal & (strength > np.asarray(best_key)[:, None])
    # one choice per row: leading, the greatest value (the least of its negative);
    # answering, the least value among the cards that take the trick, if any
    pool = np.where(leading | ~_any(takes)[:, None], legal, takes)
    place = np.argmin(np.where(pool, np.where(leading, -value, value), _FAR), axis=1)
    is_pair = ~_any(legal)
    slot = np.argmin(np.where(pair_legal, pair_cost, _FAR), axis=1) if pair_legal.any() \
        else np.zeros(len(legal), dtype=np.int64)
    return np.asarray(place), np.asarray(is_pair), np.asarray(slot)


def _any(mask: np.ndarray) -> np.ndarray:
    """``mask.any(axis=1)`` over a few columns, column by column (a reduction along a
    short axis is several times slower in numpy)."""
    out = mask[:, 0].copy()
    for j in range(1, mask.shape[1]):
        out |= mask[:, j]
    return np.asarray(out)


def hand_places(hand: Any, n_cards: int) -> list[int]:
    """The pack indices of the cards of ``hand`` (a card mask, an int) in pack order,
    padded with ``n_cards`` ("no card") to :data:`HAND_SIZE` places."""
    places = [i for i in range(n_cards) if int(hand) >> i & 1]
    return places + [n_cards] * (HAND_SIZE - len(places))
