"""Panfin's stakes as chips: the pot, the antes and every payment (B2.3).

Chips live in the players' stacks and in the pot; a :class:`Payment` moves
them between the two and nothing else creates or destroys a chip, so
``sum(stacks) + pot`` is the same before and after every deal (a test checks
it over many seeded deals). Stamp payments go into the pot, which is then
carried into the next deal ("the next pot", B2.9, B2.11, F-A14, F-A21). Who pays
whom at the end of a deal is :mod:`~cardlab.games.panfin.scoring`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.games.panfin.kernel import ante_due
from cardlab.games.panfin.rules import PanfinOptions

__all__ = ["POT", "Payment", "antes", "apply_payments"]

#: the pot, as the payer or payee of a :class:`Payment`
POT = "pot"


@dataclass(frozen=True)
class Payment:
    """Chips moving from ``payer`` to ``payee`` (a seat index or ``"pot"``), with the reason."""

    payer: int | str
    payee: int | str
    amount: int
    why: str
    rule: str

    def as_dict(self, names: Sequence[str]) -> dict[str, Any]:
        """JSON-able form; seats also by name (``"from_name"``/``"to_name"``)."""

        def name(x: int | str) -> str:
            return names[x] if isinstance(x, int) else "pot"

        return {"from": self.payer, "to": self.payee, "from_name": name(self.payer),
                "to_name": name(self.payee), "amount": self.amount, "why": self.why,
                "rule": self.rule}


def apply_payments(pot: int, stacks: Sequence[int], payments: Sequence[Payment]
                   ) -> tuple[int, tuple[int, ...]]:
    """The pot and stacks after ``payments`` (chips are only moved, never made)."""
    out = list(stacks)
    for p in payments:
        if p.payer == POT:
            pot -= p.amount
        else:
            out[int(p.payer)] -= p.amount
        if p.payee == POT:
            pot += p.amount
        else:
            out[int(p.payee)] += p.amount
    return pot, tuple(out)


def antes(options: PanfinOptions, players: int, dealer: int, pot: int) -> list[Payment]:
    """B2.3: an empty pot takes 1 from everyone and ``dealer_ante_multiplier`` from the
    dealer; a carried-over pot takes ``carryover_dealer_adds`` from the dealer only (F-A22)."""
    # the amounts are the kernel's, which the batch simulator runs on arrays too
    dues = [ante_due(s, dealer, pot, options.dealer_ante_multiplier,
                     options.carryover_dealer_adds) for s in range(players)]
    if pot == 0:
        return [Payment(s, POT, dues[s], "dealer's ante" if s == dealer else "ante", "B2.3")
                for s in range(players)]
    return [Payment(dealer, POT, dues[dealer], "the dealer adds to the carried-over pot",
                    "B2.3")]
