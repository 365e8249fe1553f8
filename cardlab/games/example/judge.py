"""Turn-up Whist's legality and its reasons: one function per phase, one per rule.

:func:`legal` lists the legal actions in their documented order; :func:`judge`
gives the verdict on any well-formed action (legal or not) with its code, rule ID
and plain words. ``state.apply``, ``state.explain`` and ``state.legal_actions`` all
come from these two, so they cannot disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.cards import Card
from cardlab.engine.action import Action, Verdict
from cardlab.games.example.kernel import legal_mask, tables
from cardlab.games.example.rules import CALL_TRICKS

if TYPE_CHECKING:
    from cardlab.games.example.state import ExampleState

__all__ = ["legal", "judge", "allowed", "VERBS"]

#: EX-3 / EX-4 the verbs of each phase
VERBS = {"call": ("pass", "call"), "play": ("play",)}
PASS, CALL = Action("pass"), Action("call")


def legal(state: ExampleState) -> list[Action]:
    """Every legal action now: ``pass`` then ``call`` while calling; the playable cards in
    pack order in the play; none once the deal is over."""
    if state.phase == "call":
        return [PASS, CALL]
    if state.phase == "play":
        seat = state.to_move
        assert seat is not None
        hand = state.hands[seat]
        mask = allowed(state, hand)
        deck = state.game.deck
        return [Action(f"play {c}") for c in deck.sort(hand) if mask >> deck.index(c) & 1]
    return []


def judge(state: ExampleState, action: Action) -> Verdict:
    """The verdict on ``action`` for the seat to move (the engine has checked the seat)."""
    verb = action.verb
    if not any(verb in verbs for verbs in VERBS.values()):
        return Verdict(False, f"'{verb}' is not an action of Turn-up Whist; expected pass, "
                       "call or play", "unknown_action", "")
    if verb not in VERBS[state.phase]:
        return Verdict(False, f"in the {state.phase} you may only "
                       f"{' or '.join(VERBS[state.phase])}", "wrong_phase",
                       "EX-3.1" if state.phase == "call" else "EX-4.1")
    if verb == "play":
        if len(action.args) != 1:
            return Verdict(False, "play names one card, e.g. 'play AS'", "bad_notation", "")
        seat = state.to_move
        assert seat is not None
        return _play(state, state.hands[seat], state.game.parse_card(action.args[0]))
    if action.args:
        return Verdict(False, f"'{verb}' takes no card or word", "bad_notation", "")
    return _call(state, verb)


def _call(state: ExampleState, verb: str) -> Verdict:
    """EX-3.1 each player in turn may pass or call; EX-3.2 a call ends the calling."""
    if verb == "pass":
        return Verdict(True, "you may always pass (EX-3.1)", rule="EX-3.1")
    return Verdict(True, f"nobody has called yet: you may undertake to win {CALL_TRICKS} of "
                   "the 7 tricks (EX-3.2)", rule="EX-3.2")


def _play(state: ExampleState, hand: tuple[Card, ...], card: Card) -> Verdict:
    """EX-4.2 a card of the hand; the suit led must be followed if possible; EX-4.3 then a
    trump, under ``must_trump``. The kernel decides (:func:`allowed`); this adds the words."""
    deck = state.game.deck
    if card not in hand:
        return Verdict(False, f"you do not hold the {deck.name(card)}", "card_not_held", "EX-4.2")
    trick = state.trick
    if trick is None or not trick.plays:
        return Verdict(True, "you lead: any card may lead (EX-4.1)", rule="EX-4.1")
    led = trick.suit
    assert led is not None
    if allowed(state, hand) >> deck.index(card) & 1:
        if card.suit == led:
            return Verdict(True, f"it follows {deck.suit_name(led)}, the suit led (EX-4.2)",
                           rule="EX-4.2")
        return Verdict(True, f"you hold no {deck.suit_name(led)}, so any card may be played "
                       "(EX-4.2)", rule="EX-4.2")
    if any(c.suit == led for c in hand):
        return Verdict(False, f"{deck.suit_name(led)} were led and you hold "
                       f"{deck.suit_name(led)}: you must follow suit", "must_follow_suit",
                       "EX-4.2")
    trump = state.trump
    return Verdict(False, f"you hold no {deck.suit_name(led)} but you hold "
                   f"{deck.suit_name(trump)}: you must trump (must_trump=True)",
                   "must_trump", "EX-4.3")


def allowed(state: ExampleState, hand: tuple[Card, ...]) -> int:
    """The mask of the cards of ``hand`` the seat to move may play now (the kernel's
    :func:`~cardlab.games.example.kernel.legal_mask` on this trick)."""
    t = tables(state.game.deck)
    trick = state.trick
    led = t.full if trick is None or trick.suit is None else t.suit_mask[t.suits.index(trick.suit)]
    return int(legal_mask(t.mask(hand), led, t.suit_mask[t.suits.index(state.trump)],
                          state.game.options.must_trump))
