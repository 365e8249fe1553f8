"""Read kernel state back over the server's websocket (RECIPES §3, way (b))."""

from __future__ import annotations

import json
import socket
import uuid
from typing import Any


def kernel_exec(server: Any, code: str, timeout: float = 20) -> str:
    """Run ``code`` in the (only) notebook kernel and return what it printed."""
    import websocket  # websocket-client

    sessions = server.api("/api/sessions")
    kid = sessions[0]["kernel"]["id"]
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{server.url.rsplit(':', 1)[1]}/api/kernels/{kid}/channels"
        f"?token={server.token}", timeout=timeout,
        sockopt=((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),))
    msg_id = uuid.uuid4().hex
    ws.send(json.dumps({
        "header": {"msg_id": msg_id, "username": "test", "session": uuid.uuid4().hex,
                   "msg_type": "execute_request", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell",
        "content": {"code": code, "silent": False, "store_history": False,
                    "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}}))
    out: list[str] = []
    try:
        while True:
            msg = json.loads(ws.recv())
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind = msg.get("msg_type") or msg["header"]["msg_type"]
            if kind == "stream":
                out.append(msg["content"]["text"])
            elif kind == "error":
                raise AssertionError("kernel error: " + msg["content"]["evalue"])
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                break
    finally:
        ws.close()
    return "".join(out)


class VoilaKernel:
    """The server seen through the kernel of a Voilà page: Voilà's kernel has no notebook
    session, so :func:`kernel_exec` is handed it as the only session."""

    def __init__(self, server: Any, page: Any):
        self.url, self.token = server.url, server.token
        #: the page's kernel, from the config Voilà writes into the page
        self.kernel_id = str(page.evaluate(
            "() => JSON.parse(document.getElementById('jupyter-config-data').textContent)"
            ".kernelId"))

    def api(self, path: str) -> Any:
        assert path == "/api/sessions", path
        return [{"kernel": {"id": self.kernel_id}}]
