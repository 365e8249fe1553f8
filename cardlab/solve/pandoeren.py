"""Pandoeren's adapter: roem and stuk announced during the play are moves like the cards.

The score reads the card points, the winner of every trick in order (A2.11: the pit, the
declarer's first won trick and its jas) and the announcements, so the key keeps the tricks
as they are. Touching cards are merged only when their points are equal and neither is the
called ace, a card of the stuk (the king and queen of trumps) or the jas.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.solve.adapter import Adapter, register, touching_groups

if TYPE_CHECKING:
    from cardlab.engine.action import Action
    from cardlab.engine.state import State

__all__ = ["PandoerenAdapter"]


class PandoerenAdapter(Adapter):
    """Pandoeren: the engine's moves (announcements included); careful merging."""

    ignored = frozenset({"auction", "dealt_hands", "kijkkaart"})

    def __init__(self, root: State) -> None:
        super().__init__(root)
        st: Any = root
        apart = {st.called} if st.called is not None else set()
        if st.trump is not None:
            apart.update(c for c in (self.card_of.get(f"{r}{st.trump}") for r in ("K", "Q", "J")) if c is not None)
        self.apart = frozenset(apart)

    def moves(self, state: State) -> list[list[Action]]:
        return touching_groups(state, state.legal_actions(), self.card_of, keep_apart=self.apart,
                               equal_value=True)


register("pandoeren", PandoerenAdapter)
