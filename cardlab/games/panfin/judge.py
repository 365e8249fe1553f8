"""Panfin's legality and its plain-words reasons, phase by phase: the dealer's choice (B2.6),
the declarations (B2.7, B2.8), the dealer's swap (B2.10.1) and the trick phase, "la
conquista dei piatti" (B2.10).

:func:`legal_map` lists the legal actions in their documented order; :func:`judge` gives
the :class:`~cardlab.engine.action.Verdict` on any well-formed action (legal or not) with
its code, rule ID and the real reason. In the trick phase the decision is the kernel's
(:mod:`~cardlab.games.panfin.kernel`: :func:`~cardlab.games.panfin.kernel.legal_mask` and
:func:`~cardlab.games.panfin.kernel.legal_pair` on card masks, the same functions the batch simulator runs on
arrays); this module adds only the words. So ``legal_actions``, ``explain`` and ``apply``
agree by construction. A play is a tuple of cards: one card, or two for the jokers led
together and for each answer to that double trick (B2.10.4, F-A19). Following, trumping
and beating are by the dominant suit's :func:`~cardlab.games.panfin.rules.trick_order`;
the trick's winner is the engine's :func:`~cardlab.engine.tricks.trick_winner` over it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from cardlab.cards import ITALIAN_SPECIAL_NAMES, ITALIAN_SUIT_NAMES, Card
from cardlab.engine.action import Action, Verdict
from cardlab.engine.state import intern_action
from cardlab.engine.tricks import Play
from cardlab.errors import IllegalAction
from cardlab.games.panfin import kernel
from cardlab.games.panfin.rules import (
    GOBBO,
    JOKERS,
    SUITS,
    VECIA,
    PanfinOptions,
    card_index,
    card_mask,
    kernel_tables,
    play_rules,
    trick_order,
)

if TYPE_CHECKING:
    from cardlab.games.panfin.state import PanfinState

__all__ = ["TrickPlay", "TrickPosition", "trick_position", "judge_lead", "judge_follow",
           "as_plays", "is_double", "changes_suit", "suit_change", "with_suit_notes",
           "legal_map", "legal_plays", "candidates", "card_candidates", "judge", "judge_cards"]

_VERB_PHASE = {"choose": "choose", "tengo": "declare", "fold": "declare", "servito": "declare",
               "swap": "swap", "play": "play"}
_PHASE_RULE = {"choose": "B2.6", "declare": "B2.7", "swap": "B2.10.1", "play": "B2.10"}

#: one seat's play to a trick: (seat, cards)
TrickPlay = tuple[int, tuple[Card, ...]]
Namer = Callable[[Card], str]


class TrickPosition(NamedTuple):
    """The trick so far as the kernel reads it (:mod:`~cardlab.games.panfin.kernel`)."""

    d: int
    leading: bool
    double_led: bool
    led: int
    best_key: int
    led_key: int
    best_seat: int


def trick_position(trick: Sequence[TrickPlay], dominant: str | None) -> TrickPosition:
    """B2.10.3 / B2.10.5: the dominant and led suits, the keys of the winning and the led
    card of ``trick`` and the seat now winning it (B2.2: the dominant suit is known in the
    trick phase)."""
    assert dominant is not None
    t = kernel_tables()
    d = SUITS.index(dominant)
    if not trick:
        return TrickPosition(d, True, False, 0, 0, 0, -1)
    first = card_index(trick[0][1][0])
    led = kernel.trick_led_suit(t, d, first)
    led_key = best_key = kernel.trick_key(t, d, led, first)
    best_seat = trick[0][0]
    for seat, cards in trick:
        for c in cards:
            best_key, best_seat = kernel.trick_best(kernel.trick_key(t, d, led, card_index(c)),
                                                    best_key, best_seat, seat, False)
    return TrickPosition(d, False, len(trick[0][1]) == 2, led, best_key, led_key, best_seat)


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
    t, rules = kernel_tables(), play_rules(options)
    held = card_mask(hand)
    if len(cards) == 2:
        # the dominant suit does not matter on lead: the trumps of a hand are not counted
        if kernel.legal_pair(t, held, card_mask(cards), 0, True, False, rules):
            return Verdict(True, "you hold both jokers and lead them together: the others "
                           "must answer with two cards each, trumps while they have them, and "
                           "you take a double trick (2 piatti)", "", "B2.10.4")
        if set(cards) != set(JOKERS):
            return Verdict(False, "only the Vecia and the Gobbo are ever led together",
                           "one_card_only", "B2.10.4")
        return Verdict(False, "with both_jokers_lead='consecutive_forced' the jokers are "
                       "led one after the other, the Vecia first", "one_card_only", "B2.10.3")
    card = cards[0]
    if kernel.legal_lead_mask(t, held, gobbo_due, rules) & card_mask(cards):
        return Verdict(True, f"you are on lead and may lead any card: {name(card)}", "",
                       "B2.10.3")
    if VECIA in hand and GOBBO in hand:
        if rules.double_trick:
            return Verdict(False, "you hold both the Vecia and the Gobbo, so you are forced to "
                           "lead them at the same time: play FS FB", "must_lead_both_jokers",
                           "B2.10.3")
        return Verdict(False, "you hold both jokers: lead the Vecia now and the Gobbo on your "
                       "next lead (both_jokers_lead='consecutive_forced')",
                       "must_lead_both_jokers", "B2.10.3")
    return Verdict(False, "you led the Vecia last trick while holding the Gobbo: now you "
                   "must lead the Gobbo (both_jokers_lead='consecutive_forced')",
                   "must_lead_gobbo", "B2.10.3")


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
        return _judge_double_answer(hand, cards, dominant, options)
    if len(cards) != 1:
        return Verdict(False, "answer with one card: only the jokers' double trick is answered "
                       "with two", "wrong_card_count", "B2.10.4")
    card = cards[0]
    t, rules = kernel_tables(), play_rules(options)
    pos = trick_position(trick, dominant)
    held = card_mask(hand)
    same, beaters, trumps, overtrumps = kernel.legal_answer_masks(
        t, held, pos.d, pos.led, pos.best_key, pos.led_key, rules)
    legal = bool(kernel.legal_mask(t, held, pos.d, False, False, pos.led, pos.best_key,
                                   pos.led_key, False, rules) & card_mask(cards))
    led = trick[0][1][0]
    order = trick_order(dominant)
    led_suit = order.effective_suit(led)
    assert led_suit is not None  # every Treviso card has a suit
    if same:  # B2.10.3 following by effective suit
        return _judge_respond(card, legal, _cards_in(hand, same), _cards_in(hand, beaters),
                              trick, led, led_suit, dominant, options, name)
    return _judge_void(card, legal, _cards_in(hand, trumps), _cards_in(hand, overtrumps),
                       trick, led_suit, dominant, options, name)


def _cards_in(hand: Sequence[Card], mask: int) -> list[Card]:
    """The cards of ``hand`` (in its order) in the kernel's card ``mask``."""
    return [c for c in hand if mask >> card_index(c) & 1]


def _judge_respond(card: Card, legal: bool, same: list[Card], beaters: list[Card],
                   trick: Sequence[TrickPlay], led: Card, led_suit: str, dominant: str | None,
                   options: PanfinOptions, name: Namer) -> Verdict:
    """B2.10.3 "rispondere": holding the led suit you must play it, and beat if you can."""
    order = trick_order(dominant)
    trump_led = order.is_trump(led)
    suit_word = "trump" if trump_led else f"{led_suit} (the led suit)"
    best = order.top((c for _, cs in trick for c in cs), led_suit)
    if options.beat_reference == "led_card":
        what = f"the led card, {name(led)} (beat_reference='led_card')"
    else:
        what = f"the winning card, {name(best)}"
    if not legal:
        if card not in same:
            extra = "" if trump_led else "; while you hold it you may not play a trump or a joker"
            return Verdict(False, f"{name(led)} was led and you hold {suit_word}: you must "
                           f"answer (rispondere) with it{extra}", "must_follow_suit", "B2.10.3")
        return Verdict(False, f"you must answer with a card that beats {what}: "
                       + " ".join(c.code for c in beaters), "must_beat", "B2.10.3")
    if beaters:
        return Verdict(True, f"you answer the led suit and beat {what}", "", "B2.10.3")
    # following can beat only a card of the led suit, never a trump played on a plain lead
    if order.effective_suit(best) != led_suit:
        why = "the trick is already trumped, so any card of the led suit will do"
    else:
        why = f"you cannot beat {what}, so any card of the led suit will do"
    return Verdict(True, f"you answer {suit_word}: {why}", "", "B2.10.3")


def _judge_void(card: Card, legal: bool, trumps: list[Card], overtrumps: list[Card],
                trick: Sequence[TrickPlay], led_suit: str, dominant: str | None,
                options: PanfinOptions, name: Namer) -> Verdict:
    """B2.10.3 / F-A18: void in a plain led suit, you must trump and overtrump if you can."""
    order = trick_order(dominant)
    played = [c for _, cs in trick for c in cs if order.is_trump(c)]
    top = max(played, key=lambda c: order.key(c, led_suit)) if played else None
    if not legal:
        if card not in trumps:
            return Verdict(False, "you hold no card of the led suit, so you must play a trump "
                           "(a dominant-suit card or a joker): "
                           + " ".join(c.code for c in trumps), "must_trump", "B2.10.3")
        assert top is not None  # only a trump played can be overtrumped
        return Verdict(False, f"you must overtrump {name(top)} when you can: "
                       + " ".join(c.code for c in overtrumps), "must_overtrump", "F-A18")
    if not trumps:
        return Verdict(True, "you hold neither the led suit nor a trump: any card", "",
                       "B2.10.3")
    if not options.must_trump_when_void:
        return Verdict(True, "you hold no card of the led suit: any card "
                       "(must_trump_when_void=False)", "", "F-A18")
    if options.must_overtrump and top is not None:
        if overtrumps:
            return Verdict(True, f"void in the led suit, you overtrump {name(top)}", "",
                           "F-A18")
        return Verdict(True, f"void in the led suit, you must trump; none of your trumps beats "
                       f"{name(top)}, so any trump will do", "", "F-A18")
    return Verdict(True, "void in the led suit, you trump", "", "B2.10.3")


def _judge_double_answer(hand: Sequence[Card], cards: tuple[Card, ...], dominant: str | None,
                         options: PanfinOptions) -> Verdict:
    """B2.10.4 (F-A19): answer the jokers' double lead with two cards, trumps while you have any."""
    if len(cards) != 2:
        return Verdict(False, "both jokers were led together: answer with two cards "
                       "(e.g. play 5D 7C)", "wrong_card_count", "B2.10.4")
    order = trick_order(dominant)
    trumps = [c for c in hand if order.is_trump(c)]
    need = min(2, len(trumps))
    pos = trick_position((), dominant)
    if not kernel.legal_pair(kernel_tables(), card_mask(hand), card_mask(cards), pos.d, False,
                             True, play_rules(options)):
        return Verdict(False, f"both jokers were led: you must answer with trumps while you have "
                       f"them ({need} of: " + " ".join(c.code for c in trumps) + ")",
                       "must_trump", "B2.10.4")
    return Verdict(True, "you answer the jokers' double lead with two cards "
                   + ("(trumps, as you must)" if need else "(you hold no trump)"), "", "B2.10.4")


# -- every phase: the legal actions and the verdict on any action ------------------------
def legal_map(state: PanfinState) -> dict[Action, None]:
    """Every legal action of ``state`` (``state.legal_actions()`` order) → None."""
    if state.to_move_ is None:
        return {}
    if state.phase_ == "choose":
        return dict.fromkeys(a for a in candidates(state) if judge(state, a).legal)
    if state.phase_ == "play":
        return dict.fromkeys(legal_plays(state))
    # the candidates are distinct cards the mover holds, so _judge's notation and
    # holding checks pass: go straight to the rule that decides
    seat = state.to_move_
    return dict.fromkeys(intern_action(text) for text, verb, cards in card_candidates(state)
                         if judge_cards(state, verb, seat, cards).legal)


def legal_plays(state: PanfinState) -> list[Action]:
    """B2.10.3 / B2.10.4 the legal plays, as the kernel's masks say: single cards in pack
    order, then the pairs (the jokers together, or two-card answers to them)."""
    seat = state.to_move_
    assert seat is not None
    t, rules = kernel_tables(), play_rules(state.options)
    hand = state.game.deck.sort(state.hands_[seat])
    held = card_mask(hand)
    pos = trick_position(state.trick_, state.dominant)
    mask = kernel.legal_mask(t, held, pos.d, pos.leading, pos.double_led, pos.led,
                             pos.best_key, pos.led_key, state.gobbo_due == seat, rules)
    out = [intern_action("play " + c.code) for c in hand if mask >> card_index(c) & 1]
    return out + [intern_action(f"play {a.code} {b.code}") for a, b in combinations(hand, 2)
                  if kernel.legal_pair(t, held, card_mask((a, b)), pos.d, pos.leading,
                                       pos.double_led, rules)]


def candidates(state: PanfinState) -> list[Action]:
    """Every well-formed action of the phase, legal or not (``legal_actions`` keeps the
    legal ones)."""
    if state.to_move_ is None:
        return []
    if state.phase_ == "choose":
        return [intern_action(f"choose {s}") for s in SUITS]
    return [intern_action(text) for text, _, _ in card_candidates(state)]


def card_candidates(state: PanfinState) -> list[tuple[str, str, tuple[Card, ...]]]:
    """``(notation, verb, cards)`` of every candidate of the declare, swap or play phase."""
    deck = state.game.deck
    seat = state.to_move_
    if seat is None:
        return []
    hand = deck.sort(state.hands_[seat])
    if state.phase_ == "declare":
        out: list[tuple[str, str, tuple[Card, ...]]] = [("tengo", "tengo", ())]
        for k in range(1, len(hand) + 1):
            out += [("tengo " + " ".join([c.code for c in combo]), "tengo", combo)
                    for combo in combinations(hand, k)]
        return out + [("servito", "servito", ()), ("fold", "fold", ())]
    if state.phase_ == "swap":
        return [("swap " + c.code, "swap", (c,))
                for c in deck.sort([*hand, state.turnup[-1]])]
    out = [("play " + c.code, "play", (c,)) for c in hand]
    return out + [(f"play {a.code} {b.code}", "play", (a, b))
                  for a, b in combinations(hand, 2)]


def judge(state: PanfinState, action: Action) -> Verdict:
    """The verdict on ``action`` for the seat to move (the engine has checked the seat)."""
    verb = action.verb
    phase = _VERB_PHASE.get(verb)
    if phase is None:
        return Verdict(False, f"unknown action {verb!r}; Panfin's actions are choose, tengo, "
                       "fold, servito, swap and play", "bad_notation", "")
    if phase != state.phase_:
        return Verdict(False, f"'{verb}' belongs to the {phase} phase, but this is the "
                       f"{state.phase_} phase", "wrong_phase", _PHASE_RULE[phase])
    seat = state.to_move_
    assert seat is not None
    if verb == "choose":
        return _judge_choose(state, action)
    if verb in ("fold", "servito") and action.args:
        return Verdict(False, f"'{verb}' takes no cards", "bad_notation", "B2.7")
    if verb == "tengo" and len(action.args) > state.options.max_exchange:
        # B2.7 / B4.2 the count is refused before the cards are looked at (held or not)
        return _judge_tengo(state, tuple(action.args))
    try:
        cards = tuple(state.game.card(a) for a in action.args)
    except IllegalAction as err:
        return Verdict(False, str(err), err.code, "")
    if len(set(cards)) != len(cards):
        return Verdict(False, "a card is named twice", "duplicate_card", _PHASE_RULE[phase])
    hand = state.hands_[seat]
    allowed = [*hand, state.turnup[-1]] if verb == "swap" else hand
    missing = [c for c in cards if c not in allowed]
    if missing:
        return Verdict(False, f"{state.game.seat_name(seat)} does not hold "
                       + " ".join(c.code for c in missing), "card_not_held",
                       _PHASE_RULE[phase])
    return judge_cards(state, verb, seat, cards)


def judge_cards(state: PanfinState, verb: str, seat: int, cards: tuple[Card, ...]) -> Verdict:
    """The rule's verdict on ``verb`` with ``cards``: distinct cards the mover may name."""
    hand = state.hands_[seat]
    if verb == "fold":
        return Verdict(True, "you fold: your ante stays in the pot and you risk nothing "
                       "more, except a Naturali or Simezi bonus", "", "B2.7")
    if verb == "servito":
        return _judge_servito(state, hand)
    if verb == "tengo":
        return _judge_tengo(state, cards)
    if verb == "swap":
        return _judge_swap(state, cards)
    if not cards:
        return Verdict(False, "name the card to play, e.g. play 5D", "bad_notation",
                       "B2.10")
    name = state.game.deck.name
    if not state.trick_:
        return judge_lead(hand, cards, state.options, state.gobbo_due == seat, name,
                          state.dominant)
    return judge_follow(hand, cards, state.trick_, state.dominant, state.options, name)


def _judge_choose(state: PanfinState, action: Action) -> Verdict:
    """B2.6: the Vecia turned up: the dealer chooses the dominant suit."""
    if len(action.args) != 1 or action.args[0] not in SUITS:
        return Verdict(False, "choose one suit: S (spade), B (bastoni), C (coppe) or "
                       "D (denari)", "bad_suit", "B2.6")
    suit = state.game.deck.suit_name(action.args[0])
    return Verdict(True, f"the Vecia was turned up, so the dealer chooses the dominant "
                   f"suit: {suit}", "", "B2.6")


def _judge_servito(state: PanfinState, hand: tuple[Card, ...]) -> Verdict:
    """B2.7 / B2.8: servito needs four cards of one suit, jokers wild."""
    # the kernel's four-of-a-suit (jokers wild), the test the settlement makes too
    held = kernel.hand_suit(kernel.combination_tables(), card_mask(hand)) if len(hand) == 4 \
        else -1
    if held < 0:
        return Verdict(False, "servito needs four cards of one suit (the Vecia and Gobbo "
                       "are wild)", "not_servito", "B2.8")
    return Verdict(True, f"you hold four of {state.game.deck.suit_name(SUITS[held])}: servito "
                   "wins the pot unless another hand ties it or a Naturali or Simezi "
                   "beats it", "", "B2.8")


def _judge_tengo(state: PanfinState, cards: tuple[Card | str, ...]) -> Verdict:
    """B2.7 / F-A9: tengo, exchanging 0 to ``max_exchange`` cards, capped by the stock."""
    k = len(cards)
    cap = state.options.max_exchange
    legal = k <= kernel.exchange_limit(cap, len(state.stock))
    if not legal and k > cap:
        return Verdict(False, f"you may exchange at most {cap} card(s) "
                       f"(max_exchange={cap}), and 'tengo' names {k}", "too_many_cards",
                       "B2.7")
    if not legal:
        return Verdict(False, f"the stock holds only {len(state.stock)} card(s), so you can "
                       f"exchange no more than that", "stock_short", "F-A9")
    if k == 0:
        return Verdict(True, "tengo, standing pat: you stay in and keep your four cards",
                       "", "B2.7")
    return Verdict(True, f"tengo: you stay in, discard {k} card{'s' if k != 1 else ''} and draw {k} from the "
                   "stock", "", "B2.7")


def _judge_swap(state: PanfinState, cards: tuple[Card, ...]) -> Verdict:
    """B2.10.1 / F-A7: the dealer takes the turned-up card and discards one card."""
    if len(cards) != 1:
        return Verdict(False, "name the one card you discard, e.g. swap 3D", "bad_notation",
                       "B2.10.1")
    up = state.turnup[-1]
    if cards[0] == up:
        return Verdict(True, f"you take the turned-up {up} and discard it again: your "
                       "hand is unchanged", "", "B2.10.1")
    return Verdict(True, f"you take the turned-up {up} into your hand and discard "
                   f"{cards[0]} face down", "", "B2.10.1")
