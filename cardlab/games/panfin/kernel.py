"""Panfin's rules written once, for one deal and for a batch: the antes (B2.3), the
combinations and what they settle (B2.7-B2.9: four of a suit, the kind, its rank against
another, the bonus and stamp dues), and the trick phase (B2.10, B2.11: legal plays, trick
keys and winners, the piatti settlement).

Every function here runs unchanged on Python ints (one deal: card masks as ints, the
judge in :mod:`~cardlab.games.panfin.judge` and the state) and on numpy ``uint64``/``int64`` arrays (a batch
of deals, :mod:`cardlab.sim.panfin`): only bit operations, comparisons, arithmetic,
look-ups in :class:`~cardlab.games.panfin.rules.KernelTables` (``t``: tuples for one
deal, numpy arrays for a batch) and :func:`~cardlab.engine.bits.select`. The combinations
read :class:`CombinationTables` (``c``: constant masks, the same for both) and
:class:`CombinationRules` (``rules``, from the options).

The arguments: ``hand`` and ``pair`` are card masks; ``d`` the dominant suit and ``led``
the led (effective) suit, indices into :data:`~cardlab.games.panfin.rules.SUITS` (a
combination's ``d`` is -1 before the dominant suit is known);
``best_key`` / ``led_key`` the :func:`trick_key` of the card now winning the trick and of
the led card; ``leading`` (nothing played to the trick yet), ``double_led`` (the jokers
were led together) and ``gobbo_due`` (this seat led the Vecia alone last time and keeps
the Gobbo, ``both_jokers_lead="consecutive_forced"``) are conditions; ``rules`` the
:class:`~cardlab.games.panfin.rules.PlayRules` of the options.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from cardlab.engine.bits import select

# B2.10.5: the lead holds the trick and a later card takes it only with a greater key (the
# earlier of equal keys keeps it): the rule shared with the other trick games, written once
from cardlab.engine.trick_keys import trick_best, trick_winner_index

__all__ = ["trick_led_suit", "trick_key", "trick_best", "trick_winner_index", "trick_piatti",
           "legal_lead_mask", "legal_answer_masks", "legal_answer_mask", "legal_mask",
           "legal_pair", "deal_points", "NO_COMBINATION", "FALSE", "TRONFI", "SIMEZI",
           "NATURALI", "CombinationTables", "CombinationRules", "combination_tables",
           "combination_rules", "hand_suit", "hand_rank", "combination_kind",
           "combination_rank", "stamp_liable", "combination_dues", "exchange_limit",
           "servito_share", "ante_due"]


# -- trick keys and the winner (B2.2, B2.10.5) ------------------------------------------------
def trick_led_suit(t: Any, d: Any, card: Any) -> Any:
    """B2.2 / F-A16: the effective suit ``card`` leads under dominant ``d`` (a joker leads
    trumps)."""
    return t.eff[d * t.stride + card]


def trick_key(t: Any, d: Any, led: Any, card: Any) -> Any:
    """B2.10.5: how strongly ``card`` bids for a trick led in ``led`` under dominant ``d``
    (a trump above the led suit, another suit 0); higher wins. The tables hold the engine's
    :meth:`~cardlab.engine.tricks.CardOrder.key` of :func:`~cardlab.games.panfin.rules.trick_order`."""
    return t.key[(d * t.suits + led) * t.stride + card]


def trick_piatti(t: Any, double_led: Any) -> Any:
    """B2.10.4 / B2.10.5 / F-A19: the piatti the trick's winner takes (two for the double
    trick)."""
    return select(double_led, t.double_trick_piatti, t.trick_piatti)


# -- legal plays (B2.10.3, B2.10.4) ----------------------------------------------------------
def legal_lead_mask(t: Any, hand: Any, gobbo_due: Any, rules: Any) -> Any:
    """B2.10.3 (leading): the cards that may lead alone: any card, except that both jokers
    in hand lead together (``double_trick``: no card alone) or the Vecia first and then
    the Gobbo on the next lead (``consecutive_forced``)."""
    both = (hand & t.jokers) == t.jokers
    due = gobbo_due & ((hand & t.gobbo) != 0)
    consecutive = select(both, t.vecia, select(due, t.gobbo, hand))
    return select(rules.double_trick, select(both, 0 * hand, hand), consecutive)


def legal_answer_masks(t: Any, hand: Any, d: Any, led: Any, best_key: Any, led_key: Any,
                       rules: Any) -> tuple[Any, Any, Any, Any]:
    """B2.10.3 / F-A17 / F-A18: the parts of an answer with one card, as masks of ``hand``:

    * ``same``: the cards of the led suit (they must be played, "rispondere");
    * ``beaters``: those that beat the card to beat (the winner, or the led card with
      ``beat_reference="led_card"``) while it is of the led suit (else none);
    * ``trumps``: the trumps (a void hand must play one, ``must_trump_when_void``);
    * ``overtrumps``: the trumps above the highest trump played (else none).
    """
    same = hand & t.suit_mask[d * t.suits + led]
    trumps = hand & t.suit_mask[d * t.suits + d]
    target = select(rules.beat_led_card, led_key, best_key)
    row = (d * t.suits + led) * t.span
    in_led = (led == d) | (target < t.trump_key)
    beaters = select(in_led, same & t.above[row + target], 0 * hand)
    overtrumps = select(best_key >= t.trump_key, trumps & t.above[row + best_key], 0 * hand)
    return same, beaters, trumps, overtrumps


def legal_answer_mask(t: Any, hand: Any, d: Any, led: Any, best_key: Any, led_key: Any,
                      rules: Any) -> Any:
    """B2.10.3 / F-A18: the cards that may answer a trick led with one card: the led suit
    (beating if it can), else a trump (overtrumping if it can), else any card."""
    same, beaters, trumps, overtrumps = legal_answer_masks(t, hand, d, led, best_key, led_key,
                                                           rules)
    follow = select(beaters != 0, beaters, same)
    trump = select(rules.must_overtrump & (overtrumps != 0), overtrumps, trumps)
    void = select(rules.must_trump & (trumps != 0), trump, hand)
    return select(same != 0, follow, void)


def legal_mask(t: Any, hand: Any, d: Any, leading: Any, double_led: Any, led: Any,
               best_key: Any, led_key: Any, gobbo_due: Any, rules: Any) -> Any:
    """B2.10.3 / B2.10.4: the cards ``hand`` may play alone now (none to the jokers' double
    lead, which is answered with two: :func:`legal_pair`)."""
    answer = legal_answer_mask(t, hand, d, led, best_key, led_key, rules)
    return select(leading, legal_lead_mask(t, hand, gobbo_due, rules),
                  select(double_led, 0 * hand, answer))


def legal_pair(t: Any, hand: Any, pair: Any, d: Any, leading: Any, double_led: Any,
               rules: Any) -> Any:
    """B2.10.3 / B2.10.4 / F-A19: whether two cards ``pair`` of ``hand`` may be played
    together: the jokers led together (``double_trick``), or an answer to them with trumps
    while one has any."""
    trumps = hand & t.suit_mask[d * t.suits + d]
    held = pair & trumps
    # at least min(2, trumps held) trumps: no trump held, or one in the pair and either a
    # single trump held or two in the pair
    enough = (trumps == 0) | ((held != 0) & (((trumps & (trumps - 1)) == 0)
                                             | ((held & (held - 1)) != 0)))
    lead = rules.double_trick & (pair == t.jokers)
    return select(leading, lead, double_led & enough)


# -- the settlement of the trick phase (B2.11) ------------------------------------------------
def deal_points(piatti: Sequence[Any], active: Sequence[Any], pot: Any
                ) -> tuple[tuple[Any, ...], Any, Any, tuple[Any, ...]]:
    """B2.11 / F-A21: the chips of a deal decided by piatti, per seat: the one active seat
    with the most piatti takes the pot (a tie leaves it: "piatto resta"); every active seat
    with no piatto pays the pot, as it stood, into the next pot.

    Returns ``(gains, pot_after, winner, stamped)``: each seat's chips from the settlement,
    the pot carried to the next deal, the winning seat (-1 for a tie) and which seats paid
    the stamp.
    """
    n = len(piatti)
    score = [select(active[s], piatti[s], -1) for s in range(n)]
    most = score[0]
    for s in range(1, n):
        most = select(score[s] > most, score[s], most)
    top = [score[s] == most for s in range(n)]
    unique = sum(select(top[s], 1, 0) for s in range(n)) == 1
    winner = -1 + 0 * most
    for s in reversed(range(n)):
        winner = select(top[s] & unique, s, winner)
    stamped = tuple(active[s] & (piatti[s] == 0) for s in range(n))
    gains = tuple(select(top[s] & unique, pot, 0) - select(stamped[s], pot, 0)
                  for s in range(n))
    pot_after = pot - select(unique, pot, 0) + sum(select(stamped[s], pot, 0) for s in range(n))
    return gains, pot_after, winner, stamped


# -- the declarations and the combinations (B2.7, B2.8, B2.9) -----------------------------------
#: B2.9 the combinations as kernel codes, equal to their precedence (Naturali > Simezi >
#: Tronfi > False; 0: no combination)
NO_COMBINATION, FALSE, TRONFI, SIMEZI, NATURALI = 0, 1, 2, 3, 4


class CombinationTables(NamedTuple):
    """B2.1 / B2.2 the card facts the combinations read, as masks over the Treviso pack
    (plain Python ints: they work as constants on one deal and on a batch alike).

    :ivar plain: every card but the two jokers.
    :ivar off_suit: ``[suit]`` the plain cards of the other printed suits.
    :ivar off_rank: ``[strength - 1]`` the plain cards of the other ranks (strength: the
        rank's :func:`~cardlab.games.panfin.rules.plain_rank`, 1 for the 2 … 10 for the ace).
    :ivar rank_cards: ``[strength - 1]`` the plain cards of that rank.
    """

    plain: int
    jokers: int
    vecia: int
    gobbo: int
    off_suit: tuple[int, ...]
    off_rank: tuple[int, ...]
    rank_cards: tuple[int, ...]


class CombinationRules(NamedTuple):
    """The options of table B4.2 that change the settlement of the declarations (B2.8,
    B2.9, F-A11, F-A13, F-A14, F-A15), as flags and amounts."""

    naturali_bonus: int
    simezi_bonus: int
    simezi_all_pay: bool
    stamp_all_pay: bool
    false_by_cards: bool
    simezi_rank_first: bool
    servito_split: bool


@cache
def combination_tables() -> CombinationTables:
    """B2.1 / B2.2 :class:`CombinationTables` of the Treviso pack, read off the rules' pack,
    jokers and plain ladder."""
    from cardlab.cards import treviso_pack
    from cardlab.games.panfin.rules import GOBBO, PLAIN_LADDER, SUITS, VECIA, is_joker, plain_rank

    pack = list(treviso_pack())
    plain = [c for c in pack if not is_joker(c)]

    def mask(cards: Any) -> int:
        return sum(1 << pack.index(c) for c in cards)

    strengths = range(1, len(PLAIN_LADDER) + 1)
    vecia, gobbo = mask([VECIA]), mask([GOBBO])
    return CombinationTables(
        plain=mask(plain), jokers=vecia | gobbo, vecia=vecia, gobbo=gobbo,
        off_suit=tuple(mask(c for c in plain if c.suit != s) for s in SUITS),
        off_rank=tuple(mask(c for c in plain if plain_rank(c) != k) for k in strengths),
        rank_cards=tuple(mask(c for c in plain if plain_rank(c) == k) for k in strengths))


@cache
def combination_rules(options: Any) -> CombinationRules:
    """The kernel's :class:`CombinationRules` of ``options`` (a
    :class:`~cardlab.games.panfin.rules.PanfinOptions`)."""
    return CombinationRules(
        naturali_bonus=options.naturali_bonus, simezi_bonus=options.simezi_bonus,
        simezi_all_pay=options.simezi_bonus_payers == "all_others",
        stamp_all_pay=options.tronfi_stamp_payers == "all_non_exempt",
        false_by_cards=options.tiebreak_false == "tronfi_rule",
        simezi_rank_first=options.tiebreak_simezi == "rank",
        servito_split=options.servito_tie == "split")


def hand_suit(c: CombinationTables, hand: Any) -> Any:
    """B2.7 / B2.8: the printed suit (an index into ``SUITS``) that every card of the
    four-card ``hand`` belongs to, the jokers wild (servito; Tronfi or False), else -1."""
    plain = hand & c.plain
    out = -1 + 0 * (plain != 0)
    for s, other in enumerate(c.off_suit):
        out = select((plain & other) == 0, s, out)
    return out


def hand_rank(c: CombinationTables, hand: Any) -> Any:
    """B2.9: the strength (1 for the 2 … 10 for the ace) of the one rank every plain card
    of the four-card ``hand`` has (Naturali; Simezi with the jokers), else -1."""
    plain = hand & c.plain
    out = -1 + 0 * (plain != 0)
    for k, other in enumerate(c.off_rank):
        out = select((plain & other) == 0, k + 1, out)
    return out


def combination_kind(c: CombinationTables, hand: Any, d: Any) -> Any:
    """B2.9: the combination the four-card ``hand`` makes under dominant ``d`` (-1: none
    known yet), as its code: :data:`NATURALI` (four of a rank, no joker), :data:`SIMEZI`
    (a rank completed by the jokers), :data:`TRONFI` (four of the dominant suit, jokers
    wild), :data:`FALSE` (four of another suit) or :data:`NO_COMBINATION`. The kinds
    cannot overlap in four cards."""
    rank, suit = hand_rank(c, hand), hand_suit(c, hand)
    joker = (hand & c.jokers) != 0
    one_suit = select(suit < 0, NO_COMBINATION, select(suit == d, TRONFI, FALSE))
    return select(rank >= 0, select(joker, SIMEZI, NATURALI), one_suit)


def combination_rank(c: CombinationTables, hand: Any, d: Any, call_position: Any,
                     rules: CombinationRules) -> Any:
    """B2.9 / F-A15: how a four-card hand's combination ranks against any other (higher
    wins; 0 for none): the kind's precedence, then within a kind

    * Naturali: the higher rank;
    * Simezi: the Vecia's Simezi above the Gobbo's, then the higher rank (or the rank
      first, ``tiebreak_simezi="rank"``);
    * Tronfi: Vecia > Gobbo > no joker, then the highest cards one by one [S-PF];
    * False: first in the declaration order (or as Tronfi, ``tiebreak_false="tronfi_rule"``);

    and last the earlier ``call_position`` (0: the dealer's right), so no two seats tie."""
    kind = combination_kind(c, hand, d)
    rank = hand_rank(c, hand)
    jokers = select((hand & c.vecia) != 0, 2, 0) + select((hand & c.gobbo) != 0, 1, 0)
    cards = 0 * jokers  # the ranks held, one bit each: the highest cards compare first
    for k, held in enumerate(c.rank_cards):
        cards = cards + select((hand & held) != 0, 2 << k, 0)
    by_cards = jokers * 4096 + cards
    simezi = select(rules.simezi_rank_first, rank * 4 + jokers, jokers * 16 + rank)
    false = select(rules.false_by_cards, by_cards, 0 * cards)
    within = select(kind == NATURALI, rank, select(kind == SIMEZI, simezi,
                    select(kind == TRONFI, by_cards, false)))
    key = kind * (1 << 20) + within * 8 + (7 - call_position)
    return select(kind == NO_COMBINATION, 0 * key, key)


def stamp_liable(c: CombinationTables, hand: Any, d: Any) -> Any:
    """B2.9 / F-A14: whether a four-card ``hand`` pays the stamp fee after another's
    Tronfi: not with the Vecia or Gobbo, a (lower) Tronfi or a False."""
    kind = combination_kind(c, hand, d)
    return ((hand & c.jokers) == 0) & (kind != TRONFI) & (kind != FALSE)


def combination_dues(kind: Any, seat: Any, winner: Any, active: Any, liable: Any, pot: Any,
                     rules: CombinationRules) -> tuple[Any, Any]:
    """B2.9 / F-A13 / F-A14: what ``seat`` pays after ``winner``'s best combination of code
    ``kind`` took the pot: the bonus it pays the winner (Naturali: every other player,
    folded or not; Simezi: every other, or every other active one) and the stamp fee of the
    pot into the next pot (Tronfi: every other active, or every, player still ``liable``).
    Returns ``(bonus, stamp)``."""
    other = seat != winner
    simezi = other & (kind == SIMEZI) & (active | rules.simezi_all_pay)
    bonus = select(other & (kind == NATURALI), rules.naturali_bonus,
                   select(simezi, rules.simezi_bonus, 0))
    stamp = select(other & (kind == TRONFI) & (active | rules.stamp_all_pay) & liable, pot, 0)
    return bonus, stamp


def exchange_limit(max_exchange: Any, stock: Any) -> Any:
    """B2.7 / F-A9: the most cards a tengo may exchange: ``max_exchange``, capped by the
    ``stock`` cards left to draw."""
    return select(stock < max_exchange, stock, max_exchange)


def servito_share(pot: Any, tied: Any) -> Any:
    """F-A11 (``servito_tie="split"``): each tied servito's share of the pot (the rest
    stays for the next deal)."""
    return pot // tied


# -- the stakes (B2.3) ------------------------------------------------------------------------
def ante_due(seat: Any, dealer: Any, pot: Any, dealer_multiplier: Any, carryover_adds: Any
             ) -> Any:
    """B2.3 / F-A22: the chips ``seat`` puts into the pot before the deal: into an empty pot
    1 (the dealer ``dealer_ante_multiplier``); into a carried-over pot only the dealer,
    ``carryover_dealer_adds``."""
    is_dealer = seat == dealer
    fresh = select(is_dealer, dealer_multiplier, 1)
    return select(pot == 0, fresh, select(is_dealer, carryover_adds, 0))
