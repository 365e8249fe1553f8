"""Officer Skat's legality and its reasons: the legal actions of each phase, and the
verdict, with code, rule and plain words, on any well-formed action.

:func:`legal_map` lists the legal actions in their documented order; :func:`judge`
judges any action. Which card may be played comes from one place, the kernel's
:func:`~cardlab.games.officer_skat.kernel.legal_mask` (OS-5.5); this module adds only
the words.

A jack in a suit game, in Grand or in Ramsch is a trump, not a card of its printed
suit (OS-5.4, :func:`~cardlab.games.officer_skat.rules.changes_suit`). Every
legality reason that turns on such a card says so, naming both suits: "the jack of
spades counts as a trump (hearts) in this game, not a spade (OS-5.4)". The other
refusals of a card (face down, not the player's, already played) add the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from cardlab.cards import Card, Deck
from cardlab.engine.action import Action, Verdict
from cardlab.engine.state import intern_action
from cardlab.engine.tricks import CardOrder
from cardlab.games.officer_skat.kernel import call_games_mask, call_pass_legal, legal_mask
from cardlab.games.officer_skat.rules import (
    GAME_CALLS,
    PACK_ORDER,
    TRUMP,
    card_index,
    changes_suit,
    is_suit_game,
    kernel_tables,
    trick_order,
)
from cardlab.games.officer_skat.view import game_words

if TYPE_CHECKING:
    from cardlab.games.officer_skat.state import OfficerSkatState

__all__ = ["legal_map", "playable_mask", "judge", "seat_refusal", "game_refusal",
           "pass_refusal", "PHASE_VERBS", "PHASE_RULES", "KNOWN_VERBS", "suit_note",
           "suit_words", "lead_reason", "follow_reason", "with_suit_note", "changed",
           "rule_with_notes", "the_card", "FOLLOW_RULE", "SUIT_RULE"]

#: Which verbs each phase accepts (anything else is refused with ``wrong_phase``).
PHASE_VERBS: Final = {"declare": ("declare", "pass"), "kontra": ("kontra", "no_kontra"),
                      "re": ("re", "no_re"), "play": ("play",)}
#: The rule each phase's decision comes from, for ``wrong_phase`` refusals.
PHASE_RULES: Final = {"declare": "OS-3.2", "kontra": "OS-7.4", "re": "OS-7.4",
                      "play": "OS-5.1"}
KNOWN_VERBS: Final = frozenset(v for verbs in PHASE_VERBS.values() for v in verbs)
#: OS-5.5 following; OS-5.4 the effective suit (cited beside it when a card changes suit).
FOLLOW_RULE: Final = "OS-5.5"
SUIT_RULE: Final = "OS-5.4"
#: One card of a suit, for "not a spade" (French faces; other names read "a card of …").
_ONE_OF: Final = {"spades": "a spade", "clubs": "a club", "hearts": "a heart",
                  "diamonds": "a diamond"}
#: the kernel's tables, as tuples (one deal at a time)
_TABLES: Final = kernel_tables()
#: ``play`` of each card, by its index in the pack
_PLAYS: Final = tuple(intern_action("play " + c.code) for c in PACK_ORDER)
_KONTRA: Final = (intern_action("kontra"), intern_action("no_kontra"))
_RE: Final = (intern_action("re"), intern_action("no_re"))


# -- the legal actions ------------------------------------------------------------------------
def playable_mask(state: OfficerSkatState, seat: int) -> int:
    """OS-5.5 the cards ``seat`` may play to the current trick, as a mask of pack indices:
    the kernel's :func:`~cardlab.games.officer_skat.kernel.legal_mask` of the seat's
    face-up top cards (OS-5.2) against the led effective suit."""
    return int(legal_mask(_TABLES, state.tops_mask(seat), state.contract_index,
                          state.led_code()))


def legal_map(state: OfficerSkatState) -> dict[Action, None]:
    """Every legal action now: game calls in ``GAME_CALLS`` order then ``pass``; ``kontra``
    before ``no_kontra``; ``re`` before ``no_re``; cards in pack order (at the opening lead
    under ``re_window="until_opening_lead"``, ``re`` then the cards)."""
    phase = state.phase
    if phase == "done":
        return {}
    if phase == "declare":
        acts = [intern_action(f"declare {g}") for g in GAME_CALLS
                if game_refusal(state, g) is None]
        if pass_refusal(state) is None:
            acts.append(intern_action("pass"))
        return dict.fromkeys(acts)
    if phase == "kontra":
        return dict.fromkeys(_KONTRA)
    if phase == "re":
        return dict.fromkeys(_RE)
    seat = state.to_move
    assert seat is not None
    mask = playable_mask(state, seat)
    out: dict[Action, None] = {_RE[0]: None} if state.re_open else {}
    while mask:  # the set bits, lowest first: pack order
        low = mask & -mask
        out[_PLAYS[low.bit_length() - 1]] = None
        mask ^= low
    return out


def game_refusal(state: OfficerSkatState, game: str) -> Verdict | None:
    """OS-4 / OS-7.5 / B-2: why ``declare game`` is refused, or None."""
    o = state.options
    if game not in GAME_CALLS:
        return Verdict(False, f"'{game}' is not a game; choose one of "
                       f"{', '.join(GAME_CALLS)}", "unknown_game", "OS-4")
    allowed = call_games_mask(_TABLES, bool(o.null_allowed), bool(o.ramsch_allowed),
                              o.scoring_method == "card_points")  # the kernel's decision
    if allowed >> GAME_CALLS.index(game) & 1:
        return None
    if game == "null" and not o.null_allowed:
        return Verdict(False, "Null is not allowed under these rules (null_allowed false)",
                       "null_not_allowed", "OS-4")
    if game == "null" and o.scoring_method == "card_points":
        return Verdict(False, "Null cannot be chosen when deals are scored by card points "
                       "(method B)", "null_not_allowed_card_points", "OS-7.5")
    return Verdict(False, "Ramsch is not allowed under these rules (ramsch_allowed "
                   "false)", "ramsch_not_allowed", "B-2")


def pass_refusal(state: OfficerSkatState) -> Verdict | None:
    """B-2: F may pass only with ``pass_allowed``; D, after F passed, only into Ramsch."""
    o = state.options
    if call_pass_legal(bool(o.pass_allowed), bool(o.ramsch_allowed), state.event.role == "D"):
        return None  # the kernel's decision; the words below say why not
    if not o.pass_allowed:
        return Verdict(False, "passing is not allowed under these rules (pass_allowed "
                       "false): choose a game", "pass_not_allowed", "B-2")
    return Verdict(False, "forehand passed, so the dealer must choose a game (Ramsch, "
                   "which two passes would lead to, is not allowed)",
                   "dealer_must_choose", "B-2")


def seat_refusal(state: OfficerSkatState, seat: int) -> Verdict | None:
    """B-2: a player who passed takes no further part in choosing the game."""
    if state.phase == "declare" and any(s == seat and c == "pass" for s, c in state.calls):
        return Verdict(False, f"{state.game.seat_name(seat)} has passed and takes no further "
                       "part in choosing the game", "already_passed", "B-2")
    return None


# -- the verdict ------------------------------------------------------------------------------
def judge(state: OfficerSkatState, action: Action) -> Verdict:
    """The verdict on ``action`` for the seat to move (the engine has checked the seat)."""
    verb, args = action.verb, action.args
    phase = state.phase
    seat = state.to_move
    assert seat is not None
    who = state.game.seat_name(seat)
    if verb not in KNOWN_VERBS:
        return Verdict(False, f"'{verb}' is not an Officer Skat action; the actions are "
                       "declare C/S/H/D/grand/null/ramsch, pass, kontra, no_kontra, re, "
                       "no_re, play <card>", "unknown_action", "")
    if phase == "play" and verb in ("re", "no_re"):
        return _re_in_play(state, verb, who)
    if verb not in PHASE_VERBS[phase]:
        now = " or ".join(PHASE_VERBS[phase])
        return Verdict(False, f"this is the {phase} step of the deal: {who} must {now} "
                       f"now, not {verb}", "wrong_phase", PHASE_RULES[phase])
    wants = 1 if verb in ("declare", "play") else 0
    if len(args) != wants:
        return Verdict(False, f"'{verb}' takes {wants} argument(s), not {len(args)}",
                       "bad_notation", "")
    if verb == "declare":
        refusal = game_refusal(state, args[0])
        if refusal is not None:
            return refusal
        rule = "OS-3.2" if state.event.role == "F" else "B-2"
        return Verdict(True, f"{who} may choose {game_words(args[0], state.game.deck)} "
                       f"({rule})", "", rule)
    if verb == "pass":
        refusal = pass_refusal(state)
        return refusal or Verdict(True, f"{who} may pass (B-2)", "", "B-2")
    if phase == "kontra":
        return Verdict(True, f"{who}, the declarer's opponent, may double with Kontra or "
                       "decline (OS-7.4)", "", "OS-7.4")
    if phase == "re":
        later = ""
        if state.options.re_window == "until_opening_lead" and seat == state.forehand:
            later = (f"; a Re not said now stays open until {who} plays the opening card "
                     "(B-6)")
        return Verdict(True, f"{who}, the declarer, may answer the Kontra with Re or "
                       f"decline (OS-7.4){later}", "", "OS-7.4")
    return _play(state, seat, args[0])


def _re_in_play(state: OfficerSkatState, verb: str, who: str) -> Verdict:
    """B-6 / OS-7.4: ``re`` (or ``no_re``) once the cards are being played."""
    g = state.game
    if not state.kontra:
        return Verdict(False, f"this is the play step of the deal: {who} must play now; "
                       "Re only answers a Kontra, and no Kontra was said in this deal",
                       "wrong_phase", "OS-7.4")
    if state.re_open:
        if verb == "re":
            return Verdict(True, f"{who}, the declarer, did not say Re at step 10, but "
                           "under re_window until_opening_lead the Re window stays open "
                           f"until {who} plays the opening card: {who} may say Re now or "
                           "simply lead (B-6)", "", "B-6")
        return Verdict(False, f"{who} declines Re by leading a card: at the opening lead "
                       "there is no no_re (B-6)", "wrong_phase", "B-6")
    if verb == "no_re":
        return Verdict(False, f"this is the play step of the deal: {who} must play now, "
                       "not no_re", "wrong_phase", "OS-5.1")
    assert state.declarer is not None
    declarer = g.seat_name(state.declarer)
    if state.re:
        return Verdict(False, f"{declarer} has already said Re: the stakes are already "
                       "four times (OS-7.4)", "re_already_said", "OS-7.4")
    if state.options.re_window == "until_opening_lead" and state.declarer == state.forehand:
        closed = f"when {declarer} led the first card of the deal"
    elif state.declarer == state.forehand:
        closed = (f"at step 10, before {g.seat_name(state.dealer)}'s second face-up row "
                  "was dealt (re_window before_dealer_second_face_up_row)")
    else:
        closed = f"when {declarer} declined Re before the opening lead"
    return Verdict(False, f"the Re window closed {closed}: Re can no longer be said "
                   "(B-6)", "re_window_closed", "B-6")


def _play(state: OfficerSkatState, seat: int, code: str) -> Verdict:
    """OS-5.2 / OS-5.3 / OS-5.5: may ``seat`` play the card ``code`` now?"""
    who = state.game.seat_name(seat)
    deck, contract = state.game.deck, state.contract
    try:
        card = deck.parse(code)
    except ValueError as err:
        return Verdict(False, str(err), "unknown_card", "")
    trick = state.trick
    lead = trick.plays[0].card if trick.plays else None
    if card in state.played:
        return Verdict(False, with_suit_note(
            f"{_cap(the_card(card, deck))} has already been played", card, lead, contract,
            deck), "already_played", "OS-5.1")
    # a face-down card is refused alike whoever owns it, so explain leaks nothing (B-24)
    if card not in state.top_cards(0) and card not in state.top_cards(1):
        return Verdict(False, with_suit_note(
            f"{_cap(the_card(card, deck))} is not a face-up card: only face-up top cards can "
            "be played, and face-down cards are unknown to both players", card, lead,
            contract, deck), "card_face_down", "OS-5.2")
    if state.layout.where[card][0] != seat:
        return Verdict(False, with_suit_note(
            f"{_cap(the_card(card, deck))} is not one of {who}'s cards", card, lead,
            contract, deck), "not_your_card", "OS-2.3")
    if lead is None:
        text, rule = lead_reason(who, card, contract, deck)
        return Verdict(True, text, "", rule)
    mask = playable_mask(state, seat)  # OS-5.5, the kernel's decision
    ok = mask >> card_index(card) & 1 == 1
    tops = state.top_cards(seat)
    follow = [] if ok else [c for c in tops if mask >> card_index(c) & 1]
    text, rule = follow_reason(who, card, lead, tops, follow, contract, deck,
                               trick_order(contract))
    return Verdict(ok, text, "" if ok else "must_follow_suit", rule)


# -- the words of following (OS-5.4, OS-5.5) ---------------------------------------------------
def _cap(text: str) -> str:
    """``text`` with a capital first letter (a sentence that starts with a card)."""
    return text[:1].upper() + text[1:]


def the_card(card: Card, deck: Deck) -> str:
    """A card in a learner's words: ``"the jack of spades"`` (never its code)."""
    return f"the {deck.name(card)}"


def suit_words(suit: str | None, deck: Deck) -> str:
    """``trumps`` or the suit's name (``spades``) for an effective suit (OS-5.4)."""
    assert suit is not None  # every Skat card has an effective suit
    return "trumps" if suit == TRUMP else deck.suit_name(suit)


def _trump_words(contract: str | None, deck: Deck) -> str:
    if is_suit_game(contract):
        assert contract is not None
        return f"a trump ({deck.suit_name(contract)}) in this game"
    word = "Grand" if contract == "grand" else "Ramsch"
    return f"a trump in {word} (only jacks are trumps)"


def suit_note(card: Card, contract: str | None, deck: Deck, *, led: bool = False) -> str:
    """OS-5.4 the words for a card that changes suit, naming both suits.

    >>> from cardlab.cards import skat_pack
    >>> suit_note(Card("J", "S"), "H", skat_pack())
    'the jack of spades counts as a trump (hearts) in this game, not a spade (OS-5.4)'
    >>> suit_note(Card("J", "C"), "grand", skat_pack(), led=True)  # doctest: +NORMALIZE_WHITESPACE
    'the led card, the jack of clubs, counts as a trump in Grand (only jacks are trumps), not
    a club (OS-5.4)'
    """
    name = deck.name(card)
    plural = deck.suit_name(card.suit)
    one = _ONE_OF.get(plural, f"a card of {plural}")
    who = f"the led card, the {name}," if led else f"the {name}"
    return f"{who} counts as {_trump_words(contract, deck)}, not {one} ({SUIT_RULE})"


def changed(cards: Sequence[Card], contract: str | None) -> list[Card]:
    """The cards among ``cards`` that change suit (OS-5.4), each once, in order."""
    return list(dict.fromkeys(c for c in cards if changes_suit(c, contract)))


def rule_with_notes(rule: str, notes: Sequence[str]) -> str:
    """``rule``, with OS-5.4 beside it when a reason names a card that changes suit."""
    if not notes:
        return rule
    return "/".join(sorted({rule, SUIT_RULE}, key=lambda r: [int(x) for x in r[3:].split(".")]))


def lead_reason(who: str, card: Card, contract: str | None, deck: Deck) -> tuple[str, str]:
    """OS-5.1 (and OS-5.4): why ``who`` may lead ``card``; ``(reason, rule)``."""
    text = f"{who} leads; any face-up card may be led (OS-5.1)"
    if not changes_suit(card, contract):
        return text, "OS-5.1"
    note = suit_note(card, contract, deck)
    return f"{text}; {note}, so leading it asks for trumps", rule_with_notes("OS-5.1", [note])


def follow_reason(who: str, card: Card, lead: Card, tops: Sequence[Card],
                  follow: Sequence[Card], contract: str | None, deck: Deck,
                  order: CardOrder) -> tuple[str, str]:
    """OS-5.5 (and OS-5.4): the words for ``who`` playing ``card`` to the trick ``lead``
    began, holding the face-up ``tops``; ``(reason, rule)``.

    ``follow`` is empty for a legal card; for a refused one, the cards of ``tops`` that
    must follow (the kernel's decision). ``order`` is the card order of ``contract``,
    which names the effective suits. A reason that involves a card that changes suit
    (the led card, the card played, a card that must or need not follow) names its
    printed and its effective suit, and the rule cites OS-5.4 too.
    """
    suit_of = order.suit_of
    led = suit_of[lead]
    need = suit_words(led, deck)
    lead_note = [suit_note(lead, contract, deck, led=True)] if changes_suit(lead, contract) \
        else []
    if follow:  # must follow: refused
        with_ = " or ".join(the_card(c, deck) for c in follow)
        base = (f"{the_card(lead, deck)} leads {need}, and {who} has a face-up card of "
                f"{need}, so {who} must follow with {with_}")
        notes = lead_note + [suit_note(c, contract, deck) for c in changed(follow, contract)]
        if changes_suit(card, contract):
            own = suit_note(card, contract, deck)
            text = f"{own}, so it does not follow {need}: {base} ({FOLLOW_RULE})"
            notes = [own, *notes]
            if notes[1:]:
                text += "; " + "; ".join(notes[1:])
            return text, rule_with_notes(FOLLOW_RULE, notes)
        if not notes:
            return base, FOLLOW_RULE
        return f"{base} ({FOLLOW_RULE}): " + "; ".join(notes), \
            rule_with_notes(FOLLOW_RULE, notes)
    if suit_of[card] == led:
        notes = lead_note + [suit_note(c, contract, deck) for c in changed([card], contract)]
        text = f"{the_card(card, deck)} follows {need} ({FOLLOW_RULE})"
    else:
        # void in the led suit: a jack of the led plain suit does not oblige (OS-5.4)
        printed = [c for c in tops if c.suit == lead.suit and changes_suit(c, contract)]
        notes = lead_note + [suit_note(c, contract, deck) for c in changed(
            printed + [card], contract)]
        text = (f"{who} has no face-up card of {need}, so any face-up card may be played "
                f"({FOLLOW_RULE})")
    if notes:
        text += ": " + "; ".join(notes)
    return text, rule_with_notes(FOLLOW_RULE, notes)


def with_suit_note(reason: str, card: Card, lead: Card | None, contract: str | None,
                   deck: Deck) -> str:
    """``reason`` with the OS-5.4 words added for ``card`` and for the trick's led card
    ``lead`` (None when leading) where they change suit: for the refusals that do not turn
    on the suit (face down, not the player's, already played)."""
    notes = [suit_note(c, contract, deck, led=c == lead) for c in changed(
        [c for c in (card, lead) if c is not None], contract)]
    return "; ".join([reason, *notes])
