#!/usr/bin/env bash
# One command for learners and teachers: set everything up, then open JupyterLab on the start page.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup-venv.sh lab
# JupyterLab refuses to run as root unless told (containers, some school machines)
as_root=()
if [ "$(id -u)" = "0" ]; then as_root=(--allow-root); fi
exec .venv/bin/jupyter lab notebooks/00_start_here.ipynb "${as_root[@]}" "$@"
