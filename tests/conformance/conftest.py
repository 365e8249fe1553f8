"""Conformance tests over extra games: ``CARDLAB_TEST_GAMES=name:package,…`` registers each
before the test modules are collected, so every registry-driven test (the forms, the twins,
the deal strings, share codes, bad input) covers it too. ``test_example_suite`` runs the
suite so with the example game (``example:cardlab.games.example``)."""

from __future__ import annotations

import os

from cardlab.engine import registry

for _entry in filter(None, os.environ.get("CARDLAB_TEST_GAMES", "").split(",")):
    _name, _, _package = _entry.partition(":")
    registry.register(_name.strip(), _package.strip())
