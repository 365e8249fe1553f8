"""The layers of DESIGN §1, read off the source by AST: no layer imports a higher one.

Layers, low to high: cards (and errors) → engine → games → solve → bots → sim → render →
widgets, then the applications on top (teaching, exercises, the server extension).
A module may import its own layer and lower ones. The only upward imports allowed are
lazy ones inside a ``_repr_*`` drawing hook or a ``rollout`` method (``Game.rollout``),
where the import runs only when the picture or the fast path is asked for. Imports under
``if TYPE_CHECKING:`` count like any other: a type is a dependency too. The package root
(``cardlab/__init__.py``) is the public API and gathers every layer, so it is not checked.

Two more rules: only ``engine/registry.py`` imports modules by name (:mod:`importlib`,
``__import__``), so every dependency is visible here; and no module of ``sim/`` except
the per-game simulators that the registered games name (``GameSpec.simulator``) holds a
registered game's name as a string literal — ``sim/`` finds each game's code through the
registry, never through ``if name == …``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardlab
from cardlab.engine import registry

ROOT = Path(cardlab.__file__).parent

#: layer of each top-level part of the package, low to high (DESIGN §1)
LAYERS: dict[str, int] = {
    "cards": 0, "errors": 0, "version": 0, "rules": 0,
    "engine": 1,
    "games": 2,
    "solve": 3,
    "bots": 4,
    "sim": 5,
    "render": 6,
    "widgets": 7,
    "teaching": 8, "exercises": 8, "serverext": 8, "tutorials": 8,
}
#: the rank of ``import cardlab`` itself: the package root imports the games
ROOT_RANK = LAYERS["games"]
#: functions whose body may import a higher layer lazily
LAZY_HOOK_PREFIXES = ("_repr_",)
LAZY_METHODS = ("rollout",)
#: the one module that may import by name
REGISTRY = "cardlab.engine.registry"


def module_name(path: Path) -> str:
    """``cardlab/sim/studies.py`` → ``cardlab.sim.studies`` (a package by its own name)."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def rank(module: str) -> int | None:
    """The layer of a ``cardlab`` module, the root's rank for ``cardlab`` itself, or None
    for a module outside cardlab."""
    parts = module.split(".")
    if parts[0] != "cardlab":
        return None
    if len(parts) == 1:
        return ROOT_RANK
    assert parts[1] in LAYERS, f"{module}: a part of cardlab with no layer in DESIGN §1"
    return LAYERS[parts[1]]


def parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    """Each node's parent."""
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def lazy_hook(node: ast.AST, up: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``node`` sits inside a ``_repr_*`` function or a ``rollout`` method."""
    while node in up:
        node = up[node]
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name.startswith(LAZY_HOOK_PREFIXES):
                return True
            if node.name in LAZY_METHODS and isinstance(up.get(node), ast.ClassDef):
                return True
    return False


def imported(node: ast.Import | ast.ImportFrom, package: str) -> Iterator[str]:
    """The modules an import statement loads (``from cardlab import sim`` loads
    ``cardlab.sim``; ``from cardlab import Card`` loads the root)."""
    if isinstance(node, ast.Import):
        yield from (a.name for a in node.names)
        return
    if node.level:
        base = package.split(".")[: len(package.split(".")) - node.level + 1]
        module = ".".join(base + ([node.module] if node.module else []))
    else:
        module = node.module or ""
    for alias in node.names:
        full = f"{module}.{alias.name}"
        yield full if full in MODULES else module


def upward_imports(module: str, path: Path) -> list[str]:
    """The imports of ``module`` from a higher layer outside the lazy hooks."""
    me = rank(module)
    assert me is not None
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    up = parents(tree)
    bad = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        for target in imported(node, package):
            other = rank(target)
            if other is not None and other > me and not lazy_hook(node, up):
                bad.append(f"line {node.lineno}: imports {target}")
    return bad


@pytest.mark.parametrize("module", [m for m in MODULES if m != "cardlab"])
def test_no_layer_imports_a_higher_one(module: str) -> None:
    """DESIGN §1: a lower layer never imports a higher one (except lazy drawing hooks
    and ``Game.rollout``)."""
    assert upward_imports(module, MODULES[module]) == []


def dynamic_imports(path: Path) -> list[str]:
    """Uses of :mod:`importlib` or ``__import__`` in a source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(
                a.name.split(".")[0] == "importlib" for a in node.names):
            out.append(f"line {node.lineno}: import importlib")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "importlib":
            out.append(f"line {node.lineno}: from {node.module} import …")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id == "__import__"):
            out.append(f"line {node.lineno}: __import__(…)")
    return out


@pytest.mark.parametrize("module", list(MODULES))
def test_only_the_registry_imports_by_name(module: str) -> None:
    """Modules named as data are imported through ``cardlab.engine.registry`` alone."""
    found = dynamic_imports(MODULES[module])
    if module == REGISTRY:
        assert found, "the registry is where modules are imported by name"
    else:
        assert found == []


def test_the_layer_check_sees_a_break() -> None:
    """The checker itself: an engine module importing the bots at the top is caught; the
    same import inside ``_repr_svg_`` is not."""
    source = ("from cardlab.bots import RandomBot\n"
              "class S:\n"
              "    def _repr_svg_(self):\n"
              "        from cardlab.render import state_svg\n")
    tree = ast.parse(source)
    up = parents(tree)
    imports = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert [lazy_hook(n, up) for n in imports] == [False, True]
    assert rank("cardlab.bots") > rank("cardlab.engine.state")  # type: ignore[operator]


def simulator_modules() -> set[str]:
    """The per-game simulator modules, as the registered games name them."""
    return {path for name in registry.names()
            if (path := registry.game_class(name).spec.simulator) is not None}


@pytest.mark.parametrize("game", cardlab.game_names())
def test_a_named_simulator_is_a_module_of_sim(game: str) -> None:
    """A game's ``GameSpec.simulator``, where it names one, is a module of ``cardlab.sim``
    that declares its ``SIMULATOR``."""
    path = registry.game_class(game).spec.simulator
    if path is None:  # a game without a batch simulator: the studies play it by its bots
        assert registry.simulator_module(game) is None
        return
    assert path in MODULES and path.startswith("cardlab.sim."), path
    module = registry.simulator_module(game)
    assert module is not None and module.__name__ == path
    assert hasattr(module, "SIMULATOR"), path


def string_literals(path: Path) -> set[str]:
    """Every string constant of a source file (docstrings included, whole)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


@pytest.mark.parametrize("game", cardlab.game_names())
def test_sim_names_no_game_outside_its_simulators(game: str) -> None:
    """``sim/`` (and the engine, which names no game) hold ``game`` as a string only in
    the per-game simulators: studies and the hint dispatch through the registry."""
    own = simulator_modules()
    named = [m for m, p in MODULES.items()
             if (m.startswith(("cardlab.sim.", "cardlab.engine.")) or m == "cardlab.sim")
             and m not in own and game in string_literals(p)]
    assert named == []


# -- each rule written once: the kernels -------------------------------------------------------
#: the game packages: every registered game's, and the example's (a template must have it too)
GAME_PACKAGES = sorted({registry.module_of(n) for n in registry.names()} | {"cardlab.games.example"})


def kernel_functions(package: str) -> set[str]:
    """The functions a game's ``kernel.py`` exports (its ``__all__``, read by AST)."""
    path = MODULES.get(f"{package}.kernel")
    assert path is not None, f"{package} has no kernel.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    exported: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            exported = {e.value for e in ast.walk(node.value)
                        if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    assert exported, f"{package}.kernel declares no __all__"
    return exported & defined


def defined_functions(path: Path) -> set[str]:
    """The names of every function and method a source file defines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef,
                                                              ast.AsyncFunctionDef))}


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_kernel_imports_only_cards_and_engine(package: str) -> None:
    """A kernel runs on ints and numpy arrays alike, so it needs no higher layer, no other
    module of its game but the rules' tables, and no numpy at import."""
    path = MODULES[f"{package}.kernel"]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = ("cardlab.cards", "cardlab.engine", f"{package}.rules", f"{package}.kernel")
    bad = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for target in imported(node, package):
                if target.startswith("cardlab") and not target.startswith(allowed):
                    bad.append(target)
                if target.split(".")[0] == "numpy":
                    bad.append(target)
    assert bad == []


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_no_module_but_the_kernel_defines_its_rules(package: str) -> None:
    """#17: the legal masks, trick keys and deal points are written once, in the game's
    kernel: no other module of cardlab defines a function of a name the kernel exports."""
    names = kernel_functions(package)
    assert names, f"{package}.kernel exports no function"
    kernel = f"{package}.kernel"
    clash = {m: sorted(names & defined_functions(p)) for m, p in MODULES.items()
             if m != kernel and not m.endswith(".kernel")}
    assert {m: f for m, f in clash.items() if f} == {}
