"""Officer Skat's simulator: the deal, the calls and the play in arrays.

* :mod:`~cardlab.sim.officer_skat.batch` — whole deals (the heuristic bot's calls and play)
  and the play phase over arrays (:class:`~cardlab.sim.officer_skat.batch.OfficerSkatBatch`)
  and the ``SIMULATOR``.
"""

from __future__ import annotations

from cardlab.sim.officer_skat.batch import *  # noqa: F403 (the package's names are its batch's)
from cardlab.sim.officer_skat.batch import __all__ as _batch

__all__ = [*_batch]
