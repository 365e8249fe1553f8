"""Which actions are legal in a Pandoeren deal, and why (one function per phase).

``legal(state)`` lists the legal actions; ``judge(state, action)`` gives the
verdict on any well-formed action with its refusal code and rule. Both read the
same helpers, so ``explain`` and ``legal_actions`` always agree.

The legal cards of A2.8 are decided by :func:`~cardlab.games.pandoeren.kernel.legal_mask`
(the same function the batch simulator runs on arrays): :func:`follow_situation` feeds
it the hand and the trick and names the sets A2.8 speaks of (F, T, AT, the jas
exemption), which :func:`card_reason` puts into words, so the reason given is the rule
applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardlab.cards import FRENCH_SUIT_NAMES, FRENCH_SUITS, Card
from cardlab.engine.action import Action, Verdict
from cardlab.engine.tricks import Play
from cardlab.errors import CardError
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.rules import (
    MAX_TEAM_SCORE,
    NO_TRUMPS,
    REACHABLE_NUMBER_BID,
    REACHABLE_PANDOER_EXTRA,
    PandoerenOptions,
    call_rank_masks,
    parse_bid,
    play_rules,
    play_tables,
    trick_order,
)
from cardlab.games.pandoeren.view import card_name

if TYPE_CHECKING:
    from cardlab.engine.ladder import Ladder
    from cardlab.games.pandoeren.state import PandoerenState

__all__ = ["legal", "judge", "callable_cards", "kereltje_barred_suits", "FollowSituation",
           "follow_situation", "legal_cards", "card_reason", "card_mask"]

#: the verbs each phase accepts (anything else is ``wrong_phase``)
PHASE_VERBS = {"auction": ("bid", "pass"), "exchange": ("discard",), "trump": ("trump",),
               "call": ("call",), "play": ("play", "announce")}


def _ok(reason: str, rule: str) -> Verdict:
    return Verdict(True, reason, "", rule)


def _no(reason: str, code: str, rule: str) -> Verdict:
    return Verdict(False, reason, code, rule)


# -- auction -----------------------------------------------------------------------------
def _ladder(state: PandoerenState) -> Ladder:
    return state.game.ladder


def _auction_legal(state: PandoerenState) -> list[str]:
    return ["pass"] + [f"bid {w}" for w in _ladder(state).above(state.auction.high)]


def _judge_bid(state: PandoerenState, action: Action) -> Verdict:
    if action.verb == "pass":
        if action.args:
            return _no("'pass' takes no words after it", "bad_notation", "")
        return _ok("you may always pass" + (" (a pass is final)" if
                                            state.game.options.pass_is_final else ""), "A2.5")
    if len(action.args) != 1:
        return _no("a bid is one word, e.g. 'bid 120' or 'bid misere'", "bad_notation", "")
    word = action.args[0]
    ladder = _ladder(state)
    opts = state.game.options
    if word not in ladder:
        bid = parse_bid(word)
        if bid is not None and bid.kind.name == "number" and bid.number > opts.number_bid_cap \
                and bid.number % 10 == 0:
            return _no(f"number bids go up to number_bid_cap={opts.number_bid_cap}",
                       "above_cap", "A4.3")
        if bid is not None and bid.kind.name == "number" and bid.number % 10 == 0 \
                and bid.number > REACHABLE_NUMBER_BID:
            return _no(f"no team can score more than {MAX_TEAM_SCORE} in a deal (146 card "
                       "points, stuk and the roem of two hands), so number bids stop at "
                       f"{REACHABLE_NUMBER_BID}", "above_cap", "A4.3")
        if bid is not None and bid.kind.name == "pandoer_plus" and bid.number % 20 == 0 \
                and bid.number > opts.pandoer_extra_cap:
            return _no(f"Pandoer + n goes up to pandoer_extra_cap={opts.pandoer_extra_cap}",
                       "above_cap", "A4.3")
        if bid is not None and bid.kind.name == "pandoer_plus" and bid.number % 20 == 0 \
                and bid.number > REACHABLE_PANDOER_EXTRA:
            return _no(f"no team can score more than {REACHABLE_PANDOER_EXTRA} in roem and "
                       f"stuk in a deal, so Pandoer + n stops at +{REACHABLE_PANDOER_EXTRA}",
                       "above_cap", "A4.3")
        return _no(f"'{word}' is not a bid; number bids are {opts.lowest_number_bid}, "
                   f"{opts.lowest_number_bid + 10}, … (steps of 10), Pandoer +20, +40, …, and "
                   "the named contracts piccolo, misere, kereltje, zwabber, solo_zwabber, "
                   "piccolo_ouvert, misere_ouvert, stil_praatje, pandoer, praatje, prive",
                   "unknown_bid", "A4.2")
    high = state.auction.high
    if high is not None and not K.auction_bid_legal(ladder.index(word), ladder.index(high)):
        hb = parse_bid(high)
        return _no(f"a bid must rank above the current bid, {hb.label if hb else high} "
                   "(A4.2 order)", "bid_too_low", "A2.5")
    bid = parse_bid(word)
    assert bid is not None
    return _ok(f"{bid.label} ranks above the current bid", "A2.5")


# -- exchange, trump, call ---------------------------------------------------------------
def _judge_discard(state: PandoerenState, action: Action) -> Verdict:
    if len(action.args) != 1:
        return _no("discard exactly one card, e.g. 'discard 7C'", "discard_count", "A2.7.1")
    card = _card(state, action.args[0])
    if card is None:
        return _no(f"unknown card '{action.args[0]}'", "unknown_card", "")
    assert state.declarer is not None
    if card not in state.hands[state.declarer]:
        return _no(f"you do not hold the {card_name(card)}", "card_not_held", "A2.7.1")
    return _ok("any of your 9 cards may be discarded face down (the kijkkaart too); its points "
               "count for nobody", "A2.7.1")


def kereltje_barred_suits(state: PandoerenState) -> frozenset[str]:
    """A2.7.4 / P-A9: suits whose jack the Kereltje declarer holds or discarded (barred
    with kereltje_own_jas='illegal'; if every suit is barred, none is)."""
    if state.bid is None or state.bid.kind.partner != "jas":
        return frozenset()
    if state.game.options.kereltje_own_jas != "illegal":
        return frozenset()
    assert state.declarer is not None
    own = set(state.hands[state.declarer]) | {state.discarded}
    barred = frozenset(s for s in FRENCH_SUITS if Card("J", s) in own)
    return frozenset() if len(barred) == 4 else barred


def _judge_trump(state: PandoerenState, action: Action) -> Verdict:
    if len(action.args) != 1 or action.args[0] not in FRENCH_SUITS:
        return _no("name a suit: 'trump S', 'trump C', 'trump D' or 'trump H'", "bad_suit",
                   "A2.7.2")
    suit = action.args[0]
    if suit in kereltje_barred_suits(state):
        return _no(f"in Kereltje you may not name {FRENCH_SUIT_NAMES[suit]}: you hold or "
                   "discarded its jack, so nobody could be your partner "
                   "(kereltje_own_jas='illegal')", "kereltje_own_jas", "A2.7.4")
    return _ok(f"{FRENCH_SUIT_NAMES[suit]} may be trumps", "A2.7.2")


def callable_cards(state: PandoerenState) -> list[Card]:
    """A2.7.3 / P-A8: the cards the declarer may call: the aces she neither holds nor
    discarded (the trump ace only with allow_call_trump_ace=True); if none, kings; …"""
    assert state.declarer is not None
    bit = play_tables().card_bit
    own = sum(map(bit.__getitem__, state.hands[state.declarer]))
    if state.discarded is not None:
        own |= bit[state.discarded]
    trump_ace = 0 if state.trump is None else bit[Card("A", state.trump)]
    mask = K.call_mask(call_rank_masks(), own, trump_ace,
                       bool(state.game.options.allow_call_trump_ace))
    return [c for c in state.game.deck if mask & bit[c]]


def _judge_call(state: PandoerenState, action: Action) -> Verdict:
    if len(action.args) != 1:
        return _no("call one card, e.g. 'call AS'", "bad_call", "A2.7.3")
    card = _card(state, action.args[0])
    if card is None:
        return _no(f"unknown card '{action.args[0]}'", "unknown_card", "")
    callable_ = callable_cards(state)
    if card in callable_:
        return _ok(f"the holder of the {card_name(card)} becomes your secret partner",
                   "A2.7.3")
    assert state.declarer is not None
    if card in state.hands[state.declarer] or card == state.discarded:
        return _no(f"you hold or discarded the {card_name(card)}; call a card held by another "
                   "player", "called_card_held", "P-A8")
    if card.rank == "A" and card.suit == state.trump:
        return _no("the trump ace may not be called (allow_call_trump_ace=False)",
                   "trump_ace_not_callable", "P-A7")
    return _no("call an ace you neither hold nor discarded (a king only if no ace is "
               f"callable); callable now: {' '.join(c.code for c in callable_)}", "bad_call",
               "A2.7.3")


# -- play --------------------------------------------------------------------------------
def _announcements(state: PandoerenState) -> list[tuple[str, Verdict]]:
    """The two announcements and their verdicts for the seat to move."""
    return [("announce roem", _judge_roem(state)), ("announce stuk", _judge_stuk(state))]


def _judge_stuk(state: PandoerenState) -> Verdict:
    """A2.10.3: ``announce stuk`` is an action only with ``roem_announce="manual"``; under
    ``"auto"`` the engine announces stuk for the declaring side (refusal ``stuk_auto``).
    The decision is the kernel's :func:`~.kernel.announce_stuk_legal`; the refusals name
    the first of its conditions that fails."""
    seat = state.to_move
    assert seat is not None and state.bid is not None
    opts = state.game.options
    if opts.roem_announce != "manual":
        return _no("stuk is announced automatically: it counts whenever the declarer or "
                   "the partner holds the trump king and queen (roem_announce='auto')",
                   "stuk_auto", "A2.10.3")
    counts, announced = state.bid.kind.counts_roem, seat in state.stuk_announced
    held = state.holds_stuk(seat)
    tb = play_tables(opts.rank_order)
    table = NO_TRUMPS if state.trump is None else FRENCH_SUITS.index(state.trump)
    hand = sum(map(tb.card_bit.__getitem__, state.hands[seat]))
    first = opts.stuk_deadline == "before_first_card"
    if K.announce_stuk_legal(tb, table, hand, counts, announced, held, first):
        return _ok("you hold the king and queen of trumps: stuk is worth 20 and cannot be "
                   "denied", "A2.10.3")
    if not counts:
        return _no("stuk counts only in number contracts and Pandoer + n", "no_counting",
                   "P-A17")
    if announced:
        return _no("you have already announced stuk", "already_announced", "A2.10.3")
    if not held:
        return _no("stuk is the king and queen of trumps in one hand; you did not hold both",
                   "no_stuk", "A2.10.3")
    when = "either card" if first else "the second card"
    return _no(f"stuk must be announced before {when} is played "
               f"(stuk_deadline='{opts.stuk_deadline}')", "stuk_too_late", "P-A16")


def _judge_roem(state: PandoerenState) -> Verdict:
    """A2.10.2: ``announce roem`` (only with ``roem_announce="manual"``). The decision is
    the kernel's :func:`~.kernel.announce_roem_legal`; the refusals name the first of its
    conditions that fails."""
    seat = state.to_move
    assert seat is not None and state.bid is not None
    opts = state.game.options
    if opts.roem_announce != "manual":
        return _no("roem is announced automatically (roem_announce='auto')", "roem_auto",
                   "A2.10.2")
    counts, announced = state.bid.kind.counts_roem, seat in state.roem_announced
    declarer = seat == state.declarer
    first_lead = not state.tricks and not (state.trick and state.trick.plays)
    roem = state.roem_of(seat)
    if K.announce_roem_legal(counts, announced, declarer, first_lead, seat == state.partner,
                             state.partner_public, roem):
        return _ok(f"you may announce {roem} roem", "A2.10.2")
    if not counts:
        return _no("roem counts only in number contracts and Pandoer + n", "no_counting",
                   "P-A17")
    if announced:
        return _no("you have already announced your roem", "already_announced", "A2.10.2")
    if declarer and not first_lead:
        return _no("the declarer announces roem as she leads to trick 1; too late now",
                   "roem_too_late", "A2.10.2")
    if not declarer and not (seat == state.partner and state.partner_public):
        return _no("only the declarer (at trick 1) and the partner (once the partnership is "
                   "public) announce roem", "roem_not_now", "A2.10.2")
    return _no("you hold no roem", "no_roem", "A2.10.2")


def _play_legal(state: PandoerenState) -> list[str]:
    out = [a for a, v in _announcements(state) if v.legal]
    seat = state.to_move
    assert seat is not None and state.trick is not None
    hand = state.hands[seat]
    mask = card_mask(hand, state.trick.plays, state.trump, state.game.options)
    bit = play_tables(state.game.options.rank_order).card_bit
    return out + [f"play {c}" for c in hand if mask & bit[c]]


def _judge_play(state: PandoerenState, action: Action) -> Verdict:
    if action.verb == "announce":
        table = dict(_announcements(state))
        key = f"announce {' '.join(action.args)}"
        if key not in table:
            return _no("announce 'stuk' or 'roem'", "bad_notation", "")
        return table[key]
    if len(action.args) != 1:
        return _no("play one card, e.g. 'play JD'", "bad_notation", "")
    card = _card(state, action.args[0])
    if card is None:
        return _no(f"unknown card '{action.args[0]}'", "unknown_card", "")
    seat = state.to_move
    assert seat is not None and state.trick is not None
    if card not in state.hands[seat]:
        return _no(f"you do not hold the {card_name(card, state.trump)}", "card_not_held",
                   "A2.8")
    sit = follow_situation(state.hands[seat], state.trick.plays, state.trump,
                           state.game.options)
    legal, reason, code, rule = card_reason(card, sit)
    return Verdict(legal, reason, code, rule)


def _card(state: PandoerenState, token: str) -> Card | None:
    try:
        return state.game.parse_card(token)
    except CardError:
        return None


_LEGAL = {"auction": _auction_legal,
          "exchange": lambda s: [f"discard {c}" for c in s.hands[s.declarer]],
          "trump": lambda s: [f"trump {x}" for x in FRENCH_SUITS
                              if x not in kereltje_barred_suits(s)],
          "call": lambda s: [f"call {c}" for c in callable_cards(s)],
          "play": _play_legal}
_JUDGE = {"auction": _judge_bid, "exchange": _judge_discard, "trump": _judge_trump,
          "call": _judge_call, "play": _judge_play}


def legal(state: PandoerenState) -> list[str]:
    """Every legal action now, in the documented order."""
    if state.phase == "done":
        return []
    return _LEGAL[state.phase](state)


def judge(state: PandoerenState, action: Action) -> Verdict:
    """The verdict on ``action`` now (the base class has checked seat and game over)."""
    phase = state.phase
    if action.verb not in PHASE_VERBS[phase]:
        known = {v for vs in PHASE_VERBS.values() for v in vs}
        if action.verb not in known:
            return _no(f"unknown action '{action.verb}'; Pandoeren's actions are bid, pass, "
                       "discard, trump, call, announce and play", "unknown_action", "")
        expect = " or ".join(PHASE_VERBS[phase])
        return _no(f"it is the {phase} phase: {expect} now", "wrong_phase", "")
    return _JUDGE[phase](state, action)


# -- A2.8 the legal cards and their reasons -------------------------------------------------
def card_mask(hand: Sequence[Card], trick: Sequence[Play], trump: str | None,
              opts: PandoerenOptions) -> int:
    """A2.8: the cards ``hand`` may play to ``trick``, as a mask (bit = pack index): the
    kernel's :func:`~cardlab.games.pandoeren.kernel.legal_mask` on this one deal."""
    tb = play_tables(opts.rank_order)
    index = tb.card_index
    table = NO_TRUMPS if trump is None else FRENCH_SUITS.index(trump)
    hand_mask = sum(map(tb.card_bit.__getitem__, hand))
    top = -1
    for i, p in enumerate(trick):
        top = K.trick_top_trump(tb, table, index[p.card], top, i == 0)
    led = tb.suit[index[trick[0].card]] if trick else NO_TRUMPS
    return int(K.legal_mask(tb, hand_mask, not trick, led, table, top, **play_rules(opts)))


@dataclass(frozen=True)
class FollowSituation:
    """The sets A2.8 names for one player facing one trick.

    :ivar led: the suit led (None when leading).
    :ivar exempt: the jas exemption applies (A2.8.3): the jas is set aside.
    :ivar follow: F, the cards of the led suit (without the exempt jas).
    :ivar trumps: T, the trumps (without the exempt jas).
    :ivar allowed_trumps: AT, the trumps the player may play (A2.8.3b).
    :ivar top_trump: the highest trump already in the trick, or None.
    :ivar legal: the legal cards (:func:`card_mask`).
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
                     opts: PandoerenOptions) -> FollowSituation:
    """A2.8: the legal cards of ``hand`` for ``trick`` under the play options (decided by
    :func:`card_mask`), with the sets the reasons name."""
    mask = card_mask(hand, trick, trump, opts)
    bit = play_tables(opts.rank_order).card_bit
    legal = frozenset(c for c in hand if mask & bit[c])
    if not trick:
        return FollowSituation(None, trump, False, (), (), (), None, legal, "A2.8.1")
    led = trick[0].card.suit  # no card changes suit (A2.2)
    if trump is None:  # A2.8.2
        follow = tuple(c for c in hand if c.suit == led)
        return FollowSituation(led, None, False, follow, (), (), None, legal, "A2.8.2")
    power = trick_order(trump, opts.rank_order).power
    jas = Card("J", trump)
    exempt = bool(opts.jas_never_forced) and jas in hand and len(hand) > 1
    h = [c for c in hand if c != jas] if exempt else list(hand)
    trumps = tuple(c for c in h if c.suit == trump)
    top = max((p.card for p in trick if p.card.suit == trump), key=power.__getitem__,
              default=None)
    ban = opts.undertrump != "allowed"
    if led == trump:  # A2.8.3a
        higher = tuple(c for c in trumps if top is not None and power[c] > power[top])
        allowed = higher or trumps if opts.overtrump_on_trump_lead else trumps
        return FollowSituation(led, trump, exempt, trumps, trumps, allowed, top, legal,
                               "A2.8.3a", True)
    # A2.8.3b
    follow = tuple(c for c in h if c.suit == led)
    allowed = tuple(c for c in trumps if top is None or not ban or power[c] > power[top])
    rule = "A2.8.3b" if ban or not top else "A2.8.4"
    return FollowSituation(led, trump, exempt, follow, trumps, allowed, top, legal, rule,
                           bool(opts.trump_while_able_to_follow))


def legal_cards(hand: Sequence[Card], trick: Sequence[Play], trump: str | None,
                opts: PandoerenOptions) -> frozenset[Card]:
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
