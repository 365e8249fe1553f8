"""Five Hundred's bids valued by the open-hands solver on sampled deals (as bridge programs
value a contract with a double-dummy table on many layouts).

For each sampled deal of the cards the bidder cannot see (the other hands and the kitty,
dealt from the rest of the pack so that the calls the others have made fit the hands it
gives them, :func:`_deals`), each call is made the contract as it would be: the auction so
far replayed, the bidder's call, every other seat passing; the bidder's heuristic bot takes
the kitty, discards and nominates. Then the solver finds, with every hand open, how many tricks the contract's
side takes when both sides play perfectly, and the game's own scoring turns that into the
sides' points. Calls of one strain whose play is the same (the same discard) share one
search. The values are the bidder's side's points less the other side's if that call became
the contract: the measure of the hint's card values, so that a call and passing compare as
a race to 500 does (a pass that lets the others make 8NT costs what they score).

Open hands are kind to a declarer who would need to guess and just as kind to the
defence: a misère with the joker fails when the defenders, seeing it, keep the suit it
must be thrown on (J3); a bid built on a finesse makes on the layouts where the finesse
works. Averaged over deals drawn from what the bidder knows, they are a sound guide, and
far better than a rollout whose bots discard the joker or defend a misère carelessly.

**Played with hidden cards.** A side takes fewer tricks in play than with every hand open
(it must guess; so must the defence, less often): a bid's value on each deal is the
expected score over :data:`SHORTFALL`, the distribution of that difference measured by
``benchmarks/declarer_shortfall.py`` (the expert's play at every seat, natural contracts of
four players). Without it the open-hands values flattered every bid and the expert
overbid. A misère is counted as open hands find it (its shortfall is not measured).

**Reading the auction.** A call says something about the caller's hand: a seat that bid
7H holds hearts, one that passed holds no big hand. The deals are read as the heuristic bot
counts a hand, with a trick to spare (:mod:`~cardlab.sim.five_hundred.reading`): a deal is
drawn again, up to :data:`TRIES` times, until every other seat's call fits the hand it
gives that seat. Without it, a bid standing over the bidder was played on hands that need
not hold it, and passing over the others' 6H looked good because 6H, on hands dealt at
random, mostly failed.

**Passing** is valued on the same deals, in the same measure: the bidder's side's points less
the other side's if she passes now. On each deal she passes, every other seat's heuristic
bot bids on (her own too, where the rules give her another call), the contractor's bot takes
the kitty, discards and nominates, and the solver finds the counted tricks with every hand
open, as for a bid; the side that contracts takes :data:`SHORTFALL`'s tricks fewer in play
(so a defending side as many more). A deal everyone passed scores as the rules say (thrown in: nothing,
5H-5.5); its search is not counted against the node budget below, so the bids are valued on
as many deals as without it.

Forms served: two sides (four players; two with a dead hand) with the compiled solver; the
others keep the rollout study. Each call has a node budget (:data:`NODES_PER_DEAL` for each
deal asked, at most :data:`MAX_NODES`, and at least :data:`MIN_DEALS` deals): the number
of positions decides, not the clock, so a call gives the same values on any machine. The
deals are valued on the machine's cores, and so are each deal's searches (one per strain
whose play differs: :func:`~cardlab.sim.open_hands.side_by_side`), so one slow deal does not
leave a core idle; the values and the positions counted are those of one thread.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

import numpy as np

from cardlab.bots import bot_for
from cardlab.engine.rng import derive_seed
from cardlab.games.five_hundred.rules import TRICKS
from cardlab.sim.five_hundred.reading import call_reads, misfits
from cardlab.sim.open_hands import THREADS, LayoutBudget, side_by_side, value_within
from cardlab.solve import compiled
from cardlab.solve.five_hundred import CompiledSearch, FiveHundredAdapter
from cardlab.solve.search import SolveBudgetExceeded

__all__ = ["NODES_PER_DEAL", "MAX_NODES", "MIN_DEALS", "DEAL_BUDGET", "SHORTFALL", "serves",
           "in_play", "margin", "open_hands_calls", "TRIES", "TABLE_BITS"]

#: the positions one call may search over all its deals, per deal asked … (halved when the
#: search learnt to need some 2-3× fewer positions a deal: a look back's bid is valued on
#: 7 deals instead of some 5, in half the time)
NODES_PER_DEAL: Final = 200_000
#: … and at most
MAX_NODES: Final = 6_000_000
#: the fewest deals a call values, whatever their nodes (where as many are asked: only
#: ``n`` are drawn)
MIN_DEALS: Final = 4
#: the positions one strain of one deal may take (past it, that deal is left out)
DEAL_BUDGET: Final = 3_000_000
#: the draws a sampled deal may take to fit the auction so far (:func:`_deals`)
TRIES: Final = 200
#: log2 of the slots of the search table a bid's searches use (9 MiB; the card play's
#: 36 MiB table is for searches of many more positions): each thread that searches keeps
#: one, and a hint spreads a deal's searches over threads of their own. Measured on the
#: first deals of six opening bids: 0.5% more positions than with the large table
TABLE_BITS: Final = 18
#: the most decisions between the bidder's call and the play (passes, kitty, nomination)
_TO_PLAY: Final = 24
#: the most decisions after the bidder's pass up to the play (the others' auction, the
#: kitty, the nomination): past it, passing is not valued
_AFTER_PASS: Final = 200
#: open-hands tricks minus tricks taken in play → its share of contracts: measured on 116
#: natural four-player contracts played out by the expert at every seat
#: (``python benchmarks/declarer_shortfall.py``, 2026-12-06; mean 0.32 of a trick)
SHORTFALL: Final = {-2: 0.034, -1: 0.138, 0: 0.448, 1: 0.284, 2: 0.052, 3: 0.034, 4: 0.009}


def serves(state: Any) -> bool:
    """Whether the solver values ``state``'s bids: an auction of a form with two sides
    (four players, or two with a dead hand) searched by the compiled loop."""
    game = state.game
    if state.phase != "auction" or len(game.sides) != 2 or game.players not in (2, 4):
        return False
    if getattr(game.options, "two_player_form", "") == "ghost_partners_43":
        return False
    return bool(FiveHundredAdapter.compiled)


def _deals(state: Any, n: int, seed: int) -> list[Any]:
    """``n`` deals like ``state`` with every card the bidder cannot see dealt afresh, its
    auction so far replayed, each the first of up to :data:`TRIES` draws whose every call
    by another seat fits the hand it gives that seat
    (:func:`~cardlab.sim.five_hundred.reading.misfits`); where none does, the draw with
    the fewest calls that do not."""
    game = state.game
    seat = state.to_move
    mine = list(state.hands[seat])
    rest = [c for c in game.deck if c not in set(mine)]
    labels = game.deal_parts()
    bit = {c: 1 << i for i, c in enumerate(game.deck)}
    reads = call_reads(state, skip=seat)
    out = []
    for i in range(n):
        best: tuple[int, dict[str, Any]] | None = None
        for t in range(TRIES):
            # the first draw is the one the deals had before the auction was read
            rng = np.random.default_rng(derive_seed(seed, i) if t == 0
                                        else derive_seed(seed, i, t))
            order = [rest[k] for k in rng.permutation(len(rest))]
            parts: dict[str, Any] = {}
            at = 0
            for k, (label, size) in enumerate(labels):
                if k == seat:
                    parts[label] = mine
                    continue
                parts[label] = order[at:at + size]
                at += size
            hands = np.array([[sum(bit[c] for c in parts[label])
                               for label, _ in labels[:game.players]]], dtype=np.uint64)
            bad = int(misfits(game, reads, hands)[0])
            if best is None or bad < best[0]:
                best = (bad, parts)
            if bad == 0:
                break
        assert best is not None
        s = game.deal_from_parts(best[1], dealer=state.dealer)
        for action in state.history:
            s = s.apply(str(action))
        out.append(s)
    return out


def _to_the_play(s: Any, call: str, seed: int) -> Any:
    """``s`` after ``call`` (the bidder's), every other seat passing and the bots deciding
    the kitty and the nomination; the deal at its opening lead, or finished."""
    bots: dict[int, Any] = {}
    s = s.apply(call)
    for _ in range(_TO_PLAY):
        if s.is_over or s.phase == "play":
            return s
        if s.phase == "auction":
            s = s.apply("pass")
            continue
        seat = s.to_move
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = bot_for(s.game.name, "heuristic", seed=derive_seed(seed, seat))
        s = s.apply(bot.choose(s))
    return s


def _after_pass(s: Any, seed: int) -> Any:
    """``s`` after the bidder's pass, the other seats' heuristic bots bidding on (hers too,
    where the rules let her call again) and the contractor's deciding the kitty and the
    nomination; the deal at its opening lead, or finished (everyone passed)."""
    bots: dict[int, Any] = {}
    s = s.apply("pass")
    for _ in range(_AFTER_PASS):
        if s.is_over or s.phase == "play":
            return s
        seat = s.to_move
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = bot_for(s.game.name, "heuristic", seed=derive_seed(seed, 7, seat))
        s = s.apply(bot.choose(s))
    return s


def margin(points: Mapping[str, float], side: str) -> float:
    """``side``'s points less the other sides' (their mean): the measure of the values."""
    others = [float(v) for name, v in points.items() if name != side]
    return float(points[side]) - (sum(others) / len(others) if others else 0.0)


def in_play(ad: FiveHundredAdapter, count: float, side: str) -> float:
    """The side's expected margin (:func:`margin`) when open hands give it ``count`` counted
    tricks and the deal is played with the cards hidden: the contracting side takes
    :data:`SHORTFALL` tricks fewer, as measured, so a defending side as many more (a
    misère's count, and a deal with no contractor, as it is)."""
    if ad.misere or ad.facts.declarer is None:
        return margin(ad.points(count, side), side)
    contracting = any(s in ad.facts.contractors for s in ad.sides[side])
    sign = 1 if contracting else -1
    total = sum(SHORTFALL.values())
    return sum(p * margin(ad.points(min(max(count - sign * d, 0), TRICKS), side), side)
               for d, p in SHORTFALL.items()) / total


class _NotServed(Exception):
    """A call reaches a play this module does not search (a form it does not know)."""


class _Play(NamedTuple):
    """A deal at its opening lead, ready to search for ``side``: the adapter, the root, and
    the key its search shares with the other calls of its strain whose play is the same."""

    ad: FiveHundredAdapter
    root: Any
    key: Any


def _play(s: Any, side: str) -> _Play | float:
    """``s`` (at the opening lead, or finished) made ready to search, or ``side``'s margin
    where the deal is over; :class:`_NotServed` for a play this module does not search."""
    if s.is_over:
        return margin(s.result.points, side)
    if s.phase != "play" or not compiled(s):
        raise _NotServed(str(s.contract))
    ad = FiveHundredAdapter(s)
    root = ad.root(s)
    key = (str(s.contract).split()[0].lstrip("0123456789"), root.hands, root.turn,
           ad.counted(side))
    return _Play(ad, root, key)


def _searched(side: str) -> Any:
    """The search of one play: its counted tricks (None past :data:`DEAL_BUDGET`) and the
    positions it took (past the budget too)."""

    def search(play: _Play) -> tuple[float | None, int]:
        found = CompiledSearch(play.ad, side, DEAL_BUDGET, table_bits=TABLE_BITS)
        try:
            return found.exact(play.root), found.nodes
        except SolveBudgetExceeded:
            return None, found.nodes

    return search


def open_hands_calls(state: Any, calls: list[str], n: int, seed: int,
                     workers: int = THREADS) -> dict[str, np.ndarray] | None:
    """Per call of ``calls`` (``"bid 7H"``, ``"bid misere"`` …) and, where passing is legal,
    ``"pass"`` (module docstring), the bidder's side's margin on each deal valued (at most
    ``n``; the same deals for every call); None where :func:`serves` says no. Passing is left
    out where a deal of it does not reach a play the solver serves within its budget.
    ``workers``: the threads the deals are valued on (:mod:`cardlab.sim.open_hands`; the
    values are the same)."""
    if not serves(state) or not calls:
        return None
    side = next(name for name, seats in state.game.sides.items() if state.to_move in seats)
    passing = "pass" in {str(a) for a in state.legal_actions()} and "pass" not in calls
    numbered = list(enumerate(_deals(state, n, seed)))

    def value(item: tuple[int, Any], limit: int) -> tuple[list[float] | None, int]:
        """One deal's row (each call, then passing: NaN where not searched; None past the
        budget of a strain's search) and the positions searched for it. Its searches (one
        per strain whose play differs) run side by side; the row and the positions counted
        are those of searching them one by one in the calls' order, stopping at the first
        past its budget."""
        i, deal = item
        plays = [_play(_to_the_play(deal, call, derive_seed(seed, i)), side) for call in calls]
        after: _Play | float | None = None
        if passing:
            try:
                after = _play(_after_pass(deal, derive_seed(seed, i)), side)
            except _NotServed:
                after = None  # (passing left out)
        jobs: dict[Any, _Play] = {}
        for p in (*plays, after):
            if isinstance(p, _Play) and p.key not in jobs:
                jobs[p.key] = p
        found = dict(zip(jobs, side_by_side(_searched(side), list(jobs.values()), workers)))
        row: list[float] = []
        counted: set[Any] = set()
        spent = 0
        for p in plays:
            if not isinstance(p, _Play):
                row.append(p)
                continue
            count, nodes = found[p.key]
            if p.key not in counted:
                counted.add(p.key)
                spent += nodes
            if count is None:
                return None, spent
            row.append(in_play(p.ad, count, side))
        if passing:
            if isinstance(after, _Play):
                count = found[after.key][0]
                row.append(float("nan") if count is None else in_play(after.ad, count, side))
            else:
                row.append(float("nan") if after is None else after)
        # passing's search is not counted against the call's budget, nor does it drop the
        # deal: the bids are valued on the deals they would be without it (their
        # precision, and the expert's bids, unchanged)
        return row, spent

    budget = LayoutBudget(NODES_PER_DEAL, MAX_NODES, MIN_DEALS, DEAL_BUDGET)
    try:
        valued = value_within(numbered, value, n, budget, workers)
    except _NotServed:
        return None  # a form this module does not know: keep the rollouts
    if valued is None:
        return None
    table = valued.table
    out = {call: table[:, k].copy() for k, call in enumerate(calls)}
    if passing and not np.isnan(table[:, len(calls)]).any():
        out["pass"] = table[:, len(calls)].copy()
    return out
