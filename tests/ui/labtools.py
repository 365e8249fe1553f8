"""Helpers for the browser tests: the server handle, opening and running notebooks,
console errors and screenshots (RECIPES §3)."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
#: console noise that is harmless offline (Voilà's CDN assets; Notebook 7's known page error)
ALLOWED_CONSOLE = ("ERR_NAME_NOT_RESOLVED", "reading 'schema'", "favicon", "ERR_CONNECTION_REFUSED",
                   "Failed to load resource",
                   # Voilà 0.5 loading a Lab-only federated extension (e.g. Notebook 7's);
                   # the page and its widgets work (the test clicks and checks the reply)
                   "The getter for the shared module is not a function",
                   # Notebook 7 asks Lab's file browser to open the notebook's folder
                   "Command 'filebrowser:open-path' not registered")


def _get(url: str, timeout: float = 2.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as r:  # noqa: S310 - loopback only
        return json.loads(r.read().decode() or "null")


class LabServer:
    """A running JupyterLab: its base URL, token, root folder and log file."""

    def __init__(self, url: str, token: str, root: Path, proc: subprocess.Popen[bytes],
                 log_path: Path | None = None):
        self.url, self.token, self.root, self.proc = url, token, root, proc
        self.log_path = log_path

    def api(self, path: str) -> Any:
        return _get(f"{self.url}{path}?token={self.token}")

    def lab_url(self, notebook: str) -> str:
        return f"{self.url}/lab/tree/{notebook}?token={self.token}&reset"


def new_page(context: Any) -> Any:
    """A fresh page of ``context`` that records console errors in ``page.errors``."""
    pg = context.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    pg.errors = errors
    return pg


def write_notebook(root: Path, name: str, sources: list[str]) -> str:
    """Write a notebook of code cells ``sources`` as ``root / name``; return ``name``.

    It names the Python 3 kernel: a notebook without a kernelspec makes JupyterLab ask for
    a kernel in a dialog."""
    import nbformat

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                 "language": "python"}
    (root / name).write_text(nbformat.writes(nb))
    return name


def shutdown_sessions(server: LabServer) -> None:
    """Stop every notebook session's kernel, so tests do not pile up running kernels."""
    try:
        sessions = server.api("/api/sessions") or []
    except Exception:
        return
    for session in sessions:
        req = urllib.request.Request(
            f"{server.url}/api/sessions/{session['id']}?token={server.token}", method="DELETE")
        try:
            urllib.request.urlopen(req, timeout=10)  # noqa: S310 - loopback only
        except Exception:
            pass


def serious_errors(errors: list[str]) -> list[str]:
    """Console errors that are not on the harmless allow-list."""
    return [e for e in errors if not any(a in e for a in ALLOWED_CONSOLE)]


def wait_kernel_idle(server: LabServer, page: Any, timeout: float = 60) -> None:
    """Wait until the notebook's kernel exists and is idle, and no dialog is open."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            sessions = server.api("/api/sessions")
        except Exception:
            sessions = []
        ready = any(s.get("kernel", {}).get("execution_state") == "idle" for s in sessions or [])
        indicator = page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').count()
        if ready and indicator and page.locator(".jp-Dialog").count() == 0:
            return
        _answer_dialog(page, dismiss=False)
        time.sleep(0.25)
    raise TimeoutError("the kernel did not become idle")


def _answer_dialog(page: Any, *, dismiss: bool) -> None:
    """Answer a JupyterLab dialog of its own: accept it (a kernel to choose, a kernel
    restarted), or, with ``dismiss``, close one that has nothing to accept (an error
    message with only "Dismiss", seen once in CI on a loaded machine), saying what it was."""
    dialog = page.locator(".jp-Dialog")
    if not dialog.count():
        return
    accept = page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
    if accept.count():
        accept.first.click()
        return
    if dismiss:
        print("JupyterLab dialog dismissed:", dialog.first.inner_text()[:300].replace("\n", " "))
        buttons = page.locator(".jp-Dialog .jp-Dialog-button")
        if buttons.count():
            buttons.last.click()
        else:
            page.keyboard.press("Escape")


def open_and_run_all(server: LabServer, page: Any, notebook: str) -> None:
    """Open ``notebook`` in JupyterLab, wait for its kernel, and run every cell."""
    page.goto(server.lab_url(notebook))
    page.wait_for_selector(".jp-Notebook .jp-CodeCell")
    wait_kernel_idle(server, page)
    run_all_from_menu(page)


def run_all_from_menu(page: Any) -> None:
    """Run every cell through the Run menu (JupyterLab 4 and Notebook 7 alike)."""
    # on a loaded machine JupyterLab may still show a dialog of its own (a kernel to
    # choose, a kernel restarted) that would take the menu's click: accept it first
    for attempt in range(60):
        if not page.locator(".jp-Dialog").count():
            break
        _answer_dialog(page, dismiss=attempt >= 20)
        time.sleep(0.25)
    page.locator('.lm-MenuBar-itemLabel:text-is("Run")').click()
    page.locator('li.lm-Menu-item[data-command="runmenu:run-all"], '
                 'li.lm-Menu-item[data-command="notebook:run-all-cells"]').first.click()
    time.sleep(0.3)
    if page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept").count():
        page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept").first.click()


def wait_all_cells_ran(page: Any, n_code: int, timeout: float = 120) -> None:
    """Wait until ``n_code`` code cells show an execution count. If the run stalls for a
    while — no cell running or queued and no new cell done (the kernel-race of RECIPES §3
    can swallow a Run All, or cut it short after the first cell, as seen once in CI) — ask
    for Run All again."""
    count_js = ("() => { const ps = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];"
                " return [ps.filter(p => /\\[\\d+\\]/.test(p.textContent)).length,"
                " ps.filter(p => p.textContent.includes('*')).length]; }")
    deadline = time.time() + timeout
    idle_since = time.time()
    last = -1
    while time.time() < deadline:
        done, running = page.evaluate(count_js)
        if done >= n_code:
            return
        if running or done != last:
            idle_since = time.time()
            last = done
        elif time.time() - idle_since > 12:
            run_all_from_menu(page)
            idle_since = time.time()
        time.sleep(0.25)
    raise TimeoutError(f"only {done} of {n_code} code cells ran")


def screenshot(page: Any, name: str) -> None:
    """Save a screenshot as a test artifact."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=False)


# -- axe-core, the accessibility checker every browser test runs the same way ----------------
#: axe-core as ``axe-playwright-python`` ships it (a pinned version), injected into the page
AXE_JS = Path(__import__("axe_playwright_python").__file__).parent / "axe.min.js"
#: the standards checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
#: one axe run on an element: how many nodes its contrast rule judged, and the violations.
#: ``unclip``: JupyterLab's body is 0 px high with its overflow hidden, and axe then takes
#: every widget for clipped and skips its contrast, so the page's overflow is set visible
_AXE_RUN = """async ([el, tags, unclip]) => {
  if (unclip) {
    document.documentElement.style.overflow = 'visible';
    document.body.style.overflow = 'visible';
    document.body.style.height = 'auto';
  }
  const r = await axe.run(el, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations', 'passes']});
  const contrast = r.passes.concat(r.violations).filter(x => x.id === 'color-contrast')
    .reduce((n, x) => n + x.nodes.length, 0);
  return {contrast, violations: r.violations.map(v => ({id: v.id, impact: v.impact,
    help: v.help, nodes: v.nodes.map(n => [n.target.join(' '), n.failureSummary.slice(0, 300)])}))};
}"""


def run_axe(page: Any, target: Any, *, tags: list[str] | None = None,
            unclip: bool = False) -> dict[str, Any]:
    """axe-core on ``target`` (a locator), loaded into the page once: ``{"contrast": nodes
    whose contrast it judged, "violations": [{"id", "impact", "help", "nodes": [[where,
    why]]}]}``."""
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE_JS.read_text())
    got: dict[str, Any] = page.evaluate(_AXE_RUN, [target.element_handle(),
                                                  tags or WCAG_TAGS, unclip])
    return got


def axe_faults(page: Any, target: Any, *, unclip: bool = False) -> list[str]:
    """axe's violations of WCAG 2.2 A and AA on ``target``, in words (none: an empty list)."""
    return [f"{v['id']}: {v['help']} at {', '.join(where for where, _ in v['nodes'])}"
            for v in run_axe(page, target, unclip=unclip)["violations"]]


def set_theme(server: LabServer, theme: str) -> None:
    """Set JupyterLab's theme through its settings API (``"JupyterLab Light"`` …)."""
    body = json.dumps({"raw": json.dumps({"theme": theme})}).encode()
    req = urllib.request.Request(
        f"{server.url}/lab/api/settings/@jupyterlab/apputils-extension:themes",
        data=body, method="PUT",
        headers={"Authorization": f"token {server.token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:  # noqa: S310 - loopback only
        assert r.status in (200, 204), r.status
