"""Jupyter widgets for cardlab (anywidget): tables, deal editor, ladders, score comparisons.

Importing this module imports anywidget and ipywidgets; ``import cardlab``
alone does not. Every widget keeps the truth in Python and publishes one JSON
``view`` that ``static/cardlab.js`` draws; the browser only sends intents.

>>> import cardlab
>>> from cardlab.widgets import Table
>>> table = Table(cardlab.load("five_hundred").deal(seed=7), seat=0)
>>> table  # N is the learner; E calls first, and the bots wait for the browser's timer
Table(five_hundred, seed=7, step 0/0, E to bid)
>>> table.act("bid 6S")  # the Python methods raise, as State.apply does
Traceback (most recent call last):
...
cardlab.errors.IllegalAction: 'six spades' is not legal: it is E's turn, not N's
>>> table.handle({"type": "act", "action": "bid 6S"})  # the front end's intents never raise
"'six spades' is not legal: it is E's turn, not N's"
"""

from __future__ import annotations

from cardlab.widgets.editor import DealEditor
from cardlab.widgets.ladders import AuctionLadder, TrumpLadder
from cardlab.widgets.scores import ScoreCompare
from cardlab.widgets.table import Table
from cardlab.widgets.teacher import TeacherPage

__all__ = ["Table", "DealEditor", "TrumpLadder", "AuctionLadder", "ScoreCompare", "TeacherPage"]
