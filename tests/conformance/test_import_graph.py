"""The layers of DESIGN §1, read off the source by AST: no layer imports a higher one.

Layers, low to high: cards (and errors) → engine → games → solve → bots → sim → render →
widgets, then the applications on top (teaching, exercises, the server extension).
A module may import its own layer and lower ones, and no higher one, not even lazily inside a
function: a card's, a pack's or a deal's picture in a notebook is drawn through
:func:`cardlab.cards.picture`, whose drawer the package root installs (it loads the render
layer when a picture is first asked for), and a game's fast path (``Game.rollout``) is found
through the registry, where :mod:`cardlab.sim` registers it. Imports under ``if TYPE_CHECKING:`` count like any other:
a type is a dependency too. The package root (``cardlab/__init__.py``) is the public API
and gathers every layer, so it is not checked.

Two more rules: only ``engine/registry.py`` imports modules by name (:mod:`importlib`,
``__import__``), so every dependency is visible here; and no module of ``sim/`` except
the per-game simulator packages (``cardlab.sim.<game>``, registered by ``cardlab.sim``)
holds a registered game's name as a string literal — ``sim/`` finds each game's code
through the registry, never through ``if name == …``.
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
    """The imports of ``module`` from a higher layer (at the top or inside a function)."""
    me = rank(module)
    assert me is not None
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        for target in imported(node, package):
            other = rank(target)
            if other is not None and other > me:
                bad.append(f"line {node.lineno}: imports {target}")
    return bad


@pytest.mark.parametrize("module", [m for m in MODULES if m != "cardlab"])
def test_no_layer_imports_a_higher_one(module: str) -> None:
    """DESIGN §1: a lower layer never imports a higher one (lazily only in a drawing hook)."""
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


def test_the_layer_check_sees_a_break(tmp_path: Path) -> None:
    """The checker itself: an engine module importing the bots at the top is caught, and a
    lazy import inside a method too (a ``rollout`` or a ``_repr_svg_`` drawing hook alike)."""
    source = ("from cardlab.bots import RandomBot\n"
              "class S:\n"
              "    def _repr_svg_(self):\n"
              "        from cardlab.render import state_svg\n"
              "    def rollout(self):\n"
              "        from cardlab.sim.five_hundred.rollout import new_rollout\n"
              "from cardlab.cards import Card\n")
    path = tmp_path / "state.py"
    path.write_text(source, encoding="utf-8")
    assert upward_imports("cardlab.engine.state", path) == [
        "line 1: imports cardlab.bots", "line 4: imports cardlab.render",
        "line 6: imports cardlab.sim.five_hundred.rollout"]
    assert rank("cardlab.bots") > rank("cardlab.engine.state")  # type: ignore[operator]


def simulator_packages() -> dict[str, str]:
    """The per-game simulator packages, as ``cardlab.sim`` registers them."""
    import cardlab.sim  # noqa: F401 (importing it registers the simulators)

    return registry.simulators()


def test_every_game_simulator_in_sim_is_registered() -> None:
    """Each package of ``sim/`` named as a registered game is that game's registered
    simulator (the games name none: sim registers them)."""
    packages = {m.rsplit(".", 1)[1] for m in MODULES
                if m.count(".") == 2 and m.startswith("cardlab.sim.")
                and MODULES[m].name == "__init__.py"}
    assert packages, "sim/ holds no per-game package"
    # the example game (the guide's fifth game) is unregistered unless a test registers it;
    # its simulator package lives in sim/ all the same, registered with the game
    unregistered = {"example"} - set(registry.names())
    packages -= unregistered
    assert packages <= set(registry.names()), sorted(packages - set(registry.names()))
    assert {g: f"cardlab.sim.{g}" for g in sorted(packages)} == {
        g: m for g, m in sorted(simulator_packages().items()) if g not in unregistered}


@pytest.mark.parametrize("game", cardlab.game_names())
def test_a_registered_simulator_is_a_package_of_sim(game: str) -> None:
    """A game's registered simulator, where it has one, is its package of ``cardlab.sim``
    (``batch.py`` the play in arrays, and the package re-exports it) that declares its
    ``SIMULATOR``."""
    path = simulator_packages().get(game)
    if path is None:  # a game without a batch simulator: the studies play it by its bots
        assert registry.simulator_module(game) is None
        return
    assert path == f"cardlab.sim.{game}" and f"{path}.batch" in MODULES, path
    module = registry.simulator_module(game)
    assert module is not None and module.__name__ == path
    assert hasattr(module, "SIMULATOR"), path


def test_a_fast_path_is_found_through_the_registry() -> None:
    """``game.rollout()`` finds its fast path in the registry; a game or fast path without
    one is a clear error naming it."""
    name = cardlab.game_names()[0]
    with pytest.raises(LookupError, match="no fast path 'no_such_path'"):
        registry.fast_path(name, "no_such_path")
    registry.register("unsimulated", "cardlab.games.example")
    try:
        with pytest.raises(LookupError, match="'unsimulated' has no simulator registered"):
            registry.fast_path("unsimulated", "new_rollout")
    finally:
        registry.unregister("unsimulated")
    with pytest.raises(ValueError, match="unknown game"):
        registry.fast_path("no_such_game", "new_rollout")


def string_literals(path: Path) -> set[str]:
    """Every string constant of a source file (docstrings included, whole)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


@pytest.mark.parametrize("game", cardlab.game_names())
def test_sim_names_no_game_outside_its_simulators(game: str) -> None:
    """``sim/`` (and the engine, which names no game) hold ``game`` as a string only in
    the per-game simulator packages: studies and the hint dispatch through the registry."""
    own = tuple(f"{path}." for path in simulator_packages().values())
    named = [m for m, p in MODULES.items()
             if (m.startswith(("cardlab.sim.", "cardlab.engine.")) or m == "cardlab.sim")
             and not f"{m}.".startswith(own) and game in string_literals(p)]
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
    kernel: no other module of cardlab defines a function of a name the kernel exports (but
    a shared kernel module, whose rule several kernels import: the trick's best key)."""
    from cardlab.solve.jit import SHARED_KERNELS

    names = kernel_functions(package)
    assert names, f"{package}.kernel exports no function"
    kernel = f"{package}.kernel"
    assert set(SHARED_KERNELS) <= set(MODULES)
    clash = {m: sorted(names & defined_functions(p)) for m, p in MODULES.items()
             if m != kernel and not m.endswith(".kernel") and m not in SHARED_KERNELS}
    assert {m: f for m, f in clash.items() if f} == {}
