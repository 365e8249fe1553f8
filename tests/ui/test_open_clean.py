"""Opening a tutorial changes nothing (issue #16 item 5): open it in JupyterLab with a 1 s
autosave, let its kernel start and go idle, and the tab is not dirty and the file is
byte-identical. The notebooks are saved in the format JupyterLab writes (with CI's Python
in ``language_info``), so the kernel's first reply leaves the model as it was."""

from __future__ import annotations

import json
import shutil
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from labtools import screenshot, shutdown_sessions, wait_kernel_idle

pytestmark = pytest.mark.ui

NOTEBOOKS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "notebooks")
                   .glob("*.ipynb"))
DOCMANAGER = "@jupyterlab/docmanager-extension:plugin"


def _settings(server: Any, raw: dict[str, Any] | None) -> None:
    """Set (or, with None, reset) the document manager's user settings on the server."""
    body = json.dumps({"raw": json.dumps(raw or {})}).encode()
    req = urllib.request.Request(f"{server.url}/lab/api/settings/{DOCMANAGER}?token={server.token}",
                                 data=body, method="PUT",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10):  # noqa: S310 - loopback only
        pass


@pytest.fixture(scope="module")
def autosave_every_second(lab_server: Any) -> Any:
    _settings(lab_server, {"autosave": True, "autosaveInterval": 1})
    yield
    _settings(lab_server, None)


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_opening_a_tutorial_leaves_it_unchanged(lab_server: Any, page: Any, notebook: str,
                                                autosave_every_second: Any) -> None:
    folder = lab_server.root / "clean"
    folder.mkdir(exist_ok=True)
    source = Path(__file__).resolve().parents[2] / "notebooks" / notebook
    target = folder / notebook
    shutil.copy(source, target)
    before = target.read_bytes()
    page.goto(lab_server.lab_url(f"clean/{notebook}"))
    page.wait_for_selector(".jp-Notebook .jp-CodeCell")
    wait_kernel_idle(lab_server, page)
    page.wait_for_timeout(3000)  # three autosave intervals
    dirty = page.locator(".jp-mod-current.jp-mod-dirty, .lm-TabBar-tab.jp-mod-dirty").count()
    if dirty or target.read_bytes() != before:
        screenshot(page, f"FAILED-open-clean-{notebook.replace('.ipynb', '')}")
    after = target.read_bytes()
    page.close()
    shutdown_sessions(lab_server)
    assert not dirty, f"{notebook}: JupyterLab marks the freshly opened tutorial modified"
    assert after == before, _first_difference(before, after, notebook)


def _first_difference(before: bytes, after: bytes, name: str) -> str:
    a, b = before.decode(), after.decode()
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    return f"{name} was rewritten; first difference at {i}: {a[i - 80:i + 80]!r} → {b[i - 80:i + 80]!r}"
