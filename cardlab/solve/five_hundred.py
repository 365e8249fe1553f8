"""Five Hundred's adapter: every form (2-6 seats, the dead hand, the ghost partners' piles).

Five Hundred's score reads only tricks (5H-8: the contractors' tricks against the contract,
the defenders' tens, misère's none), so two cards of one effective suit with no card
between them still in play win the same tricks and are searched once. A card on a ghost's
pile (the card beneath turns up when it goes) and the five-player partner card stay alone.
The table key reads each side's trick count (each seat's with five players, where the
called partner shares the contract but not a side), and the suits led and shown void only
while an unnominated joker is still to be played (they matter to its lead, J4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.solve.adapter import Adapter, register, touching_groups

if TYPE_CHECKING:
    from cardlab.engine.action import Action
    from cardlab.engine.state import State

__all__ = ["FiveHundredAdapter"]


class FiveHundredAdapter(Adapter):
    """Five Hundred: touching cards merged; a key by side tricks."""

    ignored = frozenset({"tricks", "partner_known", "exposed", "bidding", "kitty", "discards",
                         "dead_hand"})

    def __init__(self, root: State) -> None:
        super().__init__(root)
        st: Any = root
        self.players = root.game.players
        self.side_index = [0] * len(st.tricks_won)
        for k, seats in enumerate(self.sides.values()):
            for s in seats:
                self.side_index[s] = k
        apart = {st.partner_card} if st.partner_card is not None else set()
        for pile in st.piles:
            for down, up in pile or ():
                apart.update(c for c in (down, up) if c is not None)
        self.apart = frozenset(apart)

    def moves(self, state: State) -> list[list[Action]]:
        return touching_groups(state, state.legal_actions(), self.card_of, keep_apart=self.apart)

    def summary(self, name: str, value: Any) -> Any:
        if name == "tricks_won":
            if self.players == 5:
                return value
            out = [0] * len(self.sides)
            for seat, n in enumerate(value):
                out[self.side_index[seat]] += n
            return tuple(out)
        return value

    def key(self, state: State) -> Any:
        st: Any = state
        free = any(st.rules.suit_of.get(c, "") is None for hand in st._hands for c in hand)
        base = super().key(state)
        if free:
            return base
        # no unnominated joker left: the suits led and shown void can no longer matter
        return tuple(v for n, v in zip(self.fields, base) if n not in ("suits_led", "shown_void"))


register("five_hundred", FiveHundredAdapter)
