#!/usr/bin/env bash
# One command for the documentation site: set up .venv with the docs extra, build the site
# into docs/_build/html with every warning an error, then check its internal links.
# Extra arguments go to sphinx-build (e.g. -j 2). CARDLAB_DOCS_NO_SETUP=1 skips the set-up
# (scripts/test.sh has done it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ "${CARDLAB_DOCS_NO_SETUP:-0}" != "1" ]; then
  source scripts/setup-venv.sh docs
fi
echo "== sphinx-build -W: docs/ -> docs/_build/html"
# a fresh site (-E: every page read afresh, so a warning in an unchanged page is not hidden
# by the cache; no page left over from an earlier build for the link check to pass)
rm -rf docs/_build/html
.venv/bin/python -m sphinx -b html -E -W --keep-going -q docs docs/_build/html "$@"
echo "== internal links"
.venv/bin/python scripts/check_links.py docs/_build/html
echo "docs: open docs/_build/html/index.html"
