"""Pandoeren's simulator: the play in arrays and the layouts for the hint.

* :mod:`~cardlab.sim.pandoeren.batch` — whole deals (the heuristic bot's calls) and the play
  over arrays (:class:`~cardlab.sim.pandoeren.batch.PandoerenBatch`) and the ``SIMULATOR``;
* :mod:`~cardlab.sim.pandoeren.sampling` — layouts of the hidden cards for the hint.
"""

from __future__ import annotations

from cardlab.sim.pandoeren.batch import *  # noqa: F403 (the package's names are its batch's)
from cardlab.sim.pandoeren.batch import __all__ as _batch

__all__ = [*_batch]
