"""Five Hundred's card play (5H-7): which cards may be played now, and why.

The decision is the kernel's :func:`~cardlab.games.five_hundred.kernel.legal_mask` (5H-7.1
follow the effective suit, 5H-7.2 the bowers, 5H-7.3 the joker J1-J6) over the card masks
of the contract's order (:class:`ContractRules`, a :class:`~cardlab.engine.tricks.CardOrder`,
5H-3.4, as :func:`~cardlab.games.five_hundred.rules.order_table`); this module adds the plain-words reasons. The
trick winner is the engine's :func:`~cardlab.engine.tricks.trick_winner` over the order
(5H-7.1). A play is ``(card, named)`` where ``named`` is the suit a leader names for an
unnominated joker in NT or misère (``play JK H``), else None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from cardlab.cards import Card, Deck
from cardlab.engine.action import Verdict
from cardlab.games.five_hundred.kernel import follow_mask, legal_mask
from cardlab.games.five_hundred.rules import (
    SUIT_PLURAL,
    SUIT_WORD,
    SUITS,
    TRICKS,
    ContractRules,
    FiveHundredOptions,
    order_table,
    play_flags,
)

__all__ = ["PlayContext", "legal_plays", "judge_play", "suit_change", "changes_suit"]


class PlayContext:
    """What the rules of play need to know about the seat to move (a plain slotted record,
    made for every decision, so it is kept cheap).

    :ivar led: the trick's suit (None when leading).
    :ivar trick_no: 1…10.
    :ivar suits_led: suits led so far this deal (a joker lead counts as its named suit).
    :ivar shown_void: suits this seat has failed to follow.
    :ivar misere: the contract is a misère of any kind.
    :ivar led_card: the card that led the trick (None when leading), so that a reason can
        say when it changed suit (a left bower led leads trumps).
    """

    __slots__ = ("rules", "options", "deck", "hand", "led", "trick_no", "suits_led",
                 "shown_void", "misere", "led_card")

    def __init__(self, rules: ContractRules, options: FiveHundredOptions, deck: Deck,
                 hand: tuple[Card, ...], led: str | None, trick_no: int,
                 suits_led: frozenset[str], shown_void: frozenset[str], misere: bool,
                 led_card: Card | None = None) -> None:
        self.rules = rules
        self.options = options
        self.deck = deck
        self.hand = hand
        self.led = led
        self.trick_no = trick_no
        self.suits_led = suits_led
        self.shown_void = shown_void
        self.misere = misere
        self.led_card = led_card


def _free_jokers(ctx: PlayContext) -> list[Card]:
    """The unnominated jokers in hand (no suit: 5H-7.3)."""
    return [c for c in ctx.hand if ctx.rules.suit_of[c] is None]


@lru_cache(maxsize=64)
def _suit_bits(suits: frozenset[str]) -> int:
    """Suits as bits 0-3 (``SUITS`` order), as the kernel reads them."""
    return sum(1 << k for k, s in enumerate(SUITS) if s in suits)


#: id of a deck, contract order or options → (that object, what is made of it): the tables
#: the kernel is asked with, made once per object (hashing a 43-card pack or a 30-field
#: options record on every card played costs more than the rule itself)
_MADE: dict[int, tuple[Any, Any]] = {}


def _once(obj: Any, make: Callable[[], Any]) -> Any:
    hit = _MADE.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    if len(_MADE) > 1024:  # bounded: many games under many options
        _MADE.clear()
    value = make()
    _MADE[id(obj)] = (obj, value)  # holds obj, so its id is not reused while here
    return value


def _card_bits(deck: Deck) -> dict[Card, int]:
    return {c: 1 << i for i, c in enumerate(deck)}


def _legal_masks(ctx: PlayContext) -> tuple[int, int]:
    """The kernel's decision for the seat to move: the legal cards (mask, bit ``i`` =
    ``deck[i]``) and the suits a led unnominated joker may name (bits 0-3)."""
    table = _once(ctx.rules, lambda: order_table(ctx.deck, ctx.rules))
    bits = _once(ctx.deck, lambda: _card_bits(ctx.deck))
    hand = 0
    for c in ctx.hand:
        hand |= bits[c]
    led = ctx.led
    if not hand & table.free_jokers:
        # no unnominated joker in hand: legal_mask is follow_mask (and names no suit), so
        # ask the kernel the shorter question (the batch does the same)
        return follow_mask(hand, 0 if led is None else table.suit_masks[SUITS.index(led)],
                           led is None), 0
    return legal_mask(hand, 0 if led is None else table.suit_masks[SUITS.index(led)],
                      led is None, table.free_jokers, _suit_bits(ctx.suits_led),
                      _suit_bits(ctx.shown_void), ctx.trick_no, ctx.misere,
                      _once(ctx.options, lambda: play_flags(ctx.options)))


def legal_plays(ctx: PlayContext) -> list[tuple[Card, str | None]]:
    """5H-7.1-5H-7.3 every legal play now, cards in the hand's (the pack's) order, a led
    unnominated joker once per suit it may name (:func:`~cardlab.games.five_hundred.kernel.legal_mask`)."""
    cards, names = _legal_masks(ctx)
    bits = _once(ctx.deck, lambda: _card_bits(ctx.deck))
    suit_of = ctx.rules.suit_of
    out: list[tuple[Card, str | None]] = []
    for c in ctx.hand:
        if cards & bits[c]:
            if ctx.led is None and suit_of[c] is None:
                out += [(c, s) for k, s in enumerate(SUITS) if names >> k & 1]
            else:
                out.append((c, None))
    return out


def _joker_lead_refusal(ctx: PlayContext) -> Verdict | None:
    """5H-7.3 J5/J6: the words for a joker that may not lead now (None: it may lead, naming
    only some suits). Which plays are legal is the kernel's; this picks the reason."""
    o = ctx.options
    if ctx.trick_no >= TRICKS:
        return None
    if o.joker_lead_only_last_trick:
        return Verdict(False, "under this variation the joker may be led only at the last "
                       "trick", "joker_lead_only_last_trick", "5H-7.3 J6")
    if len(ctx.suits_led) == 4 and o.joker_after_all_suits_led != "none":
        return Verdict(False, "all four suits have been led, so the joker may not be led "
                       "before the last trick", "joker_after_all_suits_led", "5H-7.3 J5")
    return None


def _name(deck: Deck, rules: ContractRules, card: Card) -> str:
    """``'the jack of diamonds (left bower)'``-style words for a card in this contract."""
    text = f"the {deck.name(card)}"
    if card.rank == "J" and rules.trump is not None and rules.suit_of[card] == rules.trump:
        text += " (right bower)" if card.suit == rules.trump else " (left bower)"
    return text


def changes_suit(rules: ContractRules, card: Card) -> bool:
    """5H-3.4: True if ``card``'s effective suit is not its printed suit (the left bower, the
    joker in a trump contract or once nominated, the four of the trump colour)."""
    eff = rules.suit_of[card]
    return eff is not None and eff != card.suit


def suit_change(deck: Deck, rules: ContractRules, card: Card, *, led: bool = False) -> str:
    """5H-3.1 / 5H-3.4 / 5H-6.3: plain words naming both suits of a card that changes suit,
    '' for any other card. ``led``: the card led the trick (so its suit is the trick's).

    >>> import cardlab
    >>> game = cardlab.load("five_hundred")
    >>> print(suit_change(game.deck, game.contract_rules("S", None), game.deck.parse("JC")))
    the jack of clubs is the left bower: a trump (spades) in this hand, not a club (5H-3.1)
    """
    if not changes_suit(rules, card):
        return ""
    eff = rules.suit_of[card] or ""
    the = f"the led {deck.name(card)}" if led else f"the {deck.name(card)}"
    if rules.trump is None:  # NT and misère: a nominated joker (5H-6.3, J7)
        so = f", so {SUIT_PLURAL[eff]} were led" if led else ""
        return (f"{the} was nominated as a {SUIT_WORD[eff]}: it belongs to {SUIT_PLURAL[eff]} "
                f"in this hand, the highest {SUIT_WORD[eff]} and not a trump{so} (5H-6.3)")
    so = ", so trumps were led" if led else ""
    if card.is_joker:
        return (f"{the} belongs to the trump suit: the highest trump ({SUIT_PLURAL[eff]}) in "
                f"this hand{so} (5H-3.1)")
    if card.rank == "J":
        return (f"{the} is the left bower: a trump ({SUIT_PLURAL[eff]}) in this hand, not a "
                f"{SUIT_WORD[card.suit]}{so} (5H-3.1)")
    return (f"{the} is the four of the trump colour: a trump ({SUIT_PLURAL[eff]}) in this "
            f"hand, not a {SUIT_WORD[card.suit]}{so} (5H-2)")


def _with_suit_notes(ctx: PlayContext, verdict: Verdict, cards: Sequence[Card]) -> Verdict:
    """Add to ``verdict`` the words on every card of ``cards`` (and the led card) whose
    effective suit is not its printed suit, each naming both suits (5H-3.4)."""
    rules, deck = ctx.rules, ctx.deck
    notes = [suit_change(deck, rules, c) for c in cards]
    if ctx.led_card is not None:
        notes.append(suit_change(deck, rules, ctx.led_card, led=True))
    extra = []
    for note in notes:
        if note and note not in verdict.reason and note not in extra:
            extra.append(note)
    if not extra:
        return verdict
    return Verdict(verdict.legal, "; ".join([verdict.reason, *extra]), verdict.code,
                   verdict.rule)


def judge_play(ctx: PlayContext, card: Card, named: str | None) -> Verdict:
    """5H-7 the verdict on playing ``card`` (naming ``named`` for a joker lead), with reasons.

    A reason that involves a card whose effective suit is not its printed suit (the card
    played, the card led, or a card the player must follow with) names both suits."""
    if card not in ctx.hand:
        return Verdict(False, f"you do not hold the {ctx.deck.name(card)}", "card_not_held",
                       "5H-7.1")
    verdict = _judge_held(ctx, card, named)
    rules = ctx.rules
    also: list[Card] = [card]
    if ctx.led is not None:
        # cards of the led suit's print that do not follow it (5H-7.2), then, for a refusal,
        # the cards that must follow
        also += [c for c in ctx.hand if c.suit == ctx.led and changes_suit(rules, c)]
        if not verdict.legal:
            also += [c for c in ctx.hand if rules.suit_of[c] == ctx.led]
    return _with_suit_notes(ctx, verdict, also)


def _judge_held(ctx: PlayContext, card: Card, named: str | None) -> Verdict:
    rules = ctx.rules
    legal = legal_plays(ctx)
    free_joker = rules.suit_of[card] is None
    if named is not None and not free_joker:
        why = ("in a trump contract the joker is simply the highest trump"
               if card.is_joker and rules.trump else
               "the joker was nominated before the lead and belongs to its suit"
               if card.is_joker else "only a joker led in NT or misère names a suit")
        return Verdict(False, f"no suit can be named here: {why}", "no_suit_to_name",
                       "5H-7.3 J7" if card.is_joker else "5H-7.3 J4")
    if free_joker:
        return _judge_free_joker(ctx, card, named, legal)
    if (card, None) in legal:
        bower = rules.trump is not None and (card.is_joker or card.rank == "J") and (
            rules.suit_of[card] == rules.trump)
        return Verdict(True, _legal_reason(ctx, card), "", "5H-7.2" if bower else "5H-7.1")
    # illegal plain card
    if ctx.led is not None:
        follow = [c for c in ctx.hand if rules.suit_of[c] == ctx.led]
        if follow:
            return _must_follow(ctx, card, follow)
        jokers = _free_jokers(ctx)
        if jokers:
            return Verdict(False, f"you hold no {SUIT_WORD[ctx.led]} but you hold the joker: in "
                           "misère a player void in the suit led must play the joker, and it "
                           "wins the trick", "must_play_joker", "5H-7.3 J3")
    return Verdict(False, "that card may not be played now", "illegal_play", "5H-7.1")


def _must_follow(ctx: PlayContext, card: Card, follow: Sequence[Card]) -> Verdict:
    rules, deck = ctx.rules, ctx.deck
    led = ctx.led or ""
    names = ", ".join(_name(deck, rules, c) for c in follow)
    trump = rules.trump
    if trump is not None:
        if led == trump and all(changes_suit(rules, c) for c in follow):
            only = (f"your only trump is {names}, so you must play it" if len(follow) == 1
                    else f"your only trumps are {names}, so you must play one of them")
            return Verdict(False, f"{SUIT_PLURAL[trump]} (trumps) were led and {only}",
                           "must_follow_suit", "5H-7.2")
        if changes_suit(rules, card) and card.suit == led:
            return Verdict(False, f"{suit_change(deck, rules, card)}, so it is a "
                           f"{SUIT_WORD[trump]} this deal and does not follow "
                           f"{SUIT_PLURAL[led]}; {SUIT_PLURAL[led]} were led and you hold "
                           f"{names}, so you must follow with one", "must_follow_suit", "5H-7.2")
    return Verdict(False, f"{SUIT_PLURAL[led]} were led and you hold {names}, so you must "
                   "follow suit", "must_follow_suit", "5H-7.1")


def _legal_reason(ctx: PlayContext, card: Card) -> str:
    rules, deck = ctx.rules, ctx.deck
    name = _name(deck, rules, card)
    if ctx.led is None:
        return f"you are on lead and may lead any card: {name}"
    led = ctx.led
    s = rules.suit_of[card]
    if s == led:  # a card that changes suit gets its words from _with_suit_notes
        trumps = " (trumps)" if led == rules.trump else ""
        return f"{SUIT_PLURAL[led]}{trumps} were led and {name} follows suit"
    trumping = " and trumps the trick" if rules.trump is not None and s == rules.trump else ""
    return (f"you hold no {SUIT_WORD[led]} ({SUIT_PLURAL[led]} were led), so you may play any "
            f"card: {name}{trumping}")


def _judge_free_joker(ctx: PlayContext, card: Card, named: str | None,
                      legal: list[tuple[Card, str | None]]) -> Verdict:
    """5H-7.3 J1-J6: the unnominated joker in NT and misère."""
    if ctx.led is None:
        suits = [s for c, s in legal if c == card]
        refusal = _joker_lead_refusal(ctx)
        if (card, named) in legal:
            return Verdict(True, f"you lead the joker and name {SUIT_PLURAL[named or '']}: the "
                           f"others must follow {SUIT_PLURAL[named or '']} if they can, and the "
                           "joker wins the trick", "", "5H-7.3 J4")
        if refusal is not None and (card, named) not in legal:
            return refusal
        if named is None:
            shown = " ".join(f"'play {card} {s}'" for s in suits)
            return Verdict(False, "leading the joker in NT or misère you must name the suit the "
                           f"others must follow: {shown}", "joker_needs_suit", "5H-7.3 J4")
        if ctx.options.joker_lead_nomination == "unled_suits":
            return Verdict(False, f"{SUIT_PLURAL[named]} have already been led this deal; the "
                           "joker may name only a suit not yet led", "suit_already_led",
                           "5H-7.3 J4")
        return Verdict(False, f"you have shown void in {SUIT_PLURAL[named]}, so the joker may "
                       "not name it", "shown_void", "5H-7.3 J4")
    if named is not None:
        return Verdict(False, "only the leader names a suit for the joker; play 'play "
                       f"{card}'", "joker_suit_only_on_lead", "5H-7.3 J4")
    if (card, None) in legal:
        led = ctx.led
        if ctx.misere and ctx.options.misere_void_must_play_joker:
            return Verdict(True, f"you hold no {SUIT_WORD[led]}, so in misère you must play the "
                           "joker; it wins the trick", "", "5H-7.3 J3")
        return Verdict(True, f"you hold no {SUIT_WORD[led]}, so you may play the joker; it wins "
                       "the trick (you could also keep it and discard another card)", "",
                       "5H-7.3 J1")
    follow = [c for c in ctx.hand if ctx.rules.suit_of[c] == ctx.led]
    if not follow:  # void, yet the joker may not follow: J5 bars it before the last trick
        return Verdict(False, "all four suits have been led, so the joker may not be played "
                       "before the last trick", "joker_not_before_last_trick", "5H-7.3 J5")
    names = ", ".join(_name(ctx.deck, ctx.rules, c) for c in follow)
    return Verdict(False, f"the joker may follow only when you hold no {SUIT_WORD[ctx.led or '']}"
                   f", and you hold {names}", "must_follow_suit", "5H-7.3 J1")

