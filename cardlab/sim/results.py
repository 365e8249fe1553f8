"""Study results a researcher can check: standard errors, paired differences, a stamp, files.

The studies (:func:`cardlab.sim.bid_odds`, :func:`cardlab.sim.compare_variants`) return
plain dicts of numbers, strings and numpy arrays (one value per deal). This module holds
what they share:

* standard errors: a rate ``p`` over ``n`` deals has ``sqrt(p (1 - p) / n)``
  (:func:`rate_stderr`); a mean has the sample standard deviation over ``sqrt(n)``
  (:func:`mean_stderr`, ``ddof=1``);
* paired differences of two results over the same deals (:func:`paired_difference`):
  the mean per-deal difference and its standard error, much smaller than the two
  standard errors together when the deals agree mostly;
* the stamp every result carries (:func:`stamp`): ``study``, ``cardlab_version``,
  ``seed``, ``complete`` and ``deals`` (the deal ranges ``[lo, hi)`` it covers);
* :func:`save_results` / :func:`load_results` (JSON or CSV, by the file's suffix) and
  :func:`as_frame` (a pandas DataFrame, when pandas is installed).

>>> import numpy as np
>>> a = {"seed": 1, "deals": [[0, 4]], "made": np.array([True, True, False, True])}
>>> b = {"seed": 1, "deals": [[0, 4]], "made": np.array([True, False, False, False])}
>>> d = paired_difference(b, a, "made")
>>> d["mean"], round(d["stderr"], 3), d["n"]
(-0.5, 0.289, 4)
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from cardlab.version import __version__

__all__ = ["rate_stderr", "mean_stderr", "paired_difference", "stamp", "deal_ranges",
           "save_results", "load_results", "as_frame"]

#: the ``format`` of a results JSON file (``version`` says its layout)
FORMAT = "cardlab-sim-results"
#: the CSV column that records which cells hold arrays (path, dtype, shape), as JSON
ARRAYS_COLUMN = "_arrays"


# -- standard errors --------------------------------------------------------------------------
def rate_stderr(p: float, n: int) -> float:
    """The standard error of a rate ``p`` observed over ``n`` independent deals
    (``sqrt(p (1 - p) / n)``; NaN without deals).

    >>> round(rate_stderr(0.5, 100), 3)
    0.05
    """
    if n <= 0 or math.isnan(p):
        return float("nan")
    return math.sqrt(p * (1.0 - p) / n)


def mean_stderr(x: Any) -> float:
    """The standard error of the mean of ``x`` (one value per deal): the sample standard
    deviation (``ddof=1``) over ``sqrt(n)``; NaN with fewer than two values.

    >>> mean_stderr([1, 2, 3, 4])
    0.6454972243679028
    """
    a = np.asarray(x, dtype=float)
    if a.size < 2:
        return float("nan")
    return float(a.std(ddof=1) / math.sqrt(a.size))


def _mean(x: Any) -> float:
    a = np.asarray(x, dtype=float)
    return float(a.mean()) if a.size else float("nan")


def paired_difference(result: Mapping[str, Any], baseline: Mapping[str, Any],
                      key: str) -> dict[str, Any]:
    """The per-deal difference ``result[key] - baseline[key]`` over the same deals: its
    ``mean``, ``stderr`` (:func:`mean_stderr` of the differences) and ``n``. For an
    ``(n, sides)`` array such as ``scores`` the mean and stderr are per side (dicts keyed
    by ``result["sides"]``).

    Results are paired when they come from the same seed and deal ranges (two variants of
    one :func:`~cardlab.sim.compare_variants`, or two ``bid_odds`` of one hand with one seed).

    :raises ValueError: when the two results do not cover the same deals.
    """
    for field in ("seed", "deals"):
        if field in result and field in baseline and result[field] != baseline[field]:
            raise ValueError(f"paired_difference needs results over the same deals: "
                             f"{field} {result[field]!r} vs {baseline[field]!r}")
    x = np.asarray(result[key], dtype=float)
    y = np.asarray(baseline[key], dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"paired_difference: {key!r} has shape {x.shape} vs {y.shape}")
    d = x - y
    if d.ndim == 2:
        sides = list(result.get("sides") or range(d.shape[1]))
        return {"mean": {str(s): _mean(d[:, j]) for j, s in enumerate(sides)},
                "stderr": {str(s): mean_stderr(d[:, j]) for j, s in enumerate(sides)},
                "n": int(d.shape[0])}
    return {"mean": _mean(d), "stderr": mean_stderr(d), "n": int(d.size)}


# -- the stamp --------------------------------------------------------------------------------
def deal_ranges(chunks: Iterable[tuple[int, int]]) -> list[list[int]]:
    """Chunks ``(lo, hi)`` of deal numbers as sorted, merged ``[lo, hi]`` ranges.

    >>> deal_ranges([(4, 6), (0, 2), (2, 4), (8, 9)])
    [[0, 6], [8, 9]]
    """
    out: list[list[int]] = []
    for lo, hi in sorted(chunks):
        if out and out[-1][1] == lo:
            out[-1][1] = hi
        elif hi > lo:
            out.append([lo, hi])
    return out


def stamp(study: str, seed: int, complete: bool, chunks: Iterable[tuple[int, int]]
          ) -> dict[str, Any]:
    """What every study result carries so it can be checked and repeated: the ``study``'s
    name, ``cardlab_version``, ``seed``, ``complete`` (False after an interrupt) and
    ``deals`` (the ranges ``[lo, hi)`` of deal numbers it covers: ``[[0, n]]`` when whole)."""
    return {"study": study, "cardlab_version": __version__, "seed": int(seed),
            "complete": bool(complete), "deals": deal_ranges(chunks)}


# -- plain data -------------------------------------------------------------------------------
Path_ = tuple[str, ...]


def _plain(value: Any, path: Path_, arrays: list[list[Any]]) -> Any:
    """``value`` as JSON-able data; each numpy array becomes a list and is noted in
    ``arrays`` as ``[path, dtype, shape]``."""
    if isinstance(value, np.ndarray):
        arrays.append([list(path), value.dtype.str if value.dtype.kind == "U" else
                       value.dtype.name, list(value.shape)])
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Mapping):
        return {str(k): _plain(v, (*path, str(k)), arrays) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v, (*path, str(i)), arrays) for i, v in enumerate(value)]
    return value


def _restore(plain: dict[str, Any], arrays: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """Undo :func:`_plain`: put the noted arrays back as numpy arrays."""
    for path, dtype, shape in arrays:
        *up, last = path
        node: Any = plain
        for k in up:
            node = node[int(k)] if isinstance(node, list) else node[k]
        key: Any = int(last) if isinstance(node, list) else last
        node[key] = np.array(node[key], dtype=dtype).reshape(shape)
    return plain


def _as_list(results: Mapping[str, Any] | Sequence[Mapping[str, Any]]
             ) -> list[Mapping[str, Any]]:
    if isinstance(results, Mapping):
        return [results]
    return list(results)


# -- files ------------------------------------------------------------------------------------
def save_results(results: Mapping[str, Any] | Sequence[Mapping[str, Any]],
                 path: str | Path) -> Path:
    """Write study results (one result dict, or a list as ``compare_variants`` returns) to
    ``path``: ``.json`` (one document, arrays as lists; NaN written as ``NaN``, as Python and
    pandas read it) or ``.csv`` (one row per result; nested dicts as ``a.b`` columns, lists
    and arrays as JSON in their cell). Both record which values were numpy arrays, so
    :func:`load_results` gives them back with their dtype and shape.

    :raises ValueError: for another suffix.
    """
    path = Path(path)
    rows = _as_list(results)
    suffix = path.suffix.lower()
    if suffix not in (".json", ".csv"):
        raise ValueError(f"save_results writes .json or .csv files, not {path.name!r}")
    plain, arrays = [], []
    for r in rows:
        noted: list[list[Any]] = []
        plain.append(_plain(dict(r), (), noted))
        arrays.append(noted)
    if suffix == ".json":
        doc = {"format": FORMAT, "version": 1, "results": plain, "arrays": arrays}
        path.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    else:
        path.write_text(_to_csv(plain, arrays), encoding="utf-8", newline="")
    return path


def load_results(path: str | Path) -> list[dict[str, Any]]:
    """Read results written by :func:`save_results` (by the suffix, ``.json`` or ``.csv``):
    always a list of result dicts, the arrays numpy arrays again.

    :raises ValueError: for another suffix, or a JSON file that is not study results.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    text = path.read_text(encoding="utf-8")
    if suffix == ".json":
        doc = json.loads(text)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError(f"{path.name}: not a cardlab study results file "
                             f"(expected format {FORMAT!r})")
        return [_restore(r, a) for r, a in zip(doc["results"], doc["arrays"])]
    if suffix == ".csv":
        return _from_csv(text)
    raise ValueError(f"load_results reads .json or .csv files, not {path.name!r}")


def _flat(row: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested dicts as ``a.b`` keys (an empty dict, or one whose keys hold a dot, stays a
    single value)."""
    out: dict[str, Any] = {}
    for k, v in row.items():
        name = f"{prefix}{k}"
        if isinstance(v, Mapping) and v and not any("." in str(x) for x in v):
            out.update(_flat(v, f"{name}."))
        else:
            out[name] = v
    return out


def _cell(v: Any) -> str:
    """A CSV cell: a string as itself (JSON-quoted if it would read back as something
    else), every other value as JSON."""
    if isinstance(v, str):
        try:
            json.loads(v)
        except ValueError:
            return v
        return json.dumps(v)
    return json.dumps(v)


def _uncell(s: str) -> Any:
    try:
        return json.loads(s)
    except ValueError:
        return s


def _to_csv(plain: list[dict[str, Any]], arrays: list[list[list[Any]]]) -> str:
    flats = [_flat(r) for r in plain]
    columns: list[str] = []
    for f in flats:
        columns += [k for k in f if k not in columns]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([*columns, ARRAYS_COLUMN])
    for f, a in zip(flats, arrays):
        w.writerow([_cell(f[c]) if c in f else "" for c in columns] + [json.dumps(a)])
    return buf.getvalue()


def _from_csv(text: str) -> list[dict[str, Any]]:
    out = []
    for row in csv.DictReader(io.StringIO(text)):
        arrays = json.loads(row.pop(ARRAYS_COLUMN) or "[]")
        r: dict[str, Any] = {}
        for col, s in row.items():
            if s == "":
                continue  # the result has no such key
            *up, last = col.split(".")
            node = r
            for k in up:
                node = node.setdefault(k, {})
            node[last] = _uncell(s)
        out.append(_restore(r, arrays))
    return out


# -- pandas -----------------------------------------------------------------------------------
def as_frame(results: Mapping[str, Any] | Sequence[Mapping[str, Any]], *,
             per_deal: bool = False) -> Any:
    """Study results as a :class:`pandas.DataFrame`.

    ``per_deal=False`` (default): one row per result, the numbers and words as columns
    (nested dicts as ``a.b`` columns: ``mean_points.NS``, ``vs_baseline.points.NS``,
    ``options.defensive_cap`` …); the per-deal arrays are left out. ``per_deal=True``: one
    row per deal of each result, with ``deal`` (its number in the study), the result's name
    (``variant`` or ``contract``) and each per-deal array (an ``(n, sides)`` array as one
    column per side, ``scores.NS`` …).

    :raises ImportError: without pandas (the results themselves stay plain dicts).
    """
    try:
        import pandas as pd
    except ImportError as err:
        raise ImportError("cardlab.sim.as_frame needs pandas (pip install pandas); without "
                          "it the study results are plain dicts of numbers and numpy "
                          "arrays") from err
    rows = _as_list(results)
    if not per_deal:
        return pd.DataFrame([_flat({k: v for k, v in r.items()
                                    if not isinstance(v, np.ndarray)}) for r in rows])
    frames = []
    for r in rows:
        n = int(r.get("n", 0))
        cols: dict[str, Any] = {}
        for name in ("study", "variant", "contract"):
            if name in r:
                cols[name] = [r[name]] * n
        cols["deal"] = np.concatenate(
            [np.arange(lo, hi) for lo, hi in r.get("deals", [[0, n]])] or [np.zeros(0, int)])
        for k, v in r.items():
            if not isinstance(v, np.ndarray) or v.shape[:1] != (n,):
                continue
            if v.ndim == 1:
                cols[k] = v
            elif v.ndim == 2:
                sides = list(r.get("sides") or range(v.shape[1]))
                for j, s in enumerate(sides):
                    cols[f"{k}.{s}"] = v[:, j]
        frames.append(pd.DataFrame(cols))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
