"""The heuristic bot's calls in Five Hundred (2 to 6 players), for whole arrays of deals.

:class:`cardlab.bots.five_hundred.HeuristicBot` makes every call before the play one deal
at a time on the immutable engine: the auction (``_bid`` on ``_estimate`` and
``_misere_hand``), the discard of the kitty (``_discard``) and the joker nomination
(``_nominate``), and with five players the partner call (``_call``, 5H-2).
:func:`heuristic_calls` makes exactly the same calls for a batch of deals held as ``uint64``
hand masks (bit ``i`` = the pack's ``i``-th card, as
:class:`~cardlab.sim.five_hundred.FiveHundredBatch` holds them), with nothing looping over
deals:

* the bot's trick estimates are its own float sums, added in the same order on arrays (so
  every ``int(estimate)`` is the bot's, to the last bit);
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

import numpy as np

from cardlab.bots.five_hundred import _TOP_VALUES
from cardlab.engine.auction import raise_ends, seat_out
from cardlab.games.five_hundred import kernel as K
from cardlab.games.five_hundred.game import FiveHundredGame
from cardlab.games.five_hundred.rules import DENOMINATIONS, SUITS
from cardlab.sim.bits import ONE, ZERO, popcount

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


@lru_cache(maxsize=16)
def call_tables(game: FiveHundredGame) -> CallTables:
    """The (cached) tables of ``game``."""
    return CallTables(game)


def _bits(masks: np.ndarray) -> np.ndarray:
    """``(…, 64)`` booleans: bit ``i`` of each mask (one unpacking of its bytes)."""
    raw = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8)  # low byte first
    flat = np.unpackbits(raw.reshape(-1, 8), axis=1, bitorder="little")
    return np.asarray(flat.view(bool).reshape(*masks.shape, 64))


def trick_estimates(ct: CallTables, hands: np.ndarray) -> np.ndarray:
    """``(…, 5)`` the bot's ``_estimate`` of each hand for each denomination (S C D H NT):
    the same float additions in the same order, on arrays (adding ``0.0`` for a card the
    hand lacks changes no sum)."""
    flat = hands.reshape(-1)
    planes = np.ascontiguousarray(_bits(flat).T)  # [card] → one bool per hand (contiguous)
    out = np.zeros((flat.size, len(DENOMINATIONS)), dtype=np.float64)
    for k, den in enumerate(ct.denominations):
        tricks = np.zeros(flat.size, dtype=np.float64)
        n_trumps = popcount(flat & den.trump_mask)
        if k != _NT:
            few = n_trumps < 2
            for i, card in enumerate(den.trumps[:6]):
                worth = _TOP_VALUES[i] if i == 0 else np.where(few, _TOP_VALUES[i] / 2,
                                                                _TOP_VALUES[i])
                tricks = tricks + planes[card] * worth
            tricks = tricks + np.maximum(0, n_trumps - 3) * 0.85
        else:
            tricks = tricks + 1.1 * n_trumps  # the joker wins a trick
        for mask, tops in den.suits:
            mine = popcount(flat & mask)
            for i, card in enumerate(tops):
                tricks = tricks + (planes[card] & (mine > i)) * _SIDE_VALUES[i]
            if k == _NT:
                long = (mine >= 5) & planes[tops[0]]
                tricks = tricks + long * (0.5 * (mine - 4))
        out[:, k] = tricks
    return out.reshape(*hands.shape, len(DENOMINATIONS))


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
    bid's ladder place (-1: all passed), its caller and the number of calls."""
    size = est.shape[0]
    n = ct.seats
    rows = np.arange(size)
    est = est.reshape(size * n, len(DENOMINATIONS))  # row: deal * seats + seat
    high_rank = np.full(size, -1, dtype=np.int64)
    high_seat = np.full(size, -1, dtype=np.int64)
    high_key = np.full(size, NO_KEY, dtype=np.int64)
    passed = np.zeros((size, n), dtype=bool)
    passed_key = np.full((size, n), NO_KEY, dtype=np.int64)
    raise_turn = np.zeros(size, dtype=bool)
    n_calls = np.zeros(size, dtype=np.int64)
    to_call = (np.asarray(dealers, dtype=np.int64) + 1) % n  # 5H-5.1 dealer's left first
    misere_hand = misere_hand.reshape(-1)
    live = rows
    while live.size:
        s, hr, hs, rt = to_call[live], high_rank[live], high_seat[live], raise_turn[live]
        sub = np.arange(live.size)
        own = hs == s
        at = live * n + s
        # _bid: over a partner's bid the estimates drop by one trick; each denomination's
        # level is its estimate's whole tricks (at most 10)
        partner = (hs >= 0) & ~own & (ct.side_of[hs] == ct.side_of[s])
        e = est[at] - partner[:, None]  # minus 1.0 or 0.0: exact either way
        level = np.minimum(10, e.astype(np.int64))
        # the lowest legal number of tricks in each denomination (the kernel's, tabled)
        situation = (own * 2 + rt) * ct.high_places + hr + 1
        lowest = ct.lowest[situation]
        ok = lowest <= level
        bids = ok.any(axis=1)
        # the bot tries the denominations best first (a stable sort: ties to the earlier)
        # and bids the first it can: the highest estimate among those, the earliest on ties
        den = np.argmax(np.where(ok, e, -np.inf), axis=1)
        rank = ct.ranks[den, np.minimum(lowest[sub, den], 10) - ct.min_bid]
        key = den
        if ct.misere_on:
            mis = ~bids & misere_hand[at] & ct.misere_ok[situation]
            rank = np.where(mis, ct.misere_rank, rank)
            key = np.where(mis, MISERE_KEY, key)
            bids |= mis
        # the engine's Auction.call: a pass is final; a bid takes the high place
        n_calls[live] += 1
        old_key = high_key[live]
        p = live[~bids]
        passed[p, to_call[p]] = True
        passed_key[p, to_call[p]] = high_key[p]
        b = live[bids]
        high_rank[b], high_seat[b], high_key[b] = rank[bids], to_call[b], key[bids]
        if ct.single_round:  # 5H-5.6 each seat calls once, in turn
            to_call[live] = (s + 1) % n
            live = live[n_calls[live] < n]
            continue
        over = np.zeros(live.size, dtype=bool)
        if rt.any():  # the high bidder's final raise (5H-10 V4)
            ends = rt & raise_ends(~bids, key, old_key)
            over |= ends
            back = live[rt & ~ends]  # raised in another key: everyone back in
            passed[back] = False
            passed_key[back] = NO_KEY
            raise_turn[live[rt]] = False
        # the next seat clockwise still in, else the final raise or the end (Auction._advance)
        hk, hs = high_key[live], high_seat[live]
        seat_in = ~seat_out(passed[live], passed_key[live], hk[:, None], ct.rebid, NO_KEY)
        seat_in &= np.arange(n)[None, :] != hs[:, None]
        nxt = np.full(live.size, -1, dtype=np.int64)
        for k in range(n, 0, -1):  # the nearest seat after the caller wins
            cand = (s + k) % n
            nxt = np.where(seat_in[sub, cand], cand, nxt)
        nobody = (nxt < 0) & ~over
        final = nobody & (hs >= 0) & ct.final_raise
        to_call[live] = np.where(final, hs, nxt)
        raise_turn[live[final]] = True
        over |= nobody & ~final
        live = live[~over]
    return high_rank, high_seat, n_calls


def _discard(ct: CallTables, hand: np.ndarray, den: np.ndarray, misere: np.ndarray
             ) -> np.ndarray:
    """5H-6.1 the bot's ``_discard``: the ``kitty_size`` cards of the thirteen (``hand``)
    with the lowest keep values (ties to the card its view shows first), as a mask."""
    c = ct.n_cards
    row = np.where(misere, len(DENOMINATIONS), den)
    # shed short suits (two cards or fewer): voids make trumping easy
    short = popcount(hand[:, None] & ct.suit_masks[row]) <= 2
    short = np.concatenate([short, np.zeros((hand.shape[0], 1), dtype=bool)], axis=1)
    lower = ct.shortens[row] & np.take_along_axis(short, ct.eff[row], axis=1)
    order = (ct.keep[row] - 4 * lower.astype(np.int16)) * 64 + ct.shown_at[row]  # unique
    order = np.where(_bits(hand)[:, :c], order, np.int16(32767))
    low = np.argpartition(order, ct.kitty_size - 1, axis=1)[:, :ct.kitty_size]
    out = np.zeros(hand.shape[0], dtype=np.uint64)
    for j in range(ct.kitty_size):
        out |= ONE << low[:, j].astype(np.uint64)
    return out


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
