"""The parts of the Five Hundred rollout state that are not the state itself.

Made once per game and kept on it (:func:`setup_for`): the seeded shuffle (SplitMix64 and
Fisher–Yates exactly as ``cardlab.engine.rng``, all draws at once), where each position of the
pack goes for each dealer, the meaning of every winning call, the contracts' card tables
(:mod:`~cardlab.games.five_hundred.tables`), the auction's legal call lists (from the
engine's :func:`~cardlab.games.five_hundred.auction.legal_calls`, cached per situation),
the play options as flags and the scoring tables; and, for any game, the tables that turn
a hand mask (bit ``i`` = ``game.deck[i]``) into ``play`` ids. :class:`Rollout` is the id
API that both rollout classes share (:mod:`cardlab.games.five_hundred.rollout`), and
:class:`EngineRollout` the one over the immutable engine (for ghost partners).
"""

from __future__ import annotations

import random
from itertools import combinations
from math import comb
from operator import index, itemgetter, mod
from struct import Struct
from typing import TYPE_CHECKING, Any, Final

from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.engine.result import Result
from cardlab.engine.rng import GOLDEN_GAMMA, MASK64, MIX1, MIX2
from cardlab.errors import IllegalAction
from cardlab.games.five_hundred import auction as au
from cardlab.games.five_hundred.action_ids import CALL_IDS, PASS, PLAY_BASE, FiveHundredActionIds
from cardlab.games.five_hundred.rules import MISERE_VALUES, parse_bid
from cardlab.games.five_hundred.scoring import contract_value, defensive_points
from cardlab.games.five_hundred.tables import TABLE_KEYS, card_table

if TYPE_CHECKING:
    from cardlab.games.five_hundred.game import FiveHundredGame
    from cardlab.games.five_hundred.state import FiveHundredState

#: the phases, by code (the names are ``state.phase``'s)
PHASES: Final = ("auction", "kitty", "call", "nominate", "play", "done")
AUCTION, KITTY, CALL, NOMINATE, PLAY, DONE = range(6)
#: a hand mask → its ``play`` ids (``PLAY_BASE + bit``), read 11 bits at a time: chunk ``k``
#: maps the bits ``11k … 11k + 10`` to their ids (six chunks cover the 63-card pack)
CHUNKS: Final = tuple(tuple(tuple(PLAY_BASE + lo + b for b in range(11) if v >> b & 1)
                             for v in range(2048)) for lo in range(0, 66, 11))
C0, C1, C2, C3 = CHUNKS[:4]
#: the ids of follow masks seen (a follow mask lies in one suit, so they recur; bounded)
FOLLOW_IDS: dict[int, tuple[int, ...]] = {}
FOLLOW_MAX: Final = 1 << 16
#: the same for pack positions (``bit``)
POSITIONS: Final = tuple(tuple(tuple(i - PLAY_BASE for i in ids) for ids in chunk)
                          for chunk in CHUNKS)
P0, P1, P2, P3 = POSITIONS[:4]
#: the number of set bits of each 11-bit chunk
COUNTS: Final = tuple(v.bit_count() for v in range(2048))
#: ``n.bit_length()`` by ``n``: the bits ``Random._randbelow(n)`` draws at a time
BITS: Final = tuple(n.bit_length() for n in range(256))
#: ``random.Random``'s own ``_randbelow`` (``getrandbits`` with rejection): a generator whose
#: class keeps it is drawn from inline by ``play_random``, exactly as ``choice`` would
RANDBELOW: Final[Any] = vars(random.Random)["_randbelow"]
#: the auction kept on a few ints: passing final (5H-5.4d), or one call each (5H-5.6); or
#: the engine's Bidding record (the final raise and the rebid options)
AUSTRALIAN, AMERICAN, ENGINE_AUCTION = range(3)
#: J4 (``joker_lead_nomination``) and J5 (``joker_after_all_suits_led``) as codes
_NOMINATION: Final = {"unled_suits": 0, "not_shown_void": 1, "any": 2}
_AFTER_ALL: Final = {"none": 0, "no_lead_before_last_trick": 1, "no_play_before_last_trick": 2}
#: SplitMix64's rejection limit for ``randbelow(n)`` (cardlab.engine.rng), by n
_LIMITS: Final = tuple(0 if n == 0 else (1 << 64) - ((1 << 64) % n) for n in range(129))
ALL_SUITS: Final = (0, 1, 2, 3)


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


def randbelow(n: int, getbits: Any) -> int:
    """``random.Random._randbelow(n)`` made with the generator's ``getrandbits``: the same
    draws, so a pick from a list of ``n`` is the pick ``rng.choice`` would make."""
    b = n.bit_length()
    r = getbits(b)
    while r >= n:
        r = getbits(b)
    return r


def pick_card(m: int, getbits: Any) -> int:
    """The pack position of a card drawn uniformly from mask ``m`` (non-empty) exactly as
    ``rng.choice(ids_of(m))`` would (``getbits`` is the generator's ``getrandbits``):
    ``_randbelow(popcount)``, then the ``r``-th set bit, counted 11 bits at a time."""
    n = m.bit_count()
    b = BITS[n]
    r = getbits(b)
    while r >= n:
        r = getbits(b)
    if m >> 44:
        return positions_of(m)[r]
    x = m & 2047
    k = COUNTS[x]
    if r < k:
        return P0[x][r]
    r -= k
    x = m >> 11 & 2047
    k = COUNTS[x]
    if r < k:
        return P1[x][r]
    r -= k
    x = m >> 22 & 2047
    k = COUNTS[x]
    if r < k:
        return P2[x][r]
    return P3[m >> 33][r - k]


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int, not {type(seed).__name__}")
    return seed & MASK64


class Shuffler:
    """``cardlab.engine.rng.shuffled(range(n), seed)`` for one pack size, fast. SplitMix64's
    ``k``-th output depends only on ``seed + k·γ``, so the ``n − 1`` draws of the
    Fisher–Yates shuffle are computed at once: each draw lives in its own 128-bit lane of
    one Python integer, and every step of the mixer (add, shift, xor, multiply, ``& MASK64``)
    acts on all lanes together (a lane's 64-bit value times a 64-bit constant fits its 128
    bits; shifts are masked so no lane leaks into the next). A draw that rejection sampling
    would throw away (odds about n / 2**64 per deal) sends the deal to the scalar loop, so
    the result is always the engine's."""

    def __init__(self, n: int) -> None:
        k = n - 1
        self.n = n
        self.ones = sum(1 << (128 * i) for i in range(k))
        self.lanes = MASK64 * self.ones  # MASK64 in every lane
        self.steps = sum((((i + 1) * GOLDEN_GAMMA) & MASK64) << (128 * i) for i in range(k))
        self.unpack = Struct("<" + "QQ" * k).unpack
        self.nbytes = 16 * k
        self.sizes = tuple(range(n, 1, -1))  # i + 1 for i = n-1 … 1
        #: no draw below this is ever rejected (every limit is above 2**64 − n)
        self.safe = (1 << 64) - n
        self.pairs = tuple(range(n - 1, 0, -1))
        self.bits = tuple(1 << i for i in range(n))

    def __call__(self, seed: int) -> list[int]:
        """The shuffled pack as card bits: item ``p`` is ``1 << i`` for the card ``deck[i]``
        at position ``p`` (top first)."""
        lanes = self.lanes
        x = (self.ones * seed + self.steps) & lanes
        x = ((x ^ ((x >> 30) & lanes)) * MIX1) & lanes
        x = ((x ^ ((x >> 27) & lanes)) * MIX2) & lanes
        x ^= (x >> 31) & lanes
        draws = self.unpack(x.to_bytes(self.nbytes, "little"))[::2]
        if max(draws) >= self.safe and any(z >= _LIMITS[m] for z, m in zip(draws, self.sizes)):
            return [1 << i for i in shuffled_positions(self.n, seed)]  # a rejected draw
        pack = list(self.bits)
        for i, j in zip(self.pairs, map(mod, draws, self.sizes)):
            pack[i], pack[j] = pack[j], pack[i]
        return pack


def shuffled_positions(n: int, seed: int) -> list[int]:
    """``cardlab.engine.rng.shuffled(range(n), seed)``, one draw at a time."""
    perm = list(range(n))
    state = seed
    limits = _LIMITS
    for i in range(n - 1, 0, -1):
        m = i + 1
        while True:
            state = (state + GOLDEN_GAMMA) & MASK64
            z = ((state ^ (state >> 30)) * MIX1) & MASK64
            z = ((z ^ (z >> 27)) * MIX2) & MASK64
            z ^= z >> 31
            if z < limits[m]:
                break
        j = z % m
        perm[i], perm[j] = perm[j], perm[i]
    return perm


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
        self.shuffle = Shuffler(c)
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
        #: the other seats clockwise from each seat
        self.clockwise = tuple(tuple((p + k) % game.players for k in range(1, game.players))
                               for p in range(game.players))
        #: 5H-3 the card tables of every contract
        self.tables = {key: card_table(game, *key) for key in TABLE_KEYS}
        #: 5H-6.2 who plays a misère (per declarer), and the next active position (per
        #: pattern of who plays)
        everyone = (True,) * n
        self.misere_active = tuple(
            tuple(p == d or p not in game.side_seats(d) for p in range(n)) for d in range(n))
        self.next_active = {a: tuple(next((p + k) % n for k in range(1, n + 1) if a[(p + k) % n])
                                     for p in range(n))
                            for a in {everyone, *self.misere_active}}
        # play options (5H-12)
        self.track_voids = o.joker_lead_nomination == "not_shown_void"
        self.nomination = _NOMINATION[o.joker_lead_nomination]
        self.after_all = _AFTER_ALL[o.joker_after_all_suits_led]
        self.lead_only_last = bool(o.joker_lead_only_last_trick)
        self.j3 = bool(o.misere_void_must_play_joker)
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
        self.defence = tuple(defensive_points(0, t, o) for t in range(11))
        self.slam = o.slam_minimum
        self._discard_arrays: Any = None
        self._discard_masks: list[int] | None = None
        self._combos: dict[int, tuple[tuple[int, ...], ...]] = {}

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
        :func:`~.auction.legal_calls`."""
        text = self.call_text[high] if high >= 0 else None
        b = au.Bidding(order=(0,), calls=((0, "pass"),) if called else (), high=text,
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
        h = len(positions)
        sets = self._combos.get(h)
        if sets is None:
            sets = self._combos[h] = tuple(combinations(range(h), self.ids.kitty_size))
        ids = self.ids
        binom = ids.binom
        return ids.discard_base + sum(binom[m][positions[x]] for m, x in enumerate(sets[r]))

    def contractors(self, declarer: int, call: int, partner: int | None) -> tuple[int, ...]:
        """The seats that share the contract ``call`` (as ``state.deal_facts()`` says)."""
        if self.call_info[call].misere:
            return (declarer,)
        if self.five:  # 5H-2 the called partner, if any
            return tuple(sorted({declarer} | ({partner} if partner is not None else set())))
        return self.side_seats[self.side_of[declarer]]

    def deal_points(self, declarer: int | None, call: int, contractors: tuple[int, ...],
                    won: list[int] | None) -> tuple[int, ...]:
        """5H-8 the points per side of a finished deal, from 0-0 (``score(…).points``, the
        test checks them equal): ``won`` is the tricks per seat, None when thrown in."""
        pts = [0] * len(self.side_names)
        if won is None:  # 5H-5.5 thrown in: nobody scores
            return tuple(pts)
        side_tricks = [sum(won[p] for p in seats) for seats in self.side_seats]
        if declarer is None:  # all passed and NT was played: 10 a trick
            return tuple(10 * t for t in side_tricks)
        info = self.call_info[call]
        if info.misere:  # 5H-8.4 the contractor alone; defenders score nothing
            pts[self.side_of[declarer]] = info.value if won[declarer] == 0 else -info.value
            return tuple(pts)
        taken = sum(won[p] for p in contractors)
        made = taken >= info.need
        gain = (self.slam if made and taken == 10 and self.slam > info.value
                else info.value if made else -info.value)  # 5H-8.2
        mine = {self.side_of[p] for p in contractors}
        return tuple(gain if k in mine else self.defence[side_tricks[k]]  # 5H-8.3
                     for k in range(len(pts)))

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

    def play_random(self, rng: random.Random) -> int:
        """Play the deal to its end choosing uniformly among the legal actions at every step,
        exactly as ``while not r.is_over: r.apply_id(rng.choice(r.legal_ids()))`` does with
        the same ``rng`` (the same actions, final state and generator state afterwards).
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
