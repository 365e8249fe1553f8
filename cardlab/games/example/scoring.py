"""Turn-up Whist's points (EX-5): a finished deal as a :class:`~cardlab.engine.result.Result`.

One point per trick to the seat that wins it; a caller wins or loses ``call_value``
more. The result has the fields and the core ``figures`` every cardlab game gives
(:data:`~cardlab.engine.result.FIGURE_KEYS`), plus ``call_bonus``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlab.engine.result import Result, core_figures
from cardlab.games.example.kernel import call_made, deal_points

if TYPE_CHECKING:
    from cardlab.games.example.state import ExampleState

__all__ = ["score"]


def score(state: ExampleState) -> Result:
    """EX-5 the points of a finished deal, per seat (each seat is its own side)."""
    game = state.game
    names = game.seat_names
    won = [0] * game.players
    for trick in state.tricks:
        assert trick.winner is not None
        won[trick.winner] += 1
    caller = state.caller
    value = game.options.call_value
    caller_tricks = 0 if caller is None else won[caller]
    # EX-5.1 / EX-5.2 the kernel's arithmetic, seat by seat
    points = [int(deal_points(n, s == caller, caller_tricks, value)) for s, n in enumerate(won)]
    lines = [", ".join(f"{names[s]} won {n} trick{'' if n == 1 else 's'}"
                       for s, n in enumerate(won))]
    made: bool | None = None
    bonus = 0
    if caller is not None:
        made = bool(call_made(caller_tricks))
        bonus = int(deal_points(0, True, caller_tricks, value))  # the call alone
        lines.append(f"{names[caller]} called and {'made' if made else 'failed'}: "
                     f"{bonus:+d}")
    figures = core_figures(game.sides, names, won, None,
                           [] if caller is None else [caller], False)
    figures["call_bonus"] = bonus
    return Result(points={names[s]: p for s, p in enumerate(points)}, seat_points=tuple(points),
                  contract=state.contract, declarer=caller, made=made, breakdown=tuple(lines),
                  figures=figures, sides=dict(game.sides),
                  next_dealer=(state.dealer + 1) % game.players)  # EX-2 the deal passes left
