#!/usr/bin/env bash
# One command for learners and teachers: set everything up, then open JupyterLab on the start page.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/setup-venv.sh lab
# JupyterLab refuses to run as root unless told (containers, some school machines)
as_root=()
if [ "$(id -u)" = "0" ]; then as_root=(--allow-root); fi
# the server's root is the repository, as on Binder: the same paths work on both, e.g. the
# teacher's page at http://localhost:8888/voila/render/notebooks/06_teacher.ipynb
exec .venv/bin/jupyter lab --ServerApp.root_dir="$PWD" \
  --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb "${as_root[@]}" "$@"
