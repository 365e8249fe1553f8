"""Panfin's hand up to "la conquista dei piatti", over whole arrays of deals.

Everything before the trick phase, for a batch of seeded deals at once, exactly as the
scalar engine deals it and as :class:`cardlab.bots.panfin.HeuristicBot` calls it:

* the cut (B2.5, F-A3, F-A5: the card shown; the Vecia wins the pot for the cutter; a
  Gobbo is kept and the card behind it shown), the deal one card at a time from the
  dealer's right (B2.6, F-A24: a Gobbo-keeper skipped in the last round), the turn-up
  and the stock (F-A6 ``turnup_gobbo``), and the antes (B2.3);
* the dealer's choice of the dominant suit when the Vecia is turned up (B2.6: the bot
  takes the suit it holds most of);
* the declarations (B2.7, B2.8), dealer's right first and dealer last: servito whenever
  the hand holds four of a suit; tengo standing pat on a Naturali or Simezi; otherwise
  the bot keeps what builds a combination (a pair or three of a rank with the jokers,
  three of a suit) or its trumps and aces, and exchanges the rest with the stock
  (``max_exchange``, F-A9: capped by the stock); a hand with nothing to keep folds when
  the bot's own generator says so (its ``random() < 0.7``, one ``SplitMix64`` per deal,
  seeded with the deal's seed, drawn in the same order as the scalar bot draws);
  ``servito_ends_declarations`` (F-A10);
* the end of the declarations (B2.8, B2.9, B2.12): a servito, a combination, one player
  left or none settle the hand here — servito against a Naturali or Simezi and the
  servito ties (``servito_tie``, F-A11), the best combination with its bonus or stamp
  fees (F-A13, F-A14, F-A15), the lone player, everyone folded — else the trick phase
  starts, with the dealer's swap of the turned-up card (B2.10.1, F-A7
  ``dealer_turnup_at_piatti``) made as the bot makes it (its least valued card).

Which hand makes which combination, which one wins, and who owes what are the game's
kernel (:mod:`cardlab.games.panfin.kernel`: ``hand_suit``, ``combination_kind``,
``combination_rank``, ``stamp_liable``, ``combination_dues``, ``servito_share``,
``exchange_limit``, ``ante_due``), the functions the judge and the scoring call on one
deal. The trick phase
itself is :class:`cardlab.sim.panfin.PanfinBatch`'s.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from cardlab.games.panfin import kernel
from cardlab.games.panfin.game import PanfinGame
from cardlab.sim.bits import ONE, ZERO, lowest_index
from cardlab.sim.rng import next_u64, seeds_array, shuffle_batch

__all__ = ["CallTables", "call_tables_for", "Dealt", "deal_cards", "Calls", "heuristic_calls",
           "OUTCOMES", "declaration_scores"]

#: how a hand settled in the declarations ends (``Result.contract``), by the codes of
#: :attr:`Calls.outcome`; the hands that reach the trick phase have code -1
OUTCOMES = ("cut", "servito", "servito_tie", "naturali", "simezi", "tronfi", "false", "lone",
            "all_fold")
_CUT, _SERVITO, _SERVITO_TIE, _LONE, _ALL_FOLD = 0, 1, 2, 7, 8
#: kernel combination code → its outcome code
_COMBO_OUTCOME = {kernel.NATURALI: 3, kernel.SIMEZI: 4, kernel.TRONFI: 5, kernel.FALSE: 6}
#: the bot's chance of folding a hand with nothing to keep, as its ``random()`` compares it
_FOLD_CHANCE = 0.7


class CallTables:
    """What the vectorised calls read, for one game: card facts over the Treviso pack
    (index ``n_cards`` is "no card"), the bot's valuation of each card under each dominant
    suit (:func:`cardlab.bots.panfin._value`), which seat receives each position of the cut
    pack under each dealer (B2.6), and the options as flags."""

    def __init__(self, game: PanfinGame) -> None:
        from cardlab.bots.panfin import _value
        from cardlab.games.panfin.game import CUT_DEPTH
        from cardlab.games.panfin.rules import (
            GOBBO,
            HAND_SIZE,
            SUITS,
            VECIA,
            deal_recipients,
            is_joker,
            trick_order,
        )

        o = game.options
        deck = list(game.deck)
        self.n_cards = c = len(deck)
        self.players = n = game.players
        self.cut_depth = CUT_DEPTH
        self.hand_size = HAND_SIZE
        self.bit = np.array([1 << i for i in range(c)] + [0], dtype=np.uint64)
        self.vecia, self.gobbo = deck.index(VECIA), deck.index(GOBBO)
        pad = [False]
        self.joker = np.array([is_joker(x) for x in deck] + pad)
        self.ace = np.array([x.rank == "A" for x in deck] + pad)
        self.suit = np.array([SUITS.index(x.suit) for x in deck] + [-1], dtype=np.int64)
        ranks = sorted({x.rank for x in deck})
        self.rank = np.array([ranks.index(x.rank) for x in deck] + [-1], dtype=np.int64)
        #: [dominant, card] the bot's wish to keep the card; and whether it is a trump
        self.value = np.array([[_value(x, d) for x in deck] + [0] for d in SUITS],
                              dtype=np.int64)
        self.trump = np.array([[trick_order(d).is_trump(x) or is_joker(x) for x in deck] + pad
                               for d in SUITS])
        # B2.6 / F-A24: [dealer, gobbo kept] the seat of each dealt position (-1: none)
        self.recipient = np.full((n, 2, HAND_SIZE * n), -1, dtype=np.int64)
        for dealer in range(n):
            for kept in (0, 1):
                seats = deal_recipients(n, dealer, game._cutter(dealer) if kept else None)
                self.recipient[dealer, kept, :len(seats)] = seats
        self.cut_bottom = o.cut_shown_card == "bottom_of_lifted"
        self.cut_vecia_wins = bool(o.cut_vecia_wins)
        self.gobbo_kept = bool(o.cut_gobbo_kept)
        self.behind_gobbo = bool(o.check_behind_gobbo)
        self.turn_next = o.turnup_gobbo == "turn_next_card"
        self.swap = o.dealer_turnup_at_piatti == "swap"
        self.max_exchange = int(o.max_exchange)
        self.servito_ends = bool(o.servito_ends_declarations)
        self.dealer_ante = int(o.dealer_ante_multiplier)
        self.carryover = int(o.carryover_dealer_adds)
        self.combo = kernel.combination_tables()
        self.combo_rules = kernel.combination_rules(o)


@lru_cache(maxsize=32)
def call_tables_for(game: PanfinGame) -> CallTables:
    """The (cached) :class:`CallTables` of ``game``."""
    return CallTables(game)


class Dealt:
    """A batch of deals as dealt (B2.5, B2.6), one row per deal.

    :ivar won_at_cut: the Vecia was shown at the cut: the cutter takes the pot, no deal.
    :ivar hands: ``(B, n)`` card masks as dealt (a kept Gobbo included).
    :ivar pack: ``(B, n_cards)`` the cut pack, top first (``n_cards`` past its end).
    :ivar turnup: the turned-up card that sets the dominant suit (the last one turned).
    :ivar stock: where the stock starts in ``pack``; ``stock_end`` where it ends.
    :ivar cut: ``(B, 2)`` the cards shown at the cut (B2.5, F-A5: the card behind a kept
        Gobbo second), ``n_cards`` where none — the state's ``cut``.
    """

    def __init__(self, **fields: np.ndarray) -> None:
        self.__dict__.update(fields)
        self.won_at_cut: np.ndarray
        self.hands: np.ndarray
        self.pack: np.ndarray
        self.turnup: np.ndarray
        self.stock: np.ndarray
        self.stock_end: np.ndarray
        self.cut: np.ndarray


def deal_cards(game: PanfinGame, seeds: np.ndarray, dealers: np.ndarray) -> Dealt:
    """B2.5 / B2.6 the deals of ``seeds`` by ``dealers`` as ``game.deal(seed=s, dealer=d)``
    deals them: the pack shuffled by :func:`~cardlab.sim.rng.shuffle_batch`, cut at
    ``CUT_DEPTH`` (the card shown, a Gobbo kept, the Vecia winning), dealt one at a time
    from the dealer's right, then the turn-up and the stock."""
    ct = call_tables_for(game)
    n, c, depth = ct.players, ct.n_cards, ct.cut_depth
    order = shuffle_batch(seeds, c)  # position → card index, top first
    size = order.shape[0]
    rows = np.arange(size)
    dealers = np.asarray(dealers, dtype=np.int64) % n
    # B2.5 / F-A3: the shown card, the bottom of the lifted packet or the top of the rest
    first, second = (depth - 1, depth - 2) if ct.cut_bottom else (depth, depth + 1)
    shown = order[:, first]
    kept = (shown == ct.gobbo) & ct.gobbo_kept
    behind = kept & ct.behind_gobbo
    won = ct.cut_vecia_wins & ((shown == ct.vecia) | (behind & (order[:, second] == ct.vecia)))
    cut = np.stack([shown, np.where(behind, order[:, second], c)], axis=1)
    # the rest goes on top of the lifted packet; a kept Gobbo leaves it (F-A5)
    pack = np.full((size, c + 2), c, dtype=np.int64)
    pack[:, :c - depth] = order[:, depth:]
    pack[:, c - depth:c] = order[:, :depth]
    if ct.cut_bottom:
        pack[kept, c - 1] = c  # the Gobbo was the lifted packet's bottom card
    else:
        pack[kept, :c - 1] = pack[kept, 1:c]  # … or the top of the rest
        pack[kept, c - 1] = c
    # B2.6 / F-A24: one card at a time, the Gobbo-keeper skipped in the last round
    dealt = ct.hand_size * n
    to = ct.recipient[dealers, kept.astype(np.int64)]
    bits = ct.bit[pack[:, :dealt]]
    hands = np.stack([np.bitwise_or.reduce(np.where(to == s, bits, ZERO), axis=1)
                      for s in range(n)], axis=1)
    cutter = (dealers - 1) % n
    hands[rows, cutter] |= np.where(kept, ct.bit[ct.gobbo], ZERO)
    # B2.6 / F-A6: the turn-up (the next card too, for a Gobbo under "turn_next_card")
    at = dealt - kept.astype(np.int64)
    up = pack[rows, at]
    two = ct.turn_next & (up == ct.gobbo)
    turnup = np.where(two, pack[rows, at + 1], up)
    return Dealt(won_at_cut=won, hands=hands, pack=pack, turnup=turnup,
                 stock=at + 1 + two, stock_end=c - kept.astype(np.int64), cut=cut)


class Calls:
    """The calls of a batch of deals as the heuristic bot makes them (:func:`heuristic_calls`),
    one row per deal.

    :ivar dominant: the dominant suit (an index into ``SUITS``).
    :ivar hands: ``(B, n)`` card masks after the declarations (and the dealer's swap).
    :ivar active: ``(B, n)`` the seats that did not fold.
    :ivar servito: the first seat that declared servito (-1: none).
    :ivar outcome: how the hand ended in the declarations (an index into
        :data:`OUTCOMES`), or -1: it goes to the trick phase.
    :ivar winner: the seat that took the pot in the declarations (-1: none).
    :ivar leader: the seat that leads the first trick.
    :ivar pot: the pot after the antes (the pot carried in, plus the antes); ``antes``
        ``(B, n)`` what each seat put in.
    :ivar n_actions: the actions the deal took before the trick phase.
    :ivar bot_state: the bot's generator after the calls (``SplitMix64``'s state).
    """

    def __init__(self, **fields: np.ndarray) -> None:
        self.__dict__.update(fields)
        self.dominant: np.ndarray
        self.hands: np.ndarray
        self.active: np.ndarray
        self.servito: np.ndarray
        self.outcome: np.ndarray
        self.winner: np.ndarray
        self.leader: np.ndarray
        self.pot: np.ndarray
        self.antes: np.ndarray
        self.n_actions: np.ndarray
        self.bot_state: np.ndarray


def _cards(ct: CallTables, hands: np.ndarray) -> np.ndarray:
    """``(B, 4)`` the four cards of each hand in pack order (``n_cards`` where none)."""
    out = np.full((hands.shape[0], ct.hand_size), ct.n_cards, dtype=np.int64)
    m = hands.copy()
    for j in range(ct.hand_size):
        low = lowest_index(m)
        out[:, j] = np.where(low >= 0, low, ct.n_cards)
        m &= m - np.where(m != ZERO, ONE, ZERO)
    return out


def _first_max(score: np.ndarray) -> np.ndarray:
    """The first position of each row's highest score (Python's ``max`` over a list)."""
    return np.asarray(np.argmax(score, axis=1))


def _declaration_cards(ct: CallTables, cards: np.ndarray, d: np.ndarray
                       ) -> tuple[np.ndarray, np.ndarray]:
    """The bot's declaration of hands that hold no combination (``HeuristicBot._declare``):
    ``(keep, nothing)``: ``(B, 4)`` which cards it keeps, and whether it keeps none (then it
    may fold)."""
    rows = np.arange(cards.shape[0])
    joker = ct.joker[cards]
    plain = ~joker
    jokers = joker.sum(axis=1)
    rank, suit = ct.rank[cards], ct.suit[cards]
    # Counter(ranks).most_common(1): the count of the first rank to reach the most
    same_rank = (plain[:, None, :] & (rank[:, :, None] == rank[:, None, :])).sum(axis=2)
    jr = _first_max(np.where(plain, same_rank, -1))
    r = np.where(plain[rows, jr], same_rank[rows, jr], 0)
    # max(suits, key=(count, is dominant)): the first suit in the hand to reach the best
    same_suit = (plain[:, None, :] & (suit[:, :, None] == suit[:, None, :])).sum(axis=2)
    js = _first_max(np.where(plain, same_suit * 2 + (suit == d[:, None]), -1))
    s = np.where(plain[rows, js], same_suit[rows, js], 0)
    by_rank = (r >= 2) & (r + jokers >= 3)
    by_suit = ~by_rank & (s + jokers >= 3)
    keep_rank = joker | (plain & (rank == rank[rows, jr][:, None]))
    keep_suit = joker | (plain & (suit == suit[rows, js][:, None]))
    keep_best = ct.trump[d[:, None], cards] | ct.ace[cards]
    keep = np.where(by_rank[:, None], keep_rank, np.where(by_suit[:, None], keep_suit,
                                                          keep_best))
    nothing = ~by_rank & ~by_suit & ~keep_best.any(axis=1)
    return keep, nothing


def _discards(ct: CallTables, cards: np.ndarray, keep: np.ndarray, d: np.ndarray,
              stock_left: np.ndarray) -> np.ndarray:
    """``(B, 4)`` the cards the bot exchanges: those it does not keep, least valued first
    (ties in hand order), as many as ``max_exchange`` and the stock allow (B2.7, F-A9)."""
    key = ct.value[d[:, None], cards] * 8 + np.arange(ct.hand_size)
    throw = ~keep
    below = (throw[:, None, :] & (key[:, None, :] < key[:, :, None])).sum(axis=2)
    k = np.minimum(throw.sum(axis=1), kernel.exchange_limit(ct.max_exchange, stock_left))
    return np.asarray(throw & (below < k[:, None]))


def heuristic_calls(game: PanfinGame, dealt: Dealt, dealers: np.ndarray, seeds: np.ndarray,
                    pot: np.ndarray | None = None) -> Calls:
    """Every call before the trick phase of the deals ``dealt`` (by ``dealers``, from
    ``seeds``), exactly as :class:`cardlab.bots.panfin.HeuristicBot` makes them on the
    scalar engine (see the module docstring), and how the declarations end. ``pot``: the
    pot each deal starts with (a match's carried-over pot, B2.12; default empty), which
    decides the antes (B2.3, F-A22) and so the pot the hand is played for."""
    ct = call_tables_for(game)
    c, n = ct.combo, ct.players
    size = dealt.hands.shape[0]
    rows = np.arange(size)
    dealers = np.asarray(dealers, dtype=np.int64) % n
    seats = np.arange(n)
    hands = dealt.hands.copy()
    cut = dealt.won_at_cut
    # B2.3 / F-A22 the antes: into an empty pot everyone's, into a carried-over one the dealer's
    pot_in = np.zeros(size, dtype=np.int64) if pot is None else np.asarray(pot, dtype=np.int64)
    antes = np.asarray(kernel.ante_due(seats[None, :], dealers[:, None], pot_in[:, None],
                                       ct.dealer_ante, ct.carryover)) * np.ones(
        (size, 1), dtype=np.int64)
    pot = pot_in + antes.sum(axis=1)
    n_actions = np.zeros(size, dtype=np.int64)
    # B2.6 the Vecia turned up: the dealer names the suit he holds most of (first: S B C D)
    up = dealt.turnup
    choose = ~cut & (up == ct.vecia)
    dominant = ct.suit[up]
    chooser = np.flatnonzero(choose)
    if chooser.size:
        mine = _cards(ct, hands[chooser, dealers[chooser]])
        plain_suit = np.where(ct.joker[mine], -1, ct.suit[mine])
        counts = (plain_suit[:, :, None] == np.arange(4)).sum(axis=1)
        dominant[chooser] = np.argmax(counts, axis=1)
    n_actions += choose
    # B2.7 the declarations, dealer's right first and dealer last
    rng = seeds_array(seeds)  # the bot's SplitMix64, seeded with the deal's seed
    active = np.ones((size, n), dtype=bool)
    servito = np.full(size, -1, dtype=np.int64)
    ended = cut.copy()
    drawn = np.zeros(size, dtype=np.int64)  # cards taken from the stock so far
    for i in range(n):
        live = ~ended
        seat = (dealers + 1 + i) % n
        hand = hands[rows, seat]
        serve = live & (np.asarray(kernel.hand_suit(c, hand)) >= 0)
        pat = live & ~serve & (np.asarray(kernel.combination_kind(c, hand, dominant)) > 0)
        cards = _cards(ct, hand)
        keep, nothing = _declaration_cards(ct, cards, dominant)
        thinking = live & ~serve & ~pat
        fold = np.zeros(size, dtype=bool)
        ask = np.flatnonzero(thinking & nothing)
        if ask.size:  # the bot's random() < 0.7, drawn only for a hand with nothing to keep
            state = rng[ask]
            x = next_u64(state)
            rng[ask] = state
            fold[ask] = (x >> np.uint64(11)).astype(np.float64) / float(1 << 53) < _FOLD_CHANCE
        tengo = thinking & ~fold
        stock_left = dealt.stock_end - dealt.stock - drawn
        throw = _discards(ct, cards, keep, dominant, stock_left) & tengo[:, None]
        k = throw.sum(axis=1)
        out = np.bitwise_or.reduce(np.where(throw, ct.bit[cards], ZERO), axis=1)
        into = np.zeros(size, dtype=np.uint64)
        for j in range(ct.hand_size):  # draws the next k cards of the stock
            at = np.minimum(dealt.stock + drawn + j, ct.n_cards + 1)
            into |= np.where(j < k, ct.bit[dealt.pack[rows, at]], ZERO)
        hands[rows, seat] = (hand & ~out) | into
        drawn += k
        active[rows, seat] &= ~fold
        servito = np.where(serve & (servito < 0), seat, servito)
        if ct.servito_ends:
            ended |= serve
        n_actions += live
    # B2.8 / B2.9 / B2.12 how the declarations end
    d = dominant[:, None]
    kinds = np.asarray(kernel.combination_kind(c, hands, d))
    n_active = active.sum(axis=1)
    finished = cut | (servito >= 0) | (active & (kinds > 0)).any(axis=1) | (n_active <= 1)
    order = (dealers[:, None] + 1 + seats) % n  # declaration position → seat
    leader = order[rows, np.argmax(active[rows[:, None], order], axis=1)]
    # B2.10.1 / F-A7: the dealer takes the turned-up card and throws his least valued
    swap = ~finished & ct.swap & active[rows, dealers]
    own = hands[rows, dealers]
    offered = np.concatenate([_cards(ct, own), up[:, None]], axis=1)  # hand and turn-up
    # min(options, key=_value) over the options in pack order: ties to the earlier card
    key = ct.value[dominant[:, None], offered] * 64 + offered
    worst = offered[rows, np.argmin(key, axis=1)]
    hands[rows, dealers] = np.where(swap, (own | ct.bit[up]) & ~ct.bit[worst], own)
    n_actions += swap
    outcome, winner = _declaration_outcome(ct, hands, active, dominant, dealers, servito,
                                           finished, cut)
    return Calls(dominant=dominant, hands=hands, active=active, servito=servito,
                 outcome=outcome, winner=winner, leader=leader, pot=pot, antes=antes,
                 n_actions=n_actions, bot_state=rng)


def _best_seat(ranks: np.ndarray, allowed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The seat of the best combination rank among ``allowed`` seats, and whether there is
    one (ranks differ between seats: the kernel's rank ends with the call position)."""
    score = np.where(allowed, ranks, 0)
    best = np.argmax(score, axis=1)
    return best, score[np.arange(score.shape[0]), best] > 0


def _declaration_outcome(ct: CallTables, hands: np.ndarray, active: np.ndarray,
                         dominant: np.ndarray, dealers: np.ndarray, servito: np.ndarray,
                         finished: np.ndarray, cut: np.ndarray
                         ) -> tuple[np.ndarray, np.ndarray]:
    """B2.5 / B2.8 / B2.9 / B2.12 how each finished hand ends (:data:`OUTCOMES` code, -1:
    the trick phase) and who takes the pot (-1: nobody)."""
    c, rules, n = ct.combo, ct.combo_rules, ct.players
    size = hands.shape[0]
    rows = np.arange(size)
    seats = np.arange(n)
    d = dominant[:, None]
    kinds = np.asarray(kernel.combination_kind(c, hands, d))
    position = (seats[None, :] - dealers[:, None] - 1) % n  # the call position of each seat
    ranks = np.asarray(kernel.combination_rank(c, hands, d, position, rules))
    # B2.8 a servito: beaten by another's Naturali or Simezi, tied by another four of a suit
    serving = finished & ~cut & (servito >= 0)
    others = active & (seats[None, :] != servito[:, None])
    beater, beaten = _best_seat(ranks, others & (kinds >= kernel.SIMEZI))
    tied = 1 + (others & (np.asarray(kernel.hand_suit(c, hands)) >= 0)).sum(axis=1)
    # B2.9 the best combination; B2.12 one player left, or none
    best, combo = _best_seat(ranks, active & (kinds > 0))
    lone = np.argmax(active, axis=1)
    n_active = active.sum(axis=1)
    by_combo = np.where(serving, beaten, combo)
    who = np.where(serving & ~beaten, servito, np.where(serving, beater, best))
    kind = kinds[rows, who]
    codes = np.zeros(kernel.NATURALI + 1, dtype=np.int64)
    for k, code in _COMBO_OUTCOME.items():
        codes[k] = code
    outcome = np.where(by_combo, codes[kind], np.where(
        serving, np.where(tied == 1, _SERVITO, _SERVITO_TIE),
        np.where(n_active == 1, _LONE, _ALL_FOLD)))
    winner = np.where(by_combo | (serving & (tied == 1)), who,
                      np.where(~serving & ~by_combo & (n_active == 1), lone, -1))
    outcome = np.where(cut, _CUT, np.where(finished, outcome, -1))
    winner = np.where(cut, (dealers - 1) % n, np.where(finished, winner, -1))
    return outcome, winner


def declaration_scores(game: PanfinGame, calls: Calls, idx: np.ndarray) -> np.ndarray:
    """``(len(idx), n)`` each seat's net chips (antes included) of the deals ``idx``, which
    ended at the cut or in the declarations, as the engine's ``Result.seat_points``: the
    pot to the winner, the Naturali or Simezi bonuses, the Tronfi stamps
    (:func:`~cardlab.games.panfin.kernel.combination_dues`) and a split servito tie
    (:func:`~cardlab.games.panfin.kernel.servito_share`)."""
    ct = call_tables_for(game)
    c, rules, n = ct.combo, ct.combo_rules, ct.players
    m = idx.size
    rows = np.arange(m)
    seats = np.arange(n)
    hands, active = calls.hands[idx], calls.active[idx]
    d = calls.dominant[idx][:, None]
    outcome, winner, pot = calls.outcome[idx], calls.winner[idx], calls.pot[idx]
    gains = np.zeros((m, n), dtype=np.int64)
    taker = winner >= 0
    gains[rows[taker], winner[taker]] += pot[taker]
    kind = np.zeros(m, dtype=np.int64)
    for k, code in _COMBO_OUTCOME.items():
        kind[outcome == code] = k
    w = np.maximum(winner, 0)[:, None]
    liable = np.asarray(kernel.stamp_liable(c, hands, d))
    bonus, stamp = kernel.combination_dues(kind[:, None], seats[None, :], w, active, liable,
                                           pot[:, None], rules)
    bonus = np.asarray(bonus) * np.ones((1, n), dtype=np.int64)
    gains -= bonus + np.asarray(stamp)
    gains[rows, w[:, 0]] += bonus.sum(axis=1)
    if rules.servito_split:  # F-A11: each tied servito takes a share
        tie = outcome == _SERVITO_TIE
        servito = calls.servito[idx]
        tied = ((active & (seats[None, :] != servito[:, None])
                 & (np.asarray(kernel.hand_suit(c, hands)) >= 0))
                | (seats[None, :] == servito[:, None]))
        share = np.asarray(kernel.servito_share(pot, np.maximum(tied.sum(axis=1), 1)))
        gains += np.where(tie[:, None] & tied, share[:, None], 0)
    return np.asarray(gains - calls.antes[idx])
