"""Five Hundred's simulator: the play and the calls in arrays, the layouts for the hint and the
mutable rollout.

* :mod:`~cardlab.sim.five_hundred.batch` — whole deals and the play phase over arrays
  (:class:`~cardlab.sim.five_hundred.batch.FiveHundredBatch`) and the ``SIMULATOR``;
* :mod:`~cardlab.sim.five_hundred.calls` — the heuristic bot's auction, discard and joker
  nomination over batches of hands;
* :mod:`~cardlab.sim.five_hundred.sampling` — layouts of the hidden cards;
* :mod:`~cardlab.sim.five_hundred.states` — whole deals replayed to the moment of a
  decision, consistent with what the seat to move can see (``sample_states``);
* :mod:`~cardlab.sim.five_hundred.open_hands` — card plays valued by the open-hands solver
  on those layouts (the hint's values where it serves);
* :mod:`~cardlab.sim.five_hundred.open_bids` — the bids valued by the solver on sampled deals;
* :mod:`~cardlab.sim.five_hundred.rollout` (over
  :mod:`~cardlab.sim.five_hundred.rollout_core`) — the mutable deal driven by integer ids,
  the game's fast path ``game.rollout()`` / ``state.rollout()``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardlab.sim.five_hundred import batch, open_bids, open_hands
from cardlab.sim.five_hundred.batch import *  # noqa: F403 (the package's names are its batch's)
from cardlab.sim.five_hundred.batch import __all__ as _batch
from cardlab.sim.five_hundred.open_bids import open_hands_calls
from cardlab.sim.five_hundred.open_hands import open_hands_values
from cardlab.sim.five_hundred.rollout import new_rollout, rollout_from_state
from cardlab.sim.five_hundred.states import sample_states


#: the game's simulator: the batch's, with the card plays and the bids valued by the
#: open-hands solver where it serves (:mod:`~cardlab.sim.five_hundred.open_hands`,
#: :mod:`~cardlab.sim.five_hundred.open_bids`), and whole deals sampled for the seat to
#: move (the joker nomination and the partner call valued option by option on them, and
#: the coach's play-outs)
def _open_hands_serves(state: Any) -> bool:
    """Whether the solver values this moment's card plays or bids."""
    return bool(open_hands.serves(state) or open_bids.serves(state))


SIMULATOR = replace(batch.SIMULATOR, open_hands=open_hands_values,
                    open_hands_calls=open_hands_calls, open_hands_serves=_open_hands_serves,
                    open_hands_background=True, sample_states=sample_states)

__all__ = [*_batch, "new_rollout", "rollout_from_state", "sample_states"]
