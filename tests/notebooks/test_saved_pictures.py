"""Every picture a saved tutorial holds has a form an untrusted notebook keeps (issue #28
item 14): a notebook opened on Binder or from a fresh clone is untrusted, and JupyterLab then
drops SVG and inline ``<svg>`` in HTML, so each is saved as an ``<img>``
(``cardlab.render.img_html``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import TUTORIALS

NOTEBOOKS = TUTORIALS


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_saved_picture_has_a_form_untrusted_notebooks_keep(notebook: str) -> None:
    """Issue #28 item 14: no saved output holds its picture only as inline SVG (which an
    untrusted notebook drops) and no deal editor is saved as a list of codes: each is an
    ``<img>`` (checked in the saved file; tests/ui/test_tutorials_in_lab.py checks that it is drawn)."""
    cells = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / notebook)
                       .read_text())["cells"]
    for i, cell in enumerate(cells):
        source = "".join(cell.get("source", ""))
        for output in cell.get("outputs", []):
            data = output.get("data") or {}
            html = "".join(data.get("text/html", ""))
            assert "<svg" not in html, (notebook, i, html[:80])
            if "DealEditor(" in source and "application/vnd.jupyter.widget-view+json" in data:
                assert html.startswith('<img alt="deal editor'), (notebook, i, html[:80])
