#!/usr/bin/env bash
# Make (or reuse) the project's virtual environment in .venv and install cardlab into it
# with the extras named as arguments (e.g. "lab" or "test"). Uses uv when it can (fast),
# plain pip otherwise. Sourced by tutorials.sh and test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
extras="${1:-lab}"
python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
export VIRTUAL_ENV="$PWD/.venv"
export PATH="$VIRTUAL_ENV/bin:$PATH"
if ! .venv/bin/python -m uv --version >/dev/null 2>&1; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check uv \
    || echo "setup: uv not available, using pip"
fi
if .venv/bin/python -m uv --version >/dev/null 2>&1; then
  # byte-compile at install time, or every kernel start pays for it (RECIPES §5)
  UV_COMPILE_BYTECODE=1 .venv/bin/python -m uv pip install --quiet --python .venv/bin/python \
    -e ".[${extras}]"
else
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[${extras}]"
fi
