"""Packaging: the wheel ships the widget front end and py.typed; importing cardlab stays light."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def test_import_cardlab_does_not_import_the_widget_stack():
    code = ("import cardlab, sys; bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets') "
            "if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(dest), str(REPO)], check=True)
    return next(dest.glob("cardlab-*.whl"))


def test_wheel_ships_static_front_end_and_py_typed(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "cardlab/py.typed" in names
    statics = {n for n in names if n.startswith("cardlab/widgets/static/")}
    assert any(n.endswith(".js") for n in statics), sorted(names)
    assert any(n.endswith(".css") for n in statics)
    on_disk = {f"cardlab/widgets/static/{p.name}"
               for p in (REPO / "cardlab/widgets/static").iterdir() if p.is_file()}
    assert on_disk <= statics
    # the tutorials travel as data of the package (cardlab tutorials), nowhere else
    assert not any("tests/" in n or (n.endswith(".ipynb")
                                     and not n.startswith("cardlab/tutorials_data/"))
                   for n in names)


def test_wheel_enables_the_server_extension(wheel: Path):
    """cardlab.serverext is switched on by a config file the wheel installs into
    ``<prefix>/etc/jupyter/jupyter_server_config.d/``."""
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = [n for n in names
               if n.endswith(".data/data/etc/jupyter/jupyter_server_config.d/cardlab.json")]
    assert shipped, sorted(n for n in names if ".data/" in n)
    assert "cardlab/serverext.py" in names
