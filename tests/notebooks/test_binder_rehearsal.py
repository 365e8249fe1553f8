"""Binder rehearsal: build a fresh virtual environment from binder/ files only, as repo2docker
would (requirements, then postBuild), and execute every notebook in it (RECIPES §4)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BINDER = REPO / "binder"


def _run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    out = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    assert out.returncode == 0, f"{cmd} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


def test_binder_files_are_complete_and_pinned():
    req = (BINDER / "requirements.txt").read_text().splitlines()
    pins = [r for r in req if r.strip() and not r.startswith("#")]
    assert pins and all("==" in r for r in pins), "every Binder requirement is pinned exactly"
    assert not any(r.startswith((".", "-e")) for r in pins), "no local paths (pre-assembly)"
    names = {r.split("==")[0].lower() for r in pins}
    assert {"anywidget", "ipywidgets", "jupyterlab", "voila", "numpy", "numba"} <= names
    assert (BINDER / "runtime.txt").read_text().strip().startswith("python-3.")
    post = (BINDER / "postBuild").read_text()
    assert "set -euo pipefail" in post and "--no-deps" in post
    assert os.access(BINDER / "postBuild", os.X_OK)
    overrides = json.loads((BINDER / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to copy the tracked tree")
def test_binder_environment_runs_the_notebooks(tmp_path: Path):
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)])
    py = str(venv / "bin" / "python")
    uv = [sys.executable, "-m", "uv"]
    has_uv = subprocess.run([*uv, "--version"], capture_output=True).returncode == 0
    req = str(BINDER / "requirements.txt")
    if has_uv:
        _run([*uv, "pip", "install", "-q", "--python", py, "-r", req],
             env=dict(os.environ, UV_COMPILE_BYTECODE="1"))
    else:
        _run([py, "-m", "pip", "install", "-q", "-r", req])
    # repo2docker copies the repository; rehearse on a copy of the tracked files
    work = tmp_path / "repo"
    files = _run(["git", "ls-files"], cwd=REPO).stdout.split()
    for f in files:
        if (REPO / f).is_file():
            (work / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / f, work / f)
    env = dict(os.environ, NB_PYTHON_PREFIX=str(venv), VIRTUAL_ENV=str(venv),
               PATH=f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}")
    _run(["bash", "binder/postBuild"], cwd=work, env=env)
    assert (venv / "share/jupyter/lab/settings/overrides.json").exists()
    ext = _run([py, "-m", "jupyter", "labextension", "list"], env=env)
    listing = ext.stdout + ext.stderr
    assert "anywidget" in listing and "@jupyter-widgets/jupyterlab-manager" in listing
    _run([py, "-c", "import cardlab.widgets"], env=env, cwd=tmp_path)
    notebooks = sorted((work / "notebooks").glob("*.ipynb"))
    assert notebooks
    script = (
        "import sys, nbformat\n"
        "from nbclient import NotebookClient\n"
        "for p in sys.argv[1:]:\n"
        "    nb = nbformat.read(p, as_version=4)\n"
        "    NotebookClient(nb, timeout=120, kernel_name='python3',\n"
        "                   resources={'metadata': {'path': str(__import__('pathlib').Path(p).parent)}}"
        ").execute()\n"
        "    print('ok', p)\n")
    out = _run([py, "-c", script, *map(str, notebooks)], env=env, cwd=tmp_path)
    assert out.stdout.count("ok ") == len(notebooks)
