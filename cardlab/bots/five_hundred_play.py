"""Five Hundred's heuristic card play, written once on card masks.

This is the card play of the ``"heuristic"`` level. Both of its forms call it: the
scalar :class:`~cardlab.bots.five_hundred.HeuristicBot` passes one row built from its
seat's view, and the batch simulator's ``"heuristic"`` policy passes every deal of a
batch (:mod:`cardlab.sim.five_hundred.batch`). So the two forms are one player. A row
holds only what the seat to move may see: its cards, its legal plays, the cards played
so far, the trick, the contract and the seats' fixed sides. With five players the bot
does not know who the called partner is.

A hand is a ``uint64`` mask (bit ``i`` is ``game.deck[i]``). A card's strength is the
game's table (:func:`~cardlab.games.five_hundred.rules.card_table`): class plus power,
the kernel's ``trick_key``. "Cheapest" and "dearest" go by the card's lead key (a plain
card, then a trump, then an unnominated joker, each by its power).

The rules (:func:`play_choice`):

* **Misère** (5H-6.2). The contractor leads its cheapest card. When following, it plays
  its dearest card that loses the trick, else its cheapest. A defender plays its dearest
  card under the contractor's when the contractor is winning the trick, else its
  cheapest.
* **Leading a trick contract.**

  1. A seat of the contracting side leads its highest trump to draw trumps, when trumps
     are still out and it holds the top trump left or three trumps.
  2. Else it leads a master card: the highest card still unplayed of a plain suit.
  3. Else it leads a plain card from its longest suit (a defender: its shortest), the
     lowest card of that suit.
  4. Else its cheapest card.
* **Following a trick contract.**

  1. When its side is winning the trick and it plays last, or the winning card is a
     trump, it plays its cheapest card.
  2. Else, when it can win the trick, it wins it: with the dearest of its winning cards
     when it plays before the end and they all follow the suit led (so the seats after
     it must play high); as cheaply as it can when it plays last, when its side is
     winning already (with a plain card, not last) or with a trump.
  3. Else its cheapest card.

Ties go to the earlier card in the pack (two cards of one lead key, two masters, two
plain leads alike). A joker led in no trumps names the first suit it may name (S, C, D,
H, in that order).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from cardlab.games.five_hundred.game import FiveHundredGame
from cardlab.games.five_hundred.kernel import NO_SUIT, TRUMP
from cardlab.games.five_hundred.rules import MISERE_VALUES, SUITS, TABLE_KEYS, card_table, parse_bid

__all__ = ["PlayTables", "PlayRow", "play_tables", "play_choice", "row_of_view"]

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
#: up to this many rows, :func:`_pick` meets every lead-key group at once (fewer numpy calls);
#: beyond it, it looks the groups up a byte of the mask at a time (less work per row)
_FEW_ROWS = 16
#: a key above every plain lead's key (a count of at most 63 cards, a power below 128)
_NO_KEY = np.int64(1 << 20)


class PlayTables:
    """The per-card tables the heuristic play reads, for every contract of one game
    (index: the position in :data:`~cardlab.games.five_hundred.rules.TABLE_KEYS`).

    Per contract: each card's effective suit, power and lead key, the masks of the
    effective suits, the trumps and the plain suits, and each card's higher cards of its
    own effective suit. ``group_cards`` holds the cards grouped by lead key, cheapest
    first, and ``group_bytes`` the groups a byte of a mask meets. ``above_flat`` and
    ``below_flat`` hold the cards above (below) each strength a trick's best card may
    have, per suit led. ``side_of`` is each position's side, by the game's fixed sides
    (``game.side_seats``)."""

    def __init__(self, game: FiveHundredGame) -> None:
        deck = game.deck
        self.n_cards = c = len(deck)
        if c > 64:
            raise NotImplementedError("packs above 64 cards do not fit a uint64 mask")
        t = len(TABLE_KEYS)
        self.eff = np.zeros((t, c), dtype=np.int64)
        self.power = np.zeros((t, c), dtype=np.int64)
        self.lead_key = np.zeros((t, c), dtype=np.int64)
        self.strength = np.zeros((t, 5, c), dtype=np.int64)
        self.suitmask = np.zeros((t, 5), dtype=np.uint64)
        self.trumps = np.zeros(t, dtype=np.uint64)
        self.trump_code = np.zeros(t, dtype=np.int64)
        for ti, (den, nom) in enumerate(TABLE_KEYS):
            ct = card_table(game, den, nom)  # 5H-3 / 5H-7.1, the game's own order
            self.eff[ti], self.power[ti], self.lead_key[ti] = ct.eff, ct.power, ct.lead_key
            self.strength[ti, :4] = ct.strength
            self.suitmask[ti] = ct.suit_masks
            self.trumps[ti] = ct.suit_masks[ct.trump] if ct.trump >= 0 else 0
            self.trump_code[ti] = ct.trump
        self.bit = np.array([1 << i for i in range(c)], dtype=np.uint64)
        self.power_flat = self.power.reshape(-1)
        #: [t, suit code] the suits that are not trumps (0 for the trump suit)
        self.plain_suits = np.where(np.arange(4) == self.trump_code[:, None], _ZERO,
                                    self.suitmask[:, :4])
        jokers = [i for i, card in enumerate(deck) if card.is_joker]
        self.jokers = np.uint64(sum(1 << i for i in jokers))
        self._check_order(jokers)
        same = (self.eff[:, :, None] == self.eff[:, None, :]) & (self.eff[:, None, :] != NO_SUIT)
        above = same & (self.power[:, None, :] > self.power[:, :, None])  # [t, card, other]
        #: [t, card] the cards of its effective suit above it
        self.higher = np.where(above, self.bit, _ZERO).sum(axis=2, dtype=np.uint64)
        # the cards by lead key in groups (the ranks of the keys, cheapest first): a mask's
        # groups as bits, looked up a byte of the mask at a time, so the cheapest (dearest)
        # group a mask meets is its lowest (highest) bit
        keys = [sorted(set(self.lead_key[ti].tolist())) for ti in range(t)]
        self.n_groups = w = max(map(len, keys))
        if w > 52:  # a mask's groups are bits of a float-exact integer (_highest)
            raise NotImplementedError("more lead keys than the play's group bits hold")
        self.n_bytes = nb = (c + 7) // 8
        #: [t, rank] the cards whose lead key has that rank
        self.group_cards = np.zeros((t, w), dtype=np.uint64)
        #: [t, byte, value] the group bits of the cards of one byte of a mask
        self.group_bytes = np.zeros((t, nb, 256), dtype=np.uint64)
        values = np.arange(256)
        for ti, ks in enumerate(keys):
            rank = {k: j for j, k in enumerate(ks)}
            for i in range(c):
                j = rank[int(self.lead_key[ti, i])]
                self.group_cards[ti, j] |= np.uint64(1 << i)
                self.group_bytes[ti, i // 8, (values >> (i % 8)) & 1 == 1] |= np.uint64(1 << j)
        self.group_cards_flat = self.group_cards.reshape(-1)
        self.group_bytes_flat = self.group_bytes.reshape(-1)
        self.n_strengths = top = int(self.strength.max()) + 2  # a trick's best: -1 … max
        k = self.strength[:, :, :, None]  # [t, led, card, best + 1]
        values = np.arange(-1, top - 1)
        bits = self.bit[:, None]
        self.above_flat = np.where(k > values, bits, _ZERO).sum(
            axis=2, dtype=np.uint64).reshape(-1)
        self.below_flat = np.where(k < values, bits, _ZERO).sum(
            axis=2, dtype=np.uint64).reshape(-1)
        self.suitmask_flat = self.suitmask.reshape(-1)
        self.side_of = np.array([min(game.side_seats(p)) for p in range(game.positions)],
                                dtype=np.int64)
        #: a card's code → its bit (the view writes cards as codes)
        self.bit_of = {card.code: 1 << i for i, card in enumerate(deck)}
        self.game = game

    def _check_order(self, jokers: list[int]) -> None:
        """The lead finds a plain suit's top and bottom card by bit position: each plain
        suit lists its cards high to low in the pack, and its jokers (a nominated joker)
        come last, above the rest, high to low too. Every pack of the game does."""
        for ti in range(len(TABLE_KEYS)):
            for s in range(4):
                if s == self.trump_code[ti]:
                    continue
                cards = [i for i in range(self.n_cards) if self.eff[ti, i] == s]
                high_to_low = sorted(cards, key=lambda i: -self.power[ti, i])
                if high_to_low != sorted(cards, key=lambda i: (i not in jokers, i)):
                    raise NotImplementedError(f"the pack does not list {SUITS[s]} high to "
                                              f"low in {TABLE_KEYS[ti]}")

    def table_index(self, denomination: str, nominated: str | None) -> int:
        """The index of a contract's tables."""
        return TABLE_KEYS.index((denomination, nominated if denomination == "NT" else None))


@lru_cache(maxsize=16)
def _tables_cached(game: FiveHundredGame) -> PlayTables:
    return PlayTables(game)


#: the game asked last and its tables (a game's hash formats its options: the scalar bot,
#: asking every card, skips that for the same game object)
_last: list[tuple[Any, PlayTables] | None] = [None]


def play_tables(game: FiveHundredGame) -> PlayTables:
    """The (cached) tables of ``game``."""
    last = _last[0]
    if last is None or last[0] is not game:
        last = _last[0] = (game, _tables_cached(game))
    return last[1]


def _lowest(m: np.ndarray) -> np.ndarray:
    """The index of each mask's lowest set bit (-1 for an empty mask): the lowest bit
    alone is a power of two, which a float holds exactly (``2**i`` is ``0.5 * 2**(i+1)``,
    and 0 comes out as ``0 * 2**0``)."""
    low = m & (~m + _ONE)
    return np.asarray(np.frexp(low.astype(np.float64))[1].astype(np.int64) - 1)


def _highest(m: np.ndarray) -> np.ndarray:
    """The index of each mask's highest set bit (-1 for an empty mask), for the cards of
    one suit: fewer than 53 of them, so the float of the mask keeps its top bit."""
    return np.asarray(np.frexp(m.astype(np.float64))[1].astype(np.int64) - 1)


def _popcount(m: np.ndarray) -> np.ndarray:
    """The number of set bits of each mask."""
    if hasattr(np, "bitwise_count"):
        return np.asarray(np.bitwise_count(m).astype(np.int64))
    b = np.ascontiguousarray(m, dtype=np.uint64).view(np.uint8)  # pragma: no cover
    return np.asarray(np.unpackbits(b).reshape(*m.shape, 64).sum(axis=-1))  # pragma: no cover


def _pick(pt: PlayTables, table: np.ndarray, mask: np.ndarray,
          dear: np.ndarray | bool | None) -> np.ndarray:
    """Per row, the cheapest card of ``mask`` by lead key, or where ``dear`` (True: in
    every row) the dearest; of equal keys the earliest in the pack (-1 for an empty
    mask)."""
    if mask.size <= _FEW_ROWS:  # (the scalar bot's one row) every group at once: fewer calls
        meet = mask[:, None] & pt.group_cards[table]
        has = meet != _ZERO
        rank = np.argmax(has, axis=1)
        if dear is not None:
            top = pt.n_groups - 1 - np.argmax(has[:, ::-1], axis=1)
            rank = top if dear is True else np.where(dear, top, rank)
        return _lowest(meet[np.arange(mask.size), rank])
    at = table * (pt.n_bytes * 256)
    groups = pt.group_bytes_flat[at + (mask & np.uint64(255)).astype(np.int64)]
    for k in range(1, pt.n_bytes):
        byte = (mask >> np.uint64(8 * k)) & np.uint64(255)
        groups |= pt.group_bytes_flat[at + (256 * k) + byte.astype(np.int64)]
    if dear is None:
        rank = _lowest(groups)
    elif dear is True:
        rank = _highest(groups)
    else:
        rank = np.where(dear, _highest(groups), _lowest(groups))
    return _lowest(mask & pt.group_cards_flat[table * pt.n_groups + np.maximum(rank, 0)])


def play_choice(pt: PlayTables, table: np.ndarray, hand: np.ndarray, legal: np.ndarray,
                names: np.ndarray, gone: np.ndarray, n_played: np.ndarray, led: np.ndarray,
                best: np.ndarray, best_seat: np.ndarray, seat: np.ndarray,
                declarer: np.ndarray, misere: np.ndarray, n_active: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """The card each row's seat to move plays, by the rules of the module docstring:
    ``(card index, named suit or -1)`` per row (-1 as the card where nothing is legal).

    Per row: ``table`` is the contract's index. ``hand`` holds the mover's cards and
    ``legal`` its legal cards. ``names`` holds the suits a joker lead may name (a 4-bit
    mask, 0 when it leads none). ``gone`` holds the cards played in the deal (at least
    those of the earlier tricks). ``n_played`` counts the cards in the trick and
    ``led`` is its suit code. ``best`` is the strength of the trick's winning card and
    ``best_seat`` its seat. ``seat`` is the mover. ``declarer`` is the contractor and
    ``misere`` marks a misère. ``n_active`` counts the seats that play this deal."""
    side = pt.side_of
    mine = side[seat]
    leading = n_played == 0
    every = not leading.any()  # every row follows (a batch plays its deals in step)
    following = True if every else ~leading
    misere = np.asarray(misere, dtype=bool)
    among, dear = legal, None
    if every or not leading.all():
        led_now = led if every else np.where(following, led, 0)
        suit_row = table * 5 + led_now
        at = suit_row * pt.n_strengths + (best if every else np.where(following, best, -1)) + 1
        beats = legal & pt.above_flat[at]
        partner = following & (side[best_seat] == mine) & ~misere
        last = n_played == n_active - 1
        # a partner's winning trump, or the last card behind a partner's winner: no need
        keep_low = partner & (last | (best >= TRUMP))
        win = following & ~misere & ~keep_low & (beats != _ZERO)
        among = np.where(win, beats, among)
        # early in the trick with cards of the suit led only: high, to push the rest up
        dear = win & ~last & ~partner & ((beats & ~pt.suitmask_flat[suit_row]) == _ZERO)
        if misere.any():
            under = legal & pt.below_flat[at]
            ducks = following & misere & (
                (seat == declarer) | (best_seat == declarer)) & (under != _ZERO)
            among = np.where(ducks, under, among)
            dear = dear | ducks
    lead = leading & ~misere  # the lead of a trick contract has rules of its own
    rows = np.flatnonzero(lead)
    if not rows.size:
        card = _pick(pt, table, among, dear)
    elif rows.size == legal.size:
        card = _lead(pt, table, hand, legal, gone, (declarer >= 0) & (side[declarer] == mine))
    else:
        if 2 * rows.size < legal.size:
            card = _pick(pt, table, among, dear)
        else:  # mostly leads: the pick only where it decides
            card = np.empty(legal.shape, dtype=np.int64)
            other = np.flatnonzero(~lead)
            card[other] = _pick(pt, table[other], among[other],
                                dear if dear is None else dear[other])
        contracting = (declarer[rows] >= 0) & (side[declarer[rows]] == mine[rows])
        card[rows] = _lead(pt, table[rows], hand[rows], legal[rows], gone[rows], contracting)
    named = np.full(legal.shape, -1, dtype=np.int64)
    if names.any():  # a joker lead in no trumps names the first suit it may
        jokers = pt.suitmask[table, NO_SUIT]
        joker_led = leading & (names != _ZERO) & (card >= 0) & (
            (jokers >> np.maximum(card, 0).astype(np.uint64)) & _ONE != _ZERO)
        named = np.where(joker_led, _lowest(names), -1)
    return card, named


def _lead(pt: PlayTables, table: np.ndarray, hand: np.ndarray, legal: np.ndarray,
          gone: np.ndarray, contracting: np.ndarray) -> np.ndarray:
    """The lead of a trick contract (rules 1-4 of the module docstring) per row."""
    out = np.full(table.shape, -1, dtype=np.int64)
    # 1. draw trumps. The lead is free in a trump contract (only an unnominated joker has
    # lead limits, 5H-7.3), so the legal trumps are the hand's: the highest of them is
    # the top trump left when no trump still out is above it.
    trumps = pt.trumps[table]
    mine = legal & trumps
    out_there = trumps & ~gone & ~hand
    draw = np.zeros(table.shape, dtype=bool)
    rows = np.flatnonzero(contracting & (mine != _ZERO) & (out_there != _ZERO))
    if rows.size:
        m = mine[rows]
        top = _pick(pt, table[rows], m, True)
        thin = m & (m - _ONE)
        three = (thin & (thin - _ONE)) != _ZERO
        draw[rows] = ((out_there[rows] & pt.higher[table[rows], top]) == _ZERO) | three
        out[rows] = np.where(draw[rows], top, out[rows])
    rest = np.flatnonzero(~draw)
    if not rest.size:
        return out
    # 2. a master (the earliest in the pack), else 3. the lowest card of the longest suit
    # (a defender: the shortest), suit by suit: a plain suit lists its cards high to low
    # in the pack, its jokers (a nominated joker, its top) last (PlayTables checks it)
    t, h, g, lg = table[rest], hand[rest], gone[rest], legal[rest]
    c = pt.n_cards
    suit = pt.plain_suits[t]  # [row, suit code]
    left = suit & ~g[:, None]
    mine = lg[:, None] & suit
    nominated = bool((suit & pt.jokers).any())  # a nominated joker tops its suit
    top = left & (~left + _ONE)  # the top card left of each suit (its lowest bit) …
    if nominated:
        jokers = left & pt.jokers  # … or its joker
        top = np.where(jokers != _ZERO, jokers & (~jokers + _ONE), top)
    masters = np.bitwise_or.reduce(mine & top, axis=1)
    low = _highest(mine & ~pt.jokers if nominated else mine)
    if nominated:  # only the joker left of its suit: the joker is the lowest
        low = np.where(low < 0, _highest(mine), low)
    sign = np.where(contracting[rest], -1, 1)[:, None]
    key = (sign * _popcount(h[:, None] & suit) * 128
           + pt.power_flat[t[:, None] * c + np.maximum(low, 0)]) * 64 + low
    key = np.where(low >= 0, key, _NO_KEY)
    at = np.argmin(key, axis=1)
    low_card = low[np.arange(rest.size), at]  # -1: no plain card at all
    out[rest] = np.where(masters != _ZERO, _lowest(masters), low_card)
    # 4. no plain card to lead: the cheapest (a trump, or an unnominated joker)
    last = rest[low_card < 0]
    if last.size:
        out[last] = _pick(pt, table[last], legal[last], None)
    return out


class PlayRow(NamedTuple):
    """The arguments of :func:`play_choice` after the tables, in order (one row each for
    the scalar bot)."""

    table: np.ndarray
    hand: np.ndarray
    legal: np.ndarray
    names: np.ndarray
    gone: np.ndarray
    n_played: np.ndarray
    led: np.ndarray
    best: np.ndarray
    best_seat: np.ndarray
    seat: np.ndarray
    declarer: np.ndarray
    misere: np.ndarray
    n_active: np.ndarray


def row_of_view(game: FiveHundredGame, view: dict[str, Any], seat: int, legal: list[Any]
                ) -> PlayRow:
    """The one-row arguments of :func:`play_choice` for ``seat`` (a position) from its
    ``view`` and its legal plays (``play`` actions), as the bot sees them."""
    pt = play_tables(game)
    bit_of = pt.bit_of
    contract = view["contract"] or "NT"
    misere = contract in MISERE_VALUES
    parsed = parse_bid(contract.split(" ")[0])
    nominated = view["nominated"]
    ti = pt.table_index(parsed[1] if parsed else "NT",
                        nominated if nominated not in (None, "none") else None)
    legal_mask = names = 0
    for a in legal:
        legal_mask |= bit_of[a.args[0]]
        if len(a.args) > 1:
            names |= 1 << SUITS.index(a.args[1])
    hand = sum(bit_of[c] for c in view["hands"][seat]["cards"] or [])
    gone = sum(bit_of[c] for c in view.get("played", []))
    trick = view["trick"]
    led = SUITS.index(view["trick_suit"]) if trick else 0
    best, best_seat = -1, 0
    for p in trick:
        k = int(pt.strength[ti, led, bit_of[p["card"]].bit_length() - 1])
        if best < 0 or k > best:
            best, best_seat = k, p["seat"]
    declarer = view["declarer"]
    active = sum(1 for h in view["hands"] if h["active"])

    ints = np.array([ti, len(trick), led, best, best_seat, seat,
                     -1 if declarer is None else declarer, active], dtype=np.int64)
    masks = np.array([hand, legal_mask, names, gone], dtype=np.uint64)
    return PlayRow(ints[0:1], masks[0:1], masks[1:2], masks[2:3], masks[3:4], ints[1:2],
                   ints[2:3], ints[3:4], ints[4:5], ints[5:6], ints[6:7],
                   np.array([misere]), ints[7:8])
