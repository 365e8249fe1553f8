"""Card faces and spoken labels for the widgets, from a game's pack and card order.

The front end knows no rules and no names: for every card the view shows,
Python sends its face (rank and suit text), its full name and its role under
the contract ("left bower, trump"), so the JS only copies them into the DOM.
The pictures of the faces come once per pack (:func:`pack_faces`), drawn by
``cardlab.render``, so the live table and a saved picture show the same cards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from cardlab.cards import Card
from cardlab.engine.game import Game
from cardlab.engine.protocols import GameLike

__all__ = ["card_face", "card_roles", "pack_faces", "parse_code"]

#: suit symbols on the card faces, per suit system
SUIT_TEXT: Final = {
    "french": {"S": "♠", "C": "♣", "D": "♦", "H": "♥"},
    "german": {"S": "♠", "C": "♣", "D": "♦", "H": "♥"},
    # Treviso suits have no Unicode symbols: short words the learner can read
    "italian": {"S": "sp", "B": "ba", "C": "co", "D": "de"},
}
#: joker faces
JOKER_TEXT: Final = {"JK": "★", "JK1": "★", "JK2": "★"}


def parse_code(game: GameLike, code: Any) -> Card | None:
    """The card of ``game``'s pack named by ``code``, or None if it is not one."""
    if not isinstance(code, str) or len(code) > 8:
        return None
    try:
        return game.deck.parse(code)
    except ValueError:
        return None


def card_face(game: Game, card: Card) -> dict[str, str]:
    """What a card shows: ``{"rank": "10", "suit": "H", "sym": "♥", "name": "ten of hearts"}``."""
    system = game.deck.system
    if card.is_joker:
        return {"rank": JOKER_TEXT.get(card.rank, "★"), "suit": "", "sym": "",
                "name": game.deck.name(card), "system": system}
    return {"rank": card.rank, "suit": card.suit,
            "sym": SUIT_TEXT.get(system, {}).get(card.suit, card.suit),
            "name": game.deck.name(card), "system": system}


@lru_cache(maxsize=256)
def _order(game: Game, contract: str | None) -> tuple[frozenset[str], tuple[tuple[str, str], ...]]:
    try:
        order = game.card_order(contract)
    except Exception:  # a game without card orders, or a contract it does not list
        return frozenset(), ()
    trumps = frozenset(str(c) for c in order.get("trumps", []) or [])
    special = tuple((str(k), str(v)) for k, v in (order.get("special") or {}).items())
    return trumps, special


def card_roles(game: Game, contract: str | None, code: str) -> list[str]:
    """Role words of a card under ``contract``: ``["left bower", "trump"]`` or ``[]``."""
    if contract is None:
        return []
    trumps, special = _order(game, contract)
    words = [text for k, text in special if k == code]
    if code in trumps and not any("trump" in w for w in words):
        words.append("trump")
    return words


@lru_cache(maxsize=32)
def pack_faces(game: Game, four_colour: bool = False) -> dict[str, dict[str, str]]:
    """The face of every card of ``game``'s pack, drawn by ``cardlab.render``
    (:func:`cardlab.render.face_parts`): code → ``{"svg", "pip", "index", "ink"}``.

    The whole pack, whatever the deal: it tells nothing about where a card lies. A
    card the renderer cannot draw (a code of another pack) gets no entry; the front
    end then writes its rank and suit instead.
    """
    from cardlab.render import face_parts

    system = game.deck.system
    faces: dict[str, dict[str, str]] = {}
    for card in game.deck:
        try:
            faces[card.code] = face_parts(card, system=system, four_colour=four_colour)
        except (ValueError, KeyError):
            continue
    return faces
