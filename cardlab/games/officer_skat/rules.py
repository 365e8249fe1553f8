"""Officer Skat as data: card points, ladders, base values, the scoring numbers, the deal
schedule, the options.

Everything a rule needs to look up lives here as a table citing the rulebook
(``docs/rules/officer_skat.md``); :func:`trick_order` turns the ladders into the
one :class:`~cardlab.engine.tricks.CardOrder` per game that the effective suits,
``explain`` and the view read (STYLE §5, OpenSpiel item 5), and :func:`kernel_tables`
turns the same orders and numbers into the flat tables of
:mod:`~cardlab.games.officer_skat.kernel`, which decides legality, the trick winner
and the deal's points for the teaching engine and the batch simulator alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, NamedTuple

from cardlab.cards import FRENCH_SUITS, Card, skat_pack
from cardlab.engine.options import option
from cardlab.engine.tricks import CardOrder
from cardlab.games.officer_skat.kernel import (
    CARDS,
    LADDER_SLOTS,
    NO_CARD,
    NO_SUIT,
    SUIT_SLOTS,
    TRUMP_SUIT,
)

__all__ = [
    "CARD_POINTS", "TRUMP_JACKS", "PLAIN_LADDER", "NULL_LADDER", "SUITS", "BASE_VALUES",
    "GAME_WORDS", "TOTAL_POINTS", "TRUMP", "OfficerSkatOptions", "PRESETS", "trick_order",
    "trump_cards", "is_suit_game", "deal_events", "DealEvent", "changes_suit", "trick_points",
    "GAME_CALLS", "TRICKS", "WIN_POINTS", "NULL_WIN_BELOW", "SCHNEIDER_LINE", "SCHNEIDER_FACTOR",
    "SCHWARZ_FACTOR", "KONTRA_FACTOR", "RE_FACTOR", "MATCH_POINTS", "MATADOR_RUN",
    "PACK_ORDER", "card_index", "KernelTables", "kernel_tables", "call_meanings",
]

#: OS-2.2 card points; every suit holds 30, the pack 120.
CARD_POINTS: Final = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
#: OS-2.2 the pack's total.
TOTAL_POINTS: Final = 120
#: OS-4 the four jacks, high to low (♣ ♠ ♥ ♦): the only trumps in Grand and Ramsch.
TRUMP_JACKS: Final = ("JC", "JS", "JH", "JD")
#: OS-4 / OS-5.6 a plain suit (and the trump suit below the jacks), high to low.
PLAIN_LADDER: Final = ("A", "10", "K", "Q", "9", "8", "7")
#: OS-4 / OS-5.6 every suit in Null, high to low (jacks are ordinary cards).
NULL_LADDER: Final = ("A", "K", "Q", "J", "10", "9", "8", "7")
#: OS-4 the suits in the order of their base values, high to low (♣ ♠ ♥ ♦).
SUITS: Final = ("C", "S", "H", "D")
#: OS-4 base values (OS-7.2); Null's value is the option ``null_value`` (B-20).
BASE_VALUES: Final = {"C": 12, "S": 11, "H": 10, "D": 9, "grand": 24}
#: The effective suit of a trump (OS-5.4).
TRUMP: Final = "T"
#: DESIGN §2.2 the arguments of ``declare``, in the order legal_actions lists them (a
#: contract's index here is its number in the kernel's tables).
GAME_CALLS: Final = ("C", "S", "H", "D", "grand", "null", "ramsch")
#: OS-5.1 a deal has 16 tricks of 2 cards.
TRICKS: Final = 16
#: OS-6.1 the declarer of a suit game or Grand needs this many card points (60–60 loses).
WIN_POINTS: Final = 61
#: OS-6.4 the Null declarer (``null_mode="fewest_points"``) needs fewer card points than
#: this, half the pack (60–60 goes to the opponent).
NULL_WIN_BELOW: Final = TOTAL_POINTS // 2
#: OS-6.2 / B-11 the Schneider line, the most card points a Schneider loser has: fewer
#: than 30 (``lt30``) or at most 30 (``le30``).
SCHNEIDER_LINE: Final = {"lt30": 29, "le30": 30}
#: OS-7.2 the game value's factor for Schneider, and for Schwarz (instead).
SCHNEIDER_FACTOR: Final = 2
SCHWARZ_FACTOR: Final = 4
#: OS-7.4 the factor of Kontra, and of Kontra with Re (B-18: under every scoring method).
KONTRA_FACTOR: Final = 2
RE_FACTOR: Final = 4
#: OS-7.5 method C: points to the winner, by how badly the loser lost; a 60–60 tie gives 1 each.
MATCH_POINTS: Final = {"plain": 2, "schneider": 3, "schwarz": 4, "tie": 1}
#: OS-7.1 / B-14 the longest run of matadors each ``matadors`` option counts.
MATADOR_RUN: Final = {"jacks_only": 4, "full_trump_sequence": LADDER_SLOTS}
#: Words for each kind of game (French names; German names come from the pack).
GAME_WORDS: Final = {"grand": "Grand", "null": "Null", "ramsch": "Ramsch"}


@dataclass(frozen=True, kw_only=True)
class OfficerSkatOptions:
    """Rule options of Officer Skat (OS-9); the defaults are rule set ``officers_skat``."""

    faces: str = option("french", choices=("french", "german"), source="OS-2.1",
                        doc="suit and rank names only")
    choose_after_face_up: int = option(4, choices=(4, 8), source="B-4")
    null_allowed: bool = option(True, choices=(True, False), source="SEED-OS")
    null_mode: str = option("fewest_points", choices=("fewest_points", "no_tricks"), source="B-3")
    null_value: int = option(23, choices=(23, 46), source="B-20", scoring_only=True)
    ramsch_allowed: bool = option(False, choices=(False, True), source="B-2")
    pass_allowed: bool = option(False, choices=(False, True), source="B-2")
    kontra_re: bool = option(True, choices=(True, False), source="SEED-OS")
    re_window: str = option("before_dealer_second_face_up_row",
                            choices=("before_dealer_second_face_up_row", "until_opening_lead"),
                            source="B-6")
    schneider: str = option("lt30", choices=("lt30", "le30"), source="B-11", scoring_only=True)
    schwarz: str = option("zero_points", choices=("zero_points", "no_tricks"),
                          source="B-12", scoring_only=True)
    schneider_schwarz_against_declarer: bool = option(True, choices=(True, False),
                                                      source="B-13", scoring_only=True)
    matadors: str = option("jacks_only", choices=("jacks_only", "full_trump_sequence"),
                           source="B-14", scoring_only=True)
    game_value: str = option("multiplicative", choices=("multiplicative", "isko_levels"),
                             source="B-16", scoring_only=True)
    scoring_method: str = option("game_value", choices=("game_value", "base_doubled_schneider",
                                                        "card_points", "match_points"),
                                 source="OS-7.5", scoring_only=True)
    method_a_schwarz_factor: int = option(2, choices=(2, 4), source="B-19", scoring_only=True)
    loss_factor: int = option(2, choices=(2, 1), source="B-17", scoring_only=True)
    kontra_scope: str = option("all_methods", choices=("all_methods", "game_value_only"),
                               source="OS-7.4", scoring_only=True)
    match_deals: int = option(4, kind=int, bounds=(2, 200), step=2, source="B-22",
                              doc="an even number of deals, 2 to 200")
    target: int | None = option(None, kind=int, bounds=(1, 10_000), source="B-22",
                                doc="None, or a score to reach, 1 to 10000")

    def __post_init__(self) -> None:
        # The generic checker cannot say "an even number" or "None or an int": check here.
        md = self.match_deals
        if isinstance(md, bool) or not isinstance(md, int) or md < 2 or md % 2:
            raise ValueError(f"officer_skat: option match_deals={md!r} is not valid; expected "
                             "an even number of deals (2, 4, 6 …)")
        t = self.target
        if t is not None and (isinstance(t, bool) or not isinstance(t, int) or t <= 0):
            raise ValueError(f"officer_skat: option target={t!r} is not valid; expected None "
                             "or a positive score")


#: OS-9 the named rule sets: only the default is named by the rulebook.
PRESETS: Final[dict[str, dict[str, Any]]] = {"officers_skat": {}}


def is_suit_game(contract: str | None) -> bool:
    """True for ``C``/``S``/``H``/``D``: a suit game with that trump suit (OS-4)."""
    return contract in SUITS


#: OS-5.6 the jacks' strength: above every other card's (whose strength is its place in
#: its ladder, 1 to 8), so that one number orders any two cards in a game with trumps.
JACK_POWER: Final = {code: 100 - i for i, code in enumerate(TRUMP_JACKS)}
#: OS-2.1 the ranks of the 32-card pack (every suit A K Q J 10 9 8 7).
_PACK_RANKS: Final = NULL_LADDER


@cache
def trick_order(contract: str | None) -> CardOrder:
    """OS-4 / OS-5.4 / OS-5.6 the card order of ``contract`` (``'C' 'S' 'H' 'D'``,
    ``'grand'``, ``'null'``, ``'ramsch'``, or None before a game is chosen).

    The effective suit of a trump is :data:`TRUMP` (``'T'``): the four jacks, and in a
    suit game the trump suit's cards; every other card keeps its printed suit (in Null,
    and before a game is chosen, every card). Trumps rank J♣ J♠ J♥ J♦ then A 10 K Q 9 8 7
    of the trump suit; plain suits A 10 K Q 9 8 7; in Null every suit runs
    A K Q J 10 9 8 7.

    >>> order = trick_order("H")
    >>> order.effective_suit(Card("J", "C")), order.effective_suit(Card("A", "H"))
    ('T', 'T')
    >>> trick_order("null").effective_suit(Card("J", "C")), trick_order("grand").trump
    ('C', 'T')
    """
    null = contract == "null"
    suit_of: dict[Card, str | None] = {}
    power: dict[Card, int] = {}
    plain = {r: len(PLAIN_LADDER) - i for i, r in enumerate(PLAIN_LADDER)}
    for suit in FRENCH_SUITS:
        for rank in _PACK_RANKS:
            card = Card(rank, suit)
            if null:
                suit_of[card] = suit
                power[card] = len(NULL_LADDER) - NULL_LADDER.index(rank)
                continue
            trump = contract is not None and (rank == "J" or suit == contract)
            suit_of[card] = TRUMP if trump else suit
            power[card] = JACK_POWER[card.code] if rank == "J" else plain[rank]
    return CardOrder(suit_of=suit_of, power=power,
                     trump=None if null or contract is None else TRUMP)


def changes_suit(card: Card, contract: str | None) -> bool:
    """OS-5.4: True if ``card`` does not belong to its printed suit in ``contract``.

    That is a jack in a suit game (other than the trump suit's own jack, which stays
    with its suit among the trumps), in Grand and in Ramsch; never in Null.

    >>> changes_suit(Card("J", "S"), "H"), changes_suit(Card("J", "H"), "H")
    (True, False)
    >>> changes_suit(Card("J", "S"), "grand"), changes_suit(Card("J", "S"), "null")
    (True, False)
    """
    return trick_order(contract).suit_of[card] == TRUMP and card.suit != contract


def trick_points(cards: Iterable[Card]) -> int:
    """OS-2.2 the card points of the cards in one trick.

    >>> trick_points([Card("A", "S"), Card("K", "H")])
    15
    """
    return sum(CARD_POINTS[c.rank] for c in cards)


def trump_cards(contract: str | None) -> list[Card]:
    """OS-4 the trumps of ``contract``, high to low (none in Null): the order's trumps."""
    return trick_order(contract).trumps()


@dataclass(frozen=True)
class DealEvent:
    """One step of the deal (OS-3.2): four cards to a pile row, or a decision.

    ``kind`` is ``cards`` (``role`` F or D, ``row`` 0/1, ``face`` down/up) or
    a decision: ``declare`` (by ``role``), ``kontra``, ``re_early``, ``re_late``,
    ``play``.
    """

    kind: str
    role: str = ""
    row: int = 0
    face: str = ""


def _cards(role: str, row: int, face: str) -> DealEvent:
    return DealEvent("cards", role, row, face)


#: OS-3.2 the default deal: F's choice after 4 face-up cards, Kontra, Re, then the last row;
#: F before D at every step of the second half (B-5).
DEAL_FOUR: Final = (
    _cards("F", 0, "down"), _cards("D", 0, "down"), _cards("F", 0, "up"),
    DealEvent("declare", "F"),
    _cards("D", 0, "up"),
    DealEvent("declare", "D"),  # only after F passed (B-2): D chooses on 4 face-up cards
    DealEvent("kontra"),
    _cards("F", 1, "down"), _cards("D", 1, "down"), _cards("F", 1, "up"),
    DealEvent("re_early"),
    _cards("D", 1, "up"),
    DealEvent("re_late"),
    DealEvent("play"),
)
#: OS-3.3 / B-4 ``choose_after_face_up = 8``: 8 face-down cards to each, then F's 8 face-up
#: cards, the choice, D's 8 face-up cards, Kontra and Re.
DEAL_EIGHT: Final = (
    _cards("F", 0, "down"), _cards("F", 1, "down"), _cards("D", 0, "down"),
    _cards("D", 1, "down"), _cards("F", 0, "up"), _cards("F", 1, "up"),
    DealEvent("declare", "F"),
    _cards("D", 0, "up"), _cards("D", 1, "up"),
    DealEvent("declare", "D"),
    DealEvent("kontra"),
    DealEvent("re_early"),
    DealEvent("re_late"),
    DealEvent("play"),
)


def deal_events(choose_after_face_up: int) -> tuple[DealEvent, ...]:
    """The deal's steps for the option ``choose_after_face_up`` (OS-3.2, OS-3.3)."""
    return DEAL_EIGHT if choose_after_face_up == 8 else DEAL_FOUR


#: OS-2.1 the pack in its canonical order (the same whatever the faces): a card's place
#: here is its index in the kernel's tables and its bit in a card mask.
PACK_ORDER: Final = tuple(skat_pack())
_CARD_INDEX: Final = {card: i for i, card in enumerate(PACK_ORDER)}
_CODE_INDEX: Final = {card.code: i for i, card in enumerate(PACK_ORDER)}


def card_index(card: Card | str) -> int:
    """A card's (or a code's) index in :data:`PACK_ORDER`.

    >>> card_index("AS"), card_index(Card("7", "H"))
    (0, 31)
    """
    return _CODE_INDEX[card] if isinstance(card, str) else _CARD_INDEX[card]


class KernelTables(NamedTuple):
    """The tables and numbers :mod:`~cardlab.games.officer_skat.kernel` reads, flat and
    indexed as the kernel documents: tuples from :func:`kernel_tables`, numpy arrays in the
    batch simulator (``_replace`` them), the same numbers either way."""

    #: ``[contract * SUIT_SLOTS + suit]`` the mask of the cards of that effective suit
    suit_masks: Any
    #: ``[contract * CARD_SLOTS + card]`` the card's effective suit (OS-5.4)
    effective_suit: Any
    #: ``[(contract * SUIT_SLOTS + led) * CARD_SLOTS + card]`` the card's trick key (OS-5.6)
    strength: Any
    #: ``[card]`` card points (OS-2.2)
    card_points: Any
    #: ``[card]`` the card's bit in a mask (0 for ``NO_CARD``)
    bits: Any
    #: ``[contract * LADDER_SLOTS + i]`` the contract's trumps high to low (OS-7.1)
    ladders: Any
    #: ``[contract]`` how many trumps the contract has (0 in Null; Ramsch counts none)
    ladder_len: Any
    #: ``[contract]`` the base value (OS-4; 0 for Null and Ramsch, whose value is apart)
    base_values: Any
    win_points: int = WIN_POINTS
    null_below: int = NULL_WIN_BELOW
    schneider_factor: int = SCHNEIDER_FACTOR
    schwarz_factor: int = SCHWARZ_FACTOR
    kontra_factor: int = KONTRA_FACTOR
    re_factor: int = RE_FACTOR
    total_points: int = TOTAL_POINTS
    match_plain: int = MATCH_POINTS["plain"]
    match_schneider: int = MATCH_POINTS["schneider"]
    match_schwarz: int = MATCH_POINTS["schwarz"]
    match_tie: int = MATCH_POINTS["tie"]
    #: DESIGN §2.2 the contract indices of Null and Ramsch, and the mask of every game
    null_call: int = GAME_CALLS.index("null")
    ramsch_call: int = GAME_CALLS.index("ramsch")
    calls_mask: int = (1 << len(GAME_CALLS)) - 1


#: OS-5.6 the classes of a trick key: a card of the led suit, a trump
_FOLLOWS_KEY: Final = 100
_TRUMP_KEY: Final = 200


@cache
def kernel_tables() -> KernelTables:
    """The kernel's tables as tuples, built from :func:`trick_order` of every contract."""
    assert len(PACK_ORDER) == CARDS
    suit_codes = {s: i for i, s in enumerate(dict.fromkeys(c.suit for c in PACK_ORDER))}
    masks: list[int] = []
    effective: list[int] = []
    strength: list[int] = []
    ladders: list[int] = []
    lengths: list[int] = []
    for contract in GAME_CALLS:
        order = trick_order(contract)
        eff = [TRUMP_SUIT if order.suit_of[c] == TRUMP else suit_codes[c.suit]
               for c in PACK_ORDER]
        effective += [*eff, NO_SUIT]
        masks += [sum(1 << i for i, e in enumerate(eff) if e == s) for s in range(SUIT_SLOTS)]
        for led in range(SUIT_SLOTS):
            strength += [_TRUMP_KEY + order.power[c] if e == TRUMP_SUIT else
                         _FOLLOWS_KEY + order.power[c] if e == led else 0
                         for c, e in zip(PACK_ORDER, eff)]
            strength.append(-1)
        # Ramsch has trumps to follow but no matadors (it is not scored by game value)
        trumps = [] if contract == "ramsch" else [card_index(c) for c in order.trumps()]
        ladders += trumps + [NO_CARD] * (LADDER_SLOTS - len(trumps))
        lengths.append(len(trumps))
    return KernelTables(
        suit_masks=tuple(masks), effective_suit=tuple(effective), strength=tuple(strength),
        card_points=tuple(CARD_POINTS[c.rank] for c in PACK_ORDER) + (0,),
        bits=tuple(1 << i for i in range(CARDS)) + (0,),
        ladders=tuple(ladders), ladder_len=tuple(lengths),
        base_values=tuple(BASE_VALUES.get(g, 0) for g in GAME_CALLS))


# -- what each call means (Game.call_meaning; docs/rules/officer_skat.md) ----------------------
def call_meanings(options: OfficerSkatOptions) -> dict[str, str]:
    """Every call and game of Officer Skat under ``options`` → its meaning in one line, for a
    table's hover (:meth:`cardlab.engine.game.Game.call_meaning`): each ``declare`` choice
    and the game by its bare name (``C``, ``grand``), ``pass``, ``kontra``, ``no_kontra``,
    ``re`` and ``no_re``, as the options allow them.

    >>> call_meanings(OfficerSkatOptions())["declare grand"].split(";")[0]
    'Grand: only the four jacks are trumps (OS-4), base value 24'
    """
    pack = skat_pack(options.faces)
    method = options.scoring_method
    loss = "twice the value" if options.loss_factor == 2 else "the value"

    def scored(base: int) -> str:  # what a suit game or Grand scores, by the scoring method
        if method == "base_doubled_schneider":
            return f"the winner scores {base}, doubled for Schneider (OS-7.5)"
        if method == "card_points":
            return "the winner scores the card points they took (OS-7.5)"
        if method == "match_points":
            return "the winner scores 2, 3 with Schneider, 4 with Schwarz, 1 each at 60 all (OS-7.5)"
        return (f"game (matadors + 1) × {base}; win with {WIN_POINTS} card points or more, a "
                f"loss costs {loss} (OS-7.2)")

    out: dict[str, str] = {}
    games: dict[str, str] = {}
    for suit in ("C", "S", "H", "D"):
        name = pack.suit_name(suit)
        games[suit] = (f"{name[0].upper()}{name[1:]}: the four jacks and the {name} are trumps "
                       f"(OS-4), base value {BASE_VALUES[suit]}; {scored(BASE_VALUES[suit])}.")
    games["grand"] = ("Grand: only the four jacks are trumps (OS-4), base value "
                      f"{BASE_VALUES['grand']}; {scored(BASE_VALUES['grand'])}.")
    if options.null_allowed and method != "card_points":  # OS-7.5: no Null under method B
        goal = ("take no trick at all: the first trick you win loses the game"
                if options.null_mode == "no_tricks"
                else f"take fewer card points than your opponent ({TOTAL_POINTS // 2} all loses)")
        worth = {"match_points": "a win scores 2"}.get(method, f"worth {options.null_value}")
        games["null"] = (f"Null: no trumps, jacks in their suits, ranked A K Q J 10 9 8 7; "
                         f"{goal}; {worth} (OS-6.4).")
    if options.ramsch_allowed:
        games["ramsch"] = ("Ramsch: nobody declares; the jacks are trumps as in Grand, and each "
                           "player loses the card points they take, unless one takes every trick "
                           f"and scores {TOTAL_POINTS} (B-2).")
    for game, text in games.items():
        out[f"declare {game}"] = text
        out[game] = text
    if options.pass_allowed:
        out["pass"] = ("Pass: leave the choice of game to the dealer; if the dealer passes too, "
                       "Ramsch is played (B-2)." if options.ramsch_allowed else
                       "Pass: leave the choice of game to the dealer (B-2).")
    if options.kontra_re:
        out["kontra"] = ("Kontra: the declarer's opponent doubles what the deal scores (OS-7.4).")
        out["no_kontra"] = "No Kontra: the deal scores single (OS-7.4)."
        out["re"] = ("Re: the declarer answers Kontra by doubling again, four times in all "
                     "(OS-7.4).")
        out["no_re"] = "No Re: the deal stays doubled by the Kontra alone (OS-7.4)."
    return out
