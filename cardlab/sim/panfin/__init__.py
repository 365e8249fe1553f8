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
  legal for its seat (``sample_states`` there);
* :mod:`~cardlab.sim.panfin.open_hands` — card plays valued by the open-hands solver on
  those states (the hint's values in the trick phase), and whole states at their first
  lead (the choices before the tricks).
"""

from __future__ import annotations

from dataclasses import replace

from cardlab.sim.panfin import batch, open_hands
from cardlab.sim.panfin.batch import *  # noqa: F403 (the package's names are its batch's)
from cardlab.sim.panfin.batch import __all__ as _batch
from cardlab.solve.jit import HAVE_NUMBA

#: the game's simulator: the batch's, with the card plays valued by the open-hands solver
#: on sampled whole deals where it serves (:mod:`~cardlab.sim.panfin.open_hands`: the trick
#: phase with the compiled search; the rollout hint elsewhere), and the choices before the
#: tricks by the solver's value of each sampled whole state at its first lead (offered with
#: numba only: the interpreted loop would decline every state, and the coach must not say
#: "open hands" before a round that the rollouts value)
SIMULATOR = replace(batch.SIMULATOR, open_hands=open_hands.open_hands_values,
                    open_hands_serves=open_hands.serves,
                    open_hands_state=open_hands.state_value if HAVE_NUMBA else None)

__all__ = [*_batch]
