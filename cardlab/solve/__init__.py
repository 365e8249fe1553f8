"""Open hands: what every card is worth when every seat plays perfectly and sees every card.

This is the perfect-information ("double dummy", in bridge's words) solver of cardlab's
games. With every hand open — the kitty, the stock, the discards and the face-down piles
included — the value of a card is the end score its side gets when everyone plays
perfectly from there. That is an exact reference, not advice for play with hidden cards: a
player who cannot see the other hands cannot always find the open-hands line (a finesse
that works open may fail closed, and a defender may not know which card to keep).

* :func:`values` — every legal action of the seat to move, mapped to its open-hands value,
  in the game's own deal score (points, or chips in Panfin) for the mover's side.
* :func:`value` — the position's own value for the mover's side (one search, as a
  double-dummy table's entry for a strain: no card valued apart).
* :func:`line` — one perfect line of play to the end of the deal.
* :func:`par` — for a deal played so far, the value before and after every card played;
  a card that lowered its side's value has a cost (as DDS's ``AnalysePlay``).

**Sides.** The value is for the mover's side (``game.sides``). Where a deal has more than two
sides (Five Hundred with three or five players, where each defender scores apart; Panfin),
the mover's side plays against all the others together: they are taken to minimise the
mover's side's score.

**What is searched.** Each game registers an adapter (:mod:`cardlab.solve.adapter`, one
module per game, registering itself by the game's name) that turns its states into
positions for a search. The legal moves and the trick winners are the game's own rules, its
kernel's functions compiled as written; every value comes from the game's own scoring (the
finished deal's ``result.points`` of the side, or Five Hundred's ``score`` of the deal's
facts with the tricks won). :attr:`Values.searched` says what was minimaxed: ``"tricks"`` in
Five Hundred, whose score is a monotone function of the tricks it counts (the contractors'
against the contract, a misère's none, each defending side's tens), so the count is searched
with zero-window tests and turned into points at the end; ``"score"`` elsewhere, where the
search works on the score (Officer Skat's card points to come where its score is a monotone
function of them, else the end score; Pandoeren's payment, its team's card points to come
in a number bid; Panfin's chips).

**The compiled inner loops.** Each game is searched by a loop compiled by numba
(:mod:`cardlab.solve.jit`) over compact card masks: :mod:`~cardlab.solve.trick_core` (Five
Hundred: a DDS-like search of the tricks still to come, its table keyed by relative ranks,
with sure-trick bounds), :mod:`~cardlab.solve.officer_skat_core` (the piles, a face-down
card turning up after its trick), :mod:`~cardlab.solve.pandoeren_core` (the announcements
as moves, an outcome once settled cut off) and :mod:`~cardlab.solve.panfin_core` (the double
trick, the settlement tabulated from the kernel). Each calls its kernel compiled as written,
so no rule is written twice, and the alpha-beta they share (the window, the table, the move
sort, MTD(f)) is :mod:`~cardlab.solve.alphabeta`, written once; without numba the same
sources run interpreted. The interpreted alpha-beta of :mod:`cardlab.solve.search` over the engine's own states remains
for what no loop covers (Five Hundred's ghost partners; Officer Skat's Null won by taking
no trick, which ends early) and as the tests' reference. :func:`compiled` says which a state
gets. ``benchmarks/solve_bench.py`` measures them against the targets of issue 27, and
``benchmarks/RESULTS.md`` states what is met.

>>> import cardlab, cardlab.solve
>>> game = cardlab.load("panfin", players=2)
>>> state = game.deal(hands=["AC 7C 5D 2S", "RC 4C 3B 6S"], turnup="4D")
>>> state.phase
'declare'
>>> cardlab.solve.values(state)
Traceback (most recent call last):
...
cardlab.solve.search.SolveError: open hands value the card play; this deal is in the declarations (phase 'declare')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.engine.state import State
from cardlab.solve import five_hundred, officer_skat, pandoeren, panfin  # noqa: F401 (register)
from cardlab.solve.adapter import PLAY_PHASES, Adapter, adapter_for, register
from cardlab.solve.search import (
    DEFAULT_BUDGET,
    DEFAULT_TT_BYTES,
    Search,
    SolveBudgetExceeded,
    SolveError,
)

if TYPE_CHECKING:
    from cardlab.engine.action import Action

__all__ = ["values", "value", "line", "par", "compiled", "Values", "ParStep", "SolveError", "SolveBudgetExceeded",
           "Adapter", "register", "DEFAULT_BUDGET", "DEFAULT_TT_BYTES"]

#: how the error names a phase without card play
_PHASE_WORDS = {"auction": "the auction", "kitty": "the kitty discard",
                "call": "the partner call", "nominate": "the joker's nomination",
                "declare": "the declarations", "choose": "the choice of the dominant suit",
                "swap": "the dealer's swap"}


@dataclass(frozen=True)
class ParStep:
    """One card of a played deal, valued with open hands.

    :ivar index: the card's action in ``state.history``.
    :ivar seat: the seat that played it.
    :ivar action: its notation (``'play JD'``).
    :ivar before: the position's value before the card, for that seat's side.
    :ivar after: the value after it, for the same side.
    :ivar cost: ``before - after`` (0 for a card that kept the value).
    """

    index: int
    seat: int
    action: str
    before: float
    after: float

    @property
    def cost(self) -> float:
        """What the card cost its side: ``before - after`` (never negative)."""
        return self.before - self.after


class Values(Mapping[str, float]):
    """Each legal action's notation → its open-hands value for the mover's side.

    :ivar seat: the seat to move. :ivar side: its side's name (``game.sides``).
    :ivar searched: what was minimaxed: ``"tricks"`` (Five Hundred) or ``"score"``.
    :ivar unit: ``"points"``, or ``"chips"`` in a game played for chips.
    :ivar best: the notations of the best actions, in legal order.
    :ivar nodes: positions the search visited.
    """

    def __init__(self, values: dict[str, float], seat: int, side: str, searched: str,
                 unit: str, nodes: int) -> None:
        self._values = values
        self.seat, self.side, self.searched, self.unit, self.nodes = (
            seat, side, searched, unit, nodes)
        top = max(values.values())
        self.best = [a for a, v in values.items() if v == top]

    def __getitem__(self, action: str) -> float:
        return self._values[str(action)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        inner = ", ".join(f"{a!r}: {v:g}" for a, v in self._values.items())
        return f"Values({{{inner}}}, side={self.side!r}, {self.unit})"


def _check(state: object) -> State:
    """``state`` if the solver can value it, else a :class:`SolveError` saying why."""
    if not isinstance(state, State):
        raise SolveError(f"open hands value a cardlab State (from game.deal() and apply()), "
                         f"not {type(state).__name__}")
    if state.is_over:
        raise SolveError("the deal is finished: no card is left to value")
    if state.phase not in PLAY_PHASES:
        words = _PHASE_WORDS.get(state.phase, f"the {state.phase} phase")
        raise SolveError(f"open hands value the card play; this deal is in {words} "
                         f"(phase {state.phase!r})")
    return state


def _budget(budget: int | None) -> int:
    if budget is None:
        return DEFAULT_BUDGET
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise SolveError(f"budget= must be a positive number of positions, not {budget!r}")
    return budget


def _unit(state: State) -> str:
    return "chips" if state.view().get("chips") is not None else "points"


def compiled(state: State) -> bool:
    """Whether ``state``'s deal is searched by the compiled inner loop (fast from the
    opening lead) rather than the interpreted search over the engine's states."""
    return bool(adapter_for(_check(state)).compiled)


def values(state: State, *, budget: int | None = None) -> Values:
    """Every legal action of the seat to move → its exact open-hands value (the end score
    of the mover's side under perfect play with every card known).

    :param budget: the most positions the search may visit (default
        :data:`~cardlab.solve.search.DEFAULT_BUDGET`).
    :raises SolveError: not a state, a finished deal, or a phase without card play.
    :raises SolveBudgetExceeded: the search needs more positions than ``budget``.
    """
    state = _check(state)
    adapter = adapter_for(state)
    seat = adapter.to_move(state)
    side = adapter.side_of(seat)
    search = adapter.search(side, _budget(budget))
    by_text = search.move_values(adapter.root(state), lambda count: adapter.final(count, side))
    out = {str(a): by_text[str(a)] for a in state.legal_actions()}
    return Values(out, seat, side, adapter.searched, _unit(state), search.nodes)


def value(state: State, *, budget: int | None = None) -> float:
    """The position's open-hands value for the side of the seat to move: the best of
    :func:`values`, found by one search (the cards are not valued one by one, so it is
    the quick way to fill a table of every strain or to value a contract on many layouts).

    :raises SolveError: as :func:`values`.
    :raises SolveBudgetExceeded: the search needs more positions than ``budget``.
    """
    state = _check(state)
    adapter = adapter_for(state)
    side = adapter.side_of(adapter.to_move(state))
    search = adapter.search(side, _budget(budget))
    return adapter.final(search.exact(adapter.root(state)), side)


def _perfect_step(search: Search, position: Any) -> Any:
    """A move of ``position`` that keeps its value for the search's side."""
    target = search.exact(position)
    for group, child in search.children(position):
        if search.value(child, target - 0.5, target + 0.5) == target:
            return group[0]
    raise AssertionError("no move keeps the position's value")  # pragma: no cover


def line(state: State, *, budget: int | None = None) -> list[Action]:
    """One perfect line of play from ``state`` to the end of the deal: each seat plays a
    card that keeps the value of the mover's side (the others minimise it).

    :raises SolveError: as :func:`values`.
    """
    state = _check(state)
    adapter = adapter_for(state)
    search = adapter.search(adapter.side_of(adapter.to_move(state)), _budget(budget))
    position = adapter.root(state)
    start = len(state.history)
    while not state.is_over:
        move = _perfect_step(search, position)
        state = state.apply(adapter.text(position, move))  # the engine checks every card
        position = adapter.child(position, move)
    return list(state.history[start:])


def par(state: State, *, budget: int | None = None) -> list[ParStep]:
    """The value before and after every card played since the play began, each for the side
    of the seat that played it (``state`` may be finished or partly played).

    :raises SolveError: not a state, or no card played yet.
    """
    if not isinstance(state, State):
        raise SolveError(f"open hands value a cardlab State, not {type(state).__name__}")
    chain = state.states()
    steps = [(i, prev) for i, prev in enumerate(chain[:-1])
             if prev.phase in PLAY_PHASES and chain[i + 1].history[-1].verb == "play"]
    if not steps:
        raise SolveError(f"no card has been played yet (phase {state.phase!r})")
    adapter = adapter_for(chain[steps[0][0]])
    limit = _budget(budget)
    searches: dict[str, Search] = {}
    out: list[ParStep] = []
    for i, prev in steps:
        seat = adapter.to_move(prev)
        side = adapter.side_of(seat)
        search = searches.get(side)
        if search is None:
            search = searches[side] = adapter.search(side, limit)
        before = adapter.final(search.exact(adapter.root(prev)), side)
        after = adapter.final(search.exact(adapter.root(chain[i + 1])), side)
        out.append(ParStep(i, seat, str(chain[i + 1].history[-1]), before, after))
    return out
