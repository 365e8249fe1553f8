"""A mutable Five Hundred deal driven by integer action ids, for random playouts and search.

:class:`~cardlab.games.five_hundred.state.FiveHundredState` is the teaching API: immutable,
every action judged and explainable. Search and rollouts want what OpenSpiel offers
instead: one mutable state, integer actions
(:mod:`~cardlab.games.five_hundred.game`), no objects made per
action. ``game.rollout(seed=…, dealer=…)`` (the arguments of ``game.deal``, the same cards
to the same seats) and ``state.rollout()`` (from any moment of a deal) give one:

>>> import cardlab
>>> from cardlab.engine.rng import SplitMix64
>>> game = cardlab.load("five_hundred")
>>> r = game.rollout(seed=7, dealer=3)
>>> rng = SplitMix64(0)
>>> while not r.is_over:
...     r.apply_id(rng.choice(r.legal_ids()))
>>> r.phase, r.points == r.to_state().result.points
('done', True)

``play_random(rng)`` plays that loop built in (the same actions and generator state, about
twice the speed: most steps copy no list and call no method):

>>> r2 = game.rollout(seed=7, dealer=3)
>>> r2.play_random(SplitMix64(0)) == len(r.history_ids), r2.history_ids == r.history_ids
(True, True)

The API: ``legal_ids()`` (a new list, in exactly the order of ``legal_actions()`` of the
immutable state at the same point, so index ``k`` picks the same action in both),
``apply_id(i)`` (mutates; an illegal id raises :class:`~cardlab.IllegalAction` with the
engine's own code, rule and words, and leaves the rollout unchanged), ``is_over`` (a plain
attribute: read at every step of a playout), ``to_move``, ``phase``, ``history_ids``,
``points`` (per side, once over: the numbers of ``state.result.points``), ``result`` (the
engine's full :class:`~cardlab.Result`), ``clone()`` (an independent copy) and
``to_state()`` (the immutable state, by replaying ``history_ids`` through the engine: for
checks and widgets), ``play_random(rng)`` (the deal played out uniformly at random, exactly
as the driver loop above with the same :class:`~cardlab.engine.rng.SplitMix64`; returns the
actions taken);
``legal_actions()`` and ``apply(text)`` speak the notation.

**Which configurations run on the fast path.** :class:`FiveHundredRollout` (bitmask hands, bit
``i`` = ``game.deck[i]``) plays by the game's kernel
(:mod:`~cardlab.games.five_hundred.kernel`): the cards that follow each suit and every card's
strength in a trick (:func:`~cardlab.games.five_hundred.kernel.trick_key`) are tabled per
contract at setup by calling it (:func:`~cardlab.games.five_hundred.rules.card_table`), the
joker's rules J1-J6 call :func:`~cardlab.games.five_hundred.kernel.legal_mask` whenever an
unnominated joker is in hand, and the points of a deal are the kernel's, tabled per call and
tricks (equal to :func:`~cardlab.games.five_hundred.scoring.score`, a test checks). It covers
every player count and every option, with one exception: two players with
``two_player_form='ghost_partners_43'`` (face-down piles) get
:class:`~cardlab.sim.five_hundred.rollout_core.EngineRollout`, the same id API over the
immutable engine (exact, an order of magnitude slower). Inside the fast path, the auction runs
on a few ints under the ``australian`` and ``american_single_round`` auctions; with
``allow_final_raise`` or ``rebid_after_pass_on_denomination_change`` it keeps the engine's own
:class:`~cardlab.engine.auction.Auction` record instead (exact, slower per call). Every legal
list of the auction comes from the engine's
:func:`~cardlab.games.five_hundred.auction.legal_calls` (cached per situation), and every
refusal from the engine's judge, so the rules live in one place. The per-game look-ups live in
:mod:`~cardlab.sim.five_hundred.rollout_core`. Random playouts (deal, auction, kitty, play and
score) driven step by step run at about six times the immutable engine's actions per second,
and ``play_random`` at about twice that again (``benchmarks/run.py``). """

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from cardlab.cards import Card
from cardlab.engine.auction import Auction
from cardlab.engine.result import Result
from cardlab.engine.rng import ACCEPTED_BELOW, SplitMix64, shuffle_draws, shuffle_in_place
from cardlab.errors import IllegalAction
from cardlab.games.five_hundred import auction as au
from cardlab.games.five_hundred.game import (
    CALL_ALONE,
    CALL_IDS,
    NOMINATE_BASE,
    NOMINATE_NONE,
    PASS,
)
from cardlab.games.five_hundred.kernel import NO_SUIT, legal_mask
from cardlab.games.five_hundred.rules import SUITS, CardTable
from cardlab.games.five_hundred.scoring import DealFacts, score
from cardlab.sim.five_hundred.rollout_core import (
    AUCTION,
    AUSTRALIAN,
    BIT_OF_ID,
    C0,
    C1,
    C2,
    C3,
    CALL,
    DONE,
    ENGINE_AUCTION,
    FOLLOW_IDS,
    FOLLOW_MAX,
    KITTY,
    NOMINATE,
    PHASES,
    PLAY,
    EngineRollout,
    Rollout,
    RolloutSetup,
    as_id,
    id_at,
    ids_of,
    positions_of,
    setup_for,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cardlab.games.five_hundred.game import FiveHundredGame
    from cardlab.games.five_hundred.state import FiveHundredState

__all__ = ["Rollout", "FiveHundredRollout", "EngineRollout", "new_rollout", "rollout_from_state"]


class FiveHundredRollout(Rollout):
    """The fast mutable deal (see the module docstring); made by ``game.rollout()``.

    Inside: a mask per seat (bit ``i`` = ``game.deck[i]``); in the auction the high call's
    id, its seat and masks of who passed and who called; in the play the contract's
    :class:`~cardlab.games.five_hundred.rules.CardTable` rows, the suit led, the strength and
    seat of the card
    winning the trick so far, the suits led and shown voids (for the joker rules), and the
    tricks won per seat.
    """

    __slots__ = ("is_over", "game", "_s", "_root", "_seed", "dealer", "_phase", "_turn", "_hands",
                 "_kitty", "_history", "_legal", "_olegal", "_high", "_high_seat", "_passed",
                 "_called", "_ncalls", "_bidding", "declarer", "_call", "_active", "_partner",
                 "_nominated", "_tab", "_sm", "_eff", "_str", "_free", "_jl", "_next",
                 "_n_active", "_led", "_ledmask", "_row", "_n_in_trick", "_best", "_best_seat",
                 "_suits_led", "_voids", "_track", "_won", "_n_tricks", "_stop", "_points",
                 "_misere", "_sid")
    # the play's fields, set when the play starts (_start_play)
    _sm: tuple[int, ...]
    _eff: tuple[int, ...]
    _str: tuple[tuple[int, ...], ...]
    _sid: tuple[tuple[int, ...], ...]
    _free: int
    _track: bool
    _next: tuple[int, ...]
    _n_active: int
    _led: int
    _ledmask: int
    _row: tuple[int, ...]
    _best: int
    _best_seat: int
    _suits_led: int
    _voids: list[int]
    _won: list[int]
    _n_tricks: int
    _stop: int
    _misere: bool

    def __init__(self, s: RolloutSetup, hands: list[int], kitty: int, dealer: int,
                 seed: int | None = None, root: FiveHundredState | None = None) -> None:
        self.game = s.game
        self.is_over = False  # a plain attribute (read on every step of a playout)
        self._s = s
        self._root = root
        self._seed = seed
        self.dealer = dealer
        self._phase = AUCTION
        self._turn = (dealer + 1) % s.players
        self._hands = hands
        self._kitty = kitty
        self._history: list[int] = []
        self._legal: tuple[int, ...] | None = None  # the play's legal ids (cached)
        self._olegal: Any = None  # the other phases' legal ids (cached)
        self._high = -1
        self._high_seat = -1
        self._passed = 0
        self._called = 0
        self._ncalls = 0
        self._bidding: Auction | None = None
        if s.auction == ENGINE_AUCTION:
            order = tuple((dealer + k) % s.players for k in range(1, s.players + 1))
            self._bidding = au.start(order, s.options)
        self.declarer: int | None = None
        self._call = -1
        self._active: tuple[bool, ...] = (True,) * s.n
        self._partner: int | None = None
        self._nominated: str | None = None
        self._tab: CardTable | None = None
        self._jl = s.jl_base
        self._n_in_trick = 0
        self._points: tuple[int, ...] | None = None

    @classmethod
    def _seeded(cls, s: RolloutSetup, seed: int, dealer: int) -> FiveHundredRollout:
        pack = list(s.pack_bits)  # card bits, top first (the engine's shuffle, shuffled())
        shuffle_in_place(pack, shuffle_draws(seed, len(pack)))
        parts = [0] * (s.n + 2)
        for r, get in s.deal_getters[dealer]:
            parts[r] = sum(get(pack))  # distinct bits: the sum is the mask
        return cls(s, parts[: s.n], parts[s.n + 1], dealer, seed=seed)

    # -- facts ------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``'auction'``, ``'kitty'``, ``'call'``, ``'nominate'``, ``'play'`` or ``'done'``."""
        return PHASES[self._phase]

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return None if self._phase == DONE else self._turn

    @property
    def history_ids(self) -> tuple[int, ...]:
        """The ids of the actions since the deal (``state.history``, as ids)."""
        return tuple(self._history)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Each seat's cards as a mask (bit ``i`` = ``game.deck[i]``)."""
        return tuple(self._hands)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, in the pack's order (as ``state.hands``)."""
        deck = self.game.deck
        return tuple(tuple(deck[i] for i in positions_of(m)) for m in self._hands)

    @property
    def contract(self) -> str | None:
        """The contract (``'7H'``, ``'misere'``; ``'NT'`` when all passed and NT is played)."""
        if self._call >= 0:
            return self._s.call_info[self._call].contract
        return "NT" if self._tab is not None else None

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won per seat so far (zeros before the play)."""
        return tuple(self._won) if self._tab is not None else (0,) * self._s.n

    @property
    def points(self) -> dict[str, int] | None:
        """None until over; then the points per side (``state.result.points``)."""
        if self._points is None:
            return None
        return dict(zip(self._s.side_names, self._points))

    # -- legal ids --------------------------------------------------------------------------
    def legal_ids(self) -> list[int]:
        """Every legal action id now, in the order of the immutable state's
        ``legal_actions()`` (a new list each call; empty once the deal is over)."""
        leg = self._legal
        if leg is None:
            if self._n_in_trick:  # 5H-7.1 follow the effective suit led (only in the play)
                hand = self._hands[self._turn]
                m = hand & self._ledmask
                if m:
                    try:
                        leg = FOLLOW_IDS[m]
                    except KeyError:
                        leg = ids_of(m)
                        if len(FOLLOW_IDS) < FOLLOW_MAX:
                            FOLLOW_IDS[m] = leg
                    self._legal = leg
                    return list(leg)
                # void: the kernel's follow_mask is the whole hand; J1-J6 with a free joker
                m = hand if not hand & self._free else self._void_with_joker(hand)
            elif self._phase != PLAY:
                if self._phase == AUCTION:  # on apply_id's fast path too
                    s = self._s
                    if s.auction == AUSTRALIAN:  # 5H-5.4 over the high call (cached)
                        key = 2 * self._high + (self._called >> self._turn & 1)
                        leg = s.call_cache.get(key)
                        if leg is None:
                            leg = s.call_cache[key] = s.calls_after(self._high, key & 1)
                    else:
                        leg = self._legal_other()
                    self._legal = leg
                    return list(leg)
                other = self._olegal
                if other is None:
                    other = self._olegal = self._legal_other()
                return list(other)
            else:  # 5H-7.1 a lead: any card
                m = self._hands[self._turn]
                if m & self._free:  # J4-J6 an unnominated joker leads naming a suit
                    leg = self._legal = self._lead_with_joker(m)
                    return list(leg)
            if m >> 44:
                leg = ids_of(m)
            else:
                leg = C0[m & 2047] + C1[(m >> 11) & 2047] + C2[(m >> 22) & 2047] + C3[m >> 33]
            self._legal = leg
        return list(leg)

    def _void_with_joker(self, hand: int) -> int:
        """5H-7.3 J1/J3/J5: void in the suit led, holding an unnominated joker (the kernel's
        legal mask; no card of the suit led is held, and the suits a void shows matter only
        to a lead)."""
        cards: int = legal_mask(hand, 0, False, self._free, self._suits_led, 0,
                                self._n_tricks + 1, self._misere, self._s.play)[0]
        return cards

    def _lead_with_joker(self, hand: int) -> tuple[int, ...]:
        """5H-7.3 J4-J6: leading with an unnominated joker in hand (the kernel's legal mask):
        the other cards, then each joker once per suit it may name."""
        s = self._s
        free = self._free
        cards, names = legal_mask(hand, 0, True, free, self._suits_led, self._voids[self._turn],
                                  self._n_tricks + 1, self._misere, s.play)
        leg = ids_of(cards & ~free)
        for j, leads in zip(s.ids.jokers, s.joker_leads):
            if cards >> j & 1:
                leg += leads[names]
        return leg

    def _legal_other(self) -> Any:
        s = self._s
        ph = self._phase
        seat = self._turn
        if ph == AUCTION:
            if s.auction == ENGINE_AUCTION:
                assert self._bidding is not None
                return tuple(CALL_IDS[c] for c in au.legal_calls(
                    self._bidding, seat, s.options, s.ladder))
            called = (self._called >> seat) & 1
            key = 2 * self._high + called
            leg = s.call_cache.get(key)
            if leg is None:
                leg = s.call_cache[key] = s.calls_after(self._high, called)
            return leg
        if ph == KITTY:  # 5H-6.1 every set of kitty-size cards, in the engine's order
            return s.discard_ids(self._hands[seat])
        if ph == CALL:  # 5H-2 alone, or any card but a joker or one's own
            base = s.call_base
            return (CALL_ALONE, *(base + p for p in positions_of(
                s.non_jokers & ~self._hands[seat])))
        if ph == NOMINATE:  # 5H-6.3
            return tuple(range(NOMINATE_BASE, NOMINATE_NONE + 1))
        return ()

    # -- applying ---------------------------------------------------------------------------
    def apply_id(self, action_id: int) -> None:
        """Take the action ``action_id`` (mutates this rollout).

        :raises IllegalAction: for an id that is not legal now, with the engine's code,
            rule and reason; the rollout is unchanged.
        """
        leg = self._legal  # set in the auction and the play once the legal ids are known
        if leg is None or action_id not in leg or type(action_id) is not int:
            self._apply_checked(action_id)
            return
        self._legal = None
        self._history.append(action_id)
        seat = self._turn
        n = self._n_in_trick
        # 5H-7.1 the kernel's trick_best, written out here and in play_random: a function call
        # per card would cost these hot loops their speed; tests/sim/test_fast_paths_agree.py
        # checks every trick's winner against the kernel
        if n:  # 5H-7.1 a card to the trick: does it beat the best so far?
            c = action_id - 60  # PLAY_BASE, as a literal on this hot path
            self._hands[seat] ^= 1 << c
            k = self._row[c]
            if k > self._best:
                self._best = k
                self._best_seat = seat
            if self._track and not self._ledmask >> c & 1:
                self._voids[seat] |= 1 << self._led  # J4 (not_shown_void): a void shown
        elif action_id < 60:  # a call: only the auction and the play take this path
            self._after_call(seat, action_id)
            return
        else:  # 5H-7.1 a lead: the trick's suit, and the card winning it so far
            if action_id < self._jl:
                c = action_id - 60
                led = self._eff[c]
            else:  # an unnominated joker led, naming a suit (J4)
                j, led = divmod(action_id - self._jl, 4)
                c = self._s.ids.jokers[j]
            self._hands[seat] ^= 1 << c
            self._led = led
            self._ledmask = self._sm[led]
            row = self._row = self._str[led]
            self._best = row[c]
            self._best_seat = seat
            if self._free:
                self._suits_led |= 1 << led
        n += 1
        if n < self._n_active:
            self._n_in_trick = n
            self._turn = self._next[seat]
            return
        w = self._best_seat  # 5H-7.1 the trick is complete; its winner leads next
        self._won[w] += 1
        self._n_tricks += 1
        self._n_in_trick = 0
        if not self._hands[w] or w == self._stop:  # 5H-7.4 a misère stops at its first trick
            self._finish()
        else:
            self._turn = w

    def _apply_checked(self, action_id: object) -> None:
        """``apply_id`` when the fast path does not apply: legality checked first."""
        i = action_id if type(action_id) is int else as_id(action_id)
        if self._phase > AUCTION and self._phase != PLAY:
            self._apply_other(i)
            return
        if i not in (self._legal or self.legal_ids()):
            self._refuse(i)
        self.apply_id(i)

    def _apply_other(self, i: int) -> None:
        s = self._s
        ph = self._phase
        seat = self._turn
        hand = self._hands[seat] if ph != DONE else 0
        if ph == KITTY:  # 5H-6.1 any kitty-size set of the contractor's cards
            mask = s.discard_mask(i)
            if not mask or mask & ~hand:
                self._refuse(i)
        elif ph == CALL:  # 5H-2 any card but a joker or one's own, or alone
            c = i - s.call_base
            if not (i == CALL_ALONE or (0 <= c < s.n_cards and s.non_jokers >> c & 1
                                        and not hand >> c & 1)):
                self._refuse(i)
        else:
            leg = self._olegal
            if leg is None:
                leg = self._legal_other()
            if i not in leg:
                self._refuse(i)
        self._olegal = None
        self._history.append(i)
        if ph == KITTY:
            self._hands[seat] = hand & ~mask
            self._after_kitty()
        elif ph == CALL:
            if i != CALL_ALONE:
                self._partner = next((p for p, h in enumerate(self._hands) if h >> c & 1),
                                     None)
            self._to_nominate()
        else:  # NOMINATE
            self._nominated = "none" if i == NOMINATE_NONE else SUITS[i - NOMINATE_BASE]
            self._begin_play(None if i == NOMINATE_NONE else SUITS[i - NOMINATE_BASE])

    def _refuse(self, i: int) -> None:
        """Raise the engine's refusal of ``i`` here (the rules have one home)."""
        text = self._s.ids.text_of(i)  # bad_action_id for an id out of range
        try:
            self.to_state().apply(text)
        except IllegalAction as err:
            raise IllegalAction(f"action id {i} ({text}): {err}", code=err.code,
                                rule=err.rule) from None
        raise AssertionError(f"the rollout refused {text!r}, which the engine allows")

    # -- the auction (5H-5) -------------------------------------------------------------------
    def _after_call(self, seat: int, i: int) -> None:
        s = self._s
        if s.auction == AUSTRALIAN:  # 5H-5.5 the next seat clockwise still in
            if i == PASS:
                self._passed |= 1 << seat
            else:
                self._high = i
                self._high_seat = seat
                self._called |= 1 << seat
            t = s.next_caller[seat][self._passed | (1 << self._high_seat
                                                   if self._high_seat >= 0 else 0)]
            if t >= 0:
                self._turn = t
            else:
                self._end_auction()  # none: the auction is over
            return
        if s.auction == ENGINE_AUCTION:
            assert self._bidding is not None
            b = self._bidding = au.after(self._bidding, seat, s.call_text[i], s.ladder)
            if b.to_call is not None:
                self._turn = b.to_call
                return
            self._high = -1 if b.high is None else CALL_IDS[b.high]
            self._high_seat = -1 if b.high_seat is None else b.high_seat
            self._end_auction()
            return
        self._called |= 1 << seat
        if i == PASS:
            self._passed |= 1 << seat
        else:
            self._high = i
            self._high_seat = seat
        self._ncalls += 1  # 5H-5.6 one call each, clockwise
        if self._ncalls < s.players:
            self._turn = (seat + 1) % s.players
            return
        self._end_auction()

    def _end_auction(self) -> None:
        s = self._s
        if self._high < 0:
            if s.all_pass_nt:  # 5H-10 all pass: NT, no contractor, no kitty; left of dealer
                self._start_play(s.tables["NT", None], (self.dealer + 1) % s.n)
            else:
                self._finish()  # 5H-5.5 thrown in
            return
        info = s.call_info[self._high]
        d = self.declarer = self._high_seat
        self._call = self._high
        if info.misere:  # 5H-6.2 the partner(s) sit out
            self._active = s.misere_active[d]
        if info.sans_kitty:
            self._after_kitty()
            return
        self._hands[d] |= self._kitty  # 5H-6.1 the contractor takes the kitty
        self._phase, self._turn = KITTY, d

    def _after_kitty(self) -> None:
        s = self._s
        assert self.declarer is not None
        if s.five and not s.call_info[self._call].misere:
            self._phase, self._turn = CALL, self.declarer  # 5H-2 five players call a partner
            return
        self._to_nominate()

    def _to_nominate(self) -> None:
        s = self._s
        d = self.declarer
        assert d is not None
        if (s.call_info[self._call].denomination == "NT" and s.joker_nomination
                and self._hands[d] & s.jokers):
            self._phase, self._turn = NOMINATE, d  # 5H-6.3
            return
        self._begin_play(None)

    def _begin_play(self, nominated: str | None) -> None:
        s = self._s
        d = self.declarer
        assert d is not None
        info = s.call_info[self._call]
        leader = s.next_active[self._active][self.dealer] if s.left_leads else d
        self._start_play(s.tables[info.denomination, nominated], leader)
        if info.misere and s.stop_misere:
            self._stop = d  # 5H-7.4

    def _start_play(self, table: CardTable, leader: int) -> None:
        s = self._s
        key = table.denomination, table.nominated
        self._tab = table
        self._sm = s.follow_masks[key]
        self._eff = table.eff
        self._str = table.strength
        self._sid = s.strength_by_id[key]
        free = self._free = table.suit_masks[NO_SUIT]
        self._track = s.track_voids and bool(free)
        call = self._call
        self._misere = call >= 0 and s.call_info[call].misere
        active = self._active
        self._n_active = sum(active)
        self._next = s.next_active[active]
        self._led = -1
        self._ledmask = 0
        self._row = ()
        self._n_in_trick = 0
        self._best = -1
        self._best_seat = -1
        self._suits_led = 0
        self._voids = [0] * s.n
        self._won = [0] * s.n
        self._n_tricks = 0
        self._stop = -1
        self._phase, self._turn = PLAY, leader

    # -- the end (5H-8) -----------------------------------------------------------------------
    def _finish(self) -> None:
        s = self._s
        self._phase = DONE
        self.is_over = True
        self._turn = -1
        self._legal = None
        self._olegal = None
        d = self.declarer
        contractors = () if d is None else s.contractors(d, self._call, self._partner)
        self._points = s.side_points(d, self._call, contractors,
                                     self._won if self._tab is not None else None)

    def _result(self) -> Result:
        """The engine's scoring of this deal
        (:func:`~cardlab.games.five_hundred.scoring.score`), without a replay."""
        g = self.game
        d = self.declarer
        s = self._s
        facts = DealFacts(self.contract if d is not None else None, d,
                          () if d is None else s.contractors(d, self._call, self._partner),
                          self.tricks_won,
                          g.sides, g.position_names,
                          all_pass_nt=d is None and self._tab is not None, n_seats=g.players,
                          dealer=self.dealer)
        return score(facts, g.options)

    # -- random playouts ----------------------------------------------------------------------
    def play_random(self, rng: SplitMix64) -> int:
        """Play the deal to its end choosing uniformly among the legal actions at every step,
        exactly as ``while not r.is_over: r.apply_id(rng.choice(r.legal_ids()))`` does with
        the same ``rng``: the same actions (``history_ids``), final state and generator
        state afterwards. Returns the number of actions taken (0 when already over).

        ``SplitMix64.choice(seq)`` is ``seq[rng.randbelow(len(seq))]``, and a draw below a
        small bound takes one output ``x`` and is ``x % n`` unless ``x`` reaches the
        rejection bound (:data:`~cardlab.engine.rng.ACCEPTED_BELOW`; then the generator
        finishes the draw), so the draws are made inline from the generator's outputs
        (:meth:`~cardlab.engine.rng.SplitMix64.ahead`), without a call. Any other generator
        (``random.Random``, a subclass) gets the plain loop above. The action is taken from
        the legal set without copying it: in the play a card is the ``r``-th set bit of the
        legal mask (``legal_ids`` lists cards in pack order, i.e. ascending bits), one loop
        holding the trick in locals; a joker lead naming a suit, the auction, nomination and
        calls use the legal tuples of ``legal_ids``; a discard is the ``r``-th set of
        ``combinations`` of the hand, as ``legal_ids`` orders them.
        """
        if type(rng) is not SplitMix64:
            return super().play_random(rng)
        history = self._history
        start = len(history)
        s = self._s
        calls = s.call_cache if s.auction != ENGINE_AUCTION else None
        sure = ACCEPTED_BELOW
        finish = rng.randbelow_after
        more = rng.ahead
        ahead = more()
        leg: Sequence[int] | None
        while not self.is_over:
            ph = self._phase
            if ph == PLAY:
                self._play_out(rng)
                break
            if ph == AUCTION and s.auction == AUSTRALIAN:  # 5H-5 every call, in locals
                calls = s.call_cache
                after = s.next_caller
                seat = self._turn
                high, high_seat = self._high, self._high_seat
                passed, called = self._passed, self._called
                while True:  # a call from legal_ids' tuple, then the steps of _after_call
                    key = 2 * high + (called >> seat & 1)
                    leg = calls.get(key)
                    if leg is None:
                        leg = calls[key] = s.calls_after(high, key & 1)
                    k = len(leg)  # under 60: a small bound
                    for x in ahead:  # noqa: B007 - an inline draw (see above)
                        break
                    else:
                        ahead = more()
                        x = next(ahead)
                    i = leg[x % k if x < sure else finish(x, k)]
                    history.append(i)
                    if i == PASS:
                        passed |= 1 << seat
                    else:
                        high = i
                        high_seat = seat
                        called |= 1 << seat
                    t = after[seat][passed | (1 << high_seat if high_seat >= 0 else 0)]
                    if t < 0:
                        break
                    seat = t
                self._high, self._high_seat = high, high_seat
                self._passed, self._called = passed, called
                self._turn = seat
                self._legal = None
                self._end_auction()
            elif ph == AUCTION:  # 5H-5 a call from legal_ids' tuple, applied as apply_id does
                seat = self._turn
                leg = None if calls is None else calls.get(
                    2 * self._high + (self._called >> seat & 1))
                if leg is None:
                    leg = self.legal_ids()
                k = len(leg)
                for x in ahead:  # noqa: B007 - the draw, read below
                    break
                else:
                    ahead = more()
                    x = next(ahead)
                i = leg[x % k if x < sure else finish(x, k)]
                self._legal = None
                history.append(i)
                self._after_call(seat, i)
            elif ph == KITTY:  # 5H-6.1 the r-th discard, in legal_ids' order (discard_at's
                seat = self._turn  # steps, with the discard's mask: legal by construction)
                hand = self._hands[seat]
                pos = positions_of(hand)
                sets = s.discard_sets(len(pos))
                for x in ahead:  # noqa: B007 - the draw, read below (a bound over 255)
                    break
                else:
                    ahead = more()
                    x = next(ahead)
                i = s.ids.discard_base
                binom = s.ids.binom
                mask = 0
                for m, q in enumerate(sets[finish(x, len(sets))]):
                    q = pos[q]
                    i += binom[m][q]
                    mask |= 1 << q
                self._olegal = None
                history.append(i)
                self._hands[seat] = hand & ~mask
                self._after_kitty()
            else:  # a partner call, a nomination
                self.apply_id(rng.choice(self.legal_ids()))
        return len(history) - start

    def _play_out(self, rng: SplitMix64) -> None:
        """``play_random`` in the play: every trick to the end of the deal, one loop per
        trick with the trick in locals (the steps of ``apply_id``, with the legal sets of
        ``legal_ids``), drawing inline as ``play_random`` does (every bound here is small:
        a hand's cards, or its joker leads)."""
        hands = self._hands
        append = self._history.append
        seat = self._turn
        led = self._led
        ledmask = self._ledmask
        best = self._best
        best_seat = self._best_seat
        free = self._free
        track = self._track
        voids = self._voids
        won = self._won
        sm = self._sm
        eff = self._eff
        strength = self._sid
        bit = BIT_OF_ID
        followers = self._s.followers[self._active]
        stop = self._stop
        tricks = self._n_tricks  # these two stored before the kernel's joker calls read them
        suits_led = self._suits_led
        jl = self._jl
        jokers = self._s.ids.jokers
        follow = FOLLOW_IDS
        sure = ACCEPTED_BELOW
        finish = rng.randbelow_after
        more = rng.ahead
        ahead = more()
        n = self._n_in_trick  # part-way through a trick: the seats still to play to it
        todo = (seat, *followers[seat][: self._n_active - n - 1]) if n else ()
        row = strength[led] if n else ()  # by id: a card's strength is row[its id]
        while True:
            if not todo:  # 5H-7.1 a lead: any card
                hand = hands[seat]
                if hand & free:  # J4-J6 an unnominated joker may lead naming a suit
                    self._turn = seat
                    self._n_tricks = tricks
                    self._suits_led = suits_led
                    leg = self._lead_with_joker(hand)
                    k = len(leg)
                    for x in ahead:  # noqa: B007 - an inline draw below k (see play_random)
                        break
                    else:
                        ahead = more()
                        x = next(ahead)
                    i = leg[x % k if x < sure else finish(x, k)]
                else:  # the r-th card of the hand in pack order (legal_ids' order)
                    k = hand.bit_count()
                    for x in ahead:  # noqa: B007 - the draw, read below
                        break
                    else:
                        ahead = more()
                        x = next(ahead)
                    i = id_at(hand, x % k if x < sure else finish(x, k))
                append(i)
                if i < jl:
                    led = eff[i - 60]  # PLAY_BASE
                    hands[seat] = hand ^ bit[i]
                    row = strength[led]  # the trick's suit, and the card winning it so far
                    best = row[i]
                else:  # an unnominated joker led, naming a suit (J4)
                    j, led = divmod(i - jl, 4)
                    c = jokers[j]
                    hands[seat] = hand ^ 1 << c
                    row = strength[led]
                    best = row[c + 60]
                ledmask = sm[led]
                best_seat = seat
                if free:
                    suits_led |= 1 << led
                todo = followers[seat]
            for seat in todo:  # 5H-7.1 follow the effective suit led
                hand = hands[seat]
                m = hand & ledmask
                if m:  # its ids, from legal_ids' cache
                    try:
                        leg = follow[m]
                    except KeyError:
                        leg = ids_of(m)
                        if len(follow) < FOLLOW_MAX:
                            follow[m] = leg
                    for x in ahead:  # noqa: B007 - the draw, read below
                        break
                    else:
                        ahead = more()
                        x = next(ahead)
                    i = leg[x % len(leg) if x < sure else finish(x, len(leg))]
                else:  # void: any card (J1/J3/J5 with an unnominated joker)
                    if hand & free:
                        self._n_tricks = tricks
                        self._suits_led = suits_led
                        m = self._void_with_joker(hand)
                    else:
                        m = hand
                    k = m.bit_count()
                    for x in ahead:  # noqa: B007 - the draw, read below
                        break
                    else:
                        ahead = more()
                        x = next(ahead)
                    i = id_at(m, x % k if x < sure else finish(x, k))
                append(i)
                b = bit[i]  # a follower plays no joker lead: i is PLAY_BASE + its bit
                hands[seat] = hand ^ b
                x = row[i]  # does it beat the best so far?
                if x > best:
                    best = x
                    best_seat = seat
                if track and not ledmask & b:
                    voids[seat] |= 1 << led  # J4 (not_shown_void): a void shown
            w = best_seat  # 5H-7.1 the trick is complete; its winner leads next
            won[w] += 1
            tricks += 1
            if not hands[w] or w == stop:  # 5H-7.4 a misère stops at its first trick
                break
            seat = w
            todo = ()
        self._n_in_trick = 0
        self._n_tricks = tricks
        self._suits_led = suits_led
        self._led = led
        self._ledmask = ledmask
        self._row = self._str[led]  # the trick's row by bit, as apply_id keeps it
        self._best = best
        self._best_seat = best_seat
        self._finish()

    # -- copies -------------------------------------------------------------------------------
    def clone(self) -> FiveHundredRollout:
        """An independent copy (applying ids to one leaves the other unchanged)."""
        new = object.__new__(FiveHundredRollout)
        for name in FiveHundredRollout.__slots__:
            try:
                setattr(new, name, getattr(self, name))
            except AttributeError:  # not set yet (the play's fields before the play)
                pass
        new._hands = self._hands[:]
        new._history = self._history[:]
        if self._tab is not None:
            new._voids = self._voids[:]
            new._won = self._won[:]
        return new

    def to_state(self) -> FiveHundredState:
        """The immutable state at this point: ``history_ids`` replayed through the engine."""
        st = self._root if self._root is not None else self.game.deal(seed=self._seed,
                                                                      dealer=self.dealer)
        text = self._s.ids.text_of
        for i in self._history:
            st = st.apply(text(i))
        return st  # type: ignore[return-value]


def new_rollout(game: FiveHundredGame, *, seed: int | None = None, dealer: int = 0,
                **setup: Any) -> Rollout:
    """``game.rollout(…)``: the deal ``game.deal(seed=…, dealer=…, **setup)`` as a rollout."""
    s = game._rollout_setup or setup_for(game)  # (the call only the first time)
    if setup or seed is None or not s.fast:
        return rollout_from_state(game.deal(seed=seed, dealer=dealer, **setup))  # type: ignore
    if type(dealer) is not int or not 0 <= dealer < s.players:
        raise ValueError(f"dealer must be a seat 0…{s.players - 1}, not {dealer!r}")
    return FiveHundredRollout._seeded(s, seed, dealer)


def rollout_from_state(state: FiveHundredState) -> Rollout:
    """``state.rollout()``: a rollout at the same point of the same deal (its history
    replayed on the fast path, where it applies)."""
    g = state.game
    s = setup_for(g)
    if not s.fast:
        return EngineRollout(state)
    root = cast("FiveHundredState", state.states()[0])
    deck_index = g.deck.index
    masks = [sum(1 << deck_index(c) for c in h) for h in root.hands]
    kitty = sum(1 << deck_index(c) for c in root.kitty)
    r = FiveHundredRollout(s, masks, kitty, root.dealer, root=root)
    ids = g.action_ids().id_of
    for a in state.history:
        r.apply_id(ids(a))
    return r
