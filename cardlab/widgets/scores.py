"""``ScoreCompare``: one finished deal scored under several scoring variants, side by side.

Each row comes from ``game.score_deal(state, **options)`` with the options of
one of ``game.scoring_variants()`` (or of the variants given). Intent:
``{"type": "variants", "names": [...]}`` chooses which of the known variants
are shown (the front end's checkboxes).

With ``deals=`` (or :meth:`ScoreCompare.with_distribution`) the widget also plays
that many seeded deals under each variant with :func:`cardlab.sim.compare_variants`
and shows what each variant does over many deals: a histogram of the points per
deal (an SVG from :func:`cardlab.render.distribution_svg`) and a table of the mean,
how often a contract is bid and made, and how long a deal lasts
(``view["distribution"]``). The same deal seeds serve every variant, so the
variants differ only by their rules.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from concurrent.futures import Executor
from typing import Any, ClassVar

from cardlab.engine.protocols import GameLike
from cardlab.engine.state import State
from cardlab.widgets import _static
from cardlab.widgets._base import CardlabWidget, Refusal, need

__all__ = ["ScoreCompare"]

#: the most deals a distribution may ask for (a widget should answer in seconds)
MAX_DEALS = 100_000
_POLICIES = ("heuristic", "random")


class ScoreCompare(CardlabWidget):
    """Score a finished deal under several variants and show the breakdowns side by side.

    :param state: a finished :class:`~cardlab.engine.state.State`, a record (JSON
        text or dict), or a :class:`~cardlab.widgets.Table` (its deal's last step).
    :param variants: None (all of ``game.scoring_variants()``), a list of their
        names, or a dict ``name → options``.
    :param deals: also show the distribution of points over this many seeded deals per
        variant (see :meth:`with_distribution`); None (default) shows only the one deal.
    :param seed: the seed of those deals. :param side: whose points the distribution
        counts (a side name such as ``"NS"``; default: every side's points of each deal).
    """

    _intents: ClassVar[dict[str, str]] = {"variants": "_on_variants"}

    def __init__(self, state: Any, *, variants: Any = None, four_colour: bool = False,
                 deals: int | None = None, seed: int = 0, side: str | None = None) -> None:
        self._state = _finished_state(state)
        self._studies: list[dict[str, Any]] | None = None
        self._dist: dict[str, Any] = {}
        game = self._state.game
        known = {str(k): dict(v) for k, v in game.scoring_variants().items()}
        if variants is None:
            chosen = known
        elif isinstance(variants, Mapping):
            chosen = {str(k): dict(v) for k, v in variants.items()}
        else:
            names = [str(v) for v in variants]
            unknown = [n for n in names if n not in known]
            if unknown:
                raise ValueError(f"unknown scoring variant(s) {', '.join(unknown)} for "
                                 f"{game.name}; known: {', '.join(known) or 'none'}")
            chosen = {n: known[n] for n in names}
        self._variants = chosen
        self._shown = list(chosen)
        if deals is not None:  # refuse bad arguments before building anything
            _check_distribution_args(self._state.game, deals, seed, side, "heuristic")
        super().__init__(kind="score_compare", four_colour=four_colour)
        if deals is not None:
            self.with_distribution(deals, seed=seed, side=side)
        else:
            self._publish()

    @property
    def state(self) -> State:
        """The finished deal being scored."""
        return self._state

    def rows(self) -> list[dict[str, Any]]:
        """One row per variant shown: name, options, points, made, breakdown (or an error)."""
        out = []
        s = self._state
        played = s.result
        if played is not None:
            out.append({"variant": "as played", "options": {}, "points": dict(played.points),
                        "made": played.made, "breakdown": list(played.breakdown), "error": ""})
        for name in self._shown:
            options = self._variants[name]
            try:
                result = s.game.score_deal(s, **options)
            except Exception as err:  # a variant this deal cannot be scored under: say so
                out.append({"variant": name, "options": options, "points": {}, "made": None,
                            "breakdown": [], "error": f"{type(err).__name__}: {err}"})
                continue
            out.append({"variant": name, "options": options, "points": dict(result.points),
                        "made": result.made, "breakdown": list(result.breakdown), "error": ""})
        return out

    # -- many deals ------------------------------------------------------------------------
    def with_distribution(self, deals: int, seed: int = 0, *, side: str | None = None,
                          policy: str = "heuristic", executor: Executor | None = None,
                          progress: bool = False) -> ScoreCompare:
        """Play ``deals`` seeded deals under each variant (the game's own options plus the
        variant's) and add their distribution to the view; returns the widget.

        The deals are those of :func:`cardlab.sim.compare_variants` with ``seed``: the same
        arguments always give the same picture. ``side`` picks one side's points (default:
        every side's points of each deal count once each); ``policy`` is how the cards are
        played (``"heuristic"`` or ``"random"``); ``executor`` spreads bigger runs over a
        process pool or a cluster (any :class:`concurrent.futures.Executor`).
        """
        game = self._state.game
        _check_distribution_args(game, deals, seed, side, policy)
        import cardlab.sim

        base = game.options_dict()
        study_variants: dict[str, dict[str, Any]] = {}
        if all({**base, **opts} != base for opts in self._variants.values()):
            study_variants["as played"] = dict(base)
        for name, opts in self._variants.items():
            study_variants[name] = {**base, **opts}
        try:
            studies = cardlab.sim.compare_variants(game.name, study_variants, n=deals,
                                                   seed=seed, policy=policy,
                                                   executor=executor, progress=progress)
        except (NotImplementedError, ImportError, KeyError) as err:
            raise ValueError(f"cannot simulate many deals of {game.name}: {err}") from err
        self._studies = studies
        self._dist = {"n": deals, "seed": seed, "side": side, "policy": policy}
        self._publish()
        return self

    def distribution(self) -> dict[str, Any] | None:
        """The many-deals part of the view (None before :meth:`with_distribution`):
        ``svg`` (the histogram), ``rows`` (per variant shown: ``variant``, ``n``, ``mean``,
        ``contract_rate``, ``made_rate``, ``mean_length``), ``n``, ``seed``, ``side``,
        ``policy`` and ``caption``."""
        if self._studies is None:
            return None
        from cardlab.render import distribution_svg

        side = self._dist["side"]
        studies = [st for st in self._studies
                   if st["variant"] == "as played" or st["variant"] in self._shown]
        picked = []
        rows = []
        for st in studies:
            scores = st["scores"]
            values = scores[:, list(st["sides"]).index(side)] if side else scores.ravel()
            picked.append({"variant": st["variant"], "scores": values})
            rows.append({"variant": st["variant"], "n": int(st["n"]),
                         "mean": _round(float(values.mean())) if values.size else None,
                         "contract_rate": _round(st["contract_rate"]),
                         "made_rate": _round(st["made_rate"]),
                         "mean_length": _round(st["mean_length"])})
        n = self._dist["n"]
        whose = f"{side}'s points" if side else "points of each side"
        title = f"{self._state.game.title}: {whose} per deal, {n} seeded deals per variant"
        svg = distribution_svg(picked, title=title,
                               x_label=f"{side}'s points" if side else "points of a side")
        caption = (f"{n} deals from seed {self._dist['seed']}, the same deals under every "
                   f"variant, played by the {self._dist['policy']} players")
        return {"svg": str(svg), "rows": rows, "n": n, "seed": self._dist["seed"],
                "side": side, "policy": self._dist["policy"], "caption": caption}

    def _on_variants(self, intent: Mapping[str, Any]) -> None:
        names = intent.get("names")
        if not (isinstance(names, list) and len(names) <= 100
                and all(isinstance(n, str) for n in names)):
            raise Refusal("'names' must be a list of variant names")
        unknown = [n for n in names if n not in self._variants]
        need(not unknown, f"unknown variant(s): {', '.join(unknown)[:200]}")
        self._shown = [n for n in self._variants if n in names]
        self._publish()

    def _publish(self, message: str = "") -> None:
        rows = self.rows()
        sides: list[str] = []
        for row in rows:
            for side in row["points"]:
                if side not in sides:
                    sides.append(side)
        s = self._state
        self.view = {"game": s.game.name, "title": s.game.title, "rows": _jsonable(rows),
                     "sides": sides, "variants": list(self._variants), "shown": list(self._shown),
                     "contract": s.result.contract if s.result else None,
                     "distribution": self.distribution(), "message": message}

    def _static_html(self) -> str:
        rows = self.rows()
        html = _static.render_or_fallback("score_compare_html",
                                          lambda: _static.score_rows_html(rows), rows)
        dist = self.distribution()
        if dist is not None:
            from cardlab.render import img_html, summary_html

            # the histogram as an <img>: an untrusted notebook drops inline SVG from HTML
            html += (f'<div class="cardlab-distribution"><p>{_esc(dist["caption"])}</p>'
                     f'{img_html(dist["svg"])}{summary_html(dist["rows"])}</div>')
        return html

    def __repr__(self) -> str:
        tail = f"; {self._dist['n']} deals per variant" if self._studies is not None else ""
        return (f"ScoreCompare({self._state.game.name}, {len(self._shown)} variants: "
                f"{', '.join(self._shown)}{tail})")


def _check_distribution_args(game: GameLike, deals: Any, seed: Any, side: Any, policy: Any) -> None:
    """Refuse bad arguments of a distribution with plain words (ValueError/TypeError)."""
    import cardlab

    if not isinstance(deals, int) or isinstance(deals, bool):
        raise TypeError(f"deals must be a whole number of deals, not {deals!r}")
    if not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"deals must be between 1 and {MAX_DEALS}, not {deals}")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be a whole number 0 or more, not {seed!r}")
    if policy not in _POLICIES:
        raise ValueError(f"policy must be one of {', '.join(_POLICIES)}, not {policy!r}")
    sides = list(game.sides) if hasattr(game, "sides") else list(game.seat_names)
    if side is not None and side not in sides:
        raise ValueError(f"side must be one of {', '.join(map(str, sides))} (or None for "
                         f"every side), not {side!r}")
    if game.name not in cardlab.game_names():
        raise ValueError(f"cannot simulate many deals of {game.name}: it is not a registered "
                         f"game")


def _round(x: Any) -> float | None:
    """A rate or mean for JSON: 4 decimals, NaN as None."""
    value = float(x)
    return None if math.isnan(value) else round(value, 4)


def _esc(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def _finished_state(obj: Any) -> State:
    from cardlab.engine.record import from_json
    from cardlab.widgets.table import Table

    if isinstance(obj, Table):
        obj = obj._line[-1]
    elif isinstance(obj, (str, bytes, Mapping)):
        obj = from_json(obj)
    if not isinstance(obj, State):
        raise TypeError(f"ScoreCompare needs a finished deal (State, record or Table), "
                        f"not {type(obj).__name__}")
    if not obj.is_over:
        raise ValueError("ScoreCompare needs a finished deal: play it to the end first")
    return obj


def _jsonable(value: Any) -> Any:
    """Options and breakdowns as plain JSON (tuples to lists, odd values to text)."""
    return json.loads(json.dumps(value, default=str))
