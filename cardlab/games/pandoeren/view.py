"""What one seat of a Pandoeren deal may see: the view dict of the helper brief's schema.

Only this module decides what is shown (STYLE §5). A seat sees its own hand,
the kijkkaart until the declarer picks it up, hands exposed by an ouvert contract
or a praatje (A2.9), the tricks, and the partner only once the partnership is
public (A2.7.3) — or, for the partner herself, from the call. The called card
is shown in words (``"ace of spades"``), never as a code, because the code is a
card still hidden in someone's hand.

Card points (A2.3) are public, since the cards of a trick are face up: ``last_trick``
and each of ``tricks`` carry the trick's ``points`` (the last trick's +5 included), and
``card_points`` keeps the running total per seat (each seat is a side of the match),
so twin deals that differ only in hidden cards still give the same view. Stuk is
listed under ``stuk`` once announced: by hand with ``roem_announce="manual"``, else
when the engine announces it (A2.10.3: the declarer at her lead to trick 1, the
partner once the partnership is public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.cards import FRENCH_SUIT_NAMES, Card

if TYPE_CHECKING:
    from cardlab.games.pandoeren.state import PandoerenState

__all__ = ["build_view", "known_partner", "card_name", "points_words"]

#: plain words for the ranks of the 33-card pack
RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine",
              "8": "eight", "7": "seven", "6": "six"}
#: the trump ranks with a name of their own (glossary: jas, nel)
TRUMP_NAMES = {"J": "jas", "9": "nel"}


def card_name(card: Card, trump: str | None = None) -> str:
    """Plain words for a card: ``'jack of hearts (jas)'``, ``'nine of hearts (nel)'``."""
    text = f"{RANK_WORDS[card.rank]} of {FRENCH_SUIT_NAMES[card.suit]}"
    if card.suit == trump and card.rank in TRUMP_NAMES:
        text += f" ({TRUMP_NAMES[card.rank]})"
    return text


def points_words(n: int) -> str:
    """``'1 point'``, ``'24 points'``."""
    return f"{n} point" + ("" if n == 1 else "s")


def known_partner(state: PandoerenState, seat: int | None) -> int | None:
    """The partner as ``seat`` knows it: public, or the partner herself (A2.7.3)."""
    if state.partner is None:
        return None
    if state.partner_public or seat == state.partner:
        return state.partner
    return None


def _hands(state: PandoerenState, seat: int | None) -> list[dict[str, Any]]:
    names = state.game.seat_names
    out = []
    for s in range(4):
        cards = state.hands[s]
        face_up = s in state.exposed
        shown = face_up or s == seat
        out.append({"seat": s, "name": names[s], "cards": [c.code for c in cards] if shown
                    else None, "count": len(cards), "face_up": face_up, "active": True})
    return out


def _extras(state: PandoerenState, seat: int | None) -> list[dict[str, Any]]:
    extras: list[dict[str, Any]] = []
    if state.phase == "auction" or (state.phase == "done" and state.bid is None):
        extras.append({"label": "kijkkaart", "cards": [state.kijkkaart.code], "count": 1})
    if state.discarded is not None:
        # P-A23: the others see one face-down card, never whether it is the kijkkaart
        mine = seat is not None and seat == state.declarer
        extras.append({"label": "discard", "cards": [state.discarded.code] if mine else None,
                       "count": 1})
    return extras


def _info(state: PandoerenState, seat: int | None, partner: int | None) -> list[str]:
    names = state.game.seat_names
    lines: list[str] = []
    if state.phase == "auction":
        lines.append(f"Auction: {names[state.forehand]} (forehand) spoke first; bid higher "
                     "or pass.")
    if state.bid is not None and state.declarer is not None:
        lines.append(f"Contract: {state.bid.label} by {names[state.declarer]} "
                     f"({state.bid.kind.objective}).")
    if state.called is not None:
        lines.append(f"{names[state.declarer or 0]} called the {card_name(state.called)}.")
    if partner is not None:
        lines.append(f"{names[partner]} is {names[state.declarer or 0]}'s partner"
                     + ("." if state.partner_public else " (only you know this)."))
    if state.bid is not None and state.bid.kind.name == "praatje" and state.exposed:
        lines.append("Praatje: all hands are open and the defenders may talk.")
    if state.bid is not None and state.bid.kind.name == "stil_praatje" and state.exposed:
        lines.append("Stil praatje: all hands are open; the defenders may not confer.")
    for s in range(4):
        if state.roem_was_announced(s) and state.roem_of(s) and state.bid is not None \
                and state.bid.kind.counts_roem:
            lines.append(f"{names[s]} announced {state.roem_of(s)} roem.")
        if state.stuk_was_announced(s):
            lines.append(f"{names[s]} announced stuk.")
    if state.phase == "done":
        res = state.result
        if res is not None:
            lines += list(res.breakdown)
    return lines


def build_view(state: PandoerenState, seat: int | None) -> dict[str, Any]:
    """The view of ``state`` for ``seat`` (None: a spectator), JSON-able."""
    game = state.game
    names = game.seat_names
    partner = known_partner(state, seat)
    trick = state.trick.plays if state.trick is not None else ()
    last = state.tricks[-1] if state.tricks else None
    tricks_won = {n: 0 for n in names}
    card_points = {n: 0 for n in names}  # A2.3 running, per seat (every seat is a side)
    for t in state.tricks:
        tricks_won[names[t.winner]] += 1  # type: ignore[index]
        card_points[names[t.winner]] += t.points  # type: ignore[index]
    res = state.result
    to_move = state.to_move
    legal = ([str(a) for a in state.legal_actions()]
             if to_move is not None and (seat is None or seat == to_move) else [])
    view = {
        "game": game.name, "title": game.title, "phase": state.phase, "seat": seat,
        "to_move": to_move, "dealer": state.dealer, "seat_names": list(names),
        "hands": _hands(state, seat), "piles": None, "extras": _extras(state, seat),
        "trick": [{"seat": p.seat, "card": p.card.code, "note": ""} for p in trick],
        "trick_leader": state.trick.leader if state.trick is not None else None,
        "trick_suit": state.trick.suit if state.trick is not None and trick else None,
        "last_trick": None if last is None else {
            "leader": last.leader, "plays": [p.as_dict() for p in last.plays],
            "winner": last.winner, "points": last.points},
        "tricks_won": tricks_won,
        "auction": [{"seat": s, "call": c} for s, c in state.auction.calls],
        "contract": state.bid.word if state.bid is not None else None,
        "declarer": state.declarer, "trump": state.trump,
        "scores": dict(res.points) if res is not None else {},
        "chips": None, "info": _info(state, seat, partner), "legal": legal,
        # Pandoeren's own keys
        "partner": partner, "partner_public": state.partner_public,
        "called": card_name(state.called) if state.called is not None else None,
        "called_suit": state.called.suit if state.called is not None else None,
        "called_rank": state.called.rank if state.called is not None else None,
        "trump_name": FRENCH_SUIT_NAMES[state.trump] if state.trump else None,
        "exposed": sorted(state.exposed),
        # A2.9 / P-A22: the table says whether the defenders may talk (it carries no talk)
        "talk_allowed": bool(state.bid is not None and state.bid.kind.name == "praatje"
                             and state.exposed),
        "roem": {names[s]: state.roem_of(s) for s in range(4)
                 if state.bid is not None and state.bid.kind.counts_roem
                 and state.roem_was_announced(s) and state.roem_of(s)},
        "stuk": [names[s] for s in range(4) if state.stuk_was_announced(s)],
        # A2.3 the card points of the completed tricks, by the seat that won them (public:
        # tricks are face up; the discard is in no trick)
        "card_points": card_points,
        "trick_number": len(state.tricks) + (1 if state.phase == "play" else 0),
        "tricks": [t.as_dict() for t in state.tricks],
    }
    return view
