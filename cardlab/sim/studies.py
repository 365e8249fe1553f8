"""Studies over many deals: the odds of making a contract, and rule variants side by side.

Both return plain data (dicts of numpy arrays and numbers) that notebooks and the
scoring widget plot. Work is cut into chunks of deals; deal ``i`` of a study
always comes from ``derive_seed(seed, i)`` (and its play stream from that), so
the numbers do not depend on the chunk size or on where the chunks run.
Pass any :class:`concurrent.futures.Executor` as ``executor=`` to spread the
chunks — a process pool on one machine, or a Dask/Ray executor on a cluster::

    from concurrent.futures import ProcessPoolExecutor
    import cardlab.sim

    if __name__ == "__main__":            # needed by process pools in scripts
        with ProcessPoolExecutor(max_workers=4) as pool:
            odds = cardlab.sim.bid_odds("five_hundred",
                                        "JK JH JD AH KH QH 10H AS KS 4D", "8H",
                                        n=100_000, seed=1, executor=pool)
        print(odds["p_make"])

``progress=True`` prints a plain text bar (``[#####.....] 5/10 chunks``) that a
notebook updates in place.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from typing import Any

import numpy as np

from cardlab.engine.rng import GOLDEN_GAMMA, MASK64
from cardlab.sim.rng import PLAY_STREAM, derive_seeds, next_u64, seeds_array, shuffle_batch

__all__ = ["bid_odds", "compare_variants", "deal_seeds", "SCORING_OPTIONS"]

#: options that change only how a finished deal scores (the same deals are rescored)
SCORING_OPTIONS: dict[str, frozenset[str]] = {
    "five_hundred": frozenset({"defenders_score_tricks", "defender_points_ignored_above",
                               "defensive_cap", "slam_minimum"}),
    "officer_skat": frozenset({"scoring_method", "game_value", "schneider", "schwarz",
                               "schneider_schwarz_against_declarer", "matadors",
                               "method_a_schwarz_factor", "loss_factor", "kontra_scope",
                               "null_value"}),
}
_DEFAULT_CHUNK = 2000
#: games whose batch plays the deal under each variant's own options (no batch rescoring)
_PLAY_ONLY = frozenset({"pandoeren", "panfin"})


def deal_seeds(seed: int, lo: int, hi: int) -> np.ndarray:
    """The seeds of deals ``lo … hi-1`` of a study: ``derive_seed(seed, i)`` for each ``i``."""
    i = np.arange(lo, hi, dtype=np.uint64)
    base = seeds_array([seed])[0]
    state = base ^ (i * np.uint64(GOLDEN_GAMMA & MASK64))
    return next_u64(state)


# -- running chunks ---------------------------------------------------------------------------
class _Bar:
    """A plain text progress bar (``\\r`` redraws it in place, in a terminal or notebook)."""

    def __init__(self, total: int, label: str, show: bool) -> None:
        self.total, self.label, self.show, self.done = total, label, show, 0
        self._draw()

    def _draw(self) -> None:
        if not self.show:
            return
        width = 30
        k = width * self.done // max(self.total, 1)
        end = "\n" if self.done >= self.total else ""
        sys.stdout.write(f"\r{self.label} [{'#' * k}{'.' * (width - k)}] "
                         f"{self.done}/{self.total} chunks{end}")
        sys.stdout.flush()

    def tick(self) -> None:
        self.done += 1
        self._draw()


def _run(fn: Callable[[Any], Any], tasks: list[Any], executor: Executor | None,
         progress: bool, label: str) -> list[Any]:
    """``fn`` over ``tasks`` in order, in process or on ``executor``."""
    bar = _Bar(len(tasks), label, progress)
    if executor is None:
        out = []
        for t in tasks:
            out.append(fn(t))
            bar.tick()
        return out
    futures = [executor.submit(fn, t) for t in tasks]
    from concurrent.futures import as_completed

    for _ in as_completed(futures):
        bar.tick()
    return [f.result() for f in futures]


def _chunks(n: int, size: int) -> Iterable[tuple[int, int]]:
    for lo in range(0, n, size):
        yield lo, min(n, lo + size)


def _load(game_name: str, options: Mapping[str, Any]) -> Any:
    import cardlab

    return cardlab.load(game_name, **dict(options))


def _game_spec(game: Any) -> tuple[str, dict[str, Any]]:
    if isinstance(game, str):
        import cardlab

        game = cardlab.load(game)
    return game.name, game.options_dict()


# -- bid odds ---------------------------------------------------------------------------------
def bid_odds(game: Any, hand: str | Iterable[Any], contract: str, *, n: int = 2000,
             seed: int = 0, policy: str = "heuristic", nominate: str | None = None,
             chunk: int = _DEFAULT_CHUNK, progress: bool = False,
             executor: Executor | None = None) -> dict[str, Any]:
    """The chance of making ``contract`` with ``hand``, over ``n`` random layouts of the
    cards the bidder cannot see, each played out by the batch simulator.

    Five Hundred: ``hand`` is the contractor's 10 cards (seat N, who leads); the other 33
    are dealt at random to E, S, W and the kitty; N takes the kitty and discards the three
    cards the simulator's rule drops (low plain cards; in misère high cards and the joker),
    nominates ``nominate`` (default: leaves the joker unnominated) and plays. Officer
    Skat: ``hand`` is the face-up cards forehand sees when choosing (4, or 8 with
    ``choose_after_face_up=8``, piles in order); every other card is laid out at random.

    ``policy``: ``"heuristic"`` (default; every seat plays the simple deterministic
    player of :mod:`cardlab.sim.five_hundred` / :mod:`cardlab.sim.officer_skat`, so the
    odds describe that play, not expert play) or ``"random"``.

    :returns: ``{"game", "contract", "policy", "n", "p_make", "stderr", "made" (bool
        array n), "tricks" (contracting side's tricks, n), "points" (contractor's side
        score per deal, n), "card_points" (Officer Skat: the declarer's, n)}``.
    """
    name, options = _game_spec(game)
    if name not in ("five_hundred", "officer_skat"):
        raise NotImplementedError(f"bid_odds simulates five_hundred and officer_skat, not {name}")
    g = _load(name, options)
    cards = g.deck.parse_many(hand) if isinstance(hand, str) else [
        g.deck.parse(str(c)) for c in hand]
    codes = [c.code for c in cards]
    tasks = [(name, options, codes, contract, seed, lo, hi, policy, nominate)
             for lo, hi in _chunks(n, chunk)]
    parts = _run(_bid_odds_chunk, tasks, executor, progress, f"bid_odds {contract}")
    made = np.concatenate([p["made"] for p in parts])
    out: dict[str, Any] = {"game": name, "contract": contract, "policy": policy, "n": n,
                           "p_make": float(made.mean()) if n else float("nan"),
                           "stderr": float(made.std() / np.sqrt(max(n, 1)))}
    for key in parts[0]:
        out[key] = np.concatenate([p[key] for p in parts])
    return out


def _bid_odds_chunk(task: tuple[Any, ...]) -> dict[str, np.ndarray]:
    name, options, codes, contract, seed, lo, hi, policy, nominate = task
    g = _load(name, options)
    seeds = deal_seeds(seed, lo, hi)
    if name == "five_hundred":
        return _odds_500(g, codes, contract, seeds, policy, nominate)
    return _odds_skat(g, codes, contract, seeds, policy)


def _odds_500(g: Any, codes: list[str], contract: str, seeds: np.ndarray, policy: str,
              nominate: str | None) -> dict[str, np.ndarray]:
    from cardlab.sim import five_hundred as fh
    from cardlab.sim.rng import Streams

    deck = g.deck
    if len(codes) != 10 or len(set(codes)) != 10:
        raise ValueError(f"bid_odds needs the contractor's 10 cards, got {len(codes)}")
    tb = fh.tables_for(g)
    mine = [deck.index(deck.parse(c)) for c in codes]
    rest = np.array([i for i in range(len(deck)) if i not in mine])
    perm = rest[shuffle_batch(seeds, len(rest))]
    size = len(seeds)
    hands = np.zeros((size, 4), dtype=np.uint64)
    hands[:, 0] = np.uint64(sum(1 << i for i in mine))
    bits = tb.bit[perm]
    for s in range(1, 4):
        hands[:, s] = np.bitwise_or.reduce(bits[:, 10 * (s - 1):10 * s], axis=1)
    kitty = np.bitwise_or.reduce(bits[:, 30:], axis=1)
    batch = fh.start_play(g, hands, kitty, contract, 0, nominate)
    batch.play(policy, Streams(derive_seeds(seeds, PLAY_STREAM)))
    scores = batch.scores()
    return {"made": batch.made(), "tricks": batch.contractor_tricks().copy(),
            "points": scores[:, 0]}


def _odds_skat(g: Any, codes: list[str], contract: str, seeds: np.ndarray,
               policy: str) -> dict[str, np.ndarray]:
    from cardlab.sim import officer_skat as osk
    from cardlab.sim.rng import Streams

    deck = g.deck
    seen = g.options.choose_after_face_up
    if len(codes) != seen or len(set(codes)) != seen:
        raise ValueError(f"bid_odds needs the {seen} face-up cards forehand sees")
    mine = [deck.index(deck.parse(c)) for c in codes]
    rest = np.array([i for i in range(len(deck)) if i not in mine])
    perm = rest[shuffle_batch(seeds, len(rest))]
    size = len(seeds)
    piles = np.zeros((size, 2, 8, 2), dtype=np.int64)
    fore, dealer = 0, 1
    slots = [(fore, p, 1) for p in range(seen)]
    others = [(s, p, f) for s in (fore, dealer) for p in range(8) for f in (0, 1)
              if (s, p, f) not in slots]
    for p, (s, pile, f) in enumerate(slots):
        piles[:, s, pile, f] = mine[p]
    for k, (s, pile, f) in enumerate(others):
        piles[:, s, pile, f] = perm[:, k]
    batch = osk.start_play(g, piles, contract, dealer)
    batch.play(policy, Streams(derive_seeds(seeds, PLAY_STREAM)))
    scores = batch.scores()
    return {"made": batch.made(), "tricks": batch.tricks_won[:, fore].copy(),
            "points": scores[:, fore], "card_points": batch.card_points[:, fore].copy()}


# -- variants ---------------------------------------------------------------------------------
def compare_variants(game_name: str, variants: Mapping[str, Mapping[str, Any]], *,
                     n: int = 1000, seed: int = 0, policy: str = "heuristic",
                     chunk: int = 500, progress: bool = False,
                     executor: Executor | None = None) -> list[dict[str, Any]]:
    """Play the same ``n`` seeded deals under each variant (``name → options``) and
    report, per variant, a dict: ``variant``, ``options``, ``n``, ``sides`` (side names),
    ``scores`` (``(n, len(sides))`` points), ``contract_rate`` (deals with a contract, not
    thrown in), ``made_rate`` (of those, the share made), ``contracts`` (contract → count),
    ``length`` (actions per deal, array) and ``mean_length``.

    How: each deal's calls (auction, kitty, choice of game) are made by the game's
    heuristic bot on the scalar engine; the play of Five Hundred (4 players), Officer
    Skat, Pandoeren and Panfin (its trick phase) then runs in the batch simulator
    (``policy``: ``"heuristic"`` or ``"random"``); other games are played out entirely by
    their heuristic bots. Pandoeren and Panfin variants are each played (same deals, same
    play streams) rather than rescored, so a ``preset`` variant changes the play too. Variants that differ
    from an earlier one only in scoring options (:data:`SCORING_OPTIONS`, or the option
    names of ``game.scoring_variants()``) are not played again: the same deals are
    rescored (the batch scorers are checked against ``game.score_deal`` by the tests).
    """
    names = list(variants)
    groups: list[tuple[dict[str, Any], list[str]]] = []
    # Pandoeren and Panfin are not rescored: each variant is played (same deals, same streams)
    scoring_names = frozenset() if game_name in _PLAY_ONLY else _scoring_names(game_name)
    for v in names:
        opts = dict(variants[v])
        play_opts = {k: x for k, x in opts.items() if k not in scoring_names}
        for base, members in groups:
            if base == play_opts:
                members.append(v)
                break
        else:
            groups.append((play_opts, [v]))
    results: dict[str, dict[str, Any]] = {}
    for play_opts, members in groups:
        rescore = [{k: x for k, x in variants[v].items() if k in scoring_names} for v in members]
        tasks = [(game_name, play_opts, rescore, seed, lo, hi, policy)
                 for lo, hi in _chunks(n, chunk)]
        parts = _run(_variant_chunk, tasks, executor, progress, f"{game_name} {members[0]}")
        for j, v in enumerate(members):
            merged = {key: np.concatenate([p[j][key] for p in parts])
                      for key in ("scores", "has_contract", "made", "length")}
            contracts: dict[str, int] = {}
            for p in parts:
                for c, k in p[j]["contracts"].items():
                    contracts[c] = contracts.get(c, 0) + k
            has = merged["has_contract"]
            results[v] = {
                "variant": v, "options": dict(variants[v]), "n": n,
                "sides": parts[0][j]["sides"], "scores": merged["scores"],
                "contract_rate": float(has.mean()) if n else float("nan"),
                "made_rate": float(merged["made"][has].mean()) if has.any() else float("nan"),
                "contracts": dict(sorted(contracts.items())), "length": merged["length"],
                "mean_length": float(merged["length"].mean()) if n else float("nan"),
                "made": merged["made"]}
    return [results[v] for v in names]


def _scoring_names(game_name: str) -> frozenset[str]:
    names = set(SCORING_OPTIONS.get(game_name, ()))
    try:
        g = _load(game_name, {})
        for opts in g.scoring_variants().values():
            names |= {k for k in opts if k != "preset"}
    except Exception:  # a game without scoring variants
        pass
    return frozenset(names)


def _variant_chunk(task: tuple[Any, ...]) -> list[dict[str, Any]]:
    game_name, play_opts, rescore, seed, lo, hi, policy = task
    from cardlab.bots import bot_for

    seeds = deal_seeds(seed, lo, hi)
    first = _load(game_name, {**play_opts, **rescore[0]})
    batchable = game_name in ("officer_skat", "pandoeren", "panfin") or (
        game_name == "five_hundred" and first.players == 4)
    states, pre_len = [], []
    for i, s in enumerate(seeds):
        bot = bot_for(game_name, "heuristic", seed=int(s))  # per deal: chunking-proof
        st = first.deal(seed=int(s), dealer=(lo + i) % first.players)
        while not st.is_over and (not batchable or st.phase != "play"):
            st = st.apply(bot.choose(st))
        if batchable and st.phase == "play" and getattr(st, "declarer", 0) is None:
            while not st.is_over:  # an all-pass no-trump deal: no contractor to simulate
                st = st.apply(bot.choose(st))
        states.append(st)
        pre_len.append(len(st.history))
    sides = list(first.sides) if hasattr(first, "sides") else list(first.seat_names)
    if batchable:
        return _variant_batch(first, states, np.array(pre_len), seeds, policy, rescore, sides)
    return [_scalar_scores(first, states, opts, rescore[0], sides, np.array(pre_len))
            for opts in rescore]


def _scalar_scores(game: Any, states: list[Any], opts: dict[str, Any], base: dict[str, Any],
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


def _variant_batch(game: Any, states: list[Any], pre_len: np.ndarray, seeds: np.ndarray,
                   policy: str, rescore: list[dict[str, Any]], sides: list[str]
                   ) -> list[dict[str, Any]]:
    from cardlab.sim.rng import Streams

    playing = np.array([st.phase == "play" for st in states], dtype=bool)
    idx = np.flatnonzero(playing)
    Batch: Any
    if game.name == "five_hundred":
        from cardlab.sim.five_hundred import FiveHundredBatch as Batch
    elif game.name == "pandoeren":
        from cardlab.sim.pandoeren import PandoerenBatch as Batch
    elif game.name == "panfin":
        from cardlab.sim.panfin import PanfinBatch as Batch
    else:
        from cardlab.sim.officer_skat import OfficerSkatBatch as Batch
    out = []
    batch = None
    if idx.size:
        batch = Batch.from_states([states[i] for i in idx])
        batch.play(policy, Streams(derive_seeds(seeds[idx], PLAY_STREAM)))
    for opts in rescore:
        # deals that never reached the play (thrown in, all-pass NT) are scored by the engine
        part = _scalar_scores(game, states, opts, rescore[0], sides, pre_len)
        if batch is not None:
            part["scores"][idx] = batch.scores(**opts)
            labels = _batch_contracts(game.name, states, idx, batch)
            # Panfin's result has no "made" (None, counted as not made, as the engine does)
            part["made"][idx] = False if game.name == "panfin" else batch.made()
            part["has_contract"][idx] = True
            part["length"][idx] += batch.n_actions
            for c in labels:
                part["contracts"][c] = part["contracts"].get(c, 0) + 1
        out.append(part)
    return out


def _batch_contracts(name: str, states: list[Any], idx: np.ndarray, batch: Any) -> list[str]:
    """The contract each batch-played deal reports in its result (as the engine names it)."""
    if name == "pandoeren":
        return [states[i].bid.word for i in idx]
    if name == "panfin":  # B2.11: the settlement's name: the pot won, or it stays
        return ["piatti" if w >= 0 else "piatto_resta" for w in batch.winner()]
    return [str(states[i].contract) for i in idx]
