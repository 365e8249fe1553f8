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


def pytest_collection_modifyitems(config: object, items: list[object]) -> None:
    """Keep the browser tests in one process when ``pytest -n`` spreads the tests
    (``--dist loadgroup``, scripts/test.sh): they share one JupyterLab and one Chromium."""
    import pytest

    for item in items:
        if "/tests/ui/" in str(getattr(item, "fspath", "")).replace("\\", "/"):
            item.add_marker(pytest.mark.xdist_group("ui"))  # type: ignore[attr-defined]
