"""Browser benchmark: click → kernel-updated view, for a cardlab Table and a bare counter.

    python benchmarks/browser_bench.py          # standalone: prints the rows (~30-60 s)
    python benchmarks/run.py --browser          # the same rows in the benchmark table

One JupyterLab on 127.0.0.1 (random token, temporary root, settings and runtime
dirs, news off) serves two small notebooks written into its root: a bare
anywidget counter (a button whose click sends a message; Python increments a
synced ``value`` that the front end writes into ``data-value``) and a cardlab
``Table`` in play mode (Five Hundred at the start of play, ``bot_delay=0``, the
learner to move). Each opens in headless Debian Chromium driven by Playwright
(``/usr/bin/chromium``; never a downloaded browser) and runs all cells.

The time is taken *in the page* (RECIPES §3): a capture-phase ``click`` listener
on ``document`` stores ``performance.now()``, and a ``MutationObserver`` on an
attribute only the kernel's reply changes (the Table root's ``data-step``, the
counter's ``data-value``) takes the delta when the value changes. So a sample is
click → message to the kernel → Python handles it → the synced trait comes back
→ the view is redrawn; Playwright's own overhead is outside it.

Table clicks: a legal card of the learner (the bots answer at once); when the deal
is over, the Undo button steps back, one learner move per click, to the start of
play, and the cards are played again. Every click changes ``data-step``. The card
clicks are the headline row (compared with the counter: target ≤ 1.5×); the undo
clicks are a row of their own.

The first server is JupyterLab as cardlab installs it: ``cardlab.serverext`` turns
``TCP_NODELAY`` on for the kernel websocket (jupyter_server does not, and Nagle's
algorithm with delayed ACKs holds small frames back: RECIPES §3). The counter and the
Table share that server, so their ratio compares like with like; that is the headline.
A second server (skip it with ``--no-plain``) repeats the measurement with the
extension turned off in a user config: the plain jupyter_server.
Benchmarks are not tests: nothing here asserts on time.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

Row = dict[str, Any]

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--disable-dev-shm-usage"]
CLICKS = 50
TARGET = 1.5
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

COUNTER_SRC = '''\
import anywidget
import traitlets

class Counter(anywidget.AnyWidget):
    """The bare round trip: a click sends a message, Python increments a synced value."""
    _esm = """
    function render({ model, el }) {
      const root = document.createElement("div");
      root.className = "bench-counter-root";
      const btn = document.createElement("button");
      btn.className = "bench-counter";
      const draw = () => {
        root.setAttribute("data-value", String(model.get("value")));
        btn.textContent = "count " + model.get("value");
      };
      btn.addEventListener("click", () => model.send({ type: "inc" }));
      model.on("change:value", draw);
      draw();
      root.append(btn);
      el.append(root);
    }
    export default { render };
    """
    value = traitlets.Int(0).tag(sync=True)

    def __init__(self) -> None:
        super().__init__()
        self.on_msg(lambda _w, _content, _buffers: setattr(self, "value", self.value + 1))

counter = Counter()
counter
'''

TABLE_SRC = '''\
import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

game = cardlab.load("five_hundred")
for seed in range(1, 50):  # the first deal the bots bid to a suit contract (no joker-suit choice)
    state = game.deal(seed=seed, dealer=3)
    bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(4)]
    while state.phase not in ("play", "done"):
        state = state.apply(bots[state.to_move].choose(state))
    if state.phase == "play" and state.view(None)["trump"]:
        break
table = Table(state, seat=state.to_move, mode="play", bot_delay=0)
table
'''

READY_SRC = 'print("BENCH-READY")'


def missing_reason() -> str | None:
    """Why the browser rows cannot run here, or None."""
    if not Path(CHROMIUM).exists():
        return f"Debian chromium not installed at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install playwright)"
    return None


def _notebook(*sources: str) -> str:
    cells = [{"cell_type": "code", "execution_count": None, "id": f"bench-{i}", "metadata": {},
              "outputs": [], "source": src} for i, src in enumerate(sources)]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": KERNELSPEC},
                       "nbformat": 4, "nbformat_minor": 5}, indent=1)


#: a user config that turns cardlab's server extension off: the plain jupyter_server
PLAIN_CONFIG = json.dumps({"ServerApp": {"jpserver_extensions": {"cardlab.serverext": False}}})
#: what a running server logs when cardlab.serverext is active
ACTIVE_MESSAGE = "cardlab: TCP_NODELAY on kernel websockets"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Lab:
    """One JupyterLab on 127.0.0.1 with a random token in a temporary root."""

    def __init__(self, base: Path, extension: bool) -> None:
        self.root = base / "root"
        home = base / "home"
        self.root.mkdir()
        (self.root / "bench.ipynb").write_text(_notebook(COUNTER_SRC, TABLE_SRC, READY_SRC))
        settings = home / "settings" / "@jupyterlab"
        (settings / "apputils-extension").mkdir(parents=True)
        (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        (settings / "notebook-extension").mkdir(parents=True)
        (settings / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
            json.dumps({"windowingMode": "none"}))
        config = home / "config"
        config.mkdir()
        if not extension:
            (config / "jupyter_server_config.json").write_text(PLAIN_CONFIG)
        env = dict(os.environ, JUPYTER_CONFIG_DIR=str(config),
                   JUPYTER_RUNTIME_DIR=str(home / "runtime"),
                   JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
                   JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
                   IPYTHONDIR=str(home / "ipython"))
        self.port, self.token = _free_port(), secrets.token_hex(16)
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = home / "lab.log"
        self._log = open(self.log_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1",
             f"--port={self.port}", f"--IdentityProvider.token={self.token}",
             f"--ServerApp.root_dir={self.root}", "--ServerApp.port_retries=0", "--allow-root",
             "--LabApp.news_url=None",
             "--LabApp.check_for_updates_class="
             "jupyterlab.handlers.announcements.NeverCheckForUpdate"],
            env=env, stdout=self._log, stderr=subprocess.STDOUT, cwd=self.root)
        deadline = time.time() + 90
        while True:
            try:
                self.api("/api/status")
                return
            except Exception:
                if self.proc.poll() is not None or time.time() > deadline:
                    self.stop()
                    raise RuntimeError("JupyterLab did not start:\n"
                                       + self.log_path.read_text(errors="replace")[-2000:]
                                       ) from None
                time.sleep(0.25)

    def api(self, path: str) -> Any:
        with urllib.request.urlopen(f"{self.url}{path}?token={self.token}",  # noqa: S310
                                    timeout=2) as r:
            return json.loads(r.read().decode() or "null")

    def stop(self) -> None:
        """Shut the server (and its kernels) down cleanly; terminate only this process."""
        if self.proc.poll() is None:
            try:
                req = urllib.request.Request(f"{self.url}/api/shutdown?token={self.token}",
                                             method="POST")
                urllib.request.urlopen(req, timeout=5)  # noqa: S310 - loopback only
                self.proc.wait(timeout=15)
            except Exception:
                self.proc.terminate()
                try:
                    self.proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        self._log.close()


def _wait_kernel_idle(lab: Lab, page: Any, notebook: str, timeout: float = 60) -> None:
    """The kernel race fix (RECIPES §3): this notebook's session has an idle kernel, the
    indicator says idle, and no dialog is open (accept a "Select Kernel" one)."""
    accept = ".jp-Dialog .jp-Dialog-button.jp-mod-accept"
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            sessions = lab.api("/api/sessions") or []
        except Exception:
            sessions = []
        ready = any(s.get("path", "").endswith(notebook)
                    and (s.get("kernel") or {}).get("execution_state") == "idle"
                    for s in sessions)
        idle = page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]').count()
        if ready and idle and page.locator(".jp-Dialog").count() == 0:
            return
        if page.locator(accept).count():
            page.locator(accept).first.click()
        time.sleep(0.25)
    raise TimeoutError(f"the kernel of {notebook} did not become idle")


def _open_and_run(lab: Lab, page: Any, notebook: str) -> None:
    page.goto(f"{lab.url}/lab/tree/{notebook}?token={lab.token}&reset")
    page.wait_for_selector(".jp-Notebook .jp-CodeCell")
    _wait_kernel_idle(lab, page, notebook)
    page.locator('.lm-MenuBar-itemLabel:text-is("Run")').click()
    page.locator('li.lm-Menu-item[data-command="runmenu:run-all"], '
                 'li.lm-Menu-item[data-command="notebook:run-all-cells"]').first.click()
    time.sleep(0.3)
    accept = ".jp-Dialog .jp-Dialog-button.jp-mod-accept"
    if page.locator(accept).count():
        page.locator(accept).first.click()
    page.wait_for_selector(".jp-OutputArea-output:has-text('BENCH-READY')", timeout=60_000)


#: before JupyterLab loads: note when each websocket frame leaves and arrives (for the
#: breakdown of a click: front end → kernel and back → redraw)
WS_TAP = """(() => {
  const Native = window.WebSocket;
  const size = (d) => (d && (d.byteLength ?? d.size ?? d.length)) || 0;
  const log = { sent: [], recv: [] };
  window.__ws = log;
  class Tapped extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (ev) => log.recv.push([performance.now(), size(ev.data)]));
    }
    send(data) {
      log.sent.push([performance.now(), size(data)]);
      return super.send(data);
    }
  }
  window.WebSocket = Tapped;
})();"""

#: installed in the page after the run: one capture-phase click listener on ``document`` and
#: a MutationObserver on a widget root's attribute that only the kernel's reply changes; a
#: change after a click is filed under the name the click was made for (``bench.current``)
PROBE = """([selector, attr]) => {
  if (!window.__bench) {
    window.__bench = { t0: null, current: null, samples: {}, spans: {} };
    document.addEventListener("click", () => { window.__bench.t0 = performance.now(); }, true);
  }
  const bench = window.__bench;
  const root = document.querySelector(selector);
  let last = root.getAttribute(attr);
  new MutationObserver(() => {
    const now = performance.now();
    const value = root.getAttribute(attr);
    if (value !== last && bench.t0 !== null && bench.current) {
      (bench.samples[bench.current] ||= []).push(now - bench.t0);
      (bench.spans[bench.current] ||= []).push([bench.t0, now]);
      bench.t0 = null;
    }
    last = value;
  }).observe(root, { attributes: true, attributeFilter: [attr] });
  return last;
}"""


def _click_and_wait(page: Any, name: str, locator: Any) -> float:
    """Click, wait for the kernel-updated attribute, return the in-page delta (ms)."""
    key = json.dumps(name)
    count = f"(window.__bench.samples[{key}] || []).length"
    n = page.evaluate(f"() => {{ window.__bench.current = {key}; return {count}; }}")
    locator.click()
    page.wait_for_function(f"n => {count} > n", arg=n, polling=5, timeout=20_000)
    return float(page.evaluate(f"() => window.__bench.samples[{key}][{count} - 1]"))


class TableClicker:
    """Clicks on the Table that each change ``data-step``: a legal card of the learner
    while the deal runs; once it is over, Undo back to the start of play."""

    ROOT = '.cardlab-root[data-kind="table"]'

    def __init__(self, page: Any, start: str) -> None:
        self.page, self.start, self.rewinding = page, start, False
        self.legal = page.locator(f'{self.ROOT} .cardlab-hand[data-mover="true"] '
                                  '.cardlab-card[data-legal="true"]')
        self.undo = page.locator(f"{self.ROOT} .cardlab-undo")

    def card(self) -> float:
        """Click until a card click is measured; return it (undo clicks go to ``undos``)."""
        while True:
            step = self.page.locator(self.ROOT).get_attribute("data-step")
            if self.rewinding and step == self.start:
                self.rewinding = False
            if not self.rewinding and self.legal.count():
                return _click_and_wait(self.page, "card", self.legal.first)
            if self.undo.count() and self.undo.is_enabled():
                self.rewinding = True
                _click_and_wait(self.page, "undo", self.undo)
            else:
                raise RuntimeError(f"no legal card and no Undo at step {step}")


def _measure(lab: Lab, ctx: Any, clicks: int) -> dict[str, Any]:
    """Open the notebook, run it, and click the counter and the Table in turn."""
    page = ctx.new_page()
    page.add_init_script(WS_TAP)
    try:
        _open_and_run(lab, page, "bench.ipynb")
        page.wait_for_selector(".bench-counter-root[data-value]", state="attached")
        page.wait_for_selector(f'{TableClicker.ROOT}[data-mode="play"]', state="attached")
        page.evaluate(PROBE, [".bench-counter-root", "data-value"])
        start = page.evaluate(PROBE, [TableClicker.ROOT, "data-step"])
        button = page.locator(".bench-counter")
        table = TableClicker(page, start)
        # interleaved, so that a change of load on the machine moves both alike; the first
        # clicks (first message, first redraw) are warm-up and not counted
        for _ in range(2):
            _click_and_wait(page, "counter", button)
            table.card()
        page.evaluate("() => { window.__bench.samples = {}; window.__bench.spans = {}; }")
        for _ in range(clicks):
            _click_and_wait(page, "counter", button)
            table.card()
        return page.evaluate("() => ({ bench: window.__bench, ws: window.__ws })")
    finally:
        page.close()


def _split(spans: list[list[float]], ws: dict[str, list[list[float]]]) -> list[tuple[float, ...]]:
    """Per click: click → first frame sent, sent → largest frame received before the
    redraw (the widget's update), that frame → redraw (all ms)."""
    out = []
    for t0, t1 in spans:
        sent = [t for t, _ in ws["sent"] if t0 <= t <= t1]
        recv = [(n, t) for t, n in ws["recv"] if (sent[0] if sent else t0) <= t <= t1]
        if not sent or not recv:
            continue
        got = max(recv)[1]
        out.append((sent[0] - t0, got - sent[0], t1 - got))
    return out


def _p90(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=10)[-1] if len(xs) >= 2 else xs[0]


def _row(label: str, what: str, xs: list[float], parts: list[tuple[float, ...]],
         ratio: str = "") -> Row:
    split = ""
    if parts:
        med = [statistics.median(p[i] for p in parts) for i in range(3)]
        split = (f"; median parts: click→send {med[0]:.1f}, send→update frame {med[1]:.1f}, "
                 f"frame→redraw {med[2]:.1f} ms")
    return {"benchmark": f"browser{label}: {what} ({len(xs)} clicks; p90 {_p90(xs):.1f} ms"
            f"{split})", "value": statistics.median(xs), "unit": "ms (median)", "ratio": ratio}


def _rows_for(label: str, got: dict[str, Any]) -> list[Row]:
    bench, ws = got["bench"], got["ws"]
    counter, cards, undos = (bench["samples"].get(k, []) for k in ("counter", "card", "undo"))
    c_med = statistics.median(counter)
    ratio = statistics.median(cards) / c_med
    verdict = "meets" if ratio <= TARGET else "misses"
    rows = [
        _row(label, "bare anywidget counter, click → data-value", counter,
             _split(bench["spans"]["counter"], ws)),
        _row(label, "five_hundred Table, click a legal card → data-step, bots answer at once",
             cards, _split(bench["spans"]["card"], ws),
             f"×{ratio:.2f} of counter ({verdict} ≤ ×{TARGET})"),
    ]
    if undos:
        rows.append(_row(label, "five_hundred Table, click Undo → data-step", undos,
                         _split(bench["spans"]["undo"], ws),
                         f"×{statistics.median(undos) / c_med:.2f} of counter"))
    return rows


def _server_label(extension: bool) -> str:
    return (" (JupyterLab as installed with cardlab: cardlab.serverext sets TCP_NODELAY)"
            if extension else " (plain jupyter_server: cardlab.serverext off)")


def _one_server(base: Path, ctx: Any, extension: bool, clicks: int) -> list[Row]:
    t0 = time.perf_counter()
    lab = Lab(base, extension)
    t1 = time.perf_counter()
    try:
        got = _measure(lab, ctx, clicks)
        t2 = time.perf_counter()
        active = ACTIVE_MESSAGE in lab.log_path.read_text(errors="replace")
    finally:
        lab.stop()
    print(f"browser bench{_server_label(extension)}: server {t1 - t0:.1f} s, "
          f"page and clicks {t2 - t1:.1f} s, stop {time.perf_counter() - t2:.1f} s",
          file=sys.stderr)
    label = _server_label(extension)
    if active != extension:  # say what really ran, not what was asked for
        label = (" (cardlab.serverext NOT active: reinstall cardlab)" if extension
                 else " (cardlab.serverext still active)")
    return _rows_for(label, got)


def browser_rows(clicks: int = CLICKS, plain: bool = True) -> list[Row]:
    """The browser rows: JupyterLab as cardlab installs it (the headline), then (``plain``)
    the plain jupyter_server with cardlab's server extension turned off."""
    reason = missing_reason()
    if reason:
        return [{"benchmark": "browser click round trip", "value": f"skipped: {reason}",
                 "unit": ""}]
    from playwright.sync_api import sync_playwright

    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="cardlab-bench-") as tmp, sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            str(Path(tmp) / "profile"), executable_path=CHROMIUM, headless=True,
            args=LAUNCH_ARGS, viewport={"width": 1280, "height": 1000})
        ctx.set_default_timeout(60_000)
        try:
            for i, ext in enumerate((True, False) if plain else (True,)):
                base = Path(tmp) / f"lab{i}"
                base.mkdir()
                try:
                    rows += _one_server(base, ctx, ext, clicks)
                except Exception as err:  # report the failure as a row; keep the table
                    rows.append({"benchmark": f"browser{_server_label(ext)}",
                                 "value": f"failed: {type(err).__name__}: {str(err)[:200]}",
                                 "unit": ""})
        finally:
            with contextlib.suppress(Exception):
                ctx.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--clicks", type=int, default=CLICKS, help="clicks per measurement")
    ap.add_argument("--no-plain", action="store_true",
                    help="skip the second server (plain jupyter_server, cardlab.serverext off)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    for row in browser_rows(args.clicks, plain=not args.no_plain):
        value = row["value"]
        shown = f"{value:.1f}" if isinstance(value, float) else str(value)
        print(f"{row['benchmark']}: {shown} {row.get('unit', '')} {row.get('ratio', '')}".rstrip())
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

