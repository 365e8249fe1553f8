"""Panfin's adapter: four tricks, the double trick of both jokers, chips as the score.

Every move is searched alone (a hand holds four cards; the double trick and the duty to
beat make "touching" cards a risky notion for no gain). The score is the seat's net chips
(``result.points``), so :attr:`~cardlab.solve.Values.unit` is ``"chips"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.solve.adapter import Adapter, register

if TYPE_CHECKING:
    from cardlab.engine.state import State

__all__ = ["PanfinAdapter"]


class PanfinAdapter(Adapter):
    """Panfin: the engine's moves and a key of the state's fields."""

    ignored = frozenset({"stock", "discards", "cut", "cutter", "calls", "spoken", "turnup"})

    def trick_start(self, state: State) -> bool:
        return not state.trick_  # type: ignore[attr-defined]


register("panfin", PanfinAdapter)
