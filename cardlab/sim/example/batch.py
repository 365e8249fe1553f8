"""Turn-up Whist's play for a whole batch of deals at once, in numpy (the example game).

Per deal: each seat's hand as a ``uint64`` mask (bit ``i`` = ``game.deck[i]``), the trump
suit, the caller, the trick so far and the tricks won. A step plays one card in every
unfinished deal. Which cards may be played (EX-4.2, EX-4.3) is the kernel's
:func:`~cardlab.games.example.kernel.legal_mask`, who wins a trick (EX-4.4) the highest
:func:`~cardlab.games.example.kernel.trick_key`, and the points (EX-5) the kernel's
:func:`~cardlab.games.example.kernel.deal_points` and
:func:`~cardlab.games.example.kernel.call_made`: the functions the teaching engine calls on
one deal, here on whole arrays, so the two cannot disagree.

Policies: ``"random"`` is :class:`cardlab.bots.RandomBot` on the deal's play stream (the
``k``-th legal card in pack order, ``k = randbelow(#legal)``); ``"heuristic"`` is the
example's own :class:`~cardlab.bots.example.HeuristicBot` asked for each deal's card, its
tie-breaking generator being the deal's play stream: the scalar twin of either policy is
that bot seeded with :func:`~cardlab.sim.rng.play_seed` playing every seat from the
opening lead. The heuristic bot is a short Python rule with seeded tie-breaks, so it is
asked deal by deal (through :class:`_SeatView`, what its seat sees) rather than restated
in arrays: the play of the heuristic policy runs at the bot's speed, not at array speed.

Whole deals (:func:`whole_deals`): the deal (``game.deal(seed=s, dealer=d)``, card for
card) and the heuristic bot's calls (EX-3: it calls when the bot module's
:func:`~cardlab.bots.example.hand_tricks` reaches :data:`~cardlab.bots.example.CALL_AT`)
in arrays, then the play as above, scored under each set of scoring options
(``call_value``, EX-5.2, is scoring only: the played deals are rescored).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from cardlab.bots.example import CALL_AT, HeuristicBot, hand_tricks
from cardlab.engine.action import Action
from cardlab.games.example.game import ExampleGame
from cardlab.games.example.kernel import (
    KernelTables,
    call_made,
    deal_points,
    legal_mask,
    tables,
    trick_key,
)
from cardlab.games.example.rules import HAND_SIZE, STOCK_SIZE
from cardlab.sim.batch import Batch
from cardlab.sim.bits import kth_index, popcount
from cardlab.sim.rng import Streams, shuffle_batch
from cardlab.sim.simulator import Simulator, play_on

__all__ = ["ExampleTables", "ExampleBatch", "tables_for", "deal_batch", "heuristic_calls",
           "whole_deals", "SIMULATOR"]

#: EX-1 three seats, each its own side
SEATS = 3
#: "no card" / "no suit" / "no seat" in the arrays
NONE = -1


class ExampleTables:
    """The kernel's tables (:func:`~cardlab.games.example.kernel.tables`) of one game as
    numpy arrays, and the game they belong to."""

    def __init__(self, game: ExampleGame) -> None:
        self.game = game
        self.options = game.options
        self.kernel: KernelTables = tables(game.deck)
        kt = self.kernel
        self.n_cards = len(game.deck)
        self.codes = tuple(c.code for c in game.deck)
        self.suit_of = np.array(kt.suit_of, dtype=np.int64)
        self.power = np.array(kt.power, dtype=np.int64)
        self.suit_mask = np.array(kt.suit_mask, dtype=np.uint64)
        self.full = np.uint64(kt.full)
        self.bit = np.uint64(1) << np.arange(self.n_cards, dtype=np.uint64)


@lru_cache(maxsize=16)
def tables_for(game: ExampleGame) -> ExampleTables:
    """The (cached) tables of ``game``."""
    return ExampleTables(game)


class ExampleBatch(Batch):
    """Many Turn-up Whist deals' play at once (the arrays are public, one row per deal)."""

    def __init__(self, tb: ExampleTables, size: int) -> None:
        b = size
        self.tb = tb
        self.size = b
        self.hands = np.zeros((b, SEATS), dtype=np.uint64)
        self.trump = np.zeros(b, dtype=np.int64)  # the turn-up's suit index (EX-2)
        self.caller = np.full(b, NONE, dtype=np.int64)  # EX-3.2, NONE when all passed
        self.to_move = np.zeros(b, dtype=np.int64)
        self.trick = np.full((b, SEATS), NONE, dtype=np.int64)  # the trick's cards in order
        self.n_played = np.zeros(b, dtype=np.int64)  # cards in the trick so far
        self.led = np.full(b, NONE, dtype=np.int64)  # the led suit's index
        self.best_key = np.zeros(b, dtype=np.int64)  # the trick's best key so far (EX-4.4)
        self.best_seat = np.full(b, NONE, dtype=np.int64)
        self.tricks_won = np.zeros((b, SEATS), dtype=np.int64)
        self.n_tricks = np.zeros(b, dtype=np.int64)
        self.n_actions = np.zeros(b, dtype=np.int64)
        self.done = np.zeros(b, dtype=bool)
        self._rows = np.arange(b)
        #: with ``play(..., record=True)``: every step's card per deal (``NONE`` for a deal
        #: already finished), to replay the play on the engine
        self.record: list[np.ndarray] | None = None

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_states(cls, states: Sequence[Any]) -> ExampleBatch:
        """A batch from scalar states in the play phase (any point of it)."""
        game = states[0].game
        tb = tables_for(game)
        deck = game.deck
        suits = tb.kernel.suits
        out = cls(tb, len(states))
        on_trick: list[list[tuple[int, int]]] = []
        for b, st in enumerate(states):
            if st.phase != "play":
                raise ValueError("from_states needs states in the play phase")
            for s, hand in enumerate(st.hands):
                out.hands[b, s] = np.uint64(tb.kernel.mask(hand))
            out.trump[b] = suits.index(st.trump)
            out.caller[b] = NONE if st.caller is None else st.caller
            for t in st.tricks:
                out.tricks_won[b, t.winner] += 1
            out.n_tricks[b] = len(st.tricks)
            on_trick.append([(p.seat, deck.index(p.card)) for p in st.trick.plays])
        # the cards already on a trick are played again here, so the trick's led suit and
        # best card are the kernel's (each card back in its seat's hand first)
        for j in range(SEATS - 1):
            live = np.array([len(t) > j for t in on_trick], dtype=bool)
            if not live.any():
                break
            seat = np.array([t[j][0] if len(t) > j else 0 for t in on_trick], dtype=np.int64)
            card = np.array([t[j][1] if len(t) > j else 0 for t in on_trick], dtype=np.int64)
            out.to_move = np.where(live, seat, out.to_move)
            out.hands[out._rows, seat] |= np.where(live, tb.bit[card], np.uint64(0))
            out.apply(card, live)
        out.n_actions[:] = 0
        out.to_move = np.array([st.to_move for st in states], dtype=np.int64)
        return out

    # -- the rules --------------------------------------------------------------------------
    def legal(self) -> np.ndarray:
        """EX-4.2 / EX-4.3 the playable cards of the seat to move (the kernel's
        :func:`~cardlab.games.example.kernel.legal_mask`; the whole pack is "led" on the
        lead)."""
        tb = self.tb
        hand = self.hands[self._rows, self.to_move]
        led = np.where(self.led == NONE, tb.full, tb.suit_mask[np.maximum(self.led, 0)])
        trumps = tb.suit_mask[self.trump]
        return np.asarray(legal_mask(hand, led, trumps, bool(tb.options.must_trump)),
                          dtype=np.uint64)

    def apply(self, card: np.ndarray, live: np.ndarray) -> None:
        """Play ``card`` (pack indices) in the ``live`` deals; a third card ends the trick,
        won by the highest kernel key (EX-4.4), whose winner leads next."""
        tb = self.tb
        r = self._rows
        p = self.to_move
        c = np.where(live, card, 0)
        self.hands[r, p] &= np.where(live, ~tb.bit[c], ~np.uint64(0))
        lead = live & (self.n_played == 0)
        suit = tb.suit_of[c]
        self.led = np.where(lead, suit, self.led)
        key = np.asarray(trick_key(tb.power[c], suit, self.led, self.trump))
        better = live & (lead | (key > self.best_key))
        self.best_key = np.where(better, key, self.best_key)
        self.best_seat = np.where(better, p, self.best_seat)
        slot = np.minimum(self.n_played, SEATS - 1)
        self.trick[r, slot] = np.where(live, c, self.trick[r, slot])
        self.n_played += live
        self.n_actions += live
        ended = live & (self.n_played == SEATS)
        winner = self.best_seat
        self.tricks_won[r, np.maximum(winner, 0)] += ended
        self.n_tricks += ended
        self.to_move = np.where(ended, winner, np.where(live, (p + 1) % SEATS, p))
        self.n_played = np.where(ended, 0, self.n_played)
        self.led = np.where(ended, NONE, self.led)
        self.best_seat = np.where(ended, NONE, self.best_seat)
        self.best_key = np.where(ended, 0, self.best_key)
        self.trick[ended] = NONE
        self.done |= ended & (self.n_tricks == HAND_SIZE)

    def step(self, policy: str, streams: Streams | None = None) -> None:
        """One card in every unfinished deal, by ``policy`` on the deals' play ``streams``."""
        live = ~self.done
        legal = self.legal()
        if streams is None:
            raise ValueError("the example batch plays on the deals' play streams")
        if policy == "random":  # RandomBot: the k-th legal card, k = randbelow(#legal)
            k = streams.randbelow(np.where(live, popcount(legal), 1), where=live)
            card = kth_index(legal, k)
        elif policy == "heuristic":
            card = heuristic_choice(self, legal, live, streams)
        else:
            raise ValueError(f"unknown policy {policy!r}; expected 'random' or 'heuristic'")
        if self.record is not None:
            self.record.append(np.where(live, card, NONE))
        self.apply(card, live)

    # -- results ----------------------------------------------------------------------------
    def _caller_tricks(self) -> np.ndarray:
        won = self.tricks_won[self._rows, np.maximum(self.caller, 0)]
        return np.where(self.caller >= 0, won, 0)

    def contracted(self) -> np.ndarray:
        """Whether each deal has a contract (EX-4: a seat called; a deal nobody called is
        played out all the same, with no contract)."""
        return np.asarray(self.caller >= 0)

    def made(self) -> np.ndarray:
        """EX-5.2 whether the caller won its 4 tricks (False where nobody called)."""
        return np.asarray(call_made(self._caller_tricks()) & (self.caller >= 0))

    def scores(self, **scoring: Any) -> np.ndarray:
        """``(B, 3)`` points per seat (EX-5, the kernel's
        :func:`~cardlab.games.example.kernel.deal_points`), under the game's options
        overridden by ``scoring`` (``call_value``, the one scoring option)."""
        value = int(scoring.get("call_value", self.tb.options.call_value))
        is_caller = np.arange(SEATS)[None, :] == self.caller[:, None]
        return np.asarray(deal_points(self.tricks_won, is_caller,
                                      self._caller_tricks()[:, None], value), dtype=np.int64)


# -- the heuristic bot, asked deal by deal --------------------------------------------------------
class _SeatView:
    """What the heuristic bot reads of a state (``legal_actions``, ``to_move``, ``game`` and
    its seat's ``view``: its own hand, the trump suit, the trick), from one deal's arrays.
    Only the seat's own cards and public cards are shown."""

    def __init__(self, game: ExampleGame, seat: int, hand: list[str], legal: list[str],
                 trick: list[str], trump: str) -> None:
        self.game = game
        self.to_move = seat
        self._legal = legal
        self._view = {"trump": trump, "trick": [{"card": c} for c in trick],
                      "hands": [{"cards": hand if s == seat else None} for s in range(SEATS)]}

    def legal_actions(self) -> list[Action]:
        """The legal card plays in pack order (as the judge lists them)."""
        return [Action(f"play {c}") for c in self._legal]

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view (only the keys the bot reads)."""
        assert seat == self.to_move
        return self._view


def heuristic_choice(batch: ExampleBatch, legal: np.ndarray, live: np.ndarray,
                     streams: Streams) -> np.ndarray:
    """The card :class:`~cardlab.bots.example.HeuristicBot` plays in each ``live`` deal
    (``NONE`` elsewhere), its tie-breaks drawn from the deal's stream (which advances as
    the bot's generator does)."""
    tb = batch.tb
    codes = tb.codes
    suits = tb.kernel.suits
    out = np.full(batch.size, NONE, dtype=np.int64)
    bot = HeuristicBot(seed=0)  # its generator is set to each deal's stream in turn
    rng = bot._rng
    for b in np.flatnonzero(live).tolist():
        seat = int(batch.to_move[b])
        hand_mask, legal_b = int(batch.hands[b, seat]), int(legal[b])
        seen = _SeatView(tb.game, seat, [x for i, x in enumerate(codes) if hand_mask >> i & 1],
                         [x for i, x in enumerate(codes) if legal_b >> i & 1],
                         [codes[c] for c in batch.trick[b, :batch.n_played[b]].tolist()],
                         suits[int(batch.trump[b])])
        rng.state = int(streams.state[b])
        action = bot.choose(seen)  # type: ignore[arg-type]
        streams.state[b] = np.uint64(rng.state)
        out[b] = codes.index(action.args[0])
    return out


# -- whole deals: the deal and the heuristic bot's calls in arrays ------------------------------
def deal_batch(game: ExampleGame, seeds: np.ndarray, dealers: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """EX-2 the deals of ``seeds`` by ``dealers``, as ``game.deal(seed=s, dealer=d)`` deals
    them: ``(B, 3)`` hand masks and ``(B, 3)`` stock cards (pack indices, the turn-up
    first). The pack order is :func:`~cardlab.sim.rng.shuffle_batch`'s; 7 cards to each
    seat from the dealer's left, the last 3 to the stock."""
    tb = tables_for(game)
    perm = shuffle_batch(seeds, tb.n_cards)
    size = perm.shape[0]
    rows = np.arange(size)
    hands = np.zeros((size, SEATS), dtype=np.uint64)
    for i in range(SEATS):
        seat = (dealers + 1 + i) % SEATS
        packet = np.bitwise_or.reduce(tb.bit[perm[:, HAND_SIZE * i:HAND_SIZE * (i + 1)]], axis=1)
        hands[rows, seat] = packet
    stock = perm[:, SEATS * HAND_SIZE:SEATS * HAND_SIZE + STOCK_SIZE].copy()
    return hands, stock


@lru_cache(maxsize=1 << 16)
def _calls(game: ExampleGame, hand: int, trump: str) -> bool:
    """Whether the heuristic bot calls (EX-3.2) with ``hand`` (a mask) under ``trump``: the
    bot module's own :func:`~cardlab.bots.example.hand_tricks` against its ``CALL_AT``."""
    cards = [c for i, c in enumerate(game.deck) if hand >> i & 1]
    return hand_tricks(cards, trump) >= CALL_AT


def heuristic_calls(game: ExampleGame, hands: np.ndarray, trump: np.ndarray,
                    dealers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """EX-3 the heuristic bot's calls: from the dealer's left each seat calls or passes,
    and the first call ends the calling. Returns the caller (``NONE`` when all passed,
    EX-3.3) and the number of calls made."""
    suits = tables_for(game).kernel.suits
    size = hands.shape[0]
    caller = np.full(size, NONE, dtype=np.int64)
    n_calls = np.zeros(size, dtype=np.int64)
    for i in range(SEATS):
        seat = (dealers + 1 + i) % SEATS
        open_ = caller == NONE
        n_calls += open_
        for b in np.flatnonzero(open_).tolist():
            s = int(seat[b])
            if _calls(game, int(hands[b, s]), suits[int(trump[b])]):
                caller[b] = s
    return caller, n_calls


@dataclass
class WholeDeals:
    """Whole deals at the opening lead: the batch, and the calls before it."""

    batch: ExampleBatch
    #: the calls made before the play, per deal
    pre_len: np.ndarray


def whole_deals(game: ExampleGame, seeds: np.ndarray, dealers: np.ndarray) -> WholeDeals:
    """Deal ``seeds`` by ``dealers`` and make the heuristic bot's calls (EX-2, EX-3); the
    batch at the opening lead (EX-4.1: the caller leads, else the dealer's left)."""
    tb = tables_for(game)
    dealers = np.broadcast_to(np.asarray(dealers, dtype=np.int64), (len(seeds),)).copy()
    hands, stock = deal_batch(game, seeds, dealers)
    trump = tb.suit_of[stock[:, 0]]
    caller, n_calls = heuristic_calls(game, hands, trump, dealers)
    batch = ExampleBatch(tb, len(seeds))
    batch.hands = hands
    batch.trump = trump
    batch.caller = caller
    batch.to_move = np.where(caller >= 0, caller, (dealers + 1) % SEATS)
    return WholeDeals(batch=batch, pre_len=n_calls)


def _study_deals(game: ExampleGame, seeds: np.ndarray, dealers: np.ndarray, policy: str,
                 rescore: Sequence[Mapping[str, Any]] = ({},)
                 ) -> tuple[list[dict[str, Any]], np.ndarray]:
    """``Simulator.whole_deals`` for the studies: :func:`whole_deals`, played on with
    ``policy`` (each deal on its play stream) and scored under each set of ``rescore``.
    A deal nobody called is played too (EX-3.3); it has no contract."""
    wd = whole_deals(game, seeds, dealers)
    batch = wd.batch
    play_on(batch, np.asarray(seeds), policy)
    has = batch.caller >= 0
    contracts = {"call": int(has.sum())} if has.any() else {}
    parts = []
    for opts in rescore:
        parts.append({"scores": batch.scores(**opts), "has_contract": has.copy(),
                      "made": batch.made(), "length": wd.pre_len + batch.n_actions,
                      "contracts": dict(contracts), "sides": list(game.sides)})
    return parts, np.zeros(len(seeds), dtype=bool)


#: the game's simulator (registered by :mod:`cardlab.sim` when the example is registered):
#: ``call_value`` is scoring only, so its variants are rescored
SIMULATOR = Simulator(batch=ExampleBatch, rescores=True, whole_deals=_study_deals)
