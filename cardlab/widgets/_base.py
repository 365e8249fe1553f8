"""The base of every cardlab widget: one synced ``view``, intents in, messages out.

Python owns the truth (DESIGN §3). A widget keeps its engine objects in
private attributes and publishes one JSON-able ``view`` dict; the front end
(``static/cardlab.js``, one module for every widget, dispatching on ``kind``)
only draws that view and sends *intents* with ``model.send({type: …})``.
:meth:`CardlabWidget.handle` dispatches an intent on its ``type`` through a
dict of handlers. An intent that is malformed, forged or refused by the rules
changes only ``view["message"]`` and never raises into the kernel.

A widget's Python methods (``Table.play``, ``Table.act`` …) run the same handlers
through :meth:`CardlabWidget._call`, which shows the same message but raises, as
``State.apply`` does: :class:`~cardlab.errors.IllegalAction` with the refusal's code
(and rule), or ``ValueError`` for a bad argument.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from cardlab.errors import IllegalAction

__all__ = ["CardlabWidget", "Refusal", "STATIC"]

#: the front end's files (package data: shipped inside the wheel)
STATIC = Path(__file__).parent / "static"

#: the largest text an intent may carry (a pasted record or deal string)
MAX_TEXT = 200_000

_log = logging.getLogger("cardlab.widgets")


class Refusal(Exception):
    """An intent refused with plain words (shown in ``view["message"]``).

    :param code: the refusal's snake_case code, as an :class:`IllegalAction` carries it
        (``bad_argument`` for a malformed argument: a ``ValueError`` from Python).
    :param rule: the spec's rule ID, when the engine named one.
    :param error: the exception type a Python method raises for it (default:
        :class:`IllegalAction`, or ``ValueError`` for ``bad_argument``).
    """

    def __init__(self, message: str, *, code: str = "refused", rule: str = "",
                 error: type[IllegalAction] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.rule = rule
        self.error = error

    def to_error(self) -> ValueError:
        """The exception a Python method raises for this refusal."""
        if self.error is not None:
            return self.error(str(self), code=self.code, rule=self.rule)
        if self.code == "bad_argument":
            return ValueError(str(self))
        return IllegalAction(str(self), code=self.code, rule=self.rule)


def need(cond: bool, message: str, code: str = "refused", rule: str = "") -> None:
    """Refuse the current intent with ``message`` (and ``code``) unless ``cond`` holds."""
    if not cond:
        raise Refusal(message, code=code, rule=rule)


def get_int(intent: Mapping[str, Any], key: str) -> int:
    """The integer ``intent[key]`` (not a bool, not a float), or a refusal."""
    value = intent.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refusal(f"'{key}' must be a whole number, not {value!r}"[:200],
                      code="bad_argument")
    return value


def get_str(intent: Mapping[str, Any], key: str, limit: int = 200) -> str:
    """The string ``intent[key]`` (at most ``limit`` characters), or a refusal."""
    value = intent.get(key)
    if not isinstance(value, str):
        raise Refusal(f"'{key}' must be text, not {type(value).__name__}", code="bad_argument")
    need(len(value) <= limit, f"'{key}' is too long ({len(value)} characters; at most {limit})",
         "bad_argument")
    return value


class CardlabWidget(anywidget.AnyWidget):
    """Shared machinery: the JS/CSS files, the ``view`` trait and intent dispatch."""

    _esm = STATIC / "cardlab.js"
    _css = STATIC / "cardlab.css"

    kind = traitlets.Unicode("").tag(sync=True)
    """Which drawing the front end makes (``table``, ``editor`` …). Type: str."""

    view = traitlets.Dict().tag(sync=True)
    """Everything the front end draws, as JSON. Type: dict. Default: built from the state."""

    four_colour = traitlets.Bool(False).tag(sync=True)
    """Draw diamonds blue and clubs green (the four-colour deck). Type: bool. Default: False."""

    _card_faces = traitlets.Dict().tag(sync=True)
    """The face of every card of the widget's pack, drawn by ``cardlab.render`` (code → SVG
    parts, :func:`~cardlab.widgets._cards.pack_faces`): sent once per pack and colour scheme,
    not with every view. The whole pack, so it tells nothing of the deal. Type: dict."""

    #: the traits the front end may set itself (display settings only, never game state)
    _front_end_settable: ClassVar[frozenset[str]] = frozenset({"four_colour"})
    #: intent type → name of the method that handles it
    _intents: ClassVar[dict[str, str]] = {}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_custom_msg)
        self._sync_faces()

    # -- card faces (the pack's pictures, sent apart from the view) ---------------------
    def _pack_game(self) -> Any:
        """The game whose pack this widget draws, or None (not known yet, or no pack)."""
        try:
            return getattr(self, "game", None)
        except Exception:  # a table before its first state
            return None

    def _sync_faces(self) -> None:
        """Send the pack's faces when the pack or the colour scheme changed (an unchanged
        value sends nothing)."""
        game = self._pack_game()
        if game is None or not hasattr(game, "deck"):
            return
        from cardlab.widgets._cards import pack_faces

        self._card_faces = pack_faces(game, bool(self.four_colour))

    @traitlets.observe("four_colour")
    def _four_colour_faces(self, change: Any) -> None:
        if getattr(self, "_ready", True):  # a table syncs once its first state is there
            self._sync_faces()

    # -- intents -----------------------------------------------------------------
    def _on_custom_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.handle(content)

    def handle(self, intent: Any) -> str:
        """Run one intent (what ``model.send`` delivers) and return the message shown.

        Never raises: a bad intent only sets ``view["message"]``.
        """
        try:
            need(isinstance(intent, Mapping), "an intent must be an object with a 'type'")
            kind = intent.get("type")
            need(isinstance(kind, str) and kind in self._intents,
                 f"unknown intent type {str(kind)[:40]!r}; expected one of "
                 f"{', '.join(sorted(self._intents))}")
            handler: Callable[[Mapping[str, Any]], None] = getattr(self, self._intents[kind])
            handler(intent)
        except Refusal as why:
            self._refuse(str(why), why.rule)
        except IllegalAction as err:
            self._refuse(str(err), err.rule)
        except Exception as err:  # the kernel must never fail on a front-end message
            _log.exception("cardlab widget intent failed")
            self._say(f"internal error: {type(err).__name__}: {err}"[:300])
        return str(self.view.get("message", ""))

    def _call(self, intent: Mapping[str, Any]) -> str:
        """Run one intent from Python (a widget method) and return the message shown.

        The same handler as :meth:`handle`, and the same message; but a refusal raises
        (:meth:`Refusal.to_error`), and so does the engine's
        :class:`~cardlab.errors.IllegalAction`, as ``State.apply`` does.
        """
        handler: Callable[[Mapping[str, Any]], None] = getattr(self, self._intents[intent["type"]])
        try:
            handler(intent)
        except Refusal as why:
            self._refuse(str(why), why.rule)
            raise why.to_error() from None
        except IllegalAction as err:
            self._refuse(str(err), err.rule)
            raise
        return str(self.view.get("message", ""))

    def _say(self, message: str) -> None:
        """Change only the message of the view."""
        self.view = {**self.view, "message": message}

    def _refuse(self, message: str, rule: str | None) -> None:
        """Show a refusal: its message (a widget that can show the rule it applies, as the
        table does, overrides this)."""
        self._say(message)

    @property
    def message(self) -> str:
        """The message the widget shows now (a refusal, a hint or '')."""
        return str(self.view.get("message", ""))

    # -- front-end state: only display settings may come from the browser ----------
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Accept only display settings from the front end; the view is Python's."""
        allowed = {k: v for k, v in sync_data.items() if k in self._front_end_settable}
        if "four_colour" in allowed and not isinstance(allowed["four_colour"], bool):
            allowed.pop("four_colour")
        if allowed:
            super().set_state(allowed)

    # -- static picture beside the live widget ---------------------------------------
    def _static_html(self) -> str:
        """A static HTML/SVG picture of the view (for GitHub, nbviewer, no-JS)."""
        return ""

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        try:
            html = self._static_html()
        except Exception:  # a picture must never stop the widget from showing
            _log.exception("cardlab static picture failed")
            html = ""
        if html:
            html = str(html)
            if html.lstrip().startswith("<svg"):  # inline SVG is removed from untrusted output
                from cardlab.render import img_html

                html = img_html(html)
            data = {**data, "text/html": html}
        return data, metadata
