"""Build the tutorial notebooks from their sources, execute them and save them with outputs.

Each notebook is written as a plain Python file in ``notebooks/src/`` in the "percent"
format (``# %%`` starts a code cell, ``# %% [markdown]`` a Markdown cell whose lines are
comments), so notebooks are reviewed as text. This script turns each source into
``notebooks/<name>.ipynb``, executes it in a fresh kernel (cwd = ``notebooks/``), strips
the widget state that nbclient stores (RECIPES §2: outputs and execution counts stay,
``metadata.widgets`` goes) and writes it back.

Cell metadata goes on the ``# %%`` line, after ``[markdown]`` if there is one, in
jupytext's spelling (JSON values, no spaces inside a value)::

    # %% [markdown] tags=["deal-facts"]      a Markdown cell tagged deal-facts
    # %% hidden tags=["facts-check"]         a code cell whose source starts collapsed
    # %% jupyter={"source_hidden":true}      the same collapse, spelled out

``tags=[…]`` sets ``metadata.tags``; ``hidden`` (or ``jupyter={…}``) sets
``metadata.jupyter.source_hidden``. A code cell's first line ``# tags: a, b`` also sets
tags (the older spelling; the line is dropped). A Markdown cell tagged ``deal-facts``
states facts about the deal on screen; the code cell after it asserts them (hidden, no
output; ``tests/notebooks/test_deal_facts.py`` checks the pairing).

    python scripts/build_notebooks.py              # every notebook
    python scripts/build_notebooks.py 01_five_hundred   # just one
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks" / "src"
OUT = ROOT / "notebooks"
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


#: one option on a ``# %%`` line: ``key=<JSON list or object>`` or the word ``hidden``
_OPTION = re.compile(r"\s*(?:(?P<key>[A-Za-z_]\w*)=(?P<value>\[[^\]]*\]|\{[^}]*\})"
                     r"|(?P<word>hidden))")


def parse_marker(line: str) -> tuple[str, dict[str, Any]]:
    """The kind (``'code'`` or ``'markdown'``) and the metadata of a ``# %%`` line.

    :raises ValueError: for an option this script does not know, naming the line.
    """
    rest = line[len("# %%"):].strip()
    kind = "code"
    if rest.startswith("[markdown]"):
        kind, rest = "markdown", rest[len("[markdown]"):]
    meta: dict[str, Any] = {}
    pos = 0
    rest = rest.rstrip()
    while pos < len(rest):
        m = _OPTION.match(rest, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"cannot read the cell options {rest[pos:]!r} in {line!r}; "
                             f"expected tags=[...], jupyter={{...}} or hidden")
        if m.group("word"):
            meta.setdefault("jupyter", {})["source_hidden"] = True
        else:
            key, value = m.group("key"), json.loads(m.group("value"))
            if key == "jupyter":
                meta.setdefault("jupyter", {}).update(value)
            else:
                meta[key] = value
        pos = m.end()
    return kind, meta


def parse_source(text: str) -> list[nbformat.NotebookNode]:
    """Cells from percent-format text (with the metadata of each ``# %%`` line)."""
    cells: list[nbformat.NotebookNode] = []
    kind: str | None = None
    meta: dict[str, Any] = {}
    lines: list[str] = []

    def flush() -> None:
        if kind is None:
            return
        body = "\n".join(lines).strip("\n")
        if kind == "markdown":
            body = "\n".join(ln[2:] if ln.startswith("# ") else ln.lstrip("#")
                             for ln in body.splitlines())
            cell = nbformat.v4.new_markdown_cell(body)
        else:
            first = body.splitlines()[0] if body else ""
            if first.startswith("# tags:"):
                tags = [t.strip() for t in first[len("# tags:"):].split(",") if t.strip()]
                meta.setdefault("tags", []).extend(tags)
                body = "\n".join(body.splitlines()[1:])
            cell = nbformat.v4.new_code_cell(body)
        for key, value in meta.items():
            cell.metadata[key] = value
        cells.append(cell)

    for line in text.splitlines():
        if line.startswith("# %%"):
            flush()
            kind, meta = parse_marker(line)
            lines = []
        elif kind is not None:
            lines.append(line)
    flush()
    return cells


def build(name: str) -> float:
    """Build, execute and save one notebook; return the seconds it took to execute."""
    src = SRC / f"{name}.py"
    nb = nbformat.v4.new_notebook()
    nb.cells = parse_source(src.read_text(encoding="utf-8"))
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = {"name": "python"}
    # stable cell ids, so a rebuild changes only what really changed
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{name[:2]}-{i:03d}"
    t0 = time.perf_counter()
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(OUT)}}).execute()
    took = time.perf_counter() - t0
    nb.metadata.pop("widgets", None)
    # keep the kernel's own language_info (its Python version included), as JupyterLab
    # writes it: a notebook opened in Lab is then not modified by the kernel's first reply,
    # so opening a tutorial never rewrites it (build with CI's Python)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
            for out in cell.get("outputs", []):
                if out.get("output_type") == "error":
                    # a traceback names files of the machine that built it: keep only the
                    # error itself (nbval compares ename and evalue, never the traceback)
                    out["traceback"] = [f"{out['ename']}: {out['evalue']}"]
    nbformat.write(nb, OUT / f"{name}.ipynb")
    return took


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*", help="notebook names without extension (default: all)")
    args = ap.parse_args(argv)
    names = args.names or sorted(p.stem for p in SRC.glob("*.py"))
    for name in names:
        took = build(name)
        print(f"{name}: executed in {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
