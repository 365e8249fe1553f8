"""``ScoreCompare``: one finished deal scored under several scoring variants, side by side.

Each row comes from ``game.score_deal(state, **options)`` with the options of
one of ``game.scoring_variants()`` (or of the variants given). Intent:
``{"type": "variants", "names": [...]}`` chooses which of the known variants
are shown (the front end's checkboxes).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

from cardlab.engine.state import State
from cardlab.widgets import _static
from cardlab.widgets._base import CardlabWidget, Refusal, need

__all__ = ["ScoreCompare"]


class ScoreCompare(CardlabWidget):
    """Score a finished deal under several variants and show the breakdowns side by side.

    :param state: a finished :class:`~cardlab.engine.state.State`, a record (JSON
        text or dict), or a :class:`~cardlab.widgets.Table` (its deal's last step).
    :param variants: None (all of ``game.scoring_variants()``), a list of their
        names, or a dict ``name → options``.
    """

    _intents: ClassVar[dict[str, str]] = {"variants": "_on_variants"}

    def __init__(self, state: Any, *, variants: Any = None, four_colour: bool = False) -> None:
        self._state = _finished_state(state)
        game = self._state.game
        known = {str(k): dict(v) for k, v in game.scoring_variants().items()}
        if variants is None:
            chosen = known
        elif isinstance(variants, Mapping):
            chosen = {str(k): dict(v) for k, v in variants.items()}
        else:
            names = [str(v) for v in variants]
            unknown = [n for n in names if n not in known]
            if unknown:
                raise ValueError(f"unknown scoring variant(s) {', '.join(unknown)} for "
                                 f"{game.name}; known: {', '.join(known) or 'none'}")
            chosen = {n: known[n] for n in names}
        self._variants = chosen
        self._shown = list(chosen)
        super().__init__(kind="score_compare", four_colour=four_colour)
        self._publish()

    @property
    def state(self) -> State:
        """The finished deal being scored."""
        return self._state

    def rows(self) -> list[dict[str, Any]]:
        """One row per variant shown: name, options, points, made, breakdown (or an error)."""
        out = []
        s = self._state
        played = s.result
        if played is not None:
            out.append({"variant": "as played", "options": {}, "points": dict(played.points),
                        "made": played.made, "breakdown": list(played.breakdown), "error": ""})
        for name in self._shown:
            options = self._variants[name]
            try:
                result = s.game.score_deal(s, **options)
            except Exception as err:  # a variant this deal cannot be scored under: say so
                out.append({"variant": name, "options": options, "points": {}, "made": None,
                            "breakdown": [], "error": f"{type(err).__name__}: {err}"})
                continue
            out.append({"variant": name, "options": options, "points": dict(result.points),
                        "made": result.made, "breakdown": list(result.breakdown), "error": ""})
        return out

    def _on_variants(self, intent: Mapping[str, Any]) -> None:
        names = intent.get("names")
        if not (isinstance(names, list) and len(names) <= 100
                and all(isinstance(n, str) for n in names)):
            raise Refusal("'names' must be a list of variant names")
        unknown = [n for n in names if n not in self._variants]
        need(not unknown, f"unknown variant(s): {', '.join(unknown)[:200]}")
        self._shown = [n for n in self._variants if n in names]
        self._publish()

    def _publish(self, message: str = "") -> None:
        rows = self.rows()
        sides: list[str] = []
        for row in rows:
            for side in row["points"]:
                if side not in sides:
                    sides.append(side)
        s = self._state
        self.view = {"game": s.game.name, "title": s.game.title, "rows": _jsonable(rows),
                     "sides": sides, "variants": list(self._variants), "shown": list(self._shown),
                     "contract": s.result.contract if s.result else None,
                     "message": message}

    def _static_html(self) -> str:
        rows = self.rows()
        return _static.render_or_fallback("score_compare_html",
                                          lambda: _static.score_rows_html(rows), rows)

    def __repr__(self) -> str:
        return (f"ScoreCompare({self._state.game.name}, {len(self._shown)} variants: "
                f"{', '.join(self._shown)})")


def _finished_state(obj: Any) -> State:
    from cardlab.engine.record import from_json
    from cardlab.widgets.table import Table

    if isinstance(obj, Table):
        obj = obj._line[-1]
    elif isinstance(obj, (str, bytes, Mapping)):
        obj = from_json(obj)
    if not isinstance(obj, State):
        raise TypeError(f"ScoreCompare needs a finished deal (State, record or Table), "
                        f"not {type(obj).__name__}")
    if not obj.is_over:
        raise ValueError("ScoreCompare needs a finished deal: play it to the end first")
    return obj


def _jsonable(value: Any) -> Any:
    """Options and breakdowns as plain JSON (tuples to lists, odd values to text)."""
    return json.loads(json.dumps(value, default=str))
