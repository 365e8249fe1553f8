"""Sphinx configuration for cardlab's documentation site (``bash scripts/build_docs.sh``).

Why Sphinx with MyST-NB rather than MkDocs: cardlab is a Python library whose docstrings are
written in reStructuredText fields (``:param:``, ``:func:``, ``>>>`` examples), and Sphinx's
autodoc reads them directly into an API reference of every public name (the
``__all__`` of each module), with cross-references that the build checks. MyST lets the guides,
the rulebook (``docs/rules/*.md``) and the benchmark table stay plain Markdown that reads well on
GitHub too, and MyST-NB renders the tutorial notebooks with the outputs saved in them (the SVG
and HTML pictures) without executing anything. MkDocs would need mkdocstrings and a notebook
plugin for the same, and reads reST docstrings less well.

The tutorials are copied from ``notebooks/`` into ``docs/tutorials/`` when the build starts (a
generated folder, kept out of git), so the notebooks stay where the clone, Binder and the wheel
expect them.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

from cardlab.version import __version__  # noqa: E402  (after the path is set)

project = "cardlab"
author = "cardlab developers"
copyright = "cardlab developers"
version = release = __version__

extensions = [
    "myst_nb",  # MyST Markdown pages and notebooks (includes myst_parser)
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
]

# -- the tutorials: copied from notebooks/, rendered with their saved outputs, never executed
TUTORIALS = DOCS / "tutorials"


def _copy_tutorials() -> None:
    """Fresh copies of ``notebooks/*.ipynb`` in ``docs/tutorials/`` (a stale one is removed)."""
    TUTORIALS.mkdir(exist_ok=True)
    sources = {p.name: p for p in sorted((ROOT / "notebooks").glob("*.ipynb"))}
    for old in TUTORIALS.glob("*.ipynb"):
        if old.name not in sources:
            old.unlink()
    for name, src in sources.items():
        dest = TUTORIALS / name
        if not dest.exists() or dest.read_bytes() != src.read_bytes():
            shutil.copyfile(src, dest)


_copy_tutorials()

nb_execution_mode = "off"
# the saved widget views have no widget state (it is stripped): show the static picture that
# every cardlab widget saves beside its view (text/html, image/svg+xml) instead of an empty box
nb_mime_priority_overrides = [
    ("html", "application/vnd.jupyter.widget-view+json", None),
    ("html", "application/vnd.jupyter.widget-state+json", None),
]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3  # "#the-teachers-page"-style links into pages, checked by the build

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = [
    "_build",
    "README.md",  # notes for whoever edits the site, not a page
    "rules/README.md",  # the rulebook's file format, for whoever writes a book
    "**/.ipynb_checkpoints",
]

# -- the API reference: every public name (each module's __all__), from its docstring
autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "show-inheritance": True,
    "member-order": "bysource",
}
autodoc_typehints = "signature"
# the classes and functions stay out of the navigation tree: a page lists them itself, and a
# tree of every object made each page slow to write (the whole tree is copied per page)
toc_object_entries = False
napoleon_google_docstring = False
napoleon_numpy_docstring = True


def _home(obj: object) -> str | None:
    """The module that defines ``obj`` (a class or function), or None for other objects."""
    module = getattr(obj, "__module__", None)
    return module if isinstance(module, str) and hasattr(obj, "__qualname__") else None


def _list_reexports(app: object, what: str, name: str, obj: object, options: object,
                    lines: list[str]) -> None:
    """Under a module's docstring, a table of the names its ``__all__`` re-exports from other
    modules, each linking to its description."""
    if what != "module":
        return
    moved = []
    for member in getattr(obj, "__all__", ()):
        target = getattr(obj, member, None)
        home = _home(target)
        if (home is not None and home != name and home.startswith("cardlab")
                and not any(part.startswith("_") for part in home.split("."))):
            moved.append((member, f"{home}.{getattr(target, '__qualname__', member)}"))
    if moved:
        lines += ["", ".. rubric:: Re-exported here, described where they are defined", ""]
        lines += [f"- :py:obj:`{member} <{full}>` ({full})" for member, full in moved]
        lines.append("")


def _skip_member(app: object, what: str, name: str, obj: object, skip: bool,
                 options: object) -> bool | None:
    """Skip a module member defined in another cardlab module (it is listed by
    :func:`_list_reexports` and described in its home module)."""
    home = _home(obj)
    if (what == "module" and home is not None and home.startswith("cardlab")
            and not any(part.startswith("_") for part in home.split("."))):
        owner = _CURRENT_MODULE.get("name")
        if owner is not None and home != owner:
            return True
    return None


_CURRENT_MODULE: dict[str, str] = {}


def _note_module(app: object, what: str, name: str, obj: object, options: object,
                 lines: list[str]) -> None:
    if what == "module":
        _CURRENT_MODULE["name"] = name


#: a Markdown link to a file or folder of the package (``[`cardlab/games/example/`](../cardlab/games/example/)``),
#: which works on GitHub; on the site it becomes a link to that module in the API reference
_SOURCE_LINK = re.compile(r"\[([^\]]*)\]\(\.\./cardlab/([\w/]*?)/?(?:__init__)?(?:\.py)?\)")


def _source_links_to_api(app: object, docname: str, source: list[str]) -> None:
    """Point links to the package's source files at their modules (the build checks them)."""

    def module_ref(match: re.Match[str]) -> str:
        module = ".".join(["cardlab", *filter(None, match.group(2).split("/"))])
        return f"{{py:mod}}`{match.group(1).strip('`')} <{module}>`"

    source[0] = _SOURCE_LINK.sub(module_ref, source[0])


# -- the API reference's pages, one per package of cardlab (its modules as sections), made
# when the build starts: a new module or package (cardlab/solve/, say) appears by itself
API = DOCS / "api"


def _public(name: str) -> bool:
    return not any(part.startswith("_") for part in name.split("."))


def _api_pages() -> dict[str, list[str]]:
    """Each package of cardlab (a folder of modules, with or without ``__init__.py``) → its
    own module (if it has one) and its plain modules, in order. Read off the files, so a
    namespace folder's modules are found too."""
    package_root = ROOT / "cardlab"
    pages: dict[str, list[str]] = {}
    for path in sorted(package_root.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
            if _public(".".join(parts)):
                pages.setdefault(".".join(parts), []).insert(0, ".".join(parts))
            continue
        name = ".".join(parts)
        if _public(name):
            pages.setdefault(".".join(parts[:-1]), []).append(name)
    # a folder without __init__.py has no module of its own: its page starts with a title only
    return dict(sorted(pages.items()))


def _write_api_pages() -> None:
    """``docs/api/<package>.rst`` for every package (``docs/api.md`` lists them; a page no
    longer wanted is removed, an unchanged one is left as it is)."""
    API.mkdir(exist_ok=True)
    pages = _api_pages()
    texts = {}
    for package, modules in pages.items():
        lines = [package, "=" * len(package), ""]
        if modules and modules[0] == package:
            lines += [f".. automodule:: {package}", ""]
        for module in (m for m in modules if m != package):
            lines += [module, "-" * len(module), "", f".. automodule:: {module}", ""]
        texts[package] = "\n".join(lines)
    for old in API.glob("*.rst"):
        if old.stem not in texts:
            old.unlink()
    for name, text in texts.items():
        path = API / f"{name}.rst"
        if not path.exists() or path.read_text() != text:
            path.write_text(text)


_write_api_pages()


def setup(app: object) -> None:
    app.connect("source-read", _source_links_to_api)  # type: ignore[attr-defined]
    app.connect("autodoc-process-docstring", _note_module)  # type: ignore[attr-defined]
    app.connect("autodoc-process-docstring", _list_reexports)  # type: ignore[attr-defined]
    app.connect("autodoc-skip-member", _skip_member)  # type: ignore[attr-defined]

# -- HTML
html_theme = "furo"
html_title = f"cardlab {release}"
html_static_path: list[str] = []
html_show_sourcelink = False
