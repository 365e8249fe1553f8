"""Studies over many deals: the odds of making a contract, and rule variants side by side.

Both return plain data (dicts of numpy arrays and numbers) that notebooks and the
scoring widget plot, and that a researcher can check and repeat:

* every rate comes with its standard error (``p_make_stderr``, ``made_rate_stderr`` …),
  every mean too (``mean_points_stderr``, ``mean_length_stderr`` …);
* ``compare_variants`` plays the same deals under every variant, so each variant also
  reports its paired difference from the baseline (``vs_baseline``: the mean per-deal
  difference and its standard error, far tighter than comparing two separate means);
* each result is stamped (:func:`cardlab.sim.results.stamp`): ``study``,
  ``cardlab_version``, ``seed``, the options, ``complete`` and ``deals``;
* :func:`cardlab.sim.as_frame` makes a pandas frame of them, and
  :func:`cardlab.sim.save_results` / :func:`cardlab.sim.load_results` write and read
  them as JSON or CSV.

Work is cut into chunks of deals; deal ``i`` of a study always comes from
``derive_seed(seed, i)`` (and its play stream from that), so the numbers do not depend
on the chunk size or on where the chunks run. Pass any
:class:`concurrent.futures.Executor` as ``executor=`` to spread the chunks — a process
pool on one machine, or a Dask client's ``client.get_executor()`` on a cluster (see the
README's "Scale-out")::

    from concurrent.futures import ProcessPoolExecutor
    import cardlab.sim

    if __name__ == "__main__":            # needed by process pools in scripts
        with ProcessPoolExecutor(max_workers=4) as pool:
            odds = cardlab.sim.bid_odds("five_hundred",
                                        "JK JH JD AH KH QH 10H AS KS 4D", "8H",
                                        n=100_000, seed=1, executor=pool)
        print(odds["p_make"], "±", odds["p_make_stderr"])

``progress`` (:mod:`cardlab.sim.progress`): by default a bar appears once a study has
run for a second (an ipywidgets bar in a notebook, text on stderr elsewhere);
``progress=False`` shows nothing, ``True`` shows it at once. Ctrl-C (or the notebook's
stop button) cancels the chunks not yet run and returns the finished deals, with ``n``
the deals done and ``complete=False``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np

from cardlab.bots import as_bot, bot_for, levels
from cardlab.engine import registry
from cardlab.engine.game import Game
from cardlab.engine.options import scoring_options as _scoring_only
from cardlab.engine.protocols import GameLike
from cardlab.sim.progress import ProgressArg, run_chunks
from cardlab.sim.results import mean_stderr, paired_difference, rate_stderr, stamp
from cardlab.sim.rng import deal_seeds
from cardlab.sim.simulator import (
    BidOddsChunk,
    Simulator,
    play_on,
    simulated_games,
    simulator_for,
)

__all__ = ["bid_odds", "bid_odds_table", "compare_variants", "deal_seeds", "scoring_options"]

_DEFAULT_CHUNK = 2000
#: ``compare_variants``' deals per chunk: where a game's whole deals run in arrays
#: (``Simulator.whole_deals``) the calls and the play cost per step of the batch, not per
#: deal, so chunks are large; deal by deal on the engine, small (a live progress bar)
_WHOLE_DEALS_CHUNK = 10_000
_SCALAR_CHUNK = 500


def _chunks(n: int, size: int) -> list[tuple[int, int]]:
    if size < 1:
        raise ValueError(f"chunk must be at least 1, got {size}")
    return [(lo, min(n, lo + size)) for lo in range(0, n, size)]


def _load(game_name: str, options: Mapping[str, Any]) -> Any:
    import cardlab

    return cardlab.load(game_name, **dict(options))


def _game_spec(game: GameLike | str) -> tuple[str, dict[str, Any]]:
    if isinstance(game, str):
        import cardlab

        game = cardlab.load(game)
    return game.name, game.options_dict()


def _mean(x: np.ndarray) -> float:
    return float(x.mean()) if x.size else float("nan")


def _rate(x: np.ndarray) -> tuple[float, float]:
    """A rate over the deals of the bool array ``x`` and its standard error."""
    p = _mean(x)
    return p, rate_stderr(p, int(x.size))


# -- bid odds ---------------------------------------------------------------------------------
def bid_odds(game: GameLike | str, hand: str | Iterable[Any], contract: str, *, n: int = 2000,
             seed: int = 0, policy: str = "heuristic", nominate: str | None = None,
             chunk: int = _DEFAULT_CHUNK, progress: ProgressArg = None,
             executor: Executor | None = None) -> dict[str, Any]:
    """The chance of making ``contract`` with ``hand``, over ``n`` random layouts of the
    cards the bidder cannot see, each played out by the batch simulator.

    Five Hundred: ``hand`` is the contractor's 10 cards (seat N, who leads); the rest of the pack
    is dealt at random to the other seats and the kitty; N takes the kitty and discards the three
    cards the simulator's rule drops (low plain cards; in misère high cards and the joker),
    nominates ``nominate`` (default: leaves the joker unnominated) and plays. Officer
    Skat: ``hand`` is the face-up cards forehand sees when choosing (4, or 8 with
    ``choose_after_face_up=8``, piles in order); every other card is laid out at random.

    ``policy``: ``"heuristic"`` (default; every seat plays the simple deterministic
    player of :mod:`cardlab.sim.five_hundred` / :mod:`cardlab.sim.officer_skat`, so the
    odds describe that play, not expert play) or ``"random"``. ``progress``, ``executor``
    and ``chunk``: see the module docstring; the numbers do not depend on them. Two
    ``bid_odds`` of one hand with one seed see the same layouts, so
    :func:`cardlab.sim.results.paired_difference` compares them deal by deal.

    :returns: ``{"game", "contract", "policy", "n" (layouts done), "p_make",
        "p_make_stderr" (also as "stderr"), "made" (bool array n), "tricks" (contracting
        side's tricks, n), "points" (contractor's side score per deal, n), "card_points"
        (Officer Skat: the declarer's, n)}``, for each per-deal array but ``made`` its
        mean and standard error (``mean_tricks``, ``mean_tricks_stderr``, ``mean_points``
        …), and the stamp: ``study`` (``"bid_odds"``), ``cardlab_version``, ``seed``,
        ``options`` (the game's), ``hand`` (card codes), ``nominate``, ``n_requested``,
        ``complete`` (False when interrupted) and ``deals`` (``[[lo, hi], …]`` covered).
    """
    name, options = _game_spec(game)
    _odds_of(name)  # refuse a game without bid odds before any work
    g = _load(name, options)
    cards = g.deck.parse_many(hand) if isinstance(hand, str) else [
        g.deck.parse(str(c)) for c in hand]
    codes = [c.code for c in cards]
    chunks = _chunks(n, chunk)
    tasks = [(name, options, codes, contract, seed, lo, hi, policy, nominate)
             for lo, hi in chunks]
    done, complete = run_chunks(_bid_odds_chunk, tasks, [hi - lo for lo, hi in chunks],
                                executor=executor, progress=progress,
                                label=f"bid_odds {contract}")
    finished = sorted(done)
    parts = [done[i] for i in finished]
    keys = list(parts[0]) if parts else ["made", "tricks", "points"]
    arrays = {k: np.concatenate([p[k] for p in parts]) if parts else np.zeros(0)
              for k in keys}
    made = arrays["made"].astype(bool)
    p_make, p_err = _rate(made)
    out: dict[str, Any] = {"game": name, "contract": contract, "policy": policy,
                           "n": int(made.size), "p_make": p_make, "stderr": p_err,
                           "p_make_stderr": p_err}
    out.update(arrays)
    out["made"] = made
    for k, v in arrays.items():
        if k != "made":
            out[f"mean_{k}"] = _mean(v)
            out[f"mean_{k}_stderr"] = mean_stderr(v)
    out.update(stamp("bid_odds", seed, complete, [chunks[i] for i in finished]))
    out.update({"options": options, "hand": codes, "nominate": nominate, "n_requested": n})
    return out


def _odds_of(name: str) -> BidOddsChunk:
    """The bid-odds chunk function of the game ``name``'s simulator.

    :raises NotImplementedError: for a game whose simulator has none.
    """
    try:
        odds = simulator_for(name).bid_odds
    except NotImplementedError:
        odds = None
    if odds is None:
        raise NotImplementedError(
            f"bid_odds simulates {' and '.join(simulated_games('bid_odds'))}, not {name}")
    return odds


def bid_odds_table(game: GameLike | str, hand: str | Iterable[Any], contracts: Sequence[str], *,
                   n: int = 200, seed: int = 0, policy: str = "heuristic",
                   nominate: str | None = None) -> dict[str, dict[str, np.ndarray]]:
    """:func:`bid_odds` of one hand for every contract in ``contracts`` at once: contract →
    its per-deal arrays (``made``, ``tricks``, ``points`` …), each equal to what
    ``bid_odds(game, hand, contract, n=n, seed=seed, …)`` gives.

    Every contract sees the same ``n`` layouts, and all of them are played in one batch
    (one step of the batch plays a card in every contract's deals), which is what makes a
    hint's first bars for the calls quick: 26 contracts cost about as much as two.
    """
    name, options = _game_spec(game)
    odds = _odds_of(name)
    g = _load(name, options)
    cards = g.deck.parse_many(hand) if isinstance(hand, str) else [
        g.deck.parse(str(c)) for c in hand]
    codes = [c.code for c in cards]
    k = len(contracts)
    if k == 0 or n <= 0:
        return {}
    seeds = deal_seeds(seed, 0, n)
    # the batch simulators take one contract per deal: contract i owns rows i*n … (i+1)*n-1
    rows = odds(g, codes, [c for c in contracts for _ in range(n)],  # type: ignore[arg-type]
                np.tile(seeds, k), policy, nominate)
    return {c: {key: v[i * n:(i + 1) * n] for key, v in rows.items()}
            for i, c in enumerate(contracts)}


def _bid_odds_chunk(task: tuple[Any, ...]) -> dict[str, np.ndarray]:
    name, options, codes, contract, seed, lo, hi, policy, nominate = task
    g = _load(name, options)
    seeds = deal_seeds(seed, lo, hi)
    return _odds_of(name)(g, codes, contract, seeds, policy, nominate)


# -- variants ---------------------------------------------------------------------------------
def compare_variants(game_name: str, variants: Mapping[str, Mapping[str, Any]], *,
                     n: int = 1000, seed: int = 0, policy: str = "heuristic",
                     chunk: int | None = None, progress: ProgressArg = None,
                     executor: Executor | None = None, bots: Any = None,
                     baseline: str | None = None) -> list[dict[str, Any]]:
    """Play the same ``n`` seeded deals under each variant (``name → options``) and
    report, per variant, a dict (in the order of ``variants``).

    How: each deal's calls (auction, kitty, choice of game) are made by the game's
    heuristic bot; the play of Five Hundred (2–6 players, the ghost partners too), Officer
    Skat, Pandoeren and Panfin (its trick phase) then runs in the batch simulator (``policy``:
    ``"heuristic"`` or ``"random"``); other games are played out entirely by their
    heuristic bots. Where the game's simulator has whole deals (``Simulator.whole_deals``)
    the deal and the calls run in arrays too (a vectorised form of the bot that makes its
    very calls), else deal by deal on the scalar engine; the numbers are the same. Where
    the game's simulator rescores (``Simulator.rescores``), variants that differ from an
    earlier one only in scoring options (:func:`scoring_options`: the options declared
    ``scoring_only``) are not played again: the same deals are rescored (the batch
    scorers are checked against ``game.score_deal`` by the tests). Otherwise (Pandoeren,
    Panfin) each variant is played (same deals, same play streams), so a ``preset``
    variant changes the play too.

    **Your own bot** (``bots=``, the slow path): every deal is played whole — calls and
    cards — on the scalar engine by your bot, under each variant's own options (same
    deals; ``policy`` is not used). ``bots`` is a bot (anything with
    ``choose(state) -> action``; used as is for every seat and deal), a factory
    (a callable ``factory(seed) -> bot``, e.g. a bot class: one bot per deal, made with
    the deal's seed, so the numbers do not depend on chunking or executor), a level's
    name — ``"random"``, ``"heuristic"`` or ``"expert"`` (:func:`cardlab.bots.bot_for`; an
    unknown name is refused with the level it was closest to) — or a list of these, one
    per seat (a
    factory there gets ``derive_seed(deal_seed, seat)``). With a process pool or a
    cluster, the bot or factory must pickle (define it at the top level of a module). A
    bot object with a random generator of its own carries that generator from deal to
    deal, so its numbers depend on the chunking: prefer a factory.

    ``progress``, ``executor``, ``chunk``: see the module docstring; the numbers are the
    same whatever they are (``chunk`` defaults to 10,000 deals where the whole deals run
    in arrays, else 500). ``baseline``: the variant the others are compared with
    (default: the first).

    :returns: per variant: ``variant``, ``options`` (as given), ``game_options`` (every
        option's value), ``n`` (deals done), ``sides`` (side names), ``scores``
        (``(n, len(sides))`` points), ``mean_points`` / ``mean_points_stderr`` (side →
        mean points per deal and its standard error), ``has_contract`` and ``made`` (bool,
        n), ``contract_rate`` (deals with a contract, not thrown in) and
        ``contract_rate_stderr``, ``made_rate`` (of those, the share made),
        ``made_rate_stderr`` and ``n_contracts``, ``contracts`` (contract → count),
        ``length`` (actions per deal, array), ``mean_length`` and ``mean_length_stderr``;
        ``vs_baseline``: the paired differences from the baseline over the same deals —
        ``baseline`` (its name), ``points`` / ``points_stderr`` (side → mean per-deal
        difference of points and its standard error), ``contract_rate`` /
        ``contract_rate_stderr``, ``made_per_deal`` / ``made_per_deal_stderr`` (the
        difference of the made indicator over all deals) and ``length`` /
        ``length_stderr``; and the stamp: ``study`` (``"compare_variants"``), ``game``,
        ``policy``, ``bots`` (in words: a kind, a dotted name, a repr, or None), ``cardlab_version``, ``seed``,
        ``n_requested``, ``complete`` (False when interrupted) and ``deals``
        (``[[lo, hi], …]`` covered).
    """
    names = list(variants)
    if not names:
        raise ValueError("compare_variants needs at least one variant")
    base_name = names[0] if baseline is None else baseline
    if base_name not in variants:
        raise ValueError(f"baseline {base_name!r} is not one of the variants {names}")
    # every variant's options are checked (and stamped) before any work
    game_options = {v: _load(game_name, variants[v]).options_dict() for v in names}
    first = _load(game_name, variants[names[0]])
    _check_bots(bots, first.players)
    # a simulator that does not rescore plays each variant (same deals, same streams);
    # so does a user's bot, which may read any option
    sim = _simulator(game_name, missing_ok=True)
    if chunk is None:
        fast = bots is None and sim is not None and sim.plays_whole(first)
        chunk = _WHOLE_DEALS_CHUNK if fast else _SCALAR_CHUNK
    rescores = bots is None and (sim is None or sim.rescores)
    scoring_names = scoring_options(game_name) if rescores else frozenset()
    groups: list[tuple[dict[str, Any], list[str]]] = []
    for v in names:
        opts = dict(variants[v])
        play_opts = {k: x for k, x in opts.items() if k not in scoring_names}
        for base, members in groups:
            if base == play_opts:
                members.append(v)
                break
        else:
            groups.append((play_opts, [v]))
    chunks = _chunks(n, chunk)
    tasks = []
    for lo, hi in chunks:  # chunk-major: an interrupt leaves every group at the same deals
        for play_opts, members in groups:
            rescore = [{k: x for k, x in variants[v].items() if k in scoring_names}
                       for v in members]
            tasks.append((game_name, play_opts, rescore, seed, lo, hi, policy, bots))
    per = len(groups)
    done, complete = run_chunks(_variant_chunk, tasks,
                                [(hi - lo) / per for lo, hi in chunks for _ in groups],
                                executor=executor, progress=progress,
                                label=f"compare_variants {game_name}")
    finished = [c for c in range(len(chunks))
                if all(c * per + g in done for g in range(per))]
    sides = list(first.sides) if hasattr(first, "sides") else list(first.seat_names)
    common = {"study": "compare_variants", "game": game_name, "policy": policy,
              "bots": _bots_label(bots), "n_requested": n,
              **stamp("compare_variants", seed, complete, [chunks[c] for c in finished])}
    results: dict[str, dict[str, Any]] = {}
    for g, (_, members) in enumerate(groups):
        parts = [done[c * per + g] for c in finished]
        for j, v in enumerate(members):
            results[v] = {"variant": v, "options": dict(variants[v]),
                          **_variant_stats([p[j] for p in parts], sides),
                          "game_options": game_options[v],
                          **common}
    for v in names:
        results[v]["vs_baseline"] = _vs_baseline(results[v], results[base_name])
    return [results[v] for v in names]


def _variant_stats(parts: list[dict[str, Any]], sides: list[str]) -> dict[str, Any]:
    """One variant's numbers from its finished chunks (in deal order)."""
    empty = {"scores": np.zeros((0, len(sides)), dtype=np.int64),
             "has_contract": np.zeros(0, dtype=bool), "made": np.zeros(0, dtype=bool),
             "length": np.zeros(0, dtype=np.int64)}
    merged = {key: np.concatenate([p[key] for p in parts]) if parts else empty[key]
              for key in empty}
    contracts: dict[str, int] = {}
    for p in parts:
        for c, k in p["contracts"].items():
            contracts[c] = contracts.get(c, 0) + k
    has, made, scores, length = (merged["has_contract"], merged["made"], merged["scores"],
                                 merged["length"])
    contract_rate, contract_err = _rate(has)
    made_rate, made_err = _rate(made[has])
    return {
        "n": int(has.size), "sides": sides, "scores": scores,
        "mean_points": {s: _mean(scores[:, k]) for k, s in enumerate(sides)},
        "mean_points_stderr": {s: mean_stderr(scores[:, k]) for k, s in enumerate(sides)},
        "contract_rate": contract_rate, "contract_rate_stderr": contract_err,
        "made_rate": made_rate, "made_rate_stderr": made_err,
        "n_contracts": int(has.sum()), "contracts": dict(sorted(contracts.items())),
        "length": length, "mean_length": _mean(length),
        "mean_length_stderr": mean_stderr(length), "made": made, "has_contract": has}


def _vs_baseline(result: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """The paired differences of ``result`` from ``base`` over the same deals."""
    out: dict[str, Any] = {"baseline": base["variant"]}
    for key, name in (("scores", "points"), ("has_contract", "contract_rate"),
                      ("made", "made_per_deal"), ("length", "length")):
        d = paired_difference(result, base, key)
        out[name], out[f"{name}_stderr"] = d["mean"], d["stderr"]
    return out


# -- bots of the slow path --------------------------------------------------------------------
def _check_bots(bots: Any, players: int) -> None:
    """Refuse a ``bots=`` that cannot play, before any work.

    :raises ValueError: a list of the wrong length, an unknown kind.
    :raises TypeError: something that is neither a bot nor a factory.
    """
    if bots is None:
        return
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        if len(bots) != players:
            raise ValueError(f"bots: a list needs one bot per seat ({players}), "
                             f"got {len(bots)}")
        for b in bots:
            if isinstance(b, Sequence) and not isinstance(b, str):
                _bad_bot(b)
            _check_bots(b, players)
        return
    if isinstance(bots, str):
        if bots not in levels():
            try:  # the level's own error: "did you mean …"
                bot_for("", bots)
            except ValueError as err:
                raise ValueError(f"bots: unknown kind {bots!r} ({err}); or give a bot, a "
                                 f"factory or one of these per seat") from None
        return
    if not hasattr(bots, "choose") and not callable(bots):
        _bad_bot(bots)
    if hasattr(bots, "choose") and not isinstance(bots, type) and not callable(bots.choose):
        _bad_bot(bots)


def _bots_label(bots: Any) -> Any:
    """``bots=`` in words for the stamp (no memory addresses): a kind, a class's or a
    function's dotted name, a bot's own repr, or a list of these per seat."""
    if bots is None or isinstance(bots, str):
        return bots
    if isinstance(bots, Sequence):
        return [_bots_label(b) for b in bots]
    named = bots if isinstance(bots, type) or not hasattr(bots, "choose") else None
    if named is not None and hasattr(named, "__qualname__"):
        return f"{named.__module__}.{named.__qualname__}"
    if type(bots).__repr__ is not object.__repr__:  # type: ignore[comparison-overlap]
        return repr(bots)
    return f"{type(bots).__module__}.{type(bots).__qualname__}()"


def _bad_bot(b: Any) -> None:
    raise TypeError(f"bots: {b!r} (a {type(b).__name__}) is neither a bot (with "
                    f"choose(state)) nor a factory (factory(seed) -> bot) nor a level "
                    f"({', '.join(map(repr, levels()))})")


def _one_bot(spec: Any, game_name: str, seed: int, seat: int = 0) -> Any:
    return as_bot(spec, game_name, seat, seed)  # a level, a bot, a factory (bot class)


def _deal_bots(bots: Any, game_name: str, seed: int) -> Any:
    """The bot (or bots, one per seat) that play the deal of ``seed``."""
    if isinstance(bots, Sequence) and not isinstance(bots, str):
        from cardlab.engine.rng import derive_seed

        return [_one_bot(b, game_name, derive_seed(seed, k), k) for k, b in enumerate(bots)]
    return _one_bot(bots, game_name, seed)


def _scalar_deal(game: Game, game_name: str, seed: int, k: int, bots: Any,
                 batchable: bool) -> Any:
    """Deal ``k`` of a study on the scalar engine (``game`` is an engine :class:`Game`: the
    bots play its states): the user's bots play it whole; else the heuristic bot makes its
    calls up to the play (which the batch plays), or plays it whole where the batch cannot
    (a deal with no contractor)."""
    from cardlab.bots import bot_for
    from cardlab.engine.playout import play_out

    st = game.deal(seed=seed, dealer=k % game.players)
    if bots is not None:  # the slow path: the user's bot plays the whole deal
        return play_out(st, _deal_bots(bots, game_name, seed))
    bot = bot_for(game_name, "heuristic", seed=seed)  # per deal: chunking-proof
    while not st.is_over and (not batchable or st.phase != "play"):
        st = st.apply(bot.choose(st))
    if batchable and st.phase == "play" and getattr(st, "declarer", 0) is None:
        while not st.is_over:  # an all-pass no-trump deal: no contractor to simulate
            st = st.apply(bot.choose(st))
    return st


def _variant_chunk(task: tuple[Any, ...]) -> list[dict[str, Any]]:
    game_name, play_opts, rescore, seed, lo, hi, policy, bots = task

    seeds = deal_seeds(seed, lo, hi)
    first = _load(game_name, {**play_opts, **rescore[0]})
    sim = _simulator(game_name, missing_ok=True)
    batchable = bots is None and sim is not None and sim.batchable(first)
    sides = list(first.sides) if hasattr(first, "sides") else list(first.seat_names)
    if bots is None and sim is not None and sim.whole_deals is not None and sim.plays_whole(
            first):
        # the fast path: deal, calls and play of the whole chunk in the batch
        dealers = (lo + np.arange(hi - lo)) % first.players
        parts, left = sim.whole_deals(first, seeds, dealers, policy, rescore)
        rows = np.flatnonzero(left)
        if rows.size:  # the few deals the batch leaves to the engine (e.g. a Ramsch)
            few = [_scalar_deal(first, game_name, int(seeds[r]), int(lo + r), bots, batchable)
                   for r in rows]
            length = np.array([len(st.history) for st in few], dtype=np.int64)
            for opts, part in zip(rescore, parts, strict=True):
                sub = _scalar_scores(first, few, opts, rescore[0], sides, length)
                for key in ("scores", "has_contract", "made", "length"):
                    part[key][rows] = sub[key]
                for c, k in sub["contracts"].items():
                    part["contracts"][c] = part["contracts"].get(c, 0) + k
        return parts
    states = [_scalar_deal(first, game_name, int(s), lo + i, bots, batchable)
              for i, s in enumerate(seeds)]
    pre_len = [len(st.history) for st in states]
    if sim is not None and batchable:
        return _variant_batch(sim, first, states, np.array(pre_len), seeds, policy, rescore,
                              sides)
    return [_scalar_scores(first, states, opts, rescore[0], sides, np.array(pre_len))
            for opts in rescore]


def scoring_options(game_name: str) -> frozenset[str]:
    """The options of ``game_name`` that change only how a finished deal scores: those its
    options class declares with ``option(..., scoring_only=True)``.

    >>> sorted(scoring_options("five_hundred"))[:2]
    ['defender_points_ignored_above', 'defenders_score_tricks']
    """
    return _scoring_only(registry.game_class(game_name).spec.options)


def _simulator(game_name: str, missing_ok: bool = False) -> Simulator | None:
    """The simulator of ``game_name``; ``None`` for a game without one if ``missing_ok``."""
    try:
        return simulator_for(game_name)
    except NotImplementedError:
        if missing_ok:
            return None
        raise


def _scalar_scores(game: GameLike, states: list[Any], opts: dict[str, Any], base: dict[str, Any],
                   sides: list[str], length: np.ndarray) -> dict[str, Any]:
    """Scores of finished scalar deals, rescored by ``game.score_deal`` for ``opts``."""
    scores = np.zeros((len(states), len(sides)), dtype=np.int64)
    has = np.zeros(len(states), dtype=bool)
    made = np.zeros(len(states), dtype=bool)
    contracts: dict[str, int] = {}
    for k, st in enumerate(states):
        if not st.is_over:
            continue
        res = game.score_deal(st, **opts) if opts != base else st.result
        for j, side in enumerate(sides):
            scores[k, j] = res.points.get(side, 0)
        has[k] = res.contract is not None
        made[k] = bool(res.made)
        if res.contract is not None:
            contracts[str(res.contract)] = contracts.get(str(res.contract), 0) + 1
    return {"scores": scores, "has_contract": has, "made": made, "length": length.copy(),
            "contracts": contracts, "sides": sides}


def _variant_batch(sim: Simulator, game: GameLike, states: list[Any], pre_len: np.ndarray,
                   seeds: np.ndarray, policy: str, rescore: list[dict[str, Any]],
                   sides: list[str]) -> list[dict[str, Any]]:
    """The deals ``states`` that reached the play, played on by ``sim``'s batch and scored
    under each set of scoring options in ``rescore``; the rest scored by the engine."""
    playing = np.array([st.phase == "play" for st in states], dtype=bool)
    idx = np.flatnonzero(playing)
    out = []
    batch: Any = None
    if idx.size:
        batch = sim.batch.from_states([states[i] for i in idx])  # type: ignore[attr-defined]
        play_on(batch, seeds[idx], policy)
    for opts in rescore:
        # deals that never reached the play (thrown in, all-pass NT) are scored by the engine
        part = _scalar_scores(game, states, opts, rescore[0], sides, pre_len)
        if batch is not None:
            part["scores"][idx] = batch.scores(**opts)
            labels = sim.contract_labels(states, idx, batch)
            part["made"][idx] = batch.made()
            # a batch whose deals may be played with no contract (Turn-up Whist when nobody
            # calls) says which have one; elsewhere every deal reaching the play has one
            contracted = getattr(batch, "contracted", None)
            has = (np.ones(idx.size, dtype=bool) if contracted is None
                   else np.asarray(contracted(), dtype=bool))
            part["has_contract"][idx] = has
            part["length"][idx] += batch.n_actions
            for c, h in zip(labels, has):
                if h:
                    part["contracts"][c] = part["contracts"].get(c, 0) + 1
        out.append(part)
    return out
