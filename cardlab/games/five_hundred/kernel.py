"""Five Hundred's rules of play and scoring as pure functions, for one deal and for a batch.

Each function here is the one place its rule is written: the legal cards (5H-7.1 follow the
effective suit led, 5H-7.2 the bowers follow trumps, 5H-7.3 the unnominated joker J1–J6),
the strength of a card in a trick (5H-7.1, against the suit led and trumps), which bids are
legal (5H-5.4, on ladder places: the auction's judge and the vectorised heuristic ask the
same functions) and the points of a finished deal (5H-8: the Avondale value, slam, the
defenders' tens, misère, the 490/480 and over-400 limits). They use only bit operations,
comparisons, arithmetic and :func:`~cardlab.engine.bits.select`, so the same function runs
on one deal (Python ``int`` card masks, bit ``i`` = ``game.deck[i]``; ``bool`` conditions)
in the teaching engine (:mod:`~cardlab.games.five_hundred.judge`,
:mod:`~cardlab.games.five_hundred.scoring`) and the rollout, and on numpy
``uint64``/``int64`` arrays in the batch simulator (:mod:`cardlab.sim.five_hundred`). The
options they read come as the small records :class:`PlayFlags` and :class:`ScoringFlags`
(:func:`~.rules.play_flags`, :func:`~.rules.scoring_flags` build them from the game's
options).

>>> flags = PlayFlags(nomination=UNLED_SUITS, after_all=NO_LEAD_BEFORE_LAST, lead_only_last=False,
...                   j3=True, last_trick=10)
>>> # hearts led (the suit's cards are 0b0110); the hand holds a heart (bit 1) and bit 3
>>> legal_mask(0b1010, 0b0110, False, 0, 0, 0, 3, False, flags)
(2, 0)
>>> trick_key(1, 5, 1, -1), trick_key(2, 9, 1, 2), trick_key(3, 9, 1, -1)
(105, 209, 0)
>>> trick_winner_index([105, 209, 0, 110])  # the trump wins
1
>>> contract_points(140, 7, 10, False, 250, 10), contract_points(250, 0, 1, True, 250, 10)
(250, -250)
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from cardlab.engine.bits import select

# 5H-7.1: the lead holds the trick, a later card takes it only with a greater key (the
# rule shared with the other trick games, written once)
from cardlab.engine.trick_keys import trick_best, trick_winner_index

__all__ = ["follow_mask", "legal_mask", "trick_key", "trick_best", "trick_winner_index",
           "contract_made", "contract_points",
           "defence_points", "deal_points", "PlayFlags", "ScoringFlags", "bid_above",
           "may_bid_again", "misere_window", "open_misere_window", "trick_bid_legal",
           "misere_bid_legal"]

#: the four suits' bits (S C D H as bits 0-3), for the suits a joker lead may name
ALL_SUITS_BITS: Final = 15
#: effective-suit code of an unnominated joker in NT and misère (it has no suit, 5H-7.3)
NO_SUIT: Final = 4
#: 5H-7.1 strength classes, added to a card's power within its effective suit: a card of
#: the suit led < a trump < an unnominated joker; a card of none of these cannot win (0)
FOLLOW, TRUMP, JOKER = 100, 200, 300
#: J4 ``joker_lead_nomination`` codes: the suits a led joker may name
UNLED_SUITS, NOT_SHOWN_VOID, ANY_SUIT = range(3)
#: J5 ``joker_after_all_suits_led`` codes
NO_LIMIT, NO_LEAD_BEFORE_LAST, NO_PLAY_BEFORE_LAST = range(3)


class PlayFlags(NamedTuple):
    """The play options the legal mask reads (5H-12), as codes and bools.

    :ivar nomination: J4, :data:`UNLED_SUITS`, :data:`NOT_SHOWN_VOID` or :data:`ANY_SUIT`.
    :ivar after_all: J5, :data:`NO_LIMIT`, :data:`NO_LEAD_BEFORE_LAST` or
        :data:`NO_PLAY_BEFORE_LAST`.
    :ivar lead_only_last: J6, the joker may be led only at the last trick.
    :ivar j3: J3, in misère a player void in the suit led must play the joker.
    :ivar last_trick: the number of the deal's last trick (5H-4).
    """

    nomination: int
    after_all: int
    lead_only_last: bool
    j3: bool
    last_trick: int


class ScoringFlags(NamedTuple):
    """The scoring options deal points read (5H-8, 5H-10), as numbers and bools.

    :ivar per_trick: what a defending side scores per trick (0 when
        ``defenders_score_tricks`` is off), and each side per trick when all passed and NT
        was played.
    :ivar limit_on: ``defender_points_ignored_above`` is set; :ivar limit: its value.
    :ivar cap_on: ``defensive_cap`` is set; :ivar cap: its value.
    :ivar slam_minimum: 5H-8.2 what a slam scores at least.
    :ivar all_tricks: the tricks of a deal (a slam takes them all).
    :ivar all_pass_per_trick: what each side scores per trick when all passed and NT was
        played.
    """

    per_trick: int
    limit_on: bool
    limit: int
    cap_on: bool
    cap: int
    slam_minimum: int
    all_tricks: int
    all_pass_per_trick: int


# -- 5H-5 the auction: which bids are legal (ranks are places on the game's ladder,
# :func:`~.rules.ladder_for`, with -1 for "no bid yet"; the judge's reasons and the
# vectorised heuristic in :mod:`cardlab.sim.five_hundred.calls` both ask these) ---------------
def bid_above(rank: Any, high_rank: Any) -> Any:
    """5H-5.4a a bid must stand above the current high bid on the ladder (``high_rank``
    -1: nobody has bid, so any bid may open)."""
    return rank > high_rank


def may_bid_again(own_high: Any, raise_turn: Any) -> Any:
    """5H-5.4e the holder of the high bid (``own_high``) may not bid again until someone
    else has bid, except in its final raise (``raise_turn``, 5H-10 V4)."""
    return raise_turn | (own_high == 0)


def misere_window(high_rank: Any, seven_rank: Any, misere_rank: Any) -> Any:
    """5H-5.4b / A-5 (``misere_requires_seven``): misère may be bid only while 7♠ ≤ the high
    bid < misère on the ladder (with misère after 7NT: over a 7-level bid; after 8♠: over
    7♠ … 8♠). No bid standing (-1) is below the window."""
    return (seven_rank <= high_rank) & (high_rank < misere_rank)


def open_misere_window(high_rank: Any, eight_rank: Any) -> Any:
    """5H-10 (``open_misere_requires_eight``): open misère only over a bid of 8♠ or more."""
    return high_rank >= eight_rank


def trick_bid_legal(rank: Any, high_rank: Any, own_high: Any, raise_turn: Any) -> Any:
    """5H-5.4a / 5H-5.4e a trick bid of ladder place ``rank`` is legal now: above the high
    bid, and not the high bidder's own second bid outside its final raise."""
    return bid_above(rank, high_rank) & may_bid_again(own_high, raise_turn)


def misere_bid_legal(rank: Any, high_rank: Any, own_high: Any, raise_turn: Any,
                     needs_seven: bool, seven_rank: Any) -> Any:
    """5H-5.4b a (plain) misère of ladder place ``rank`` is legal now: as a trick bid
    (:func:`trick_bid_legal`), and with ``needs_seven`` (``misere_requires_seven``) only in
    the :func:`misere_window`. Whether misère is played at all is the ladder's (it holds
    the call only under ``misere_allowed``)."""
    return trick_bid_legal(rank, high_rank, own_high, raise_turn) & select(
        needs_seven, misere_window(high_rank, seven_rank, rank), True)


def follow_mask(hand: Any, suit_cards: Any, leading: Any) -> Any:
    """5H-7.1 (5H-7.2) the cards the seat to move may play when no unnominated joker is in
    play: a leader any card; a follower a card of the effective suit led (``suit_cards``; the
    left bower follows trumps) if it holds one, else any card. :func:`legal_mask` adds the
    joker's rules J1-J6 on top."""
    follow = hand & suit_cards
    return select(leading | (follow == 0), hand, follow)


def legal_mask(hand: Any, suit_cards: Any, leading: Any, free: Any, suits_led: Any,
               shown_void: Any, trick_no: Any, misere: Any, flags: PlayFlags
               ) -> tuple[Any, Any]:
    """5H-7.1-5H-7.3 the cards the seat to move may play, and the suits a led joker may name.

    :param hand: the seat's cards (mask).
    :param suit_cards: every card of the effective suit led (mask; anything when leading).
    :param leading: the seat leads the trick.
    :param free: the unnominated jokers of the contract (mask; 0 in a trump contract or
        once the joker is nominated: then it is simply a card of its suit).
    :param suits_led: the suits led so far this deal (bits 0-3; a joker lead counts as the
        suit it named).
    :param shown_void: the suits this seat has failed to follow (bits 0-3).
    :param trick_no: the trick being played, 1 … ``flags.last_trick``.
    :param misere: the contract is a misère.
    :returns: ``(cards, names)``: the legal cards (a free joker included when it may be
        played or led) and, when leading a free joker, the suits it may name (bits 0-3;
        else 0).

    Rules: 5H-7.1 a card of the effective suit led must be played if held (the left bower
    is a trump, 5H-7.2), else any card; J1 an unnominated joker may follow only when void;
    J3 in misère the void holder must play it; J4 a led joker names a suit: one not yet
    led, one the leader has not shown void in, or any (``nomination``); J5 once all four
    suits are led it may not be led (or, literally, played) before the last trick, where
    any suit may be named; J6 it may be led only at the last trick. When nothing else is
    left, the joker may be played (and led naming any suit).
    """
    last = trick_no >= flags.last_trick
    jokers = hand & free
    plain = hand & ~free
    all_led = suits_led == ALL_SUITS_BITS
    # J4-J6 the suits a leader may name for the joker
    nameable = select(flags.nomination == UNLED_SUITS, ALL_SUITS_BITS & ~suits_led,
                      select(flags.nomination == NOT_SHOWN_VOID, ALL_SUITS_BITS & ~shown_void,
                             ALL_SUITS_BITS))
    closed = flags.lead_only_last | (all_led & (flags.after_all != NO_LIMIT))
    names = select(last, ALL_SUITS_BITS, select(closed, 0, nameable))
    names = select((plain == 0) & (names == 0), ALL_SUITS_BITS, names)  # only jokers left
    names = select(leading & (jokers != 0), names, 0)
    lead = plain | select(names != 0, jokers, 0)
    # 5H-7.1 follow the suit led; void: any card, but J1/J3/J5 for an unnominated joker
    void_joker = ((hand & suit_cards) == 0) & (jokers != 0)
    barred = void_joker & (flags.after_all == NO_PLAY_BEFORE_LAST) & all_led & (
        trick_no < flags.last_trick)
    # J3 makes the joker compulsory for a void holder in misère, never in NT (J2).
    # J6 reaches only a free joker (NT and misère); in trumps the joker is a trump.
    play = select(barred, plain, select(void_joker & misere & flags.j3, jokers,
                                        follow_mask(hand, suit_cards, leading)))
    play = select(play == 0, hand, play)  # only jokers left, barred: they may go
    return select(leading, lead, play), names


def trick_key(eff: Any, power: Any, led: Any, trump: Any) -> Any:
    """5H-7.1 how strongly a card bids for a trick led in suit ``led`` (higher wins): an
    unnominated joker (effective suit :data:`NO_SUIT`) beats everything, a trump (effective
    suit ``trump``; -1 in NT and misère) beats the suit led, a card of the suit led beats
    the rest, which cannot win (0). ``eff`` and ``power`` are the card's effective suit and
    its strength within it (the contract's tables, 5H-3)."""
    return select(eff == NO_SUIT, JOKER + power,
                  select(eff == trump, TRUMP + power, select(eff == led, FOLLOW + power, 0)))


def contract_made(taken: Any, need: Any, misere: Any) -> Any:
    """5H-8.2 a trick contract is made with ``need`` tricks or more; 5H-8.4 a misère with
    none (``taken``: the contracting side's tricks; in misère the contractor's)."""
    return select(misere, taken == 0, taken >= need)


def contract_points(value: Any, need: Any, taken: Any, misere: Any, slam_minimum: Any,
                    all_tricks: Any) -> Any:
    """5H-8.2 / 5H-8.4 what the contracting side scores: the contract's ``value`` (Avondale,
    or the misère value) if made, minus it if not; a trick contract that takes every trick
    (slam) scores at least ``slam_minimum``."""
    made = contract_made(taken, need, misere)
    slam = made & (taken == all_tricks) & (slam_minimum > value)
    return select(slam, slam_minimum, select(made, value, -value))


def defence_points(old: Any, tricks: Any, flags: ScoringFlags) -> Any:
    """5H-8.3 / 5H-10 what a defending side adds for ``tricks``, given its score ``old``: per
    trick ``flags.per_trick``; nothing once ``old`` is above ``defender_points_ignored_above``;
    under ``defensive_cap`` (490/480) the new score is ``old`` at or above the cap, else
    ``old`` plus the points but no more than the cap."""
    pts = flags.per_trick * tricks
    pts = select(flags.limit_on & (old > flags.limit), 0, pts)
    new = select(old >= flags.cap, old, select(old + pts < flags.cap, old + pts, flags.cap))
    return select(flags.cap_on, new - old, pts)


def deal_points(contracting: Any, gain: Any, misere: Any, all_pass: Any, old: Any,
                tricks: Any, flags: ScoringFlags) -> Any:
    """5H-8 one side's points for a finished deal: the contracting side's ``gain``
    (:func:`contract_points`); a defending side its :func:`defence_points`, but nothing in
    misère (5H-8.4); when all passed and NT was played (``all_pass``), every side
    ``all_pass_per_trick`` a trick (a thrown-in deal has no tricks, so nothing).
    ``tricks``: the side's tricks; ``old``: its score before the deal."""
    defended = select(misere, 0, defence_points(old, tricks, flags))
    return select(all_pass, flags.all_pass_per_trick * tricks,
                  select(contracting, gain, defended))
