"""Open hands on the table: what each legal card is worth with every hand face up, and the
par strip of the deal shown.

The values come from the open-hands solver (:mod:`cardlab.solve`): the end score of the
mover's side when every seat plays perfectly seeing every card. They are a teacher's
reference, not advice: they use cards a player cannot see. So the table shows them only
to a viewer who sees every hand (every hand face up, or ``show_all``); anyone else is told
to turn the hands face up, and learns nothing from the values (two deals that differ in a
hidden card look the same).

The solver is asked with a node budget (:data:`STEP_BUDGET`), so a step never waits
long: where a position needs more search than that (early in a deal with many cards
left), the view says so instead of a value. The par strip marks the card plays of the line
up to the step shown whose open-hands value fell (the card cost its side something),
each measured in the same position as that step's badges: the best card's value minus the
card played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.engine.view import visible_codes
from cardlab.solve import SolveBudgetExceeded, SolveError, compiled, values
from cardlab.widgets._view import card_args
from cardlab.widgets._words import side_words

__all__ = ["STEP_BUDGET", "COMPILED_STEP_BUDGET", "every_card_seen", "open_hands_view", "step_values"]

#: the positions the solver may visit for one step of the table (a few tenths of a second
#: on the teaching engine); a position that needs more is reported, not waited for
STEP_BUDGET: Final = 2_500
#: the same for a game searched by a compiled loop (a tenth to a quarter of a second)
COMPILED_STEP_BUDGET: Final = 300_000
#: the card plays before the step that one step may solve for the par strip (each step's
#: own values are kept, so stepping through a deal fills the strip as it goes)
PAR_SOLVES: Final = 4
#: the memo key of a state's open-hands values (None: not solvable within the budget)
_KEY: Final = "open_hands"


def step_values(s: State, memo: dict[Any, Any], budget: int | None = None) -> Any:
    """The open-hands :class:`~cardlab.solve.Values` of ``s`` (solved once per state and
    kept in ``memo``), or None where ``s`` has no card play to value or needs more search
    than ``budget`` (by default :data:`COMPILED_STEP_BUDGET` where the game's search is
    compiled, else :data:`STEP_BUDGET`)."""
    if _KEY in memo:
        return memo[_KEY]
    out = None
    if not s.is_over and any(a.verb == "play" for a in s.legal_actions()):
        try:
            if budget is None:
                budget = COMPILED_STEP_BUDGET if compiled(s) else STEP_BUDGET
            out = values(s, budget=budget)
        except SolveBudgetExceeded:
            out = None
        except SolveError:  # a phase without card play (a call beside no card)
            out = None
    memo[_KEY] = out
    return out


def every_card_seen(s: State, view: Any) -> bool:
    """Whether ``view`` (a seat's view of ``s``) shows every card still to be played: each
    hand and each pile, face-down cards included. Only then may open-hands values be shown
    to that viewer: the solver reads every one of those cards."""
    live = {c.code for hand in s.hands for c in hand}
    for row in getattr(s, "piles", None) or ():
        for pair in row or ():
            live.update(c.code for c in pair if c is not None)
    return live <= visible_codes(view)


def _signed(x: float) -> str:
    """``+70``, ``−120``, ``0`` (a badge's text: a true minus sign, no decimals when whole)."""
    text = f"{abs(x):g}"
    return ("+" if x > 0 else "−" if x < 0 else "") + text


def open_hands_view(line: Sequence[State], cursor: int, *, all_seen: bool,
                    memo_of: Callable[[State], dict[Any, Any]],
                    budget: int = STEP_BUDGET) -> dict[str, Any]:
    """What the table draws of open hands at step ``cursor`` of ``line``.

    :returns: ``{"cards": card code → {"value", "text", "best", "action"}, "note": words
        under the felt, "side": the mover's side in words, "unit", "par": the costly card
        plays up to the step ({"step", "cost", "text", "words"}), "par_note"}``. With
        ``all_seen`` False, only a note asking for every hand face up.
    """
    if not all_seen:
        return {"cards": {}, "par": [], "side": "", "unit": "",
                "note": ("Open-hands values show when every card still in play is face "
                         "up: turn every hand face up."), "par_note": ""}
    s = line[cursor]
    game = s.game
    v = step_values(s, memo_of(s), budget)
    cards: dict[str, dict[str, Any]] = {}
    side = unit = ""
    if v is not None:
        side, unit = side_words(game, v.side), v.unit
        for action, value in v.items():
            for code in card_args(game, Action(action)):
                cards[code] = {"value": value, "text": _signed(value),
                               "best": action in v.best, "action": action}
        note = f"Open hands: each badge is {side}'s score ({unit}) with perfect play, all cards seen."
    elif s.is_over or s.to_move is None:
        note = ""
    elif any(a.verb == "play" for a in s.legal_actions()):
        note = "Open hands: too many cards left to solve at once; values come later in the deal."
    else:
        note = "Open hands value the card play; they appear once the play begins."
    par, unknown = _par(line, cursor, memo_of, budget)
    par_note = ""
    if par or unknown:
        par_note = "Par: the card plays that lost value"
        par_note += f" ({unknown} earlier not solved yet)." if unknown else "."
    return {"cards": cards, "note": note, "side": side, "unit": unit, "par": par,
            "par_note": par_note}


def _par(line: Sequence[State], cursor: int, memo_of: Callable[[State], dict[Any, Any]],
         budget: int) -> tuple[list[dict[str, Any]], int]:
    """The card plays of ``line`` up to step ``cursor`` that cost their side open-hands
    value (in step order), and how many card plays were too early to solve.

    The steps are solved from the latest back: once a position needs more than the budget,
    every earlier one (more cards left) is counted as too early without searching it, so a
    step costs at most one search that gives up; and at most :data:`PAR_SOLVES` positions
    not solved before are searched for one step (the rest are counted as not yet solved:
    stepping through the deal solves them)."""
    out: list[dict[str, Any]] = []
    unknown = 0
    gave_up = False
    solves = 0
    for k in reversed(range(min(cursor, len(line) - 1))):
        before, after = line[k], line[k + 1]
        played = after.history[-1] if after.history else None
        if played is None or played.verb != "play":
            continue
        memo = memo_of(before)
        if _KEY not in memo:
            if solves >= PAR_SOLVES:
                gave_up = True
            solves += 1
        v = None if gave_up else step_values(before, memo, budget)
        if v is None:
            unknown += 1
            gave_up = True
            continue
        cost = max(v.values()) - v[str(played)]
        if cost > 0:
            out.append({"step": k + 1, "cost": cost, "text": "−" + f"{cost:g}",
                        "words": f"{before.describe(str(played))}: cost "
                                 f"{cost:g} {v.unit} with every hand open"})
    out.reverse()
    return out, unknown
