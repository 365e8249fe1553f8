"""Running a study's chunks: progress shown as they finish, and a clean stop on Ctrl-C.

A study (:func:`cardlab.sim.bid_odds`, :func:`cardlab.sim.compare_variants`) cuts its
deals into chunks and hands them to :func:`run_chunks`, in process or on any
:class:`concurrent.futures.Executor` (a process pool, a Dask client's
``client.get_executor()``). ``progress`` says what the researcher sees:

* ``None`` (the default): nothing for a study that ends within a second; after that
  (checked as chunks finish, and while waiting on an executor) a progress bar — an ipywidgets bar in a notebook (a running IPython kernel with ipywidgets
  importable), a text bar on stderr elsewhere. The notebook bar is hidden again when the
  study ends, so a saved notebook keeps no trace of it.
* ``True``: the same bar from the start. ``False``: nothing.
* a callable ``progress(done, total)``: called with the deals done so far after every
  finished chunk (for a log, or a test; raising ``KeyboardInterrupt`` there stops the study
  like Ctrl-C).

On ``KeyboardInterrupt`` (Ctrl-C, the notebook's stop button) the chunks not started are
cancelled and the finished ones are returned: the study then reports ``complete=False``
and ``n`` the deals done.

ipywidgets is imported only when a notebook bar is shown.

>>> seen = []
>>> done, complete = run_chunks(lambda t: t * t, [1, 2, 3], [1, 1, 1],
...                             progress=lambda d, n: seen.append((d, n)))
>>> done, complete, seen
({0: 1, 1: 4, 2: 9}, True, [(1, 3), (2, 3), (3, 3)])
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from typing import Any, TextIO

__all__ = ["Progress", "ProgressArg", "run_chunks", "in_notebook", "make_progress"]

#: what ``progress=`` takes: ``None`` (after 1 s), ``True``, ``False`` or ``callable(done, total)``
ProgressArg = bool | None | Callable[[int, int], Any]

#: seconds before ``progress=None`` shows a bar
DELAY = 1.0
#: seconds between two redraws of the text bar on a terminal (the last one is always drawn)
TEXT_EVERY = 0.25
#: seconds between two lines of text progress written to a file or pipe (a log)
LOG_EVERY = 10.0
#: the widget output left in the notebook when the bar is gone: an empty model id, which the
#: widget manager hides (and nbval does not compare widget views)
_HIDDEN = {"application/vnd.jupyter.widget-view+json":
           {"version_major": 2, "version_minor": 0, "model_id": ""}}


def in_notebook() -> bool:
    """Whether this code runs in a Jupyter kernel (an IPython shell with a kernel) where
    ipywidgets can be imported; IPython is not imported to find out, and ipywidgets only
    inside a kernel."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return False
    try:  # in a kernel only: outside one, a study imports no widget library
        import ipywidgets  # noqa: F401
    except ImportError:
        return False
    return True


class Progress:
    """Progress of a study over ``total`` deals: ``update(done)`` after each chunk,
    ``close(complete)`` at the end. This base class shows nothing."""

    def __init__(self, total: int, label: str) -> None:
        self.total, self.label, self.done = total, label, 0
        self.started = time.monotonic()

    def update(self, done: int) -> None:
        """``done`` deals of ``total`` are finished."""
        self.done = done

    def close(self, complete: bool) -> None:
        """The study ended (``complete=False``: interrupted)."""

    def _words(self) -> str:
        elapsed = time.monotonic() - self.started
        return f"{self.done:,}/{self.total:,} deals, {elapsed:.1f} s"


class _Callback(Progress):
    def __init__(self, total: int, label: str, fn: Callable[[int, int], Any]) -> None:
        super().__init__(total, label)
        self.fn = fn

    def update(self, done: int) -> None:
        super().update(done)
        self.fn(done, self.total)


class _Delayed(Progress):
    """Shows nothing for ``delay`` seconds, then draws (``_show`` once, ``_draw`` after)."""

    def __init__(self, total: int, label: str, delay: float) -> None:
        super().__init__(total, label)
        self.delay, self.shown = delay, False
        if delay <= 0:
            self._show()
            self.shown = True
            self._draw(final=False)

    def update(self, done: int) -> None:
        super().update(done)
        if self.shown or done < self.total:  # no bar that would only flash at the end
            self.poll()

    def poll(self) -> None:
        """Show the bar once the delay has passed (called after chunks and while waiting)."""
        if not self.shown and time.monotonic() - self.started >= self.delay:
            self._show()
            self.shown = True
        if self.shown:
            self._draw(final=False)

    def close(self, complete: bool) -> None:
        if self.shown:
            self._draw(final=True)
            self._hide(complete)

    def _show(self) -> None: ...

    def _draw(self, final: bool) -> None: ...

    def _hide(self, complete: bool) -> None: ...


class _Text(_Delayed):
    """``label [#####.....] 600/1,000 deals, 2.1 s`` redrawn in place on a terminal, or
    written as a line every :data:`LOG_EVERY` seconds to a file or pipe (``stream``,
    default stderr)."""

    def __init__(self, total: int, label: str, delay: float, stream: TextIO | None = None,
                 width: int = 30) -> None:
        self.stream, self.width, self._last = stream, width, float("-inf")
        super().__init__(total, label, delay)

    def _out(self) -> TextIO:
        return self.stream if self.stream is not None else sys.stderr

    def _tty(self) -> bool:
        isatty = getattr(self._out(), "isatty", None)
        return bool(isatty and isatty())

    def _draw(self, final: bool) -> None:
        now = time.monotonic()
        tty = self._tty()
        if not final and now - self._last < (TEXT_EVERY if tty else LOG_EVERY):
            return
        self._last = now
        k = self.width * self.done // max(self.total, 1)
        line = f"{self.label} [{'#' * k}{'.' * (self.width - k)}] {self._words()}"
        out = self._out()
        out.write(f"\r{line}" if tty else f"{line}\n")  # a log gets whole lines
        out.flush()

    def _hide(self, complete: bool) -> None:
        out = self._out()
        if not complete:
            out.write(f"{'' if self._tty() else self.label}  (interrupted: returning the "
                      f"finished deals)\n")
        elif self._tty():
            out.write("\n")
        out.flush()


class _Widget(_Delayed):
    """An ipywidgets bar with a line of words, hidden again at the end."""

    def __init__(self, total: int, label: str, delay: float) -> None:
        self._box: Any = None
        super().__init__(total, label, delay)

    def _show(self) -> None:
        import ipywidgets
        from IPython.display import display

        self._bar = ipywidgets.IntProgress(value=0, min=0, max=max(self.total, 1),
                                           description=self.label[:24])
        self._text = ipywidgets.Label()
        self._box = ipywidgets.HBox([self._bar, self._text])
        # the widget view alone (no text/plain): nothing a saved notebook or nbval keeps
        bundle = {k: v for k, v in self._box._repr_mimebundle_().items()
                  if k == "application/vnd.jupyter.widget-view+json"}
        self._handle = display(bundle, raw=True, display_id=True)  # type: ignore[no-untyped-call]

    def _draw(self, final: bool) -> None:
        self._bar.value = self.done
        self._text.value = self._words()

    def _hide(self, complete: bool) -> None:
        if self._handle is not None:
            self._handle.update(_HIDDEN, raw=True)
        # no close(): JupyterLab is taking the bar's view out of the output as the display
        # is replaced, and closing the model too removed that view twice (a removeChild
        # error in Lab's console)
        if not complete:
            sys.stderr.write(f"{self.label}: interrupted after {self._words()}; "
                             f"returning the finished deals\n")


def make_progress(progress: ProgressArg, total: int, label: str) -> Progress:
    """The progress display that ``progress=`` asks for (see the module docstring)."""
    if progress is False:
        return Progress(total, label)
    if callable(progress):
        return _Callback(total, label, progress)
    delay = 0.0 if progress is True else DELAY
    if in_notebook():
        return _Widget(total, label, delay)
    return _Text(total, label, delay)


def run_chunks(fn: Callable[[Any], Any], tasks: Sequence[Any], deals: Sequence[float], *,
               executor: Executor | None = None, progress: ProgressArg = False,
               label: str = "study") -> tuple[dict[int, Any], bool]:
    """``fn`` over ``tasks``, in process (in order) or on ``executor`` (all submitted at
    once); ``deals[i]`` is how many deals task ``i`` counts for in the progress.

    :returns: ``(done, complete)``: ``done`` maps a task's index to its result;
        ``complete`` is False when a ``KeyboardInterrupt`` stopped the run (the tasks not
        started are cancelled; the finished ones are in ``done``).
    :raises Exception: the first error of a task (the rest are cancelled).
    """
    total = round(sum(deals))
    bar = make_progress(progress, total, label)
    done: dict[int, Any] = {}
    futures: dict[Future[Any], int] = {}
    finished = 0.0
    complete = True
    try:
        if executor is None:
            for i, task in enumerate(tasks):
                done[i] = fn(task)
                finished += deals[i]
                bar.update(round(finished))
        else:
            futures = {executor.submit(fn, task): i for i, task in enumerate(tasks)}
            pending: set[Future[Any]] = set(futures)
            while pending:
                ready, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                for f in sorted(ready, key=futures.__getitem__):
                    i = futures[f]
                    done[i] = f.result()
                    finished += deals[i]
                    bar.update(round(finished))
                if not ready and isinstance(bar, _Delayed):
                    bar.poll()  # a slow first chunk: the bar still shows after the delay
    except KeyboardInterrupt:
        complete = False
        _cancel(futures)
        for f, i in futures.items():  # chunks that finished while we were stopping
            if i not in done and f.done() and not f.cancelled() and f.exception() is None:
                done[i] = f.result()
    except BaseException:
        _cancel(futures)
        bar.close(False)
        raise
    bar.close(complete)
    return done, complete


def _cancel(futures: dict[Future[Any], int]) -> None:
    for f in futures:
        f.cancel()
