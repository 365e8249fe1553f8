"""cardlab: learn traditional trick-taking card games.

A faithful rules engine for Five Hundred, Officer Skat, Pandoeren and Panfin,
with Jupyter widgets (``cardlab.widgets``, loaded only when asked for) and
static pictures of cards, hands and tables.

>>> import cardlab
>>> cardlab.game_names()
['five_hundred', 'officer_skat', 'pandoeren', 'panfin']

Each game is a package of :mod:`cardlab.games` (``help(cardlab.games.five_hundred)``).
"""

from __future__ import annotations

from types import ModuleType

from cardlab import games  # the package of the games; importing it registers them
from cardlab.cards import Card, Deck, format_cards, parse_card, parse_cards, set_drawer
from cardlab.engine import Action, Explanation, Game, Match, Result, State
from cardlab.engine.record import from_json, to_json
from cardlab.engine.registry import load, provide_simulators
from cardlab.engine.registry import names as game_names
from cardlab.engine.share import Shared, read_share, share_code
from cardlab.errors import CardError, IllegalAction, RecordError
from cardlab.version import __version__

# the games' fast paths register themselves from cardlab.sim, imported when one is first asked
# for (game.rollout(), the studies): the root names it, as it gathers every layer
provide_simulators("cardlab.sim")


def _draw(kind: str, thing: object, html: bool) -> str:
    # a card, a pack or a deal draws itself in a notebook with the render layer's pictures,
    # loaded when the first picture is asked for (the lower layers never import it)
    from cardlab.engine.registry import import_module

    drawn: str = import_module("cardlab.render").draw(kind, thing, html)
    return drawn


set_drawer(_draw)

__all__ = [
    "__version__",
    "Action",
    "Card",
    "CardError",
    "Deck",
    "Explanation",
    "Game",
    "IllegalAction",
    "Match",
    "RecordError",
    "Result",
    "Shared",
    "State",
    "format_cards",
    "from_json",
    "game_names",
    "games",
    "load",
    "parse_card",
    "parse_cards",
    "read_share",
    "share_code",
    "to_json",
]


def __getattr__(name: str) -> ModuleType:  # lazy: importing cardlab must not import the widgets
    if name in ("widgets", "sim", "render", "teaching", "bots"):
        from cardlab.engine.registry import import_module

        return import_module(f"cardlab.{name}")
    raise AttributeError(f"module 'cardlab' has no attribute {name!r}")
