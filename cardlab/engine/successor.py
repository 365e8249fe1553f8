"""The one way a state makes its successor: :func:`evolve`, :func:`intern_action`.

Every game's state is immutable: an action makes a *new* state, a shallow copy of
this one with ``parent`` set to it, ``history`` one action longer, its per-state
caches cleared and the fields the action changes replaced. :func:`evolve` does
exactly that for any state class, whether it keeps its fields in ``__slots__`` or in
``__dict__``, so no game writes its own copy routine.

The copy is the hot path of every random playout on the teaching engine, so the
copier of each class is generated once (explicit assignments, like ``dataclasses``
generates ``__init__``), several times faster than a ``getattr``/``setattr`` loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardlab.engine.action import Action

__all__ = ["evolve", "intern_action", "caches_of"]

S = TypeVar("S")

#: fields every state has that :func:`evolve` sets itself
_OWN = ("parent", "history")
#: per-state caches every state may have; :func:`evolve` clears them
_BASE_CACHES = ("_legal_memo",)

_COPIERS: dict[type, Callable[[Any], Any]] = {}


def caches_of(cls: type) -> tuple[str, ...]:
    """The per-state cache fields of ``cls``: the base ones and its ``_CACHES`` (cleared on
    every successor, because they describe one moment)."""
    return _BASE_CACHES + tuple(getattr(cls, "_CACHES", ()))


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__slots__", ()):
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return names


def _copier(cls: type) -> Callable[[Any], Any]:
    """Generate the shallow copier of ``cls``: slot fields by explicit assignment, then the
    instance dict (if the class has one) in one update."""
    skip = set(_OWN) | set(caches_of(cls))
    slots = [n for n in _slots(cls) if n not in skip and n.isidentifier()]
    has_dict = any("__slots__" not in k.__dict__ or "__dict__" in k.__dict__["__slots__"]
                   for k in cls.__mro__ if k is not object)
    lines = ["def copy(self):", "    new = _new(_cls)"]
    lines += [f"    new.{n} = self.{n}" for n in slots]
    if has_dict:
        lines.append("    d = getattr(self, '__dict__', None)")
        lines.append("    if d: new.__dict__.update(d)")
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the class's own slot names
    fn: Callable[[Any], Any] = scope["copy"]
    return fn


def evolve(state: S, action: Action, **changes: Any) -> S:
    """The successor of ``state`` after ``action``: a shallow copy whose ``parent`` is
    ``state`` and whose ``history`` ends with ``action``, per-state caches cleared
    (:func:`caches_of`), and ``changes`` (field → new value) applied.

    >>> from cardlab.engine.action import Action
    >>> class Tiny:
    ...     __slots__ = ("parent", "history", "score", "_legal_memo")
    ...     def __init__(self):
    ...         self.parent, self.history, self.score, self._legal_memo = None, (), 0, "stale"
    >>> a = Tiny()
    >>> b = evolve(a, Action("score"), score=1)
    >>> b.parent is a, b.history, b.score, b._legal_memo, a.score
    (True, (Action('score'),), 1, None, 0)
    """
    cls = type(state)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    new = copier(state)
    new.parent = state
    new.history = state.history + (action,)  # type: ignore[attr-defined]
    for name in caches_of(cls):
        setattr(new, name, None)
    for name, value in changes.items():
        setattr(new, name, value)
    return new  # type: ignore[no-any-return]


#: every action text met so far → its one :class:`Action` (a game's actions are few)
_ACTIONS: dict[str, Action] = {}
#: beyond this many distinct texts the table stops growing (forged input cannot fill memory)
_ACTIONS_MAX = 200_000


def intern_action(text: str) -> Action:
    """The one :class:`Action` for ``text``: legal lists built on every state share their
    actions (no new string per state, and ``is`` compares them).

    >>> intern_action("play JD") is intern_action("play JD")
    True
    """
    a = _ACTIONS.get(text)
    if a is None:
        a = Action(text)
        if len(_ACTIONS) < _ACTIONS_MAX:
            _ACTIONS[text] = a
    return a
