"""Officer Skat's play phase in words: completed tricks with their card points, and the
reasons for following (OS-5.4, OS-5.5) that name a card's printed and effective suit.

A jack in a suit game, in Grand or in Ramsch is a trump, not a card of its printed
suit (OS-5.4, :func:`~cardlab.games.officer_skat.rules.changes_suit`). Every
legality reason that turns on such a card says so, naming both suits: "the jack of
spades counts as a trump (hearts) in this game, not a spade (OS-5.4)". The other
refusals of a card (face down, not the player's, already played) add the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardlab.cards import Card, Deck
from cardlab.engine.tricks import CardOrder, Trick
from cardlab.games.officer_skat.rules import TRUMP, changes_suit, is_suit_game

__all__ = ["OfficerSkatTrick", "suit_note", "suit_words", "lead_reason", "follow_reason",
           "with_suit_note", "changed", "rule_with_notes", "FOLLOW_RULE", "SUIT_RULE"]

#: OS-5.5 following; OS-5.4 the effective suit (cited beside it when a card changes suit).
FOLLOW_RULE: Final = "OS-5.5"
SUIT_RULE: Final = "OS-5.4"
#: One card of a suit, for "not a spade" (French faces; other names read "a card of …").
_ONE_OF: Final = {"spades": "a spade", "clubs": "a club", "hearts": "a heart",
                  "diamonds": "a diamond"}


@dataclass(frozen=True)
class OfficerSkatTrick(Trick):
    """A completed trick of ``state.tricks``: the engine's trick plus its card points.

    ``points`` is the sum of the trick's card points (OS-2.2), taken by ``winner``;
    over a deal's tricks the points add up to the deal's card points
    (``state.card_points`` and ``result.figures["card_points"]``).

    >>> from cardlab.engine.tricks import Play
    >>> t = OfficerSkatTrick(0, (Play(0, Card("A", "S")), Play(1, Card("K", "S"))), "S", 0, 15)
    >>> t.points, t.as_dict()["points"]
    (15, 15)
    """

    points: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-able form, with ``points``."""
        return {**super().as_dict(), "points": self.points}


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
                  contract: str | None, deck: Deck, order: CardOrder
                  ) -> tuple[bool, str, str]:
    """OS-5.5 (and OS-5.4): may ``who`` play ``card`` to the trick ``lead`` began, holding
    the face-up ``tops``? ``(legal, reason, rule)``.

    ``order`` is the card order of ``contract`` (following is by its effective suit,
    :func:`~cardlab.games.officer_skat.rules.trick_order`). A reason that involves a
    card that changes suit (the led card, the card played, a card that must or need not
    follow) names its printed and its effective suit, and the rule cites OS-5.4 too.
    """
    suit_of = order.suit_of
    led = suit_of[lead]
    need = suit_words(led, deck)
    follow = [c for c in tops if suit_of[c] == led]
    lead_note = [suit_note(lead, contract, deck, led=True)] if changes_suit(lead, contract) \
        else []
    if follow and suit_of[card] != led:  # must follow: refused
        with_ = " or ".join(the_card(c, deck) for c in follow)
        base = (f"{the_card(lead, deck)} leads {need}, and {who} has a face-up card of {need}, so {who} must "
                f"follow with {with_}")
        notes = lead_note + [suit_note(c, contract, deck) for c in changed(follow, contract)]
        if changes_suit(card, contract):
            own = suit_note(card, contract, deck)
            text = f"{own}, so it does not follow {need}: {base} ({FOLLOW_RULE})"
            notes = [own, *notes]
            if notes[1:]:
                text += "; " + "; ".join(notes[1:])
            return False, text, rule_with_notes(FOLLOW_RULE, notes)
        if not notes:
            return False, base, FOLLOW_RULE
        return False, f"{base} ({FOLLOW_RULE}): " + "; ".join(notes), \
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
    return True, text, rule_with_notes(FOLLOW_RULE, notes)


def the_card(card: Card, deck: Deck) -> str:
    """A card in a learner's words: ``"the jack of spades"`` (never its code)."""
    return f"the {deck.name(card)}"


def with_suit_note(reason: str, card: Card, lead: Card | None, contract: str | None,
                   deck: Deck) -> str:
    """``reason`` with the OS-5.4 words added for ``card`` and for the trick's led card
    ``lead`` (None when leading) where they change suit: for the refusals that do not turn
    on the suit (face down, not the player's, already played)."""
    notes = [suit_note(c, contract, deck, led=c == lead) for c in changed(
        [c for c in (card, lead) if c is not None], contract)]
    return "; ".join([reason, *notes])
