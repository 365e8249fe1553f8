"""Panfin's simulator: the trick phase and the declarations in arrays, the layouts and
whole states for the hint.

* :mod:`~cardlab.sim.panfin.batch` — whole deals and the trick phase over arrays
  (:class:`~cardlab.sim.panfin.batch.PanfinBatch`, with the chip settlement) and the
  ``SIMULATOR``;
* :mod:`~cardlab.sim.panfin.calls` — the deal and the heuristic bot's declarations over
  batches of hands;
* :mod:`~cardlab.sim.panfin.sampling` — layouts of the hidden cards (the trick phase) and
  whole states for the hint and the coach's play-outs;
* :mod:`~cardlab.sim.panfin.states` — whole states in the trick phase, every card played
  legal for its seat (``sample_states`` there).
"""

from __future__ import annotations

from cardlab.sim.panfin.batch import *  # noqa: F403 (the package's names are its batch's)
from cardlab.sim.panfin.batch import __all__ as _batch

__all__ = [*_batch]
