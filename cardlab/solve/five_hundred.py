"""Five Hundred's adapter: compact positions over the game's kernel, every form.

Five Hundred's score reads only tricks (5H-8: the contractors' tricks against the contract,
the defenders' tens, misère's none), so the search walks a compact position — each hand a
card mask (bit ``i`` = ``game.deck[i]``), the trick so far, the tricks won, the suits led and
shown void — and asks the game's kernel the rules: :func:`~cardlab.games.five_hundred.kernel.legal_mask`
(5H-7.1-5H-7.3 with the joker's J1-J6) and the contract's trick strengths
(:func:`~cardlab.games.five_hundred.rules.order_table`, made of the kernel's ``trick_key``).
The end score is the game's own :func:`~cardlab.games.five_hundred.scoring.score` of the
deal's facts with the tricks won (the path ``state.result`` takes).

Two cards of one effective suit with no card between them still in play win the same tricks
and are searched once. The table key reads each side's trick count (each seat's with five
players, where the called partner shares the contract but not a side), and the suits led and
shown void only while an unnominated joker is still to be played (they matter to its lead,
J4).

The ghost partners' form (two players, face-down piles turning up) is searched on the
engine's own states (:class:`~cardlab.solve.adapter.Adapter`), with the same key ideas.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from cardlab.games.five_hundred.kernel import legal_mask
from cardlab.games.five_hundred.rules import SUITS, TRICKS, order_table, play_flags
from cardlab.games.five_hundred.scoring import score
from cardlab.solve import trick_core
from cardlab.solve.adapter import Adapter, register
from cardlab.solve.jit import HAVE_NUMBA
from cardlab.solve.search import INF, Search, SolveBudgetExceeded

if TYPE_CHECKING:
    from cardlab.engine.state import State

__all__ = ["FiveHundredAdapter", "GhostAdapter", "Position", "CompiledSearch", "adapter"]


class Position(NamedTuple):
    """One moment of the play, compact.

    :ivar hands: per position, its cards (mask). :ivar turn: the position to play.
    :ivar plays: the trick so far, ``(position, card index)`` pairs.
    :ivar led: the trick's suit code (0-3), -1 before the lead.
    :ivar won: tricks won per position. :ivar suits_led: suits led so far (bits 0-3).
    :ivar voids: per position, the suits it has failed to follow (bits 0-3).
    :ivar over: the deal has ended.
    """

    hands: tuple[int, ...]
    turn: int
    plays: tuple[tuple[int, int], ...]
    led: int
    won: tuple[int, ...]
    suits_led: int
    voids: tuple[int, ...]
    over: bool


class FiveHundredAdapter(Adapter):
    """Five Hundred (every form without piles): compact positions over the kernel."""

    searched = "tricks"
    compiled = HAVE_NUMBA

    def __init__(self, root: State) -> None:
        super().__init__(root)
        st: Any = root
        g = root.game
        self.deck = tuple(g.deck)
        self.codes = tuple(c.code for c in self.deck)
        self.bit = {c: 1 << i for i, c in enumerate(self.deck)}
        table = order_table(g.deck, st.rules)
        self.table = table
        self.strength = table.strength
        self.lead_key = table.lead_key
        self.eff = table.eff
        self.free = table.free_jokers
        self.suit_masks = table.suit_masks
        self.flags = play_flags(g.options)
        self.misere = st.misere
        self.declarer = st.declarer
        self.stop_misere = bool(g.options.stop_misere_on_first_trick_won)
        self.active = tuple(st.active)
        self.n = len(self.active)
        self.facts = st.deal_facts()
        self.options = g.options
        self.per_side = g.players != 5
        self.side_index = [0] * self.n
        for k, seats in enumerate(self.sides.values()):
            for s in seats:
                self.side_index[s] = k
        self.n_sides = len(self.sides)
        # per effective suit: its cards high to low (for touching cards)
        self.ladders: list[list[int]] = []
        for e in range(5):
            cards = [i for i in range(len(self.deck)) if table.eff[i] == e]
            cards.sort(key=lambda i: -table.power[i])
            self.ladders.append(cards)
        self._ends: dict[tuple[int, ...], Any] = {}
        #: per card, its power as a discard (below every card that can win: negative)
        self.low = tuple(p - 1000 for p in table.power)
        #: per side: the positions whose tricks its score counts, and +1 (more is better)
        #: or -1 (a misère: fewer is better)
        self._counted: dict[str, tuple[tuple[int, ...], int]] = {}

    def search(self, side: str, budget: int) -> Search:
        """The compiled search (:mod:`cardlab.solve.trick_core`) for ``side``."""
        return CompiledSearch(self, side, budget)

    def counted(self, side: str) -> tuple[tuple[int, ...], int]:
        """5H-8 the tricks ``side``'s score reads: the contractors' (a misère: the
        contractor's, fewer being better), else its own; with a sign so that more is better.
        The score is a monotone function of that count (a made contract, a slam, the tens),
        so searching the count is searching the score."""
        hit = self._counted.get(side)
        if hit is None:
            seats = self.sides[side]
            f = self.facts
            if f.declarer is not None and (f.declarer in seats or any(
                    s in f.contractors for s in seats)):
                hit = ((f.declarer,), -1) if self.misere else (tuple(f.contractors), 1)
            else:
                hit = (tuple(seats), 1)
            self._counted[side] = hit
        return hit

    def _count(self, won: tuple[int, ...], side: str) -> tuple[int, int]:
        seats, sign = self.counted(side)
        return sign * sum(won[s] for s in seats), sign

    # -- positions --------------------------------------------------------------
    def root(self, state: State) -> Position:
        st: Any = state
        bit = self.bit
        hands = tuple(sum(bit[c] for c in hand) for hand in st._hands)
        trick = st.trick
        plays = tuple((p.seat, self.deck.index(p.card)) for p in trick.plays) if trick else ()
        led = SUITS.index(trick.suit) if trick and trick.plays and trick.suit else -1
        suits_led = sum(1 << k for k, s in enumerate(SUITS) if s in st.suits_led)
        voids = tuple(sum(1 << k for k, s in enumerate(SUITS) if s in v) for v in st.shown_void)
        turn = st._turn if st._turn is not None else 0
        return Position(hands, turn, plays, led, tuple(st.tricks_won), suits_led, voids,
                        state.is_over)

    def text(self, position: Any, move: Any) -> str:
        card, named = divmod(move, 8)
        return f"play {self.codes[card]}" + (f" {SUITS[named - 1]}" if named else "")

    def is_over(self, state: Any) -> bool:
        return bool(state.over)

    def to_move(self, state: Any) -> int:
        if isinstance(state, Position):
            return state.turn
        return super().to_move(state)

    def end_value(self, state: Any, side: str) -> float:
        return float(self._count(state.won, side)[0])

    def offset(self, state: Any, side: str) -> float:
        return float(self._count(state.won, side)[0])

    def bounds(self, state: Any, side: str) -> tuple[float, float]:
        count, sign = self._count(state.won, side)
        left = TRICKS - sum(state.won)
        return (float(count), float(count + left)) if sign > 0 else (
            float(count - left), float(count))

    def final(self, count: float, side: str) -> float:
        """The side's points for ``count`` of its counted tricks (:meth:`points`)."""
        return float(self.points(count, side)[side])

    def points(self, count: float, side: str) -> Mapping[str, int]:
        """Every side's points when ``side`` has ``count`` of its counted tricks: the game's
        own scoring of this deal's facts with those tricks, the rest given to a position
        outside them (with two sides, the other side's tricks; a misère's defenders score
        nothing, 5H-8.4)."""
        seats, sign = self.counted(side)
        n = int(sign * count)
        won = [0] * self.n
        won[seats[0]] = n
        other = next(p for p in range(self.n) if p not in seats and self.active[p])
        won[other] = max(0, TRICKS - n) if not (self.misere and n) else 0
        key = tuple(won)
        result = self._ends.get(key)
        if result is None:
            result = self._ends[key] = score(replace(self.facts, tricks=key), self.options)
        return result.points

    def trick_start(self, state: Any) -> bool:
        return not state.plays

    def key(self, state: Any) -> Any:
        # the tricks won so far are not in the key: the table stores values less them,
        # and the trick number follows from the cards left
        if self.free and any(h & self.free for h in state.hands):
            return state.hands, state.turn, state.suits_led, state.voids
        return state.hands, state.turn

    def _legal(self, pos: Position) -> tuple[int, int]:
        hand = pos.hands[pos.turn]
        leading = pos.led < 0
        suit_cards = 0 if leading else self.suit_masks[pos.led]
        trick_no = sum(pos.won) + 1
        cards, names = legal_mask(hand, suit_cards, leading, self.free, pos.suits_led,
                                  pos.voids[pos.turn], trick_no, self.misere, self.flags)
        return cards, names

    def moves(self, state: Any) -> list[list[Any]]:
        pos: Position = state
        cards, names = self._legal(pos)
        present = 0
        for h in pos.hands:
            present |= h
        for _, c in pos.plays:
            present |= 1 << c
        groups: list[list[Any]] = []
        free = self.free
        key = self.lead_key if pos.led < 0 else self.strength[pos.led]
        for ladder in self.ladders:
            group: list[Any] | None = None
            for c in ladder:
                b = 1 << c
                if not present & b:
                    continue  # played: touching goes on over it
                if cards & b and not free & b:
                    if group is None:
                        group = []
                        groups.append(group)
                    group.append(c * 8)
                else:
                    group = None
                    if cards & b:  # an unnominated joker: once per suit it may name
                        if pos.led < 0:
                            groups += [[c * 8 + k + 1] for k in range(4) if names >> k & 1]
                        else:
                            groups.append([c * 8])
        if pos.led < 0:
            # a leader tries its strongest cards first (the history reorders)
            groups.sort(key=lambda g: -key[g[0] // 8])
            return groups
        # a follower tries the cheapest card that takes the trick over the winner so far,
        # then its cheapest card (the classic "win cheaply, else play low")
        top = max(key[c] for _, c in pos.plays)
        groups.sort(key=lambda g: (key[g[0] // 8] <= top, key[g[0] // 8] or self.low[g[0] // 8]))
        return groups

    def child(self, state: Any, move: Any) -> Any:
        pos: Position = state
        card, named = divmod(move, 8)
        b = 1 << card
        turn = pos.turn
        hands = list(pos.hands)
        hands[turn] &= ~b
        suits_led, voids, led = pos.suits_led, pos.voids, pos.led
        if led < 0:
            led = named - 1 if named else self.eff[card]
            if led < 4:
                suits_led |= 1 << led
        elif self.eff[card] != led:
            v = list(voids)
            v[turn] |= 1 << led
            voids = tuple(v)
        plays = pos.plays + ((turn, card),)
        active, n = self.active, self.n
        if len(plays) < sum(active):
            nxt = (turn + 1) % n
            while not active[nxt]:
                nxt = (nxt + 1) % n
            return Position(tuple(hands), nxt, plays, led, pos.won, suits_led, voids, False)
        row = self.strength[led]
        winner, top = plays[0][0], -1
        for p, c in plays:
            if row[c] > top:
                winner, top = p, row[c]
        won = list(pos.won)
        won[winner] += 1
        over = not hands[winner] or (self.misere and self.stop_misere
                                     and winner == self.declarer)
        return Position(tuple(hands), winner, (), -1, tuple(won), suits_led, voids, over)


#: the compiled search's tables of each thread that searches (one per size, made on its
#: first search of that size) and the number of the last search (an entry of another search
#: never matches, so a table needs no clearing)
_TABLES = threading.local()
_GEN = itertools.count(1)


def _table(bits: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """This thread's table of ``2**bits`` slots. Searches on other threads (a hint valued in
    the background, layouts valued side by side) each use their own, as the compiled search
    lets other threads run while it works. One thread's searches run one after the other, so
    a search asked on one thread finds its own entries from one of its calls to the next
    (the children of :meth:`~cardlab.solve.search.Search.move_values`) and visits the same
    positions, whatever other threads search meanwhile."""
    tables: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] | None = getattr(
        _TABLES, "tables", None)
    if tables is None:
        tables = _TABLES.tables = {}
    table = tables.get(bits)
    if table is None:
        table = tables[bits] = trick_core.new_table(bits)
    return table


class CompiledSearch(Search):
    """:class:`~cardlab.solve.search.Search`'s interface over the compiled search of
    :mod:`cardlab.solve.trick_core`: the same values, in the side's count of tricks (more
    is better: a misère's side counts its tricks negatively), from a compact
    :class:`Position`. The positions whose tricks the count reads maximise it when the count
    is the side's gain, minimise it when it is its loss. ``table_bits``: log2 of the slots
    of the table it uses (each thread keeps one of each size asked; a search's positions
    and values are the same on any thread, for one size)."""

    def __init__(self, adapter: FiveHundredAdapter, side: str, budget: int,
                 table_bits: int = trick_core.TT_BITS) -> None:
        super().__init__(adapter, side, budget, tt_bytes=0)
        self.table_bits = table_bits
        ad = adapter
        seats, sign = ad.counted(side)
        self.sign = sign
        self.counted_seats = seats
        ncards = len(ad.deck)
        strength = np.zeros((6, ncards), dtype=np.int64)
        for led in range(4):
            strength[led] = ad.strength[led]
        strength[4] = ad.lead_key
        strength[5] = ad.table.power
        width = max(len(lad) for lad in ad.ladders)
        ladders = np.zeros((5, width), dtype=np.int64)
        for e, lad in enumerate(ad.ladders):
            ladders[e, :len(lad)] = lad
        lens = np.array([len(lad) for lad in ad.ladders], dtype=np.int64)
        side_seats = set(ad.sides[side])
        maxi = np.zeros(trick_core.MAX_POS, dtype=np.bool_)
        counted = np.zeros(trick_core.MAX_POS, dtype=np.bool_)
        nxt = np.zeros(trick_core.MAX_POS, dtype=np.int64)
        for p in range(ad.n):
            maxi[p] = (p in side_seats) == (sign > 0)
            counted[p] = p in seats
            q = (p + 1) % ad.n
            while not ad.active[q]:
                q = (q + 1) % ad.n
            nxt[p] = q
        stop = ad.declarer if (ad.misere and ad.stop_misere and ad.declarer is not None) else -1
        self.ctx = (strength, np.array(ad.eff, dtype=np.int64),
                    np.array(ad.suit_masks, dtype=np.int64), ladders, lens, int(ad.free),
                    ad.flags, bool(ad.misere), int(stop), maxi, counted, nxt,
                    int(sum(ad.active)), self._trump_ladder(ad), next(_GEN))
        self.cuts = np.zeros((trick_core.MAX_POS, ncards), dtype=np.int64)
        self.stats = np.array([0, budget, 0], dtype=np.int64)

    @staticmethod
    def _trump_ladder(ad: FiveHundredAdapter) -> int:
        """The effective suit whose top card wins any trick it is played to: trumps; the
        free joker's in no trumps and misère; none without either."""
        if ad.table.trump >= 0:
            return int(ad.table.trump)
        return 4 if ad.free else -1

    def _so_far(self, pos: Position) -> int:
        return sum(pos.won[s] for s in self.counted_seats)

    def exact(self, state: Any, guess: float | None = None) -> float:
        """The exact value of ``state`` (a :class:`Position`) in the side's count."""
        pos: Position = state
        so_far = self._so_far(pos)
        if pos.over:
            return float(self.sign * so_far)
        hands = np.zeros(trick_core.MAX_POS, dtype=np.int64)
        voids = np.zeros(trick_core.MAX_POS, dtype=np.int64)
        hands[:len(pos.hands)] = pos.hands
        voids[:len(pos.voids)] = pos.voids
        plays_pos = np.zeros(trick_core.DEPTH, dtype=np.int64)
        plays_card = np.zeros(trick_core.DEPTH, dtype=np.int64)
        for i, (p, c) in enumerate(pos.plays):
            plays_pos[i], plays_card[i] = p, c
        g = 0 if guess is None else max(0, int(self.sign * guess) - so_far)
        self.stats[2] = 0
        keys, bounds, moves = _table(self.table_bits)
        rest = trick_core.exact(hands, voids, plays_pos, plays_card, pos.turn, len(pos.plays),
                                pos.led, pos.suits_led, g, self.ctx, keys, bounds, moves,
                                self.cuts, self.stats)
        self.nodes = int(self.stats[0])
        if rest < 0:
            raise SolveBudgetExceeded(self.budget)
        return float(self.sign * (so_far + rest))

    def value(self, state: Any, alpha: float = -INF, beta: float = INF) -> float:
        """The exact value (a bound is never needed where the value itself is cheap)."""
        return self.exact(state)


class GhostAdapter(Adapter):
    """The ghost partners' form on the engine's states: the key by side tricks, the suits
    led and shown void only while an unnominated joker is still to be played."""

    ignored = frozenset({"tricks", "partner_known", "exposed", "bidding", "kitty", "discards",
                         "dead_hand"})

    def summary(self, name: str, value: Any) -> Any:
        if name == "tricks_won":
            return tuple(sum(value[s] for s in seats) for seats in self.sides.values())
        return value

    def key(self, state: State) -> Any:
        st: Any = state
        base = super().key(state)
        if any(st.rules.suit_of.get(c, "") is None for hand in st._hands for c in hand):
            return base
        return tuple(v for n, v in zip(self.fields, base) if n not in ("suits_led", "shown_void"))


def adapter(state: State) -> Adapter:
    """The adapter for ``state``'s form: compact positions, or the engine's states where
    some position plays from piles (the ghost partners)."""
    if any(p is not None for p in state.piles):  # type: ignore[attr-defined]
        return GhostAdapter(state)
    return FiveHundredAdapter(state)


register("five_hundred", adapter)
