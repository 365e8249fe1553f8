"""Dealing: seeded pack orders, packet schedules, and checking stacked deals.

Games say *how* they deal as data (a schedule of ``(recipient, count)``
packets); this module only walks the pack along the schedule, and checks that
a stacked deal uses every card exactly once with the right counts.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence

from cardlab.cards import Card, Deck, format_cards
from cardlab.engine.rng import shuffled
from cardlab.errors import IllegalAction

__all__ = ["pack_order", "deal_by_schedule", "packet_schedule", "check_partition"]


def pack_order(deck: Deck, *, seed: int | None = None, order: str | Iterable[str | Card] | None = None
               ) -> list[Card]:
    """The pack top card first: shuffled from ``seed``, or ``order`` as given (checked)."""
    if order is not None:
        cards = deck.parse_many(order)
        check_partition(deck, {"deck": cards}, {"deck": len(deck)})
        return cards
    if seed is None:
        raise ValueError("a deal needs seed=, deck= or the stacked cards")
    return shuffled(deck, seed)


def packet_schedule(recipients: Sequence[Hashable], rounds: Sequence[tuple[int, int]],
                    extra: Hashable = "kitty") -> list[tuple[Hashable, int]]:
    """A schedule of packets: each round gives ``n`` cards to each recipient in turn,
    then ``k`` to ``extra`` (the kitty, the middle …).

    >>> packet_schedule(["N", "E"], [(3, 1), (2, 0)])
    [('N', 3), ('E', 3), ('kitty', 1), ('N', 2), ('E', 2)]
    """
    out: list[tuple[Hashable, int]] = []
    for per_player, to_extra in rounds:
        out += [(r, per_player) for r in recipients if per_player]
        if to_extra:
            out.append((extra, to_extra))
    return out


def deal_by_schedule(cards: Sequence[Card], schedule: Iterable[tuple[Hashable, int]]
                     ) -> dict[Hashable, list[Card]]:
    """Walk ``cards`` (top first) along the schedule; return each recipient's cards."""
    out: dict[Hashable, list[Card]] = {}
    pos = 0
    for who, count in schedule:
        out.setdefault(who, []).extend(cards[pos:pos + count])
        pos += count
    if pos != len(cards):
        raise ValueError(f"the schedule deals {pos} cards but the pack has {len(cards)}")
    return out


def check_partition(deck: Deck, parts: Mapping[str, Sequence[Card]],
                    counts: Mapping[str, int], *, rule: str = "") -> None:
    """Check a stacked deal: each named part has its count, no card twice, none missing.

    :raises IllegalAction: ``wrong_count``, ``duplicate_card`` or ``missing_card``,
        naming the part and the cards.
    """
    seen: dict[Card, str] = {}
    for name, cards in parts.items():
        want = counts.get(name)
        if want is not None and len(cards) != want:
            raise IllegalAction(f"{name} has {len(cards)} cards ({format_cards(cards)}); "
                                f"expected {want}", code="wrong_count", rule=rule)
        for c in cards:
            if c not in deck:
                raise IllegalAction(f"card '{c}' in {name} is not in the {deck.title}",
                                    code="card_not_in_pack", rule=rule)
            if c in seen:
                raise IllegalAction(f"card '{c}' appears twice (in {seen[c]} and {name})",
                                    code="duplicate_card", rule=rule)
            seen[c] = name
    missing = [c for c in deck if c not in seen]
    if missing:
        raise IllegalAction(f"the deal is missing {len(missing)} card(s): {format_cards(missing)}",
                            code="missing_card", rule=rule)
