"""``StatusLine``: the live line under a form of plain ipywidgets controls (an exercise's
verdict after **Check**).

A screen reader announces a polite live region's new text only when the region was already
in the page before the text changed; an ``ipywidgets.HTML`` whose value carries
``role="status"`` puts a new region in the page each time, which is often not announced.
This line is one ``role="status"`` region drawn once, whose text changes: each
:meth:`StatusLine.say` is announced once, the same words said twice included.

Its front end also keeps the form's plain keys to the form: a box with the DOM class
``cardlab-form`` around the line stops a key without Ctrl, Cmd or Alt (Escape excepted)
from reaching JupyterLab's notebook shortcuts (an arrow key on a button would move to
another cell, "a" would add one), as the table does for its own keys.
"""

from __future__ import annotations

from typing import Any, Literal

import anywidget
import traitlets

from cardlab.widgets._base import STATIC

__all__ = ["StatusLine", "Tone"]

#: how the words read: plain, right, wrong, or the answer shown
Tone = Literal["", "right", "wrong", "answer"]


class StatusLine(anywidget.AnyWidget):
    """One polite live line; :meth:`say` changes its words.

    >>> line = StatusLine()
    >>> line.say("Not quite.", tone="wrong")
    >>> line.view
    {'text': 'Not quite.', 'tone': 'wrong', 'count': 1}
    """

    _esm = STATIC / "status.js"
    _css = STATIC / "status.css"

    view = traitlets.Dict({"text": "", "tone": "", "count": 0}).tag(sync=True)
    """The words, their tone and how many times words were said (a new count is a new
    announcement, the same words included). Type: dict."""

    def __init__(self, **kwargs: Any) -> None:
        unknown = set(kwargs) - {"layout"}
        if unknown:
            raise TypeError(f"StatusLine() got unexpected keyword arguments: "
                            f"{', '.join(sorted(unknown))}")
        super().__init__(**kwargs)

    def say(self, text: str, *, tone: Tone = "") -> None:
        """Show ``text`` (announced once)."""
        count = self.view["count"]
        assert isinstance(count, int)
        self.view = {"text": str(text), "tone": tone, "count": count + 1}

    @property
    def value(self) -> str:
        """The words shown now (read-only, as an ``ipywidgets.HTML``'s value is read)."""
        return str(self.view["text"])

    def __repr__(self) -> str:
        return f"StatusLine({self.value!r})"
