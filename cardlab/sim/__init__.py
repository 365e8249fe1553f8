"""Simulation at scale: many deals in numpy, bid odds, variant studies, Monte Carlo hints.

``import cardlab`` does not import this package; ``import cardlab.sim`` does (it needs
only numpy). The pieces:

* ``cardlab.sim.<game>`` — each game's simulator, a package of one shape: ``batch.py``
  (the play in arrays: :class:`~cardlab.sim.five_hundred.batch.FiveHundredBatch`,
  :class:`~cardlab.sim.officer_skat.batch.OfficerSkatBatch`,
  :class:`~cardlab.sim.pandoeren.batch.PandoerenBatch`,
  :class:`~cardlab.sim.panfin.batch.PanfinBatch` — hands as ``uint64`` masks, legal masks
  and trick winners from the game's kernel over the whole batch, a ``"random"`` policy
  identical to :class:`cardlab.bots.RandomBot` on the deal's play stream
  (:func:`~cardlab.sim.rng.play_seed`), the heuristic bots' play, whole deals and the
  ``SIMULATOR``), ``calls.py`` (the calls in arrays, where a game has its own module for
  them), ``sampling.py`` (layouts of the hidden cards and whole states for the hint), and
  Five Hundred's mutable rollout (``rollout.py``, ``rollout_core.py``). The package
  re-exports its batch module's names.
* :mod:`cardlab.sim.rng` — SplitMix64 and Fisher–Yates over arrays, reproducing
  ``game.deal(seed=…)`` exactly.
* :func:`bid_odds`, :func:`compare_variants` — studies returning plain data with
  standard errors, paired differences and a stamp (version, seed, options), with a
  progress bar, a clean stop on Ctrl-C (:mod:`cardlab.sim.progress`) and ``executor=``
  (any :class:`concurrent.futures.Executor`: a process pool, a Dask cluster's).
* :func:`season` — many matches played to the end under each variant: how often each side
  wins and how long a game lasts, match by match against a baseline
  (:mod:`cardlab.sim.seasons`).
* :func:`as_frame`, :func:`save_results`, :func:`load_results`,
  :func:`paired_difference` — study results as a pandas frame, in JSON or CSV files, and
  compared deal by deal (:mod:`cardlab.sim.results`).
* :func:`hint` — the best card for the seat to move, by Monte Carlo over layouts of the
  hidden cards that fit what that seat has seen (every game's play phase).

Importing this package registers each game's simulator package with the engine's registry
(:func:`cardlab.engine.registry.register_simulator`; the games name no simulator): the
package declares a :class:`~cardlab.sim.simulator.Simulator` (its batch class, whether it
rescores, its hint and bid odds), which the studies and the hint find through the registry
(:func:`cardlab.sim.simulator.simulator_for`), and the game's fast paths
(``game.rollout()``). Only the per-game packages name a game.

>>> import cardlab, cardlab.sim
>>> odds = cardlab.sim.bid_odds("five_hundred", "JK JH JD AH KH QH 10H AS KS 4D", "8H",
...                             n=200, seed=1)
>>> 0.5 < odds["p_make"] <= 1.0, odds["made"].shape, odds["complete"]
(True, (200,), True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardlab.engine import registry

__all__ = ["bid_odds", "compare_variants", "season", "hint", "sample_layouts", "deal_seeds",
           "as_frame", "save_results", "load_results", "paired_difference"]

_LAZY = {"bid_odds": "studies", "compare_variants": "studies", "season": "seasons",
         "deal_seeds": "rng",
         "hint": "montecarlo", "sample_layouts": "montecarlo", "as_frame": "results",
         "save_results": "results", "load_results": "results",
         "paired_difference": "results"}




def _register_simulators() -> None:
    """Register each subpackage named as a registered game as that game's simulator (imported
    when first asked for)."""
    here = Path(__file__).parent
    for game in registry.names():
        if (here / game / "__init__.py").is_file():
            registry.register_simulator(game, f"{__name__}.{game}")


_register_simulators()


def __getattr__(name: str) -> Any:  # the studies load on first use
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'cardlab.sim' has no attribute {name!r}")
    return getattr(registry.import_module(f"{__name__}.{module}"), name)
