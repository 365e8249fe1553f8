"""The heuristic bot's calls in Five Hundred (2 to 6 players), for whole arrays of deals.

:class:`cardlab.bots.five_hundred.HeuristicBot` makes every call before the play one deal
at a time on the immutable engine: the auction (``_bid`` on ``_estimate`` and
``_misere_hand``), the discard of the kitty (``_discard``) and the joker nomination
(``_nominate``), and with five players the partner call (``_call``, 5H-2).
:func:`heuristic_calls` makes exactly the same calls for a batch of deals held as ``uint64``
hand masks (bit ``i`` = the pack's ``i``-th card, as
:class:`~cardlab.sim.five_hundred.FiveHundredBatch` holds them); the estimates, the auction
and the discard run deal by deal in compiled loops (numba, :func:`cardlab.solve.jit.jit`),
the rest on whole arrays:

* the bot's trick estimates are its own float sums, added in the same order (so every
  ``int(estimate)`` is the bot's, to the last bit);
* which bids are legal is the kernel's (:func:`~cardlab.games.five_hundred.kernel.trick_bid_legal`,
  :func:`~cardlab.games.five_hundred.kernel.misere_bid_legal`: the judge asks the same
  functions), under every auction option: ``auction`` (one round, 5H-5.6), the ladder
  (``min_bid_tricks``, the misère options and ``misere_rank``), ``allow_final_raise`` and
  ``rebid_after_pass_on_denomination_change``, whose bookkeeping is the engine's
  (:func:`~cardlab.engine.auction.seat_out`, :func:`~cardlab.engine.auction.raise_ends`);
* the discard sorts the thirteen cards by the bot's keep values (ties to the card its
  view of the hand shows first, as its stable sort does: trumps, then the pack's order),
  for any kitty size;
* the nomination names the shortest printed suit in misère, none in no trumps;
* five players (5H-2): the contractor of a trick contract calls the first card of the
  bot's order it does not hold (the contract's trumps high to low but the joker, then each
  suit's top card; ``call alone`` if it holds them all); its holder is the partner (none
  when the card lies among the discards);
* two players with ghost partners (``ghost_partners_43``): only the two seats call (a
  ghost never bids; its seat counts on it as on a partner's share), so the ghosts' hands
  are dealt but not read.

The bot draws nothing from its generator before the play, so the calls depend on the deal
alone. The differential tests (``tests/sim/test_five_hundred_whole_deals.py``) check the
calls deal by deal against the scalar bot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.bots.five_hundred import _TOP_VALUES
from cardlab.engine.auction import raise_ends, seat_out
from cardlab.games.five_hundred import kernel as K
from cardlab.games.five_hundred.game import FiveHundredGame
from cardlab.games.five_hundred.rules import DENOMINATIONS, SUITS
from cardlab.sim.bits import ONE, ZERO, popcount
from cardlab.solve.jit import jit
from cardlab.solve.mask_bits import lowest_bit

__all__ = ["CallTables", "Calls", "call_tables", "trick_estimates", "heuristic_calls",
           "partner_call", "MISERE_KEY", "NO_KEY"]

#: the bot's worth of a plain suit's top three cards (when long enough to keep them; its
#: worth of the top six trumps is its ``_TOP_VALUES``)
_SIDE_VALUES = (0.95, 0.45, 0.15)
#: an auction key (the engine's ``high_key``) per denomination is its index in
#: ``DENOMINATIONS``; every misère shares one key; no bid standing has none
MISERE_KEY, NO_KEY = len(DENOMINATIONS), -1
_NT = DENOMINATIONS.index("NT")


@dataclass(frozen=True)
class _Denomination:
    """What the bot's ``_estimate`` reads of one denomination's card order."""

    #: the trumps high to low, as pack indices (NT: the unnominated jokers)
    trumps: tuple[int, ...]
    trump_mask: np.uint64
    #: per plain suit, in the order's own order: its mask and its top three cards
    suits: tuple[tuple[np.uint64, tuple[int, ...]], ...]


class CallTables:
    """The tables of one game the vectorised calls read (made once per game)."""

    def __init__(self, game: FiveHundredGame) -> None:
        deck = game.deck
        o = game.options
        self.seats = int(game.players)
        #: each seat's side (the bot bids lower over a partner's bid: a seat of its side)
        names = list(game.sides)
        self.side_of = np.array([names.index(game.side_of(s)) for s in range(self.seats)],
                                dtype=np.int64)
        self.n_cards = len(deck)
        self.kitty_size = int(game.kitty_size)
        self.denominations = tuple(self._denomination(game, d) for d in DENOMINATIONS)
        self._estimate_tables()
        jokers = [i for i, card in enumerate(deck) if card.is_joker]
        self.joker_mask = np.uint64(sum(1 << i for i in jokers))
        self.high_cards = np.uint64(sum(1 << i for i, card in enumerate(deck)
                                        if card.rank in ("A", "K", "Q", "J")))
        self.printed = np.array([sum(1 << i for i, card in enumerate(deck) if card.suit == s)
                                 for s in SUITS], dtype=np.uint64)
        # a partner's share and the kitty, or the kitty alone (the bot's help_tricks)
        self.help = 2.4 if any(len(seats) > 1 for seats in game.sides.values()) else 1.0
        # 5H-5.3 the ladder: each trick bid's place, [denomination, tricks - min_bid]
        ladder = game.ladder
        self.min_bid = int(o.min_bid_tricks)
        self.ranks = np.array([[ladder.rank[f"{n}{d}"] for n in range(self.min_bid, 11)]
                               for d in DENOMINATIONS], dtype=np.int64)
        self.misere_on = "misere" in ladder.rank
        self.misere_rank = int(ladder.rank.get("misere", -1))
        self.seven_rank = int(ladder.rank["7S"])
        self.needs_seven = bool(o.misere_requires_seven)
        self.single_round = o.auction == "american_single_round"
        self.rebid = bool(o.rebid_after_pass_on_denomination_change)
        self.final_raise = bool(o.allow_final_raise)
        self.nomination = bool(o.joker_nomination)
        # every call the bot can make, by its ladder place: its words, denomination, value
        top = max(ladder.rank.values()) + 1
        self.call_words = [""] * top
        self.denomination = np.full(top, _NT, dtype=np.int64)
        self.need = np.zeros(top, dtype=np.int64)
        self.value = np.zeros(top, dtype=np.int64)
        self.is_misere = np.zeros(top, dtype=bool)
        for call in ladder.calls:
            r = ladder.rank[call]
            if call in ("open_misere", "blind_misere"):
                continue  # the bot never calls these (blind misère shares open's rung)
            self.call_words[r] = call
            self.value[r] = ladder.value[call]
            if call == "misere":
                self.is_misere[r] = True
                continue
            den = "NT" if call.endswith("NT") else call[-1]
            self.denomination[r] = DENOMINATIONS.index(den)
            self.need[r] = int(call[: len(call) - len(den)])
        self._discard_tables(game)
        self._call_tables(game)
        # 5H-5.4 for every high bid (-1: none … top) and (own high bid?, raise turn?): the
        # lowest legal number of tricks in each denomination (11: none) and whether misère
        # is legal, tabled by asking the kernel
        # (rows: (own * 2 + turn) * high_places + high + 1)
        high = np.arange(-1, top)
        self.high_places = top + 1
        lowest = np.zeros((2, 2, top + 1, len(DENOMINATIONS)), dtype=np.int64)
        misere_ok = np.zeros((2, 2, top + 1), dtype=bool)
        for own in (False, True):
            for turn in (False, True):
                legal = np.asarray(K.trick_bid_legal(self.ranks[None], high[:, None, None],
                                                     own, turn))
                lowest[int(own), int(turn)] = np.where(
                    legal.any(axis=2), self.min_bid + np.argmax(legal, axis=2), 11)
                if self.misere_on:
                    misere_ok[int(own), int(turn)] = K.misere_bid_legal(
                        self.misere_rank, high, own, turn, self.needs_seven, self.seven_rank)
        self.lowest = lowest.reshape(-1, len(DENOMINATIONS))
        self.misere_ok = misere_ok.reshape(-1)

    @staticmethod
    def _denomination(game: FiveHundredGame, d: str) -> _Denomination:
        deck = game.deck
        rules = game.contract_rules(d, None)
        index = {card: i for i, card in enumerate(deck)}
        trumps = tuple(index[card] for card in rules.trumps())
        suits = tuple((np.uint64(sum(1 << index[card] for card in cards)),
                       tuple(index[card] for card in cards[:3]))
                      for cards in rules.suits.values())
        return _Denomination(trumps, np.uint64(sum(1 << i for i in trumps)), suits)

    def _estimate_tables(self) -> None:
        """:attr:`denominations` as the compiled estimate reads them (``int64``, padded):
        per denomination its top six trumps, its trumps as a mask, each plain suit's mask
        (0: none) and its top three cards (-1: none)."""
        dens = self.denominations
        width = max(len(d.suits) for d in dens)
        self.est_trumps = np.zeros((len(dens), 6), dtype=np.int64)
        self.est_trump_masks = np.array([d.trump_mask for d in dens], dtype=np.uint64).view(
            np.int64)
        self.est_suit_masks = np.zeros((len(dens), width), dtype=np.int64)
        self.est_suit_tops = np.full((len(dens), width, 3), -1, dtype=np.int64)
        for k, d in enumerate(dens):
            top6 = d.trumps[:6]
            self.est_trumps[k, :len(top6)] = top6
            for j, (mask, tops) in enumerate(d.suits):
                self.est_suit_masks[k, j] = np.int64(np.uint64(mask).view(np.int64))
                self.est_suit_tops[k, j, :len(tops)] = tops

    def _call_tables(self, game: FiveHundredGame) -> None:
        """5H-2 five players: the bot's ``_call`` order per denomination (pack indices, -1
        pads): the trumps high to low without the joker, then each suit's top card."""
        self.partner_call = game.players == 5
        deck = game.deck
        index = {card: i for i, card in enumerate(deck)}
        orders = []
        for d in DENOMINATIONS:
            rules = game.contract_rules(d, None)
            orders.append([index[c] for c in rules.trumps() if not c.is_joker]
                          + [index[cards[0]] for cards in rules.suits.values()])
        width = max(map(len, orders))
        self.call_order = np.array([o + [-1] * (width - len(o)) for o in orders],
                                   dtype=np.int64)

    def _discard_tables(self, game: FiveHundredGame) -> None:
        """5H-6.1 the bot's keep values (``_discard``), per card, one row per contract
        (the denominations S C D H NT, then misère, which shares NT's order): the value
        (raised by 32, so every key is small and positive), whether a short suit lowers it
        by 4, the card's effective suit (4: none), its place in the view of the hand (ties
        go to the card shown first: the trumps high to low, then the pack's order,
        engine.view), and each row's effective suits as masks."""
        deck = game.deck
        c = self.n_cards
        rows = len(DENOMINATIONS) + 1
        self.keep = np.zeros((rows, c), dtype=np.int16)
        self.shortens = np.zeros((rows, c), dtype=bool)
        self.eff = np.full((rows, c), len(SUITS), dtype=np.int64)
        self.shown_at = np.zeros((rows, c), dtype=np.int16)
        self.suit_masks = np.zeros((rows, len(SUITS)), dtype=np.uint64)
        index = {card: i for i, card in enumerate(deck)}
        for t, d in enumerate((*DENOMINATIONS, "NT")):
            rules = game.contract_rules(d, None)
            misere = t == len(DENOMINATIONS)
            for i, card in enumerate(deck):
                s, p = rules.suit_of[card], rules.power[card]
                if s is not None:
                    self.eff[t, i] = SUITS.index(s)
                    self.suit_masks[t, SUITS.index(s)] |= np.uint64(1 << i)
                if misere:  # keep low cards, shed high ones (and the joker, which wins)
                    self.keep[t, i] = 32 - p - (5 if s is None else 0)
                elif s is None or s == rules.trump:
                    self.keep[t, i] = 32 + 100 + p
                elif p == len(rules.suits[s]):
                    self.keep[t, i] = 32 + 50  # an ace
                else:
                    self.keep[t, i], self.shortens[t, i] = 32 + p, True
            first = [index[card] for card in rules.trumps()]
            order = first + [i for i in range(c) if i not in first]
            self.shown_at[t, order] = np.arange(c)
        # the same, as the compiled discard reads them
        self.keep_i64 = self.keep.astype(np.int64)
        self.shown_at_i64 = self.shown_at.astype(np.int64)
        self.suit_masks_i64 = self.suit_masks.view(np.int64)


@lru_cache(maxsize=16)
def call_tables(game: FiveHundredGame) -> CallTables:
    """The (cached) tables of ``game``."""
    return CallTables(game)


def trick_estimates(ct: CallTables, hands: np.ndarray) -> np.ndarray:
    """``(…, 5)`` the bot's ``_estimate`` of each hand for each denomination (S C D H NT):
    the same float additions in the same order, deal by deal in a compiled loop."""
    flat = np.ascontiguousarray(hands, dtype=np.uint64).reshape(-1).view(np.int64)
    out = np.zeros((flat.size, len(DENOMINATIONS)), dtype=np.float64)
    _estimates_of(flat, ct.est_trumps, ct.est_trump_masks, ct.est_suit_masks,
                  ct.est_suit_tops, np.array(_TOP_VALUES), np.array(_SIDE_VALUES), _NT, out)
    return out.reshape(*hands.shape, len(DENOMINATIONS))


#: the engine's auction bookkeeping, compiled as written (plain comparisons and bit
#: operations: they answer for one auction's ints and bools inside the compiled loop)
_seat_out = jit(seat_out)
_raise_ends = jit(raise_ends)


@jit
def _estimates_of(hands: Any, trumps: Any, trump_masks: Any, suit_masks: Any, suit_tops: Any,
                  top_values: Any, side_values: Any, nt: int, out: Any) -> None:
    """The bot's ``_estimate`` of each hand of ``hands`` (``int64`` masks) for each
    denomination, into ``out`` ``(hands, 5)``: its float additions in its order (a card the
    hand lacks adds nothing, as ``0.0`` added changes no sum)."""
    for h in range(hands.shape[0]):
        hand = hands[h]
        for k in range(trump_masks.shape[0]):
            tricks = 0.0
            n_trumps = _count(hand & trump_masks[k])
            if k != nt:
                for i in range(6):
                    worth = top_values[i] / 2 if i > 0 and n_trumps < 2 else top_values[i]
                    tricks = tricks + ((hand >> trumps[k, i]) & 1) * worth
                tricks = tricks + max(0, n_trumps - 3) * 0.85
            else:
                tricks = tricks + 1.1 * n_trumps  # the joker wins a trick
            for j in range(suit_masks.shape[1]):
                if suit_masks[k, j] == 0:
                    continue
                mine = _count(hand & suit_masks[k, j])
                for i in range(3):
                    card = suit_tops[k, j, i]
                    if card >= 0:
                        held = (hand >> card) & 1 if mine > i else 0
                        tricks = tricks + held * side_values[i]
                if k == nt and mine >= 5:
                    tricks = tricks + ((hand >> suit_tops[k, j, 0]) & 1) * (0.5 * (mine - 4))
            out[h, k] = tricks


#: the set bits of each byte
_BYTE_BITS = np.array([bin(v).count("1") for v in range(256)], dtype=np.int64)


@jit
def _count(m: int) -> int:
    """The number of set bits of ``m`` (a mask of at most 63 cards), a byte at a time."""
    k = 0
    for i in range(8):
        k += _BYTE_BITS[(m >> (8 * i)) & 255]
    return k


@jit
def _auctions(est: Any, misere_hand: Any, dealers: Any, side_of: Any, lowest: Any,
              high_places: int, ranks: Any, min_bid: int, misere_on: bool, misere_ok: Any,
              misere_rank: int, single_round: bool, rebid: bool, final_raise: bool,
              out: Any) -> None:
    """5H-5 the auction of every deal, each seat calling as the bot's ``_bid`` (``est``
    ``(B, seats, 5)`` its estimates with the help counted in): per deal into ``out`` ``(3,
    B)`` the high bid's ladder place (-1: all passed), its caller and the number of calls.
    The bookkeeping is the engine's (``seat_out``, ``raise_ends``, compiled)."""
    n = est.shape[1]
    n_dens = est.shape[2]
    passed = np.zeros(n, dtype=np.bool_)
    passed_key = np.zeros(n, dtype=np.int64)
    for b in range(est.shape[0]):
        high_rank, high_seat, high_key = -1, -1, NO_KEY
        passed[:] = False
        passed_key[:] = NO_KEY
        raise_turn = False
        n_calls = 0
        s = (dealers[b] + 1) % n  # 5H-5.1 dealer's left first
        while True:
            own = high_seat == s
            # _bid: over a partner's bid the estimates drop by one trick; each
            # denomination's level is its estimate's whole tricks (at most 10)
            partner = high_seat >= 0 and not own and side_of[high_seat] == side_of[s]
            drop = 1.0 if partner else 0.0
            situation = ((1 if own else 0) * 2 + (1 if raise_turn else 0)) * high_places \
                + high_rank + 1
            # the bot tries the denominations best first (a stable sort: ties to the
            # earlier) and bids the first it can: the highest estimate among those
            den = -1
            top = 0.0
            for d in range(n_dens):
                e = est[b, s, d] - drop
                if lowest[situation, d] <= min(10, int(e)) and (den < 0 or e > top):
                    den, top = d, e
            bids = den >= 0
            rank, key = -1, -1
            if bids:
                rank = ranks[den, min(lowest[situation, den], 10) - min_bid]
                key = den
            elif misere_on and misere_hand[b, s] and misere_ok[situation]:
                rank, key, bids = misere_rank, MISERE_KEY, True
            # the engine's Auction.call: a pass is final; a bid takes the high place
            n_calls += 1
            old_key = high_key
            if bids:
                high_rank, high_seat, high_key = rank, s, key
            else:
                passed[s] = True
                passed_key[s] = high_key
            if single_round:  # 5H-5.6 each seat calls once, in turn
                s = (s + 1) % n
                if n_calls >= n:
                    break
                continue
            over = False
            if raise_turn:  # the high bidder's final raise (5H-10 V4)
                if _raise_ends(not bids, key, old_key):
                    over = True
                else:  # raised in another key: everyone back in
                    passed[:] = False
                    passed_key[:] = NO_KEY
                raise_turn = False
            # the next seat clockwise still in, else the final raise or the end
            nxt = -1
            for k in range(1, n + 1):
                cand = (s + k) % n
                if cand != high_seat and not _seat_out(passed[cand], passed_key[cand],
                                                       high_key, rebid, NO_KEY):
                    nxt = cand
                    break
            if nxt < 0 and not over:
                if high_seat >= 0 and final_raise:
                    nxt = high_seat
                    raise_turn = True
                else:
                    over = True
            if over:
                break
            s = nxt
        out[0, b], out[1, b], out[2, b] = high_rank, high_seat, n_calls


@jit
def _discards(hands: Any, rows: Any, keep: Any, shortens: Any, eff: Any, shown_at: Any,
              suit_masks: Any, kitty_size: int, out: Any) -> None:
    """5H-6.1 the bot's ``_discard`` of each thirteen-card hand of ``hands`` (``int64``
    masks) under its contract's row of the keep tables (``rows``): the ``kitty_size`` cards
    with the lowest keep values (ties to the card its view shows first; every order key
    differs), into ``out`` as masks."""
    cards = np.zeros(64, dtype=np.int64)
    order = np.zeros(64, dtype=np.int64)
    short = np.zeros(5, dtype=np.bool_)  # the last: no suit (an unnominated joker)
    for b in range(hands.shape[0]):
        hand, r = hands[b], rows[b]
        # shed short suits (two cards or fewer): voids make trumping easy
        for s in range(4):
            short[s] = _count(hand & suit_masks[r, s]) <= 2
        held = 0
        m = hand
        while m != 0:
            i = lowest_bit(m)
            lower = shortens[r, i] and short[eff[r, i]]
            cards[held] = i
            order[held] = (keep[r, i] - (4 if lower else 0)) * 64 + shown_at[r, i]
            held += 1
            m &= m - 1
        drop = 0
        for k in range(kitty_size):  # the lowest keys, one at a time to the front
            at = k
            for j in range(k + 1, held):
                if order[j] < order[at]:
                    at = j
            order[k], order[at] = order[at], order[k]
            cards[k], cards[at] = cards[at], cards[k]
            drop |= 1 << cards[k]
        out[b] = drop


@dataclass
class Calls:
    """Every call before the play of a batch of deals, per deal (in the order of the deals).

    ``contract`` is the high bid's place on the ladder (-1: everyone passed), ``declarer``
    its caller (-1), ``hands`` the hands (per position) at the opening lead (the
    contractor's after the discard), ``discard`` the cards discarded, ``nominated`` the
    joker's nominated suit (0-3 in ``SUITS`` order, -1 none), ``called`` the partner card
    called (pack index; -1: none or alone) and ``partner`` its holder (-1: none),
    ``n_actions`` the actions before the play (``len(state.history)``: calls, the discard,
    the partner call, the nomination when asked)."""

    contract: np.ndarray
    declarer: np.ndarray
    hands: np.ndarray
    discard: np.ndarray
    nominated: np.ndarray
    n_actions: np.ndarray
    called: np.ndarray
    partner: np.ndarray


def _auction(ct: CallTables, est: np.ndarray, misere_hand: np.ndarray, dealers: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """5H-5 the auction of every deal, each seat calling as the bot's ``_bid``: the high
    bid's ladder place (-1: all passed), its caller and the number of calls
    (:func:`_auctions`, deal by deal)."""
    size = est.shape[0]
    out = np.zeros((3, size), dtype=np.int64)
    _auctions(np.ascontiguousarray(est.reshape(size, ct.seats, len(DENOMINATIONS))),
              np.ascontiguousarray(misere_hand.reshape(size, ct.seats), dtype=np.bool_),
              np.ascontiguousarray(np.broadcast_to(dealers, (size,)), dtype=np.int64),
              ct.side_of, ct.lowest, ct.high_places, ct.ranks, ct.min_bid, ct.misere_on,
              ct.misere_ok, ct.misere_rank, ct.single_round, ct.rebid, ct.final_raise, out)
    return out[0], out[1], out[2]


def _discard(ct: CallTables, hand: np.ndarray, den: np.ndarray, misere: np.ndarray
             ) -> np.ndarray:
    """5H-6.1 the bot's ``_discard``: the ``kitty_size`` cards of the thirteen (``hand``)
    with the lowest keep values (ties to the card its view shows first), as a mask
    (:func:`_discards`, deal by deal)."""
    rows = np.ascontiguousarray(np.where(misere, len(DENOMINATIONS), den), dtype=np.int64)
    out = np.zeros(hand.shape[0], dtype=np.int64)
    _discards(np.ascontiguousarray(hand, dtype=np.uint64).view(np.int64), rows,
              ct.keep_i64, ct.shortens, ct.eff, ct.shown_at_i64, ct.suit_masks_i64,
              ct.kitty_size, out)
    return out.view(np.uint64)


def partner_call(ct: CallTables, hands: np.ndarray, declarer: np.ndarray, den: np.ndarray,
                 asked: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """5H-2 five players, the bot's ``_call`` where ``asked``: the first card of the call
    order of denomination ``den`` the contractor (``declarer``) does not hold in ``hands``
    (the hands after the discard; the joker is never called), and the seat holding it
    (-1: the card lies among the discards, or nothing is called). ``(called, partner)``."""
    rows = np.arange(hands.shape[0])
    order = ct.call_order[den]
    mine = hands[rows, declarer]
    held = np.where(order >= 0, (mine[:, None] >> np.maximum(order, 0).astype(np.uint64)) & ONE,
                    ONE)
    free = held == ZERO
    first = np.argmax(free, axis=1)
    called = np.where(asked & free.any(axis=1), order[rows, first], -1)
    bit = np.where(called >= 0, ONE << np.maximum(called, 0).astype(np.uint64), ZERO)
    holds = (hands & bit[:, None]) != ZERO
    partner = np.where(holds.any(axis=1), np.argmax(holds, axis=1), -1)
    return called, partner


def heuristic_calls(game: FiveHundredGame, hands: np.ndarray, kitty: np.ndarray, dealers: np.ndarray
                    ) -> Calls:
    """Every call before the play of deals (``hands`` ``(B, positions)`` and ``kitty``
    ``(B,)`` masks, dealt by ``dealers``; with ghost partners the ghosts' hands last),
    exactly as the scalar :class:`~cardlab.bots.five_hundred.HeuristicBot` makes them: the auction (5H-5), the
    discard (5H-6.1) and the joker nomination (5H-6.3). See the module docstring."""
    ct = call_tables(game)
    size = hands.shape[0]
    rows = np.arange(size)
    seats = hands[:, :ct.seats]  # the hands that bid (with ghost partners, not the ghosts')
    est = trick_estimates(ct, seats) + ct.help
    # _misere_hand: no joker, at most one card above the nine
    misere_hand = ((seats & ct.joker_mask) == ZERO) & (popcount(seats & ct.high_cards) <= 1)
    contract, declarer, n_calls = _auction(ct, est, misere_hand, dealers)
    bid = contract >= 0
    place = np.maximum(contract, 0)
    den = np.where(bid, ct.denomination[place], _NT)
    misere = bid & ct.is_misere[place]
    decl = np.maximum(declarer, 0)
    # 5H-6.1 the contractor takes the kitty and discards
    thirteen = hands[rows, decl] | kitty
    discard = np.zeros(size, dtype=np.uint64)
    b = np.flatnonzero(bid)
    discard[b] = _discard(ct, thirteen[b], den[b], misere[b])
    after = hands.copy()
    after[rows, decl] = np.where(bid, thirteen & ~discard, hands[rows, decl])
    # 5H-2 five players: a trick contract's contractor calls a partner card
    calls_partner = bid & ~misere & ct.partner_call
    called, partner = partner_call(ct, after, decl, np.where(bid, den, _NT), calls_partner)
    # 5H-6.3 NT or misère with the joker kept: the bot names its shortest suit in misère
    mine = after[rows, decl]
    asked = bid & (den == _NT) & ct.nomination & ((mine & ct.joker_mask) != ZERO)
    shortest = np.argmin(popcount(mine[:, None] & ct.printed[None, :]), axis=1)
    nominated = np.where(asked & misere, shortest, -1)
    n_actions = n_calls + bid + calls_partner + asked
    return Calls(contract=contract, declarer=declarer, hands=after, discard=discard,
                 nominated=nominated, n_actions=n_actions, called=called, partner=partner)
