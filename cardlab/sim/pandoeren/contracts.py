"""Pandoeren's auction valued: each call as the contract, played out on sampled layouts.

:func:`contract_values` gives every bid of the auction a value, the measure the coach uses
for a call (issue #29): *what the bidder's side scores when that call stands and the deal
is played well*, in the game's own unit (game points, A4.2; under
``scoring="zero_sum_per_opponent"`` what the bidder collects or pays). For each call:

* **Layouts.** The cards the bidder cannot see (the other three hands: 24 cards, her own
  eight and the kijkkaart lying face up, A2.4) are dealt at random by the one sampler,
  :func:`cardlab.sim.sampling.fill_layouts`. The calls so far are treated as no clue (a
  bid is not read as strength), so the layouts depend on her hand and the kijkkaart only.
  Every call is valued on the same layouts, in the same order (paired).
* **The contract.** The call is made on the deal as it stands, the auction so far
  included, and every other seat passes (A2.5): the bidder is the declarer, and those who
  bid before her can still deny roem (A2.10.2).
* **The declarer's choices** (the exchange, trumps, the call: A2.7) depend on her nine
  cards only, the same on every layout, so she makes one plan for all of them, not one per
  layout (that would peek at the hidden hands). The plans tried: the heuristic bot's own
  discard with every legal trump suit and every legal call after it, and every legal
  discard with the bot's trumps and call after it. The plan kept for a call is the one
  whose mean for that call is highest on a *second*, independent set of as many layouts
  (the pilot): choosing on the layouts that value it would count the luck of the pick as
  skill. A number bid may keep another plan than a lower one (trumps for 200 are not
  always the trumps for 120).
* **The play and the score.** On the pilot the batch plays every plan with its
  ``"heuristic"`` card play (:class:`~cardlab.sim.pandoeren.batch.PandoerenBatch`) and the
  game's own scoring (the kernel's contract tests and payments,
  :meth:`~cardlab.sim.pandoeren.batch.PandoerenBatch.scores`) counts the bidder's points:
  that picks the plan. On the layouts that value the call, its plan is played as the expert
  plays (:func:`~cardlab.sim.pandoeren.finish.finish_open`: the heuristic until the
  open-hands solver serves the deal, five cards a hand, then perfect play with every hand
  open), in the bidder's points. (Finishing every plan open on the pilot too would cost as
  many times more as there are plans, ~3.5 a call.)

Calls whose play is the same share it: number bids differ in the points to reach (a number
bid never fails on tricks, so the heuristic's play does not depend on it), Pandoer + n in
the roem to reach, and the contracts with one trick objective, the same partner and trumps
(Misère, Misère ouvert, Stil praatje and Praatje; Piccolo and Piccolo ouvert) only in their
game points. On the pilot every plan is played once per group and scored apart for each
call. On the valuing layouts the solver reads the points to reach, so each number bid and
each Pandoer + n is finished on its own; calls that differ only in game points are
finished once and scaled (the payment is ± the game points, A2.11 / P-A19, and the outcome
of perfect play does not depend on them). Neither the heuristic nor the solver reads an
ouvert or praatje contract's open hand as a rule of its own: the heuristic plays it as its
closed twin, and the solver has every hand open anyway.

Measured (2 shared cores, the default options, the opening call of 8 deals): the 40 calls
over 60 layouts (15 rounds of 4) take a median of 2.5 s (2.0-3.0 s), where the heuristic's
play to the end took 0.47 s; the Misère group and the number bids take most of it. The
hint's rounds are now 2 + 14 × 4 layouts, passing valued too (benchmarks/RESULTS.md: 2.5 s
median for the whole auction's refined bars, first bars 0.1 s).

Every call that can stand is valued; a call whose contract cannot reach the play from
this hand (no legal plan) is left out of the result.

**Passing** (:func:`pass_values`) is valued on the same layouts, in the same measure: the
bidder's own points. On each layout she passes, the other seats' heuristic bots bid on and
the winner makes her choices, and the deal is played by the bots until the solver serves it
and by the solver from there (:func:`~cardlab.sim.pandoeren.finish.finish_open`). A
defender's points are what the scoring pays her (nothing under the default
``pagat_plus_minus``, her share of the payments under ``"zero_sum_per_opponent"``, A2.11 /
P-A19); a passer the declarer's called ace makes her partner is paid with the declarer; an
auction all four pass is annulled, worth 0 (A2.5).

Not :mod:`cardlab.sim.pandoeren.calls`: that module *makes* the heuristic bot's calls (the
auction, the exchange, trumps, the call) for whole batches of dealt deals, as the studies
and seasons need them; this one *values* each call open to one seat in one scalar state,
every call played out as the contract on layouts of what that seat cannot see (the
coach's and the hint's call values, ``Simulator.call_values``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from cardlab.engine.rng import derive_seed
from cardlab.sim.pandoeren.finish import finish_open
from cardlab.sim.sampling import fill_layouts, hand_mask
from cardlab.sim.simulator import play_on

__all__ = ["call_values", "contract_values", "contract_at_lead", "pass_values", "plans",
           "layouts"]

#: the most actions between the bidder's call and the opening lead (passes and A2.7's choices)
_TO_LEAD = 12


def layouts(state: Any, n: int, seed: int) -> tuple[list[int], np.ndarray]:
    """``(hidden, masks)``: the seats the bidder cannot see, and ``n`` layouts of their hands
    (``(n, 3)`` ``uint64`` masks, bit ``i`` = the pack's ``i``-th card), dealt from every card
    but her hand and the kijkkaart (module docstring)."""
    game, me = state.game, state.to_move
    deck = game.deck
    idx = {c: i for i, c in enumerate(deck)}
    seen = hand_mask(idx, [*state.hands[me], state.kijkkaart])
    pool = [i for i in range(len(deck)) if not seen >> i & 1]
    hidden = [s for s in range(4) if s != me]
    need = [len(state.hands[s]) for s in hidden]
    allowed = np.ones((len(hidden) + 1, len(deck)), dtype=bool)
    return hidden, fill_layouts(pool, need, allowed, n, seed)


def contract_at_lead(state: Any, call: str) -> Any | None:
    """``state`` after the bidder's ``call`` and every other seat passing (A2.5): the deal
    at the declarer's first choice (A2.7), or None if the call does not become her
    contract."""
    me = state.to_move
    s = state.apply(call)
    for _ in range(_TO_LEAD):
        if s.phase != "auction":
            break
        s = s.apply("pass")
    if s.phase == "auction" or s.is_over or getattr(s, "declarer", None) != me:
        return None
    return s


def plans(contract: Any, bot: Any) -> list[Any]:
    """The declarer's plans tried (module docstring): the states at the opening lead after
    every legal first choice with the bot's later choices, and after the bot's first choice
    with every legal later choice; each plan once, in that order."""
    def bot_on(s: Any) -> Any:
        for _ in range(_TO_LEAD):
            if s.phase == "play" or s.is_over:
                break
            s = s.apply(bot.choose(s))
        return s

    def every(s: Any) -> Iterator[Any]:
        if s.phase == "play" or s.is_over:
            yield s
            return
        for a in s.legal_actions():
            yield from every(s.apply(a))

    firsts = [bot_on(contract.apply(a)) for a in contract.legal_actions()]
    mine = contract.apply(bot.choose(contract))
    out: dict[tuple[str, ...], Any] = {}
    for s in [*firsts, *every(mine)]:
        if s.phase == "play":
            out.setdefault(tuple(str(a) for a in s.history), s)
    return list(out.values())


def _group(bid: Any) -> tuple[Any, ...]:
    """What makes two contracts play alike (module docstring): the objective's test, the
    partner, trumps and whether roem counts; the bid's number and game points aside."""
    from cardlab.games.pandoeren.rules import OBJECTIVE_OF

    kind = bid.kind
    return OBJECTIVE_OF[kind.name], kind.partner, kind.trumps, kind.counts_roem


def _on_layouts(templates: list[Any], hidden: list[int], lay: np.ndarray) -> Any:
    """One batch row per (template, layout): the template's opening lead (the declarer's
    hand, trumps, the call: all public to her) with the hidden hands of the layout, and
    what follows from them worked out from the layout (the partner: the holder of the
    called card or the jas, A2.7.3, A2.7.4; stuk and roem in hand and the roem that counts,
    A2.10), as :mod:`~cardlab.sim.pandoeren.sampling` does for the play's hint."""
    from cardlab.sim.pandoeren.batch import PandoerenBatch, _roem_counts, _roem_facts

    n = len(lay)
    base = PandoerenBatch.from_states(templates)
    b = base.take(np.repeat(np.arange(len(templates)), n))
    rows = np.tile(lay, (len(templates), 1))
    for j, s in enumerate(hidden):
        b.hands[:, s] = rows[:, j]
    tb = b.tb
    # the card that makes the partner: the called one (``n_cards``: none, its bit 0), or the jas
    card = np.where(b.jas_marks, tb.jas[b.table], tb.bit[b.called]).astype(np.uint64)
    partner = np.full(b.size, -1, dtype=np.int64)
    for s in hidden:
        partner[(b.hands[:, s] & card) != 0] = s
    b.partner = np.where(card != 0, partner, b.partner)
    counts = np.flatnonzero(b.counts_roem)
    if counts.size:
        kq = tb.kq[b.table][:, None]
        b.stuk_held[:] = (b.table < 4)[:, None] & ((b.hands & kq) == kq) & \
            b.counts_roem[:, None]
        roem_of = _roem_facts(templates[0].game)
        denial = bool(templates[0].game.options.roem_denial)
        bidders = [{s for s, call in t.auction.calls if call != "pass"} for t in templates]
        memo: dict[tuple[Any, ...], list[int]] = {}
        for r in counts:
            hands = tuple(int(m) for m in b.hands[r])
            d, p, t = int(b.declarer[r]), int(b.partner[r]), r // n
            facts = [roem_of(m) for m in hands]
            b.roem_val[r] = [f[0] for f in facts]
            key = (hands, d, p, frozenset(bidders[t]))
            got = memo.get(key)
            if got is None:
                got = memo[key] = _roem_counts(facts, d, p, bidders[t], denial)
            b.roem_counted[r] = got
    return b


def call_values(state: Any, calls: list[str], n: int, seed: int
                ) -> dict[str, np.ndarray] | None:
    """Every contract of ``calls`` (:func:`contract_values`) and, where passing is legal,
    ``"pass"`` (:func:`pass_values`), on the same ``n`` layouts: the game's
    ``Simulator.call_values``."""
    out = contract_values(state, calls, n, seed)
    if out is not None and "pass" in {str(a) for a in state.legal_actions()}:
        out["pass"] = pass_values(state, n, seed)
    return out


def pass_values(state: Any, n: int, seed: int) -> np.ndarray:
    """The bidder's own points on each of the ``n`` layouts of :func:`contract_values` (the
    same seed gives the same layouts) if she passes now (module docstring)."""
    from cardlab.bots import bot_for
    from cardlab.sim.pandoeren.batch import PandoerenBatch
    from cardlab.sim.pandoeren.finish import row_state

    me = state.to_move
    idx = {c: i for i, c in enumerate(state.game.deck)}
    hidden, main = layouts(state, n, derive_seed(seed, 0))
    out = np.zeros(n)
    played: list[tuple[int, Any]] = []
    for i in range(n):
        hands = np.zeros(4, dtype=np.uint64)
        hands[me] = hand_mask(idx, state.hands[me])
        hands[hidden] = main[i]
        s = row_state(state, hands, ())
        if s is None:  # every layout is a deal of the unseen cards: the engine takes it
            raise ValueError(f"layout {i} of the cards {me} cannot see is not a deal")
        s = s.apply("pass")
        bots: dict[int, Any] = {}
        while not s.is_over and s.phase != "play":
            seat = s.to_move
            if seat not in bots:
                bots[seat] = bot_for(s.game.name, "heuristic", seed=derive_seed(seed, 3, i, seat))
            s = s.apply(bots[seat].choose(s), seat=seat)
        if s.phase == "play":
            played.append((i, s))
        else:  # all four passed: annulled, nobody scores (A2.5)
            out[i] = float(s.result.seat_points[me])
    if played:
        ups = [u for _, u in played]
        finals = finish_open(PandoerenBatch.from_states(ups), ups,
                             np.full(len(ups), me, dtype=np.int64))
        zero_sum = state.game.options.scoring == "zero_sum_per_opponent"
        for (i, u), v in zip(played, finals):
            # the measure is the declaring side's points against a defender; she is paid
            # them only where the scoring pays defenders (A2.11 / P-A19)
            out[i] = float(v) if zero_sum or me in u.team() else 0.0
    return out


def contract_values(state: Any, calls: list[str], n: int, seed: int
                    ) -> dict[str, np.ndarray] | None:
    """Per call of ``calls`` (``"bid 150"``, ``"bid misere"`` …) that can stand, the bidder's
    points on each of ``n`` layouts (the same layouts, in the same order, for every call):
    the module docstring's measure. None outside the auction or with no call to value."""
    from cardlab.bots import bot_for
    from cardlab.games.pandoeren.rules import game_points

    if state.phase != "auction" or not calls or state.to_move is None:
        return None
    game, me = state.game, state.to_move
    bot = bot_for(game.name, "heuristic", seed=derive_seed(seed, me))
    # the calls by how they play: one set of plans for each group, built on its first call
    groups: dict[tuple[Any, ...], list[tuple[str, Any]]] = {}
    for call in calls:
        contract = contract_at_lead(state, call)
        if contract is not None:
            groups.setdefault(_group(contract.bid), []).append((call, contract))
    templates: list[Any] = []
    owned: dict[tuple[Any, ...], range] = {}
    for key, members in groups.items():
        tried = plans(members[0][1], bot)
        owned[key] = range(len(templates), len(templates) + len(tried))
        templates.extend(tried)
    if not templates:
        return None
    hidden, main = layouts(state, n, derive_seed(seed, 0))
    _, pilot = layouts(state, n, derive_seed(seed, 1))
    batch = _on_layouts(templates, hidden, pilot)
    play_on(batch, np.tile(np.array([derive_seed(seed, 2, i) for i in range(n)],
                                    dtype=np.uint64), len(templates)), "heuristic")
    # each call's plan, by the pilot; the calls that then play alike share one opening lead
    # (the plan's choices on the first such call's contract), valued once and scaled
    leads: dict[tuple[Any, ...], tuple[Any, int, list[tuple[str, int]]]] = {}
    for key, members in groups.items():
        span = owned[key]
        if not len(span):
            continue
        scored = batch.take(np.arange(span.start * n, span.stop * n))
        first = len(members[0][1].history)  # the plans' choices follow the contract's calls
        for call, contract in members:
            scored.number[:] = contract.bid.number  # A2.11 the points or roem to reach
            points = game_points(contract.bid, game.options)  # A4.2
            scored.value[:] = points
            pilot_points = scored.scores()[:, me].astype(float).reshape(len(span), n)
            best = int(np.argmax(pilot_points.mean(axis=1)))  # the plan, by the pilot
            alike = (key, contract.bid.number, best)
            if alike not in leads:
                lead = contract
                for action in templates[span.start + best].history[first:]:
                    lead = lead.apply(action)
                leads[alike] = (lead, points, [])
            leads[alike][2].append((call, points))
    played = [lead for lead, _, _ in leads.values()]
    finals = finish_open(_on_layouts(played, hidden, main),
                         [lead for lead in played for _ in range(n)],
                         np.full(len(played) * n, me, dtype=np.int64))
    out: dict[str, np.ndarray] = {}
    for j, (_, points, calls_alike) in enumerate(leads.values()):
        row = finals[j * n:(j + 1) * n]
        for call, own in calls_alike:
            # a payment is ± the game points (per defender or member, A2.11 / P-A19), the
            # outcome the same for every call alike: scaled exactly
            out[call] = row / points * own
    return out or None
