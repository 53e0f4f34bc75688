"""Placing the table from the page: the players' request handed to the camera, the watcher's
placement handed back, and the table's corners kept in the configuration for the next game.

The page and the camera run on different threads, and on different layers (the page may import
the application, never the reverse): a :class:`TableDesk` sits between them. The page puts the
latest request (the layout drawn over the picture is right, or the play area's four corners,
tapped on the picture); the camera feeder takes it on its next frame, applies it to its watcher,
and reports the watcher's placement and the frame's size, which the page shows.

>>> desk = TableDesk()
>>> desk.ask(TableRequest(confirm=True))
>>> desk.take()
TableRequest(confirm=True, corners=None, seats=None)
>>> desk.take() is None
True
"""

from __future__ import annotations

import math
import os
import re
import tempfile
import threading
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.config import MAX_CONFIG_BYTES, parse_config, read_config
from companion.errors import ConfigError, MalformedInput
from companion.text import Text, os_reason

Point = tuple[float, float]
Corners = tuple[Point, Point, Point, Point]

#: The placement states a watcher reports (vision.watch.placement.State), each with its words.
STATES = {"searching": "table_searching", "checking": "table_checking", "placed": "table_placed",
          "by_hand": "table_by_hand"}
#: The least share of the picture the tapped play area covers: four taps on one spot are a slip.
MIN_AREA = 0.001


@dataclass(frozen=True)
class TableRequest:
    """What the players asked: the layout drawn is right (``confirm``), or the play area lies within
    ``corners`` (fractions of the picture's width and height, in the layout's order: bottom left,
    bottom right, top right, top left)."""

    confirm: bool = False
    corners: Corners | None = None
    #: Where each seat's player sits, seat 1 first (a trick game's table; fractions as corners).
    seats: tuple[Point, ...] | None = None


@dataclass(frozen=True)
class TableStatus:
    """What the camera last reported: the watcher's placement state and the frame's (width, height)."""

    state: str
    size: tuple[int, int]

    @property
    def text(self) -> Text:
        """``table: placed``... in words."""
        return Text("table_state", state=Text(STATES.get(self.state, "table_searching")))


class TableDesk:
    """Where the page leaves its request for the camera, and the camera its placement for the page.

    ``config_path`` is the configuration file the corners are saved in (None: not saved, as in the
    demo). Every method may be called from any thread.
    """

    def __init__(self, config_path: Path | None = None) -> None:
        self.config_path = config_path
        self._lock = threading.Lock()
        self._request: TableRequest | None = None
        self._status: TableStatus | None = None
        #: The file the corners were last saved in.
        self._saved: Path | None = None
        self._listeners: list[Callable[[], None]] = []

    # -- the page's side ---------------------------------------------------------

    def ask(self, request: TableRequest) -> None:
        """Leave ``request`` for the camera (it replaces one not yet taken)."""
        with self._lock:
            self._request = request

    @property
    def status(self) -> TableStatus | None:
        """What the camera last reported, or None when no camera is watching."""
        with self._lock:
            return self._status

    @property
    def saved(self) -> Path | None:
        """The configuration file the corners were last saved in during this run."""
        with self._lock:
            return self._saved

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener`` when the placement state changes; returns the way to stop."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
        return unsubscribe

    # -- the camera's side -------------------------------------------------------

    def take(self) -> TableRequest | None:
        """The request left by the page, once."""
        with self._lock:
            request, self._request = self._request, None
            return request

    def report(self, state: str | None, size: tuple[int, int]) -> None:
        """The camera's watcher is in placement ``state`` (None: no watcher) on frames of ``size``."""
        status = None if state is None else TableStatus(state, size)
        self._set(status)

    def stopped(self) -> None:
        """No camera watches any more."""
        self._set(None)

    def save(self, corners: Sequence[Sequence[float]]) -> Path | None:
        """Save the table's corners (recognition-image pixels) in the configuration file, if any;
        returns it. Raises ``ConfigError`` when it cannot be written."""
        if self.config_path is None:
            return None
        save_corners(self.config_path, corners)
        with self._lock:
            self._saved = self.config_path
        return self.config_path

    def _set(self, status: TableStatus | None) -> None:
        with self._lock:
            changed = (None if self._status is None else self._status.state) != (
                None if status is None else status.state)
            self._status = status
            listeners = list(self._listeners) if changed else []
        for listener in listeners:
            listener()


# -- checking the page's corners ------------------------------------------------------------


def check_seats(value: object, count: int) -> tuple[Point, ...]:
    """``count`` ``[x, y]`` fractions of the picture (finite, 0 to 1), one a seat, seat 1 first, no
    two on one spot; else ``MalformedInput``.

    >>> check_seats([[0.5, 0.9], [0.1, 0.5], [0.5, 0.1], [0.9, 0.5]], 4)[1]
    (0.1, 0.5)
    >>> check_seats([[0.5, 0.9], [0.5, 0.9], [0.5, 0.1]], 3)
    Traceback (most recent call last):
    companion.errors.MalformedInput: tap each of the 3 seats once, seat 1 first, where its player \
sits; got [[0.5, 0.9], [0.5, 0.9], [0.5, 0.1]]
    """
    shown = str(value)[:160]
    if not isinstance(value, list) or len(value) != count or not all(
            isinstance(p, list) and len(p) == 2 and all(_fraction(v) for v in p) for p in value):
        raise MalformedInput(Text("table_bad_seats", count=count, value=shown))
    points = tuple((float(p[0]), float(p[1])) for p in value)
    if any(math.dist(a, b) < 0.02 for k, a in enumerate(points) for b in points[k + 1:]):
        raise MalformedInput(Text("table_bad_seats", count=count, value=shown))
    return points


def check_corners(value: object) -> Corners:
    """Four ``[x, y]`` fractions of the picture (finite, 0 to 1) going round a convex play area the
    layout's way (bottom left, bottom right, top right, top left); else ``MalformedInput``.

    >>> check_corners([[0.1, 0.9], [0.9, 0.9], [0.9, 0.1], [0.1, 0.1]])[2]
    (0.9, 0.1)
    >>> check_corners([[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]])
    Traceback (most recent call last):
    companion.errors.MalformedInput: the four corners must be tapped in the order bottom left, \
bottom right, top right, top left of the play area, around a convex area of the picture; got \
[[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]]
    """
    shown = str(value)[:120]
    if not isinstance(value, list) or len(value) != 4 or not all(
            isinstance(p, list) and len(p) == 2 and all(_fraction(v) for v in p) for p in value):
        raise MalformedInput(Text("table_bad_corners", value=shown))
    points = [(float(p[0]), float(p[1])) for p in value]
    # Image y runs down: the layout's way round (bottom left first) turns the same way at each
    # corner, with a negative cross product; a mirror, a bow tie or a dent turns otherwise.
    turns = [_cross(points[k], points[(k + 1) % 4], points[(k + 2) % 4]) for k in range(4)]
    area = -sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1],
                                                                strict=True)) / 2
    if any(turn >= 0 for turn in turns) or area < MIN_AREA:
        raise MalformedInput(Text("table_not_convex", value=shown))
    return points[0], points[1], points[2], points[3]


def _fraction(value: object) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
            and 0.0 <= value <= 1.0)


def _cross(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0])


# -- the corners in the configuration file --------------------------------------------------

_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.\-\"' ]+?)\s*\]\]?\s*(#.*)?$")
_CORNERS = re.compile(r"^\s*corners\s*=")


def with_corners(text: str, corners: Sequence[Sequence[float]]) -> str:
    """The TOML ``text`` with ``corners = [...]`` set under ``[camera]``, every other line kept:
    an existing ``corners`` line (its value may span lines) is replaced, else the line goes right
    after the ``[camera]`` header, else a ``[camera]`` section is added at the end.

    >>> print(with_corners("# mine\\n[camera]\\nfps = 10\\n", [[1, 2], [3, 4], [5, 6], [7, 8]]), end="")
    # mine
    [camera]
    corners = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]
    fps = 10
    """
    points = ", ".join(f"[{round(float(x), 1)}, {round(float(y), 1)}]" for x, y in corners)
    line = f"corners = [{points}]"
    lines = text.splitlines()
    header = next((k for k, raw in enumerate(lines) if _section(raw) == "camera"), None)
    if header is None:
        tail = [] if not lines else ([""] if lines[-1].strip() else [])
        return "\n".join([*lines, *tail, "[camera]", line]) + "\n"
    end = next((k for k in range(header + 1, len(lines)) if _section(lines[k]) is not None), len(lines))
    start = next((k for k in range(header + 1, end) if _CORNERS.match(lines[k])), None)
    if start is None:
        lines.insert(header + 1, line)
        return "\n".join(lines) + "\n"
    # The old value's lines: until its brackets close (comments aside; the value holds numbers).
    depth, stop = 0, start
    for k in range(start, end):
        code = lines[k].split("#", 1)[0]
        depth += code.count("[") - code.count("]")
        stop = k
        if depth <= 0:
            break
    comment = lines[stop].split("#", 1)[1] if "#" in lines[stop] else None
    lines[start:stop + 1] = [line + (f"  #{comment}" if comment is not None else "")]
    return "\n".join(lines) + "\n"


def _section(raw: str) -> str | None:
    """The name of the table a header line opens, or None for any other line."""
    match = _HEADER.match(raw)
    if match is None or re.fullmatch(r"[\d.\s,+-]*", match.group(1)):
        return None  # a line of an array of numbers, not a header
    return match.group(1).strip().strip("\"'")


def save_corners(path: Path, corners: Sequence[Sequence[float]]) -> None:
    """Write the table's ``corners`` (pixels) under ``[camera]`` of the configuration file ``path``,
    keeping its comments (:func:`with_corners`); the file is made if missing and replaced whole
    (a temporary file, then a rename), so a crash leaves the old file or the new one, never half.

    Raises ``ConfigError`` (with the file and the reason) when it cannot be read, checked or written.
    """
    target = path.expanduser().resolve()
    try:
        text = ""
        if target.exists():
            if not os.access(target, os.W_OK):
                raise PermissionError(13, "read-only", str(target))
            with open(target, "rb") as handle:
                raw = handle.read(MAX_CONFIG_BYTES + 1)
            if len(raw) > MAX_CONFIG_BYTES:
                raise ConfigError(Text("config_syntax", path=target,
                                       detail=Text("config_too_big", limit=MAX_CONFIG_BYTES)))
            text = raw.decode("utf-8")
        # Checked before it is written: an edit the file's own form defeats changes nothing.
        edited = _checked(target, with_corners(text, corners))
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".companion-", suffix=".toml", dir=target.parent)
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
                handle.write(edited)
                handle.flush()
                os.fsync(handle.fileno())
            if target.exists():
                os.chmod(temporary, target.stat().st_mode & 0o7777)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise ConfigError(Text("table_not_saved", path=target, detail=os_reason(error))) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(Text("config_syntax", path=target, detail=error)) from None
    read_config(target)


def _checked(path: Path, text: str) -> str:
    """``text`` if it is a configuration the companion accepts, else ``ConfigError`` naming ``path``."""
    try:
        parse_config(tomllib.loads(text))
    except ConfigError as error:
        raise ConfigError(Text("config_in", path=path, error=error.text)) from None
    return text
