"""What the search needs to know of a game, and the adapters' registry.

An :class:`Adapter` turns one game's deal into positions the search
(:mod:`cardlab.solve.search`) can walk. Positions here are the teaching engine's own
immutable states: the moves are ``state.legal_actions()`` and a move is
``state.apply(action)``, so legality, trick winners, face-down cards turning up and
every rule of the play come from the game itself, written once; the end score is
``state.result`` of the finished deal, the game's own scoring path.

What an adapter adds is the knowledge that makes the search small:

* :meth:`Adapter.key` — the table key of a position where a trick starts: what is left
  to play and every fact the rest of the deal or its score can read. The default key is
  generic and safe: the state's fields, with those that never matter to the rest of the
  deal left out (:attr:`Adapter.ignored`) and the completed tricks replaced by a summary
  where the game's score reads only a summary (:meth:`Adapter.summary`).
* :meth:`Adapter.moves` — the legal moves in groups of equivalent moves (the default: every
  move alone).

An adapter is registered by the game's registry name (:func:`register`); a game with none
gets the generic :class:`Adapter`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from cardlab.solve.search import Search

if TYPE_CHECKING:
    from cardlab.cards import Card
    from cardlab.engine.action import Action
    from cardlab.engine.state import State

__all__ = ["Adapter", "register", "adapter_for", "touching_groups", "PLAY_PHASES"]

INF = float("inf")
#: the phases in which cards are played to tricks (every cardlab game calls it ``play``)
PLAY_PHASES = frozenset({"play"})
#: state fields that never matter to the rest of the deal (the record's bookkeeping)
_BOOKKEEPING = frozenset({"game", "history", "setup", "parent", "_legal_memo", "_result", "seed"})
#: the key's token for a field that still holds the root's object (unequal to any value)
_SAME = object()


class Adapter:
    """The generic adapter: the engine's states as positions, keyed by their fields.

    :param root: a state of the deal to be solved; fields that hold the same object as in
        ``root`` are keyed by a token (they are shared between the deal's states and never
        compared), others by their value.
    """

    #: fields of the state class left out of the key (besides the bookkeeping ones)
    ignored: frozenset[str] = frozenset()
    #: what the search searched, as :attr:`cardlab.solve.Values.searched` says it
    searched = "score"
    #: whether :meth:`search` is the compiled inner loop
    compiled = False

    def __init__(self, root: State) -> None:
        self.game = root.game
        self.sides = dict(root.game.sides)
        cls = type(root)
        names = getattr(cls, "__slots__", None) or tuple(vars(root))
        caches = set(getattr(cls, "_CACHES", ()))
        self.fields = tuple(n for n in names if n not in _BOOKKEEPING and n not in caches
                            and not n.endswith("_memo") and n not in self.ignored)
        self.anchor = {n: getattr(root, n, None) for n in self.fields}
        #: the pack's cards by code (actions name cards by code)
        self.card_of: dict[str, Card] = {c.code: c for c in root.game.deck}

    def search(self, side: str, budget: int) -> Search:
        """The search for ``side`` (here: the generic alpha-beta of
        :mod:`cardlab.solve.search`; an adapter with a compiled search returns that)."""
        return Search(self, side, budget)

    # -- sides ---------------------------------------------------------------------
    def side_seats(self, side: str) -> tuple[int, ...]:
        """The seats of ``side`` (a name of ``game.sides``)."""
        return self.sides[side]

    def side_of(self, seat: int) -> str:
        """The name of the side ``seat`` plays for."""
        for name, seats in self.sides.items():
            if seat in seats:
                return name
        raise ValueError(f"seat {seat} is on no side of {self.game.name}")

    # -- positions -----------------------------------------------------------------
    def root(self, state: State) -> Any:
        """The position of ``state`` (here: the state itself)."""
        return state

    def text(self, position: Any, move: Any) -> str:
        """The notation of ``move`` (one of :meth:`moves`) in ``position``."""
        return str(move)

    def is_over(self, state: State) -> bool:
        """Whether the deal has ended (its result is known)."""
        return state.is_over

    def to_move(self, state: State) -> int:
        """The seat choosing the next move (a player choosing for a ghost is that player)."""
        seat = state.to_move
        assert seat is not None
        return seat

    def end_value(self, state: State, side: str) -> float:
        """The finished deal's points for ``side``: the game's own scoring."""
        result = state.result
        assert result is not None
        return float(result.points[side])

    def bounds(self, state: Any, side: str) -> tuple[float, float]:
        """What the side's count is sure to reach and cannot pass from here (a count that
        only grows: tricks won); by default nothing is known."""
        return -INF, INF

    def offset(self, state: Any, side: str) -> float:
        """The side's count so far: the table stores values less this, so a position meets
        its equals whatever was won before (0 where the score itself is searched)."""
        return 0.0

    def final(self, count: float, side: str) -> float:
        """The side's score for a searched count (the identity where the score itself is
        searched)."""
        return count

    def moves(self, state: State) -> list[list[Action]]:
        """The legal moves, each in a group of moves of equal value (here: alone)."""
        return [[a] for a in state.legal_actions()]

    def child(self, state: State, action: Action) -> State:
        """The position after ``action`` (one of :meth:`moves`)."""
        return state.apply(action)

    def trick_start(self, state: State) -> bool:
        """Whether a trick is about to be led (the table keys only these positions)."""
        trick = state.trick  # type: ignore[attr-defined]
        return trick is None or not trick.plays

    # -- the table key -------------------------------------------------------------
    def summary(self, name: str, value: Any) -> Any:
        """The part of field ``name`` that the rest of the deal can read; by default all of
        it. A game adapter replaces the completed tricks by what its score reads."""
        return value

    def key(self, state: State) -> Any:
        """The table key of a trick-start position: every field that can matter to the rest
        of the deal, shared objects by a token, others by value (or their text when they
        cannot be hashed)."""
        out: list[Any] = []
        anchor = self.anchor
        for n in self.fields:
            v = getattr(state, n, None)
            if v is anchor[n]:
                out.append(_SAME)
                continue
            v = self.summary(n, v)
            try:
                hash(v)
            except TypeError:
                v = repr(v)
            out.append(v)
        return tuple(out)


#: game registry name → the adapter class of that game
_ADAPTERS: dict[str, Callable[[State], Adapter]] = {}


def register(game: str, factory: Callable[[State], Adapter]) -> None:
    """Register ``factory`` (an :class:`Adapter` subclass) as the adapter of ``game``."""
    _ADAPTERS[game] = factory


def adapter_for(state: State) -> Adapter:
    """The adapter of ``state``'s game, made for this deal."""
    factory = _ADAPTERS.get(state.game.name, Adapter)
    return factory(state)


def touching_groups(state: State, actions: list[Action], card_of: Mapping[str, Card], *,
                    keep_apart: frozenset[Any] = frozenset(), equal_value: bool = False
                    ) -> list[list[Action]]:
    """The legal ``actions`` grouped into touching cards: ``play`` actions of one card each,
    of one effective suit, with no card of that suit ranked between them left in any hand or
    in the trick (so either wins or loses exactly the same tricks). With ``equal_value``
    their card points must be equal too. ``card_of``: the pack's cards by code. Cards in ``keep_apart`` (a called card, a card
    with a face-down card beneath it, …) stay alone; other actions stay alone.
    """
    order = state.card_order()
    suit_of, power = order.suit_of, order.power
    mine: list[tuple[Any, int, Action]] = []
    alone: list[list[Action]] = []
    for a in actions:
        args = a.args
        if a.verb != "play" or len(args) != 1:
            alone.append([a])
            continue
        card = card_of.get(args[0])
        if card is None or card in keep_apart or suit_of.get(card) is None:
            alone.append([a])
            continue
        mine.append((suit_of[card], power[card], a))
    if len(mine) < 2:
        return [[m[2]] for m in mine] + alone
    present: dict[Any, list[int]] = {}
    trick = state.trick  # type: ignore[attr-defined]
    cards = [c for hand in state.hands for c in hand] + (
        [p.card for p in trick.plays] if trick is not None else [])
    for c in cards:
        s = suit_of.get(c)
        if s is not None:
            present.setdefault(s, []).append(power[c])
    value = state.card_value if equal_value else None
    mine.sort(key=lambda m: (str(m[0]), -m[1]))
    groups: list[list[Action]] = []
    prev: tuple[Any, int, Action] | None = None
    for m in mine:
        if prev is not None and prev[0] == m[0] and not any(
                m[1] < p < prev[1] for p in present[m[0]]) and (
                value is None or value(m[2].args[0]) == value(prev[2].args[0])):
            groups[-1].append(m[2])
        else:
            groups.append([m[2]])
        prev = m
    return groups + alone
