"""The solver's compiled inner loop: numba where it is installed, plain Python where not.

The search of :mod:`cardlab.solve.trick_core` is written once, in the subset of Python
that numba compiles (ints, numpy arrays, small tuples). :func:`jit` compiles a function
with numba when numba can be imported, and returns it unchanged otherwise, so the same
source gives the same answers either way (only slower without numba).

A game's rules stay in its kernel (:mod:`cardlab.games.five_hundred.kernel`):
:func:`compiled_kernel` compiles the kernel's own functions, as written, by giving each a
copy of its module's globals in which the kernel's functions and
:func:`~cardlab.engine.bits.select` are their compiled forms. Nothing of a rule is
written a second time.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any, Final, TypeVar, overload

from cardlab.engine.bits import nonzero

__all__ = ["HAVE_NUMBA", "jit", "compiled_kernel"]

F = TypeVar("F", bound=Callable[..., Any])

numba: Any
try:  # numba is optional: without it the search runs interpreted
    import numba
except ImportError:  # pragma: no cover - exercised where numba is absent
    numba = None

#: whether the inner loop is compiled
HAVE_NUMBA = numba is not None


@overload
def jit(fn: F, *, cache: bool = True, nogil: bool = False, inline: bool = False) -> F: ...


@overload
def jit(fn: None = None, *, cache: bool = True, nogil: bool = False, inline: bool = False
        ) -> Callable[[F], F]: ...


def jit(fn: F | None = None, *, cache: bool = True, nogil: bool = False,
        inline: bool = False) -> Any:
    """``fn`` compiled by numba (machine code cached beside the module unless ``cache`` is
    off), or ``fn`` itself where numba is absent. ``nogil``: the compiled call lets other
    Python threads run meanwhile (a search valued in the background leaves the front end's
    messages free). ``inline``: written into each compiled caller (a small step of a search's
    inner loop, where a call would cost more than the step). Used bare (``@jit``) or with
    options (``@jit(nogil=True)``)."""
    def wrap(f: F) -> F:
        if numba is None:  # pragma: no cover
            return f
        compiled: F = numba.njit(cache=cache, nogil=nogil,
                                 inline="always" if inline else "never")(f)
        return compiled
    return wrap if fn is None else wrap(fn)


def _select(cond: Any, a: Any, b: Any) -> Any:
    # the one-deal meaning of bits.select, in the form numba compiles
    return a if cond else b


#: modules of kernel functions that several games import (a rule they share, written once):
#: a kernel's imports from these are compiled with it. Such a function reads only its own
#: module's names and ``select`` (each importing kernel compiles it alike, and numba's cache
#: keeps one machine code for it)
SHARED_KERNELS: Final = ("cardlab.engine.trick_keys",)

#: per kernel module, its functions compiled together (every function of the module, so
#: every caller's names come from one compiled set, whoever asked first)
_KERNELS: dict[str, dict[str, Any]] = {}


def compiled_kernel(module: types.ModuleType, names: list[str]) -> types.SimpleNamespace:
    """The functions ``names`` of a game's kernel ``module``, compiled together: every
    kernel function one of them calls (its own, and those it imports from
    :data:`SHARED_KERNELS`), and ``select``, resolve to compiled forms. Without
    numba, the kernel's own functions."""
    if numba is None:  # pragma: no cover
        return types.SimpleNamespace(**{n: getattr(module, n) for n in names})
    env = _KERNELS.get(module.__name__)
    if env is None:
        env = dict(vars(module))
        env["select"] = numba.njit(cache=True)(_select)
        env["nonzero"] = numba.njit(cache=True)(nonzero)  # bits' other kernel operation
        for name, value in vars(module).items():
            if isinstance(value, types.FunctionType) and value.__module__ in (
                    module.__name__, *SHARED_KERNELS):
                for shared, got in vars(sys.modules[value.__module__]).items():
                    env.setdefault(shared, got)  # a shared rule's own names (its imports)
                twin = types.FunctionType(value.__code__, env, name, value.__defaults__,
                                          value.__closure__)
                env[name] = numba.njit(cache=True)(twin)
        _KERNELS[module.__name__] = env
    return types.SimpleNamespace(**{n: env[n] for n in names})
