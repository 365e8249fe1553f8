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
deal. The per-hand work — each dealt hand's servito, combination and the bot's exchange,
the exchanges, the combinations at the end — runs in compiled loops over the deals
(:func:`cardlab.solve.jit.jit`), the kernel compiled as written
(:mod:`cardlab.sim.panfin.compiled`); the rest, and the bot's seeded draws, over arrays.
The trick phase itself is :class:`cardlab.sim.panfin.PanfinBatch`'s.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.games.panfin import kernel
from cardlab.games.panfin.game import PanfinGame
from cardlab.sim.bits import ZERO
from cardlab.sim.panfin.compiled import (
    combination_kind,
    combination_rank,
    exchange_limit,
    hand_suit,
    places,
    positions,
)
from cardlab.sim.rng import next_u64, seeds_array, shuffle_batch
from cardlab.solve.jit import jit

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
    hands = np.zeros((size, n), dtype=np.uint64)
    _deal(ct.recipient[dealers, kept.astype(np.int64)], pack, ct.bit.view(np.int64),
          hands.view(np.int64))
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
    return positions(hands, ct.n_cards, ct.hand_size)


@jit
def _deal(to: Any, pack: Any, bit: Any, hands: Any) -> None:
    """B2.6: each dealt position's card into its recipient's hand (``to``: -1 for none)."""
    for b in range(to.shape[0]):
        for j in range(to.shape[1]):
            if to[b, j] >= 0:
                hands[b, to[b, j]] |= bit[pack[b, j]]


@jit
def _declaration_cards(joker: Any, ace: Any, suit: Any, rank: Any, trump: Any, value: Any,
                       cards: Any, d: int, order: Any) -> tuple[bool, int]:
    """The bot's declaration of one hand that holds no combination
    (``HeuristicBot._declare``): into ``order``, the cards it would exchange (those it does
    not keep), least valued first (ties in hand order, B2.7), ``n_cards`` after them.
    Returns ``(nothing, throws)``: whether it keeps no card (then it may fold), and how many
    it would exchange."""
    size = len(cards)
    jokers = 0
    for j in range(size):
        jokers += 1 if joker[cards[j]] else 0
    # Counter(ranks).most_common(1): the count of the first rank to reach the most; and
    # max(suits, key=(count, is dominant)): the first suit in the hand to reach the best
    jr, r_best = 0, -1
    js, s_best = 0, -1
    for j in range(size):
        if joker[cards[j]]:
            continue
        same_rank, same_suit = 0, 0
        for k in range(size):
            if not joker[cards[k]]:
                same_rank += 1 if rank[cards[k]] == rank[cards[j]] else 0
                same_suit += 1 if suit[cards[k]] == suit[cards[j]] else 0
        if same_rank > r_best:
            jr, r_best = j, same_rank
        score = same_suit * 2 + (1 if suit[cards[j]] == d else 0)
        if score > s_best:
            js, s_best = j, score
    r = r_best if r_best >= 0 else 0
    s = s_best // 2 if s_best >= 0 else 0
    by_rank = r >= 2 and r + jokers >= 3
    by_suit = not by_rank and s + jokers >= 3
    best_any = False
    throws = 0
    for j in range(size):
        x = cards[j]
        keep_best = trump[d, x] or ace[x]
        best_any = best_any or keep_best
        if by_rank:
            keep = joker[x] or rank[x] == rank[cards[jr]]
        elif by_suit:
            keep = joker[x] or suit[x] == suit[cards[js]]
        else:
            keep = keep_best
        if not keep:  # in order of value, ties in hand order (a stable insertion)
            at = throws
            while at > 0 and value[d, order[at - 1]] > value[d, x]:
                order[at] = order[at - 1]
                at -= 1
            order[at] = x
            throws += 1
    for j in range(throws, size):
        order[j] = len(joker) - 1
    return not by_rank and not by_suit and not best_any, throws


@jit
def _hand_facts(c: Any, joker: Any, ace: Any, suit: Any, rank: Any, trump: Any, value: Any,
                hands: Any, dominant: Any, serve: Any, pat: Any, nothing: Any, order: Any,
                throws: Any) -> None:
    """Each dealt hand's declaration (B2.7, B2.8), as the bot makes it: servito (four of a
    suit), tengo standing pat (a combination), or what it would exchange
    (:func:`_declaration_cards`)."""
    cards = np.empty(order.shape[2], dtype=np.int64)
    for b in range(hands.shape[0]):
        d = dominant[b]
        for s in range(hands.shape[1]):
            hand = hands[b, s]
            serve[b, s] = hand_suit(c, hand) >= 0
            pat[b, s] = combination_kind(c, hand, d) > 0
            places(hand, len(joker) - 1, cards)
            nothing[b, s], throws[b, s] = _declaration_cards(joker, ace, suit, rank, trump,
                                                             value, cards, d, order[b, s])


@jit
def _exchange(tengo: Any, seat: Any, order: Any, throws: Any, stock: Any, stock_end: Any,
              pack: Any, bit: Any, max_exchange: int, drawn: Any, hands: Any) -> None:
    """B2.7 / F-A9: each tengo's exchange: its least valued cards out, as many as
    ``max_exchange`` and the stock left allow, and the next cards of the stock in."""
    last = pack.shape[1] - 1
    for b in range(tengo.shape[0]):
        if not tengo[b]:
            continue
        s = seat[b]
        k = min(throws[b, s], exchange_limit(max_exchange, stock_end[b] - stock[b] - drawn[b]))
        out, into = 0, 0
        for j in range(k):
            out |= bit[order[b, s, j]]
            into |= bit[pack[b, min(stock[b] + drawn[b] + j, last)]]
        hands[b, s] = (hands[b, s] & ~out) | into
        drawn[b] += k


@jit
def _combinations(c: Any, rules: Any, hands: Any, dominant: Any, dealers: Any, kinds: Any,
                  ranks: Any, suits: Any) -> None:
    """B2.8 / B2.9 each hand's combination (the kernel's ``combination_kind``), its rank
    against the others' (``combination_rank``, by its call position) and its one suit
    (``hand_suit``, a servito), into ``kinds``, ``ranks`` and ``suits``."""
    n = hands.shape[1]
    for b in range(hands.shape[0]):
        d = dominant[b]
        for s in range(n):
            hand = hands[b, s]
            kinds[b, s] = combination_kind(c, hand, d)
            ranks[b, s] = combination_rank(c, hand, d, (s - dealers[b] - 1) % n, rules)
            suits[b, s] = hand_suit(c, hand)


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
    # each seat declares once, on the hand dealt to it (only its own hand changes then):
    # every dealt hand's servito, combination and exchange, found at once
    i64 = np.int64
    serves = np.empty((size, n), dtype=bool)
    pats = np.empty((size, n), dtype=bool)
    nothings = np.empty((size, n), dtype=bool)
    order = np.empty((size, n, ct.hand_size), dtype=i64)
    throws = np.empty((size, n), dtype=i64)
    _hand_facts(c, ct.joker, ct.ace, ct.suit, ct.rank, ct.trump, ct.value, hands.view(i64),
                dominant, serves, pats, nothings, order, throws)
    bit = ct.bit.view(i64)
    for i in range(n):
        live = ~ended
        seat = (dealers + 1 + i) % n
        serve = live & serves[rows, seat]
        thinking = live & ~serve & ~pats[rows, seat]
        fold = np.zeros(size, dtype=bool)
        ask = np.flatnonzero(thinking & nothings[rows, seat])
        if ask.size:  # the bot's random() < 0.7, drawn only for a hand with nothing to keep
            state = rng[ask]
            x = next_u64(state)
            rng[ask] = state
            fold[ask] = (x >> np.uint64(11)).astype(np.float64) / float(1 << 53) < _FOLD_CHANCE
        _exchange(thinking & ~fold, seat, order, throws, dealt.stock, dealt.stock_end,
                  dealt.pack, bit, ct.max_exchange, drawn, hands.view(i64))
        active[rows, seat] &= ~fold
        servito = np.where(serve & (servito < 0), seat, servito)
        if ct.servito_ends:
            ended |= serve
        n_actions += live
    # B2.8 / B2.9 / B2.12 how the declarations end (the dealer's swap below changes nothing
    # of a finished hand, so the combinations are read before it)
    kinds = np.empty((size, n), dtype=i64)
    ranks = np.empty((size, n), dtype=i64)
    suits = np.empty((size, n), dtype=i64)
    _combinations(c, ct.combo_rules, hands.view(i64), dominant, dealers, kinds, ranks, suits)
    n_active = active.sum(axis=1)
    finished = cut | (servito >= 0) | (active & (kinds > 0)).any(axis=1) | (n_active <= 1)
    turn = (dealers[:, None] + 1 + seats) % n  # declaration position → seat
    leader = turn[rows, np.argmax(active[rows[:, None], turn], axis=1)]
    # B2.10.1 / F-A7: the dealer takes the turned-up card and throws his least valued
    swap = ~finished & ct.swap & active[rows, dealers]
    own = hands[rows, dealers]
    offered = np.concatenate([_cards(ct, own), up[:, None]], axis=1)  # hand and turn-up
    # min(options, key=_value) over the options in pack order: ties to the earlier card
    key = ct.value[dominant[:, None], offered] * 64 + offered
    worst = offered[rows, np.argmin(key, axis=1)]
    hands[rows, dealers] = np.where(swap, (own | ct.bit[up]) & ~ct.bit[worst], own)
    n_actions += swap
    outcome, winner = _declaration_outcome(ct, kinds, ranks, suits, active, dealers, servito,
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


def _declaration_outcome(ct: CallTables, kinds: np.ndarray, ranks: np.ndarray,
                         suits: np.ndarray, active: np.ndarray, dealers: np.ndarray,
                         servito: np.ndarray, finished: np.ndarray, cut: np.ndarray
                         ) -> tuple[np.ndarray, np.ndarray]:
    """B2.5 / B2.8 / B2.9 / B2.12 how each finished hand ends (:data:`OUTCOMES` code, -1:
    the trick phase) and who takes the pot (-1: nobody), from each hand's combination
    ``kinds``, their ``ranks`` and ``suits`` (:func:`_combinations`)."""
    n = ct.players
    size = kinds.shape[0]
    rows = np.arange(size)
    seats = np.arange(n)
    # B2.8 a servito: beaten by another's Naturali or Simezi, tied by another four of a suit
    serving = finished & ~cut & (servito >= 0)
    others = active & (seats[None, :] != servito[:, None])
    beater, beaten = _best_seat(ranks, others & (kinds >= kernel.SIMEZI))
    tied = 1 + (others & (suits >= 0)).sum(axis=1)
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
