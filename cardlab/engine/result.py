"""The result of a finished deal: plain data a test or a learner can read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Result"]


@dataclass(frozen=True)
class Result:
    """What a finished deal scored, and why.

    :ivar points: points this deal per side (side name → points); in games without
        sides the "sides" are the seats' names.
    :ivar seat_points: points this deal per seat, by seat index.
    :ivar contract: the contract in notation (``'7H'``, ``'misere'``, ``'grand'``), or None.
    :ivar declarer: the seat that won the auction / declared, or None.
    :ivar made: whether the contract was made (None where there is no contract).
    :ivar breakdown: lines of plain words a learner can follow.
    :ivar details: game-specific facts (tricks per side, card points, pot, stacks …).
    """

    points: dict[str, int]
    seat_points: tuple[int, ...]
    contract: str | None = None
    declarer: int | None = None
    made: bool | None = None
    breakdown: tuple[str, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-able dict of every field."""
        return {"points": dict(self.points), "seat_points": list(self.seat_points),
                "contract": self.contract, "declarer": self.declarer, "made": self.made,
                "breakdown": list(self.breakdown), "details": dict(self.details)}

    def __str__(self) -> str:
        return "\n".join(self.breakdown) if self.breakdown else repr(self.points)
