"""Roem (combinations in hand) and stuk (trump king + queen): A2.10.

Roem is read from the 8 cards a seat holds at the start of trick 1 (P-A15).
Each instance has a strength key for denial: the row of the A2.10 table, then
the top card of a sequence, then the fixed suit order ♠ > ♥ > ♦ > ♣.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from cardlab.cards import Card

__all__ = ["SEQUENCE_ORDER", "ROEM_TABLE", "STUK_VALUE", "RoemInstance", "roem_instances", "team_roem_by_announcers",
           "roem_total", "best_instance", "team_roem_valid", "team_roem", "holds_stuk"]

#: A2.10 sequences run in this order, whether or not the suit is trumps.
SEQUENCE_ORDER: Final = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
#: A2.10 roem table in ascending strength (the order used for denial): (name, value).
ROEM_TABLE: Final = (("sequence of 3", 20), ("sequence of 4", 50), ("sequence of 5", 100),
                     ("four queens", 100), ("four kings", 100), ("four aces", 100),
                     ("sequence of 6", 120), ("sequence of 7", 140), ("sequence of 8", 160),
                     ("four jacks", 200))
#: A2.10 four of a kind scores only for these ranks.
FOUR_OF_A_KIND: Final = {"Q": "four queens", "K": "four kings", "A": "four aces",
                         "J": "four jacks"}
#: A2.10 denial tie-break between equal sequences: ♠ > ♥ > ♦ > ♣ (fixed).
DENIAL_SUIT_ORDER: Final = {"S": 4, "H": 3, "D": 2, "C": 1}
#: A2.10.3 stuk: trump king + queen held by the declarer or the partner.
STUK_VALUE: Final = 20

_ROW = {name: i for i, (name, _) in enumerate(ROEM_TABLE)}
_VALUE = dict(ROEM_TABLE)
_SEQ_POS = {r: i for i, r in enumerate(SEQUENCE_ORDER)}


@dataclass(frozen=True)
class RoemInstance:
    """One combination: its table row name, value, cards and denial strength ``key``."""

    name: str
    value: int
    cards: tuple[Card, ...]
    key: tuple[int, int, int]

    def describe(self) -> str:
        """Plain words, e.g. ``'sequence of 4 in hearts, ace high (50)'``."""
        if self.name.startswith("sequence"):
            from cardlab.cards import FRENCH_RANK_NAMES, FRENCH_SUIT_NAMES

            top = self.cards[0]
            return (f"{self.name} in {FRENCH_SUIT_NAMES[top.suit]}, "
                    f"{FRENCH_RANK_NAMES[top.rank]} high ({self.value})")
        return f"{self.name} ({self.value})"


def _sequence(cards: Sequence[Card]) -> RoemInstance:
    name = f"sequence of {min(len(cards), 8)}"
    top = cards[0]
    key = (_ROW[name], len(SEQUENCE_ORDER) - _SEQ_POS[top.rank], DENIAL_SUIT_ORDER[top.suit])
    return RoemInstance(name, _VALUE[name], tuple(cards), key)


def _runs(hand: Iterable[Card]) -> list[RoemInstance]:
    """A2.10: every maximal run of 3 or more, scored once at its full length."""
    out = []
    by_suit: dict[str, list[Card]] = {}
    for c in hand:
        by_suit.setdefault(c.suit, []).append(c)
    for cards in by_suit.values():
        cards.sort(key=lambda c: _SEQ_POS[c.rank])
        run = [cards[0]]
        following: list[Card | None] = [*cards[1:], None]  # None closes the last run
        for nxt in following:
            if nxt is not None and _SEQ_POS[nxt.rank] == _SEQ_POS[run[-1].rank] + 1:
                run.append(nxt)
                continue
            if len(run) >= 3:
                out.append(_sequence(run))
            if nxt is not None:
                run = [nxt]
    return out


def _fours(hand: Iterable[Card]) -> list[RoemInstance]:
    counts: dict[str, list[Card]] = {}
    for c in hand:
        counts.setdefault(c.rank, []).append(c)
    out = []
    for rank, name in FOUR_OF_A_KIND.items():
        if len(counts.get(rank, ())) == 4:
            out.append(RoemInstance(name, _VALUE[name], tuple(counts[rank]), (_ROW[name], 0, 0)))
    return out


def roem_instances(hand: Iterable[Card], reuse: bool = True) -> list[RoemInstance]:
    """A2.10 / P-A14: the seat's roem. With ``reuse`` a card may count in a four of a kind
    and a sequence; without, the disjoint set of combinations with the largest total
    (sequences shortened around the cards a four of a kind takes)."""
    hand = list(hand)
    fours = _fours(hand)
    if reuse:
        return fours + _runs(hand)
    best: list[RoemInstance] = []
    best_score: tuple[int, tuple[int, int, int]] = (-1, (0, 0, 0))
    for k in range(len(fours) + 1):
        for chosen in combinations(fours, k):
            used = {c for inst in chosen for c in inst.cards}
            found = list(chosen) + _runs(c for c in hand if c not in used)
            score = (roem_total(found), max((i.key for i in found), default=(0, 0, 0)))
            if score > best_score:
                best, best_score = found, score
    return best


def roem_total(instances: Iterable[RoemInstance]) -> int:
    """The total value of some roem instances."""
    return sum(i.value for i in instances)


def best_instance(instances: Iterable[RoemInstance]) -> RoemInstance | None:
    """A2.10 denial: the strongest single instance, or None."""
    return max(instances, key=lambda i: i.key, default=None)


def team_roem_valid(team: Iterable[Iterable[RoemInstance]],
                    bidding_opponents: Iterable[Iterable[RoemInstance]]) -> bool:
    """A2.10 combined outcome: the team's announced roem counts in full iff its best single
    instance beats the best single instance of every opponent who made a bid."""
    team_best = best_instance(i for seat in team for i in seat)
    if team_best is None:
        return False
    for opp in bidding_opponents:
        theirs = best_instance(opp)
        if theirs is not None and theirs.key > team_best.key:
            return False
    return True


def team_roem(roem: Sequence[Sequence[RoemInstance]], announced: Iterable[int],
              deniers: Iterable[int], denial: bool) -> tuple[int, bool]:
    """A2.10.2 the roem a team announced and whether it counts: the sum of the announcing
    seats' roem (``roem[seat]``: that seat's instances at trick 1), counted when above 0
    and, under ``roem_denial`` (``denial``), not beaten by a bidding opponent's
    (:func:`team_roem_valid`; ``deniers``: those opponents' seats). The one place the rule
    is written: the scoring, the batches and the hint's layouts ask it."""
    seats = list(announced)
    total = sum(roem_total(roem[s]) for s in seats)
    counts = total > 0 and (not denial or team_roem_valid([roem[s] for s in seats],
                                                          [roem[s] for s in deniers]))
    return total, counts


def team_roem_by_announcers(roem: Sequence[Sequence[RoemInstance]], declarer: int,
                            partner: int | None, bidders: Collection[int],
                            denial: bool) -> list[int]:
    """A2.10.2 the roem that counts for the declarer's team when its announcers are none /
    the declarer / the partner / both (``partner`` None: no partner): :func:`team_roem` of
    each, the bidding defenders the deniers. What a deal's search or batch reads once at the
    first trick, where who announces is still to come."""
    team = {declarer} if partner is None else {declarer, partner}
    deniers = [s for s in range(len(roem)) if s not in team and s in bidders]
    out = []
    for mask in range(4):
        announced = [s for i, s in enumerate((declarer, partner))
                     if s is not None and mask >> i & 1]
        total, counts = team_roem(roem, announced, deniers, denial)
        out.append(total if counts else 0)
    return out


def holds_stuk(hand: Iterable[Card], trump: str | None) -> bool:
    """A2.10.3: the hand holds the king and the queen of trumps."""
    if trump is None:
        return False
    cards = set(hand)
    return Card("K", trump) in cards and Card("Q", trump) in cards
