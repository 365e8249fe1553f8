"""Real-browser fixtures: one JupyterLab on 127.0.0.1 for the whole session, driven by
Python Playwright on Debian's /usr/bin/chromium (never a downloaded browser).

Without Chromium or Playwright these tests skip with a visible reason; under CI
(``CI=true``) they fail instead, because CI must run them (RECIPES §3).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from labtools import LabServer, new_page

CHROMIUM = "/usr/bin/chromium"
REPO = Path(__file__).resolve().parents[2]
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-dev-shm-usage"]


def _missing_reason() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"Debian chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install '.[test]')"
    return None


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    reason = _missing_reason()
    for item in items:
        if "tests/ui/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.ui)
            if reason:
                if os.environ.get("CI"):
                    item.add_marker(pytest.mark.xfail(reason=f"CI must run UI tests: {reason}",
                                                      run=False, strict=True))
                else:
                    item.add_marker(pytest.mark.skip(reason=reason))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    root = tmp_path_factory.mktemp("lab")
    home = tmp_path_factory.mktemp("jupyter-home")
    for nb in (REPO / "notebooks").glob("*.ipynb"):
        shutil.copy(nb, root / nb.name)
    for nb in (Path(__file__).parent / "fixtures").glob("*.ipynb"):
        shutil.copy(nb, root / nb.name)
    settings = home / "settings"
    notif = settings / "@jupyterlab" / "apputils-extension"
    notif.mkdir(parents=True)
    (notif / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    tracker = settings / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"), JUPYTERLAB_SETTINGS_DIR=str(settings),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"), IPYTHONDIR=str(home / "ipython"))
    port, token = _free_port(), secrets.token_hex(16)
    log = open(home / "lab.log", "wb")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1",
         f"--port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
         "--ServerApp.port_retries=0", "--allow-root", "--LabApp.news_url=None",
         "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate"],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=root)
    server = LabServer(f"http://127.0.0.1:{port}", token, root, proc, home / "lab.log")
    deadline = time.time() + 90
    while True:
        try:
            server.api("/api/status")
            break
        except Exception:
            if proc.poll() is not None or time.time() > deadline:
                log.close()
                raise RuntimeError("JupyterLab did not start:\n"
                                   + (home / "lab.log").read_text(errors="replace")[-3000:]) from None
            time.sleep(0.25)
    yield server
    try:
        req = urllib.request.Request(f"{server.url}/api/shutdown?token={token}", method="POST")
        urllib.request.urlopen(req, timeout=5)  # noqa: S310
        proc.wait(timeout=15)
    except Exception:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser_context(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS,
            viewport={"width": 1280, "height": 1000})
        ctx.set_default_timeout(60_000)
        yield ctx
        ctx.close()


@pytest.fixture
def page(browser_context: Any) -> Iterator[Any]:
    """A fresh page that records console errors in ``page.errors``."""
    pg = new_page(browser_context)
    yield pg
    pg.close()


