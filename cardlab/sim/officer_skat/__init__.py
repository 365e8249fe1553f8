"""Officer Skat's simulator: the deal, the calls and the play in arrays, the layouts and
whole states for the hint.

* :mod:`~cardlab.sim.officer_skat.batch` — whole deals and the play phase over arrays
  (:class:`~cardlab.sim.officer_skat.batch.OfficerSkatBatch`, with every scoring method)
  and the ``SIMULATOR``;
* :mod:`~cardlab.sim.officer_skat.calls` — the heuristic bot's calls over batches of deals
  (the choice of game or pass, Kontra and Re);
* :mod:`~cardlab.sim.officer_skat.sampling` — layouts of the hidden face-down cards (the
  play) for the hint and the open-hands values;
* :mod:`~cardlab.sim.officer_skat.states` — whole states consistent with what the seat to
  move can see (:func:`~cardlab.sim.officer_skat.states.sample_states`);
* :mod:`~cardlab.sim.officer_skat.open_hands` — card plays valued by the open-hands solver
  on those layouts, late in the play (the hint's values where it serves);
* :mod:`~cardlab.sim.officer_skat.finish` — the deals played on for the coach earlier: the
  heuristic to the last eight tricks, then the layout solved open (``finish_open``, and the
  hint under ``OPEN_LATE``).
"""

from __future__ import annotations

from dataclasses import replace

from cardlab.sim.officer_skat import batch, finish, open_hands
from cardlab.sim.officer_skat.batch import *  # noqa: F403 (the package's names are its batch's)
from cardlab.sim.officer_skat.batch import __all__ as _batch
from cardlab.sim.officer_skat.states import sample_states

#: the game's simulator: the batch's, with the card plays valued by the open-hands solver
#: where it serves (:mod:`~cardlab.sim.officer_skat.open_hands`: late in the play), the
#: deals finished open before that (:mod:`~cardlab.sim.officer_skat.finish`), and whole
#: states sampled for the seat to move (the choice of game, Kontra and Re are valued on them)
SIMULATOR = replace(batch.SIMULATOR, hint=finish.hint, open_hands=open_hands.open_hands_values,
                    open_hands_serves=open_hands.serves, sample_states=sample_states,
                    finish_open=finish.finish_open)

__all__ = [*_batch, "sample_states"]
