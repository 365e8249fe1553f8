"""Seasons: many matches played to the end under each variant of a game's rules.

A teacher's question about a variant is often about whole games, not deals: *does
"over 400" make Five Hundred longer? does the side that deals first win more often?*
:func:`season` plays ``n`` matches to their end under each variant — the same match
seeds under every variant, so the variants are compared match by match — and reports
how often each side wins (a shared win counts as a share) and how many deals a match
lasts, each with its standard error, and the paired differences from a baseline.

The matches are played by the game's bots (``"heuristic"`` by default, or
``"random"``, or your own: one bot for every seat, or a list per seat) through the
game's own :class:`~cardlab.engine.match.Match`, so every rule of the match — targets,
caps, "over 400", the dealer's turn — is the engine's. ``executor`` spreads the
matches over processes (or a Dask client's executor) in chunks; the numbers do not
depend on the chunking.

**In arrays.** Where the game's simulator plays matches' deals whole in arrays
(``Simulator.match_results``: every game — Five Hundred in every form, two players' ghost
partners included, Officer Skat, Pandoeren, Panfin with its pot carried over), the
``"heuristic"`` season is played as :func:`~cardlab.sim.compare_variants` plays its
deals: all the running matches' next deals at once, every call by the heuristic bot's
vectorised twin and the cards by the batch's ``"heuristic"`` play policy, each deal
then added to its match by its result (``Match.add_result``: the match's own scoring,
outcome and dealer's turn). A deal the batch leaves aside (Five Hundred all passed and
played in no trumps, an Officer Skat Ramsch) is played on the engine by the heuristic bot. The result says which path was
taken (``"arrays"``); elsewhere the bots play every deal on the engine.

>>> import cardlab.sim
>>> short = cardlab.sim.season("officer_skat", {"standard": {}, "two deals": {"match_deals": 2}},
...                            n=8, progress=False)
>>> [(r["variant"], r["mean_deals"]) for r in short]
[('standard', 4.0), ('two deals', 2.0)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np

from cardlab.bots import as_bot, bot_for, levels
from cardlab.engine import registry
from cardlab.engine.playout import play_out
from cardlab.engine.protocols import GameLike
from cardlab.engine.rng import derive_seed
from cardlab.sim.progress import ProgressArg, run_chunks
from cardlab.sim.results import mean_stderr, paired_difference, stamp
from cardlab.sim.simulator import simulator_for

__all__ = ["season", "MAX_DEALS"]

#: a match that has not ended after this many deals is reported as unfinished
MAX_DEALS = 500
#: matches per chunk by default: on the engine, and in arrays (where every running match's
#: next deal is played in one batch, so more matches mean fewer, fuller batches)
SCALAR_CHUNK, ARRAY_CHUNK = 25, 500
#: the seed stream of the bots, apart from the deals' (so a variant never changes a bot's draws)
_BOT_STREAM = 0xB075


def _chunks(n: int, size: int) -> list[tuple[int, int]]:
    return [(lo, min(n, lo + size)) for lo in range(0, n, size)]


def _bots(name: str, players: int, bots: Any, match_seed: int) -> Any:
    """The seats' bots for one match: a level's (seeded from the match), or the user's (a
    bot for every seat, or one per seat: a level's name, a bot or a factory)."""
    if isinstance(bots, str):
        return [bot_for(name, bots, seed=derive_seed(match_seed, _BOT_STREAM + seat))
                for seat in range(players)]
    if isinstance(bots, Sequence):
        return [as_bot(b, name, seat, derive_seed(match_seed, _BOT_STREAM + seat))
                for seat, b in enumerate(bots)]
    return as_bot(bots, name, 0, match_seed)


def _check_bots(name: str, players: int, bots: Any) -> None:
    """Refuse a ``bots=`` that cannot play before any match: an unknown level (with the
    level it was closest to), a list of the wrong length, an object without ``choose``.

    :raises ValueError: an unknown level, a list of the wrong length.
    :raises TypeError: a seat's bot that is no bot.
    """
    many = isinstance(bots, Sequence) and not isinstance(bots, str)
    if many and len(bots) != players:
        raise ValueError(f"bots: a list needs one bot per seat ({players}), got {len(bots)}")
    for seat, spec in enumerate(bots if many else [bots]):
        if isinstance(spec, str):
            if spec not in levels():
                bot_for(name, spec)  # raises, saying which level was meant
        elif not (hasattr(spec, "choose") and callable(spec.choose)) and not isinstance(
                spec, type):
            as_bot(spec, name, seat)  # raises, naming it and the seat


def _in_arrays(name: str, game: GameLike, bots: Any) -> bool:
    """Whether a season of ``game`` with ``bots`` is played in arrays (module docstring)."""
    if not (isinstance(bots, str) and bots == "heuristic"):
        return False
    try:
        sim = simulator_for(name)
    except NotImplementedError:
        return False
    return sim.match_results is not None and sim.plays_whole(game)


def _array_matches(name: str, game: GameLike, matches: list[Any], max_deals: int) -> None:
    """Play ``matches`` to their end (or ``max_deals``) together, deal by deal in arrays."""
    sim = simulator_for(name)
    assert sim.match_results is not None
    while live := [m for m in matches if not m.is_over and len(m.sheet) < max_deals]:
        # each match's next deal, seeded as Match.deal seeds it
        seeds = np.array([derive_seed(m.seed, len(m.sheet)) for m in live], dtype=np.uint64)
        dealers = np.array([m.dealer for m in live], dtype=np.int64)
        results = sim.match_results(game, seeds, dealers, "heuristic", live)
        for m, deal_seed, result in zip(live, seeds.tolist(), results, strict=True):
            if result is not None:
                m.add_result(result)
                continue
            # a deal the batch leaves aside: the heuristic bot (seeded by the deal, as in
            # compare_variants) plays it on the engine
            bot = bot_for(name, "heuristic", seed=deal_seed)
            m.record(play_out(m.deal(), bot))


def _season_chunk(task: tuple[Any, ...]) -> dict[str, np.ndarray]:
    """Matches ``lo … hi-1`` of one variant: per match, the deals it took and each side's
    share of the win (0 for all when unfinished)."""
    name, options, seed, lo, hi, bots, max_deals = task
    game = registry.load(name, **options)
    sides = list(game.sides)
    deals = np.zeros(hi - lo, dtype=np.int64)
    won = np.zeros((hi - lo, len(sides)), dtype=float)
    matches = [game.match(seed=derive_seed(seed, k), dealer=k % game.players)
               for k in range(lo, hi)]
    if _in_arrays(name, game, bots):
        _array_matches(name, game, matches, max_deals)
    else:
        for match in matches:
            match.play(_bots(name, game.players, bots, match.seed), max_deals=max_deals)
    for row, match in enumerate(matches):
        deals[row] = len(match.sheet)
        if match.is_over and match.winner:
            winners = [s for s in match.winner.split(", ") if s in sides]
            for s in winners:  # a shared win (a tie at the top) counts as a share
                won[row, sides.index(s)] = 1.0 / len(winners)
    return {"deals": deals, "won": won}


def season(game_name: str, variants: Mapping[str, Mapping[str, Any]] | None = None, *,
           n: int = 200, seed: int = 0, bots: Any = "heuristic",
           max_deals: int = MAX_DEALS, chunk: int | None = None, progress: ProgressArg = None,
           executor: Executor | None = None, baseline: str | None = None
           ) -> list[dict[str, Any]]:
    """Play ``n`` matches of ``game_name`` to their end under each variant (``name →
    options``; default: the game's rules as they are) and report, per variant, a dict.

    Match ``k`` of every variant has the same seed (``derive_seed(seed, k)``), the same
    first dealer (seat ``k`` mod players) and bots seeded from it, so two variants are
    compared match by match. ``bots``: a level's name (``"random"``, ``"heuristic"``,
    ``"expert"``: :func:`cardlab.bots.bot_for`), or your own bot (one for every seat) or a
    list of bots, levels' names or factories (one per seat). A match still going after
    ``max_deals`` deals is counted as unfinished. ``"heuristic"`` is played in arrays where
    the game's simulator can (module docstring; then the calls' bots are seeded per deal,
    as in ``compare_variants``). ``chunk``: matches per task (default 25 on the engine,
    500 in arrays); the numbers do not depend on it.

    :returns: per variant ``{"variant", "options", "game", "sides", "n" (matches played),
        "deals_per_match" (n), "won" ((n, sides): each side's share of the win),
        "win_rate" / "win_rate_stderr" (side → mean share and its standard error),
        "mean_deals", "mean_deals_stderr", "median_deals", "longest", "unfinished" (matches
        with no winner within max_deals), "shared" (matches won by a tie at the top),
        "bots", "arrays" (played in arrays), "max_deals"}`` and the stamp (``study`` ``"season"``, ``cardlab_version``,
        ``seed``, ``complete``, ``deals`` — here the ranges of *match* numbers covered);
        every variant but the baseline (``baseline``, default the first) also has
        ``vs_baseline``: the paired differences of the win shares (side → mean, stderr)
        and of the match length.
    :raises ValueError: for an unknown game, a bad option, ``n < 1``, ``max_deals < 1``,
        a baseline that is not a variant, or an unknown level (saying which was meant).
    :raises TypeError: for a bot without ``choose(state)``, naming it.
    """
    for field, value in (("n", n), ("max_deals", max_deals), ("chunk", chunk)):
        if field == "chunk" and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{field} must be a whole number of at least 1, not {value!r}")
    variants = {"rules as set": {}} if variants is None else dict(variants)
    if not variants:
        raise ValueError("variants is empty: give at least one name → options")
    names = list(variants)
    base_name = names[0] if baseline is None else baseline
    if base_name not in variants:
        raise ValueError(f"baseline {base_name!r} is not one of the variants {names}")
    games = {v: registry.load(game_name, **dict(opts)) for v, opts in variants.items()}
    _check_bots(game_name, games[names[0]].players, bots)
    arrays = {v: _in_arrays(game_name, g, bots) for v, g in games.items()}
    if chunk is None:  # arrays gain from many matches at once; the numbers never depend on it
        chunk = ARRAY_CHUNK if all(arrays.values()) else SCALAR_CHUNK
    chunks = _chunks(n, chunk)
    tasks = [(game_name, dict(variants[v]), seed, lo, hi, bots, max_deals)
             for v in names for lo, hi in chunks]
    done, complete = run_chunks(_season_chunk, tasks, [hi - lo for v in names
                                                       for lo, hi in chunks],
                                executor=executor, progress=progress,
                                label=f"season of {games[names[0]].title}")
    # a variant reports the matches every variant finished (an interrupt may stop midway)
    finished = [i for i in range(len(chunks))
                if all(j * len(chunks) + i in done for j in range(len(names)))]
    results: dict[str, dict[str, Any]] = {}
    for j, v in enumerate(names):
        parts = [done[j * len(chunks) + i] for i in finished]
        game = games[v]
        sides = list(game.sides)
        deals = np.concatenate([p["deals"] for p in parts]) if parts else np.zeros(0, np.int64)
        won = (np.concatenate([p["won"] for p in parts]) if parts
               else np.zeros((0, len(sides))))
        ended = won.sum(axis=1) > 0
        results[v] = {
            "variant": v, "options": game.options_dict(), "game": game_name, "sides": sides,
            "n": int(deals.size), "deals_per_match": deals, "won": won,
            "win_rate": {s: float(won[:, k].mean()) if deals.size else float("nan")
                         for k, s in enumerate(sides)},
            "win_rate_stderr": {s: mean_stderr(won[:, k]) for k, s in enumerate(sides)},
            "mean_deals": float(deals.mean()) if deals.size else float("nan"),
            "mean_deals_stderr": mean_stderr(deals),
            "median_deals": float(np.median(deals)) if deals.size else float("nan"),
            "longest": int(deals.max()) if deals.size else 0,
            "unfinished": int((~ended).sum()),
            "shared": int(((won > 0) & (won < 1)).any(axis=1).sum()),
            "bots": bots if isinstance(bots, str) else _label(bots), "arrays": arrays[v],
            "max_deals": max_deals,
            **stamp("season", seed, complete, [chunks[i] for i in finished]),
        }
    for v in names:
        if v != base_name:
            results[v]["vs_baseline"] = _vs_baseline(results[v], results[base_name])
    return [results[v] for v in names]


def _vs_baseline(result: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """The paired differences of a variant's matches from the baseline's (the same matches)."""
    out: dict[str, Any] = {"baseline": base["variant"]}
    length = paired_difference(result, base, "deals_per_match")
    out["deals"], out["deals_stderr"] = length["mean"], length["stderr"]
    if result["sides"] == base["sides"]:
        share = paired_difference(result, base, "won")
        out["win_rate"], out["win_rate_stderr"] = share["mean"], share["stderr"]
    return out


def _label(bots: Any) -> str:
    """A user's bots, named for the stamp."""
    many = bots if isinstance(bots, Sequence) else [bots]
    return ", ".join(f"{type(b).__module__}.{type(b).__qualname__}" for b in many)
