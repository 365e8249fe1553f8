"""cardlab's Jupyter server extension: kernel messages reach the browser without waiting.

Why it exists: jupyter_server (2.x) never sets ``TCP_NODELAY`` on the kernel websocket.
With Nagle's algorithm on, a small frame is held back while an earlier frame is still
unacknowledged, and the browser delays its ACKs (tens of milliseconds on Linux). A
click on a widget makes the kernel send "busy" at once and the widget's reply a
millisecond later, so the reply sits waiting for that ACK: a card click in a
:class:`cardlab.widgets.Table` came back in ~55 ms instead of ~25 ms
(``benchmarks/RESULTS.md`` has the rows with this extension on and off).

What it does: when a kernel websocket opens, it turns ``TCP_NODELAY`` on for that
connection (Tornado's ``WebSocketHandler.set_nodelay``), nothing else. It wraps the
server's configured ``kernel_websocket_connection_class`` in a subclass, the server's
own extension point, so another extension's connection class keeps working.

Installing cardlab enables it (``etc/jupyter/jupyter_server_config.d/cardlab.json``);
``jupyter server extension disable cardlab.serverext`` turns it off. Binder users are
on a real network, where the browser's round trip dominates anyway.
"""

from __future__ import annotations

from typing import Any

__all__ = ["nodelay_connection_class"]

#: the log line a running server prints when the extension is active (tests look for it)
ACTIVE_MESSAGE = "cardlab: TCP_NODELAY on kernel websockets (cardlab.serverext)"


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where jupyter_server finds this extension."""
    return [{"module": "cardlab.serverext"}]


def nodelay_connection_class(base: type) -> type:
    """A subclass of the kernel websocket connection class ``base`` that sets
    ``TCP_NODELAY`` on its websocket before connecting to the kernel."""
    if getattr(base, "_cardlab_nodelay", False):
        return base

    class NoDelay(base):  # type: ignore[misc]
        _cardlab_nodelay = True

        def connect(self) -> Any:
            try:
                self.websocket_handler.set_nodelay(True)
            except Exception as err:  # never refuse a connection over a socket option
                log = getattr(self, "log", None)
                if log is not None:
                    log.debug("cardlab: could not set TCP_NODELAY: %s", err)
            return super().connect()

    NoDelay.__name__ = NoDelay.__qualname__ = f"NoDelay{base.__name__}"
    NoDelay.__doc__ = f"{base.__name__} with TCP_NODELAY on its websocket (cardlab.serverext)."
    return NoDelay


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Wrap the server's kernel websocket connection class (see the module docstring)."""
    settings = serverapp.web_app.settings
    base = settings.get("kernel_websocket_connection_class")
    if not isinstance(base, type):
        serverapp.log.warning("cardlab: no kernel websocket connection class to wrap; "
                              "TCP_NODELAY left off")
        return
    settings["kernel_websocket_connection_class"] = nodelay_connection_class(base)
    serverapp.log.info(ACTIVE_MESSAGE)
