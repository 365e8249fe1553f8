"""Officer Skat's rules as arithmetic: legal masks, trick keys and deal points.

Each function here is written once and runs on one deal (Python ``int`` card masks and
indices, ``bool`` conditions: the teaching engine's judge and scoring) and on a batch
of deals (numpy ``uint64``/``int64``/``bool`` arrays: :mod:`cardlab.sim.officer_skat`)
alike. They use only bit operations, comparisons, arithmetic, lookups in flat tables
and :func:`~cardlab.engine.bits.select`.

The tables are an argument ``t``: :func:`cardlab.games.officer_skat.rules.kernel_tables`
builds them from the rules as tuples, and the batch passes the same tables as numpy
arrays. A card is its index in the pack's order (``NO_CARD`` for none); a contract is its
index in ``GAME_CALLS``; an effective suit (OS-5.4) is the index of the printed suit in
the pack's suit order, ``TRUMP_SUIT`` for a trump, ``NO_SUIT`` for nothing led yet.

>>> from cardlab.games.officer_skat.rules import GAME_CALLS, card_index, kernel_tables
>>> t = kernel_tables()
>>> hearts = GAME_CALLS.index("H")
>>> ah, jc, as_ = card_index("AH"), card_index("JC"), card_index("AS")
>>> led = effective_suit_code(t, hearts, as_)     # the ace of spades is led
>>> tops = (1 << ah) | (1 << jc)                  # no spade among the face-up cards
>>> legal_mask(t, tops, hearts, led) == tops      # OS-5.5: any face-up card
True
>>> trick_winner_index(t, hearts, led, as_, jc)   # OS-5.6: the trump wins
1
>>> trick_card_points(t, as_, jc)                 # OS-2.2: 11 + 2
13
"""

from __future__ import annotations

from typing import Any, Final

from cardlab.engine.bits import select

__all__ = [
    "legal_mask", "effective_suit_code", "trick_key", "trick_winner_index",
    "trick_card_points", "deal_made", "deal_loser_marks", "deal_matadors",
    "deal_game_value", "deal_declarer_amount", "deal_kontra_factor", "deal_base_amount",
    "deal_match_points", "deal_ramsch_points", "call_games_mask", "call_pass_legal",
    "call_kontra_asked", "call_re_asked",
]

#: OS-2.1 the pack's 32 cards; index ``NO_CARD`` stands for "no card" in every card table
CARDS: Final = 32
NO_CARD: Final = CARDS
CARD_SLOTS: Final = CARDS + 1
#: OS-5.4 the effective suits: the four printed suits (0-3, pack order), trumps, and none
TRUMP_SUIT: Final = 4
NO_SUIT: Final = 5
SUIT_SLOTS: Final = 6
#: OS-7.1 the longest run of matadors: the four jacks and the seven other trumps
LADDER_SLOTS: Final = 11


# -- OS-3.2 / B-2 / OS-7.4 the calls before the play -----------------------------------------
def call_games_mask(t: Any, null_allowed: Any, ramsch_allowed: Any, by_card_points: Any) -> Any:
    """OS-4 / OS-7.5 / B-2 the games that may be declared, a mask over contract indices (bit
    ``k``: ``GAME_CALLS[k]``): every game (``t.calls_mask``), less Null unless
    ``null_allowed`` and the deals are not scored by card points (``by_card_points``,
    method B), less Ramsch unless ``ramsch_allowed``."""
    null_bit = 1 << t.null_call
    ramsch_bit = 1 << t.ramsch_call
    refused = (select(null_allowed, select(by_card_points, null_bit, 0), null_bit)
               | select(ramsch_allowed, 0, ramsch_bit))
    return t.calls_mask & ~refused


def call_pass_legal(pass_allowed: Any, ramsch_allowed: Any, dealer_chooses: Any) -> Any:
    """B-2 whether the player choosing may pass: forehand with ``pass_allowed``; the dealer
    (``dealer_chooses``, after forehand passed) only with ``ramsch_allowed`` too, since
    two passes make Ramsch."""
    return pass_allowed & select(dealer_chooses, ramsch_allowed, True)


def call_kontra_asked(t: Any, kontra_re: Any, contract: Any) -> Any:
    """OS-7.4 / B-2 whether the declarer's opponent is asked for Kontra once the game is
    chosen: with ``kontra_re``, in every game but Ramsch (which has no declarer)."""
    return kontra_re & (contract != t.ramsch_call)


def call_re_asked(kontra: Any, re_decided: Any, declarer_is_forehand: Any, late: Any) -> Any:
    """OS-7.4 / B-6 whether the declarer is asked for Re: only after a Kontra and only once
    (not when ``re_decided``); forehand, the declarer, at step 10 before the dealer's
    second face-up row (under either ``re_window``); a declarer who is not forehand once
    the whole deal is out (``late``, step 12)."""
    return kontra & select(re_decided, False, late | declarer_is_forehand)


# -- OS-5.5 following -------------------------------------------------------------------------
def legal_mask(t: Any, tops: Any, contract: Any, led: Any) -> Any:
    """OS-5.5 the cards of ``tops`` (the mover's face-up top cards, a mask) that may be
    played to a trick whose led card has effective suit ``led`` (``NO_SUIT``: the mover
    leads): the tops of the led effective suit if there are any, else every top card (no
    duty to trump, B-9)."""
    follow = tops & t.suit_masks[contract * SUIT_SLOTS + led]
    return select(follow == 0, tops, follow)


def effective_suit_code(t: Any, contract: Any, card: Any) -> Any:
    """OS-5.4 the effective suit of ``card`` under ``contract`` (``NO_SUIT`` for
    ``NO_CARD``): the suit a trick led with it asks for."""
    return t.effective_suit[contract * CARD_SLOTS + card]


# -- OS-5.6 winning a trick -------------------------------------------------------------------
def trick_key(t: Any, contract: Any, led: Any, card: Any) -> Any:
    """OS-5.6 how strongly ``card`` bids for a trick led in effective suit ``led``: a trump
    above any card of the led suit, each in the contract's order; a card of another suit
    cannot win (0); ``NO_CARD`` is below everything (-1)."""
    return t.strength[(contract * SUIT_SLOTS + led) * CARD_SLOTS + card]


def trick_winner_index(t: Any, contract: Any, led: Any, first: Any, second: Any) -> Any:
    """OS-5.6 which card of a two-card trick wins: 0 the led card ``first``, 1 ``second``
    (only a stronger card beats the lead)."""
    return select(trick_key(t, contract, led, second) > trick_key(t, contract, led, first),
                  1, 0)


def trick_card_points(t: Any, first: Any, second: Any) -> Any:
    """OS-2.2 the card points of a two-card trick (its winner takes them)."""
    return t.card_points[first] + t.card_points[second]


# -- OS-6 the result of a deal ----------------------------------------------------------------
def deal_made(t: Any, points: Any, tricks: Any, null: Any, null_by_tricks: Any) -> Any:
    """OS-6.1 / OS-6.4 whether the declarer, with ``points`` card points and ``tricks``
    tricks, won: in a suit game or Grand with ``t.win_points`` (61) or more; in Null with
    fewer than ``t.null_below`` (60), or (``null_by_tricks``, B-3) with no trick."""
    null_won = select(null_by_tricks, tricks == 0, points < t.null_below)
    return select(null, null_won, points >= t.win_points)


def deal_loser_marks(points: Any, tricks: Any, counts: Any, schneider_line: Any,
                     schwarz_by_tricks: Any) -> tuple[Any, Any]:
    """OS-6.2 / OS-6.3 ``(schneider, schwarz)`` of the deal's loser, who took ``points`` card
    points in ``tricks`` tricks: Schneider at ``schneider_line`` points or fewer (B-11),
    Schwarz with no card points or (``schwarz_by_tricks``, B-12) no trick; a Schwarz is a
    Schneider too. Neither where they do not ``count`` (Null; a lost game under B-13)."""
    schwarz = counts & select(schwarz_by_tricks, tricks == 0, points == 0)
    schneider = counts & ((points <= schneider_line) | schwarz)
    return schneider, schwarz


def deal_matadors(t: Any, cards: Any, contract: Any, longest: Any) -> tuple[Any, Any]:
    """OS-7.1 ``(with, n)`` over the declarer's ``cards`` (a mask of all 16): "with n" when
    they hold the top trump and the next n - 1, "without n" when they lack the top trump
    and the n - 1 next; the run counts at most ``longest`` trumps (4: the jacks only,
    B-14). ``n`` is 0 where nothing is trumps (Null, Ramsch)."""
    base = contract * LADDER_SLOTS
    length = t.ladder_len[contract]
    held_top = (cards & t.bits[t.ladders[base]]) != 0
    run = length > 0
    n = 0
    for i in range(LADDER_SLOTS):
        held = (cards & t.bits[t.ladders[base + i]]) != 0
        run = run & (held == held_top) & (i < length) & (i < longest)
        n = n + run
    return held_top, n


def deal_game_value(t: Any, base: Any, matadors: Any, schneider: Any, schwarz: Any,
                    isko_levels: Any) -> Any:
    """OS-7.2 ``(matadors + 1) × base``, doubled for Schneider, four times for Schwarz; or,
    OS-7.3 (``isko_levels``), one level more for each: ``(matadors + 1 + Schneider +
    Schwarz) × base``."""
    game = matadors + 1
    levels = (game + schneider + schwarz) * base
    factor = select(schwarz, t.schwarz_factor, select(schneider, t.schneider_factor, 1))
    return select(isko_levels, levels, game * base * factor)


def deal_declarer_amount(value: Any, won: Any, loss_factor: Any) -> Any:
    """OS-7.2 what the declarer scores for a game worth ``value``: the value when won,
    ``loss_factor`` (B-17) times it lost."""
    return select(won, value, -loss_factor * value)


def deal_kontra_factor(t: Any, kontra: Any, re: Any) -> Any:
    """OS-7.4 Kontra doubles the score, Re doubles it again."""
    return select(kontra & re, t.re_factor, select(kontra, t.kontra_factor, 1))


def deal_base_amount(t: Any, base: Any, schneider: Any, schwarz: Any, schwarz_factor: Any
                     ) -> Any:
    """OS-7.5 method A: the base value, doubled for Schneider, ``schwarz_factor`` times for
    Schwarz (B-19)."""
    return base * select(schwarz, schwarz_factor, select(schneider, t.schneider_factor, 1))


def deal_match_points(t: Any, schneider: Any, schwarz: Any, tie: Any) -> Any:
    """OS-7.5 method C: the winner's points by how badly the loser lost; a 60–60 ``tie``
    gives each player the tie points."""
    plain = select(schwarz, t.match_schwarz, select(schneider, t.match_schneider,
                                                    t.match_plain))
    return select(tie, t.match_tie, plain)


def deal_ramsch_points(t: Any, points: Any, tricks: Any, other_tricks: Any) -> Any:
    """B-2 Ramsch: a player loses the card points they took; a player who took every trick
    (Durchmarsch) scores the pack's total and the other nothing."""
    total = tricks + other_tricks
    return select(tricks == total, t.total_points,
                  select(other_tricks == total, 0, -points))
