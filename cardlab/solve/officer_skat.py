"""Officer Skat's adapter: the piles, where a face-down card turns up after its trick.

Open hands means the solver knows the face-down cards too: the engine's state holds them,
and the engine turns them up (OS-5.3). Officer Skat counts card points (OS-2.2) as well as
tricks (schwarz), so touching cards are merged only when their points are equal and
neither covers a face-down card still to turn up. The key reads each seat's card points and
tricks so far, not the order of the tricks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.solve.adapter import Adapter, register, touching_groups

if TYPE_CHECKING:
    from cardlab.engine.action import Action
    from cardlab.engine.state import State

__all__ = ["OfficerSkatAdapter"]


class OfficerSkatAdapter(Adapter):
    """Officer Skat: touching cards of equal points merged; a key by points and tricks."""

    def moves(self, state: State) -> list[list[Action]]:
        st: Any = state
        covering = frozenset(
            up for seat_piles in st.layout.piles for down, up in seat_piles
            if down is not None and down not in st.turned and down not in st.played)
        return touching_groups(state, state.legal_actions(), self.card_of, keep_apart=covering,
                               equal_value=True)

    def trick_start(self, state: State) -> bool:
        return state._cur is None  # type: ignore[attr-defined]

    def summary(self, name: str, value: Any) -> Any:
        if name == "tricks":
            points = [0, 0]
            won = [0, 0]
            for t in value:
                points[t.winner] += t.points
                won[t.winner] += 1
            return tuple(points), tuple(won)
        return value


register("officer_skat", OfficerSkatAdapter)
