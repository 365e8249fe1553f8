"""Cards, suits, ranks and every pack the cardlab games use.

A :class:`Card` is an immutable, hashable pair of a rank code and a suit code;
its ``str`` is its code (``"JD"``, ``"10H"``, ``"JK"``, ``"FS"``). Which
*names* a code has depends on the suit system of the pack it belongs to
(French, French with German names, or Italian Treviso), so names come from a
:class:`Deck`, never from global state.

>>> Card.parse("J♦"), Card.parse("th"), str(Card.parse("10H"))
(Card('JD'), Card('10H'), '10H')
>>> deck = treviso_pack()
>>> len(deck), deck.name(Card.parse("FS"))
(40, 'fante of spade (Vecia)')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from cardlab.errors import CardError, did_you_mean

__all__ = [
    "Card",
    "Deck",
    "FRENCH_SUITS",
    "ITALIAN_SUITS",
    "parse_card",
    "parse_cards",
    "format_cards",
    "french_pack",
    "five_hundred_pack",
    "skat_pack",
    "pandoeren_pack",
    "treviso_pack",
    "set_drawer",
    "picture",
]

#: French suit codes in cardlab's canonical order (the order of Five Hundred's bid ladder).
FRENCH_SUITS: Final = ("S", "C", "D", "H")
#: Italian (Treviso) suit codes: spade (swords), bastoni (batons), coppe (cups), denari (coins).
ITALIAN_SUITS: Final = ("S", "B", "C", "D")

#: French ranks, high to low in the plain order; 13/12/11 are six-player Five Hundred's extras.
FRENCH_RANKS: Final = ("A", "K", "Q", "J", "13", "12", "11", "10", "9", "8", "7", "6", "5", "4",
                       "3", "2")
#: Treviso ranks in pack order: asso, re, cavallo, fante, 7 … 2.
ITALIAN_RANKS: Final = ("A", "R", "C", "F", "7", "6", "5", "4", "3", "2")
#: Joker codes: the only joker, or the black and red jokers of a two-joker pack.
JOKER_RANKS: Final = ("JK", "JK1", "JK2")

SUIT_SYMBOLS: Final = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
_SYMBOL_TO_SUIT: Final = {"♠": "S", "♤": "S", "♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H",
                          "♡": "H"}

FRENCH_SUIT_NAMES: Final = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}
GERMAN_SUIT_NAMES: Final = {"S": "leaves", "C": "acorns", "D": "bells", "H": "hearts"}
ITALIAN_SUIT_NAMES: Final = {"S": "spade", "B": "bastoni", "C": "coppe", "D": "denari"}

FRENCH_RANK_NAMES: Final = {
    "A": "ace", "K": "king", "Q": "queen", "J": "jack", "13": "thirteen", "12": "twelve",
    "11": "eleven", "10": "ten", "9": "nine", "8": "eight", "7": "seven", "6": "six",
    "5": "five", "4": "four", "3": "three", "2": "two",
}
GERMAN_RANK_NAMES: Final = {**FRENCH_RANK_NAMES, "A": "deuce (Daus)", "K": "king", "Q": "Ober",
                            "J": "Unter"}
ITALIAN_RANK_NAMES: Final = {
    "A": "asso", "R": "re", "C": "cavallo", "F": "fante", "7": "seven", "6": "six", "5": "five",
    "4": "four", "3": "three", "2": "two",
}
JOKER_NAMES: Final = {"JK": "joker", "JK1": "black joker", "JK2": "red joker"}
#: Panfin's two fanti that act as jokers (B2.1).
ITALIAN_SPECIAL_NAMES: Final = {"FS": "Vecia", "FB": "Gobbo"}

_RANK_ALIASES: Final = {"T": "10", "1": "A", "RE": "R"}
#: a pack's suit system → its suit and rank names
_SUIT_NAMES_BY_SYSTEM: Final = {"french": FRENCH_SUIT_NAMES, "german": GERMAN_SUIT_NAMES,
                                "italian": ITALIAN_SUIT_NAMES}
_RANK_NAMES_BY_SYSTEM: Final = {"french": FRENCH_RANK_NAMES, "german": GERMAN_RANK_NAMES,
                                "italian": ITALIAN_RANK_NAMES}


#: how a card, a pack or a deal draws itself in a notebook: ``(kind, thing, html)`` → its
#: picture (SVG, or with ``html`` the same as an ``<img>``). The pictures are the render
#: layer's, above this one, so nothing here imports it: the package root installs a drawer
#: (:func:`set_drawer`) that loads the render layer when a picture is first asked for.
_DRAWER: list[Callable[[str, Any, bool], str]] = []


def set_drawer(draw: Callable[[str, Any, bool], str]) -> None:
    """Install ``draw`` as the drawer of :func:`picture` (the package root does)."""
    _DRAWER[:] = [draw]


def picture(kind: str, thing: Any, html: bool = False) -> str | None:
    """The notebook picture of ``thing`` (``kind``: ``"card"``, ``"deck"`` or ``"state"``),
    or None where no drawer is installed (Jupyter then shows the text form)."""
    return _DRAWER[0](kind, thing, html) if _DRAWER else None


class Card:
    """One playing card: a rank code and a suit code (empty for a joker).

    Cards are interned, immutable and hashable; ``str(card)`` is the code and
    ``repr(card)`` a constructor call that can be pasted back.

    >>> Card("J", "D") is Card.parse("JD")
    True
    """

    __slots__ = ("rank", "suit", "_code")
    rank: str
    suit: str
    _code: str
    _interned: dict[tuple[str, str], Card] = {}

    def __new__(cls, rank: str, suit: str = "") -> Card:
        key = (rank, suit)
        card = cls._interned.get(key)
        if card is None:
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "_code", rank + suit)
            cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, ...]:  # pickles to the interned instance
        return (Card, (self.rank, self.suit))

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card({self._code!r})"

    def __lt__(self, other: Card) -> bool:  # only for stable sorting of mixed sets
        return self._code < other._code

    def _repr_svg_(self) -> str | None:  # a card draws itself in Jupyter
        return picture("card", self)

    def _repr_html_(self) -> str | None:  # the same picture as an <img>: shown in untrusted notebooks too
        return picture("card", self, html=True)

    @property
    def code(self) -> str:
        """The ASCII code, e.g. ``'10H'``."""
        return self._code

    @property
    def is_joker(self) -> bool:
        """True for ``JK``, ``JK1`` and ``JK2``."""
        return self.rank in JOKER_RANKS

    def unicode(self) -> str:
        """The code with a French suit symbol (``'J♦'``); other codes unchanged."""
        if self.suit in SUIT_SYMBOLS and self.rank in FRENCH_RANKS:
            return self.rank + SUIT_SYMBOLS[self.suit]
        return self._code

    @classmethod
    def parse(cls, token: str, deck: Deck | None = None) -> Card:
        """Parse a card code (ASCII or Unicode); see :func:`parse_card`."""
        return parse_card(token, deck)


def _split_code(text: str) -> tuple[str, str] | None:
    if text in JOKER_RANKS or text in ("JOKER", "🃏"):
        return ("JK" if text in ("JOKER", "🃏") else text, "")
    if len(text) < 2:
        return None
    rank, suit = text[:-1], text[-1]
    suit = _SYMBOL_TO_SUIT.get(suit, suit)
    rank = _RANK_ALIASES.get(rank, rank)
    if rank in FRENCH_RANKS and suit in FRENCH_SUITS:
        return rank, suit
    if rank in ITALIAN_RANKS and suit in ITALIAN_SUITS:
        return rank, suit
    return None


def parse_card(token: str, deck: Deck | None = None) -> Card:
    """Parse one card code: rank then suit, ``JK``/``JK1``/``JK2`` for jokers.

    Accepts ``10H``/``TH``, Unicode suits (``J♦``) and any letter case. With a
    ``deck`` the card must belong to it.

    :raises CardError: naming the token and what was expected.

    >>> parse_card("2Z")
    Traceback (most recent call last):
    ...
    cardlab.errors.CardError: unknown card '2Z': expected a rank (A K Q J 10 9 … 2, or A R C F 7 … 2 for Italian cards) then a suit (S C D H, or S B C D), or JK
    """
    if not isinstance(token, str):
        raise CardError(f"a card code must be a string, not {type(token).__name__}",
                        code="unknown_card")
    text = token.strip().upper()
    parts = _split_code(text)
    if parts is None:
        hint = ""
        if deck is not None:
            expected = deck.expected_codes()
            # a misspelling of the pack's codes gets the closest ones ('QX': QS, QH or QD?)
            hint = did_you_mean(text, deck.codes(), n=4, cutoff=0.5)
        else:
            expected = ("a rank (A K Q J 10 9 … 2, or A R C F 7 … 2 for Italian cards) then a "
                        "suit (S C D H, or S B C D), or JK")
        raise CardError(f"unknown card {token!r}{hint}: expected {expected}", code="unknown_card")
    card = Card(*parts)
    if deck is not None and card not in deck:
        raise CardError(f"card {token!r} is not in the {deck.title}", code="card_not_in_pack")
    return card


def parse_cards(text: str | Iterable[str | Card], deck: Deck | None = None) -> list[Card]:
    """Parse a space- or comma-separated list of card codes (or pass cards through).

    >>> parse_cards("AS, 10H JK")
    [Card('AS'), Card('10H'), Card('JK')]
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = text.replace(",", " ").split()
    else:
        tokens = text
    return [t if isinstance(t, Card) else parse_card(t, deck) for t in tokens]


def format_cards(cards: Iterable[Card], *, unicode: bool = False) -> str:
    """Card codes joined by spaces, ASCII by default."""
    return " ".join(c.unicode() if unicode else c.code for c in cards)


class Deck(tuple):  # type: ignore[type-arg]
    """A pack in canonical order (a tuple of :class:`Card`) that knows its suit system.

    ``system`` is ``"french"``, ``"german"`` (French codes, German names) or
    ``"italian"``; it decides names only. ``index(card)`` is the card's
    position, the basis of bitmask and array encodings.
    """

    title: str
    system: str
    _index: dict[Card, int]
    _by_code: dict[str, Card]

    def __new__(cls, cards: Iterable[Card], *, title: str, system: str = "french") -> Deck:
        self = super().__new__(cls, tuple(cards))
        if len(set(self)) != len(self):
            raise ValueError(f"{title}: a card appears twice")
        self.title = title
        self.system = system
        self._index = {c: i for i, c in enumerate(self)}
        # a canonical code names exactly one card, so ``parse`` can look it up directly
        self._by_code = {c.code: c for c in self}
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_deck, (tuple(self), self.title, self.system))

    def __contains__(self, card: object) -> bool:
        return card in self._index

    def index(self, card: Card, *args: int) -> int:  # type: ignore[override]
        """Position of ``card`` in canonical order."""
        try:
            return self._index[card]
        except KeyError:
            raise CardError(f"card '{card}' is not in the {self.title}",
                            code="card_not_in_pack") from None

    def codes(self) -> frozenset[str]:
        """The codes of this pack's cards."""
        codes = getattr(self, "_codes", None)
        if codes is None:
            codes = frozenset(c.code for c in self)
            self._codes = codes
        return codes

    def parse(self, token: str | Card) -> Card:
        """Parse a card code that must belong to this pack."""
        card = self._by_code.get(token) if type(token) is str else None  # the usual case
        if card is not None:
            return card
        return token if isinstance(token, Card) and token in self else parse_card(str(token), self)

    def parse_many(self, text: str | Iterable[str | Card]) -> list[Card]:
        """Parse several codes that must belong to this pack."""
        return parse_cards(text, self)

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        """Cards in this pack's canonical order."""
        return sorted(cards, key=self._index.__getitem__)

    def suits(self) -> tuple[str, ...]:
        """The suit codes of this pack's system."""
        return ITALIAN_SUITS if self.system == "italian" else FRENCH_SUITS

    def expected_codes(self) -> str:
        """Words for what a card code of this pack looks like (for error messages)."""
        ranks = []
        for c in self:
            if c.rank not in ranks and not c.is_joker:
                ranks.append(c.rank)
        suits = " ".join(s for s in self.suits() if any(c.suit == s for c in self))
        text = f"a rank ({' '.join(ranks)}) then a suit ({suits})"
        jokers = [c.code for c in self if c.is_joker]
        if jokers:
            text += ", or " + "/".join(jokers)
        return text

    def suit_name(self, suit: str) -> str:
        """The suit's name in this pack's system (``'hearts'``, ``'bastoni'``)."""
        return _SUIT_NAMES_BY_SYSTEM[self.system].get(suit, suit)

    def rank_name(self, rank: str) -> str:
        """The rank's name in this pack's system."""
        if rank in JOKER_NAMES:
            return JOKER_NAMES[rank]
        return _RANK_NAMES_BY_SYSTEM[self.system].get(rank, rank)

    def name(self, card: Card) -> str:
        """The card's full name: ``'jack of diamonds'``, ``'fante of spade (Vecia)'``."""
        if card.is_joker:
            return JOKER_NAMES[card.rank]
        text = f"{self.rank_name(card.rank)} of {self.suit_name(card.suit)}"
        if self.system == "italian" and card.code in ITALIAN_SPECIAL_NAMES:
            text += f" ({ITALIAN_SPECIAL_NAMES[card.code]})"
        return text

    def __repr__(self) -> str:
        return f"<Deck {self.title}: {format_cards(self)}>"

    def _repr_svg_(self) -> str | None:  # the whole pack, one row per suit
        return picture("deck", self)

    def _repr_html_(self) -> str | None:  # the same picture as an <img>: shown in untrusted notebooks too
        return picture("deck", self, html=True)


def _rebuild_deck(cards: tuple[Card, ...], title: str, system: str) -> Deck:
    return Deck(cards, title=title, system=system)


def french_pack(ranks_by_suit: Mapping[str, Sequence[str]], *, jokers: Sequence[str] = (),
                title: str, system: str = "french") -> Deck:
    """A French-suited pack: the given ranks of each suit (canonical order) plus jokers."""
    cards = [Card(rank, suit) for suit in FRENCH_SUITS for rank in FRENCH_RANKS
             if rank in ranks_by_suit.get(suit, ())]
    cards += [Card(j) for j in jokers]
    return Deck(cards, title=title, system=system)


def _ranks_down_to(lowest: str) -> tuple[str, ...]:
    plain = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
    return plain[: plain.index(lowest) + 1]


def five_hundred_pack(size: int | str = 43) -> Deck:
    """Five Hundred's packs (rules 5H-2): 33, 43, 45, 46, 53, 63 cards, or the
    43-card variant ``"43_spade_diamond_4s_removed"``.

    >>> [len(five_hundred_pack(n)) for n in (33, 43, 45, 46, 53, 63)]
    [33, 43, 45, 46, 53, 63]
    """
    key = str(size)
    to = _ranks_down_to
    if key == "33":
        ranks = {s: to("7") for s in FRENCH_SUITS}
        return french_pack(ranks, jokers=("JK",), title="33-card Five Hundred pack")
    if key == "43":
        ranks = {"S": to("5"), "C": to("5"), "D": to("4"), "H": to("4")}
        return french_pack(ranks, jokers=("JK",), title="43-card Five Hundred pack")
    if key == "43_spade_diamond_4s_removed":
        ranks = {"S": to("5"), "C": to("4"), "D": to("5"), "H": to("4")}
        return french_pack(ranks, jokers=("JK",), title="43-card Five Hundred pack (4♠ 4♦ out)")
    if key == "45":
        ranks = {s: to("4") for s in FRENCH_SUITS}
        return french_pack(ranks, jokers=("JK",), title="45-card Five Hundred pack")
    if key == "46":
        ranks = {s: to("4") for s in FRENCH_SUITS}
        return french_pack(ranks, jokers=("JK1", "JK2"), title="46-card Five Hundred pack")
    if key == "53":
        ranks = {s: to("2") for s in FRENCH_SUITS}
        return french_pack(ranks, jokers=("JK",), title="53-card Five Hundred pack")
    if key == "63":
        ranks = {s: (*to("2"), "11", "12") for s in FRENCH_SUITS}
        ranks["D"] = (*ranks["D"], "13")
        ranks["H"] = (*ranks["H"], "13")
        return french_pack(ranks, jokers=("JK",), title="63-card Five Hundred pack")
    raise ValueError(f"no Five Hundred pack of size {size!r}; expected one of 33, 43, 45, 46, 53, "
                     "63, '43_spade_diamond_4s_removed'")


def skat_pack(faces: str = "french") -> Deck:
    """The 32-card Skat pack (A K Q J 10 9 8 7 in each suit); ``faces="german"``
    keeps the French codes and gives German names."""
    if faces not in ("french", "german"):
        raise ValueError(f"faces must be 'french' or 'german', not {faces!r}")
    ranks = {s: _ranks_down_to("7") for s in FRENCH_SUITS}
    return french_pack(ranks, title="32-card Skat pack", system=faces)


def pandoeren_pack() -> Deck:
    """Pandoeren's 33 cards: 7 to A in each suit plus the six of hearts (A2.1)."""
    ranks: dict[str, Sequence[str]] = {s: _ranks_down_to("7") for s in FRENCH_SUITS}
    ranks["H"] = _ranks_down_to("6")
    return french_pack(ranks, title="33-card Pandoeren pack")


def treviso_pack() -> Deck:
    """The Italian 40-card Treviso pack: spade, bastoni, coppe, denari; A R C F 7 … 2."""
    cards = [Card(rank, suit) for suit in ITALIAN_SUITS for rank in ITALIAN_RANKS]
    return Deck(cards, title="40-card Treviso pack", system="italian")
