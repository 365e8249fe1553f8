"""Pandoeren's adapter: roem and stuk announced during the play are moves like the cards.

The score and the rules of the rest of the deal read the completed tricks only through the
winner of every trick in order (A2.11: the pit, a misère's first trick), each seat's card
points (A2.3) and whether the declarer's first won trick holds her jas, so the key keeps
those of the tricks (and the announcements, which are fields of their own). Touching cards are merged only when their points are equal and neither is the
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
        self.declarer = st.declarer
        self.jas = self.card_of.get(f"J{st.trump}") if st.trump is not None else None

    def summary(self, name: str, value: Any) -> Any:
        if name != "tricks":
            return value
        points = [0, 0, 0, 0]
        for t in value:
            points[t.winner] += t.points
        won = [t for t in value if t.winner == self.declarer]
        first_jas = bool(won) and any(p.seat == self.declarer and p.card == self.jas
                                      for p in won[0].plays)
        return tuple(t.winner for t in value), tuple(points), first_jas

    def moves(self, state: State) -> list[list[Action]]:
        return touching_groups(state, state.legal_actions(), self.card_of, keep_apart=self.apart,
                               equal_value=True)


register("pandoeren", PandoerenAdapter)
