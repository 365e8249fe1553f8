#!/usr/bin/env bash
# One command for developers and CI: set everything up, then run every test —
# lint, types, engine/property/widget tests, doctests, the notebooks under nbval, and the
# browser tests (skipped with a visible reason where Debian's /usr/bin/chromium is absent).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup-venv.sh test
echo "== ruff"
.venv/bin/ruff check cardlab tests benchmarks
echo "== mypy"
.venv/bin/mypy cardlab
echo "== pytest"
exec .venv/bin/python -m pytest -p no:cacheprovider \
  --doctest-modules cardlab tests --ignore=tests/ui/fixtures \
  --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg notebooks/*.ipynb \
  "$@"
