"""Pandoeren's rules of the play as pure arithmetic: legal cards, trick keys, deal points.

Each function is written once in the operations of :mod:`cardlab.engine.bits` (bit
operations, comparisons, arithmetic, table lookups and :func:`~cardlab.engine.bits.select`),
so the same code decides one deal of the teaching engine (Python ``int`` card masks,
``bool`` conditions: ``judge.py``, ``state.py``, ``scoring.py``) and a whole batch of
deals (numpy ``uint64``/``int64``/``bool`` arrays: :mod:`cardlab.sim.pandoeren`).

A card mask has bit ``i`` for the pack's ``i``-th card (pack order,
:func:`cardlab.cards.pandoeren_pack`). The tables (``tb``) are a
:class:`~cardlab.games.pandoeren.rules.PlayTables`: tuples from
:func:`~cardlab.games.pandoeren.rules.play_tables` for one deal, the same fields as numpy
arrays in the batch. A *table* index ``t`` is the trump suit (0-3, S C D H) or 4 for no
trumps; a *card* index ``n_cards`` stands for "no card" (bit 0, strength 0, points 0).

Boolean facts are combined with ``&``, ``|`` and ``^ True`` (never ``not`` or ``~``), so
that they mean the same on a ``bool`` and on a bool array.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.engine.bits import nonzero, select

# A2.2: the lead holds the trick, a later card takes it only with a greater key (the
# rule shared with the other trick games, written once)
from cardlab.engine.trick_keys import trick_best, trick_winner_index

__all__ = ["legal_mask", "trick_key", "trick_best", "trick_winner_index", "trick_top_trump",
           "trick_card_points", "trick_points_total", "contract_failed",
           "contract_tricks_made", "deal_points", "contract_made", "stuk_points",
           "deal_payments", "announce_stuk_legal", "announce_roem_legal", "auction_bid_legal",
           "auction_seat_out", "call_mask", "team_roem_counted"]

#: A2.6 / A2.11 how a contract's objective is tested (``rules.OBJECTIVE_OF`` maps each
#: contract kind to one): the number bid (card points + roem + stuk), Pandoer + n (all
#: tricks and roem + stuk), the team or the declarer wins all tricks, Zwabber (the declarer
#: the first four, the team all), the declarer wins none, Piccolo (P-A11)
NUMBER, PANDOER_PLUS, ALL_TRICKS, ZWABBER, NO_TRICKS, PICCOLO = range(6)
#: P-A11 the readings of Piccolo's objective (option ``piccolo_objective``), in its order
FIRST_TRICK_ONLY, ANY_ONE_TRICK, FIRST_TRICK_WITH_JAS = range(3)


# -- A2.5 the auction, A2.7.3 the call --------------------------------------------------------
def auction_bid_legal(rank: Any, high_rank: Any) -> Any:
    """A2.5: a bid of ladder position ``rank`` (A4.2 order) is legal over the high bid at
    ``high_rank`` (-1: no bid yet) when it ranks above it; a pass is always legal."""
    return rank > high_rank


def auction_seat_out(passed: Any, pass_is_final: bool) -> Any:
    """A2.5 / P-A4: a seat that has passed is out of the auction when ``pass_is_final``."""
    return pass_is_final & passed


def call_mask(rank_masks: Sequence[Any], own: Any, trump_ace: Any,
              allow_trump_ace: bool) -> Any:
    """A2.7.3 / P-A7 / P-A8: the cards the declarer may call, as a mask: the cards of the
    first rank in ``rank_masks`` (aces, then kings, …: each rank's mask) that she neither
    holds nor discarded (``own``), the trump ace (``trump_ace``: its bit, 0 without trumps)
    only with ``allow_trump_ace``."""
    barred = own | select(allow_trump_ace, 0, trump_ace)
    found = rank_masks[0] & ~barred
    for mask in rank_masks[1:]:
        found = select(nonzero(found), found, mask & ~barred)
    return found


# -- A2.8 the legal cards --------------------------------------------------------------------
def legal_mask(tb: Any, hand: Any, leading: Any, led: Any, table: Any, top: Any, *,
               jas_never_forced: bool, trump_while_able_to_follow: bool,
               undertrump_banned: bool, overtrump_on_trump_lead: bool) -> Any:
    """A2.8: the cards of ``hand`` that may be played, as a mask.

    ``leading``: nobody has played to the trick (A2.8.1: any card). ``led``: the led suit's
    index (4 when leading); ``table``: the trump table; ``top``: the rank of the highest
    trump in the trick (-1: none). Without trumps (A2.8.2) follow suit if able, else any
    card. With trumps: trumps led (A2.8.3a): a trump (``overtrump_on_trump_lead``: a higher
    one if she has one), else any card; a plain suit led (A2.8.3b): follow suit or trump
    (only follow with ``trump_while_able_to_follow=False``, A2.8.5), and being void
    discard or trump; a trump must beat the highest trump in the trick unless
    ``undertrump`` is ``'allowed'`` (A2.8.4) or only undertrumps are left. The jas is never
    forced and always playable (A2.8.3, ``jas_never_forced``): it is set aside while the
    hand holds another card, and added back.
    """
    jas = tb.jas[table]
    trump_suit = tb.trump_mask[table]
    led_suit = tb.suit_mask[led]
    # A2.8.3 the jas exemption: a hand of the jas alone must play it
    exempt = jas_never_forced & nonzero(hand & jas) & nonzero(hand & (hand - 1))
    h = select(exempt, hand & ~jas, hand)
    trumps = h & trump_suit
    follow = h & led_suit
    higher = trumps & tb.above[table * tb.above_stride + top + 1]
    # A2.8.3a trumps led: a trump, a higher one first under overtrump_on_trump_lead
    allowed_a = select(overtrump_on_trump_lead & nonzero(higher), higher, trumps)
    legal_a = select(nonzero(allowed_a), allowed_a, h)
    # A2.8.3b a plain suit led: the trumps she may play (A2.8.4: no undertrumping)
    allowed_b = select(undertrump_banned, higher, trumps)
    with_follow = select(trump_while_able_to_follow, follow | allowed_b, follow)
    others = (h & ~trump_suit) | allowed_b
    void = select(nonzero(others), others, trumps)  # only undertrumps left: they are allowed
    legal_b = select(nonzero(follow), with_follow, void)
    legal = select(nonzero(led_suit & trump_suit), legal_a, legal_b) | select(exempt, jas, 0)
    return select(leading, hand, legal)


# -- A2.10 the announcements (roem_announce="manual") -----------------------------------------
def announce_stuk_legal(tb: Any, table: Any, hand: Any, counts_roem: Any, announced: Any,
                        held: Any, before_first_card: bool) -> Any:
    """A2.10.3 / P-A16: ``announce stuk`` is legal: the contract counts roem (P-A17), the seat
    has not announced it, she held the trump king and queen at the start of play, and it is
    before the deadline: ``before_first_card``, both still in ``hand``; else at least one."""
    kq = tb.kq[table]
    still = hand & kq
    in_time = select(before_first_card, still == kq, nonzero(still))
    return counts_roem & (announced ^ True) & held & in_time


def announce_roem_legal(counts_roem: Any, announced: Any, is_declarer: Any, first_lead: Any,
                        is_partner: Any, partner_public: Any, roem: Any) -> Any:
    """A2.10.2: ``announce roem`` is legal: the contract counts roem (P-A17), the seat has not
    announced it, she holds roem (``roem`` > 0), and she is the declarer leading to trick 1
    (``first_lead``) or the partner once the partnership is public."""
    when = select(is_declarer, first_lead, is_partner & partner_public)
    return counts_roem & (announced ^ True) & when & (roem > 0)


def team_roem_counted(total: Any, best: Any, denier_best: Any, denial: bool) -> Any:
    """A2.10.2 / P-A14: the roem a team announced counts: its ``total`` (the announcing
    seats' roem) is above 0 and, under ``roem_denial`` (``denial``), its best single
    instance is not beaten by the best one of a bidding opponent: ``best`` and
    ``denier_best`` are those instances' denial keys as numbers (ordered as
    :attr:`~cardlab.games.pandoeren.roem.RoemInstance.key`; ``denier_best`` -1 when no
    bidding opponent holds roem). The arithmetic form of
    :func:`~cardlab.games.pandoeren.roem.team_roem`'s test, for arrays of deals."""
    return (total > 0) & ((denial ^ True) | (best >= denier_best))


# -- A2.2 the trick --------------------------------------------------------------------------
def trick_key(tb: Any, table: Any, led: Any, card: Any) -> Any:
    """A2.2: how strongly ``card`` bids for a trick led in suit ``led``: a trump above every
    card of the led suit, a card of the led suit by its rank, any other card 0."""
    return tb.strength[(table * 4 + led) * tb.stride + card]


def trick_top_trump(tb: Any, table: Any, card: Any, top: Any, leading: Any) -> Any:
    """A2.8.4: the rank of the highest trump in the trick once ``card`` is played to it
    (-1: no trump yet); a lead starts the trick afresh."""
    top = select(leading, -1, top)
    rank = tb.rank[table * tb.stride + card]
    is_trump = nonzero(tb.bit[card] & tb.trump_mask[table])
    return select(is_trump & (rank > top), rank, top)


# -- A2.3 / A2.10 / A2.11 the deal's points and the contract's test -------------------------
def trick_card_points(tb: Any, table: Any, card: Any) -> Any:
    """A2.3: the card points of ``card`` under the trump table."""
    return tb.points[table * tb.stride + card]


def trick_points_total(tb: Any, card_points: Any, last: Any) -> Any:
    """A2.3: the points a completed trick carries: its cards' points, +5 for the last."""
    return card_points + select(last, tb.last_trick_bonus, 0)


def contract_failed(kind: Any, team_lost: Any, declarer_tricks: Any, early_lost: Any,
                    first_lost: Any, first_win_jas: Any, piccolo: Any) -> Any:
    """A2.6: the contract has certainly failed on the tricks so far. ``team_lost``: a trick
    went outside the declaring side; ``declarer_tricks``: tricks the declarer won;
    ``early_lost``: one of tricks 1-4 went to another seat (Zwabber); ``first_lost``:
    trick 1 did; ``first_win_jas``: the declarer's first won trick holds her jas; ``piccolo``:
    the P-A11 reading. Number bids never fail on tricks (their points are settled at the
    end)."""
    pic = ((declarer_tricks > 1) | ((piccolo == FIRST_TRICK_ONLY) & first_lost)
           | ((piccolo == FIRST_TRICK_WITH_JAS) & (declarer_tricks >= 1) & (first_win_jas ^ True)))
    return ((((kind == ALL_TRICKS) | (kind == PANDOER_PLUS)) & team_lost)
            | ((kind == ZWABBER) & (team_lost | early_lost))
            | ((kind == NO_TRICKS) & (declarer_tricks > 0))
            | ((kind == PICCOLO) & pic))


def contract_tricks_made(kind: Any, failed: Any, complete: Any, declarer_tricks: Any) -> Any:
    """A2.6: the trick objective is met: all 8 tricks played, not failed, and in Piccolo the
    declarer won exactly one trick."""
    return complete & (failed ^ True) & select(kind == PICCOLO, declarer_tricks == 1, True)


def deal_points(kind: Any, team_card_points: Any, roem: Any, stuk: Any) -> Any:
    """A2.11: the points a contract is measured by: a number bid's card points + roem + stuk
    of the declaring side; Pandoer + n's roem + stuk (the other contracts count tricks)."""
    return select(kind == NUMBER, team_card_points + roem + stuk, roem + stuk)


def contract_made(kind: Any, tricks_made: Any, complete: Any, points: Any, number: Any) -> Any:
    """A2.11: the contract is made: a number bid reaches the bid in :func:`deal_points` (8
    tricks played); Pandoer + n meets its trick objective and reaches n; the others meet
    their trick objective (:func:`contract_tricks_made`)."""
    reached = points >= number
    return select(kind == NUMBER, complete & reached,
                  select(kind == PANDOER_PLUS, tricks_made & reached, tricks_made))


def stuk_points(tb: Any, counts_roem: Any, counted: Any) -> Any:
    """A2.10.3: stuk's 20 for the declaring side, in a contract that counts roem, when it
    counts (held by the declarer or the partner; announced in time under ``manual``)."""
    return select(counts_roem & counted, tb.stuk_value, 0)


def deal_payments(made: Any, value: Any, in_team: Any, team_size: Any, defenders: Any,
                  zero_sum: bool) -> Any:
    """A2.11 / P-A19: a seat's points: ``pagat_plus_minus`` gives each member of the declaring
    side ±``value``; ``zero_sum_per_opponent`` gives each member ±``value`` per defender and
    each defender ∓``value`` per member."""
    v = select(made, value, -value)
    return select(zero_sum, select(in_team, v * defenders, -v * team_size),
                  select(in_team, v, 0))
