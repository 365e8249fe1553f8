"""Pandoeren's rules as data: options, presets, the contract table, the bid ladder, the card order.

Everything here is a table or a lookup over one (STYLE §5): the contract rows of
A4.2 in auction order, the game points of the ``pagat`` and ``butselaar`` presets,
the options of A4.3 with their sources, the rank ladders and card points of A2.2 /
A2.3 and the tables the kernel reads (:class:`PlayTables`). Legality is in
``judge.py`` (its arithmetic in ``kernel.py``), roem and stuk in ``roem.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from cardlab.cards import FRENCH_RANK_NAMES, FRENCH_SUIT_NAMES, FRENCH_SUITS, Card, pandoeren_pack
from cardlab.engine.ladder import CallRange, Ladder, LadderRow
from cardlab.engine.options import option
from cardlab.engine.tricks import CardOrder
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.roem import STUK_VALUE

__all__ = ["PandoerenOptions", "PRESETS", "ContractKind", "KINDS", "NAMED_ORDER", "Bid",
           "parse_bid", "bid_ladder", "bid_ladder_words", "game_points", "SUIT_WORDS",
           "BID_WORDS",
           "check_open_options", "MAX_TEAM_SCORE", "REACHABLE_NUMBER_BID",
           "REACHABLE_PANDOER_EXTRA", "number_bid_top", "pandoer_extra_top", "call_meanings",
           "CONTRACT_MEANINGS", "PICCOLO_WORDS",
           "TRUMP_LADDER", "PLAIN_LADDER", "KLAVERJAS_TRUMP_LADDER", "KLAVERJAS_PLAIN_LADDER",
           "TRUMP_POINTS", "PLAIN_POINTS", "LAST_TRICK_BONUS", "ladders", "trick_order",
           "card_points", "trick_points", "OBJECTIVE_OF", "PICCOLO_OBJECTIVES", "NO_TRUMPS",
           "PlayTables", "play_tables", "play_rules", "CALL_RANKS", "call_rank_masks"]


@dataclass(frozen=True, kw_only=True)
class PandoerenOptions:
    """Rule options of Pandoeren (A4.3); the defaults are preset ``pagat``, the rule set of A4.1."""

    preset: str = option("pagat", choices=("pagat", "butselaar"), source="A4.3 [PAGAT]/[BDK]")
    number_bid_cap: int = option(300, kind=int, bounds=(120, 2000), step=10,
                                 source="A4.3 RECOMMENDED, P-A24",
                                 doc="the highest number bid, in 10s, 120 to 2000")
    pandoer_extra_cap: int = option(200, kind=int, bounds=(0, 2000), step=20,
                                    source="A4.3 RECOMMENDED",
                                    doc="the highest Pandoer + n, in 20s, 0 to 2000")
    rank_order: str = option("pandoeren", choices=("pandoeren", "klaverjas"), source="P-A1")
    lowest_number_bid: int = option(120, choices=(120, 130), source="P-A5")
    pass_is_final: bool = option(True, choices=(True, False), source="P-A4")
    all_pass: str = option("next_dealer", choices=("next_dealer", "same_dealer"), source="P-A3")
    allow_call_trump_ace: bool = option(True, choices=(True, False), source="P-A7")
    kereltje_own_jas: str = option("illegal", choices=("illegal", "play_alone"), source="P-A9")
    zwabber_partner: str = option("called_ace", choices=("called_ace", "first_trick_winner"),
                                  source="P-A10")
    piccolo_objective: str = option(
        "first_trick_only", choices=("first_trick_only", "any_one_trick", "first_trick_with_jas"),
        source="P-A11")
    trump_while_able_to_follow: bool = option(True, choices=(True, False), source="P-A12")
    undertrump: str = option("forbidden_unless_no_alternative",
                             choices=("forbidden_unless_no_alternative", "allowed"),
                             source="P-A12")
    overtrump_on_trump_lead: bool = option(False, choices=(True, False), source="P-A12")
    jas_never_forced: bool = option(True, choices=(True, False), source="P-A13")
    roem_card_reuse: bool = option(True, choices=(True, False), source="P-A14")
    roem_announce: str = option("auto", choices=("auto", "manual"), source="A2.10")
    roem_denial: bool = option(True, choices=(True, False), source="A2.10", scoring_only=True)
    stuk_deadline: str = option("before_second_card",
                                choices=("before_second_card", "before_first_card"),
                                source="P-A16")
    pandoer_plus_step: int = option(20, choices=(20,), source="A2.5 [PAGAT]")
    scoring: str = option("pagat_plus_minus",
                          choices=("pagat_plus_minus", "zero_sum_per_opponent"),
                          source="P-A19", scoring_only=True)
    stop_when_decided: bool = option(True, choices=(True, False), source="A2.11")
    game_end: dict = option({"deals": 16}, kind=dict,  # type: ignore[type-arg]
                            bounds={"deals": (1, 1000), "target": (1, 10_000)}, source="P-A20",
                            doc="{'deals': 1 to 1000} or {'target': 1 to 10000}")


#: A4.3 presets. ``butselaar`` also switches the game-point table (see :func:`game_points`).
PRESETS: Final[dict[str, dict[str, Any]]] = {
    "pagat": {"preset": "pagat"},
    "butselaar": {"preset": "butselaar", "lowest_number_bid": 130,
                  "piccolo_objective": "first_trick_with_jas",
                  "zwabber_partner": "first_trick_winner", "undertrump": "allowed",
                  "overtrump_on_trump_lead": False, "roem_card_reuse": True,
                  "allow_call_trump_ace": True},
}


def check_open_options(opts: PandoerenOptions) -> None:
    """Validate the open-ended options that a choices list cannot (A4.3).

    :raises ValueError: naming the option and what it expects.
    """
    cap = opts.number_bid_cap
    if cap % 10 or cap < 120:
        raise ValueError(f"pandoeren: option number_bid_cap={cap!r} is not valid; expected any "
                         "multiple of 10 >= 120")
    extra = opts.pandoer_extra_cap
    if extra % 20 or extra < 0:
        raise ValueError(f"pandoeren: option pandoer_extra_cap={extra!r} is not valid; expected "
                         "any multiple of 20 (>= 0)")
    end = opts.game_end
    ok = (isinstance(end, dict) and len(end) == 1 and next(iter(end)) in ("deals", "target")
          and isinstance(next(iter(end.values())), int)
          and not isinstance(next(iter(end.values())), bool) and next(iter(end.values())) > 0)
    if not ok:
        raise ValueError(f"pandoeren: option game_end={end!r} is not valid; expected "
                         "{'deals': N} or {'target': X} with a positive int")


@dataclass(frozen=True)
class ContractKind:
    """One row of the A4.2 contract table (number bids share the row kind ``number``).

    :ivar partner: ``'called'`` (called ace), ``'jas'`` (holder of the trump jack) or ``'none'``.
    :ivar objective: plain words for learners.
    :ivar points: game points under preset ``pagat`` (number bids: see :func:`game_points`).
    """

    name: str
    label: str
    partner: str
    trumps: bool
    objective: str
    points: int
    counts_roem: bool = False
    exposure: str = ""  # '' | 'declarer_at_trick_2' | 'all_at_lead'


#: A4.2 the contract table: every kind of contract, with its partner, trumps and game points
#: (kept row for row as pagat prints it, odd as its order looks: P-A6).
KINDS: Final[dict[str, ContractKind]] = {k.name: k for k in (
    ContractKind("number", "number bid", "called", True,
                 "the team makes at least the bid in card points + roem + stuk", 1, True),
    ContractKind("piccolo", "Piccolo", "none", True,
                 "the declarer wins trick 1 and loses tricks 2-8", 3),
    ContractKind("misere", "Misère", "none", True, "the declarer wins no trick", 3),
    ContractKind("kereltje", "Kereltje", "jas", True,
                 "the declarer and the holder of the jas win all 8 tricks", 2),
    ContractKind("zwabber", "Zwabber", "called", False,
                 "the declarer personally wins tricks 1-4; the team wins all 8", 2),
    ContractKind("solo_zwabber", "Solo-zwabber", "none", False,
                 "the declarer wins all 8 tricks, no trumps", 5),
    ContractKind("piccolo_ouvert", "Piccolo ouvert", "none", True,
                 "as Piccolo; the declarer's hand is exposed from her play to trick 2", 6,
                 exposure="declarer_at_trick_2"),
    ContractKind("misere_ouvert", "Misère ouvert", "none", True,
                 "as Misère; the declarer's hand is exposed from her play to trick 2", 6,
                 exposure="declarer_at_trick_2"),
    ContractKind("stil_praatje", "Stil praatje", "none", True,
                 "the declarer wins no trick; all hands exposed at the lead; defenders silent",
                 9, exposure="all_at_lead"),
    ContractKind("pandoer", "Pandoer", "called", True, "the team wins all 8 tricks", 5),
    ContractKind("pandoer_plus", "Pandoer +n", "called", True,
                 "the team wins all 8 tricks and scores at least n in roem + stuk", 5, True),
    ContractKind("praatje", "Praatje", "none", True,
                 "the declarer wins no trick; all hands exposed; defenders may talk", 9,
                 exposure="all_at_lead"),
    ContractKind("prive", "Privé", "none", True, "the declarer alone wins all 8 tricks", 10),
)}

#: A4.2 auction order; ``#A``-``#D`` stand for the brackets (ladder rows) of number bids
#: and ``+n`` for the Pandoer + n bids. The named bids keep this order under every preset
#: (their action ids follow it); only the place of a bracket can differ (:data:`LADDER_ORDER`).
NAMED_ORDER: Final = ("#A", "piccolo", "misere", "#B", "kereltje", "zwabber", "#C",
                      "solo_zwabber", "piccolo_ouvert", "#D", "misere_ouvert", "stil_praatje",
                      "pandoer", "+n", "praatje", "prive")
#: A4.2 / A4.3 the auction order of each preset. ``butselaar`` (A1, decided 2026-12-05,
#: Bedenk's bid order): Piccolo ouvert ranks above every number bid, 200+ included, so the
#: 200+ row moves below it; every other row keeps pagat's place.
LADDER_ORDER: Final = {
    "pagat": NAMED_ORDER,
    "butselaar": ("#A", "piccolo", "misere", "#B", "kereltje", "zwabber", "#C",
                  "solo_zwabber", "#D", "piccolo_ouvert", "misere_ouvert", "stil_praatje",
                  "pandoer", "+n", "praatje", "prive"),
}

#: A4.2 the number-bid brackets by preset: (lowest, highest) bid of each row, highest
#: None = open. ``pagat``: 120-140 below Piccolo, 150/160 below Kereltje. ``butselaar``
#: (A1 "Ladder under butselaar", A4.3): a bracket is a ladder row, so 130-150 form the
#: lowest row (below Piccolo and Misère) and 160 stands alone in the row pagat gives
#: 150/160; 170-190 and 200+ keep their rows (the 200+ row sits below Piccolo ouvert there,
#: :data:`LADDER_ORDER`). ``lowest_number_bid`` cuts the first row.
BRACKETS: Final = {
    "pagat": {"#A": (120, 140), "#B": (150, 160), "#C": (170, 190), "#D": (200, None)},
    "butselaar": {"#A": (120, 150), "#B": (160, 160), "#C": (170, 190), "#D": (200, None)},
}

#: A4.2 game points of number bids, by preset: (bid at most, points) rows, first match wins.
NUMBER_POINTS: Final = {"pagat": ((140, 1), (160, 2), (190, 3), (10**9, 4)),
                        "butselaar": ((150, 1), (160, 2), (190, 3), (10**9, 4))}
#: A4.3 the butselaar preset's other game-point changes (A1, Bedenk's payout table):
#: Piccolo ouvert is worth 5 and Stil praatje 8.
BUTSELAAR_POINTS: Final = {"piccolo_ouvert": 5, "stil_praatje": 8}

#: spellings accepted after ``bid`` (lower-cased), mapped to the canonical word.
BID_WORDS: Final = {"misère": "misere", "privé": "prive", "solo-zwabber": "solo_zwabber",
                    "piccolo-ouvert": "piccolo_ouvert", "misere-ouvert": "misere_ouvert",
                    "misère_ouvert": "misere_ouvert", "stil-praatje": "stil_praatje"}
#: suit words accepted after ``trump``.
SUIT_WORDS: Final = {"s": "S", "c": "C", "d": "D", "h": "H", "spades": "S", "clubs": "C",
                     "diamonds": "D", "hearts": "H", "♠": "S", "♣": "C", "♦": "D", "♥": "H"}


@dataclass(frozen=True)
class Bid:
    """A parsed bid: its kind (a :data:`KINDS` key), and the number for number/Pandoer+n."""

    word: str
    kind: ContractKind
    number: int = 0

    @property
    def label(self) -> str:
        """Plain words: ``'130'``, ``'Pandoer +40'``, ``'Misère ouvert'``."""
        if self.kind.name == "number":
            return str(self.number)
        if self.kind.name == "pandoer_plus":
            return f"Pandoer +{self.number}"
        return self.kind.label


#: the longest word parse_bid reads (a number of 60 digits is far above any reachable bid)
_LONGEST_WORD: Final = 80


def parse_bid(word: str) -> Bid | None:
    """The bid a word names (``'150'``, ``'pandoer+40'``, ``'misere'``), or None."""
    if len(word) > _LONGEST_WORD:  # no bid is this long; int() of it would be slow
        return None
    if word.isascii() and word.isdigit():
        return Bid(word, KINDS["number"], int(word))
    if word.startswith("pandoer+") and word[8:].isascii() and word[8:].isdigit():
        return Bid(word, KINDS["pandoer_plus"], int(word[8:]))
    kind = KINDS.get(word)
    if kind is None or kind.name in ("number", "pandoer_plus"):
        return None
    return Bid(word, kind)


#: A2.3 / A2.10 the most a team can score in one deal, the bound on the bids a deal can
#: reach: 146 card points, stuk (20), and the roem of two hands (the declarer's and the
#: partner's), each at most 460: two four-of-a-kinds (200 + 100; 8 cards hold no more) plus
#: sequences, which score at most 20 a card (8 × 20 = 160). A bid above it can never be
#: made, so the ladder stops there whatever ``number_bid_cap`` / ``pandoer_extra_cap`` say.
MAX_HAND_ROEM: Final = 460
MAX_TEAM_SCORE: Final = 146 + 20 + 2 * MAX_HAND_ROEM
#: the highest number bid and the highest n of Pandoer + n a deal can reach (1080, 940)
REACHABLE_NUMBER_BID: Final = MAX_TEAM_SCORE // 10 * 10
REACHABLE_PANDOER_EXTRA: Final = (20 + 2 * MAX_HAND_ROEM) // 20 * 20


def number_bid_top(opts: PandoerenOptions) -> int:
    """The highest number bid on the ladder: ``number_bid_cap``, or the highest bid a deal
    can reach (:data:`REACHABLE_NUMBER_BID`) if that is lower."""
    return min(opts.number_bid_cap, REACHABLE_NUMBER_BID)


def pandoer_extra_top(opts: PandoerenOptions) -> int:
    """The highest n of Pandoer + n on the ladder (the cap, or what a deal can reach)."""
    return min(opts.pandoer_extra_cap, REACHABLE_PANDOER_EXTRA)


def bid_ladder(opts: PandoerenOptions, points: PandoerenOptions | None = None) -> Ladder:
    """A2.5 / A4.2: the bid ladder, the rows of the contract table in auction order, within
    the caps (and what a deal can reach, :func:`number_bid_top`); the number brackets are
    those of the options' preset (A4.3, :data:`BRACKETS`). Each call carries its game points
    under ``points`` (default ``opts``). Number and Pandoer + n rows are lazy ranges.

    >>> from cardlab.games.pandoeren.rules import PandoerenOptions, bid_ladder
    >>> [(row.label, row.calls[0], row.value) for row in bid_ladder(PandoerenOptions())][:4]
    [('120–140', '120', 1), ('Piccolo', 'piccolo', 3), ('Misère', 'misere', 3), ('150–160', '150', 2)]
    """
    points = points or opts
    brackets = BRACKETS[opts.preset]
    rows: list[LadderRow] = []
    for entry in LADDER_ORDER[opts.preset]:
        if entry in brackets:
            lo, hi = brackets[entry]
            top = number_bid_top(opts) if hi is None else min(hi, number_bid_top(opts))
            calls = CallRange(max(lo, opts.lowest_number_bid), top, 10)
            first = calls.start
            label = (f"{first}+" if hi is None else str(first) if first == hi
                     else f"{first}–{hi}")
            values = {game_points(Bid("", KINDS["number"], n), points)
                      for n in (calls.start, calls.stop)}
            value: int | tuple[int | None, ...]
            if len(values) == 1 or calls.size <= 0:
                value = values.pop()
            else:  # a bracket whose points change inside it (score_deal across presets)
                value = tuple(game_points(Bid(c, KINDS["number"], int(c)), points)
                              for c in calls)
            rows.append(LadderRow(label, calls, value))
        elif entry == "+n":
            step = opts.pandoer_plus_step
            rows.append(LadderRow(KINDS["pandoer_plus"].label,
                                  CallRange(step, pandoer_extra_top(opts), step, "pandoer+"),
                                  game_points(Bid("", KINDS["pandoer_plus"]), points)))
        else:
            rows.append(LadderRow(KINDS[entry].label, (entry,),
                                  game_points(Bid(entry, KINDS[entry]), points)))
    return Ladder(rows, describe=_bid_words)


def _bid_words(word: str) -> str:
    bid = parse_bid(word)
    return word if bid is None else bid.label


def bid_ladder_words(opts: PandoerenOptions) -> tuple[str, ...]:
    """A2.5 / A4.2: every bid in auction order, low to high (``bid_ladder(opts).calls``).

    >>> from cardlab.games.pandoeren.rules import PandoerenOptions, bid_ladder_words
    >>> bid_ladder_words(PandoerenOptions())[:7]
    ('120', '130', '140', 'piccolo', 'misere', '150', '160')
    >>> bid_ladder_words(PandoerenOptions(preset="butselaar", lowest_number_bid=130))[:7]
    ('130', '140', '150', 'piccolo', 'misere', '160', 'kereltje')
    """
    return bid_ladder(opts).calls


def game_points(bid: Bid, opts: PandoerenOptions) -> int:
    """A4.2: the game points a contract is worth under the options' preset."""
    if bid.kind.name == "number":
        for top, pts in NUMBER_POINTS[opts.preset]:
            if bid.number <= top:
                return pts
    if opts.preset == "butselaar" and bid.kind.name in BUTSELAAR_POINTS:
        return BUTSELAAR_POINTS[bid.kind.name]
    return bid.kind.points


# -- the card play: A2.2 ranks, A2.3 card points, the kernel's tables ---------------------------
#: A2.2 trumps, high to low: jas (J), nel (9), A, K, Q, 10, 8, 7, (6).
TRUMP_LADDER: Final = ("J", "9", "A", "K", "Q", "10", "8", "7", "6")
#: A2.2 plain suits (every suit in a no-trump contract), high to low.
PLAIN_LADDER: Final = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
#: P-A1 option rank_order="klaverjas" (experimental): the Klaverjas trump and plain orders.
KLAVERJAS_TRUMP_LADDER: Final = ("J", "9", "A", "10", "K", "Q", "8", "7", "6")
KLAVERJAS_PLAIN_LADDER: Final = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
#: P-A1 the (trump, plain) ladders of each ``rank_order``.
LADDERS: Final = {"pandoeren": (TRUMP_LADDER, PLAIN_LADDER),
                  "klaverjas": (KLAVERJAS_TRUMP_LADDER, KLAVERJAS_PLAIN_LADDER)}
#: A2.3 card points of trumps (sum 60) and of a plain suit (sum 27); others are worth 0.
TRUMP_POINTS: Final = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 3, "Q": 2}
PLAIN_POINTS: Final = {"A": 11, "10": 10, "K": 3, "Q": 2, "J": 1}
#: A2.3 the last trick is worth 5 more.
LAST_TRICK_BONUS: Final = 5

#: A2.6 / A2.11 each contract kind → how its objective is tested (the kernel's codes).
OBJECTIVE_OF: Final = {"number": K.NUMBER, "pandoer_plus": K.PANDOER_PLUS,
                       "kereltje": K.ALL_TRICKS, "pandoer": K.ALL_TRICKS,
                       "prive": K.ALL_TRICKS, "solo_zwabber": K.ALL_TRICKS,
                       "zwabber": K.ZWABBER, "misere": K.NO_TRICKS, "misere_ouvert": K.NO_TRICKS,
                       "stil_praatje": K.NO_TRICKS, "praatje": K.NO_TRICKS,
                       "piccolo": K.PICCOLO, "piccolo_ouvert": K.PICCOLO}
#: P-A11 the readings of ``piccolo_objective`` in the kernel's order (its index is the code).
PICCOLO_OBJECTIVES: Final = ("first_trick_only", "any_one_trick", "first_trick_with_jas")
#: the trump table of a no-trump contract (tables 0-3 are the suits S C D H as trumps)
NO_TRUMPS: Final = len(FRENCH_SUITS)


def ladders(rank_order: str = "pandoeren") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A2.2 / P-A1: the (trump, plain) ladders, high to low, under ``rank_order``."""
    return LADDERS[rank_order]


@cache
def trick_order(trump: str | None, rank_order: str = "pandoeren") -> CardOrder:
    """A2.2 / P-A1 the card order with ``trump`` as trumps (None: a no-trump contract):
    no card changes suit; trumps rank by the trump ladder, every other suit by the plain
    one. The highest trump wins a trick, else the highest card of the led suit; ``power``
    is a card's strength within its suit (the kernel's ``rank`` table).

    >>> from cardlab.engine.tricks import Play, trick_winner
    >>> plays = [Play(s, Card.parse(c)) for s, c in enumerate(("AH", "9H", "KH", "7H"))]
    >>> trick_winner(plays, trick_order("H")), trick_winner(plays, trick_order(None))
    (1, 0)
    """
    trump_ladder, plain = ladders(rank_order)
    return CardOrder.from_ranks(pandoeren_pack(), plain, trump=trump, trump_ladder=trump_ladder)


def card_points(card: Card, trump: str | None) -> int:
    """A2.3: the card's points (trump values for the trump suit, else plain values)."""
    return (TRUMP_POINTS if card.suit == trump else PLAIN_POINTS).get(card.rank, 0)


def trick_points(cards: Sequence[Card], trump: str | None, last: bool) -> int:
    """A2.3: the card points a completed trick carries: its cards' points, +5 if it is the
    last (eighth) trick (:func:`~cardlab.games.pandoeren.kernel.trick_points_total`).

    >>> from cardlab.cards import Card
    >>> trick_points([Card.parse(c) for c in ("JH", "AS", "10S", "7C")], "H", last=False)
    41
    """
    return int(K.trick_points_total(play_tables(), sum(card_points(c, trump) for c in cards),
                                    last))


@dataclass(frozen=True)
class PlayTables:
    """The card tables :mod:`~cardlab.games.pandoeren.kernel` reads, for one ``rank_order``.

    :func:`play_tables` makes them as tuples (one deal); the batch simulator holds the same
    fields as numpy arrays. Flat tables, so that ``table[index]`` is the same lookup on a
    tuple and on an array: a row per trump table ``t`` (the suit ``FRENCH_SUITS[t]`` as
    trumps, or :data:`NO_TRUMPS`), ``stride`` entries a row (the pack and a last "no card").

    :ivar card_index: card → its index in pack order; ``card_bit``: card → its mask bit (for
        turning cards into masks; not read by the kernel).
    :ivar bit: card index → its mask bit (the "no card" index → 0).
    :ivar suit: card index → its suit's index in ``FRENCH_SUITS``.
    :ivar suit_mask: suit index (4: none) → the mask of the suit.
    :ivar trump_mask: table → the mask of the trumps (none without trumps).
    :ivar jas: table → the jas's bit (A2.8.3); ``kq``: the trump king and queen (stuk).
    :ivar rank: ``t * stride + card`` → its strength within its suit (A2.2).
    :ivar points: ``t * stride + card`` → its card points (A2.3).
    :ivar strength: ``(t * 4 + led) * stride + card`` → its trick key (A2.2).
    :ivar above: ``t * above_stride + rank + 1`` → the trumps ranked above ``rank`` (-1:
        every trump), for the undertrump ban (A2.8.4).
    """

    n_cards: int
    stride: int
    above_stride: int
    last_trick_bonus: int
    stuk_value: int
    card_index: Mapping[Card, int]
    card_bit: Mapping[Card, int]
    bit: Any
    suit: Any
    suit_mask: Any
    trump_mask: Any
    jas: Any
    kq: Any
    rank: Any
    points: Any
    strength: Any
    above: Any


#: A2.2 a trick key: a trump outranks every card of the led suit (whose key is 1 + rank);
#: a card of another suit has key 0
TRUMP_KEY: Final = 100


@cache
def play_tables(rank_order: str = "pandoeren") -> PlayTables:
    """The kernel's tables (:class:`PlayTables`) under ``rank_order``, as tuples, read off the
    rank ladders (:func:`trick_order`) and the card points (:func:`card_points`)."""
    deck = list(pandoeren_pack())
    n = len(deck)
    suits = FRENCH_SUITS
    tables = [*suits, None]
    suit = tuple(suits.index(c.suit) for c in deck)
    suit_mask = tuple(sum(1 << i for i in range(n) if suit[i] == s) for s in range(4)) + (0,)
    rank: list[int] = []
    points: list[int] = []
    strength: list[int] = []
    above: list[int] = []
    top_rank = max(len(ladder) for ladder in ladders(rank_order))
    for trump in tables:
        order = trick_order(trump, rank_order)
        rank += [order.power[c] for c in deck] + [0]
        points += [card_points(c, trump) for c in deck] + [0]
        for led in range(4):
            strength += [TRUMP_KEY + order.power[c] if c.suit == trump
                         else 1 + order.power[c] if suit[i] == led else 0
                         for i, c in enumerate(deck)] + [0]
        above += [sum(1 << i for i, c in enumerate(deck)
                      if c.suit == trump and order.power[c] > r) for r in range(-1, top_rank + 1)]
    index = {c: i for i, c in enumerate(deck)}
    return PlayTables(
        n_cards=n, stride=n + 1, above_stride=top_rank + 2, last_trick_bonus=LAST_TRICK_BONUS,
        stuk_value=STUK_VALUE, card_index=index,
        card_bit={c: 1 << i for c, i in index.items()}, bit=tuple(1 << i for i in range(n)) + (0,),
        suit=suit, suit_mask=suit_mask,
        trump_mask=tuple(suit_mask[t] for t in range(4)) + (0,),
        jas=tuple(1 << index[Card("J", s)] for s in suits) + (0,),
        kq=tuple((1 << index[Card("K", s)]) | (1 << index[Card("Q", s)]) for s in suits) + (0,),
        rank=tuple(rank), points=tuple(points), strength=tuple(strength), above=tuple(above))


def play_rules(opts: PandoerenOptions) -> dict[str, bool]:
    """A2.8 / P-A12 / P-A13: the play options as :func:`~cardlab.games.pandoeren.kernel.legal_mask` takes them."""
    return {"jas_never_forced": bool(opts.jas_never_forced),
            "trump_while_able_to_follow": bool(opts.trump_while_able_to_follow),
            "undertrump_banned": opts.undertrump != "allowed",
            "overtrump_on_trump_lead": bool(opts.overtrump_on_trump_lead)}


#: A2.7.3 / P-A8 the ranks tried in turn when calling: aces, then kings, …
CALL_RANKS: Final = ("A", "K", "Q", "J", "10", "9", "8", "7")


@cache
def call_rank_masks() -> tuple[int, ...]:
    """The mask (bit = pack index) of each rank of :data:`CALL_RANKS`, in that order: the
    table :func:`~cardlab.games.pandoeren.kernel.call_mask` reads."""
    deck = list(pandoeren_pack())
    return tuple(sum(1 << i for i, c in enumerate(deck) if c.rank == r) for r in CALL_RANKS)


# -- call meanings: every call of the auction and the declarer's choices in one line ------------
#: A2.6 what each named contract asks, in a newcomer's words: ``{piccolo}`` stands for the
#: Piccolo objective (``piccolo_objective``), ``{side}`` for who plays with the declarer.
CONTRACT_MEANINGS: Final = {
    "piccolo": "Piccolo: play alone with trumps you name, and {piccolo}",
    "misere": "Misère: play alone with trumps you name, and take no trick at all",
    "kereltje": "Kereltje (\"little fellow\"): name trumps; whoever holds their jack (the jas) "
                "is your partner{kereltje}, and together you must take all 8 tricks",
    "zwabber": "Zwabber: no trumps; {zwabber}; you must take the first 4 tricks yourself and "
               "your side all 8",
    "solo_zwabber": "Solo-zwabber: no trumps, play alone, and take all 8 tricks",
    "piccolo_ouvert": "Piccolo ouvert: Piccolo with your hand laid open from your card to the "
                      "second trick on: {piccolo}",
    "misere_ouvert": "Misère ouvert: Misère with your hand laid open from your card to the "
                     "second trick on: take no trick at all",
    "stil_praatje": "Stil praatje (\"silent chat\"): play alone with trumps and take no trick, "
                    "with all four hands laid open from your first lead; the defenders may "
                    "not confer",
    "pandoer": "Pandoer: name trumps and call an ace for a secret partner; together take all "
               "8 tricks",
    "praatje": "Praatje (\"chat\"): play alone with trumps and take no trick, with all four "
               "hands laid open from your first lead; the defenders may talk it over",
    "prive": "Privé (\"private\"): play alone with trumps you name and take all 8 tricks",
}
#: P-A11 the Piccolo objective of each ``piccolo_objective``.
PICCOLO_WORDS: Final = {
    "first_trick_only": "win the first trick and none after it",
    "any_one_trick": "win exactly one trick, any one",
    "first_trick_with_jas": "win the first trick with the jas (the trump jack) and none after it",
}


def _stakes(value: int, partner: bool, opts: PandoerenOptions) -> str:
    """A2.11 / P-A19: what the contract is worth, in words, under the ``scoring`` option."""
    who = "you and your partner each" if partner else "you"
    if opts.scoring == "zero_sum_per_opponent":
        return (f"{who} collect {value} from each defender if it is made, or pay each "
                f"{value} if not")
    return f"{who} score +{value} if it is made, −{value} if not"


def call_meanings(options: PandoerenOptions) -> dict[str, str]:
    """Every call of Pandoeren's auction and of the declarer's choices under ``options`` →
    its meaning in one line, for a table's hover
    (:meth:`cardlab.engine.game.Game.call_meaning`): ``pass``, every bid on the ladder
    (also by its bare word: ``kereltje``, ``150``, ``pandoer+20``), ``trump S`` … (and each
    trump context of ``game.contracts()``: ``S`` … ``none``), ``call AS``
    … (every card a call may name), the verbs ``call`` and ``discard``, and the
    announcements where ``roem_announce="manual"`` makes them actions.

    >>> call_meanings(PandoerenOptions())["bid kereltje"].split(";")[0]
    'Kereltje ("little fellow"): name trumps'
    """
    out: dict[str, str] = {}
    if options.pass_is_final:
        out["pass"] = ("Pass: make no bid; a pass is final, so you take no further part in "
                       "this auction")
    else:
        out["pass"] = ("Pass: make no bid for now; you may still bid later while the auction "
                       "lasts")
    out["pass"] += (". If all four pass, the deal is thrown in and nobody scores"
                    + (", and the same dealer deals again." if options.all_pass == "same_dealer"
                       else "."))
    piccolo = PICCOLO_WORDS[options.piccolo_objective]
    kereltje = (" (if you hold it yourself, you play alone)"
                if options.kereltje_own_jas == "play_alone" else "")
    zwabber = ("call an ace: its holder is your secret partner"
               if options.zwabber_partner == "called_ace"
               else "no card is called: whoever wins the first trick is your partner")
    ladder = bid_ladder(options)
    for word in ladder.calls:
        bid = parse_bid(word)
        assert bid is not None
        kind = bid.kind
        value = game_points(bid, options)
        stakes = _stakes(value, kind.partner != "none", options)
        if kind.name == "number":
            text = (f"Bid {bid.number}: name trumps and call an ace for a secret partner; "
                    f"together score at least {bid.number} in card points, roem and stuk; "
                    f"{stakes}.")
        elif kind.name == "pandoer_plus":
            text = (f"Pandoer +{bid.number}: name trumps and call an ace for a secret "
                    f"partner; together take all 8 tricks and show at least {bid.number} in "
                    f"roem and stuk; {stakes}.")
        else:
            head = CONTRACT_MEANINGS[kind.name].format(piccolo=piccolo, kereltje=kereltje,
                                                       zwabber=zwabber)
            text = f"{head}; {stakes}."
        out[f"bid {word}"] = text
        out[word] = text
    for suit in FRENCH_SUITS:
        name = FRENCH_SUIT_NAMES[suit]
        out[f"trump {suit}"] = (f"Name {name} as trumps: any {name[:-1]} beats every card of "
                                f"another suit, the jack of {name} (the jas) highest.")
        # the trump contexts of game.contracts(), by their bare names
        out[suit] = (f"{name.capitalize()} trumps: the {name} rank J (the jas), 9, A, K, Q, 10, "
                     "8, 7 and beat every card of another suit.")
    out["none"] = ("No trumps (Zwabber, Solo-zwabber): every suit ranks A, K, Q, J, 10, 9, 8, 7 "
                   "and the highest card of the suit led wins.")
    out["discard"] = ("Discard: lay one card face down after taking the kijkkaart (it may be the "
                      "kijkkaart itself); it counts for nobody.")
    out["call"] = ("Call a card: whoever holds it is your secret partner, known once it is "
                   "played or you win a trick.")
    for card in pandoeren_pack():
        if card.rank not in CALL_RANKS:
            continue
        name = f"{FRENCH_RANK_NAMES[card.rank]} of {FRENCH_SUIT_NAMES[card.suit]}"
        higher = [FRENCH_RANK_NAMES[r] for r in CALL_RANKS[:CALL_RANKS.index(card.rank)]]
        when = ("" if not higher else ", allowed only when no "
                + (" or ".join(higher) if len(higher) < 3 else
                   ", ".join(higher[:-1]) + " or " + higher[-1])
                + " is left for you to call")
        out[f"call {card.code}"] = (f"Call the {name}{when}: whoever holds it is your secret "
                                    "partner, known once it is played or you win a trick.")
    if options.roem_announce == "manual":
        out["announce roem"] = ("Announce roem: claim the melds in your hand (sequences, four of "
                                "a kind) for your side; roem not announced in time is lost.")
        deadline = ("before either of them is played" if options.stuk_deadline ==
                    "before_first_card" else "before the second of them is played")
        out["announce stuk"] = ("Announce stuk: claim the king and queen of trumps (20 points) "
                                f"for your side, {deadline}.")
    return out
