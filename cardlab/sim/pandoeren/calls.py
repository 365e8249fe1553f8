"""Pandoeren's deal and the heuristic bot's calls before the play, for whole arrays of deals.

:class:`cardlab.bots.pandoeren.HeuristicBot` makes every call before the play one deal at a
time on the engine; :func:`heuristic_calls` makes exactly the same calls for a batch of
deals held as ``uint64`` hand masks (bit ``i`` = the pack's ``i``-th card, as
:class:`~cardlab.sim.pandoeren.batch.PandoerenBatch` holds them), over whole arrays:

* the deal (:func:`deal_hands`, A2.4): ``game.deal(seed=s, dealer=d)``'s hands and
  kijkkaart, the pack shuffled by :func:`~cardlab.sim.rng.shuffle_batch` and dealt by the
  game's packet schedule;
* the auction (A2.5, ``pass_is_final`` P-A4): each hand's view as the bot judges it
  (:func:`auction_features`: its points estimate, Pandoer strength, a misère hand) and its
  bid over the high bid (:func:`auction_choice`), the legal bids and the seats out of the
  auction read from the kernel once into :class:`CallTables`;
* the kijkkaart to the declarer and her discard (A2.7.1), trumps (A2.7.2) and the call
  (A2.7.3, the kernel's :func:`~cardlab.games.pandoeren.kernel.call_mask`).

The bot's sums over a hand are byte tables (:class:`~cardlab.sim.pandoeren.card_sums.CardSums`)
and its card orders too (:class:`~cardlab.bots.pandoeren_play.CardOrders`), so no hand is
expanded card by card. The bot draws nothing from its generator before the play, so the
calls depend on the deal alone. :func:`cardlab.sim.pandoeren.batch.opening_lead` builds the
batch at the opening lead from these calls, which :func:`~cardlab.sim.pandoeren.batch.whole_deals`
plays for ``compare_variants``; ``tests/sim/test_pandoeren_whole_deals.py`` checks the
calls deal by deal against the scalar bot.

Not to be confused with :mod:`cardlab.sim.pandoeren.contracts`: that module *values* each
call a seat may make in a scalar state, playing it out as the contract on sampled layouts
(the hint's and the coach's call values); this one *makes* the heuristic bot's calls for
whole batches of deals.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.bots.pandoeren_play import card_orders, first_in_order
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.game import PandoerenGame
from cardlab.games.pandoeren.rules import NO_TRUMPS, OBJECTIVE_OF
from cardlab.sim.bits import ZERO, lowest_index
from cardlab.sim.pandoeren.card_sums import CardSums

__all__ = ["CallTables", "call_tables_for", "deal_hands", "suit_strengths",
           "auction_features", "auction_choice", "Calls", "heuristic_calls"]


class CallTables:
    """What the vectorised calls read, for one game, as arrays: the card facts the heuristic
    bot's rules of thumb use (:mod:`cardlab.bots.pandoeren`: its weights, the plain order
    ``trick_order(None)``, A2.3 card points), the bid ladder's calls in A4.2 order with their
    contract rows and game points (:func:`~cardlab.games.pandoeren.rules.game_points`), and
    who receives each position of the shuffled pack under each dealer (A2.4, the game's
    packet schedule). So that no hand is expanded to one entry per card, the bot's sums over
    a hand are byte tables (:class:`~cardlab.sim.pandoeren.card_sums.CardSums`), its card
    orders too (:class:`~cardlab.bots.pandoeren_play.CardOrders`), and the kernel's auction
    rules are read once into tables by high bid and by the seats that passed."""

    def __init__(self, game: PandoerenGame) -> None:
        from cardlab.bots import pandoeren as bot
        from cardlab.cards import FRENCH_SUITS, Card
        from cardlab.engine.dealing import packet_schedule
        from cardlab.games.pandoeren.game import DEAL_ROUNDS
        from cardlab.games.pandoeren.rules import (
            call_rank_masks,
            game_points,
            parse_bid,
            play_tables,
            trick_order,
        )

        o = game.options
        deck = list(game.deck)
        pt = play_tables()  # card points and masks do not depend on rank_order
        self.n_cards = n = pt.n_cards
        self.suit = np.array(pt.suit, dtype=np.int64)
        self.onehot = (self.suit[:, None] == np.arange(4)).astype(np.int64)  # card → suit
        ranks = [c.rank for c in deck]
        self.weight = np.array([bot.TRUMP_WEIGHT[r] for r in ranks], dtype=np.int64)
        self.ace = np.array([r == "A" for r in ranks])
        self.side_counted = np.array([r in bot.COUNTED_SIDE_RANKS for r in ranks])
        self.high = np.array([r in bot.HIGH_RANKS for r in ranks])
        self.ten = np.array([r == "10" for r in ranks])
        self.pandoer_rank = np.array([r in bot.PANDOER_RANKS for r in ranks])
        # the bot ranks cards by the plain order of the default rank_order (its own rule)
        self.plain_power = np.array([trick_order(None).power[c] for c in deck], dtype=np.int64)
        self.points = np.array(pt.points, dtype=np.int64).reshape(NO_TRUMPS + 1, pt.stride)[:, :n]
        # A2.7.1 the discard: a misère-like declarer's order (her highest card in the plain
        # order, then the dearest); the others' (the cheapest by trump table: each card's
        # fellows in points; then the shortest suit; then the lowest in the plain order)
        assert self.plain_power.min() >= 0 and self.plain_power.max() < 100
        self.shed_order = card_orders((self.plain_power * 100 + self.points[NO_TRUMPS])[None])
        self.cheap_order = card_orders(-self.points)
        self.same_points = np.array([[sum(1 << j for j in range(n) if pts[j] == pts[i])
                                      for i in range(n)] for pts in self.points],
                                    dtype=np.uint64).reshape(-1)
        self.low_order = card_orders(-self.plain_power[None])
        self.bit = np.array(pt.bit[:n], dtype=np.uint64)
        self.ace_bit = np.array([pt.card_bit[Card("A", s)] for s in FRENCH_SUITS] + [0],
                                dtype=np.uint64)
        # the trump ace's card index per table (0 without trumps, as argmax of no card)
        self.ace_index = np.array([pt.card_index[Card("A", s)] for s in FRENCH_SUITS] + [0],
                                  dtype=np.int64)
        self.suit_mask = np.array(pt.suit_mask, dtype=np.uint64)  # per table: 4, none
        self.ace_mask = np.uint64(sum(int(b) for b in self.bit[self.ace]))
        # the sums the bot judges a hand by (card_sums), per suit or per trump suit t:
        # suit_strength (the suit's trump weights and the side aces' weight), the card
        # points estimate_points counts (trumps, and the side A and 10: points[t]), cards,
        # the Pandoer ranks; then the high cards and the tens (is_misere_hand)
        in_suit = self.onehot.astype(bool)  # (card, suit)
        counted = in_suit | self.side_counted[:, None]
        strength = np.where(in_suit, self.weight[:, None],
                            bot.SIDE_ACE_WEIGHT * self.ace[:, None])
        self.sums = CardSums(np.concatenate([
            strength, np.where(counted, self.points[:4].T, 0), self.onehot,
            self.onehot * self.pandoer_rank[:, None], self.high[:, None], self.ten[:, None]],
            axis=1))
        self.call_masks = tuple(np.uint64(m) for m in call_rank_masks())
        self.allow_trump_ace = bool(o.allow_call_trump_ace)
        self.pass_is_final = bool(o.pass_is_final)
        # the ladder (A4.2 order): position → its contract
        self.words = words = game.ladder.calls
        bids = [parse_bid(w) for w in words]
        assert all(b is not None for b in bids)
        self.rank_index = np.arange(len(words))
        self.is_number = np.array([b.kind.name == "number" for b in bids])  # type: ignore[union-attr]
        self.number = np.array([b.number for b in bids], dtype=np.int64)  # type: ignore[union-attr]
        self.pandoer = words.index("pandoer") if "pandoer" in words else -1
        self.misere = words.index("misere") if "misere" in words else -1
        kinds = [b.kind for b in bids]  # type: ignore[union-attr]
        self.kind = np.array([OBJECTIVE_OF[k.name] for k in kinds], dtype=np.int64)
        self.negative = np.array([k.name in bot.NEGATIVE for k in kinds])
        self.trumps = np.array([k.trumps for k in kinds])
        # A2.7.3 the declarer calls a partner (a Zwabber partner under "first_trick_winner"
        # is the first trick's winner instead; the bot never bids Zwabber or Kereltje)
        self.calls_partner = np.array([k.partner == "called" and not (
            k.name == "zwabber" and o.zwabber_partner == "first_trick_winner") for k in kinds])
        self.value = np.array([game_points(b, o) for b in bids], dtype=np.int64)  # type: ignore[arg-type]
        self.counts_roem = np.array([k.counts_roem for k in kinds])
        # A2.4 the deal: the seat (4: the kijkkaart) of each position of the pack, by dealer
        self.recipient = np.zeros((4, n), dtype=np.int64)
        slot: dict[Any, int] = {**{s: s for s in range(4)}, "kijkkaart": 4}
        for dealer in range(4):
            order = [(dealer + 1 + i) % 4 for i in range(4)]
            pos = 0
            for who, count in packet_schedule(order, DEAL_ROUNDS, "kijkkaart"):
                self.recipient[dealer, pos:pos + count] = slot[who]
                pos += count
            assert pos == n
        # A2.5 the auction's legal bids over each high bid (row high + 1; -1: none yet), by
        # the kernel: the lowest number bid on offer (and its number), Pandoer, Misère
        legal = np.asarray(K.auction_bid_legal(self.rank_index[None, :],
                                               np.arange(-1, len(words))[:, None]))
        numbers = legal & self.is_number
        self.first_number = np.argmax(numbers, axis=1)
        self.has_number = numbers[np.arange(len(words) + 1), self.first_number]
        self.first_number_value = self.number[self.first_number]
        no = np.zeros(len(words) + 1, dtype=bool)
        self.pandoer_ok = legal[:, self.pandoer] if self.pandoer >= 0 else no
        self.misere_ok = legal[:, self.misere] if self.misere >= 0 else no
        # A2.5 / P-A4 the seats out of the auction (bits) by the seats that passed (bits),
        # by the kernel; and the next seat clockwise after seat s among seats (bits)
        patterns = np.arange(16)
        passed = (patterns[:, None] >> np.arange(4) & 1).astype(bool)
        out = np.asarray(K.auction_seat_out(passed, self.pass_is_final)) & np.ones(4, bool)
        self.seat_out = (out << np.arange(4)).sum(axis=1)
        self.next_seat = np.array([[next(((s + k) % 4 for k in range(1, 5)
                                          if m >> (s + k) % 4 & 1), s) for m in patterns]
                                   for s in range(4)], dtype=np.int64).reshape(-1)
        # the same by seat: the positions of seat 0's cards, …, seat 3's, the kijkkaart's
        self.positions = np.argsort(self.recipient, axis=1, kind="stable")
        assert (np.bincount(self.recipient[0]) == [(n - 1) // 4] * 4 + [1]).all()


@lru_cache(maxsize=32)
def call_tables_for(game: PandoerenGame) -> CallTables:
    """The (cached) :class:`CallTables` of ``game``."""
    return CallTables(game)


def deal_hands(game: PandoerenGame, seeds: np.ndarray, dealers: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """A2.4 the deals of ``seeds`` by ``dealers``, as ``game.deal(seed=s, dealer=d)`` deals
    them: the ``(B, 4)`` hands as masks and the kijkkaart's card index per deal (the pack
    shuffled by :func:`~cardlab.sim.rng.shuffle_batch`, then dealt 4-1-4 from forehand)."""
    from cardlab.sim.rng import shuffle_batch

    ct = call_tables_for(game)
    order = shuffle_batch(seeds, ct.n_cards)  # position → card index
    # the positions each seat receives (seat by seat), then the kijkkaart's, by dealer
    at = ct.positions[np.asarray(dealers, dtype=np.int64) % 4]
    cards = np.take_along_axis(order, at, axis=1)
    per_seat = ct.bit[cards[:, :-1]].reshape(len(order), 4, -1)
    hands = per_seat[:, :, 0].copy()
    for k in range(1, per_seat.shape[2]):  # a seat's cards, one packet place at a time
        hands |= per_seat[:, :, k]
    return hands, cards[:, -1]


#: the columns of :attr:`CallTables.sums`: four per suit (its strength, the points counted
#: with it as trumps, its cards, its Pandoer ranks), then the high cards and the tens
_STRENGTH, _OWN, _CARDS, _KEYS, _HIGH, _TENS = 0, 4, 8, 12, 16, 17


def suit_strengths(sums: np.ndarray) -> np.ndarray:
    """:func:`cardlab.bots.pandoeren.suit_strength` of every suit, from hands' sums
    ``(B, F)`` (:attr:`CallTables.sums`): ``(B, 4)``."""
    return sums[:, _STRENGTH:_STRENGTH + 4]


def _first_suit(strength: np.ndarray, highest: bool = True) -> np.ndarray:
    """The first suit (column) of the highest (lowest) of four ``strength`` per row:
    ``argmax`` (``argmin``) over the suits, four columns compared at once."""
    s0, s1, s2, s3 = (strength[:, i] for i in range(4))
    top = np.maximum if highest else np.minimum
    best = top(top(s0, s1), top(s2, s3))
    return np.asarray(np.where(s0 == best, 0, np.where(s1 == best, 1,
                                                       np.where(s2 == best, 2, 3))))


def auction_features(ct: CallTables, hands: np.ndarray
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The heuristic bot's view of a hand in the auction (``HeuristicBot._auction``): the
    points estimate with its best suit (:func:`~cardlab.bots.pandoeren.estimate_points`,
    :func:`~cardlab.bots.pandoeren.best_suit`), whether the trumps are Pandoer-strong, and
    :func:`~cardlab.bots.pandoeren.is_misere_hand`; for hands ``hands`` (masks ``(B,)``)."""
    from cardlab.bots import pandoeren as bot

    f = ct.sums(hands)
    t = _first_suit(suit_strengths(f))  # best_suit: the first of the strongest
    rows = np.arange(f.shape[0])
    own = f[rows, _OWN + t].astype(np.int64)
    trumps = f[rows, _CARDS + t].astype(np.int64)
    target = own + bot.PER_TRUMP * trumps + bot.PARTNER_HELP
    key_ranks = f[rows, _KEYS + t]
    strong = (key_ranks == len(bot.PANDOER_RANKS)) & (trumps >= bot.PANDOER_TRUMPS)
    high, tens = f[:, _HIGH], f[:, _TENS]
    misere = (high == 0) | ((high == 1) & (tens == 0))
    return np.asarray(target), np.asarray(strong), np.asarray(misere)


def auction_choice(ct: CallTables, target: np.ndarray, strong: np.ndarray,
                   misere: np.ndarray, high: np.ndarray) -> np.ndarray:
    """``HeuristicBot._auction`` over the high bids ``high`` (ladder positions, -1: none):
    the ladder position of its bid, -1 for a pass. The legal bids are the kernel's
    (:func:`~cardlab.games.pandoeren.kernel.auction_bid_legal`, A2.5), read from
    :class:`CallTables`' table of them."""
    from cardlab.bots.pandoeren import PANDOER_TARGET

    h = high + 1
    first = ct.first_number[h]  # the lowest number bid on offer
    return np.asarray(np.where(
        strong & ct.pandoer_ok[h] & (target >= PANDOER_TARGET), ct.pandoer,
        np.where(ct.has_number[h] & (ct.first_number_value[h] <= target), first,
                 np.where(misere & ct.misere_ok[h], ct.misere, -1))))


def _in_suits_by_length(ct: CallTables, cards: np.ndarray, lengths: np.ndarray,
                        longest: bool) -> np.ndarray:
    """The cards of ``cards`` (masks) in the longest (shortest) of their suits by
    ``lengths`` ``(B, 4)``, as masks."""
    in_suit = [cards & ct.suit_mask[s] for s in range(4)]
    far = np.int64(-1 if longest else 1 << 20)  # a suit without such cards
    length = [np.where(in_suit[s] != ZERO, lengths[:, s], far) for s in range(4)]
    top = np.maximum if longest else np.minimum
    best = top(top(length[0], length[1]), top(length[2], length[3]))
    out = np.where(length[0] == best, in_suit[0], ZERO)
    for s in range(1, 4):
        out |= np.where(length[s] == best, in_suit[s], ZERO)
    return np.asarray(out)


class Calls:
    """The calls of a batch of deals as the heuristic bot makes them (see
    :func:`heuristic_calls`); every array has one row per deal.

    :ivar high: the contract's ladder position (-1: all passed, the deal is annulled).
    :ivar declarer: the declarer's seat (-1: none).
    :ivar partner: the partner's seat (-1: none); ``called`` the called card (n_cards: none).
    :ivar table: the trump table (0-3, or 4: no trumps); ``discard`` the discarded card.
    :ivar hands: ``(B, 4)`` masks at the opening lead (the dealt hands if annulled).
    :ivar bidders: ``(B, 4)`` seats that made a bid; ``n_actions``: actions before the play.
    """

    def __init__(self, **fields: np.ndarray) -> None:
        self.__dict__.update(fields)
        self.high: np.ndarray
        self.declarer: np.ndarray
        self.partner: np.ndarray
        self.called: np.ndarray
        self.table: np.ndarray
        self.discard: np.ndarray
        self.hands: np.ndarray
        self.bidders: np.ndarray
        self.n_actions: np.ndarray


def heuristic_calls(game: PandoerenGame, hands: np.ndarray, kijk: np.ndarray, dealers: np.ndarray
                    ) -> Calls:
    """Every call before the play of a batch of deals, exactly as
    :class:`cardlab.bots.pandoeren.HeuristicBot` makes them on the scalar engine (the bot
    draws nothing from its generator before the play: each of its calls there is one of
    the legal actions). The auction (A2.5: forehand first, clockwise, ``pass_is_final``
    P-A4, as :class:`cardlab.engine.auction.Auction` runs it), the kijkkaart to the
    declarer and her discard (A2.7.1), trumps (A2.7.2) and the call (A2.7.3, the kernel's
    :func:`~cardlab.games.pandoeren.kernel.call_mask`)."""
    ct = call_tables_for(game)
    size = hands.shape[0]
    rows = np.arange(size)
    seats = np.arange(4)
    # each hand's view, row b * 4 + seat
    target, strong, misere = auction_features(ct, hands.reshape(-1))
    # -- A2.5 the auction (seats as bits: passed, bid)
    high = np.full(size, -1, dtype=np.int64)
    high_seat = np.full(size, -1, dtype=np.int64)
    passed = np.zeros(size, dtype=np.int64)
    bid_bits = np.zeros(size, dtype=np.int64)
    since = np.zeros(size, dtype=np.int64)  # passes since the last bid
    n_calls = np.zeros(size, dtype=np.int64)
    to_call = (np.asarray(dealers, dtype=np.int64) + 1) % 4
    over = np.zeros(size, dtype=bool)
    while not over.all():
        live = ~over
        s = to_call
        at = rows * 4 + s
        choice = auction_choice(ct, target[at], strong[at], misere[at], high)
        bid = live & (choice >= 0)
        pass_ = live & (choice < 0)
        seat_bit = 1 << s
        passed |= seat_bit * pass_
        bid_bits |= seat_bit * bid
        high = np.where(bid, choice, high)
        high_seat = np.where(bid, s, high_seat)
        since = np.where(bid, 0, since + pass_)
        n_calls += live
        # the turn passes to the next seat still in; the auction ends when none is left
        # (or, without final passes, after a round of passes)
        still_in = 15 & ~ct.seat_out[passed] & ~((high_seat >= 0) << np.maximum(high_seat, 0))
        ended = still_in == 0
        if not ct.pass_is_final:
            ended |= since >= np.where(high < 0, 4, 3)
        over |= live & ended
        to_call = np.where(live & ~ended, ct.next_seat[s * 16 + still_in], to_call)
    bidders = (bid_bits[:, None] >> seats & 1).astype(bool)
    has = high >= 0
    hi = np.maximum(high, 0)
    d = np.where(has, high_seat, 0)
    # -- A2.7.1 the exchange: the kijkkaart joins the declarer's hand, she discards one
    hand9 = hands[rows, d] | ct.bit[kijk]
    sums9 = ct.sums(hand9)
    # a misère-like declarer sheds her highest card (plain order), then the dearest
    worst = first_in_order(ct.shed_order, np.zeros(size, dtype=np.int64), hand9)
    t9 = np.where(ct.trumps[hi], _first_suit(suit_strengths(sums9)), NO_TRUMPS)
    side = hand9 & ~ct.suit_mask[t9] & ~ct.ace_mask
    side = np.where(side != ZERO, side, hand9)
    # the others the cheapest side card: by points, then the shortest suit, then plain order
    cheapest = side & ct.same_points[t9 * ct.n_cards + first_in_order(ct.cheap_order, t9, side)]
    shortest = _in_suits_by_length(ct, cheapest, sums9[:, _CARDS:_CARDS + 4], False)
    discard = np.where(ct.negative[hi], worst,
                       first_in_order(ct.low_order, np.zeros(size, dtype=np.int64), shortest))
    hand8 = hand9 & ~ct.bit[discard]
    sums8 = ct.sums(hand8)
    # -- A2.7.2 trumps: the strongest suit (a misère-like declarer: the weakest)
    strength8 = suit_strengths(sums8)
    chosen = np.where(ct.negative[hi], _first_suit(strength8, False), _first_suit(strength8))
    table = np.where(ct.trumps[hi], chosen, NO_TRUMPS)
    # -- A2.7.3 the call: the trump ace if callable, else the first card of the longest suit
    calling = has & ct.calls_partner[hi]
    trump_ace = ct.ace_bit[table]
    callable_ = np.asarray(K.call_mask(ct.call_masks, hand9, trump_ace, ct.allow_trump_ace))
    # (the first in pack order; card 0 if none is callable)
    by_length = np.maximum(lowest_index(
        _in_suits_by_length(ct, callable_, sums8[:, _CARDS:_CARDS + 4], True)), 0)
    pick = np.where((callable_ & trump_ace) != ZERO, ct.ace_index[table], by_length)
    called = np.where(calling, pick, ct.n_cards)
    new_hands = hands.copy()
    new_hands[rows, d] = np.where(has, hand8, hands[rows, d])
    holder = (new_hands & ct.bit[np.minimum(called, ct.n_cards - 1)][:, None]) != ZERO
    partner = np.where(calling, np.argmax(holder, axis=1), -1)
    n_actions = n_calls + has * (1 + ct.trumps[hi] + calling)
    return Calls(high=high, declarer=np.where(has, d, -1), partner=partner, called=called,
                 table=np.where(has, table, NO_TRUMPS), discard=np.where(has, discard, -1),
                 hands=new_hands, bidders=bidders, n_actions=n_actions.astype(np.int64))
