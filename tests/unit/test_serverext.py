"""cardlab.serverext: TCP_NODELAY on kernel websockets, without breaking the connection."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from cardlab import serverext

REPO = Path(__file__).resolve().parents[2]


class Handler:
    def __init__(self, fail: bool = False) -> None:
        self.nodelay: bool | None = None
        self.fail = fail

    def set_nodelay(self, value: bool) -> None:
        if self.fail:
            raise RuntimeError("websocket closed")
        self.nodelay = value


class Connection:
    """Stands in for jupyter_server's ZMQChannelsWebsocketConnection."""

    def __init__(self, websocket_handler: Handler) -> None:
        self.websocket_handler = websocket_handler
        self.log = logging.getLogger("test")
        self.seen_nodelay: bool | None = None

    def connect(self) -> str:
        self.seen_nodelay = self.websocket_handler.nodelay
        return "connected"


def _server(cls: Any) -> Any:
    messages: list[str] = []
    log = SimpleNamespace(info=messages.append, warning=messages.append)
    return SimpleNamespace(web_app=SimpleNamespace(
        settings={"kernel_websocket_connection_class": cls}), log=log, messages=messages)


def test_nodelay_is_set_before_the_kernel_connection():
    cls = serverext.nodelay_connection_class(Connection)
    assert issubclass(cls, Connection)
    conn = cls(Handler())
    assert conn.connect() == "connected"  # the base connect's result is passed on
    assert conn.websocket_handler.nodelay is True
    assert conn.seen_nodelay is True


def test_a_failing_socket_option_never_refuses_the_connection():
    conn = serverext.nodelay_connection_class(Connection)(Handler(fail=True))
    assert conn.connect() == "connected"


def test_loading_wraps_the_configured_class_once():
    app = _server(Connection)
    serverext._load_jupyter_server_extension(app)
    wrapped = app.web_app.settings["kernel_websocket_connection_class"]
    assert wrapped is not Connection and issubclass(wrapped, Connection)
    assert serverext.ACTIVE_MESSAGE in app.messages
    serverext._load_jupyter_server_extension(app)  # loaded twice: not wrapped twice
    assert app.web_app.settings["kernel_websocket_connection_class"] is wrapped


def test_without_a_connection_class_it_only_warns():
    app = _server(None)
    serverext._load_jupyter_server_extension(app)
    assert app.web_app.settings["kernel_websocket_connection_class"] is None
    assert serverext.ACTIVE_MESSAGE not in app.messages and app.messages


def test_the_real_connection_class_can_be_wrapped():
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    cls = serverext.nodelay_connection_class(ZMQChannelsWebsocketConnection)
    assert issubclass(cls, ZMQChannelsWebsocketConnection)
    assert cls.connect is not ZMQChannelsWebsocketConnection.connect


def test_installing_cardlab_enables_the_extension():
    from jupyter_core.paths import jupyter_config_path

    shipped = REPO / "jupyter-config" / "jupyter_server_config.d" / "cardlab.json"
    assert json.loads(shipped.read_text()) == {
        "ServerApp": {"jpserver_extensions": {"cardlab.serverext": True}}}
    assert serverext._jupyter_server_extension_points() == [{"module": "cardlab.serverext"}]
    installed = [Path(d) / "jupyter_server_config.d" / "cardlab.json"
                 for d in jupyter_config_path()]
    assert any(p.is_file() for p in installed), (
        "cardlab.json is not in any Jupyter config path: reinstall cardlab "
        "(pip install -e .) so its shared data is installed")
