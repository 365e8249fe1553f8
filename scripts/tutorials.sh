#!/usr/bin/env bash
# One command for learners and teachers: set everything up, then open JupyterLab on the start page.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup-venv.sh lab
exec .venv/bin/jupyter lab notebooks/00_start_here.ipynb "$@"
