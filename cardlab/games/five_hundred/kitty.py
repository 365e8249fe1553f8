"""Five Hundred between the auction and the play: the discard (5H-6.1), the five-player
partner call (5H-2) and the joker nomination (5H-6.3), judged with their reasons."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.engine.action import Verdict
from cardlab.games.five_hundred.rules import SUIT_WORD, SUITS

if TYPE_CHECKING:
    from cardlab.games.five_hundred.state import FiveHundredState

__all__ = ["judge_discard", "judge_partner_call", "judge_nominate"]


def judge_discard(state: FiveHundredState, seat: int, args: tuple[str, ...]) -> Verdict:
    """5H-6.1 the verdict on discarding ``args`` (card codes) from the contractor's hand."""
    k = state.game.kitty_size
    hand = state.hands[seat]
    try:
        cards = [state.game.deck.parse(a) for a in args]
    except Exception as err:  # CardError: a bad code
        return Verdict(False, str(err), getattr(err, "code", "unknown_card"), "5H-6.1")
    if len(cards) != k:
        return Verdict(False, f"you must discard exactly {k} cards, not {len(cards)}",
                       "discard_count", "5H-6.1")
    if len(set(cards)) != len(cards):
        return Verdict(False, "a card is named twice", "duplicate_card", "5H-6.1")
    missing = [c for c in cards if c not in hand]
    if missing:
        return Verdict(False, f"you do not hold the {state.game.deck.name(missing[0])}",
                       "card_not_held", "5H-6.1")
    from_kitty = [c for c in cards if c in state.kitty]
    note = " (kitty cards may be discarded too)" if from_kitty else ""
    return Verdict(True, f"you discard {k} cards face down; they are dead and score "
                   f"nothing{note}", "", "5H-6.1")


def judge_partner_call(state: FiveHundredState, seat: int, args: tuple[str, ...]
                       ) -> Verdict:
    """5H-2 five players: the verdict on calling a partner card (or ``alone``)."""
    if args == ("alone",):
        return Verdict(True, "you play alone against the other four", "", "5H-2")
    if len(args) != 1:
        return Verdict(False, "call one card, e.g. 'call AS', or 'call alone'",
                       "bad_notation", "5H-2")
    try:
        card = state.game.deck.parse(args[0])
    except Exception as err:
        return Verdict(False, str(err), getattr(err, "code", "unknown_card"), "5H-2")
    if card.is_joker:
        return Verdict(False, "the joker cannot be called", "cannot_call_joker", "5H-2")
    if card in state.hands[seat]:
        return Verdict(False, f"you hold the {state.game.deck.name(card)} yourself; call "
                       "another card or 'call alone'", "own_card", "5H-2")
    return Verdict(True, f"the holder of the {state.game.deck.name(card)} becomes your "
                   "partner (revealed when it is played)", "", "5H-2")


def judge_nominate(args: tuple[str, ...]) -> Verdict:
    """5H-6.3 the verdict on nominating the joker's suit (or ``none``)."""
    if len(args) != 1 or args[0] not in (*SUITS, "none"):
        return Verdict(False, "nominate a suit (S, C, D or H) or 'none'", "bad_notation",
                       "5H-6.3")
    if args[0] == "none":
        return Verdict(True, "you keep the joker unnominated: it has no suit, may follow "
                       "only when you are void, and wins any trick it is played to", "",
                       "5H-7.3")
    return Verdict(True, f"the joker becomes the highest {SUIT_WORD[args[0]]} and is no "
                   "trump", "", "5H-6.3")
