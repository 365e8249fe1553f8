"""The wheel carries the tutorials: built once, installed into a fresh virtual environment
(made with ``uv`` in a temporary folder, away from the clone), its ``cardlab tutorials``
console script shows its help, copies the notebooks, refuses a folder holding other files,
and ``00_start_here`` runs from the copy in a kernel of that environment.

The fresh environment gets cardlab's dependencies at the versions the project's own
environment already resolved (a constraints file from ``uv pip freeze``), from uv's cache
when it can (``--offline``), so the test is quick and needs no network on a machine that
has set up the project once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from cardlab.version import __version__

REPO = Path(__file__).resolve().parents[2]
UV = [sys.executable, "-m", "uv"]
#: one worker builds and installs once for every test here (scripts/test.sh: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("wheel")


def run(args: list[str | Path], cwd: Path, env: dict[str, str] | None = None,
        check: bool = True, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    out = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                         text=True, timeout=timeout)
    if check and out.returncode != 0:
        raise AssertionError(f"{args} exited {out.returncode}\n{out.stdout}\n{out.stderr}")
    return out


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``python -m build --wheel`` of this clone."""
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", dist, REPO],
        cwd=dist)
    return next(dist.glob("cardlab-*.whl"))


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> dict[str, Path]:
    """A new virtual environment with the wheel, ipykernel and nbclient installed; returns
    its folder, its Python and a work folder outside the clone."""
    if run(UV + ["--version"], cwd=REPO, check=False).returncode != 0:
        pytest.skip("uv is not installed in the project environment (scripts/setup-venv.sh)")
    root = tmp_path_factory.mktemp("fresh")
    venv = root / "venv"
    run(UV + ["venv", "--quiet", "--python", sys.executable, venv], cwd=root)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    frozen = run(UV + ["pip", "freeze", "--python", sys.executable], cwd=root).stdout
    pins = [line for line in frozen.splitlines()
            if "==" in line and not line.startswith(("-e", "cardlab=="))]
    (root / "constraints.txt").write_text("\n".join(pins) + "\n")
    install = UV + ["pip", "install", "--quiet", "--python", python, "-c",
                    root / "constraints.txt", wheel, "ipykernel", "nbclient", "nbformat"]
    if run(install + ["--offline"], cwd=root, check=False).returncode != 0:
        run(install, cwd=root)  # something was not in uv's cache: ask the index
    work = root / "work"
    work.mkdir()
    return {"venv": venv, "python": python, "bin": python.parent, "work": work}


def clean_env(fresh: dict[str, Path]) -> dict[str, str]:
    """The environment of a user of the fresh venv: its bin first, nothing of the clone or
    of this test's Jupyter folders."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "JUPYTER", "VIRTUAL_ENV", "IPYTHON"))}
    env["PATH"] = f"{fresh['bin']}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(fresh["venv"])
    jupyter = fresh["work"].parent / "jupyter"
    env["JUPYTER_DATA_DIR"] = str(jupyter / "data")      # no user kernelspec shadows the venv's
    env["JUPYTER_CONFIG_DIR"] = str(jupyter / "config")
    env["JUPYTER_RUNTIME_DIR"] = str(jupyter / "runtime")
    env["IPYTHONDIR"] = str(jupyter / "ipython")
    return env


def test_the_wheel_carries_every_tutorial_and_the_rulebook(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        assert f"cardlab/tutorials_data/{notebook.name}" in names
    assert not any(n.startswith("cardlab/tutorials_data/src/") for n in names)
    for book in sorted((REPO / "docs" / "rules").glob("*.md")):
        assert f"cardlab/rulebook/{book.name}" in names
    entry_points = zipfile.ZipFile(wheel).read(
        f"cardlab-{__version__}.dist-info/entry_points.txt").decode()
    assert "cardlab = cardlab.tutorials:main" in entry_points


def test_the_version_comes_from_one_place(wheel: Path):
    assert wheel.name.startswith(f"cardlab-{__version__}-")
    metadata = zipfile.ZipFile(wheel).read(f"cardlab-{__version__}.dist-info/METADATA").decode()
    assert f"\nVersion: {__version__}\n" in metadata


def test_the_installed_cardlab_is_the_wheels(fresh: dict[str, Path]):
    code = "import cardlab, cardlab.rules; print(cardlab.__file__); print(cardlab.__version__)"
    out = run([fresh["python"], "-c", code], cwd=fresh["work"], env=clean_env(fresh))
    where, version = out.stdout.split()
    assert Path(where).resolve().is_relative_to(fresh["venv"].resolve())
    assert version == __version__
    out = run([fresh["bin"] / "cardlab", "--version"], cwd=fresh["work"], env=clean_env(fresh))
    assert out.stdout.strip() == f"cardlab {__version__}"


def test_cardlab_tutorials_help(fresh: dict[str, Path]):
    out = run([fresh["bin"] / "cardlab", "tutorials", "--help"], cwd=fresh["work"],
              env=clean_env(fresh))
    for option in ("DIR", "--force", "--no-browser", "--port", "cardlab-tutorials"):
        assert option in out.stdout


def test_copy_refusal_and_start_here_from_the_copy(fresh: dict[str, Path]):
    env, work = clean_env(fresh), fresh["work"]
    cardlab = fresh["bin"] / "cardlab"
    # the copy, into the default folder
    run([cardlab, "tutorials", "--copy-only"], cwd=work, env=env)
    copy = work / "cardlab-tutorials"
    shipped = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in copy.glob("*.ipynb")) == shipped
    for name in shipped:
        assert (copy / name).read_bytes() == (REPO / "notebooks" / name).read_bytes()
    # a folder holding other files: refused, untouched, --force named
    other = work / "my-notes"
    other.mkdir()
    (other / "essay.md").write_text("mine")
    refused = run([cardlab, "tutorials", other, "--copy-only"], cwd=work, env=env, check=False)
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert [p.name for p in other.iterdir()] == ["essay.md"]
    # 00_start_here runs from the copy, in a kernel of the fresh environment
    script = (
        "import json, sys, nbformat\n"
        "from nbclient import NotebookClient\n"
        "path = sys.argv[1]\n"
        "nb = nbformat.read(path, as_version=4)\n"
        "nb.cells.append(nbformat.v4.new_code_cell("
        "'import cardlab, sys; print(cardlab.__file__); print(sys.executable)'))\n"
        "NotebookClient(nb, timeout=300, kernel_name='python3',\n"
        "               resources={'metadata': {'path': sys.argv[2]}}).execute()\n"
        "last = nb.cells[-1].outputs[0]['text'].split()\n"
        "print(json.dumps({'cells': len(nb.cells), 'cardlab': last[0], 'python': last[1]}))\n")
    out = run([fresh["python"], "-c", script, copy / "00_start_here.ipynb", copy], cwd=work,
              env=env)
    ran = json.loads(out.stdout.strip().splitlines()[-1])
    assert ran["cells"] > 5
    assert Path(ran["cardlab"]).resolve().is_relative_to(fresh["venv"].resolve())
    assert Path(ran["python"]).parent.resolve() == fresh["bin"].resolve() or \
        Path(ran["python"]).resolve() == fresh["python"].resolve()
