"""Panfin's trick phase, "la conquista dei piatti" (B2.10): which cards may be played, and why.

Each judge returns a :class:`~cardlab.engine.action.Verdict` with the real reason,
so ``legal_actions`` (every play whose verdict is legal) and ``explain`` agree by
construction. A play is a tuple of cards: one card, or two for the jokers led
together and for each answer to that double trick (B2.10.4, F-A19). Following, trumping
and beating are by the dominant suit's :func:`~cardlab.games.panfin.rules.trick_order`;
the trick's winner is the engine's :func:`~cardlab.engine.tricks.trick_winner` over it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardlab.cards import ITALIAN_SPECIAL_NAMES, ITALIAN_SUIT_NAMES, Card
from cardlab.engine.action import Verdict
from cardlab.engine.tricks import Play
from cardlab.games.panfin.rules import GOBBO, JOKERS, VECIA, PanfinOptions, trick_order

__all__ = ["TrickPlay", "judge_lead", "judge_follow", "as_plays", "is_double",
           "changes_suit", "suit_change", "with_suit_notes"]

#: one seat's play to a trick: (seat, cards)
TrickPlay = tuple[int, tuple[Card, ...]]
Namer = Callable[[Card], str]


def changes_suit(card: Card, dominant: str | None) -> bool:
    """B2.2 (F-A16): True if ``card``'s suit in the trick phase is not its printed suit: the
    Vecia unless spade is dominant, the Gobbo unless bastoni is."""
    return dominant is not None and (card is VECIA or card is GOBBO) and card.suit != dominant


def suit_change(card: Card, dominant: str | None, *, led: bool = False) -> str:
    """B2.2 (F-A16): plain words naming both suits of a joker that changes suit ('' for any
    other card). ``led``: the card led the trick (so trumps were led).

    >>> text = suit_change(GOBBO, "D")
    >>> text.startswith("the Gobbo (fante of bastoni) is a trump (denari, the dominant suit)")
    True
    >>> text.endswith("in this hand, not a bastoni card (B2.2, F-A16)")
    True
    >>> suit_change(VECIA, "S")
    ''
    """
    if dominant is None or not changes_suit(card, dominant):
        return ""
    printed = ITALIAN_SUIT_NAMES[card.suit]
    the = "the led" if led else "the"
    so = ", so trumps were led" if led else ""
    return (f"{the} {ITALIAN_SPECIAL_NAMES[card.code]} (fante of {printed}) is a trump "
            f"({ITALIAN_SUIT_NAMES[dominant]}, the dominant suit) in this hand, not a {printed} "
            f"card{so} (B2.2, F-A16)")


def with_suit_notes(verdict: Verdict, cards: Sequence[Card], led: Sequence[Card],
                    dominant: str | None) -> Verdict:
    """``verdict`` with the words on every joker of ``cards`` (played) and ``led`` (the
    trick's lead) that changes suit, each naming both suits (B2.2, F-A16)."""
    if dominant is None:
        return verdict
    notes = [suit_change(c, dominant) for c in cards]
    notes += [suit_change(c, dominant, led=True) for c in led]
    extra = [n for n in notes if n and n not in verdict.reason]
    if not extra:
        return verdict
    return Verdict(verdict.legal, "; ".join([verdict.reason, *extra]), verdict.code,
                   verdict.rule)


def is_double(trick: Sequence[TrickPlay]) -> bool:
    """B2.10.4: True if the trick was led with both jokers together."""
    return bool(trick) and len(trick[0][1]) == 2


def judge_lead(hand: Sequence[Card], cards: tuple[Card, ...], options: PanfinOptions,
               gobbo_due: bool, name: Namer, dominant: str | None = None) -> Verdict:
    """B2.10.3 (leading): any card, except that both jokers in hand must lead together
    (``both_jokers_lead="double_trick"``) or the Vecia then the Gobbo on the next lead
    (``"consecutive_forced"``). With ``dominant`` given, a reason about a joker that changes
    suit names both its suits (F-A16)."""
    verdict = _judge_lead(hand, cards, options, gobbo_due, name)
    if dominant is None:
        return verdict
    named = list(cards)
    if verdict.code in ("must_lead_both_jokers", "must_lead_gobbo"):
        named += [c for c in JOKERS if c in hand and c not in cards]  # the jokers it names
    if not (VECIA in named or GOBBO in named):
        return verdict
    return with_suit_notes(verdict, named, (), dominant)


def _judge_lead(hand: Sequence[Card], cards: tuple[Card, ...], options: PanfinOptions,
                gobbo_due: bool, name: Namer) -> Verdict:
    both = VECIA in hand and GOBBO in hand
    if len(cards) == 2:
        if set(cards) != set(JOKERS):
            return Verdict(False, "only the Vecia and the Gobbo are ever led together",
                           "one_card_only", "B2.10.4")
        if options.both_jokers_lead != "double_trick":
            return Verdict(False, "with both_jokers_lead='consecutive_forced' the jokers are "
                           "led one after the other, the Vecia first", "one_card_only",
                           "B2.10.3")
        return Verdict(True, "you hold both jokers and lead them together: the others must "
                       "answer with two cards each, trumps while they have them, and you take "
                       "a double trick (2 piatti)", "", "B2.10.4")
    card = cards[0]
    if both and options.both_jokers_lead == "double_trick":
        return Verdict(False, "you hold both the Vecia and the Gobbo, so you are forced to lead "
                       "them at the same time: play FS FB", "must_lead_both_jokers", "B2.10.3")
    if both and card is not VECIA:
        return Verdict(False, "you hold both jokers: lead the Vecia now and the Gobbo on your "
                       "next lead (both_jokers_lead='consecutive_forced')",
                       "must_lead_both_jokers", "B2.10.3")
    if gobbo_due and GOBBO in hand and card is not GOBBO:
        return Verdict(False, "you led the Vecia last trick while holding the Gobbo: now you "
                       "must lead the Gobbo (both_jokers_lead='consecutive_forced')",
                       "must_lead_gobbo", "B2.10.3")
    return Verdict(True, f"you are on lead and may lead any card: {name(card)}", "", "B2.10.3")


def as_plays(trick: Sequence[TrickPlay]) -> list[Play]:
    """``trick`` as engine plays in order, a two-card play as two plays of one seat (so
    :func:`~cardlab.engine.tricks.trick_winner` and ``CardOrder.best`` read it: B2.10.5
    the highest trump wins, else the highest card of the led suit)."""
    return [Play(seat, c) for seat, cards in trick for c in cards]


def judge_follow(hand: Sequence[Card], cards: tuple[Card, ...], trick: Sequence[TrickPlay],
                 dominant: str | None, options: PanfinOptions, name: Namer) -> Verdict:
    """B2.10.3 / B2.10.4: an answer to the trick so far. A reason that involves a joker that
    changes suit (played, or leading the trick) names both its suits (F-A16)."""
    verdict = _judge_follow(hand, cards, trick, dominant, options, name)
    led = trick[0][1]
    named = list(cards)
    if not verdict.legal and len(cards) == 1 and not is_double(trick):
        # a refused card: the jokers it should have been (must trump, overtrump, beat)
        named += [c for c in JOKERS if c in hand and c not in cards and changes_suit(
            c, dominant) and _judge_follow(hand, (c,), trick, dominant, options, name).legal]
    if not (VECIA in named or GOBBO in named or VECIA in led or GOBBO in led):
        return verdict
    return with_suit_notes(verdict, named, led, dominant)


def _judge_follow(hand: Sequence[Card], cards: tuple[Card, ...], trick: Sequence[TrickPlay],
                  dominant: str | None, options: PanfinOptions, name: Namer) -> Verdict:
    if is_double(trick):
        return _judge_double_answer(hand, cards, dominant, name)
    if len(cards) != 1:
        return Verdict(False, "answer with one card: only the jokers' double trick is answered "
                       "with two", "wrong_card_count", "B2.10.4")
    card = cards[0]
    led = trick[0][1][0]
    order = trick_order(dominant)
    led_suit = order.effective_suit(led)
    assert led_suit is not None  # every Treviso card has a suit
    trump_led = order.is_trump(led)
    suit_word = "trump" if trump_led else f"{led_suit} (the led suit)"
    same = order.of_suit(hand, led_suit)  # B2.10.3 following by effective suit
    if same:
        return _judge_respond(card, same, trick, led, led_suit, trump_led, dominant, options,
                              suit_word, name)
    return _judge_void(hand, card, trick, led_suit, dominant, options, name)


def _judge_respond(card: Card, same: list[Card], trick: Sequence[TrickPlay], led: Card,
                   led_suit: str, trump_led: bool, dominant: str | None,
                   options: PanfinOptions, suit_word: str, name: Namer) -> Verdict:
    """B2.10.3 "rispondere": holding the led suit you must play it, and beat if you can."""
    if card not in same:
        extra = "" if trump_led else "; while you hold it you may not play a trump or a joker"
        return Verdict(False, f"{name(led)} was led and you hold {suit_word}: you must answer "
                       f"(rispondere) with it{extra}", "must_follow_suit", "B2.10.3")
    order = trick_order(dominant)
    best = order.top((c for _, cs in trick for c in cs), led_suit)
    if options.beat_reference == "led_card":
        target, what = led, f"the led card, {name(led)} (beat_reference='led_card')"
    else:
        target, what = best, f"the winning card, {name(best)}"
    can_beat = [c for c in same if order.beats(c, target, led_suit)]
    # following can beat only a card of the led suit, never a trump played on a plain lead
    if order.effective_suit(target) == led_suit and can_beat:
        if card not in can_beat:
            return Verdict(False, f"you must answer with a card that beats {what}: "
                           + " ".join(c.code for c in can_beat), "must_beat", "B2.10.3")
        return Verdict(True, f"you answer the led suit and beat {what}", "", "B2.10.3")
    if order.effective_suit(best) != led_suit:
        why = "the trick is already trumped, so any card of the led suit will do"
    else:
        why = f"you cannot beat {what}, so any card of the led suit will do"
    return Verdict(True, f"you answer {suit_word}: {why}", "", "B2.10.3")


def _judge_void(hand: Sequence[Card], card: Card, trick: Sequence[TrickPlay], led_suit: str,
                dominant: str | None, options: PanfinOptions, name: Namer) -> Verdict:
    """B2.10.3 / F-A18: void in a plain led suit, you must trump and overtrump if you can."""
    order = trick_order(dominant)
    trumps = [c for c in hand if order.is_trump(c)]
    if not trumps:
        return Verdict(True, "you hold neither the led suit nor a trump: any card", "",
                       "B2.10.3")
    if not options.must_trump_when_void:
        return Verdict(True, "you hold no card of the led suit: any card "
                       "(must_trump_when_void=False)", "", "F-A18")
    if card not in trumps:
        return Verdict(False, "you hold no card of the led suit, so you must play a trump "
                       "(a dominant-suit card or a joker): " + " ".join(c.code for c in trumps),
                       "must_trump", "B2.10.3")
    played = [c for _, cs in trick for c in cs if order.is_trump(c)]
    if options.must_overtrump and played:
        top = max(played, key=lambda c: order.key(c, led_suit))
        over = [c for c in trumps if order.beats(c, top, led_suit)]
        if over and card not in over:
            return Verdict(False, f"you must overtrump {name(top)} when you can: "
                           + " ".join(c.code for c in over), "must_overtrump", "F-A18")
        if over:
            return Verdict(True, f"void in the led suit, you overtrump {name(top)}", "",
                           "F-A18")
        return Verdict(True, f"void in the led suit, you must trump; none of your trumps beats "
                       f"{name(top)}, so any trump will do", "", "F-A18")
    return Verdict(True, "void in the led suit, you trump", "", "B2.10.3")


def _judge_double_answer(hand: Sequence[Card], cards: tuple[Card, ...], dominant: str | None,
                         name: Namer) -> Verdict:
    """B2.10.4 (F-A19): answer the jokers' double lead with two cards, trumps while you have any."""
    if len(cards) != 2:
        return Verdict(False, "both jokers were led together: answer with two cards "
                       "(e.g. play 5D 7C)", "wrong_card_count", "B2.10.4")
    order = trick_order(dominant)
    trumps = [c for c in hand if order.is_trump(c)]
    need = min(2, len(trumps))
    have = sum(1 for c in cards if order.is_trump(c))
    if have < need:
        return Verdict(False, f"both jokers were led: you must answer with trumps while you have "
                       f"them ({need} of: " + " ".join(c.code for c in trumps) + ")",
                       "must_trump", "B2.10.4")
    return Verdict(True, "you answer the jokers' double lead with two cards "
                   + ("(trumps, as you must)" if need else "(you hold no trump)"), "", "B2.10.4")
