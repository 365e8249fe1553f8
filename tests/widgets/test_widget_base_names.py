"""A widget must not shadow ipywidgets' own methods: DealEditor once defined ``open()``,
which ipywidgets calls to create the comm, so the editor showed no view in a real kernel."""

from __future__ import annotations

import ipywidgets
import pytest

import cardlab.widgets as W

#: names cardlab widgets override on purpose
ALLOWED = {"_esm", "_css", "set_state", "_repr_mimebundle_", "__init__", "__repr__"}


@pytest.mark.parametrize("cls", [W.Table, W.DealEditor, W.TrumpLadder, W.AuctionLadder,
                                 W.ScoreCompare], ids=lambda c: c.__name__)
def test_no_ipywidgets_method_is_shadowed(cls):
    base = {k for k, v in vars(ipywidgets.DOMWidget).items()}
    for klass in ipywidgets.DOMWidget.__mro__:
        base |= {k for k, v in vars(klass).items() if callable(v) or isinstance(v, property)}
    own = set()
    for klass in cls.__mro__:
        if klass.__module__.startswith("cardlab"):
            own |= {k for k, v in vars(klass).items() if callable(v) or isinstance(v, property)}
    clash = sorted(n for n in own & base if n not in ALLOWED and not n.startswith("__"))
    assert clash == [], f"{cls.__name__} shadows ipywidgets' {clash}"
