"""The parts of the Five Hundred rollout state that are not the state itself.

Made once per game and kept on it (:func:`setup_for`): the pack as card bits (for the
engine's seeded shuffle, :func:`cardlab.engine.rng.shuffled`), where each position of the
pack goes for each dealer, the meaning of every winning call, the contracts' card tables
(:func:`~cardlab.games.five_hundred.rules.card_table`), the auction's legal call lists (from the
engine's :func:`~cardlab.games.five_hundred.auction.legal_calls`, cached per situation),
the play options as flags and the scoring tables; and, for any game, the tables that turn
a hand mask (bit ``i`` = ``game.deck[i]``) into ``play`` ids. :class:`Rollout` is the id
API that both rollout classes share (:mod:`cardlab.sim.five_hundred.rollout`), and
:class:`EngineRollout` the one over the immutable engine (for ghost partners).
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from operator import index, itemgetter
from typing import TYPE_CHECKING, Any, Final

from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.engine.auction import Auction
from cardlab.engine.result import Result
from cardlab.engine.rng import SplitMix64
from cardlab.errors import IllegalAction
from cardlab.games.five_hundred import auction as au
from cardlab.games.five_hundred.game import CALL_IDS, PASS, PLAY_BASE, FiveHundredActionIds
from cardlab.games.five_hundred.kernel import contract_points, deal_points, legal_mask
from cardlab.games.five_hundred.rules import (
    MISERE_VALUES,
    SUITS,
    TABLE_KEYS,
    CardTable,
    card_table,
    parse_bid,
    play_flags,
    scoring_flags,
)
from cardlab.games.five_hundred.scoring import contract_value

if TYPE_CHECKING:
    from cardlab.games.five_hundred.game import FiveHundredGame
    from cardlab.games.five_hundred.state import FiveHundredState

#: the phases, by code (the names are ``state.phase``'s)
PHASES: Final = ("auction", "kitty", "call", "nominate", "play", "done")
AUCTION, KITTY, CALL, NOMINATE, PLAY, DONE = range(6)
#: a hand mask → its ``play`` ids (``PLAY_BASE + bit``), read 11 bits at a time: chunk ``k``
#: maps the bits ``11k … 11k + 10`` to their ids (six chunks cover the 63-card pack)
CHUNKS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(tuple(tuple(PLAY_BASE + lo + b for b in range(11) if v >> b & 1)
                             for v in range(2048)) for lo in range(0, 66, 11))
C0, C1, C2, C3 = CHUNKS[:4]
#: the ids of follow masks seen (a follow mask lies in one suit, so they recur; bounded)
FOLLOW_IDS: dict[int, tuple[int, ...]] = {}
FOLLOW_MAX: Final = 1 << 16
#: the same for pack positions (``bit``)
POSITIONS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(tuple(tuple(i - PLAY_BASE for i in ids) for ids in chunk)
                          for chunk in CHUNKS)
#: a ``play`` id's card as a mask (``1 << (id - PLAY_BASE)``; 0 below PLAY_BASE)
BIT_OF_ID: Final[tuple[int, ...]] = (0,) * PLAY_BASE + tuple(1 << b for b in range(66))
#: the number of set bits of each 11-bit chunk
COUNTS: Final[tuple[int, ...]] = tuple(v.bit_count() for v in range(2048))
#: the auction kept on a few ints: passing final (5H-5.4d), or one call each (5H-5.6); or
#: the engine's Auction record (the final raise and the rebid options)
AUSTRALIAN, AMERICAN, ENGINE_AUCTION = range(3)


def ids_of(m: int) -> tuple[int, ...]:
    """The ``play`` ids of the cards in mask ``m``, in pack order."""
    out: tuple[int, ...] = ()
    for chunk in CHUNKS:
        out += chunk[m & 2047]
        m >>= 11
        if not m:
            break
    return out


def positions_of(m: int) -> tuple[int, ...]:
    """The pack positions of the cards in mask ``m``, ascending."""
    out: tuple[int, ...] = ()
    for chunk in POSITIONS:
        out += chunk[m & 2047]
        m >>= 11
        if not m:
            break
    return out


def id_at(m: int, r: int) -> int:
    """The ``play`` id of the ``r``-th card of mask ``m`` in pack order (``ids_of(m)[r]``,
    ``r`` below the count of ``m``), counted 11 bits at a time without making the tuple."""
    if m >> 44:
        return ids_of(m)[r]
    x = m & 2047
    k = COUNTS[x]
    if r < k:
        return C0[x][r]
    r -= k
    x = m >> 11 & 2047
    k = COUNTS[x]
    if r < k:
        return C1[x][r]
    r -= k
    x = m >> 22 & 2047
    k = COUNTS[x]
    if r < k:
        return C2[x][r]
    return C3[m >> 33][r - k]


def pick_card(m: int, randbelow: Any) -> int:
    """The pack position of a card drawn uniformly from mask ``m`` (non-empty) exactly as
    ``rng.choice(ids_of(m))`` would (``randbelow`` is the generator's):
    ``randbelow(popcount)``, then the ``r``-th set bit (:func:`id_at`)."""
    return id_at(m, randbelow(m.bit_count())) - PLAY_BASE


class CallInfo:
    """What a winning call means: contract, denomination, tricks needed, value, misère."""

    __slots__ = ("contract", "denomination", "need", "value", "misere", "sans_kitty")

    def __init__(self, text: str) -> None:
        base, _, modifier = text.partition(" ")
        parsed = parse_bid(base)
        self.contract = base
        self.denomination = "NT" if parsed is None else parsed[1]
        self.need = 0 if parsed is None else parsed[0]
        self.value = contract_value(base)
        self.misere = base in MISERE_VALUES
        self.sans_kitty = modifier == "sans_kitty"


class RolloutSetup:
    """Everything about one game that a rollout looks up: made once per game."""

    def __init__(self, game: FiveHundredGame) -> None:
        o = game.options
        self.game = game
        self.options = o
        self.ladder = game.ladder
        self.ids: FiveHundredActionIds = game.action_ids()
        deck = game.deck
        c = self.n_cards = len(deck)
        self.n = n = game.positions
        self.players = game.players
        self.five = n == 5
        self.jokers = sum(1 << i for i in self.ids.jokers)
        self.non_jokers = (1 << c) - 1 - self.jokers
        self.jl_base = self.ids.joker_lead_base
        self.call_base = self.ids.call_base
        #: 5H-4 who gets each position of the pack when ``dealer`` deals: per recipient (the
        #: seats, then ``dead`` = n, then the kitty = n + 1) an itemgetter of its positions
        self.deal_getters = tuple(self._getters(d) for d in range(game.players))
        #: the pack as card bits, for the seeded shuffle (bit ``i`` = ``deck[i]``)
        self.pack_bits = tuple(1 << i for i in range(c))
        self.fast = n == game.players  # no ghost partners (the EngineRollout covers those)
        # the auction (5H-5)
        if o.allow_final_raise or o.rebid_after_pass_on_denomination_change:
            self.auction = ENGINE_AUCTION
        elif o.auction == "american_single_round":
            self.auction = AMERICAN
        else:
            self.auction = AUSTRALIAN
        self.call_text = {i: t for t, i in CALL_IDS.items()}
        self.call_info = {i: CallInfo(t) for i, t in self.call_text.items() if i != PASS}
        self.call_cache: dict[int, tuple[int, ...]] = {}
        #: 5H-5.5 who calls after ``seat`` when the seats in mask ``out`` are out (passed,
        #: or hold the high call): ``next_caller[seat][out]``, the next seat clockwise still
        #: in, or -1 when there is none (the auction is over)
        m = game.players
        self.next_caller = tuple(
            tuple(next(((p + k) % m for k in range(1, m) if not out >> (p + k) % m & 1), -1)
                  for out in range(1 << m)) for p in range(m))
        #: 5H-3 the card tables of every contract
        self.tables = {key: card_table(game, *key) for key in TABLE_KEYS}
        # 5H-7 the play options as the kernel reads them
        self.play = play_flags(o)
        #: J4 the ids of leading joker ``j`` (``ids.jokers[j]``) naming each suit in ``names``
        #: (bits 0-3, in suit order): ``joker_leads[j][names]``, as ``legal_ids`` lists them
        self.joker_leads = tuple(tuple(tuple(self.jl_base + 4 * j + x for x in range(len(SUITS))
                                             if names >> x & 1) for names in range(16))
                                 for j in range(len(self.ids.jokers)))
        #: per contract, per suit led, the cards a hand without an unnominated joker follows
        #: with (the kernel's legal mask of a hand holding every other card: the suit's cards)
        self.follow_masks = {key: self._follow_masks(t) for key, t in self.tables.items()}
        #: the tables' trick strengths indexed by ``play`` id (``PLAY_BASE + bit``) instead of
        #: bit: a playout reads a card's strength from its id without a subtraction
        self.strength_by_id = {key: tuple((0,) * PLAY_BASE + row for row in t.strength)
                               for key, t in self.tables.items()}
        #: 5H-6.2 who plays a misère (per declarer), and the next active position (per
        #: pattern of who plays)
        everyone = (True,) * n
        self.misere_active = tuple(
            tuple(p == d or p not in game.side_seats(d) for p in range(n)) for d in range(n))
        self.next_active = {a: tuple(next((p + k) % n for k in range(1, n + 1) if a[(p + k) % n])
                                     for p in range(n))
                            for a in {everyone, *self.misere_active}}
        #: per pattern of who plays, per leader, the seats that follow to the trick in order
        self.followers = {a: tuple(self._followers(nxt, p, sum(a)) for p in range(n))
                          for a, nxt in self.next_active.items()}
        # play options (5H-12)
        self.track_voids = o.joker_lead_nomination == "not_shown_void"
        self.stop_misere = bool(o.stop_misere_on_first_trick_won)
        self.left_leads = o.first_lead == "left_of_dealer"
        self.all_pass_nt = o.all_pass == "play_no_trumps"
        self.joker_nomination = bool(o.joker_nomination)
        # scoring (5H-8), each deal from 0-0 as state.result does
        sides = game.sides
        self.side_names = tuple(sides)
        self.side_seats = tuple(sides.values())
        self.side_of = tuple(next(k for k, seats in enumerate(self.side_seats) if p in seats)
                             for p in range(n))
        # 5H-8 the kernel's deal points as tables (a deal's score is then a few look-ups):
        # the contracting side's gain per call and tricks taken; a defending side's points
        # per tricks (index 1: in misère); each side's points per trick when all passed
        f = scoring_flags(o)
        tricks = range(f.all_tricks + 1)
        self.gain = {i: tuple(contract_points(info.value, info.need, t, info.misere,
                                              f.slam_minimum, f.all_tricks) for t in tricks)
                     for i, info in self.call_info.items()}
        self.defence = tuple(tuple(deal_points(False, 0, mis, False, 0, t, f) for t in tricks)
                             for mis in (False, True))
        self.all_pass_points = tuple(deal_points(False, 0, False, True, 0, t, f) for t in tricks)
        self._discard_arrays: Any = None
        self._discard_masks: list[int] | None = None
        self._combos: dict[int, tuple[tuple[int, ...], ...]] = {}

    @staticmethod
    def _followers(nxt: tuple[int, ...], leader: int, n_active: int) -> tuple[int, ...]:
        """The ``n_active - 1`` seats after ``leader``, each the next active seat of the last."""
        out = [nxt[leader]]
        while len(out) < n_active - 1:
            out.append(nxt[out[-1]])
        return tuple(out[: n_active - 1])

    def _follow_masks(self, table: CardTable) -> tuple[int, ...]:
        """Per suit led, the kernel's legal mask of a hand holding every card but the
        unnominated jokers: the cards that follow that suit (5H-7.1, the bowers 5H-7.2)."""
        free = table.free_jokers
        others = (1 << self.n_cards) - 1 - free
        return tuple(legal_mask(others, table.suit_masks[led], False, free, 0, 0, 1, False,
                                self.play)[0] for led in range(len(SUITS)))

    def _getters(self, dealer: int) -> tuple[tuple[int, Any], ...]:
        g = self.game
        deck = g.deck
        st = g.deal(deck=" ".join(c.code for c in deck), dealer=dealer)  # the game's own pattern
        parts = [*st.hands, st.dead_hand, st.kitty]  # type: ignore[attr-defined]
        out = []
        for r, cards in enumerate(parts):
            pos = [deck.index(c) for c in cards]
            if pos:
                # a tuple of the cards (a one-item slice for a one-card part)
                out.append((r, itemgetter(*pos) if len(pos) > 1 else
                            itemgetter(slice(pos[0], pos[0] + 1))))
        return tuple(out)

    def calls_after(self, high: int, called: int) -> tuple[int, ...]:
        """5H-5.4 the legal call ids over the high call ``high`` (-1: none) for a seat that
        is not the high bidder (``called``: it has called before, A-8), from the engine's
        :func:`~cardlab.games.five_hundred.auction.legal_calls`."""
        text = self.call_text[high] if high >= 0 else None
        b = Auction(order=(0,), calls=((0, "pass"),) if called else (), high=text,
                       high_seat=-1 if text else None,
                       high_rank=self.ladder.rank[text.split(" ")[0]] if text else -1,
                       to_call=0)
        return tuple(CALL_IDS[c] for c in au.legal_calls(b, 0, self.options, self.ladder))

    def discard_ids(self, hand: int) -> list[int]:
        """5H-6.1 the ids of every discard from ``hand``, in the engine's order: with three
        cards out of thirteen, one numpy outer sum of the combinatorial ranks' terms (checked
        equal to :meth:`ActionIds.discard_ids`); otherwise that method."""
        pos = positions_of(hand)
        ids = self.ids
        if ids.kitty_size != 3 or len(pos) != 13:
            return list(ids.discard_ids(pos))
        arrays = self._discard_arrays
        if arrays is None:
            from itertools import combinations

            import numpy as np

            slots = [np.array([t[m] for t in combinations(range(13), 3)]) for m in range(3)]
            terms = [np.array(row, dtype=np.int64) for row in ids.binom]
            every = np.array(list(range(ids.discard_base, ids.size)), dtype=object)
            arrays = self._discard_arrays = (np, terms, slots, every)
        np, (t1, t2, t3), (i1, i2, i3), every = arrays
        p = np.array(pos)
        # the ranks C(a,1) + C(b,2) + C(c,3) of the 286 sets a < b < c, in lexicographic
        # order; the ids are gathered from premade ints (cheaper than making 286 new ones)
        rank = t1.take(p).take(i1) + t2.take(p).take(i2) + t3.take(p).take(i3)
        return every.take(rank).tolist()  # type: ignore[no-any-return]

    def discard_count(self, hand_size: int) -> int:
        """5H-6.1 how many discards a hand of ``hand_size`` cards has (``C(h, k)``)."""
        return comb(hand_size, self.ids.kitty_size)

    def discard_at(self, positions: tuple[int, ...], r: int) -> int:
        """The id of item ``r`` of :meth:`discard_ids` for the hand at ``positions``
        (ascending), without making the list: the ``r``-th index set of
        ``combinations(range(h), k)``, in the same lexicographic order (tables per ``h``)."""
        ids = self.ids
        binom = ids.binom
        return ids.discard_base + sum(binom[m][positions[x]]
                                      for m, x in enumerate(self.discard_sets(len(positions))[r]))

    def discard_sets(self, hand_size: int) -> tuple[tuple[int, ...], ...]:
        """``combinations(range(hand_size), k)`` for the kitty size ``k``, as a tuple made on
        first use: item ``r`` is the positions in the hand of discard ``r``."""
        sets = self._combos.get(hand_size)
        if sets is None:
            sets = self._combos[hand_size] = tuple(combinations(range(hand_size),
                                                                self.ids.kitty_size))
        return sets

    def contractors(self, declarer: int, call: int, partner: int | None) -> tuple[int, ...]:
        """The seats that share the contract ``call`` (as ``state.deal_facts()`` says)."""
        if self.call_info[call].misere:
            return (declarer,)
        if self.five:  # 5H-2 the called partner, if any
            return tuple(sorted({declarer} | ({partner} if partner is not None else set())))
        return self.side_seats[self.side_of[declarer]]

    def side_points(self, declarer: int | None, call: int, contractors: tuple[int, ...],
                    won: list[int] | None) -> tuple[int, ...]:
        """5H-8 the points per side of a finished deal, from 0-0 (``score(…).points``; the
        kernel's arithmetic, tabled at setup): ``won`` is the tricks per seat, None when
        thrown in."""
        if won is None:  # 5H-5.5 thrown in: nobody scores
            return (0,) * len(self.side_names)
        side_of = self.side_of
        side_tricks = [0] * len(self.side_names)
        for p, t in enumerate(won):
            side_tricks[side_of[p]] += t
        if declarer is None:  # all passed and NT was played
            return tuple(map(self.all_pass_points.__getitem__, side_tricks))
        points = list(map(self.defence[self.call_info[call].misere].__getitem__, side_tricks))
        taken = 0  # the contracting side's tricks (misère: the contractor's)
        for p in contractors:
            taken += won[p]
        gain = self.gain[call][taken]
        for p in contractors:  # their sides score the contract; every other side defends
            points[side_of[p]] = gain
        return tuple(points)

    def discard_mask(self, action_id: int) -> int:
        """The mask of a discard id's cards (0 for an id that is no discard); three-card
        discards from a table made on first use."""
        ids = self.ids
        if not ids.discard_base <= action_id < ids.size:
            return 0
        if ids.kitty_size != 3:
            return sum(1 << p for p in ids.discard_cards(action_id))
        masks = self._discard_masks
        if masks is None:  # in rank order: c runs slowest, a fastest (colex)
            n = self.n_cards
            masks = self._discard_masks = [
                (1 << a) | (1 << b) | (1 << c)
                for c in range(2, n) for b in range(1, c) for a in range(b)]
        return masks[action_id - ids.discard_base]


def setup_for(game: FiveHundredGame) -> RolloutSetup:
    """The game's setup, kept on the game (hashing a game formats its options: too slow
    for a per-deal cache look-up)."""
    s = game._rollout_setup
    if s is None:
        s = game._rollout_setup = RolloutSetup(game)
    return s  # type: ignore[no-any-return]


def as_id(i: object) -> int:
    if not isinstance(i, bool):
        try:
            return index(i)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise IllegalAction(f"an action id must be an int, not {i!r}", code="bad_action_id")


class Rollout:
    """The id API shared by :class:`FiveHundredRollout` and :class:`EngineRollout`."""

    __slots__ = ()

    game: FiveHundredGame
    #: True once the deal is played out or thrown in: a plain attribute (a playout reads it
    #: at every step), so read it and do not set it
    is_over: bool

    @property
    def phase(self) -> str:  # pragma: no cover - both subclasses override
        """The phase name (as ``state.phase``)."""
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:  # pragma: no cover
        """The seat to act, or None when the deal is over."""
        raise NotImplementedError

    @property
    def history_ids(self) -> tuple[int, ...]:  # pragma: no cover
        """The ids of the actions since the deal (``state.history``, as ids)."""
        raise NotImplementedError

    @property
    def points(self) -> dict[str, int] | None:  # pragma: no cover
        """None until over; then the points per side (``state.result.points``)."""
        raise NotImplementedError

    def legal_ids(self) -> list[int]:  # pragma: no cover
        """The legal action ids, in the order of ``legal_actions()``."""
        raise NotImplementedError

    def apply_id(self, action_id: int) -> None:  # pragma: no cover
        """Take the action ``action_id`` (mutates)."""
        raise NotImplementedError

    def clone(self) -> Rollout:  # pragma: no cover
        """An independent copy."""
        raise NotImplementedError

    def to_state(self) -> FiveHundredState:  # pragma: no cover
        """The immutable state at this point."""
        raise NotImplementedError

    def play_random(self, rng: SplitMix64) -> int:
        """Play the deal to its end choosing uniformly among the legal actions at every step,
        exactly as ``while not r.is_over: r.apply_id(rng.choice(r.legal_ids()))`` does with
        the same ``rng`` (a :class:`~cardlab.engine.rng.SplitMix64`, or any generator with
        ``choice``): the same actions, final state and generator state afterwards.
        Returns the number of actions taken (0 when the deal is already over)."""
        k = 0
        while not self.is_over:
            self.apply_id(rng.choice(self.legal_ids()))
            k += 1
        return k

    def legal_actions(self) -> list[Action]:
        """The legal actions in notation (``game.action_text`` of each legal id)."""
        text = self.game.action_ids().text_of
        return [text(i) for i in self.legal_ids()]

    def apply(self, action: str) -> None:
        """Take an action given in notation (``'bid 7H'``); mutates."""
        self.apply_id(self.game.action_id(action))

    @property
    def result(self) -> Result | None:
        """None until the deal is over; then the engine's :class:`~cardlab.Result`."""
        return self._result() if self.is_over else None

    def _result(self) -> Result:
        result = self.to_state().result
        assert result is not None
        return result

    def __repr__(self) -> str:
        mover = self.to_move
        who = "" if mover is None else f", {self.game.seat_name(mover)} to move"
        return (f"<five_hundred {type(self).__name__}: {self.phase}, "
                f"{len(self.history_ids)} actions{who}>")


class EngineRollout(Rollout):
    """The same id API over the immutable engine, for configurations the fast path does not
    cover (two players with ``ghost_partners_43``). Exact by construction."""

    __slots__ = ("is_over", "game", "_state", "_legal")

    def __init__(self, state: FiveHundredState) -> None:
        self.game = state.game
        self._state = state
        self.is_over = state.is_over
        self._legal: tuple[int, ...] | None = None

    @property
    def phase(self) -> str:
        """The phase name (as ``state.phase``)."""
        return self._state.phase

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self._state.to_move

    @property
    def history_ids(self) -> tuple[int, ...]:
        """The ids of the actions since the deal."""
        ids = self.game.action_ids().id_of
        return tuple(ids(a) for a in self._state.history)

    @property
    def points(self) -> dict[str, int] | None:
        """None until over; then the points per side."""
        r = self._state.result
        return None if r is None else dict(r.points)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each position's cards (as ``state.hands``; ghosts' piles included)."""
        return self._state.hands

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each position's cards as a mask (bit ``i`` = ``game.deck[i]``)."""
        index = self.game.deck.index
        return tuple(sum(1 << index(c) for c in h) for h in self._state.hands)

    @property
    def contract(self) -> str | None:
        """The contract, as ``state.contract``."""
        return self._state.contract

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won per position so far."""
        return self._state.tricks_won

    def legal_ids(self) -> list[int]:
        """Every legal action id now, in the order of ``legal_actions()``."""
        if self._legal is None:
            ids = self.game.action_ids().id_of
            self._legal = tuple(ids(a) for a in self._state.legal_actions())
        return list(self._legal)

    def apply_id(self, action_id: int) -> None:
        """Take the action ``action_id`` (the engine judges it; refused: unchanged)."""
        i = action_id if type(action_id) is int else as_id(action_id)
        text = self.game.action_ids().text_of(i)
        try:
            self._state = self._state.apply(text)  # type: ignore[assignment]
        except IllegalAction as err:
            raise IllegalAction(f"action id {i} ({text}): {err}", code=err.code,
                                rule=err.rule) from None
        self._legal = None
        self.is_over = self._state.is_over

    def clone(self) -> EngineRollout:
        """An independent copy (the immutable state is shared safely)."""
        return EngineRollout(self._state)

    def to_state(self) -> FiveHundredState:
        """The immutable state at this point."""
        return self._state
