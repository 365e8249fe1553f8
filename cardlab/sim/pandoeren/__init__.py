"""Pandoeren's simulator: the play and the calls in arrays, the layouts for the hint and the
auction's values.

* :mod:`~cardlab.sim.pandoeren.batch` — whole deals and the play over arrays
  (:class:`~cardlab.sim.pandoeren.batch.PandoerenBatch`, with the contracts' tests and
  payments) and the ``SIMULATOR``;
* :mod:`~cardlab.sim.pandoeren.calls` — the deal and the heuristic bot's calls over batches
  of deals (the auction, the exchange, trumps and the call);
* :mod:`~cardlab.sim.pandoeren.sampling` — layouts of the hidden cards (the play) for the
  hint;
* :mod:`~cardlab.sim.pandoeren.open_hands` — the play valued by the open-hands solver on
  those layouts, late in the play (the hint's values where it serves);
* :mod:`~cardlab.sim.pandoeren.finish` — deals played on by the heuristic until that solver
  serves them, then valued with every hand open (the ``OPEN_LATE`` play-out);
* :mod:`~cardlab.sim.pandoeren.contracts` — every call of the auction valued as the
  contract, played out on sampled layouts (the coach's call values; calls.py *makes* the
  bot's calls, this module *values* a seat's options);
* :mod:`~cardlab.sim.pandoeren.states` — whole states consistent with what the seat to move
  can see (:func:`~cardlab.sim.pandoeren.states.sample_states`);
* :mod:`~cardlab.sim.pandoeren.roem_tables` and :mod:`~cardlab.sim.pandoeren.card_sums` —
  the rules' counts (roem, the bot's hand sums) read once into byte tables, so a batch looks
  them up instead of counting card by card.
"""

from __future__ import annotations

from dataclasses import replace

from cardlab.sim.pandoeren import batch, open_hands
from cardlab.sim.pandoeren.batch import *  # noqa: F403 (the package's names are its batch's)
from cardlab.sim.pandoeren.batch import __all__ as _batch
from cardlab.sim.pandoeren.contracts import call_values
from cardlab.sim.pandoeren.finish import finish_open
from cardlab.sim.pandoeren.states import sample_states

#: the game's simulator: the batch's, with the play valued by the open-hands solver where it
#: serves (:mod:`~cardlab.sim.pandoeren.open_hands`: late in the play), the auction's calls
#: valued by :func:`~cardlab.sim.pandoeren.contracts.call_values` (each contract, and
#: passing), whole states
#: sampled for the seat to move (its exchange, trumps and call valued option by option on
#: them), and those states played on by the heuristic until the solver serves them, then
#: valued with every hand open (:func:`~cardlab.sim.pandoeren.finish.finish_open`)
SIMULATOR = replace(batch.SIMULATOR, open_hands=open_hands.open_hands_values,
                    open_hands_serves=open_hands.serves, call_values=call_values,
                    sample_states=sample_states, finish_open=finish_open)

__all__ = [*_batch, "sample_states"]
