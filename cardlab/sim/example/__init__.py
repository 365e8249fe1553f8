"""Turn-up Whist's simulator (the example game of ``docs/adding_a_game.md``): a package of
the one shape every game's simulator has.

* :mod:`~cardlab.sim.example.batch` — the play over arrays
  (:class:`~cardlab.sim.example.batch.ExampleBatch`: legal cards, trick winners and points
  from the game's kernel), whole deals (the deal and the heuristic bot's calls) and the
  ``SIMULATOR``.

:mod:`cardlab.sim` registers it when the example game is registered before
``cardlab.sim`` is imported; registered later, name it yourself::

    registry.register_simulator("example", "cardlab.sim.example")
"""

from __future__ import annotations

from cardlab.sim.example.batch import *  # noqa: F403 (the package's names are its batch's)
from cardlab.sim.example.batch import __all__ as _batch

__all__ = [*_batch]
