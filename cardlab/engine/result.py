"""The result of a finished deal: plain data a test or a learner can read.

Every game gives the same :class:`Result`, with the same fields and, in
``figures``, the same core keys in the same shapes. A result is plain data:
``Result.from_dict(r.as_dict()) == r``, also through JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = ["Result", "FIGURE_KEYS", "core_figures"]

#: The keys every game's ``result.figures`` holds (see :class:`Result`).
FIGURE_KEYS: Final = ("tricks", "seat_tricks", "card_points", "contractors", "thrown_in")


def core_figures(sides: Mapping[str, Sequence[int]], hand_names: Sequence[str],
                 seat_tricks: Sequence[int], card_points: Sequence[int] | None,
                 contractors: Sequence[int], thrown_in: bool) -> dict[str, Any]:
    """The core of ``result.figures`` from per-hand sequences (by position index).

    ``hand_names`` names every hand that plays to tricks (the seats, and with Five
    Hundred's ghost partners also ``G1 G2``); ``sides`` maps side name → those indices.
    """
    return {
        "tricks": {name: sum(int(seat_tricks[s]) for s in seats) for name, seats in sides.items()},
        "seat_tricks": {hand_names[s]: int(seat_tricks[s]) for s in range(len(hand_names))},
        "card_points": None if card_points is None else {
            hand_names[s]: int(card_points[s]) for s in range(len(hand_names))},
        "contractors": [hand_names[s] for s in contractors],
        "thrown_in": bool(thrown_in),
    }


@dataclass(frozen=True)
class Result:
    """What a finished deal scored, and why; the same fields in every game.

    :ivar points: points this deal per side (side name → points), keyed exactly by
        ``game.sides``; in games where each player is alone the sides are the seats' names.
    :ivar seat_points: points this deal per seat, by seat index (the players, never a ghost).
    :ivar contract: the contract in notation (``'7H'``, ``'misere'``, ``'grand'``, ``'120'``),
        or None. Panfin has no contract; there it names how the deal ended (its docstring).
    :ivar declarer: the seat that won the auction / declared, or None.
    :ivar made: whether the contract was made (None where there is no contract).
    :ivar breakdown: lines of plain words a learner can follow.
    :ivar sides: side name → the seats (positions) of that side, as ``game.sides``: the
        same keys as ``points``. With Five Hundred's ghost partners a side holds a player's
        seat and its ghost's position.
    :ivar next_dealer: the seat that deals the next deal under this game's rules (the
        deal passing on, or a redeal by the same dealer where the rules say so); the seat a
        match moves its dealer to when it records this deal. None only for a deal scored
        without knowing its dealer.
    :ivar figures: the facts behind the points, plain JSON-able data. Per-seat values are
        dicts keyed by the name of each hand that plays (``game.seat_names``, and with Five
        Hundred's ghost partners ``G1 G2`` too); per-side values are keyed like ``points``.
        The same core keys in every game (:data:`FIGURE_KEYS`), always present:

        * ``tricks``: side name → tricks that side won (int).
        * ``seat_tricks``: hand name → tricks it won (int).
        * ``card_points``: hand name → card points it took in tricks (int), in games that
          count card points (Officer Skat, Pandoeren); **None** in games that do not (Five
          Hundred, Panfin). The key is always there, so ``figures["card_points"] is None``
          says "this game counts no card points".
        * ``contractors``: the hand names that hold the contract (the declarer and its
          partners), in seat order; ``[]`` when nobody does (a thrown-in deal, Ramsch,
          Panfin).
        * ``thrown_in``: True when nobody took the deal on, so it was not played for (every
          player passed or folded); False otherwise.

        A game may add keys of its own; each is documented in its package docstring.
    """

    points: dict[str, int]
    seat_points: tuple[int, ...]
    contract: str | None = None
    declarer: int | None = None
    made: bool | None = None
    breakdown: tuple[str, ...] = ()
    figures: dict[str, Any] = field(default_factory=dict)
    sides: dict[str, tuple[int, ...]] = field(default_factory=dict)
    next_dealer: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-able dict of every field (:meth:`from_dict` reads it back)."""
        return {"points": dict(self.points), "seat_points": list(self.seat_points),
                "contract": self.contract, "declarer": self.declarer, "made": self.made,
                "breakdown": list(self.breakdown), "figures": _plain(self.figures),
                "sides": {k: list(v) for k, v in self.sides.items()},
                "next_dealer": self.next_dealer}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        """The result :meth:`as_dict` wrote (also after a trip through JSON)."""
        try:
            return cls(points={str(k): int(v) for k, v in data["points"].items()},
                       seat_points=tuple(int(v) for v in data["seat_points"]),
                       contract=data.get("contract"), declarer=data.get("declarer"),
                       made=data.get("made"), breakdown=tuple(data.get("breakdown", ())),
                       figures=_plain(dict(data.get("figures", {}))),
                       sides={str(k): tuple(int(s) for s in v)
                              for k, v in data.get("sides", {}).items()},
                       next_dealer=data.get("next_dealer"))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ValueError(f"not a result dict: {exc}") from None

    def __str__(self) -> str:
        return "\n".join(self.breakdown) if self.breakdown else repr(self.points)


def _plain(value: Any) -> Any:
    """``value`` as JSON gives it back: tuples become lists, dicts are copied."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
