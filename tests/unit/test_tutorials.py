"""``cardlab tutorials``: what it copies, what it keeps, what it refuses, and how it starts
JupyterLab (run in this process; tests/unit/test_wheel.py runs it from an installed wheel)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cardlab import tutorials
from cardlab.tutorials import RECORD, START, main, plan_copy, shipped_notebooks

REPO = Path(__file__).resolve().parents[2]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def no_lab(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Record the JupyterLab command instead of starting it."""
    calls: list[list[str]] = []

    def fake_call(command: list[str], **kwargs: Any) -> int:
        calls.append(command)
        return 0

    monkeypatch.setattr(subprocess, "call", fake_call)
    monkeypatch.setattr(tutorials, "_has_jupyterlab", lambda: True)
    return calls


def test_jupyterlab_is_found_where_it_is_installed():
    assert tutorials._has_jupyterlab()  # the test extra installs JupyterLab


def test_the_shipped_notebooks_are_the_tutorials():
    names = list(shipped_notebooks())
    assert names == sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    assert START in names


def test_copies_into_a_new_folder_and_opens_the_start_page(tmp_path: Path, no_lab):
    folder = tmp_path / "lessons"
    assert main(["tutorials", str(folder), "--no-browser", "--port", "8899"]) == 0
    for name, source in shipped_notebooks().items():
        assert (folder / name).read_bytes() == source.read_bytes()
    record = json.loads((folder / RECORD).read_text())
    assert set(record["notebooks"]) == set(shipped_notebooks())
    [command] = no_lab
    assert command[1:3] == ["-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={folder.resolve()}" in command
    assert f"--LabApp.default_url=/lab/tree/{START}" in command
    assert "--no-browser" in command and "--port=8899" in command


def test_without_options_nothing_extra_is_passed_on(tmp_path: Path, no_lab):
    assert main(["tutorials", str(tmp_path / "t")]) == 0
    assert not any(a == "--no-browser" or a.startswith("--port") for a in no_lab[0])


def test_the_default_folder_is_cardlab_tutorials(tmp_path: Path, no_lab,
                                                 monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    assert main(["tutorials", "--copy-only"]) == 0
    assert (tmp_path / "cardlab-tutorials" / START).is_file()
    assert no_lab == []  # --copy-only starts nothing


def test_a_folder_holding_other_files_is_refused_and_untouched(tmp_path: Path, no_lab, capsys):
    (tmp_path / "thesis.ipynb").write_text("{}")
    (tmp_path / START).write_text("my own start page")
    before = snapshot(tmp_path)
    assert main(["tutorials", str(tmp_path)]) == 2
    assert snapshot(tmp_path) == before
    assert no_lab == []
    err = capsys.readouterr().err
    assert "--force" in err and "thesis.ipynb" in err and "nothing was written" in err


def test_force_copies_beside_other_files(tmp_path: Path, no_lab):
    (tmp_path / "thesis.ipynb").write_text("{}")
    (tmp_path / START).write_text("my own start page")
    assert main(["tutorials", str(tmp_path), "--force", "--copy-only"]) == 0
    assert (tmp_path / "thesis.ipynb").read_text() == "{}"
    assert (tmp_path / START).read_bytes() == shipped_notebooks()[START].read_bytes()


def test_a_learners_edited_copy_is_kept_and_a_missing_one_copied_again(tmp_path: Path, no_lab,
                                                                        capsys):
    assert main(["tutorials", str(tmp_path), "--copy-only"]) == 0
    edited = tmp_path / "01_five_hundred.ipynb"
    edited.write_text(edited.read_text().replace("Five Hundred", "Five Hundred (my notes)", 1))
    mine = edited.read_bytes()
    (tmp_path / "02_officer_skat.ipynb").unlink()
    (tmp_path / "Untitled.ipynb").write_text("{}")  # a learner's own notebook beside them
    assert main(["tutorials", str(tmp_path)]) == 0
    assert edited.read_bytes() == mine
    assert (tmp_path / "02_officer_skat.ipynb").is_file()
    assert (tmp_path / "Untitled.ipynb").read_text() == "{}"
    assert "kept your edited 01_five_hundred.ipynb" in capsys.readouterr().out
    assert len(no_lab) == 1
    # --force puts the original back, and leaves the learner's own notebook alone
    assert main(["tutorials", str(tmp_path), "--force", "--copy-only"]) == 0
    assert edited.read_bytes() == shipped_notebooks()["01_five_hundred.ipynb"].read_bytes()
    assert (tmp_path / "Untitled.ipynb").read_text() == "{}"


def test_an_unedited_copy_of_an_older_version_is_brought_up_to_date(tmp_path: Path):
    notebooks = shipped_notebooks()
    old = tmp_path / "old.ipynb"
    old.write_text('{"cells": []}')
    older = {**notebooks, START: old}  # "an older cardlab" shipped another start page
    tutorials.copy_tutorials(plan_copy(tmp_path / "t", older), older)
    plan = plan_copy(tmp_path / "t", notebooks)
    assert plan.copy == (START,) and plan.kept == () and plan.refusal is None


def test_a_file_is_not_a_folder(tmp_path: Path):
    (tmp_path / "f").write_text("x")
    plan = plan_copy(tmp_path / "f", shipped_notebooks(), force=True)
    assert plan.refusal is not None and "is a file" in plan.refusal


def test_without_jupyterlab_it_says_what_to_install(tmp_path: Path, no_lab, capsys,
                                                    monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(tutorials, "_has_jupyterlab", lambda: False)
    assert main(["tutorials", str(tmp_path / "t")]) == 1
    assert 'pip install "cardlab[lab]"' in capsys.readouterr().err
    assert (tmp_path / "t" / START).is_file() and no_lab == []


def test_help_names_every_option(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["tutorials", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    for option in ("DIR", "--force", "--copy-only", "--no-browser", "--port"):
        assert option in out


def test_binder_installs_what_the_tutorials_need():
    """binder/postBuild installs cardlab with --no-deps, so binder/requirements.txt must pin
    every dependency of cardlab (within pyproject's range), the kernel and the servers."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = {}
    for line in (REPO / "binder/requirements.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"binder/requirements.txt: {line!r} is not pinned with =="
            pins[canonicalize_name(name)] = version
    pyproject = (REPO / "pyproject.toml").read_text()
    block = pyproject.split("\ndependencies = [", 1)[1].split("]", 1)[0]
    for spec in (s.strip().strip(",").strip('"') for s in block.splitlines()):
        if not spec:
            continue
        requirement = Requirement(spec)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"binder/requirements.txt lacks cardlab's dependency {name}"
        assert requirement.specifier.contains(pins[name]), (name, pins[name], spec)
    for server in ("jupyterlab", "voila", "ipykernel"):  # Lab, the teacher's page, the kernel
        assert server in pins
    assert "--no-deps" in (REPO / "binder/postBuild").read_text()
