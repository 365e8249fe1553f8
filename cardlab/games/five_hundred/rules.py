"""Five Hundred's rules as data: options, ladders, the Avondale table, card orders per contract.

Everything here is a table or a pure function over tables; the state, the
auction and the play only look things up. Card orders are built once per
(pack, denomination, joker nomination) and cached, so legality and trick
winners cost a dictionary look-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Final

from cardlab.cards import FRENCH_RANKS, Card, Deck, five_hundred_pack
from cardlab.engine.ladder import Ladder as EngineLadder
from cardlab.engine.ladder import LadderRow
from cardlab.engine.options import option
from cardlab.engine.tricks import CardOrder, Play
from cardlab.games.five_hundred import kernel
from cardlab.games.five_hundred.kernel import NO_SUIT, PlayFlags, ScoringFlags, trick_key

if TYPE_CHECKING:
    from cardlab.games.five_hundred.game import FiveHundredGame

__all__ = [
    "FiveHundredOptions", "PRESETS", "SUITS", "DENOMINATIONS", "AVONDALE", "MISERE_VALUES",
    "TRUMP_LADDER", "PLAIN_LADDER", "ContractRules", "contract_rules", "Ladder", "ladder_for",
    "pack_for", "bid_label", "parse_bid", "SUIT_WORD", "SUIT_PLURAL", "MISERE_CALLS",
    "TRICKS", "DEFENDED_TRICK_POINTS", "ALL_PASS_TRICK_POINTS", "play_flags", "scoring_flags",
    "CardTable", "card_table", "order_table", "TABLE_KEYS", "call_meanings",
]

#: 5H-0.1 suits in ladder order (♠ ♣ ♦ ♥).
SUITS: Final = ("S", "C", "D", "H")
#: 5H-5.2 denominations of a trick bid, low to high.
DENOMINATIONS: Final = ("S", "C", "D", "H", "NT")
#: 5H-3.1 the other suit of the trump suit's colour (its jack is the left bower).
SAME_COLOUR: Final = {"S": "C", "C": "S", "D": "H", "H": "D"}
#: a card of each suit, in words (singular and plural), for reasons and narration.
SUIT_WORD: Final = {"S": "spade", "C": "club", "D": "diamond", "H": "heart"}
SUIT_PLURAL: Final = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts",
                      "NT": "no trumps"}
#: number words for bid labels.
NUMBER_WORD: Final = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

#: 5H-3.1 trumps, high to low ("RB"/"LB": right and left bower; the 4 only in a red suit).
TRUMP_LADDER: Final = ("JK", "RB", "LB", "A", "K", "Q", "10", "9", "8", "7", "6", "5", "4")
#: 5H-3.2 / 5H-3.3 plain suits, and every suit in NT and misère.
PLAIN_LADDER: Final = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")

#: 5H-8.1 Avondale table, rows as in docs/rules/five_hundred.md (a test checks every cell).
AVONDALE: Final = {
    6: {"S": 40, "C": 60, "D": 80, "H": 100, "NT": 120},
    7: {"S": 140, "C": 160, "D": 180, "H": 200, "NT": 220},
    8: {"S": 240, "C": 260, "D": 280, "H": 300, "NT": 320},
    9: {"S": 340, "C": 360, "D": 380, "H": 400, "NT": 420},
    10: {"S": 440, "C": 460, "D": 480, "H": 500, "NT": 520},
}
#: 5H-8.1 the misère contracts and their values (blind misère: A-8).
MISERE_VALUES: Final = {"misere": 250, "open_misere": 500, "blind_misere": 500}
MISERE_CALLS: Final = tuple(MISERE_VALUES)
#: 5H-4 every deal has ten tricks (the last is trick 10).
TRICKS: Final = 10
#: 5H-8.3 what a defending side scores per trick; A-12 each side per trick when all passed
#: and the hand was played in NT.
DEFENDED_TRICK_POINTS: Final = 10
ALL_PASS_TRICK_POINTS: Final = 10
#: J4 / J5 the joker options as the kernel's codes
JOKER_LEAD_NOMINATION: Final = {"unled_suits": kernel.UNLED_SUITS,
                                "not_shown_void": kernel.NOT_SHOWN_VOID, "any": kernel.ANY_SUIT}
JOKER_AFTER_ALL_SUITS_LED: Final = {"none": kernel.NO_LIMIT,
                                    "no_lead_before_last_trick": kernel.NO_LEAD_BEFORE_LAST,
                                    "no_play_before_last_trick": kernel.NO_PLAY_BEFORE_LAST}
#: plain words for the misère calls.
MISERE_WORDS: Final = {"misere": "misère", "open_misere": "open misère",
                       "blind_misere": "blind misère"}


@dataclass(frozen=True, kw_only=True)
class FiveHundredOptions:
    """Rule options of Five Hundred (5H-12); the defaults are preset ``australian``."""

    players: int = option(4, choices=(4, 2, 3, 5, 6), source="5H-2")
    #: the 4-player pack; the table writes the sizes as codes, so "43" and 43 both work.
    pack_4p: Any = option("43", choices=("43", "45", "46", "43_spade_diamond_4s_removed",
                                         43, 45, 46), source="WP-500 §Setup")
    six_player_sides: str = option("three_pairs", choices=("three_pairs", "two_triples"),
                                   source="A-2")
    two_player_form: str = option("dead_hand_33", choices=("dead_hand_33", "ghost_partners_43"),
                                  source="A-1")
    auction: str = option("australian", choices=("australian", "american_single_round"),
                          source="SEED-500; TRK")
    misere_allowed: bool = option(True, choices=(True, False), source="seed V1")
    misere_requires_seven: bool = option(True, choices=(True, False), source="seed V2")
    misere_rank: str = option("after_7NT", choices=("after_7NT", "after_8S"), source="A-4")
    open_misere_allowed: bool = option(True, choices=(True, False), source="seed")
    open_misere_requires_eight: bool = option(False, choices=(False, True), source="PAGAT-500")
    open_misere_expose: str = option("after_first_trick",
                                     choices=("after_first_trick", "before_lead"), source="A-15")
    blind_misere_allowed: bool = option(False, choices=(False, True), source="seed; A-8")
    sans_kitty_allowed: bool = option(False, choices=(False, True), source="seed; A-9")
    allow_final_raise: bool = option(False, choices=(False, True), source="seed V4; WP-500")
    rebid_after_pass_on_denomination_change: bool = option(False, choices=(False, True),
                                                           source="WP-500 §Variations")
    all_pass: str = option("throw_in", choices=("throw_in", "play_no_trumps"), source="A-12")
    first_lead: str = option("contractor", choices=("contractor", "left_of_dealer"),
                             source="WP-500")
    joker_nomination: bool = option(True, choices=(True, False), source="PAGAT-500")
    joker_lead_nomination: str = option("unled_suits",
                                        choices=("unled_suits", "not_shown_void", "any"),
                                        source="A-18")
    joker_after_all_suits_led: str = option(
        "no_lead_before_last_trick",
        choices=("no_lead_before_last_trick", "no_play_before_last_trick", "none"), source="A-19")
    joker_lead_only_last_trick: bool = option(False, choices=(False, True), source="seed V3")
    misere_void_must_play_joker: bool = option(True, choices=(True, False), source="J3")
    stop_misere_on_first_trick_won: bool = option(True, choices=(True, False), source="5H-7.4")
    defenders_score_tricks: bool = option(True, choices=(True, False),
                                          source="5H-10", scoring_only=True)
    defender_points_ignored_above: int | None = option(None, choices=(None, 400),
                                                       source="PAGAT-500", scoring_only=True)
    defensive_cap: int | None = option(None, choices=(None, 490, 480),
                                       source="seed V5", scoring_only=True)
    slam_minimum: int = option(250, choices=(250, 0), source="5H-8.2", scoring_only=True)
    min_bid_tricks: int = option(6, choices=(6, 7), source="WP-500")
    win_by_defending: bool = option(False, choices=(False, True), source="A-27")
    target: int = option(500, kind=int, bounds=(10, 10_000), step=10, source="5H-9",
                         doc="scores move in 10s; up to 20 times the usual 500")
    loss_threshold: int = option(-500, kind=int, bounds=(-10_000, -10), step=10,
                                 source="5H-9", doc="below zero, in 10s, down to −10000")
    backwards_needs_nonnegative_opponent: bool = option(False, choices=(False, True),
                                                        source="WP-500 §Score keeping")


#: 5H-12 presets; explicit options override them.
PRESETS: Final = {
    "australian": {},
    "american": {"auction": "american_single_round", "misere_requires_seven": False,
                 "misere_rank": "after_8S", "win_by_defending": True},
}


@lru_cache(maxsize=64)
def play_flags(options: FiveHundredOptions) -> PlayFlags:
    """5H-7.3 J3-J6 the play options as the kernel reads them (cached per options)."""
    return PlayFlags(nomination=JOKER_LEAD_NOMINATION[options.joker_lead_nomination],
                     after_all=JOKER_AFTER_ALL_SUITS_LED[options.joker_after_all_suits_led],
                     lead_only_last=bool(options.joker_lead_only_last_trick),
                     j3=bool(options.misere_void_must_play_joker), last_trick=TRICKS)


def scoring_flags(options: FiveHundredOptions) -> ScoringFlags:
    """5H-8 / 5H-10 the scoring options as the kernel reads them."""
    limit = options.defender_points_ignored_above
    cap = options.defensive_cap
    return ScoringFlags(per_trick=DEFENDED_TRICK_POINTS if options.defenders_score_tricks else 0,
                        limit_on=limit is not None, limit=limit or 0,
                        cap_on=cap is not None, cap=cap or 0,
                        slam_minimum=options.slam_minimum, all_tricks=TRICKS,
                        all_pass_per_trick=ALL_PASS_TRICK_POINTS)


def pack_for(options: FiveHundredOptions) -> Deck:
    """5H-2: the pack for the player count (and ``pack_4p`` / ``two_player_form``)."""
    n = options.players
    if n == 4:
        return five_hundred_pack(str(options.pack_4p))
    if n == 2:
        return five_hundred_pack(43 if options.two_player_form == "ghost_partners_43" else 33)
    return five_hundred_pack({3: 33, 5: 53, 6: 63}[n])


# -- card order per contract ---------------------------------------------------------------
@dataclass(frozen=True, eq=False, kw_only=True)
class ContractRules(CardOrder):
    """5H-3 the card order of one contract: a :class:`~cardlab.engine.tricks.CardOrder`
    (effective suit and strength of every card, the trump suit; an unnominated joker in NT
    and misère is ``wild``: it has no suit and wins any trick it is played to, 5H-7.1),
    with the contract's tables for words and views.

    :ivar denomination: ``'S' 'C' 'D' 'H'`` (a trump contract) or ``'NT'`` (NT and misère).
    :ivar nominated: the suit the contractor named for the joker (NT/misère), or None.
    :ivar suits: effective suit → its cards high to low (trumps excluded).
    :ivar special: card code → plain words for cards that change suit or rank.
    """

    denomination: str
    nominated: str | None
    suits: dict[str, tuple[Card, ...]]
    special: dict[str, str]

    def best(self, plays: Sequence[Play], led_suit: str | None = None) -> Play:
        """5H-7.1 the play now winning ``plays`` (the engine's ``trick_winner`` asks this):
        each card's kernel ``trick_key``, kept by the kernel's ``trick_best``, the rule the
        rollout and the batch apply too."""
        if led_suit is None:
            led_suit = self.suit_of[plays[0].card]
        led = NO_SUIT if led_suit is None else SUITS.index(led_suit)
        trump = -1 if self.trump is None else SUITS.index(self.trump)
        best, at = 0, 0
        for i, play in enumerate(plays):
            suit = self.suit_of[play.card]
            key = trick_key(NO_SUIT if suit is None else SUITS.index(suit), self.power[play.card],
                            led, trump)
            best, at = kernel.trick_best(key, best, at, i, i == 0)
        return plays[at]


def _plain_order(cards: list[Card]) -> list[Card]:
    """Cards of one suit high to low in the plain order A K Q J (13 12 11) 10 … 2."""
    return sorted(cards, key=lambda c: FRENCH_RANKS.index(c.rank))


@cache
def contract_rules(deck: Deck, denomination: str, nominated: str | None = None) -> ContractRules:
    """5H-3.1-5H-3.4 the card order for ``denomination`` in ``deck`` (cached)."""
    jokers = [c for c in deck if c.is_joker]  # deck order: JK, or JK1 (black) before JK2 (red)
    by_suit = {s: _plain_order([c for c in deck if c.suit == s]) for s in SUITS}
    suit_of: dict[Card, str | None] = {}
    special: dict[str, str] = {}
    suits: dict[str, tuple[Card, ...]] = {}
    trumps: list[Card] = []
    if denomination in SUITS:
        t, other = denomination, SAME_COLOUR[denomination]
        right, left = Card("J", t), Card("J", other)
        # 5H-2 the 43-card pack without 4♠ 4♦: the 4 of the trump colour is a trump too.
        colour_four = None
        if "4S" not in {c.code for c in deck} and "4D" not in {c.code for c in deck}:
            four = Card("4", other)
            if four in deck:
                colour_four = four
        trumps = [*jokers, right, left]
        trumps += [c for c in by_suit[t] if c != right]
        if colour_four is not None:
            trumps.append(colour_four)
            special[colour_four.code] = (f"a {SUIT_WORD[t]} this deal (the four of the trump "
                                         "colour, lowest trump)")
        for s in SUITS:
            if s != t:
                suits[s] = tuple(c for c in by_suit[s] if c not in (left, colour_four))
        for j in jokers:
            special[j.code] = f"the highest trump (a {SUIT_WORD[t]} this deal)"
        special[right.code] = "the right bower, second-highest trump"
        special[left.code] = (f"a {SUIT_WORD[t]} this deal (left bower), not a "
                              f"{SUIT_WORD[other]}")
        for c in trumps:
            suit_of[c] = t
        for s, cs in suits.items():
            for c in cs:
                suit_of[c] = s
        power = {c: len(trumps) - i for i, c in enumerate(trumps)}
        for cs in suits.values():
            power.update({c: len(cs) - i for i, c in enumerate(cs)})
        return ContractRules(suit_of=suit_of, power=power, trump=t, denomination=denomination,
                             nominated=None, suits=suits, special=special)
    # 5H-3.3 NT and misère: every suit plain; the joker per 5H-7.3.
    for s in SUITS:
        plain = list(by_suit[s])
        if nominated == s:
            plain = [*jokers, *plain]
        suits[s] = tuple(plain)
        for c in plain:
            suit_of[c] = s
    power = {}
    for cs in suits.values():
        power.update({c: len(cs) - i for i, c in enumerate(cs)})
    if nominated is None:
        for i, j in enumerate(jokers):
            suit_of[j] = None
            power[j] = len(jokers) - i
            special[j.code] = ("the joker has no suit: it may follow only when you hold none of "
                               "the suit led, and it wins any trick it is played to")
        trumps = list(jokers)
    else:  # J7 / A-30: a nominated joker is an ordinary card, the top of its suit
        for j in jokers:
            special[j.code] = (f"nominated as a {SUIT_WORD[nominated]}: the highest "
                               f"{SUIT_WORD[nominated]}, not a trump")
    return ContractRules(suit_of=suit_of, power=power, trump=None, wild=tuple(trumps),
                         denomination="NT", nominated=nominated, suits=suits,
                         special=special)


# -- the card order as integer tables (for card masks) -------------------------------------
#: every contract's card order: ``(denomination, nominated joker suit)`` (NT and misère
#: share the ``NT`` rows; a nomination exists only there, 5H-6.3)
TABLE_KEYS: Final[tuple[tuple[str, str | None], ...]] = (
    ("S", None), ("C", None), ("D", None), ("H", None), ("NT", None),
    ("NT", "S"), ("NT", "C"), ("NT", "D"), ("NT", "H"))


@dataclass(frozen=True)
class CardTable:
    """One contract's card order, indexed by the card's position in ``game.deck``.

    :ivar denomination: ``'S' 'C' 'D' 'H'`` or ``'NT'`` (NT and misère).
    :ivar nominated: the joker's nominated suit in NT/misère, or None.
    :ivar trump: the trump suit's code (0-3, ``SUITS`` order), or -1 in NT.
    :ivar eff: per card, its effective suit code (5H-3.4), :data:`NO_SUIT` for a free joker.
    :ivar power: per card, its strength within its effective suit (higher wins).
    :ivar suit_masks: per effective suit code 0-4, the mask of its cards (index 4: the
        unnominated jokers, 0 in trump contracts and after a nomination).
    :ivar strength: ``strength[led][card]``: how strongly the card bids for a trick led in
        suit ``led`` (class + power, see :data:`FOLLOW`), 0 if it cannot win that trick.
    :ivar lead_key: per card, its strength when it leads (class + power).
    """

    denomination: str
    nominated: str | None
    trump: int
    eff: tuple[int, ...]
    power: tuple[int, ...]
    suit_masks: tuple[int, ...]
    strength: tuple[tuple[int, ...], ...]
    lead_key: tuple[int, ...]

    @property
    def free_jokers(self) -> int:
        """The mask of the unnominated jokers (no suit, 5H-7.3)."""
        return self.suit_masks[NO_SUIT]


def card_table(game: FiveHundredGame, denomination: str, nominated: str | None) -> CardTable:
    """5H-3 / 5H-7.1 the tables of one contract of ``game`` (cached), indexed by a card's
    position in ``game.deck`` (bit ``i`` of a hand mask is ``game.deck[i]``): the card masks
    and strengths the kernel, the rollout and the batch read.

    >>> import cardlab
    >>> game = cardlab.load("five_hundred")
    >>> t = card_table(game, "H", None)
    >>> SUITS[t.eff[game.deck.index(game.deck.parse("JD"))]]   # the left bower is a heart
    'H'
    >>> t.strength[0][game.deck.index(game.deck.parse("AS"))] > t.strength[0][
    ...     game.deck.index(game.deck.parse("KS"))]
    True
    """
    nominated = nominated if denomination == "NT" else None
    return order_table(game.deck, game.contract_rules(denomination, nominated))


@lru_cache(maxsize=256)
def order_table(deck: Deck, rules: ContractRules) -> CardTable:
    """5H-3 / 5H-7.1 the tables of the contract whose card order is ``rules`` (cached): the
    effective suits and powers are the order's, every strength is the kernel's
    :func:`~cardlab.games.five_hundred.kernel.trick_key` of them."""
    eff: list[int] = []
    power: list[int] = []
    masks = [0] * 5
    for i, card in enumerate(deck):
        s = rules.suit_of[card]
        e = NO_SUIT if s is None else SUITS.index(s)
        eff.append(e)
        power.append(rules.power[card])
        masks[e] |= 1 << i
    trump = SUITS.index(rules.trump) if rules.trump is not None else -1
    rows = tuple(tuple(trick_key(e, p, led, trump) for e, p in zip(eff, power))
                 for led in range(len(SUITS)))
    lead = tuple(trick_key(e, p, e, trump) for e, p in zip(eff, power))
    return CardTable(rules.denomination, rules.nominated, trump, tuple(eff), tuple(power),
                     tuple(masks), rows, lead)


# -- the bid ladder --------------------------------------------------------------------------
class Ladder(EngineLadder):
    """5H-5.3 the calls in ladder order under the options, with each call's rank and value:
    an :class:`~cardlab.engine.ladder.Ladder` whose rows are the numbers of tricks
    (``6S 6C 6D 6H 6NT`` …) with misère in its place (its own row between the sevens and
    the eights after 7NT, or inside row 8 after 8S; open and blind misère after 10D).

    ``rank`` maps a call (``'7H'``, ``'misere'``, ``'open_misere'``) to its rung; open and
    blind misère share a rung (A-8). ``value`` maps a call to its Avondale value.
    """

    def __init__(self, rows: Sequence[LadderRow], rank: dict[str, int],
                 value: dict[str, int]) -> None:
        super().__init__(rows, describe=bid_label)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "value", value)

    rank: dict[str, int]
    value: dict[str, int]


#: row labels of the trick bids (5H-5.3)
_ROW_WORDS: Final = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


@lru_cache(maxsize=64)
def ladder_for(options: FiveHundredOptions) -> Ladder:
    """5H-5.3 the ladder for ``options`` (misère placement, open/blind misère, minimum bid)."""
    rows: list[tuple[str, list[str]]] = []
    for n in range(options.min_bid_tricks, 11):
        row: list[str] = []
        rows.append((f"{_ROW_WORDS[n]} tricks", row))
        for d in DENOMINATIONS:
            row.append(f"{n}{d}")
            if options.misere_allowed and options.misere_rank == "after_7NT" and f"{n}{d}" == "7NT":
                rows.append(("misère", ["misere"]))
            if options.misere_allowed and options.misere_rank == "after_8S" and f"{n}{d}" == "8S":
                row.append("misere")
            if f"{n}{d}" == "10D":
                if options.misere_allowed and options.open_misere_allowed:
                    row.append("open_misere")
                if options.misere_allowed and options.blind_misere_allowed:
                    row.append("blind_misere")
    calls = [c for _, row in rows for c in row]
    rank: dict[str, int] = {}
    r = 0
    for c in calls:
        if c == "blind_misere" and "open_misere" in rank:
            rank[c] = rank["open_misere"]  # the same rung as open misère
            continue
        rank[c] = r
        r += 1
    value = {c: MISERE_VALUES[c] if c in MISERE_VALUES else AVONDALE[int(c[:-2] if c.endswith(
        "NT") else c[:-1])][c[-2:] if c.endswith("NT") else c[-1]] for c in calls}
    return Ladder([LadderRow(label, tuple(row), tuple(value[c] for c in row))
                   for label, row in rows], rank, value)


def parse_bid(call: str) -> tuple[int, str] | None:
    """``'7H'`` → ``(7, 'H')``, ``'10NT'`` → ``(10, 'NT')``; None for anything else."""
    den = "NT" if call.endswith("NT") else call[-1:]
    num = call[: len(call) - len(den)]
    if den not in DENOMINATIONS or not num.isdigit():
        return None
    n = int(num)
    return (n, den) if 6 <= n <= 10 else None


def trick_value(call: str) -> int:
    """5H-8.1 the Avondale value of a trick bid."""
    parsed = parse_bid(call)
    assert parsed is not None
    return AVONDALE[parsed[0]][parsed[1]]


def bid_label(call: str) -> str:
    """Plain words for a call: ``'seven hearts'``, ``'ten no trumps'``, ``'misère'``."""
    base, _, modifier = call.partition(" ")
    if base in MISERE_WORDS:
        text = MISERE_WORDS[base]
    elif base == "pass":
        text = "pass"
    else:
        parsed = parse_bid(base)
        text = base if parsed is None else f"{NUMBER_WORD[parsed[0]]} {SUIT_PLURAL[parsed[1]]}"
    if modifier == "sans_kitty":
        text += " sans kitty"
    return text


def denomination_of(call: str) -> str:
    """The denomination of a call: ``'H'``, ``'NT'``, or ``'misere'`` for every misère."""
    base = call.split(" ", 1)[0]
    if base in MISERE_VALUES:
        return "misere"
    parsed = parse_bid(base)
    return parsed[1] if parsed else base


# -- what each call means (Game.call_meaning; docs/rules/five_hundred.md) ----------------------
def _side_words(options: FiveHundredOptions) -> str:
    """Who takes the tricks with the bidder (5H-2)."""
    if options.players == 5:
        return "with the partner card you call, or alone"
    if options.players == 6 and options.six_player_sides == "two_triples":
        return "with your two partners"
    return "with your partner" if options.players in (4, 6) else "alone"


def _misere_when(options: FiveHundredOptions, call: str) -> str:
    """When a misère may be bid (5H-5.4b, 5H-5.4c, A-8)."""
    if call == "blind_misere":
        return "only as your first call, before you have seen your hand (A-8)"
    if call == "open_misere":
        if options.open_misere_requires_eight:
            return "only over an eight-level bid"
        return "at any time it outranks the standing bid, first call too (5H-5.4c)"
    if not options.misere_requires_seven:
        return "whenever it outranks the standing bid"
    if options.misere_rank == "after_8S":
        return "only while seven spades to eight spades is the standing bid (A-5)"
    return "only while a seven-level bid is the standing bid (5H-5.4b)"


def call_meanings(options: FiveHundredOptions) -> dict[str, str]:
    """Every call and contract of Five Hundred under ``options`` → its meaning in one line,
    for a table's hover (:meth:`cardlab.engine.game.Game.call_meaning`): the auction's
    ``pass`` and bids (sans kitty ones too when allowed), each contract by its bare name
    (``7H``, ``misere``), the joker's nominations and, with five players, the partner calls.

    >>> call_meanings(FiveHundredOptions())["bid 7H"].split(";")[0]
    'Seven hearts: take at least 7 of the 10 tricks with your partner, hearts trumps'
    """
    ladder = ladder_for(options)
    out: dict[str, str] = {}
    if options.auction == "american_single_round":
        out["pass"] = "Pass: make no bid; each player calls only once (5H-5.6)."
    elif options.rebid_after_pass_on_denomination_change:
        out["pass"] = ("Pass: make no bid now; you may bid again only once the standing bid's "
                       "denomination changes (5H-5.4d).")
    else:
        out["pass"] = "Pass: make no bid; you are out of this auction for good (5H-5.4d)."
    if options.allow_final_raise:
        out["pass"] += " As the high bidder's last call, it stands on your bid (5H-5.4e)."
    side = _side_words(options)
    for call in ladder.calls:
        value = ladder.value[call]
        if call in MISERE_VALUES:
            shown = {"misere": "", "open_misere": ", your hand face up "
                     + ("before the first lead" if options.open_misere_expose == "before_lead"
                        else "after the first trick"),
                     "blind_misere": ", called unseen"}[call]
            text = (f"{MISERE_WORDS[call].capitalize()}: play alone without "
                    f"trumps and take no trick{shown}; worth {value}, or −{value} if you take one; "
                    f"legal {_misere_when(options, call)}.")
        else:
            parsed = parse_bid(call)
            assert parsed is not None
            n, den = parsed
            named = "no trumps" if den == "NT" else SUIT_PLURAL[den]
            trumps = "without trumps" if den == "NT" else f"{named} trumps"
            how_many = f"all {TRICKS}" if n == TRICKS else f"at least {n} of the {TRICKS}"
            text = (f"{NUMBER_WORD[n].capitalize()} {named}: take {how_many} tricks {side}, "
                    f"{trumps}; worth {value}, or −{value} if you fall short (5H-8.2).")
            if options.sans_kitty_allowed:
                out[f"bid {call} sans_kitty"] = (text[:-1].replace(": take", " sans kitty: take", 1)
                                                 + "; the kitty stays untouched (A-9).")
        out[f"bid {call}"] = text
        out[call] = text
    if options.all_pass == "play_no_trumps":
        out["NT"] = ("No trumps after all passed: no contractor and no kitty; every side scores "
                     f"{ALL_PASS_TRICK_POINTS} a trick (A-12).")
    if options.joker_nomination:
        for suit in SUITS:
            out[f"nominate {suit}"] = (f"Nominate the joker a {SUIT_WORD[suit]}: the highest "
                                       f"{SUIT_WORD[suit]}, no trump and no longer special (5H-6.3).")
        out["nominate none"] = ("Leave the joker unnominated: it follows only when you are void, "
                                "wins any trick it is played to, and is led naming a suit (5H-7.3).")
    if options.players == 5:
        deck = pack_for(options)
        out["call alone"] = "Call no partner: play the contract alone against the four others (5H-2)."
        for card in deck:
            if card.code != "JK":
                out[f"call {card.code}"] = (f"Call the {deck.name(card)}: whoever holds it is your "
                                            "partner, known when it is played (5H-2).")
    return out
