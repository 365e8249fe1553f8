"""``cardlab tutorials [DIR]``: copy the tutorial notebooks into a folder and open JupyterLab there.

The wheel carries the tutorials (``cardlab/tutorials_data/*.ipynb``), so a ``pip`` user needs
no clone: ``cardlab tutorials`` copies them into ``./cardlab-tutorials`` (or ``DIR``) and starts
JupyterLab on ``00_start_here.ipynb``, with ``--no-browser`` and ``--port`` passed on to it.

The copies are the learner's. The folder keeps a small record, ``.cardlab-tutorials.json``,
of what was copied, so running the command again:

- copies a tutorial that is missing, and brings an unedited copy up to this cardlab's version;
- keeps every copy the learner has edited (``--force`` puts the original back);
- never touches a folder that holds other files and no record of ours: it asks for
  ``--force`` and writes nothing (with ``--force`` the tutorials are copied in beside the
  other files, and only files named like a tutorial are replaced).

>>> from cardlab.tutorials import shipped_notebooks
>>> "00_start_here.ipynb" in shipped_notebooks()
True
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardlab.version import __version__

__all__ = [
    "DEFAULT_FOLDER",
    "RECORD",
    "START",
    "CopyPlan",
    "copy_tutorials",
    "lab_command",
    "main",
    "plan_copy",
    "shipped_notebooks",
]

#: where ``cardlab tutorials`` copies the notebooks when no folder is named
DEFAULT_FOLDER = "cardlab-tutorials"
#: the record of a copy, in the folder: cardlab's version and each notebook's checksum as copied
RECORD = ".cardlab-tutorials.json"
#: the notebook JupyterLab opens first
START = "00_start_here.ipynb"
#: the folder of the installed package that holds the notebooks (pyproject.toml puts them there)
_PACKAGED = Path(__file__).resolve().parent / "tutorials_data"
#: in a clone the notebooks are in the repository's notebooks/ folder
_CLONE = Path(__file__).resolve().parent.parent / "notebooks"
#: what JupyterLab and Jupyter leave in a folder, which makes no folder "hold other files"
_JUPYTER_LITTER = {".ipynb_checkpoints", ".virtual_documents", ".jupyter", ".DS_Store"}


def shipped_notebooks() -> dict[str, Path]:
    """The tutorial notebooks this cardlab carries, by file name, in order: the wheel's
    ``cardlab/tutorials_data/``, or a clone's ``notebooks/``.

    :raises FileNotFoundError: neither holds a notebook (a broken install).
    """
    for folder in (_PACKAGED, _CLONE):
        found = {p.name: p for p in sorted(folder.glob("*.ipynb"))}
        if found:
            return found
    raise FileNotFoundError(
        f"cardlab {__version__} carries no tutorial notebooks (looked in {_PACKAGED} and "
        f"{_CLONE}); reinstall cardlab from a wheel or use a clone of the repository")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class CopyPlan:
    """What ``cardlab tutorials`` will do to a folder, decided before anything is written.

    :param folder: the folder the tutorials go to.
    :param copy: the notebooks to write (missing, out of date and unedited, or forced).
    :param kept: the learner's edited copies that stay as they are.
    :param refusal: why nothing may be written without ``--force`` (None: go ahead).
    """

    folder: Path
    copy: tuple[str, ...]
    kept: tuple[str, ...]
    refusal: str | None = None


def _read_record(folder: Path) -> dict[str, str] | None:
    """The checksums recorded by an earlier copy into ``folder``, or None without a record."""
    try:
        data = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    notebooks = data.get("notebooks") if isinstance(data, dict) else None
    if not isinstance(notebooks, dict):
        return None
    return {str(k): str(v) for k, v in notebooks.items()}


def plan_copy(folder: Path, notebooks: Mapping[str, Path], *, force: bool = False) -> CopyPlan:
    """Decide what copying ``notebooks`` into ``folder`` writes, keeps or refuses (module
    docstring); nothing is written here.

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     (Path(tmp) / "notes.txt").write_text("mine")
    ...     plan = plan_copy(Path(tmp), shipped_notebooks())
    4
    >>> plan.copy, plan.refusal is not None
    ((), True)
    """
    if folder.exists() and not folder.is_dir():
        return CopyPlan(folder, (), (), f"{folder} is a file, not a folder: name another folder")
    names = tuple(notebooks)
    if not folder.exists():
        return CopyPlan(folder, names, ())
    record = _read_record(folder)
    if record is None and not force:
        others = sorted(p.name for p in folder.iterdir()
                        if p.name not in _JUPYTER_LITTER and not (
                            p.name in notebooks and p.is_file()
                            and _digest(p) == _digest(notebooks[p.name])))
        if others:
            shown = ", ".join(others[:5]) + (", …" if len(others) > 5 else "")
            return CopyPlan(folder, (), (), (
                f"{folder} already holds other files ({shown}) and no tutorials copied by "
                f"cardlab, so nothing was written. Name an empty or new folder, or add "
                f"--force to copy the tutorials in beside those files (a file named like a "
                f"tutorial is replaced; nothing else is touched)."))
    copy: list[str] = []
    kept: list[str] = []
    for name, source in notebooks.items():
        target = folder / name
        if not target.is_file():
            copy.append(name)
            continue
        on_disk = _digest(target)
        if on_disk == _digest(source):
            continue  # already the shipped notebook
        unedited = record is not None and record.get(name) == on_disk
        (copy if force or unedited else kept).append(name)
    return CopyPlan(folder, tuple(copy), tuple(kept))


def copy_tutorials(plan: CopyPlan, notebooks: Mapping[str, Path]) -> None:
    """Carry out ``plan`` (which must have no refusal) and update the folder's record."""
    if plan.refusal is not None:
        raise ValueError(plan.refusal)
    plan.folder.mkdir(parents=True, exist_ok=True)
    record = _read_record(plan.folder) or {}
    for name in plan.copy:
        data = notebooks[name].read_bytes()
        (plan.folder / name).write_bytes(data)
        record[name] = hashlib.sha256(data).hexdigest()
    for name, source in notebooks.items():  # copies already identical to ours count as ours
        target = plan.folder / name
        if name not in plan.kept and target.is_file() and _digest(target) == _digest(source):
            record[name] = _digest(source)
    text = json.dumps({"cardlab": __version__, "notebooks": dict(sorted(record.items()))},
                      indent=1)
    (plan.folder / RECORD).write_text(text + "\n", encoding="utf-8")


def lab_command(folder: Path, *, no_browser: bool = False, port: int | None = None) -> list[str]:
    """The command that starts JupyterLab on ``folder``, opening :data:`START`."""
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
               f"--LabApp.default_url=/lab/tree/{START}"]
    if no_browser:
        command.append("--no-browser")
    if port is not None:
        command.append(f"--port={port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # JupyterLab refuses root unless told (containers)
    return command


def _has_jupyterlab() -> bool:
    """Whether this Python can run JupyterLab (asked of the interpreter that will run it)."""
    probe = subprocess.run([sys.executable, "-c", "import jupyterlab"], capture_output=True)
    return probe.returncode == 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardlab", description="cardlab: learn traditional trick-taking card games.")
    parser.add_argument("--version", action="version", version=f"cardlab {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    tutorials = commands.add_parser(
        "tutorials", help="copy the tutorial notebooks into a folder and open JupyterLab there",
        description=(
            "Copy cardlab's tutorial notebooks into DIR and open JupyterLab there on "
            f"{START}. Running it again reopens the folder: missing tutorials are copied, "
            "your edited copies are kept. A folder holding other files is left untouched "
            "unless you add --force."))
    tutorials.add_argument("folder", nargs="?", default=DEFAULT_FOLDER, metavar="DIR",
                           help=f"where the notebooks go (default: ./{DEFAULT_FOLDER})")
    tutorials.add_argument("--force", action="store_true",
                           help="copy into a folder holding other files, and replace edited "
                                "copies of the tutorials with the originals")
    tutorials.add_argument("--copy-only", action="store_true",
                           help="copy the notebooks, but do not start JupyterLab")
    tutorials.add_argument("--no-browser", action="store_true",
                           help="passed on to JupyterLab: do not open a browser")
    tutorials.add_argument("--port", type=int, default=None,
                           help="passed on to JupyterLab: the port to serve on")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The ``cardlab`` console script; returns the exit status."""
    args = _parser().parse_args(argv)
    notebooks = shipped_notebooks()
    folder = Path(args.folder).expanduser().resolve()
    plan = plan_copy(folder, notebooks, force=args.force)
    if plan.refusal is not None:
        print(f"cardlab tutorials: {plan.refusal}", file=sys.stderr)
        return 2
    copy_tutorials(plan, notebooks)
    if plan.copy:
        print(f"Copied {len(plan.copy)} tutorial notebook(s) into {folder}")
    else:
        print(f"The tutorials are in {folder}")
    for name in plan.kept:
        print(f"  kept your edited {name} (--force puts the original back)")
    if args.copy_only:
        return 0
    if not _has_jupyterlab():
        print('JupyterLab is not installed here: pip install "cardlab[lab]" (or open the '
              "notebooks with any Jupyter)", file=sys.stderr)
        return 1
    try:
        return subprocess.call(lab_command(folder, no_browser=args.no_browser, port=args.port),
                               cwd=folder)
    except KeyboardInterrupt:  # Ctrl-C reaches JupyterLab too, which shuts itself down
        return 130


if __name__ == "__main__":
    sys.exit(main())
