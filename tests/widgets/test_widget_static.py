"""The front-end files as text, the lazy import, and the package data."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import cardlab.widgets
from cardlab.widgets._base import CardlabWidget

STATIC = Path(cardlab.widgets.__file__).parent / "static"
JS = (STATIC / "cardlab.js").read_text(encoding="utf-8")
CSS = (STATIC / "cardlab.css").read_text(encoding="utf-8")


def code_only(js: str) -> str:
    """The JS without its comments (comments may say 'import' in prose)."""
    js = re.sub(r"/\*.*?\*/", "", js, flags=re.S)
    return re.sub(r"(^|[^:])//.*$", r"\1", js, flags=re.M)


def test_js_has_no_imports_and_no_urls():
    code = code_only(JS)
    assert not re.search(r"^\s*import\b", code, flags=re.M), "blob: modules cannot import"
    assert not re.search(r"\bimport\s*\(", code), "no dynamic import"
    assert not re.search(r"\brequire\s*\(", code)
    assert "http" not in JS.lower(), "no CDN or any URL in the front end"


def test_js_exports_render_and_suppresses_lab_shortcuts():
    code = code_only(JS)
    assert re.search(r"export default \{\s*render\s*\}", code)
    assert "data-lm-suppress-shortcuts" in code
    assert 'model.send(' in code
    # the JS never writes game state: only the display setting four_colour
    assert set(re.findall(r'model\.set\("([a-z_]+)"', code)) == {"four_colour"}
    assert "return () =>" in code  # render returns a cleanup


def test_js_has_the_dom_hooks_the_browser_tests_use():
    for hook in ("cardlab-table", "cardlab-card", "data-card", "aria-label", "data-legal",
                 "cardlab-step-first", "cardlab-step-back", "cardlab-step-forward",
                 "cardlab-step-last", "cardlab-slider", "cardlab-message", "cardlab-narration",
                 "data-step", "aria-live", "cardlab-play-here", "cardlab-back-to-record",
                 "cardlab-undo", "cardlab-action"):
        assert hook in JS, hook
    # every kind a widget declares has a drawing
    for kind in ("table", "editor", "trump_ladder", "auction_ladder", "score_compare"):
        assert re.search(rf"\b{kind}: draw", JS), kind


def test_css_is_scoped_under_the_root_and_respects_user_settings():
    assert ":root" not in CSS
    body = re.sub(r"/\*.*?\*/", "", CSS, flags=re.S)
    selectors = re.findall(r"(?:^|})\s*([^{}@]+?)\s*\{", body)
    assert selectors
    for group in selectors:
        for sel in group.split(","):
            sel = sel.strip()
            assert sel.startswith(".cardlab-root") or re.match(
                r"^\[data-jp-theme-light=\"false\"\] \.cardlab-root", sel), sel
    for query in ("prefers-reduced-motion", "forced-colors", "prefers-color-scheme"):
        assert query in CSS
    classes = set(re.findall(r"\.([a-z][a-z0-9-]*)", body))
    assert all(c.startswith("cardlab-") for c in classes), classes - {
        c for c in classes if c.startswith("cardlab-")}
    assert all(v.startswith("--cardlab-") for v in re.findall(r"(--[a-z-]+)\s*:", body))


def test_every_widget_uses_the_shared_files():
    for cls in (cardlab.widgets.Table, cardlab.widgets.DealEditor, cardlab.widgets.TrumpLadder,
                cardlab.widgets.AuctionLadder, cardlab.widgets.ScoreCompare):
        assert issubclass(cls, CardlabWidget)
        assert "data-lm-suppress-shortcuts" in str(cls._esm)


def test_import_cardlab_does_not_import_the_widget_stack():
    code = ("import sys, cardlab; cardlab.load('five_hundred')\n"
            "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'cardlab.widgets')"
            " if m in sys.modules]\n"
            "assert not bad, bad\n"
            "import cardlab.widgets; assert 'anywidget' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
