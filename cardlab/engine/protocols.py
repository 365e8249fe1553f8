"""What one layer may ask of a game, a state and a simulator (#32 item 4).

The engine's :class:`~cardlab.engine.game.Game` and :class:`~cardlab.engine.state.State`
are the classes every cardlab game derives from; these protocols name the part of them the
layers above read, so a signature that takes "any game" says so instead of ``Any``:

* :class:`GameLike`: the facts and the deals of a game under its options;
* :class:`StateLike`: a moment of a deal (what to draw, who moves, what is legal);
* :class:`Simulator`: a game's fast path as the studies, the hint and the seasons use it.
  The simulators live in :mod:`cardlab.sim`, above the games; the registry hands their
  modules out (:func:`~cardlab.engine.registry.simulator_module`), and this protocol is
  the type a layer below sim can name them by (:func:`simulator_of`).

Each protocol is ``runtime_checkable``, so a test can check a game's classes against it.

>>> import cardlab
>>> g = cardlab.load("five_hundred")
>>> isinstance(g, GameLike), isinstance(g.deal(seed=1), StateLike)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from cardlab.engine import registry

if TYPE_CHECKING:
    from cardlab.cards import Card, Deck
    from cardlab.engine.action import Action
    from cardlab.engine.game import GameSpec
    from cardlab.engine.result import Result

__all__ = ["GameLike", "StateLike", "Simulator", "simulator_of"]


@runtime_checkable
class GameLike(Protocol):
    """A game under one set of rule options: its facts, and deals made from a seed or a setup."""

    @property
    def name(self) -> str:
        """The registry name, e.g. ``'five_hundred'``."""

    @property
    def title(self) -> str:
        """The name for people."""

    @property
    def spec(self) -> GameSpec:
        """The game's declared facts: its phases, which verbs take cards (``card_verbs``) …"""

    @property
    def options(self) -> Any:
        """The game's own frozen options dataclass (each game's fields differ)."""

    @property
    def deck(self) -> Deck:
        """The pack in canonical order."""

    @property
    def players(self) -> int:
        """How many seats deal in."""

    @property
    def seat_names(self) -> tuple[str, ...]:
        """A short name per seat."""

    @property
    def sides(self) -> dict[str, tuple[int, ...]]:
        """Scoring sides: name → seats."""

    def deal(self, *, seed: int | None = None, dealer: int = 0, **setup: Any) -> StateLike:
        """A new deal from ``seed`` or a stacked setup."""

    def options_dict(self) -> dict[str, Any]:
        """The options as plain JSON-able values."""

    def contracts(self) -> list[str]:
        """The contracts (or trump contexts) whose order of the cards a learner can look up."""

    def call_meaning(self, call: str) -> str:
        """The one-line meaning of a call or contract (``"bid 7H"``), for a reader.

        :raises IllegalAction: ``unknown_call`` for a call the game does not have.
        """

    def score_deal(self, state: Any, **options: Any) -> Result:
        """The result of the finished deal ``state`` scored again with ``options`` changed
        (a study rescores one played deal under each scoring variant)."""


@runtime_checkable
class StateLike(Protocol):
    """One moment of a deal: immutable; ``apply`` gives the next."""

    @property
    def game(self) -> GameLike:
        """The game this deal is played under."""

    @property
    def phase(self) -> str:
        """The phase's name (one of the game's ``spec.phases``)."""

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None`` when the deal is over."""

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""

    @property
    def result(self) -> Result | None:
        """The result once the deal is over."""

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action since the deal, in order."""

    @property
    def setup(self) -> dict[str, Any]:
        """The deal's arguments: ``game.deal(**setup)`` makes the same first state."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now (the teacher's view; a bot reads ``view``)."""

    def view(self, seat: int | None = None, *args: Any, **kwargs: Any) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the public)."""

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take."""

    def apply(self, action: str, seat: int | None = None) -> StateLike:
        """The next state after ``action``."""


@runtime_checkable
class Simulator(Protocol):
    """A game's batch simulator, as the studies, the hint and the seasons use it; cardlab's
    are ``cardlab.sim.simulator.Simulator`` instances, each the ``SIMULATOR`` of the module
    the game's simulator registers."""

    batch: type
    rescores: bool
    hint: Callable[..., Any] | None
    bid_odds: Callable[..., Any] | None
    whole_deals: Callable[..., Any] | None
    match_results: Callable[..., Any] | None
    sample_layouts: Callable[[Any, int, int], Any] | None
    sample_states: Callable[[Any, int, int], list[Any]] | None

    def plays_whole(self, game: GameLike) -> bool:
        """Whether whole deals of ``game`` (under its options) run in arrays."""


def simulator_of(name: str) -> Simulator | None:
    """The simulator registered for the game ``name`` (its module's ``SIMULATOR``), or
    ``None`` when no simulator is registered for it.

    :raises ValueError: for an unknown game.
    :raises TypeError: when the module's ``SIMULATOR`` lacks a simulator's parts.
    """
    module = registry.simulator_module(name)
    if module is None:
        return None
    sim = getattr(module, "SIMULATOR", None)
    if not isinstance(sim, Simulator):
        raise TypeError(f"game {name!r}: {module.__name__}.SIMULATOR is not a simulator (it "
                        f"needs {', '.join(_SIMULATOR_PARTS)})")
    return sim


_SIMULATOR_PARTS: Sequence[str] = ("batch", "rescores", "hint", "bid_odds", "whole_deals",
                                   "match_results", "sample_layouts", "sample_states",
                                   "plays_whole")
