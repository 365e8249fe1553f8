"""Five Hundred's heuristic card play, written once on card masks.

This is the card play of the ``"heuristic"`` level. The rule is :func:`choose_one`, one
deal's choice, compiled (numba, :func:`cardlab.solve.jit.jit`). Both of its forms call it:
the scalar :class:`~cardlab.bots.five_hundred.HeuristicBot` passes one row built from its
seat's view to :func:`play_choice` (which asks :func:`choose_one` per row), and the batch
simulator's ``"heuristic"`` policy asks :func:`choose_one` for each deal inside its
compiled step (:mod:`cardlab.sim.five_hundred.compiled`). So the two forms are one
player. A row
holds only what the seat to move may see: its cards, its legal plays, the cards played
so far, the trick, the contract and the seats' fixed sides. With five players the bot
does not know who the called partner is.

A hand is a ``uint64`` mask (bit ``i`` is ``game.deck[i]``; ``int64`` inside the compiled
rule, every pack having at most 63 cards). A card's strength is the
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

import math
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from cardlab.games.five_hundred.game import FiveHundredGame
from cardlab.games.five_hundred.kernel import NO_SUIT, TRUMP
from cardlab.games.five_hundred.rules import MISERE_VALUES, SUITS, TABLE_KEYS, card_table, parse_bid
from cardlab.solve.jit import jit
from cardlab.solve.mask_bits import lowest_bit

__all__ = ["PlayTables", "PlayRow", "play_tables", "play_choice", "choose_one", "row_of_view"]

_ZERO = np.uint64(0)
#: a key above every plain lead's key (a count of at most 63 cards, a power below 128)
_NO_KEY = 1 << 20
#: the head of :attr:`PlayTables.compiled`: the offsets of its parts (per contract: the
#: cards of each lead-key group, the groups of each byte of a mask, the trumps, each card's
#: higher cards, the plain suits, the effective suits; per contract, suit led and best
#: strength: the cards above and below it; each card's power; each position's side), then
#: the groups per contract, the bytes of a mask, the strengths, the cards and the jokers
(_GROUP_CARDS, _GROUP_BYTES, _TRUMPS, _HIGHER, _PLAIN, _SUITS, _ABOVE, _BELOW, _POWER, _SIDE,
 _N_GROUPS, _N_BYTES, _N_STRENGTHS, _N_CARDS, _JOKERS, _HEAD) = range(16)


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
        if c > 63:  # the compiled rule holds a mask in an int64
            raise NotImplementedError("packs above 63 cards do not fit the play's int64 masks")
        #: the tables :func:`choose_one` reads, flat in one ``int64`` array (masks as their
        #: bits): each part's offset at its head, then the parts (one array: a compiled
        #: call pays for each array it passes)
        parts = {_GROUP_CARDS: self.group_cards, _GROUP_BYTES: self.group_bytes,
                 _TRUMPS: self.trumps, _HIGHER: self.higher, _PLAIN: self.plain_suits,
                 _SUITS: self.suitmask, _ABOVE: self.above_flat, _BELOW: self.below_flat,
                 _POWER: self.power, _SIDE: self.side_of}
        head = np.zeros(_HEAD, dtype=np.int64)
        head[[_N_GROUPS, _N_BYTES, _N_STRENGTHS, _N_CARDS, _JOKERS]] = (
            w, nb, self.n_strengths, c, int(self.jokers))
        at, flat = _HEAD, [head]
        for place, part in parts.items():
            head[place] = at
            flat.append(np.ascontiguousarray(part).reshape(-1).view(np.int64)
                        if part.dtype == np.uint64 else part.reshape(-1).astype(np.int64))
            at += flat[-1].size
        self.compiled = np.concatenate(flat)
        self.compiled.flags.writeable = False

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


def play_choice(pt: PlayTables, table: np.ndarray, hand: np.ndarray, legal: np.ndarray,
                names: np.ndarray, gone: np.ndarray, n_played: np.ndarray, led: np.ndarray,
                best: np.ndarray, best_seat: np.ndarray, seat: np.ndarray,
                declarer: np.ndarray, misere: np.ndarray, n_active: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray]:
    """The card each row's seat to move plays, by the rules of the module docstring:
    ``(card index, named suit or -1)`` per row (-1 as the card where nothing is legal):
    :func:`choose_one` on every row.

    Per row: ``table`` is the contract's index. ``hand`` holds the mover's cards and
    ``legal`` its legal cards. ``names`` holds the suits a joker lead may name (a 4-bit
    mask, 0 when it leads none). ``gone`` holds the cards played in the deal (at least
    those of the earlier tricks). ``n_played`` counts the cards in the trick and
    ``led`` is its suit code. ``best`` is the strength of the trick's winning card and
    ``best_seat`` its seat. ``seat`` is the mover. ``declarer`` is the contractor and
    ``misere`` marks a misère. ``n_active`` counts the seats that play this deal."""
    rows = np.broadcast_shapes(np.shape(table), np.shape(legal))

    def ints(a: Any) -> np.ndarray:
        return np.ascontiguousarray(np.broadcast_to(a, rows), dtype=np.int64).reshape(-1)

    def masks(a: Any) -> np.ndarray:
        return ints(np.asarray(a, dtype=np.uint64).view(np.int64))

    flags = np.ascontiguousarray(np.broadcast_to(misere, rows), dtype=np.bool_).reshape(-1)
    out = np.empty((2, flags.size), dtype=np.int64)
    _choose_rows(pt.compiled, ints(table), masks(hand), masks(legal), masks(names), masks(gone),
                 ints(n_played), ints(led), ints(best), ints(best_seat), ints(seat),
                 ints(declarer), flags, ints(n_active), out)
    return out[0].reshape(rows), out[1].reshape(rows)


@jit
def _choose_rows(tab: Any, table: Any, hand: Any, legal: Any, names: Any, gone: Any,
                 n_played: Any, led: Any, best: Any, best_seat: Any, seat: Any, declarer: Any,
                 misere: Any, n_active: Any, out: Any) -> None:
    """:func:`choose_one` on each row, into ``out`` ``(2, B)``: the card, the named suit."""
    for i in range(table.shape[0]):
        card, named = choose_one(tab, table[i], hand[i], legal[i], names[i], gone[i],
                                 n_played[i], led[i], best[i], best_seat[i], seat[i],
                                 declarer[i], misere[i], n_active[i])
        out[0, i] = card
        out[1, i] = named


@jit
def _highest(m: int) -> int:
    """The index of the highest set bit of ``m`` (-1: none), for masks whose set bits lie
    fewer than 53 apart (one suit's cards, a mask of groups): the float of ``m`` keeps its
    top bit, so its exponent says where it is."""
    return math.frexp(float(m))[1] - 1


@jit
def _count(m: int) -> int:
    """The number of set bits of ``m``."""
    k = 0
    while m != 0:
        m &= m - 1
        k += 1
    return k


@jit
def _pick(tab: Any, table: int, mask: int, dear: bool) -> int:
    """The cheapest card of ``mask`` by lead key, or with ``dear`` the dearest; of equal
    keys the earliest in the pack (-1 for an empty mask). The lead-key groups the mask
    meets are looked up a byte of it at a time (no branch on its cards): the cheapest
    (dearest) is their lowest (highest) bit."""
    groups = 0
    at = tab[_GROUP_BYTES] + table * tab[_N_BYTES] * 256
    for k in range(tab[_N_BYTES]):
        groups |= tab[at + 256 * k + ((mask >> (8 * k)) & 255)]
    if groups == 0:
        return -1
    rank = _highest(groups) if dear else lowest_bit(groups)
    return lowest_bit(mask & tab[tab[_GROUP_CARDS] + table * tab[_N_GROUPS] + rank])


@jit
def choose_one(tab: Any, table: int, hand: int, legal: int, names: int, gone: int,
               n_played: int, led: int, best: int, best_seat: int, seat: int, declarer: int,
               misere: bool, n_active: int) -> tuple[int, int]:
    """The card one seat to move plays, and the suit a joker lead names (else -1), by the
    rules of the module docstring, from one row of :func:`play_choice`'s arguments (card
    masks as ``int64``) and the game's flat table :attr:`PlayTables.compiled`. Compiled:
    the scalar bot asks it through :func:`play_choice`, the array simulator inside its
    step."""
    side = tab[_SIDE]
    mine = tab[side + seat]
    leading = n_played == 0
    among = legal
    dear = False
    if not leading:
        suit_row = table * 5 + led
        at = suit_row * tab[_N_STRENGTHS] + best + 1
        beats = legal & tab[tab[_ABOVE] + at]
        partner = tab[side + best_seat] == mine and not misere
        last = n_played == n_active - 1
        # a partner's winning trump, or the last card behind a partner's winner: no need
        keep_low = partner and (last or best >= TRUMP)
        win = not misere and not keep_low and beats != 0
        if win:
            among = beats
            # early in the trick with cards of the suit led only: high, to push the rest up
            dear = not last and not partner and (beats & ~tab[tab[_SUITS] + suit_row]) == 0
        if misere:
            under = legal & tab[tab[_BELOW] + at]
            if (seat == declarer or best_seat == declarer) and under != 0:
                among = under
                dear = True
    if leading and not misere:  # the lead of a trick contract has rules of its own
        card = _lead(tab, table, hand, legal, gone, declarer >= 0 and tab[side + declarer] == mine)
    else:
        card = _pick(tab, table, among, dear)
    named = -1
    # a joker lead in no trumps names the first suit it may
    if leading and names != 0 and card >= 0 and (
            tab[tab[_SUITS] + table * 5 + NO_SUIT] >> card) & 1 != 0:
        named = lowest_bit(names)
    return card, named


@jit
def _lead(tab: Any, table: int, hand: int, legal: int, gone: int, contracting: bool) -> int:
    """The lead of a trick contract (rules 1-4 of the module docstring)."""
    # 1. draw trumps. The lead is free in a trump contract (only an unnominated joker has
    # lead limits, 5H-7.3), so the legal trumps are the hand's: the highest of them is
    # the top trump left when no trump still out is above it.
    n_cards = tab[_N_CARDS]
    trumps = tab[tab[_TRUMPS] + table]
    mine = legal & trumps
    out_there = trumps & ~gone & ~hand
    if contracting and mine != 0 and out_there != 0:
        top = _pick(tab, table, mine, True)
        if (out_there & tab[tab[_HIGHER] + table * n_cards + top]) == 0 or _count(mine) >= 3:
            return top
    # 2. a master (the earliest in the pack), else 3. the lowest card of the longest suit
    # (a defender: the shortest), suit by suit: a plain suit lists its cards high to low
    # in the pack, its jokers (a nominated joker, its top) last (PlayTables checks it)
    jokers = tab[_JOKERS]
    masters = 0
    low_card = -1
    low_key = _NO_KEY
    sign = -1 if contracting else 1
    for s in range(4):
        suit = tab[tab[_PLAIN] + table * 4 + s]
        left = suit & ~gone
        held = legal & suit
        top = left & -left  # the top card left of the suit (its lowest bit) …
        if left & jokers:  # … or its joker (a nominated joker tops its suit)
            top = left & jokers & -(left & jokers)
        masters |= held & top
        low = _highest(held & ~jokers)
        if low < 0:  # only the joker left of its suit: the joker is the lowest
            low = _highest(held)
        if low >= 0:
            power = tab[tab[_POWER] + table * n_cards + low]
            key = (sign * _count(hand & suit) * 128 + power) * 64 + low
            if key < low_key:
                low_card, low_key = low, key
    if masters != 0:
        return lowest_bit(masters)
    if low_card >= 0:
        return low_card
    # 4. no plain card to lead: the cheapest (a trump, or an unnominated joker)
    return _pick(tab, table, legal, False)


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
