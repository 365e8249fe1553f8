"""Five Hundred's scoring (5H-8): the Avondale table, slam, defenders' tens, misère, caps.

:func:`score` turns the facts of a finished deal into a
:class:`~cardlab.engine.result.Result`: the arithmetic is the kernel's
(:func:`~cardlab.games.five_hundred.kernel.contract_points`, :func:`~cardlab.games.five_hundred.kernel.defence_points`,
:func:`~cardlab.games.five_hundred.kernel.deal_points`); this module adds the breakdown a learner reads. The
running scores before the deal matter only for the 490/480 cap and the "over 400" rule
(they are zero for a deal scored on its own; a match passes its totals).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.engine.result import Result, core_figures
from cardlab.games.five_hundred.kernel import (
    contract_made,
    contract_points,
    deal_points,
)
from cardlab.games.five_hundred.rules import (
    ALL_PASS_TRICK_POINTS,
    MISERE_VALUES,
    FiveHundredOptions,
    bid_label,
    parse_bid,
    scoring_flags,
    trick_value,
)

__all__ = ["DealFacts", "score", "contract_value"]


@dataclass(frozen=True)
class DealFacts:
    """What scoring needs from a finished deal.

    :ivar contract: the call (``'7H'``, ``'misere'``, ``'8S sans_kitty'``), or None.
    :ivar declarer: the contractor's seat, or None.
    :ivar contractors: the seats that share the contract (partners; 5-player called partner).
    :ivar tricks: tricks won per seat.
    :ivar sides: side name → seats.
    :ivar seat_names: names by seat.
    :ivar all_pass_nt: everyone passed and the hand was played in NT (``all_pass``).
    """

    contract: str | None
    declarer: int | None
    contractors: tuple[int, ...]
    tricks: tuple[int, ...]
    sides: Mapping[str, tuple[int, ...]]
    seat_names: tuple[str, ...]
    all_pass_nt: bool = False
    n_seats: int = 0  # seats (not ghost positions) in Result.seat_points; 0: every position
    dealer: int | None = None  # the deal's dealer (None: ``Result.next_dealer`` is None)

    def next_dealer(self) -> int | None:
        """5H-4.1 / A-12: the deal passes one seat clockwise, a thrown-in deal too."""
        if self.dealer is None:
            return None
        return (self.dealer + 1) % (self.n_seats or len(self.tricks))


def tricks_words(n: int) -> str:
    """'1 trick', '3 tricks': a learner reads these lines."""
    return f"{n} trick" if n == 1 else f"{n} tricks"


def contract_value(call: str) -> int:
    """5H-8.1 the value of a contract (Avondale, or the misère values)."""
    base = call.split(" ", 1)[0]
    return MISERE_VALUES[base] if base in MISERE_VALUES else trick_value(base)


def score(facts: DealFacts, options: FiveHundredOptions,
          scores_before: Mapping[str, int] | None = None) -> Result:
    """5H-8 the points of a finished deal per side, with a breakdown a learner can read."""
    before = {s: 0 for s in facts.sides} if scores_before is None else dict(scores_before)
    side_of = {seat: name for name, seats in facts.sides.items() for seat in seats}
    side_tricks = {name: sum(facts.tricks[s] for s in seats) for name, seats in facts.sides.items()}
    points = {name: 0 for name in facts.sides}
    lines: list[str] = []
    flags = scoring_flags(options)
    thrown_in = facts.contract is None and not facts.all_pass_nt
    figures = core_figures(facts.sides, facts.seat_names, facts.tricks, None,
                           facts.contractors if facts.contract is not None else (), thrown_in)
    common: dict[str, Any] = {"sides": {k: tuple(v) for k, v in facts.sides.items()},
                              "next_dealer": facts.next_dealer()}
    if facts.contract is None:
        if thrown_in:
            lines.append("All players passed: the hand is thrown in and nobody scores (5H-5.5).")
            return Result(points, (0,) * (facts.n_seats or len(facts.tricks)), None, None, None,
                          tuple(lines), figures, **common)
        lines.append("All players passed: the hand was played in no trumps, and each side "
                     f"scores {ALL_PASS_TRICK_POINTS} per trick (all_pass = play_no_trumps).")
        for name, t in side_tricks.items():
            points[name] = deal_points(False, 0, False, True, before.get(name, 0), t, flags)
            lines.append(f"{name}: {tricks_words(t)} × {ALL_PASS_TRICK_POINTS} = {points[name]}")
        n = facts.n_seats or len(facts.tricks)
        return Result(points, tuple(points[side_of[s]] for s in range(n)),
                      "NT", None, None, tuple(lines), figures, **common)
    assert facts.declarer is not None
    base = facts.contract.split(" ", 1)[0]
    value = contract_value(base)
    contractor_sides = {side_of[s] for s in facts.contractors}
    taken = sum(facts.tricks[s] for s in facts.contractors)
    who = facts.seat_names[facts.declarer]
    seat_points = [0] * len(facts.tricks)
    if base in MISERE_VALUES:
        own = facts.tricks[facts.declarer]
        made = contract_made(own, 0, True)
        gain = contract_points(value, 0, own, True, flags.slam_minimum, flags.all_tricks)
        lines.append(f"{who} bid {bid_label(base)} ({value}) and took "
                     f"{tricks_words(facts.tricks[facts.declarer])}: "
                     + ("made, " if made else "failed, ") + f"{gain:+d} (5H-8.4).")
        lines.append("Defenders score nothing in misère (5H-8.4).")
        for side in contractor_sides:
            points[side] += gain
        seat_points[facts.declarer] = gain
    else:
        parsed = parse_bid(base)
        assert parsed is not None
        need = parsed[0]
        made = contract_made(taken, need, False)
        gain = contract_points(value, need, taken, False, flags.slam_minimum, flags.all_tricks)
        if made and gain != value:  # 5H-8.2 a slam scoring its minimum
            lines.append(f"{who} bid {bid_label(facts.contract)} ({value}) and took all 10 "
                         f"tricks: a slam scores max({value}, {options.slam_minimum}) = "
                         f"{gain} (5H-8.2).")
        elif made:
            lines.append(f"{who} bid {bid_label(facts.contract)} ({value}) and took "
                         f"{tricks_words(taken)}: made, +{value} (5H-8.2).")
        else:
            lines.append(f"{who} bid {bid_label(facts.contract)} ({value}) and took "
                         f"{tricks_words(taken)}, {need - taken} short: failed, -{value} (5H-8.2).")
        for side in contractor_sides:
            points[side] += gain
        for s in facts.contractors:
            seat_points[s] = gain
        for name, seats in facts.sides.items():
            if name in contractor_sides:
                continue
            t = side_tricks[name]
            pts = deal_points(False, gain, False, False, before.get(name, 0), t, flags)
            points[name] += pts
            for s in seats:
                seat_points[s] = pts
            if not options.defenders_score_tricks:
                lines.append(f"{name} defended and took {tricks_words(t)}: defenders score nothing "
                             "(defenders_score_tricks = false).")
            elif pts != flags.per_trick * t:
                lines.append(f"{name} defended and took {tricks_words(t)}: {pts:+d} (10 per trick, "
                             f"limited by the 490/480 or over-400 rule from {before.get(name, 0)}"
                             ").")
            else:
                lines.append(f"{name} defended and took {tricks_words(t)}: {pts:+d} (10 per trick, "
                             "5H-8.3).")
    # partnership games: every seat carries its side's points
    if any(len(seats) > 1 for seats in facts.sides.values()):
        seat_points = [points[side_of[s]] for s in range(len(facts.tricks))]
    figures.update({"value": value, "contractor_tricks": taken})
    if facts.n_seats:
        seat_points = seat_points[: facts.n_seats]
    return Result(points, tuple(seat_points), facts.contract, facts.declarer, made,
                  tuple(lines), figures, **common)
