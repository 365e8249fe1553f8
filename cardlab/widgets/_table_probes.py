"""The table's layout probes: the views of the recorded line's tallest steps, which the
front end draws unseen to keep the table as tall as the tallest, so the step buttons stay in
one place while stepping through a deal.

:class:`TableProbes` is a part of :class:`~cardlab.widgets.table.Table` (a mixin). A step
whose every part (a hand's cards, the trick, the prompt's length …) holds at least as much
as another's is at least as tall: only the steps no other step outgrows are sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.widgets._table_parts import TableParts

#: the longest recorded line whose steps are probed for the table's tallest height
MAX_PROBED_STEPS = 400


class TableProbes(TableParts):
    """The layout probes of the recorded line (:attr:`~cardlab.widgets.table.Table._layout_probes`)."""

    def _sync_probes(self) -> None:
        """Publish :attr:`_layout_probes`: the views of the recorded line's steps that are
        tallest in some part (the most cards in a hand, the fullest trick, the longest
        prompt …: every step no other step outgrows in every part), as the review shows
        them. Made once per record and viewer; a live deal without a record has none (the
        front end then keeps the tallest height seen)."""
        rec = self._record
        key = (id(rec), len(rec) if rec is not None else 0, self._vkey(), bool(self.teacher))
        if key == getattr(self, "_probes_key", None):
            return
        self._probes_key = key
        if rec is None or len(rec) > MAX_PROBED_STEPS:
            self._layout_probes = []
            return
        saved = (self._line, self._cursor, self._mode, self._hint, self._look,
                 self._selection, self._last_step)
        views = []
        self._probing = True
        try:
            self._line, self._mode, self._hint, self._look, self._selection = \
                rec, "review", None, None, []
            for k in range(len(rec)):
                self._cursor = k
                views.append(self._build_view())
        finally:
            (self._line, self._cursor, self._mode, self._hint, self._look, self._selection,
             self._last_step) = saved
            self._probing = False
        shapes = [_layout_shape(v) for v in views]
        keep = [i for i, a in enumerate(shapes)
                if not any(j != i and _outgrows(b, a, j < i) for j, b in enumerate(shapes))]
        self._layout_probes = [_probe_view(views[i]) for i in keep]


def _layout_shape(view: Mapping[str, Any]) -> dict[str, int]:
    """How much each part of a view above the step buttons holds (cards, plays, the length
    of its lines in rough steps): a step that holds at least as much in every part is at
    least as tall."""
    shape: dict[str, int] = {}
    for hand in view.get("hands") or []:
        cards = hand.get("cards")
        shape[f"hand{hand['seat']}"] = (len(cards) if isinstance(cards, list)
                                        else min(int(hand.get("count") or 0), 5) + 1)
    for i, row in enumerate(view.get("piles") or []):
        shape[f"piles{i}"] = sum(1 for p in row or [] if isinstance(p, Mapping)
                                 and (p.get("up") or p.get("down")))
    for extra in view.get("extras") or []:
        cards = extra.get("cards")
        shape[f"extra:{extra.get('label')}"] = (len(cards) + 1 if isinstance(cards, list)
                                                else min(int(extra.get("count") or 0), 5) + 1)
    last = view.get("last_trick") or {}
    shape["trick"] = len(view.get("trick") or [])
    shape["last"] = len(last.get("plays") or []) if isinstance(last, Mapping) else 0
    shape["strip"] = len(view.get("trump_strip") or [])
    shape["actions"] = len(view.get("actions") or []) + len(view.get("choices") or [])
    texts = {"led": view.get("led_words") or "", "prompt": view.get("prompt") or "",
             "status": view.get("status") or "",
             "facts": " · ".join(view.get("facts_words") or []),
             **{f"call{k}": v for k, v in (view.get("seat_calls") or {}).items()}}
    for name, text in texts.items():
        shape[name] = (len(str(text)) + 11) // 12
    return shape


def _outgrows(big: Mapping[str, int], small: Mapping[str, int], earlier: bool) -> bool:
    """True if ``big`` holds at least as much as ``small`` in every part (and, between
    equal shapes, is the earlier step: one of them stays)."""
    if any(big.get(k, 0) < v for k, v in small.items()):
        return False
    return earlier or any(big.get(k, 0) > small.get(k, 0) for k in big)


def _probe_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """A view as a layout probe: what is drawn above the step buttons, nothing below."""
    return {**view, "narration": [], "news": [], "teacher": None,
            "look_back": None, "hint": None, "download": None,
            "bot_pending": None, "hint_pending": None, "message": ""}
