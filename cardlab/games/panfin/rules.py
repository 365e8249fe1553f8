"""Panfin's rules as data: the options, the card ladders, the trump model and the combinations.

Everything here is a pure function of cards and options, cited to
``docs/rules/panfin.md`` (rule IDs B1–B4.2, ambiguity entries F-A1–F-A26). The
state machine (:mod:`~cardlab.games.panfin.state`), the judge (:mod:`~cardlab.games.panfin.judge`), the scoring (:mod:`~cardlab.games.panfin.scoring`)
and the bots all call these functions. The trick phase reads one :func:`trick_order` per
dominant suit, an engine :class:`~cardlab.engine.tricks.CardOrder` written as the trump
and plain lists; :func:`kernel_tables` writes the same orders as the tables of
:mod:`~cardlab.games.panfin.kernel`, so legality, the trick winner, ``explain``, the view and the batch agree.
The combinations are the kernel's too: :func:`classify` and :func:`holds_one_suit` ask
:func:`~cardlab.games.panfin.kernel.combination_kind` and
:func:`~cardlab.games.panfin.kernel.hand_suit` and add only the words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, Final, Literal, NamedTuple

from cardlab.cards import ITALIAN_RANK_NAMES, ITALIAN_SUIT_NAMES, ITALIAN_SUITS, Card, treviso_pack
from cardlab.engine.options import option
from cardlab.engine.tricks import TRUMPS, CardOrder, order_by_rank
from cardlab.games.panfin import kernel

__all__ = [
    "PanfinOptions", "VECIA", "GOBBO", "JOKERS", "PLAIN_LADDER", "TRUMP_LADDER", "SUITS",
    "COMBINATIONS", "Combination", "is_joker", "trick_order", "plain_rank",
    "trump_rank", "classify", "dominant_index", "holds_one_suit", "trump_cards",
    "plain_cards", "HAND_SIZE", "TRICK_PIATTI",
    "DOUBLE_TRICK_PIATTI", "KernelTables", "PlayRules", "play_rules", "kernel_tables",
    "card_mask", "card_index", "call_meanings",
]

#: B2.1 Vecia, the fante of spade: the first joker ("jolly").
VECIA: Final = Card("F", "S")
#: B2.1 Gobbo, the fante of bastoni: the second joker.
GOBBO: Final = Card("F", "B")
#: B2.1 the two jokers, Vecia first.
JOKERS: Final = (VECIA, GOBBO)
#: B2.2 / F-A1 the plain suits, high to low (the Fanti of coppe and denari are the "Mici").
PLAIN_LADDER: Final = ("A", "R", "C", "F", "7", "6", "5", "4", "3", "2")
#: B2.2 (RECONSTRUCTED, F-A16) the trump suit, high to low: Vecia, Gobbo, then the
#: dominant suit's ranks (the dominant suit's own Fante is missing when it is spade or bastoni).
TRUMP_LADDER: Final = ("Vecia", "Gobbo", *PLAIN_LADDER)
#: B2.1 the suits in the Treviso pack's order: spade, bastoni, coppe, denari.
SUITS: Final = ITALIAN_SUITS
#: B2.9 the combinations, high to low in precedence (Naturali > Simezi > Tronfi > False).
COMBINATIONS: Final = ("naturali", "simezi", "tronfi", "false")
#: B2.6 cards per hand (a Gobbo-keeper is dealt 3 and holds the Gobbo as the fourth).
HAND_SIZE: Final = 4
#: B2.10.5 the piatti a trick is worth to its winner.
TRICK_PIATTI: Final = 1
#: B2.10.4 / F-A19 the piatti of the jokers' double trick (both led together).
DOUBLE_TRICK_PIATTI: Final = 2
#: B2.1 card → its index in the Treviso pack (the kernel's card masks).
_PACK_INDEX: Final = {c: i for i, c in enumerate(treviso_pack())}
#: B2.1 card → its bit in a kernel card mask.
_PACK_BIT: Final = {c: 1 << i for c, i in _PACK_INDEX.items()}

#: B2.2 rank → strength within a plain suit (higher wins), read off :data:`PLAIN_LADDER`.
_PLAIN_STRENGTH: Final = order_by_rank(PLAIN_LADDER)
#: B2.2 the same within the trump suit, read off :data:`TRUMP_LADDER` (a joker by its name).
_TRUMP_STRENGTH: Final = order_by_rank(TRUMP_LADDER)
#: B2.1 the jokers by their names in :data:`TRUMP_LADDER`.
_JOKER_NAMES: Final = {VECIA: "Vecia", GOBBO: "Gobbo"}


@dataclass(frozen=True, kw_only=True)
class PanfinOptions:
    """Rule options of Panfin, named and defaulted exactly as the rulebook's B4.2."""

    players: int = option(4, choices=(2, 3, 4, 5, 6), source="B4.2 [WIT]")
    dealer_ante_multiplier: int = option(2, choices=(2, 1),
                                         source="B2.3 F-A2 [WIT]", scoring_only=True)
    carryover_dealer_adds: int = option(1, choices=(1, 2),
                                        source="B2.3 F-A22 [S-PF]", scoring_only=True)
    cut_shown_card: Literal["bottom_of_lifted", "top_of_remaining"] = option(
        "bottom_of_lifted", choices=("bottom_of_lifted", "top_of_remaining"), source="F-A3")
    cut_vecia_wins: bool = option(True, choices=(True, False), source="B2.5 [S-PF]")
    cut_gobbo_kept: bool = option(True, choices=(True, False), source="B2.5 [S-PF]")
    check_behind_gobbo: bool = option(True, choices=(True, False), source="B2.5 F-A5 [S-PF]")
    turnup_gobbo: Literal["batons_dominant", "turn_next_card"] = option(
        "batons_dominant", choices=("batons_dominant", "turn_next_card"), source="F-A6")
    turnup_vecia: Literal["dealer_chooses"] = option(
        "dealer_chooses", choices=("dealer_chooses",), source="B2.6 [S-PF]")
    dealer_turnup_at_piatti: Literal["swap", "none"] = option(
        "swap", choices=("swap", "none"), source="B2.10.1 F-A7 [BST-4]")
    max_exchange: int = option(4, choices=(4, 3, 2, 1, 0), source="B2.7 [S-PF]")
    servito_ends_declarations: bool = option(True, choices=(True, False), source="F-A10")
    servito_tie: Literal["pot_stays", "split"] = option(
        "pot_stays", choices=("pot_stays", "split"), source="F-A11", scoring_only=True)
    naturali_bonus: int = option(2, choices=(2,), source="B2.9 F-A12 [S-PF]", scoring_only=True)
    simezi_bonus: int = option(1, choices=(1,), source="B2.9 F-A12 [S-PF]", scoring_only=True)
    simezi_bonus_payers: Literal["all_others", "active_only"] = option(
        "all_others", choices=("all_others", "active_only"), source="F-A13", scoring_only=True)
    tronfi_stamp_payers: Literal["active_non_exempt", "all_non_exempt"] = option(
        "active_non_exempt", choices=("active_non_exempt", "all_non_exempt"),
        source="F-A14", scoring_only=True)
    tiebreak_false: Literal["call_order", "tronfi_rule"] = option(
        "call_order", choices=("call_order", "tronfi_rule"), source="F-A15", scoring_only=True)
    tiebreak_simezi: Literal["joker_then_rank", "rank"] = option(
        "joker_then_rank", choices=("joker_then_rank", "rank"), source="F-A15", scoring_only=True)
    jokers_are_top_trumps: bool = option(True, choices=(True,), source="B2.2 F-A16")
    beat_reference: Literal["current_winner", "led_card"] = option(
        "current_winner", choices=("current_winner", "led_card"), source="F-A17")
    must_trump_when_void: bool = option(True, choices=(True, False), source="F-A18 [BST-SC]")
    must_overtrump: bool = option(True, choices=(True, False), source="F-A18 [BST-MK]")
    both_jokers_lead: Literal["double_trick", "consecutive_forced"] = option(
        "double_trick", choices=("double_trick", "consecutive_forced"), source="F-A19")
    zero_piatti_payment: Literal["pot_amount_to_next_pot"] = option(
        "pot_amount_to_next_pot", choices=("pot_amount_to_next_pot",), source="B2.11 F-A21")
    lone_player: Literal["wins_without_play"] = option(
        "wins_without_play", choices=("wins_without_play",), source="B2.12 F-A23")
    hands_to_play: int = option(12, kind=int, bounds=(1, 1000), source="B2.12 F-A26",
                                doc="hands in a match, 1 to 1000")

    def __post_init__(self) -> None:
        if self.hands_to_play < 1:
            raise ValueError("panfin: option hands_to_play must be at least 1")


# -- the trump model (B2.2, F-A16) ---------------------------------------------------
def is_joker(card: Card) -> bool:
    """B2.1: True for the Vecia and the Gobbo."""
    return card is VECIA or card is GOBBO


def plain_rank(card: Card) -> int:
    """B2.2: strength within a plain suit (A high, 2 low); higher wins."""
    return _PLAIN_STRENGTH[card.rank]


def trump_rank(card: Card) -> int:
    """B2.2: strength within the trump suit: Vecia > Gobbo > A > … > 2."""
    return _TRUMP_STRENGTH[_JOKER_NAMES.get(card, card.rank)]


@cache
def trick_order(dominant: str | None) -> CardOrder:
    """B2.2 (F-A16) / B2.10.5 the card order of the trick phase under ``dominant``: the
    engine's :class:`~cardlab.engine.tricks.CardOrder` written as the lists of
    :func:`trump_cards` and :func:`plain_cards`.

    The jokers belong to the dominant (trump) suit, not to spade or bastoni: trumps rank
    Vecia > Gobbo > A > … > 2, the plain suits A high, 2 low (:data:`PLAIN_LADDER`). Trumps
    beat the led suit; a card of another plain suit cannot win. Before the dominant suit is
    known (None) every card keeps its printed suit and rank.

    >>> order = trick_order("D")
    >>> order.effective_suit(GOBBO), order.is_trump(VECIA), [c.code for c in order.trumps()[:3]]
    ('D', True, ['FS', 'FB', 'AD'])
    >>> trick_order(None).effective_suit(GOBBO)
    'B'
    """
    if dominant is None:
        return CardOrder.from_ranks(treviso_pack(), PLAIN_LADDER)
    return CardOrder.from_lists({s: plain_cards(s) for s in SUITS if s != dominant},
                                trumps=trump_cards(dominant), trump=dominant)


def trump_cards(dominant: str) -> list[Card]:
    """B2.2: the trump suit high to low: Vecia, Gobbo, then the dominant suit."""
    cards = list(JOKERS)
    cards += [Card(r, dominant) for r in PLAIN_LADDER if not is_joker(Card(r, dominant))]
    return cards


def plain_cards(suit: str) -> list[Card]:
    """B2.2: a plain suit high to low (spade and bastoni have no Fante: it is a joker)."""
    return [Card(r, suit) for r in PLAIN_LADDER if not is_joker(Card(r, suit))]


# -- the trick phase as tables, for the kernel (B2.10) -------------------------------------
class KernelTables(NamedTuple):
    """B2.2 / B2.10 the trick phase's tables for :mod:`~cardlab.games.panfin.kernel`, read
    off :func:`trick_order` for each dominant suit. Cards are indices into the Treviso pack
    (``cards`` is the "no card" index); card masks have bit ``i`` for card ``i``; a
    dominant or effective suit is an index into :data:`SUITS`. The fields are tuples (one
    deal); the batch simulator passes the same tables as numpy arrays.

    :ivar bit: card index → its mask bit (0 for ``cards``).
    :ivar suit_mask: ``[dominant * suits + suit]`` the cards whose effective suit is ``suit``.
    :ivar eff: ``[dominant * stride + card]`` the card's effective suit.
    :ivar key: ``[(dominant * suits + led) * stride + card]`` :meth:`CardOrder.key` as one int,
        ``class * (trump_key // TRUMPS) + power`` (higher takes the trick).
    :ivar above: ``[(dominant * suits + led) * span + k]`` the cards whose key is greater than ``k``.
    """

    cards: int
    suits: int
    stride: int
    span: int
    trump_key: int
    bit: Any
    jokers: Any
    vecia: Any
    gobbo: Any
    suit_mask: Any
    eff: Any
    key: Any
    above: Any
    trick_piatti: int
    double_trick_piatti: int


class PlayRules(NamedTuple):
    """The options of table B4.2 that change the legal plays (B2.10.3, B2.10.4), as flags."""

    double_trick: bool
    beat_led_card: bool
    must_trump: bool
    must_overtrump: bool


@cache
def play_rules(options: PanfinOptions) -> PlayRules:
    """The kernel's :class:`PlayRules` of ``options`` (F-A17, F-A18, F-A19)."""
    return PlayRules(double_trick=options.both_jokers_lead == "double_trick",
                     beat_led_card=options.beat_reference == "led_card",
                     must_trump=options.must_trump_when_void,
                     must_overtrump=options.must_overtrump)


@cache
def kernel_tables() -> KernelTables:
    """B2.2 / B2.10.5 :class:`KernelTables` of the Treviso pack, built from each dominant
    suit's :func:`trick_order` (its ``key``), so the kernel and the engine's trick winner
    read one order."""
    pack = list(treviso_pack())
    n = len(pack)
    stride = n + 1
    orders = [trick_order(d) for d in SUITS]
    key_class = 1 + max(o.power[c] for o in orders for c in pack)
    span = (TRUMPS + 1) * key_class
    bit = tuple(1 << i for i in range(n)) + (0,)
    suit_mask = [0] * (len(SUITS) * len(SUITS))
    eff = [0] * (len(SUITS) * stride)
    key = [0] * (len(SUITS) * len(SUITS) * stride)
    above = [0] * (len(SUITS) * len(SUITS) * span)
    for d, order in enumerate(orders):
        for i, card in enumerate(pack):
            e = SUITS.index(str(order.suit_of[card]))
            eff[d * stride + i] = e
            suit_mask[d * len(SUITS) + e] |= bit[i]
        for led, suit in enumerate(SUITS):
            row = d * len(SUITS) + led
            for i, card in enumerate(pack):
                cls, power = order.key(card, suit)
                key[row * stride + i] = cls * key_class + power
            for k in range(span):
                above[row * span + k] = sum(bit[i] for i in range(n) if key[row * stride + i] > k)
    return KernelTables(cards=n, suits=len(SUITS), stride=stride, span=span, trump_key=TRUMPS * key_class,
                        bit=bit, jokers=bit[pack.index(VECIA)] | bit[pack.index(GOBBO)],
                        vecia=bit[pack.index(VECIA)], gobbo=bit[pack.index(GOBBO)],
                        suit_mask=tuple(suit_mask), eff=tuple(eff), key=tuple(key),
                        above=tuple(above), trick_piatti=TRICK_PIATTI,
                        double_trick_piatti=DOUBLE_TRICK_PIATTI)


def card_index(card: Card) -> int:
    """The kernel's index of ``card``: its place in the Treviso pack."""
    return _PACK_INDEX[card]


def card_mask(cards: Iterable[Card]) -> int:
    """The kernel's mask of ``cards`` (bit ``i``: card ``i`` of the Treviso pack)."""
    mask = 0
    for card in cards:  # a plain loop: the engine and the samplers ask this often
        mask += _PACK_BIT[card]
    return mask


# -- combinations (B2.8, B2.9) --------------------------------------------------------
# The rules of the combinations are the kernel's (hand_suit, combination_kind,
# combination_rank); this section gives them to card lists and says them in words.
def dominant_index(dominant: str | None) -> int:
    """The kernel's dominant suit: an index into :data:`SUITS` (-1: none chosen yet)."""
    return -1 if dominant is None else SUITS.index(dominant)


@dataclass(frozen=True)
class Combination:
    """A hand's combination: its kind (``'naturali'`` …), seat, and plain words."""

    kind: str
    seat: int
    label: str

    @property
    def precedence(self) -> int:
        """B2.9: higher is better (Naturali 4 … False 1): the kernel's code of the kind."""
        return len(COMBINATIONS) - COMBINATIONS.index(self.kind)


def deal_recipients(players: int, dealer: int, gobbo_cutter: int | None) -> list[int]:
    """B2.6: the seat that receives each card dealt from the cut pack, in order — one card
    at a time from the seat after the dealer, :data:`HAND_SIZE` rounds; a cutter who kept
    the Gobbo (``gobbo_cutter``, B2.5 / F-A24) is skipped in the last round, the Gobbo
    being its fourth card."""
    out = []
    for rnd in range(HAND_SIZE):
        for i in range(players):
            seat = (dealer + 1 + i) % players
            if not (rnd == HAND_SIZE - 1 and seat == gobbo_cutter):
                out.append(seat)
    return out


def holds_one_suit(hand: Sequence[Card]) -> str | None:
    """B2.7 / B2.8: the suit of a 4-card hand of one suit (jokers wild), else None: the
    kernel's :func:`~cardlab.games.panfin.kernel.hand_suit`.

    Two jokers with two cards of one suit count.

    >>> holds_one_suit([VECIA, Card("A", "C"), Card("3", "C"), Card("2", "C")])
    'C'
    """
    if len(hand) != HAND_SIZE:
        return None
    suit = _hand_suit(card_mask(hand))
    return None if suit < 0 else SUITS[suit]


def classify(hand: Sequence[Card], dominant: str | None, seat: int = 0) -> Combination | None:
    """B2.9: the combination a 4-card hand makes, or None: the kernel's
    :func:`~cardlab.games.panfin.kernel.combination_kind`, in words.

    * Naturali: four of a rank, no joker (never four Fanti: two of them are jokers);
    * Simezi: three of a rank and a joker, or two of a rank and both jokers;
    * Tronfi: four cards of the dominant suit, jokers wild;
    * False: four cards of one other suit, jokers wild.

    >>> classify([Card("7", s) for s in "SBCD"], "C").kind
    'naturali'
    >>> classify([Card("F", "S"), Card("A", "C"), Card("3", "C"), Card("2", "C")], "C").label
    'Tronfi (four of the dominant suit, coppe)'
    """
    if len(hand) != HAND_SIZE:
        return None
    code = _combination_kind(card_mask(hand), dominant_index(dominant))
    if code == kernel.NO_COMBINATION:
        return None
    kind = COMBINATIONS[len(COMBINATIONS) - code]
    return Combination(kind, seat, _combination_words(kind, hand))


# the samplers ask about the same few thousand hands again and again (a servito's hands,
# the layouts they reject): the kernel's answer for a mask is kept, for 16k masks at most
@lru_cache(maxsize=1 << 14)
def _hand_suit(hand: int) -> int:
    return int(kernel.hand_suit(kernel.combination_tables(), hand))


@lru_cache(maxsize=1 << 14)
def _combination_kind(hand: int, d: int) -> int:
    return int(kernel.combination_kind(kernel.combination_tables(), hand, d))


def _combination_words(kind: str, hand: Sequence[Card]) -> str:
    """The name of the combination ``kind`` that ``hand`` makes, e.g. "Naturali of sevens"
    (B2.9): its rank or suit is any plain card's, since all share it."""
    card = next(c for c in hand if not is_joker(c))
    if kind == "naturali":
        return f"Naturali of {_rank_words(card.rank)}"
    if kind == "simezi":
        names = " and ".join(_JOKER_NAMES[c] for c in hand if is_joker(c))
        return f"Simezi of {_rank_words(card.rank)} with the {names}"
    if kind == "tronfi":
        return f"Tronfi (four of the dominant suit, {ITALIAN_SUIT_NAMES[card.suit]})"
    return f"False (four of {ITALIAN_SUIT_NAMES[card.suit]})"


def _rank_words(rank: str) -> str:
    """A rank in words for a combination's name: ``"sevens"``, ``"re"`` (B2.9)."""
    word = ITALIAN_RANK_NAMES.get(rank, rank)
    return f"{word}s" if rank.isdigit() else word


# -- call meanings: the declarations and the dealer's choices in one line each ------------------
def call_meanings(options: PanfinOptions) -> dict[str, str]:
    """Every declaration and dealer's choice of Panfin under ``options`` → its meaning in one
    line, for a table's hover (:meth:`cardlab.engine.game.Game.call_meaning`): ``tengo``
    (an exchange such as ``tengo 7S 2C`` reads as its verb), ``fold``, ``servito``, the
    dealer's ``choose S`` … after a turned-up Vecia, each dominant suit of
    ``game.contracts()`` by its letter and, where the dealer takes the turned-up card,
    ``swap`` (B2.6, B2.7, B2.8, B2.10.1).

    >>> call_meanings(PanfinOptions())["fold"].split(";")[0]
    'Fold: drop out of this hand'
    """
    out: dict[str, str] = {}
    n = options.max_exchange
    if n:
        out["tengo"] = (f"Tengo (\"I hold\"): stay in the hand; name up to {n} card"
                        f"{'s' if n > 1 else ''} to throw away and draw as many from the stock, "
                        "or name none to keep your hand.")
    else:
        out["tengo"] = "Tengo (\"I hold\"): stay in the hand with the four cards you hold."
    owed = ["a Naturali's bonus"]
    if options.simezi_bonus_payers == "all_others":
        owed.append("a Simezi's bonus")
    if options.tronfi_stamp_payers == "all_non_exempt":
        owed.append("a Tronfi's stamp")
    out["fold"] = ("Fold: drop out of this hand; your ante stays in the pot and you pay nothing "
                   f"more, except {' or '.join(owed)} if another player shows one.")
    tie = ("the pot stays for the next hand" if options.servito_tie == "pot_stays"
           else "the tied players share the pot")
    end = ("the declarations end at once" if options.servito_ends_declarations
           else "the others still declare")
    out["servito"] = ("Servito (\"served\"): show four cards of one suit (the Vecia and the "
                      "Gobbo are wild) and take the pot, unless someone still in also holds four "
                      f"of a suit ({tie}) or a Naturali or Simezi, which beats it; {end}.")
    for suit in SUITS:
        name = ITALIAN_SUIT_NAMES[suit]
        out[f"choose {suit}"] = (f"Choose {name} as the dominant suit (the Vecia was turned up): "
                                 f"every {name} card becomes a trump, below the Vecia and the "
                                 "Gobbo.")
        # the dominant suits of game.contracts(), by their bare names
        out[suit] = (f"{name.capitalize()} dominant: the Vecia, the Gobbo and every {name} card "
                     "are trumps and beat every other card.")
    if options.dealer_turnup_at_piatti == "swap":
        out["swap"] = ("Swap: as dealer, take the turned-up card into your hand and lay one card "
                       "away face down (name the turned-up card itself to keep your hand).")
    return out
