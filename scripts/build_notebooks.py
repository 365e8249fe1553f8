"""Build the tutorial notebooks from their sources, execute them and save them with outputs.

Each notebook is written as a plain Python file in ``notebooks/src/`` in the "percent"
format (``# %%`` starts a code cell, ``# %% [markdown]`` a Markdown cell whose lines are
comments), so notebooks are reviewed as text. This script turns each source into
``notebooks/<name>.ipynb``, executes it in a fresh kernel (cwd = ``notebooks/``), strips
the widget state that nbclient stores (RECIPES §2: outputs and execution counts stay,
``metadata.widgets`` goes) and writes it back.

    python scripts/build_notebooks.py              # every notebook
    python scripts/build_notebooks.py 01_five_hundred   # just one
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "notebooks" / "src"
OUT = ROOT / "notebooks"
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def parse_source(text: str) -> list[nbformat.NotebookNode]:
    """Cells from percent-format text."""
    cells: list[nbformat.NotebookNode] = []
    kind, lines = None, []

    def flush() -> None:
        if kind is None:
            return
        body = "\n".join(lines).strip("\n")
        if kind == "markdown":
            body = "\n".join(ln[2:] if ln.startswith("# ") else ln.lstrip("#")
                             for ln in body.splitlines())
            cells.append(nbformat.v4.new_markdown_cell(body))
        else:
            tags = []
            first = body.splitlines()[0] if body else ""
            if first.startswith("# tags:"):
                tags = [t.strip() for t in first[len("# tags:"):].split(",") if t.strip()]
                body = "\n".join(body.splitlines()[1:])
            cell = nbformat.v4.new_code_cell(body)
            if tags:
                cell.metadata["tags"] = tags
            cells.append(cell)

    for line in text.splitlines():
        if line.startswith("# %%"):
            flush()
            kind = "markdown" if "[markdown]" in line else "code"
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
    nb.metadata["language_info"] = {"name": "python"}
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
