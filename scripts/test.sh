#!/usr/bin/env bash
# One command for developers and CI: set everything up, then run every test —
# lint, types, the documentation site (warnings as errors, internal links), the sdist and
# wheel (python -m build, twine check), engine/property/widget tests, doctests, the browser
# tests, and the notebooks under nbval (the browser tests are skipped with a visible reason
# where Debian's /usr/bin/chromium is absent).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup-venv.sh "test,docs"
# the solver's and the batch's compiled loops, compiled once into numba's cache while the
# checks below run (else each test process and the first kernels compile the same loops:
# some 55 s of a core on a fresh clone); waited for before the tests
echo "== compiling the inner loops once (scripts/compile_once.py), beside the checks"
.venv/bin/python scripts/compile_once.py five_hundred officer_skat & warm_a=$!
.venv/bin/python scripts/compile_once.py pandoeren panfin & warm_b=$!
echo "== ruff"
.venv/bin/ruff check cardlab tests benchmarks
echo "== mypy"
.venv/bin/mypy cardlab
echo "== docs: sphinx-build -W and the internal links (scripts/build_docs.sh)"
CARDLAB_DOCS_NO_SETUP=1 bash scripts/build_docs.sh
echo "== python -m build (sdist + wheel), twine check"
dist="$(mktemp -d)"
trap 'rm -rf "$dist"' EXIT
# --no-isolation: hatchling is in the test extra already, so no download for a build env
.venv/bin/python -m build --no-isolation --outdir "$dist" . >/dev/null
.venv/bin/python -m twine check --strict "$dist"/*
wait "$warm_a"
wait "$warm_b"
echo "== pytest: engine, property, widget and browser tests, doctests (over the cores)"
# pytest-xdist spreads the tests over the cores; the browser tests stay in one process
# (tests/conftest.py groups them: one JupyterLab, one Chromium). Measured: a third process
# made them twice as slow, and two chains of them (a JupyterLab and a Chromium each) cost
# more than they saved
.venv/bin/python -m pytest -p no:cacheprovider -n "${CARDLAB_TEST_WORKERS:-2}" --dist loadgroup \
  --durations=25 --doctest-modules cardlab tests --ignore=tests/ui/fixtures "$@"
echo "== pytest --nbval: the notebooks, each cell in order in its own kernel"
# nbval runs a notebook's cells in one kernel, in order: one process
rc=0
.venv/bin/python -m pytest -p no:cacheprovider --nbval --nbval-current-env \
  --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks/*.ipynb "$@" || rc=$?
# 5: extra arguments (e.g. -k) selected no notebook cell, which is not a failure
[ "$rc" -eq 0 ] || [ "$rc" -eq 5 ] || exit "$rc"
