"""Advice for a learner: what each option is worth now, and a look back at a deal played.

:func:`advise` values every legal option the studies can value, for the seat to move,
by Monte Carlo over layouts of the cards that seat cannot see (never the cards
themselves): the card plays through :func:`cardlab.sim.hint`, and the calls where a
study values them — a bid through :func:`cardlab.sim.bid_odds` (Pandoeren's: each call
played out as the contract, :mod:`cardlab.sim.pandoeren.contracts`; Officer Skat's choice
of game on sampled whole states, below), valued as if that call became the contract (a
learner's "what is this bid worth with my hand") — and the choices a seat makes for
itself on the way to the play: a discard, an exchange, a joker nomination, a trump
suit, a partner call, Kontra and Re. Such a choice is valued by what follows it: the seat's own
heuristic bot makes its next choices up to the opening lead, and the lead it would make
is valued as a card play. Passing is valued where the game's valuer of its calls values
it (Five Hundred's and Pandoeren's: the others' auction played on from each layout), else
it carries no value (no bar).

**How a deal is played on.** Where the solver serves a position, every hand of a layout is
open (``"open hands"``). Where it does not serve yet and the game's simulator finishes its
deals open (``Simulator.finish_open``: Officer Skat, Pandoeren), the bots play each layout
only until the solver serves it, and the solver plays the rest (:data:`BOTS_THEN_OPEN`),
so the late tricks are played as the expert plays them; elsewhere the heuristic bots play
the deal out (``"rollouts"``). :attr:`Advice.method` says which.

Where other seats decide between the choice and the chooser's lead (Panfin: every
declaration — tengo with its exchange, fold, servito — the dealer's choice of suit and
her swap; Officer Skat's choice of game, Kontra and Re), a layout of the hidden hands is
not enough, so the game's simulator samples
whole states instead (``Simulator.sample_states``: the other hands, the discards and the
stock's order, from what the chooser can see only). Each option is applied to the same
sampled states (paired), every seat's heuristic bot decides up to the play, the tricks
are valued by the open-hands solver where the simulator offers it for a whole state
(``Simulator.open_hands_state``, Panfin: the chooser's side's value with every hand open,
unless a state of the call is past the solver's budget), else finished open where the
simulator offers it (in the game's card-hint measure), else played by the batch, and
the option's value is the chooser's side's result in the game's unit (Panfin: net chips); a deal that ends before the play (a combination, servito,
folds) counts its result as it stands. Every option is valued, each exchange of every
size too. In a game whose simulator samples no whole states, such a choice is not valued.

A discard of several cards is valued card by card: each card's option is that card
with the bot's own other choices (the bot's discard itself for the cards it drops), so
a bar sits on each card of the hand. Where every option is valued on sampled states, a
card's bar is the best option that names it (an exchange of that card, alone or with
others; the dealer's discard at her swap); an option no card carries (standing pat,
fold, servito, keeping the hand at the swap, and an exchange that is no card's best)
has its own bar, on its button.

:func:`look_back` goes through a finished deal's decisions of some seats and marks each
with its cost against the best option by the same estimate, each from the state the
seat was in when it decided, so it never uses a card the seat could not see then.

>>> import cardlab
>>> game = cardlab.load("officer_skat")
>>> state = game.deal(seed=4, dealer=0).apply("declare grand")
>>> while state.phase != "play":
...     state = state.apply(state.legal_actions()[-1])
>>> advice = advise(state, n=32, seed=1)
>>> advice.best in advice.values and set(advice.values) <= {str(a) for a in state.legal_actions()}
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardlab.engine.rng import derive_seed
from cardlab.sim.montecarlo import play_samples
from cardlab.sim.simulator import OPEN_LATE, play_on
from cardlab.sim.studies import bid_odds_table
from cardlab.solve import SolveBudgetExceeded, SolveError, compiled, values

__all__ = ["Advice", "Decision", "LookBack", "advise", "look_back", "on_sampled_states", "t95",
           "valued_by", "values_in_background"]

#: the calls a bid-odds study values, by verb: the call's argument is the contract
VALUED_CALLS = frozenset({"bid", "declare"})
#: the choices valued by the play that follows them (the seat's own, before its lead)
VALUED_CHOICES = frozenset({"discard", "nominate", "trump", "call", "swap", "choose", "tengo",
                            "fold", "servito", "kontra", "no_kontra", "re", "no_re"})
#: how a layout is valued where the game's simulator finishes its deals open
#: (:attr:`~cardlab.sim.simulator.Simulator.finish_open`): the bots play on until the
#: solver serves the deal, then every hand of the layout is open
BOTS_THEN_OPEN = "bots, then open hands"
#: the most options of one choice valued one by one on sampled whole states (each costs
#: every seat's decisions up to the play on every state); Panfin's exchanges are 18
STATE_CHOICES = 40
#: a seat's own choices before its opening lead are few; more means it is not its lead
_CHOICES_TO_LEAD = 8


#: the two-sided 95% normal quantile: every value a learner is shown carries its interval
Z95 = 1.959964

#: Student's t two-sided 95% quantiles for 1-10 degrees of freedom (standard tables);
#: few layouts need the wider quantile, or four layouts would look as sure as four hundred
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)

#: pseudo-layouts added at the extremes of what one layout's value could be (see
#: :meth:`Advice.interval`): two of them give about Wilson's interval for a contract that
#: made on every layout seen, so a few identical layouts never look certain
PSEUDO_LAYOUTS = 2


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (a table up
    to 10, Cornish-Fisher's expansion beyond, within 0.1% of the exact value there)."""
    if df < 1:
        return float("inf")
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


@dataclass(frozen=True)
class Advice:
    """What each valued option of the seat to move is worth, by Monte Carlo.

    Every value carries a 95% interval (:meth:`interval`). Options are compared on the same
    layouts (paired): where the per-layout values are kept (``samples``), the interval of a
    difference comes from the differences layout by layout, much tighter than the two
    intervals side by side. An option is the **clear best** (:attr:`clear_best`) only when
    its lead over every other option is clear of that interval; otherwise the options
    within reach of the best (:attr:`close`) are about equal, and the coach says so.

    The intervals are honest for few layouts too: Student's t quantile for ``n - 1``
    degrees of freedom (not the normal's), and :data:`PSEUDO_LAYOUTS` pseudo-layouts at the
    extremes of the values seen, so that eight layouts that all agree (a bid made eight
    times with every hand open) do not make an interval of zero width; the pseudo-layouts
    weigh less as layouts are added, as Wilson's interval does for a proportion.

    :ivar seat: the seat to move.
    :ivar values: action → mean value for the seat's side (Five Hundred and Pandoeren:
        points of the deal, the side's minus the other's for card plays; see
        :mod:`cardlab.sim.montecarlo`; a call: the side's points if it became the
        contract; Five Hundred's valued with open hands less the other side's, passing too).
    :ivar stderr: action → the standard error of its value.
    :ivar n: layouts per option.
    :ivar kind: ``"play"`` (cards), ``"call"`` (bids, by bid odds) or ``"choice"`` (a
        discard, exchange, nomination, trump or partner call, by the play after it).
    :ivar cards: for a discard valued card by card, option → the cards its bar sits on
        (the bot's own discard carries the three cards it drops; on sampled states, each
        card carries the best option that names it).
    """

    seat: int
    values: dict[str, float]
    stderr: dict[str, float]
    n: int
    kind: str
    seed: int = 0
    cards: dict[str, tuple[str, ...]] = field(default_factory=dict)
    samples: dict[str, np.ndarray] | None = field(default=None, compare=False, repr=False)
    """option → its value on each layout (the same layouts, in the same order, for every
    option), where the estimate kept them; None where only means and errors are known."""
    method: str = "rollouts"
    """How each layout was valued: ``"open hands"`` (the solver, every hand of the layout
    open, wherever the game's simulator offers it and it serves: Five Hundred's card plays
    and bids, Panfin's card plays and its choices before the tricks — each sampled whole
    state valued at its first lead, where every state of the round is served —, Officer
    Skat's and Pandoeren's late in the play; each game's ``open_hands`` module says where)
    or :data:`BOTS_THEN_OPEN` (``"bots, then open hands"``: the heuristic bots play the
    deal on until the solver serves it, then every hand of the layout is open — Officer
    Skat's and Pandoeren's earlier card plays, calls and choices, where the simulator
    offers ``finish_open``) or ``"rollouts"`` (the heuristic bots play the deal out)."""

    @property
    def best(self) -> str:
        """The option with the highest value (ties: the earlier one). Only a *point*
        estimate: see :attr:`clear_best` before calling it best to a learner."""
        return max(self.values, key=lambda a: self.values[a])

    @property
    def quantile(self) -> float:
        """The 95% quantile the intervals use: Student's t for ``n - 1`` degrees of freedom."""
        return t95(self.n - 1)

    def spread(self, *options: str) -> float:
        """How far apart one layout's values may lie: the range of the values seen on any
        layout for ``options`` (all options when none is named)."""
        names = options or tuple(self.values)
        s = self.samples
        if s is not None and all(a in s and len(s[a]) for a in names):
            seen = np.concatenate([np.asarray(s[a], dtype=float) for a in names])
        else:
            seen = np.array([self.values[a] for a in names], dtype=float)
        return float(seen.max() - seen.min())

    def _floored(self, stderr: float, spread: float) -> float:
        """``stderr`` with :data:`PSEUDO_LAYOUTS` pseudo-layouts ``spread`` either side of the
        mean added to the ``n`` layouts' variance (their weight falls as 1/n²)."""
        n = max(1, self.n)
        extra = PSEUDO_LAYOUTS * spread ** 2 / (n * (n + PSEUDO_LAYOUTS - 1))
        return float((stderr ** 2 + extra) ** 0.5)

    def interval(self, option: str) -> tuple[float, float]:
        """The 95% interval of ``option``'s value: ``(low, high)`` (the class docstring says
        how it stays honest for few layouts), inside the range of values any layout took."""
        v = self.values[option]
        half = self.quantile * self._floored(self.stderr[option], self.spread() / 2)
        low, high = self._seen_range()
        # never past what any layout was worth: the pseudo-layouts widen, they do not invent
        return max(v - half, min(low, v)), min(v + half, max(high, v))

    def _seen_range(self) -> tuple[float, float]:
        s = self.samples
        if s is not None and all(len(v) for v in s.values()):
            seen = np.concatenate([np.asarray(v, dtype=float) for v in s.values()])
            return float(seen.min()), float(seen.max())
        return -float("inf"), float("inf")

    def diff_stderr(self, a: str, b: str) -> float:
        """The standard error of ``value(a) - value(b)``: from the layout-by-layout
        differences where both were valued on the same layouts, else from the two errors;
        floored by pseudo-layouts on which the two differ by the whole spread of the values
        seen (:meth:`spread`: a layout unlike those seen may swing any option that far), so a
        difference seen on a few layouts is never certain."""
        s = self.samples
        if s is not None and a in s and b in s and len(s[a]) == len(s[b]) and len(s[a]) > 1:
            d = np.asarray(s[a], dtype=float) - np.asarray(s[b], dtype=float)
            raw = float(d.std(ddof=1) / np.sqrt(len(d)))
        else:
            raw = float((self.stderr[a] ** 2 + self.stderr[b] ** 2) ** 0.5)
        return self._floored(raw, self.spread())

    def reach(self, option: str) -> float:
        """How far below the best ``option`` may be and still be about equal to it: the
        half-width of the 95% interval of their difference (0 for the best itself)."""
        best = self.best
        return 0.0 if option == best else self.quantile * self.diff_stderr(best, option)

    def half_width(self, option: str) -> float:
        """The half-width of ``option``'s 95% interval (what a learner reads as "± x")."""
        low, high = self.interval(option)
        return (high - low) / 2

    @property
    def close(self) -> list[str]:
        """The options within reach of the best (the best first, then by value): those whose
        shortfall from the best is inside the 95% interval of the difference."""
        best = self.best
        top = self.values[best]
        out = [a for a in self.values if a == best or top - self.values[a] <= self.reach(a)]
        return sorted(out, key=lambda a: (a != best, -self.values[a]))

    @property
    def clear_best(self) -> str | None:
        """The best option when its lead over every other option is clear of the 95%
        interval of the difference, else None (the leaders are about equal)."""
        return self.best if self.close == [self.best] else None

    def cost(self, option: str) -> float:
        """What ``option`` gives up against the best, counted only when it is clear: 0 for an
        option within reach of the best (:attr:`close`), else the best's value minus its."""
        if option not in self.values or option in self.close:
            return 0.0
        return self.values[self.best] - self.values[option]

    def pooled(self, more: Advice) -> Advice:
        """This estimate and ``more`` (the same options, other layouts: another seed) as
        one estimate over all their layouts: each value the mean over the ``n`` of both,
        its standard error from both. A hint refines its bars this way in short rounds, so
        a click never waits behind one long round.

        :raises ValueError: when the two value different options or seats.
        """
        if more.seat != self.seat or set(more.values) != set(self.values):
            raise ValueError("pooled: the two estimates value different options")
        total = self.n + more.n
        values = {a: (self.n * v + more.n * more.values[a]) / total
                  for a, v in self.values.items()}
        stderr = {a: float(((self.n * e) ** 2 + (more.n * more.stderr[a]) ** 2) ** 0.5 / total)
                  for a, e in self.stderr.items()}
        samples = None
        if self.samples is not None and more.samples is not None:
            samples = {a: np.concatenate([self.samples[a], more.samples[a]])
                       for a in self.values}
        return Advice(self.seat, values, stderr, total, self.kind, self.seed, self.cards,
                      samples, self.method)

    @property
    def margin(self) -> float:
        """How much the best option is worth over the second best (0 with one option)."""
        ranked = sorted(self.values.values(), reverse=True)
        return ranked[0] - ranked[1] if len(ranked) > 1 else 0.0


def valued_options(state: Any) -> tuple[str, list[str]]:
    """The kind of decision and the options :func:`advise` can value now: the card plays
    in the play phase; else the calls a study values (a bid-odds study, or the game's own
    :attr:`~cardlab.sim.simulator.Simulator.call_values`: Pandoeren's auction); else
    the seat's own choices before the play (see the module docstring), a discard of
    several cards as one option per card."""
    legal = [str(a) for a in state.legal_actions()]
    if state.phase == "play":
        plays = [a for a in legal if a.split()[0] == "play"]
        if plays:
            return "play", plays
    calls = [a for a in legal if a.split()[0] in VALUED_CALLS and len(a.split()) == 2]
    if calls and _odds_game(state):
        return "call", calls
    choices = _choices(state)
    if len(choices) > 1 and _hint_game(state):
        if _states_serve(state, choices):
            return "choice", choices  # every option, on sampled whole states
        return "choice", list(_card_options(state, choices))
    return "", []


def _choices(state: Any) -> list[str]:
    """The legal choices of the seat to move that the coach values (:data:`VALUED_CHOICES`)."""
    return [str(a) for a in state.legal_actions() if a.verb in VALUED_CHOICES]


def _states_serve(state: Any, choices: Sequence[str]) -> bool:
    """True if these choices are valued one by one on sampled whole states: the game's
    simulator samples them and the options are few (:data:`STATE_CHOICES`); a discard of
    three from thirteen (286 ways) is valued card by card instead."""
    sim = _simulator(state)
    return sim is not None and sim.sample_states is not None and \
        len(choices) <= STATE_CHOICES


def on_sampled_states(state: Any) -> bool:
    """True if :func:`advise` values this moment's choices on sampled whole states."""
    return valued_options(state)[0] == "choice" and _states_serve(state, _choices(state))


def _hook(state: Any, name: str, options: list[str], n: int, seed: int) -> Any:
    """What the game's simulator's optional valuer ``name`` gives for ``options`` over ``n``
    layouts (:attr:`~cardlab.sim.simulator.Simulator.open_hands`: the card plays by the
    open-hands solver, a list of arrays; ``open_hands_calls``: the calls by the solver,
    ``call_values``: the calls by the game's own rollouts as the contract, each a dict of
    arrays), or None where the simulator offers none or the valuer declines."""
    sim = _simulator(state)
    valuer = getattr(sim, name, None) if sim is not None else None
    return None if valuer is None else valuer(state, options, n, seed)


def valued_by(state: Any) -> str:
    """How :func:`advise` values this moment's options, before any is valued: ``"open
    hands"`` where the game's solver serves them (a whole search per layout; a choice
    before the tricks valued on sampled whole states, where the simulator offers
    ``open_hands_state``), else ``"rollouts"``. (A round whose every layout ran past the
    solver's budget falls back to rollouts, as does a choice's round with one state past
    it; :attr:`Advice.method` says what a round used.)"""
    sim = _simulator(state)
    serves = getattr(sim, "open_hands_serves", None) if sim is not None else None
    kind, _ = valued_options(state)
    if kind == "choice":
        whole = getattr(sim, "open_hands_state", None) if sim is not None else None
        if whole is not None and on_sampled_states(state):
            return "open hands"
        return BOTS_THEN_OPEN if _finishes(state) and on_sampled_states(state) else "rollouts"
    if kind in ("play", "call") and serves is not None and serves(state):
        return "open hands"
    if kind == "play" and _finishes(state):
        return BOTS_THEN_OPEN
    if kind == "call" and _finishes(state) and (_calls_on_states(state) or (
            sim.bid_odds is None and sim.call_values is not None)):
        return BOTS_THEN_OPEN  # on sampled states, or by the game's own call values
    return "rollouts"


def values_in_background(state: Any) -> bool:
    """Whether this moment's options are valued with open hands (:func:`valued_by`) by a
    search that lets other threads run (``Simulator.open_hands_background``): a first
    round a table may value ahead on a background thread, its clicks and bots not held up."""
    sim = _simulator(state)
    return bool(getattr(sim, "open_hands_background", False)) and valued_by(state) == "open hands"


def _odds_game(state: Any) -> bool:
    """True if a study values this game's calls under these options: a bid-odds study (Five
    Hundred for 2–6 players but the ghost partners; Officer Skat) or the simulator's own
    :attr:`~cardlab.sim.simulator.Simulator.call_values` (Pandoeren)."""
    sim = _simulator(state)
    # a study plays the game's batch form (Five Hundred: not the ghost partners)
    return sim is not None and (sim.bid_odds is not None or sim.call_values is not None) \
        and sim.batchable(state.game)


def _hint_game(state: Any) -> bool:
    """True if the game's simulator values card plays under these options."""
    sim = _simulator(state)
    return sim is not None and sim.hint is not None and sim.batchable(state.game)


def _finishes(state: Any) -> bool:
    """True if the game's simulator finishes its deals open (``finish_open``): then the
    card plays the solver does not serve yet, the choices and the calls on sampled states
    are valued by :data:`BOTS_THEN_OPEN` instead of the heuristic to the end."""
    sim = _simulator(state)
    return sim is not None and getattr(sim, "finish_open", None) is not None


def _calls_on_states(state: Any) -> bool:
    """True if the calls are valued on sampled whole states, each standing as the contract
    and the deal finished open (the game samples whole states and finishes them, and has
    no valuer of its own for its calls: Officer Skat's choice of game), rather than by a
    bid-odds study of the heuristic's play."""
    sim = _simulator(state)
    return _finishes(state) and sim.sample_states is not None and sim.call_values is None \
        and sim.open_hands_calls is None


def _simulator(state: Any) -> Any:
    from cardlab.sim.simulator import simulator_for

    try:
        return simulator_for(state.game)
    except (NotImplementedError, ValueError):
        return None


def _bot(state: Any, seed: int) -> Any:
    from cardlab.bots import bot_for

    return bot_for(state.game.name, "heuristic", seed=seed)


def _card_options(state: Any, choices: list[str]) -> dict[str, tuple[str, ...]]:
    """option → the cards its bar sits on (none for a one-word choice). A discard of
    several cards becomes one option per card of the hand: the bot's own discard for the
    cards it drops, else that card with the bot's other choices but its last."""
    many = [a for a in choices if len(a.split()) > 2 and a.split()[0] == "discard"]
    if not many:
        return {a: () for a in choices}
    mine = _bot(state, 0).choose(state)
    dropped = str(mine).split()[1:]
    by_set = {frozenset(a.split()[1:]): a for a in many}
    out: dict[str, tuple[str, ...]] = {}
    seat = state.to_move
    for card in (c.code for c in state.hands[seat]):
        cards = dropped if card in dropped else [card, *dropped[:-1]]
        action = by_set.get(frozenset(cards))
        if action is not None:
            out[action] = (*out.get(action, ()), card)
    return out


def _lead_after(state: Any, action: str, seed: int) -> tuple[Any, str] | None:
    """The state at the chooser's opening lead after ``action`` (its bot making its next
    choices) and the lead its bot would make, or None when another seat decides first."""
    seat = state.to_move
    bot = _bot(state, seed)
    s = state.apply(action)
    for _ in range(_CHOICES_TO_LEAD):
        if s.is_over or s.to_move != seat:
            return None
        if s.phase == "play":
            return s, str(bot.choose(s))
        s = s.apply(bot.choose(s))
    return None


def advise(state: Any, *, n: int = 200, seed: int = 0,
           include: Iterable[str] = ()) -> Advice | None:
    """The value of each option :func:`valued_options` names for the seat to move, over
    ``n`` layouts each, or None when there is nothing to value (one option or none).
    ``include``: legal options to value besides (a look back's chosen discard)."""
    kind, options = valued_options(state)
    if len(options) < 2 or state.to_move is None:
        return None
    if kind == "play":
        solved = _hook(state, "open_hands", options, n, seed)
        if solved is not None:
            samples = dict(zip(options, solved))
            method, n = "open hands", len(solved[0])
        elif _finishes(state):
            samples = play_samples(state, n=n, seed=seed, policy=OPEN_LATE)
            method = BOTS_THEN_OPEN
        else:
            samples, method = play_samples(state, n=n, seed=seed), "rollouts"
        values = {a: float(v.mean()) for a, v in samples.items()}
        errs = {a: float(v.std() / np.sqrt(len(v))) for a, v in samples.items()}
        return Advice(state.to_move, values, errs, n, kind, seed, samples=samples,
                      method=method)
    if kind == "choice":
        return _advise_choice(state, options, n, seed, include)
    by_call = _hook(state, "open_hands_calls", options, n, seed)
    if by_call is not None:
        got = len(next(iter(by_call.values())))
        return Advice(state.to_move, {a: float(v.mean()) for a, v in by_call.items()},
                      {a: float(v.std() / max(1.0, len(v)) ** 0.5) for a, v in by_call.items()},
                      got, kind, seed, samples=by_call, method="open hands")
    sim = _simulator(state)
    if _calls_on_states(state):
        return _advise_on_states(state, options, n, seed, (), kind)
    if sim.bid_odds is None:  # the game values its calls itself (Pandoeren)
        by_call = _hook(state, "call_values", options, n, seed)
        if by_call is None or len(by_call) < 2:
            return None
        # the game's own call values finish their deals open where it offers finish_open
        return Advice(state.to_move, {a: float(v.mean()) for a, v in by_call.items()},
                      {a: float(v.std() / max(1.0, len(v)) ** 0.5) for a, v in by_call.items()},
                      n, kind, seed, samples=by_call,
                      method=BOTS_THEN_OPEN if _finishes(state) else "rollouts")
    # every call in one batch: the same layouts for each (as bid_odds of each would give)
    table = bid_odds_table(state.game, _hand_for_odds(state), [a.split()[1] for a in options],
                           n=n, seed=seed)
    values, errs, samples = {}, {}, {}
    for a in options:
        points = table[a.split()[1]]["points"]
        values[a] = float(points.mean())
        errs[a] = float(points.std() / max(1.0, len(points)) ** 0.5)
        samples[a] = np.asarray(points, dtype=float)
    return Advice(state.to_move, values, errs, n, kind, seed, samples=samples)


def _advise_choice(state: Any, options: list[str], n: int, seed: int,
                   include: Iterable[str]) -> Advice | None:
    """Each choice valued by its lead: the simulator's card-play value of the lead the
    chooser's bot makes after it (the same layouts for every option); or, where the
    simulator samples whole states, on those (:func:`_advise_on_states`)."""
    sim = _simulator(state)
    if _states_serve(state, _choices(state)):
        return _advise_on_states(state, options, n, seed, include)
    cards = _card_options(state, options)
    legal = {str(a) for a in state.legal_actions()}
    todo = list(cards) + [a for a in include if a in legal and a not in cards]
    values, errs, samples = {}, {}, {}
    for a in todo:
        after = _lead_after(state, a, seed)
        if after is None:
            return None  # another seat decides first, and no whole states: not valued
        s, lead = after
        got = sim.hint(s, [lead], n, seed, "heuristic")[0]
        values[a] = float(got.mean())
        errs[a] = float(got.std() / max(1.0, len(got)) ** 0.5)
        samples[a] = np.asarray(got, dtype=float)
    return Advice(state.to_move, values, errs, n, "choice", seed,
                  {a: c for a, c in cards.items() if c}, samples)


def _advise_on_states(state: Any, options: list[str], n: int, seed: int,
                      include: Iterable[str], kind: str = "choice") -> Advice:
    """Each choice (or call) valued on ``n`` whole states sampled from the chooser's
    knowledge (the same states for every option): the bots decide up to the play, and a
    state that reached it is valued by the solver where the simulator offers it
    (:attr:`~cardlab.sim.simulator.Simulator.open_hands_state`: the chooser's side's
    open-hands value at the first lead) and serves every state of the call; else, where
    the simulator finishes its deals open (``finish_open``), by the bots up to the
    solver's reach and the solver from there, in the game's card-hint measure; else the
    batch plays it, the value being the chooser's side's points (module docstring)."""
    sim = _simulator(state)
    finish = getattr(sim, "finish_open", None)
    seat = state.to_move
    legal = {str(a) for a in state.legal_actions()}
    todo = list(options) + [a for a in include if a in legal and a not in options]
    samples = sim.sample_states(state, n, seed)
    sides = list(state.game.sides)
    side = next(k for k, name in enumerate(sides) if seat in state.game.sides[name])
    got = np.zeros((len(todo), n))
    played: list[tuple[int, int, Any]] = []  # (option, sample, state at the play)
    for k, a in enumerate(todo):
        for i, t in enumerate(samples):
            u = _up_to_the_play(t.apply(a), derive_seed(seed, i))
            if u.phase == "play":
                played.append((k, i, u))
            elif finish is not None:  # the hint's measure: less the others' mean
                pts = np.asarray(u.result.seat_points, dtype=float)
                got[k, i] = pts[seat] - np.delete(pts, seat).mean()
            else:
                got[k, i] = u.result.points[sides[side]]
    # the solver values every state or none: the same for every option, on the same states
    solver = getattr(sim, "open_hands_state", None)
    solved: list[float] | None = None
    if solver is not None:
        solved = []
        for _, _, u in played:
            v = solver(u, seat)
            if v is None:
                solved = None
                break  # the batch plays them all
            solved.append(float(v))
    if solved is not None:
        for (k, i, _), v in zip(played, solved):
            got[k, i] = v
    elif played and finish is not None:
        ups = [u for _, _, u in played]
        finished = finish(sim.batch.from_states(ups), ups, np.full(len(ups), seat))
        for (k, i, _), v in zip(played, finished):
            got[k, i] = v
    elif played:
        batch = sim.batch.from_states([u for _, _, u in played])
        play_on(batch, np.array([derive_seed(seed, i) for _, i, _ in played], dtype=np.uint64),
                "heuristic")
        scores = batch.scores()[:, side]
        for (k, i, _), v in zip(played, scores):
            got[k, i] = v
    values = {a: float(got[k].mean()) for k, a in enumerate(todo)}
    errs = {a: float(got[k].std() / max(1.0, n) ** 0.5) for k, a in enumerate(todo)}
    method = "open hands" if solved is not None else \
        BOTS_THEN_OPEN if finish is not None and played else "rollouts"
    return Advice(seat, values, errs, n, kind, seed,
                  _best_naming(state, values) if kind == "choice" else {},
                  {a: got[k].copy() for k, a in enumerate(todo)}, method)


def _up_to_the_play(state: Any, seed: int) -> Any:
    """``state`` after every seat's heuristic bot (seat ``s``'s seeded
    ``derive_seed(seed, s)``, the same whatever came before) has decided up to the play
    or the end of the deal."""
    bots: dict[int, Any] = {}
    while not state.is_over and state.phase != "play":
        seat = state.to_move
        if seat not in bots:
            bots[seat] = _bot(state, derive_seed(seed, seat))
        state = state.apply(bots[seat].choose(state), seat=seat)
    return state


def _best_naming(state: Any, values: dict[str, float]) -> dict[str, tuple[str, ...]]:
    """option → the cards of the mover's hand whose bar it is: for each card, the best
    option naming it (ties: the earlier option)."""
    hand = [c.code for c in state.hands[state.to_move]]
    out: dict[str, tuple[str, ...]] = {}
    for card in hand:
        naming = [a for a in values if card in a.split()[1:]]
        if naming:
            best = max(naming, key=lambda a: values[a])
            out[best] = (*out.get(best, ()), card)
    return out


def _hand_for_odds(state: Any) -> list[str]:
    """The cards a bid-odds study is given: the mover's hand (Officer Skat: the face-up
    cards forehand sees, in pile order)."""
    piles = getattr(state, "piles", None)
    mine = piles[state.to_move] if piles else None
    if mine:
        return [up.code for _, up in mine if up is not None]
    return [c.code for c in state.hands[state.to_move]]


#: the look back's grades of a clear cost, from the smallest (GameSpec.coach_grades)
GRADES = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class Decision:
    """One decision of a look back: the state the seat was in, what it chose, and what the
    estimate says it cost against the best option — by the same evaluator and on the same
    layouts a hint at that moment would use, so the two never disagree beyond their
    intervals: a choice within reach of the best (:attr:`Advice.close`) costs nothing."""

    index: int
    """How many actions into the deal the decision was made."""
    seat: int
    chosen: str
    advice: Advice
    grades: tuple[float, float, float] = (10.0, 30.0, 100.0)
    """The game's thresholds of an inaccuracy, a mistake and a blunder (its unit)."""

    @property
    def best(self) -> str:
        """The best option by the estimate."""
        return self.advice.best

    @property
    def cost(self) -> float:
        """What the choice gave up against the best option: 0 when it is within reach of the
        best (inside the 95% interval of their difference, :meth:`Advice.cost`), else the
        best option's value minus the chosen one's."""
        return self.advice.cost(self.chosen)

    @property
    def grade(self) -> str | None:
        """``"inaccuracy"``, ``"mistake"`` or ``"blunder"`` by the game's thresholds
        (``GameSpec.coach_grades``), ``"small loss"`` for a clear cost below them, None for no
        clear cost."""
        cost = self.cost
        if cost <= 0:
            return None
        named = [g for g, limit in zip(GRADES, self.grades) if cost >= limit]
        return named[-1] if named else "small loss"

    open_hands: tuple[float, float, str] | None = None
    """Where the solver could tell within its budget (a card play, :data:`LOOK_BACK_SOLVE`):
    the best card's and the chosen card's value with every hand open, and their unit."""

    @property
    def stderr(self) -> float:
        """The standard error of :attr:`cost` (of the two values it compares)."""
        e = self.advice.stderr
        return float((e.get(self.best, 0.0) ** 2 + e.get(self.chosen, 0.0) ** 2) ** 0.5)

    @property
    def open_hands_cost(self) -> float | None:
        """What the card cost with every hand open (the best card's value minus the chosen
        one's, exact), or None where the solver could not tell."""
        if self.open_hands is None:
            return None
        return self.open_hands[0] - self.open_hands[1]

    def open_hands_words(self) -> str:
        """The open-hands verdict in words ("with all hands open, this card cost 40
        points"), or "" where the solver could not tell. Shown only once the deal is over:
        every card it reads has been played by then."""
        cost = self.open_hands_cost
        if cost is None or self.open_hands is None:
            return ""
        unit = self.open_hands[2]
        if cost <= 0:
            return "With all hands open, this card lost nothing: it keeps the best score."
        amount = f"{cost:g} {unit[:-1] if cost == 1 and unit.endswith('s') else unit}"
        return f"With all hands open, this card cost {amount}."


@dataclass(frozen=True)
class LookBack:
    """A finished deal's decisions of some seats, the costly ones first."""

    decisions: tuple[Decision, ...] = field(default_factory=tuple)

    def worst(self) -> Decision | None:
        """The costliest decision, or None when there was none to value."""
        return self.decisions[0] if self.decisions else None


#: the positions the solver may visit for one decision of a look back, where the game's
#: search is compiled / interpreted (a fraction of a second each: a position needing more,
#: early in the deal, gets no open-hands verdict)
LOOK_BACK_SOLVE = (300_000, 5_000)


def _open_hands_pair(state: Any, chosen: str) -> tuple[float, float, str] | None:
    """The best and the chosen card's open-hands values at ``state`` and their unit, where
    ``chosen`` is a card play the solver values within :data:`LOOK_BACK_SOLVE`."""
    if not chosen.startswith("play "):
        return None
    try:
        budget = LOOK_BACK_SOLVE[0] if compiled(state) else LOOK_BACK_SOLVE[1]
        got = values(state, budget=budget)
    except (SolveBudgetExceeded, SolveError):
        return None
    if chosen not in got:
        return None
    return max(got.values()), got[chosen], got.unit


def look_back(line: Sequence[Any] | Any, seats: Iterable[int], *, n: int = 200,
              seed: int = 0, n_states: int | None = None,
              n_open_hands: int | None = None, n_finished: int | None = None) -> LookBack:
    """Each decision of ``seats`` along ``line`` (the deal's states in order, or its last
    state) that had options to value, with its cost by :func:`advise`, the costly first
    (ties: in the order played). ``n_states``: the layouts for a choice valued on sampled
    whole states (each costs the bots' decisions up to the play; default ``n``);
    ``n_open_hands``: for a decision valued with open hands (:func:`valued_by`: each layout
    a whole search; default ``n``); ``n_finished``: for one valued by the bots then the
    solver (:data:`BOTS_THEN_OPEN`: a search at the crossover a layout; before
    ``n_states``). Fewer layouts widen the intervals, so fewer choices are charged a cost:
    the look back stays honest, only less sharp."""
    states = list(line.states()) if hasattr(line, "states") else list(line)
    wanted = set(seats)
    out = []
    for i, (s, nxt) in enumerate(zip(states, states[1:])):
        if s.to_move not in wanted:
            continue
        k = n
        how = valued_by(s)
        if n_finished is not None and how == BOTS_THEN_OPEN:
            k = n_finished
        elif n_states is not None and on_sampled_states(s):
            k = n_states
        elif n_open_hands is not None and how == "open hands":
            k = n_open_hands
        advice = advise(s, n=k, seed=seed + i, include=[str(nxt.history[-1])])
        if advice is None:
            continue
        chosen = str(nxt.history[-1])
        out.append(Decision(len(s.history), s.to_move, chosen, advice,
                            s.game.spec.coach_grades, _open_hands_pair(s, chosen)))
    out.sort(key=lambda d: (-round(d.cost, 9), d.index))
    return LookBack(tuple(out))
