"""Advice for a learner: what each option is worth now, and a look back at a deal played.

:func:`advise` values every legal option the studies can value, for the seat to move,
by Monte Carlo over layouts of the cards that seat cannot see (never the cards
themselves): the card plays through :func:`cardlab.sim.hint`, and the calls where a
study values them — a bid or a choice of game through :func:`cardlab.sim.bid_odds`,
valued as if that call became the contract (a learner's "what is this bid worth with
my hand"). Passing, discards, exchanges and the other calls carry no value (no bar).

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

from cardlab.sim.montecarlo import hint
from cardlab.sim.studies import bid_odds_table

__all__ = ["Advice", "Decision", "LookBack", "advise", "look_back"]

#: the calls a bid-odds study values, by verb: the call's argument is the contract
VALUED_CALLS = frozenset({"bid", "declare"})


@dataclass(frozen=True)
class Advice:
    """What each valued option of the seat to move is worth, by Monte Carlo.

    :ivar seat: the seat to move.
    :ivar values: action → mean value for the seat's side (Five Hundred and Pandoeren:
        points of the deal, the side's minus the other's for card plays; see
        :mod:`cardlab.sim.montecarlo`; a call: the side's points if it became the
        contract).
    :ivar stderr: action → the standard error of its value.
    :ivar n: layouts per option.
    :ivar kind: ``"play"`` (cards) or ``"call"``.
    """

    seat: int
    values: dict[str, float]
    stderr: dict[str, float]
    n: int
    kind: str
    seed: int = 0

    @property
    def best(self) -> str:
        """The option with the highest value (ties: the earlier one)."""
        return max(self.values, key=lambda a: self.values[a])

    @property
    def margin(self) -> float:
        """How much the best option is worth over the second best (0 with one option)."""
        ranked = sorted(self.values.values(), reverse=True)
        return ranked[0] - ranked[1] if len(ranked) > 1 else 0.0


def valued_options(state: Any) -> tuple[str, list[str]]:
    """The kind of decision and the options :func:`advise` can value now: the card plays
    in the play phase, else the calls a bid-odds study values (if the game has one)."""
    legal = [str(a) for a in state.legal_actions()]
    if state.phase == "play":
        plays = [a for a in legal if a.split()[0] == "play"]
        if plays:
            return "play", plays
    calls = [a for a in legal if a.split()[0] in VALUED_CALLS and len(a.split()) == 2]
    if calls and _odds_game(state):
        return "call", calls
    return "", []


def _odds_game(state: Any) -> bool:
    """True if a bid-odds study plays this game under these options (Five Hundred for four
    players; Officer Skat)."""
    from cardlab.sim.simulator import simulator_for

    try:
        sim = simulator_for(state.game)
    except (NotImplementedError, ValueError):
        return False
    # a bid-odds study plays the game's batch form (Five Hundred: four players only)
    return sim.bid_odds is not None and sim.batchable(state.game)


def advise(state: Any, *, n: int = 200, seed: int = 0) -> Advice | None:
    """The value of each option :func:`valued_options` names for the seat to move, over
    ``n`` layouts each, or None when there is nothing to value (one option or none)."""
    kind, options = valued_options(state)
    if len(options) < 2 or state.to_move is None:
        return None
    if kind == "play":
        h = hint(state, n=n, seed=seed)
        values = {a: float(v) for a, v in h["values"].items()}
        errs = {a: float(v) for a, v in h["stderr"].items()}
        return Advice(state.to_move, values, errs, n, kind, seed)
    # every call in one batch: the same layouts for each (as bid_odds of each would give)
    table = bid_odds_table(state.game, _hand_for_odds(state), [a.split()[1] for a in options],
                           n=n, seed=seed)
    values, errs = {}, {}
    for a in options:
        points = table[a.split()[1]]["points"]
        values[a] = float(points.mean())
        errs[a] = float(points.std() / max(1.0, len(points)) ** 0.5)
    return Advice(state.to_move, values, errs, n, kind, seed)


def _hand_for_odds(state: Any) -> list[str]:
    """The cards a bid-odds study is given: the mover's hand (Officer Skat: the face-up
    cards forehand sees, in pile order)."""
    piles = getattr(state, "piles", None)
    mine = piles[state.to_move] if piles else None
    if mine:
        return [up.code for _, up in mine if up is not None]
    return [c.code for c in state.hands[state.to_move]]


@dataclass(frozen=True)
class Decision:
    """One decision of a look back: the state the seat was in, what it chose, and what the
    estimate says it cost against the best option."""

    index: int
    """How many actions into the deal the decision was made."""
    seat: int
    chosen: str
    advice: Advice

    @property
    def best(self) -> str:
        """The best option by the estimate."""
        return self.advice.best

    @property
    def cost(self) -> float:
        """The best option's value minus the chosen one's (0 when the best was chosen)."""
        v = self.advice.values
        return max(0.0, v[self.best] - v.get(self.chosen, v[self.best]))

    @property
    def stderr(self) -> float:
        """The standard error of :attr:`cost` (of the two values it compares)."""
        e = self.advice.stderr
        return float((e.get(self.best, 0.0) ** 2 + e.get(self.chosen, 0.0) ** 2) ** 0.5)


@dataclass(frozen=True)
class LookBack:
    """A finished deal's decisions of some seats, the costly ones first."""

    decisions: tuple[Decision, ...] = field(default_factory=tuple)

    def worst(self) -> Decision | None:
        """The costliest decision, or None when there was none to value."""
        return self.decisions[0] if self.decisions else None


def look_back(line: Sequence[Any] | Any, seats: Iterable[int], *, n: int = 200,
              seed: int = 0) -> LookBack:
    """Each decision of ``seats`` along ``line`` (the deal's states in order, or its last
    state) that had options to value, with its cost by :func:`advise`, the costly first
    (ties: in the order played)."""
    states = list(line.states()) if hasattr(line, "states") else list(line)
    wanted = set(seats)
    out = []
    for i, (s, nxt) in enumerate(zip(states, states[1:])):
        if s.to_move not in wanted:
            continue
        advice = advise(s, n=n, seed=seed + i)
        if advice is None:
            continue
        chosen = str(nxt.history[-1])
        out.append(Decision(len(s.history), s.to_move, chosen, advice))
    out.sort(key=lambda d: (-round(d.cost, 9), d.index))
    return LookBack(tuple(out))
