"""Pandoeren's card play: ranks, card points, the trick winner and the legal cards (A2.2, A2.3, A2.8).

One card order (:func:`trick_order`, a :class:`~cardlab.engine.tricks.CardOrder` built
from the rank ladders) and one legality function serve legality, the trick winner,
``explain`` and the view alike (STYLE §5). :func:`follow_situation` computes the
sets A2.8 names (F, T, AT, the jas exemption) once; :func:`legal_cards` and
:func:`card_reason` both read them, so the reason given is the rule applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from cardlab.cards import FRENCH_SUIT_NAMES, FRENCH_SUITS, Card, pandoeren_pack
from cardlab.engine.tricks import CardOrder, Play, Trick

__all__ = ["TRUMP_LADDER", "PLAIN_LADDER", "KLAVERJAS_TRUMP_LADDER", "KLAVERJAS_PLAIN_LADDER",
           "TRUMP_POINTS", "PLAIN_POINTS", "LAST_TRICK_BONUS", "ladders", "trick_order",
           "card_points", "trick_points", "PandoerenTrick", "FollowSituation",
           "follow_situation", "legal_cards", "card_reason", "card_name"]

#: A2.2 trumps, high to low: jas (J), nel (9), A, K, Q, 10, 8, 7, (6).
TRUMP_LADDER: Final = ("J", "9", "A", "K", "Q", "10", "8", "7", "6")
#: A2.2 plain suits (every suit in a no-trump contract), high to low.
PLAIN_LADDER: Final = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
#: P-A1 option rank_order="klaverjas" (experimental): the Klaverjas trump and plain orders.
KLAVERJAS_TRUMP_LADDER: Final = ("J", "9", "A", "10", "K", "Q", "8", "7", "6")
KLAVERJAS_PLAIN_LADDER: Final = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
#: A2.3 card points of trumps (sum 60) and of a plain suit (sum 27); others are worth 0.
TRUMP_POINTS: Final = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 3, "Q": 2}
PLAIN_POINTS: Final = {"A": 11, "10": 10, "K": 3, "Q": 2, "J": 1}
#: A2.3 the last trick is worth 5 more.
LAST_TRICK_BONUS: Final = 5

def ladders(rank_order: str = "pandoeren") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A2.2 / P-A1: the (trump, plain) ladders, high to low, under ``rank_order``."""
    if rank_order == "klaverjas":
        return KLAVERJAS_TRUMP_LADDER, KLAVERJAS_PLAIN_LADDER
    return TRUMP_LADDER, PLAIN_LADDER


@cache
def trick_order(trump: str | None, rank_order: str = "pandoeren") -> CardOrder:
    """A2.2 / P-A1 the card order with ``trump`` as trumps (None: a no-trump contract):
    no card changes suit; trumps rank by the trump ladder, every other suit by the plain
    one. The highest trump wins a trick, else the highest card of the led suit
    (:func:`cardlab.engine.tricks.trick_winner`); ``power`` is a card's strength within its
    suit.

    >>> from cardlab.engine.tricks import Play, trick_winner
    >>> plays = [Play(s, Card.parse(c)) for s, c in enumerate(("AH", "9H", "KH", "7H"))]
    >>> trick_winner(plays, trick_order("H")), trick_winner(plays, trick_order(None))
    (1, 0)
    """
    trump_ladder, plain = ladders(rank_order)
    return CardOrder.from_ranks(pandoeren_pack(), plain, trump=trump, trump_ladder=trump_ladder)


def card_points(card: Card, trump: str | None) -> int:
    """A2.3: the card's points (trump values for the trump suit, else plain values)."""
    return (TRUMP_POINTS if card.suit == trump else PLAIN_POINTS).get(card.rank, 0)


def trick_points(cards: Sequence[Card], trump: str | None, last: bool) -> int:
    """A2.3: the card points a completed trick carries: its cards' points, +5 if it is the
    last (eighth) trick.

    >>> from cardlab.cards import Card
    >>> trick_points([Card.parse(c) for c in ("JH", "AS", "10S", "7C")], "H", last=False)
    41
    """
    return sum(card_points(c, trump) for c in cards) + (LAST_TRICK_BONUS if last else 0)


@dataclass(frozen=True)
class PandoerenTrick(Trick):
    """A completed Pandoeren trick (the tricks in ``state.tricks``), with its card points.

    :ivar points: the card points the trick carries (A2.3), the last trick's +5 included;
        the sum over a deal's tricks is the deal's card points in the result. Public: the
        cards of a trick are face up (the declarer's discard is in no trick).
    """

    points: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-able form (the engine's trick dict plus ``points``)."""
        return {**super().as_dict(), "points": self.points}


def card_name(card: Card, trump: str | None = None) -> str:
    """Plain words for a card: ``'jack of hearts (jas)'``, ``'nine of hearts (nel)'``."""
    names = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
             "8": "eight", "7": "seven", "6": "six"}
    text = f"{names[card.rank]} of {FRENCH_SUIT_NAMES[card.suit]}"
    if card.suit == trump and card.rank == "J":
        text += " (jas)"
    elif card.suit == trump and card.rank == "9":
        text += " (nel)"
    return text


@dataclass(frozen=True)
class FollowSituation:
    """The sets A2.8 names for one player facing one trick.

    :ivar led: the suit led (None when leading).
    :ivar exempt: the jas exemption applies (A2.8.3): the jas is set aside.
    :ivar follow: F, the cards of the led suit (without the exempt jas).
    :ivar trumps: T, the trumps (without the exempt jas).
    :ivar allowed_trumps: AT, the trumps the player may play (A2.8.3b).
    :ivar top_trump: the highest trump already in the trick, or None.
    :ivar legal: the legal cards.
    :ivar rule: the rule ID that decided.
    :ivar may_trump: trumping is allowed while able to follow (False: the seed-literal A2.8.5).
    """

    led: str | None
    trump: str | None
    exempt: bool
    follow: tuple[Card, ...]
    trumps: tuple[Card, ...]
    allowed_trumps: tuple[Card, ...]
    top_trump: Card | None
    legal: frozenset[Card]
    rule: str
    may_trump: bool = True


def follow_situation(hand: Sequence[Card], trick: Sequence[Play], trump: str | None,
                     opts: object) -> FollowSituation:
    """A2.8: the legal cards of ``hand`` for ``trick`` under the play options (following
    and trumping by :func:`trick_order`'s effective suit)."""
    if not trick:
        return FollowSituation(None, trump, False, (), (), (), None, frozenset(hand), "A2.8.1")
    order = trick_order(trump, getattr(opts, "rank_order", "pandoeren"))
    suit_of, power = order.suit_of, order.power
    led = suit_of[trick[0].card]
    if trump is None:  # A2.8.2
        follow = tuple(order.of_suit(hand, led))
        legal = frozenset(follow or hand)
        return FollowSituation(led, None, False, follow, (), (), None, legal, "A2.8.2")
    jas = Card("J", trump)
    exempt = bool(getattr(opts, "jas_never_forced", True)) and jas in hand and len(hand) > 1
    h = [c for c in hand if c != jas] if exempt else list(hand)
    trumps = tuple([c for c in h if suit_of[c] == trump])
    may_trump = bool(getattr(opts, "trump_while_able_to_follow", True))
    played_trumps = [p.card for p in trick if suit_of[p.card] == trump]
    top = max(played_trumps, key=power.__getitem__, default=None)
    if led == trump:  # A2.8.3a
        allowed = trumps
        if getattr(opts, "overtrump_on_trump_lead", False) and top is not None:
            higher = tuple([c for c in trumps if power[c] > power[top]])
            allowed = higher or trumps
        legal = frozenset(allowed or h)
        rule = "A2.8.3a"
        follow = trumps
    else:  # A2.8.3b
        follow = tuple([c for c in h if suit_of[c] == led])
        ban = getattr(opts, "undertrump", "forbidden_unless_no_alternative") != "allowed"
        if ban and top is not None:
            allowed = tuple([c for c in trumps if power[c] > power[top]])
        else:
            allowed = trumps
        if follow:
            legal = frozenset(follow + allowed) if may_trump else frozenset(follow)
        else:
            others = tuple([c for c in h if suit_of[c] != trump])
            legal = frozenset(others + allowed) or frozenset(trumps)
        rule = "A2.8.3b" if ban or not top else "A2.8.4"
    if exempt:
        legal = legal | {jas}
    return FollowSituation(led, trump, exempt, follow, trumps, allowed, top, legal, rule,
                           led == trump or may_trump)


def legal_cards(hand: Sequence[Card], trick: Sequence[Play], trump: str | None,
                opts: object) -> frozenset[Card]:
    """A2.8: the cards ``hand`` may play to ``trick``."""
    return follow_situation(hand, trick, trump, opts).legal


def card_reason(card: Card, sit: FollowSituation) -> tuple[bool, str, str, str]:
    """Why ``card`` is legal or not in ``sit``: (legal, plain words, refusal code, rule)."""
    suit_word = FRENCH_SUIT_NAMES
    keep_jas = "; you may keep the jas back" if sit.exempt else ""
    if sit.led is None:
        return True, "you lead: any card may be led", "", "A2.8.1"
    led = suit_word[sit.led]
    if card in sit.legal:
        if sit.exempt and card.rank == "J" and card.suit == sit.trump:
            return True, "the jas is never forced and may always be played", "", "A2.8.3"
        if card.suit == sit.led:
            return True, f"you follow {led}", "", sit.rule
        if sit.trump is not None and card.suit == sit.trump:
            if sit.top_trump is not None and card not in sit.allowed_trumps:
                return True, ("every card you could play undertrumps, so undertrumping is "
                              "allowed"), "", "A2.8.3b"
            return True, f"you may trump (instead of following {led})", "", sit.rule
        return True, f"you have no {led}, so you may discard any card", "", sit.rule
    # illegal
    if sit.trump is None:
        return False, f"you must follow {led}", "must_follow_suit", "A2.8.2"
    if sit.led == sit.trump:
        if card.suit == sit.trump:
            top = card_name(sit.top_trump, sit.trump) if sit.top_trump else "the trick"
            return (False, f"trumps were led and you can beat the {top}: you must overtrump"
                    f"{keep_jas}", "must_overtrump", "A2.8.3a")
        return False, f"trumps were led: you must play a trump{keep_jas}", "must_follow_suit", \
            "A2.8.3a"
    if sit.follow and not sit.may_trump:
        return (False, f"you must follow {led} (trumping is allowed only when you have no "
                f"{led}){keep_jas}", "must_follow_suit", "A2.8.5")
    if card.suit == sit.trump:
        top = card_name(sit.top_trump, sit.trump) if sit.top_trump else "a trump"
        alt = f"follow {led}" if sit.follow else "discard or overtrump"
        return (False, f"the trick is already trumped with the {top}: you may not undertrump "
                f"while you can {alt}{keep_jas}", "no_undertrump", "A2.8.3b")
    if sit.follow:
        return (False, f"you must follow {led} or trump{keep_jas}", "must_follow_suit",
                "A2.8.3b")
    return (False, f"you have no {led}: the trick is trumped and you hold only trumps, so you "
            f"must trump{keep_jas}", "must_trump", "A2.8.3b")


SUIT_ORDER: Final = FRENCH_SUITS
