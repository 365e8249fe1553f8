"""Test configuration shared by every layer: makes ``support`` importable."""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from hypothesis import settings  # noqa: E402

# extra games for the registry-driven tests: ``CARDLAB_TEST_GAMES=name:package,…`` registers
# each before any test module is collected, so the conformance suite (the forms, the twins,
# the deal strings, share codes, bad input) covers it too (tests/conformance/
# test_example_suite.py runs it so with the example game). Here, in the one root conftest:
# a second file named conftest.py would be imported under the same module name by
# ``--doctest-modules`` and clash with this one.
from cardlab.engine import registry  # noqa: E402

for _entry in filter(None, os.environ.get("CARDLAB_TEST_GAMES", "").split(",")):
    _name, _, _package = _entry.partition(":")
    registry.register(_name.strip(), _package.strip())

# CI machines are shared: judge properties, never timing (benchmarks measure speed)
settings.register_profile("cardlab", deadline=None)
settings.load_profile("cardlab")


#: the browser tests in two chains, one per process of ``pytest -n 2`` (each chain starts its
#: own JupyterLab and Chromium): the heaviest files (the layout at every step, axe) in one,
#: the rest in the other; as one chain they ran some 17 minutes of a CI run's 18 while the
#: other process finished early and waited
UI_CHAIN_A = frozenset({"test_layout.py", "test_a11y_axe.py", "test_try_again.py",
                        "test_teacher.py", "test_a11y_seen.py", "test_a11y_teacher_keys.py"})


def pytest_collection_modifyitems(config: object, items: list[object]) -> None:
    """Keep each chain of browser tests in one process when ``pytest -n`` spreads the tests
    (``--dist loadgroup``, scripts/test.sh): a chain shares one JupyterLab and one
    Chromium. pytest-xdist hands out the biggest groups first, so both chains start at
    once."""
    import pytest

    for item in items:
        path = str(getattr(item, "fspath", "")).replace("\\", "/")
        if "/tests/ui/" in path:
            chain = "ui-a" if path.rsplit("/", 1)[-1] in UI_CHAIN_A else "ui-b"
            item.add_marker(pytest.mark.xdist_group(chain))  # type: ignore[attr-defined]
