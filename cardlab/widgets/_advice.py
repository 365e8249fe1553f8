"""The table's hint bars and its look back, as view data (the numbers come from
:mod:`cardlab.sim.advice`; this module only puts them into words and bar lengths)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine.action import Action
from cardlab.engine.state import State

__all__ = ["HINT_ROUNDS", "LOOK_BACK_N", "hint_view", "look_back_view", "option_words"]

#: layouts per option in each round of a hint: a quick first estimate (the first bars),
#: then better ones, each a separate request so a click never waits behind a long one
HINT_ROUNDS = {"play": (12, 60, 200), "call": (4, 16, 60), "choice": (4, 16, 60)}
#: layouts per option for each decision of a look back
LOOK_BACK_N = 100


def option_words(s: State, action: str) -> str:
    """An option in words: the card's name for a card play, the call's words otherwise."""
    from cardlab.widgets.table import call_words

    a = Action(action)
    if a.verb == "discard" and a.args:
        try:
            names = [f"the {s.game.deck.name(s.game.deck.parse(c))}" for c in a.args]
        except Exception:
            names = list(a.args)
        return "discard " + (names[0] if len(names) == 1 else
                                ", ".join(names[:-1]) + " and " + names[-1])
    if a.verb == "play" and len(a.args) == 1:
        try:
            return "the " + str(s.game.deck.name(s.game.deck.parse(a.args[0])))
        except Exception:
            return str(a.args[0])
    return call_words(s.game, a)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _points(x: float) -> str:
    return f"{x:+.1f}".replace("-", "−")


def hint_view(s: State, advice: Any, *, round_: int, rounds: int) -> dict[str, Any]:
    """The hint's bars for ``s``: one per valued option, its value, and a length between
    0.08 and 1 (the worst to the best, so every bar is visible), and the why line's words."""
    values: Mapping[str, float] = advice.values
    lo, hi = min(values.values()), max(values.values())
    span = hi - lo
    bars = []
    for a, v in values.items():
        act = Action(a)
        length = 1.0 if span <= 1e-12 else 0.08 + 0.92 * (v - lo) / span
        # a bar on each card the option plays or drops, else on its button
        cards = advice.cards.get(a) or ((act.args[0],) if act.verb in ("play", "discard")
                                        and len(act.args) == 1 else (None,))
        for card in cards:
            bars.append({"action": a, "card": card, "value": round(v, 3),
                         "stderr": round(advice.stderr[a], 3), "length": round(length, 3),
                         "best": a == advice.best})
    ranked = sorted(values, key=lambda a: -values[a])
    best = ranked[0]
    why = (f"Hint: {_cap(option_words(s, best))} is best, worth {_points(values[best])} points "
           f"on average")
    if len(ranked) > 1:
        why += (f", {advice.margin:.1f} more than {option_words(s, ranked[1])}")
    why += f" ({advice.n} layouts of the cards you cannot see each)."
    return {"bars": bars, "best": best, "why": why, "n": advice.n, "kind": advice.kind,
            "round": round_, "more": round_ + 1 < rounds}


def look_back_view(line: list[State], look: Any, current: int | None) -> dict[str, Any]:
    """The look back's list: each decision's step on ``line`` (the table's steps), its cost
    in words, the costly first."""
    steps = {len(t.history): i for i, t in enumerate(line)}
    rows = []
    for k, d in enumerate(look.decisions):
        s = line[steps[d.index]] if d.index in steps else None
        if s is None:
            continue
        chosen, best = option_words(s, d.chosen), option_words(s, d.best)
        name = s.game.seat_name(d.seat)
        if d.chosen == d.best or d.cost <= 0:
            words = f"{name}: {chosen}, the best option by the estimate"
        else:
            words = (f"{_points(-d.cost)} points: {name} chose {chosen}; {best} was worth "
                     f"{d.cost:.1f} more (± {d.stderr:.1f})")
        rows.append({"i": k, "step": steps[d.index], "cost": round(d.cost, 3),
                     "stderr": round(d.stderr, 3), "chosen": d.chosen, "best": d.best,
                     "words": words, "current": k == current})
    return {"decisions": rows, "current": current}
