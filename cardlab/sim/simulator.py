"""What a game's batch simulator offers the studies and the Monte Carlo hint.

Each game's simulator package (e.g. :mod:`cardlab.sim.officer_skat`) declares a
:class:`Simulator` as its ``SIMULATOR`` and is registered with the engine's registry when
:mod:`cardlab.sim` is imported (the game names no simulator). :mod:`cardlab.sim.studies` and :mod:`cardlab.sim.montecarlo`
find it through the registry (:func:`simulator_for`) and never name a game: a new
game joins ``compare_variants``, ``bid_odds`` and ``hint`` by declaring its own.

>>> import cardlab
>>> sim = simulator_for(cardlab.load("officer_skat"))
>>> sim.batch.__name__, sim.rescores, sim.hint is not None
('OfficerSkatBatch', True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardlab.engine import registry
from cardlab.engine.protocols import GameLike
from cardlab.sim.rng import PLAY_STREAM, Streams, derive_seeds

__all__ = ["Simulator", "simulator_for", "simulated_games", "contract_words", "every_game",
           "play_on", "HintValues", "BidOddsChunk", "WholeDeals",
           "MatchResults", "FinishOpen", "OPEN_LATE"]

#: the play-out a hint asks of ``Simulator.hint`` (its ``policy``) where the game offers
#: :attr:`Simulator.finish_open`: every seat's heuristic card play in the batch until the
#: game's solver serves the deal, then perfect play with every hand of the layout open (the
#: value the solver finds). The late tricks are then played as the expert plays them (its
#: card values there are the solver's, :mod:`cardlab.sim.advice`), not by the heuristic.
OPEN_LATE = "open_late"

#: ``hint(state, legal, n, seed, policy)``: for each of the ``legal`` card plays (action
#: strings), ``n`` values of playing it, one per sampled layout of the hidden cards
HintValues = Callable[[Any, list[str], int, int, str], list[np.ndarray]]
#: ``bid_odds(game, codes, contract, seeds, policy, nominate)``: one chunk of a bid-odds
#: study, a dict of per-deal arrays with at least ``made``, ``tricks`` and ``points``
BidOddsChunk = Callable[[Any, list[str], str, np.ndarray, str, str | None],
                        dict[str, np.ndarray]]
#: ``whole_deals(game, seeds, dealers, policy, rescore)``: the deals of ``seeds`` (dealt by
#: ``dealers``) played whole, every call by the game's heuristic bot and the play by the
#: batch with ``policy``, scored under each set of scoring options of ``rescore`` (the
#: first is the game's own): one dict per set, of per-deal arrays ``scores``
#: ``(B, sides)``, ``has_contract``, ``made``, ``length`` and ``contracts`` (contract →
#: count); and a bool mask of the deals it left to the scalar path (their rows are
#: placeholders the caller fills in)
WholeDeals = Callable[[Any, np.ndarray, np.ndarray, str, Sequence[Mapping[str, Any]]],
                      tuple[list[dict[str, Any]], np.ndarray]]
#: ``match_results(game, seeds, dealers, policy, matches)``: the next deal of each match of
#: ``matches`` (dealt from ``seeds`` by ``dealers``, which are the matches' own) played whole
#: as ``whole_deals`` plays it and scored as that match scores it — from its running totals
#: ``match.scores`` where the rules ask (Five Hundred's 490 cap) and with what it carries into
#: the deal: per deal its :class:`~cardlab.engine.result.Result`, for ``match.add_result``, or
#: None for a deal left to the scalar path (the caller plays it on the engine)
MatchResults = Callable[[Any, np.ndarray, np.ndarray, str, Sequence[Any]], list[Any]]
#: ``finish_open(batch, origins, seats)``: every deal of ``batch`` (in its play phase,
#: ``origins[b]`` the scalar state deal ``b`` was made from: its contract, its calls and the
#: cards that seat saw) played on as :data:`OPEN_LATE` says, and valued for seat
#: ``seats[b]`` in the measure of the game's card hint; a deal the solver does not serve
#: (past its node budget, or a form it does not search) is played to its end by the
#: heuristic instead. The same deals give the same values on any machine (node budgets,
#: never the clock).
FinishOpen = Callable[[Any, Sequence[Any], np.ndarray], np.ndarray]


def contract_words(states: Sequence[Any], idx: np.ndarray, batch: Any) -> list[str]:
    """The contract of each batch-played deal as its result names it: the state's
    ``contract`` as text (the default of :attr:`Simulator.contract_labels`)."""
    return [str(states[i].contract) for i in idx]


def every_game(game: GameLike) -> bool:
    """Every form of the game is simulated (the default of :attr:`Simulator.batchable`)."""
    return True


@dataclass(frozen=True)
class Simulator:
    """A game's batch simulator, as the studies and the hint use it.

    :ivar batch: the batch class. ``batch.from_states(states)`` takes scalar states in
        the play phase; the batch has ``play(policy, streams)``, ``scores(**scoring)``
        (``(B, sides)`` points), ``made()`` (bool per deal) and ``n_actions`` (the actions
        each deal took in the batch).
    :ivar rescores: whether ``batch.scores(**options)`` scores the played deals again under
        the game's scoring-only options (``option(..., scoring_only=True)``), so variants
        that differ only there are played once and rescored; if not, every variant is
        played (same deals, same play streams).
    :ivar batchable: whether a game under its options has its play simulated (else
        ``compare_variants`` plays it out with the heuristic bots on the scalar engine).
    :ivar contract_labels: ``(states, idx, batch)`` → the contract each batch-played deal
        ``states[i]`` (``i`` in ``idx``) reports in its result.
    :ivar hint: the Monte Carlo values of the card plays (:data:`HintValues`), or ``None``.
    :ivar bid_odds: one chunk of a bid-odds study (:data:`BidOddsChunk`), or ``None``.
    :ivar sample_layouts: ``(state, n, seed)`` → ``n`` layouts of the cards the seat to move
        cannot see (the simulator's own form), or ``None``.
    :ivar sample_states: ``(state, n, seed)`` → ``n`` whole scalar states at the moment of
        ``state`` (a choice before the play), the cards the seat to move cannot see dealt
        at random consistently with what it knows — the other hands, discards and the
        stock's order — and the deal's public actions replayed, or ``None``. With it,
        :func:`cardlab.sim.advice.advise` values the seat's choices where other seats
        decide before its lead (each option applied to every state, the heuristic bots
        deciding up to the play, the play by the batch); the batch's ``scores()`` then
        have one column per side of ``game.sides``, in that order.
    :ivar open_hands: ``(state, legal, n, seed)`` → the card plays valued by the open-hands
        solver on up to ``n`` sampled layouts (one array per play, the same layouts for
        each), or None for a deal it does not serve; the hint prefers it to ``hint``.
    :ivar open_hands_calls: ``(state, calls, n, seed)`` → the calls valued by the open-hands
        solver on up to ``n`` sampled deals (call → the caller's side's points if it became
        the contract, one per deal; ``"pass"`` too, where it values passing), or None for a
        deal it does not serve; the hint prefers it to the bid-odds study.
    :ivar open_hands_serves: ``state`` → whether ``open_hands`` (in the play) or
        ``open_hands_calls`` (in the auction) serves it, asked before any layout is valued
        (the hint sizes its rounds by it: a layout valued with open hands is a whole
        search), or ``None`` where neither is offered.
    :ivar open_hands_background: whether the open-hands valuers let other threads run while
        they search (a compiled search without the GIL, each thread with its own table): a
        table may then value a slow first round ahead on a background thread
        (:mod:`cardlab.widgets._hint_ahead`) without holding up its own clicks and bots.
    :ivar open_hands_state: ``(state, seat)`` → ``seat``'s side's open-hands value of a
        whole state at its first lead (every hand open, the solver's search for that side),
        or None where the solver does not serve it (or it runs past its budget). With it,
        :func:`cardlab.sim.advice.advise` values a choice before the tricks on sampled whole
        states by the solver instead of the batch's heuristic play, where every state of
        the call is served; ``None`` where it is not offered.
    :ivar call_values: ``(state, calls, n, seed)`` → the calls of an auction valued by
        rollouts where no bid-odds study serves (call → the bidder's side's points if it
        stood as the contract and the deal were played out, one per sampled layout, the
        same layouts for every call; a call that cannot stand is left out), or None for a
        state it does not serve: Pandoeren's :mod:`~cardlab.sim.pandoeren.contracts`.
    :ivar finish_open: the batch's deals played on and valued as :data:`OPEN_LATE` says
        (:data:`FinishOpen`), or ``None``. With it, :func:`cardlab.sim.advice.advise`
        values the card plays the solver does not serve yet, the calls and the choices by
        this play-out instead of the heuristic's to the end.
    :ivar whole_deals: whole deals at array speed (:data:`WholeDeals`): the deal, the
        heuristic bot's calls and the play all in the batch, or ``None`` (the calls are
        then made deal by deal on the scalar engine). ``compare_variants`` uses it when no
        ``bots=`` are given; it must give the same numbers as the deal-by-deal path.
    :ivar whole_batchable: whether ``whole_deals`` and ``match_results`` take a game under
        its options, or ``None``: the forms ``batchable`` says. (A form can be played whole in
        arrays before the hint's sampling knows it, as Five Hundred's ghost partners.)
    :ivar match_results: whole deals of matches in arrays (:data:`MatchResults`), or
        ``None``: :func:`cardlab.sim.season` then plays its matches on the scalar engine.
        Each result must be the one the game's match records for the same deal played with
        the heuristic bot's calls and the batch's card play.
    """

    batch: type
    rescores: bool
    batchable: Callable[[Any], bool] = every_game
    contract_labels: Callable[[Sequence[Any], np.ndarray, Any], list[str]] = contract_words
    hint: HintValues | None = None
    bid_odds: BidOddsChunk | None = None
    sample_layouts: Callable[[Any, int, int], np.ndarray] | None = None
    sample_states: Callable[[Any, int, int], list[Any]] | None = None
    open_hands: Callable[[Any, list[str], int, int], list[np.ndarray] | None] | None = None
    open_hands_calls: Callable[[Any, list[str], int, int],
                               dict[str, np.ndarray] | None] | None = None
    open_hands_serves: Callable[[Any], bool] | None = None
    open_hands_background: bool = False
    open_hands_state: Callable[[Any, int], float | None] | None = None
    call_values: Callable[[Any, list[str], int, int],
                          dict[str, np.ndarray] | None] | None = None
    finish_open: FinishOpen | None = None
    whole_deals: WholeDeals | None = None
    match_results: MatchResults | None = None
    whole_batchable: Callable[[Any], bool] | None = None

    def plays_whole(self, game: GameLike) -> bool:
        """Whether whole deals of ``game`` (under its options) run in arrays."""
        if self.whole_deals is None:
            return False
        return (self.batchable if self.whole_batchable is None else self.whole_batchable)(game)


def simulator_for(game: GameLike | str) -> Simulator:
    """The simulator of ``game`` (a game or a registry name).

    :raises NotImplementedError: for a game that declares no simulator.
    :raises ValueError: for an unknown game name.
    """
    name = game if isinstance(game, str) else game.name
    module = registry.simulator_module(name)
    if module is None:
        raise NotImplementedError(f"{name} has no batch simulator (none is registered: "
                                  f"cardlab.engine.registry.register_simulator)")
    sim = module.SIMULATOR
    assert isinstance(sim, Simulator), f"{module.__name__}.SIMULATOR is not a Simulator"
    return sim


def simulated_games(feature: str) -> list[str]:
    """The registered games whose simulator offers ``feature`` (``'hint'``, ``'bid_odds'``,
    ``'sample_layouts'``), for messages that say what is covered."""
    out = []
    for name in registry.names():
        if registry.simulator_module(name) is None:
            continue
        if getattr(simulator_for(name), feature) is not None:
            out.append(name)
    return out


def play_on(batch: Any, seeds: np.ndarray, policy: str) -> None:
    """Play every deal of ``batch`` to its end with ``policy``, each on the play stream of
    its deal seed in ``seeds``."""
    batch.play(policy, Streams(derive_seeds(seeds, PLAY_STREAM)))
