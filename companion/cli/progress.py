"""A progress bar for the commands that take more than a few seconds (``eval-vision``,
``eval-watch``, ``simulate``, ``enrol``): one line on the terminal, redrawn in place, with the
count, the elapsed time and what is left. Nothing is drawn where the error stream is not a
terminal (a log, a pipe, a test): the figures stay clean there.

(``train`` and the other training commands draw tqdm's, a dependency of the training extra only:
the runtime keeps its six dependencies.)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import TracebackType
from typing import IO

#: Characters of the bar itself.
WIDTH = 24


class Progress:
    """``total`` steps of ``label``, each counted by :meth:`step`; a context manager that ends the
    line when done.

    >>> import io
    >>> out = io.StringIO()
    >>> with Progress("scenes", 4, out, shown=True, clock=iter(range(0, 100, 2)).__next__) as bar:
    ...     bar.step(); bar.step(3)
    >>> out.getvalue().split("\\r")[-1].strip()
    'scenes [########################] 4/4  4 s'
    """

    def __init__(self, label: str, total: int, stream: IO[str] | None = None, *, shown: bool | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.label, self.total, self.done = label, max(total, 0), 0
        self.stream = stream if stream is not None else sys.stderr
        self.shown = self.stream.isatty() if shown is None else shown
        self.clock = clock
        self.started = clock()

    def step(self, count: int = 1) -> None:
        """Count ``count`` more steps done and redraw the line."""
        self.done = min(self.total, self.done + count)
        if not self.shown:
            return
        elapsed = self.clock() - self.started
        filled = WIDTH * self.done // self.total if self.total else WIDTH
        bar = "#" * filled + "." * (WIDTH - filled)
        left = "" if self.done in (0, self.total) else \
            f", {_duration(elapsed * (self.total - self.done) / self.done)} left"
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total}  {_duration(elapsed)}{left}  ")
        self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    """``42 s``, ``3 min 5 s``, ``1 h 2 min``."""
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"
