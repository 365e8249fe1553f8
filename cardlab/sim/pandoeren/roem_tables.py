"""Roem (A2.10) of a whole batch of hands at once, read from tables the game's own rules fill.

A hand's roem is what :func:`cardlab.games.pandoeren.roem.roem_instances` finds in it: the
batch needs its total and the denial key of its best instance (``RoemInstance.key`` as one
number, :func:`key_number`; -1 for a hand without roem). Calling the rule on every hand of a
study costs tens of microseconds a hand, so :class:`RoemTables` calls it once per *holding
of one suit* (at most ``2**9`` a suit) and once per four of a kind, and a hand's facts are
put together from them:

* a sequence lies within one suit, so a hand without a four of a kind has the roem of its
  suits: the total is the sum of theirs and the best key the greatest;
* with ``roem_card_reuse`` (P-A14) a four of a kind counts beside the sequences, so it
  adds its own total and key the same way;
* without reuse the rule chooses between a four and the sequences it cuts: those few
  hands (about one in 150) are asked of the rule itself.

The roem a team counts (A2.10.2, denial by the bidding opponents) is the kernel's
:func:`~cardlab.games.pandoeren.kernel.team_roem_counted` on these facts
(:func:`team_roem_table`). ``tests/sim/test_pandoeren_speed_roem.py`` checks the facts
against the rule hand by hand and the team's roem against
:func:`~cardlab.games.pandoeren.roem.team_roem`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.games.pandoeren import kernel as K

__all__ = ["RoemTables", "roem_tables_for", "key_number", "team_roem_table"]

#: the radix of :func:`key_number` (every part of a denial key is below it)
_RADIX = 1000


def key_number(key: tuple[int, ...] | None) -> int:
    """A denial key (``RoemInstance.key``) as one number in the same order; -1 for none."""
    if key is None:
        return -1
    out = 0
    for part in key:
        assert 0 <= part < _RADIX, key
        out = out * _RADIX + part
    return out


def _facts(cards: Sequence[Any], reuse: bool) -> tuple[int, int]:
    """``(total, best key number)`` of the roem the rules find in ``cards``."""
    from cardlab.games.pandoeren.roem import best_instance, roem_instances, roem_total

    inst = roem_instances(cards, reuse)
    best = best_instance(inst)
    return roem_total(inst), key_number(None if best is None else best.key)


class RoemTables:
    """The roem facts of every holding of one suit and of every four of a kind, for one
    pack and one ``roem_card_reuse`` (module docstring)."""

    def __init__(self, deck: Sequence[Any], reuse: bool) -> None:
        self.deck, self.reuse = list(deck), reuse
        suits = sorted({c.suit for c in self.deck}, key=[c.suit for c in self.deck].index)
        #: per suit: its cards' indices in the pack, in pack order
        self.members: list[np.ndarray] = []
        #: per suit: the first index when its cards lie together in the pack (else -1)
        self.start: list[int] = []
        #: per suit, per holding (bit j = its j-th card): the roem's total and best key
        self.total: list[np.ndarray] = []
        self.best: list[np.ndarray] = []
        for s in suits:
            idx = [i for i, c in enumerate(self.deck) if c.suit == s]
            self.members.append(np.array(idx, dtype=np.uint64))
            self.start.append(idx[0] if idx == list(range(idx[0], idx[0] + len(idx))) else -1)
            facts = [_facts([self.deck[i] for j, i in enumerate(idx) if h >> j & 1], reuse)
                     for h in range(1 << len(idx))]
            self.total.append(np.array([f[0] for f in facts], dtype=np.int64))
            self.best.append(np.array([f[1] for f in facts], dtype=np.int64))
        # the fours of a kind that score: the mask of the four cards, their total and key
        fours = []
        for rank in sorted({c.rank for c in self.deck}):
            cards = [c for c in self.deck if c.rank == rank]
            if len(cards) == len(suits):
                total, best = _facts(cards, reuse)
                if total > 0:
                    mask = sum(1 << self.deck.index(c) for c in cards)
                    fours.append((mask, total, best))
        self.four_mask = np.array([f[0] for f in fours], dtype=np.uint64)
        self.four_total = np.array([f[1] for f in fours], dtype=np.int64)
        self.four_best = np.array([f[2] for f in fours], dtype=np.int64)
        self._memo: dict[int, tuple[int, int]] = {}

    def _holding(self, s: int, masks: np.ndarray) -> np.ndarray:
        """The holding of suit ``s`` in each mask: bit j = the suit's j-th card."""
        members = self.members[s]
        if self.start[s] >= 0:
            return np.asarray((masks >> np.uint64(self.start[s]))
                              & np.uint64((1 << members.size) - 1)).astype(np.int64)
        out = np.zeros(masks.shape, dtype=np.int64)
        for j, i in enumerate(members):
            out |= ((masks >> i) & np.uint64(1)).astype(np.int64) << j
        return out

    def facts(self, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(total, best)``: each hand's roem total and its best instance's key number
        (-1: no roem), for hands ``masks`` (``uint64``, any shape): ``roem_instances`` of
        the hand, read from the tables."""
        masks = np.asarray(masks, dtype=np.uint64)
        total = np.zeros(masks.shape, dtype=np.int64)
        best = np.full(masks.shape, -1, dtype=np.int64)
        for s in range(len(self.members)):
            h = self._holding(s, masks)
            total += self.total[s][h]
            best = np.maximum(best, self.best[s][h])
        # the fours of a kind, one at a time (there are few)
        has = [(masks & m) == m for m in self.four_mask]
        if self.reuse:  # P-A14: a four counts beside the sequences
            for held, four_total, four_best in zip(has, self.four_total, self.four_best,
                                                   strict=True):
                total += held * four_total
                best = np.maximum(best, np.where(held, four_best, -1))
            return total, best
        if not has:
            return total, best
        for at in zip(*np.nonzero(np.logical_or.reduce(has)), strict=True):  # the rule chooses
            total[at], best[at] = self._one(int(masks[at]))
        return total, best

    def _one(self, mask: int) -> tuple[int, int]:
        """The rule's own facts for one hand (memoised)."""
        got = self._memo.get(mask)
        if got is None:
            got = self._memo[mask] = _facts(
                [c for i, c in enumerate(self.deck) if mask >> i & 1], self.reuse)
        return got


@lru_cache(maxsize=8)
def roem_tables_for(deck: tuple[Any, ...], reuse: bool) -> RoemTables:
    """The (cached) :class:`RoemTables` of a pack and ``roem_card_reuse``."""
    return RoemTables(deck, reuse)


def team_roem_table(total: np.ndarray, best: np.ndarray, declarer: np.ndarray,
                    partner: np.ndarray, bidders: np.ndarray, denial: bool) -> np.ndarray:
    """``(B, 4)`` the roem that counts for the declaring side (A2.10.2) when the announcers
    are none / the declarer / the partner / both (column ``bit0 declarer + 2 * bit1
    partner``), as the batch's ``roem_counted``: from each seat's roem facts ``total``,
    ``best`` ``(B, 4)`` (:meth:`RoemTables.facts`), the ``declarer``, the ``partner`` (-1:
    none) and the seats that made a bid (``bidders`` ``(B, 4)``, the deniers among the
    opponents), by the kernel's
    :func:`~cardlab.games.pandoeren.kernel.team_roem_counted`."""
    rows = np.arange(total.shape[0])
    seats = np.arange(4)
    has_p = partner >= 0
    p = np.maximum(partner, 0)
    team = (seats == declarer[:, None]) | (has_p[:, None] & (seats == p[:, None]))
    denier = np.where(bidders & ~team, best, -1)
    denier_best = np.maximum(np.maximum(denier[:, 0], denier[:, 1]),
                             np.maximum(denier[:, 2], denier[:, 3]))
    # each announcer's roem: the declarer's, the partner's (none without a partner)
    total_d, best_d = total[rows, declarer], best[rows, declarer]
    total_p, best_p = np.where(has_p, total[rows, p], 0), np.where(has_p, best[rows, p], -1)
    out = np.zeros((total.shape[0], 4), dtype=np.int64)
    for mask, sum_, top in ((1, total_d, best_d), (2, total_p, best_p),
                            (3, total_d + total_p, np.maximum(best_d, best_p))):
        counts = K.team_roem_counted(sum_, top, denier_best, denial)
        out[:, mask] = np.where(counts, sum_, 0)
    return out
