"""The camera side of the live loop: frames to events through the watcher, for the referee.

:class:`CameraFeeder` reads a source (a camera wrapped in
:class:`~hardware.resilient.ResilientSource`, or the demo's film) and survives
anything one frame can do: a frame that cannot be read (``BadFrame``: an image
damaged or over the pixel budget) or that makes the watcher fail is skipped,
counted (``skipped``) and said on every sink (the ``frame`` alert: the page,
the console, one red blink), and the next frame is read. A camera lost and
back is said too (the ``camera`` alert, then the ``camera_back`` notice).
"""

from __future__ import annotations

import contextlib
import logging
import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, Protocol

import cv2
import numpy as np

from companion.app.decks import load_deck
from companion.app.referee import AlertKey, Notice, Referee
from companion.app.table import TableDesk, TableRequest
from companion.engine.events import Event
from companion.engine.game import Game
from companion.engine.spec import find_spec
from companion.errors import BadFrame, CameraLost, CompanionError, ConfigError
from companion.text import Text
from vision.find.finders import make_finder
from vision.read.classify import OnnxClassifier
from vision.read.profile import ProfiledClassifier
from vision.watch.for_game import watcher_for
from vision.watch.geometry import from_corners
from vision.watch.state import WatchConfig
from vision.watch.tricks import seats_geometry, unsure_play

log = logging.getLogger(__name__)

#: Seconds a passing notice (a frame skipped, the camera back) stays on the page.
NOTICE_SECONDS = 10.0
#: Seconds to wait after a read failed in a way of its own (not a bad frame): a source failing at
#: every read is then tried twice a second, not in a busy loop.
READ_PAUSE = 0.5


class Director(Protocol):
    """What happens at the table beside what the camera reports (the demo's script)."""

    def told(self, index: int) -> list[dict[str, Any]]:
        """Record lines told at frame ``index`` (by a button or the page), before the frame is read."""

    def seen(self, event: Event) -> None:
        """The camera reported ``event``."""


class CameraFeeder:
    """Camera frames to events: the watcher turns stable changes of the table into events for the
    referee, and is told in turn the referee's table after every event, whatever its source.

    A prompt (a card the watcher cannot read, or seen twice...) is never a guess: an unreadable
    card is recorded as an unsure reading (G2); the other questions are shown as an alert. Every
    ``preview_every`` seconds the frame, with the cards the watcher settled drawn on it, goes to
    the page. ``film_time`` keeps the frames' own ``t`` on the events (the demo's film starts
    with the game); otherwise the referee stamps them.

    No frame stops the loop: one the source cannot give (``BadFrame``) or that fails anywhere
    on its way (the watcher, the director, the preview) is skipped, counted in ``skipped`` and
    shown for :data:`NOTICE_SECONDS` as the ``frame`` alert. The loop ends when ``stop`` is
    set, at the end of a file or folder, or when the source gives up (``CameraLost``).
    ``clock`` times the notices (tests pass a fake).

    With a ``table`` desk, the players place the table from the page: the feeder takes their
    request on the next frame (the layout is right: ``watcher.confirm()``; four corners:
    ``watcher.place_by_hand``), saves the corners in the configuration (a failure is the ``table``
    alert, the placement holds all the same) and reports the watcher's placement after each frame.
    A table set by hand is set again on the watcher of the next game of the same kind.
    """

    def __init__(self, referee: Referee, make_watcher: Callable[[Game[Any]], Any], *,
                 publish: Callable[[bytes], None] | None = None, preview_every: float = 0.5,
                 director: Director | None = None, film_time: bool = False,
                 clock: Callable[[], float] = time.monotonic, table: TableDesk | None = None) -> None:
        self.referee = referee
        self.table = table
        #: The table set by hand in this run: the game's name and its corners (image pixels).
        self._by_hand: tuple[str, Any] | None = None
        self.make_watcher = make_watcher
        self.publish = publish
        self.preview_every = preview_every
        self.director = director
        self.film_time = film_time
        self.source: Any = None
        self.frames = 0
        #: Frames skipped: unreadable, or failed on their way to events.
        self.skipped = 0
        self.clock = clock
        #: The passing notices shown, and when each ends.
        self._notices: dict[AlertKey, float] = {}
        self._changed = threading.Event()
        self._new_game = threading.Event()
        self._unsubscribe = referee.subscribe(self._heard)

    def status(self, status: Any) -> None:
        """A ``hardware.resilient.CameraStatus``: the camera lost (the ``camera`` alert, until it is
        back) or back (that alert cleared, and the ``camera_back`` notice for a while)."""
        if status.lost:
            self._end_notice("camera_back")
            self.referee.set_alert("camera", status.text)
        else:
            self.referee.set_alert("camera", None)
            self._notice("camera_back", status.text)

    def _heard(self, notice: Notice) -> None:
        (self._new_game if notice.kind == "game" else self._changed).set()

    def run(self, stop: threading.Event) -> None:
        """Read frames until ``stop`` is set, the source ends or it gives up; skip the bad ones."""
        assert self.source is not None, "open the source first"
        try:
            watcher = self._watcher()
            shown = -math.inf
            while not stop.is_set():
                self._expire()
                try:
                    frame = self.source.read()
                except BadFrame as error:
                    self._skip(error.index, error.text)
                    continue
                except CameraLost as error:
                    # The source gave up (or one that cannot be opened again failed): said, and over.
                    self.referee.set_alert("camera", error.text)
                    return
                except Exception as error:
                    log.debug("the camera source failed to read", exc_info=True)
                    self._skip(self.frames + self.skipped, frame_failure(error))
                    stop.wait(READ_PAUSE)
                    continue
                if frame is None:
                    return
                self.frames += 1
                try:
                    watcher, shown = self._step(frame, watcher, shown)
                except Exception as error:
                    # Whatever one frame does to the watcher, the next one is read: said, not fatal.
                    log.debug("frame %d failed", frame.index, exc_info=True)
                    self._skip(frame.index, frame_failure(error))
        finally:
            self._unsubscribe()
            if self.table is not None:
                self.table.stopped()
            self.source.close()

    def _step(self, frame: Any, watcher: Any, shown: float) -> tuple[Any, float]:
        """One frame through the director, the watcher and the preview: the watcher and when the
        preview was last sent, after it."""
        if self.director is not None:
            for line in self.director.told(frame.index):
                self._submit(line)
        if self._new_game.is_set():
            watcher = self._watcher()
            self._new_game.clear()
        if self._changed.is_set():
            self._changed.clear()
            if watcher is not None:
                with self.referee.lock:
                    watcher.sync(self.referee.game)
        image = frame.recognition_image
        request = self.table.take() if self.table is not None else None
        if request is not None and watcher is not None:
            self._place(watcher, request, (image.shape[1], image.shape[0]))
        for out in watcher.feed(image, frame.t) if watcher is not None else ():
            self._output(out, frame.t)
        if self.table is not None:
            placement = getattr(watcher, "placement", None)
            self.table.report(getattr(placement, "state", None), (image.shape[1], image.shape[0]))
        now = time.monotonic()
        if self.publish is not None and now - shown >= self.preview_every:
            shown = now
            self.publish(preview_jpeg(frame.recognition_image, watcher))
        return watcher, shown

    def _place(self, watcher: Any, request: TableRequest, size: tuple[int, int]) -> None:
        """Apply the players' placement of the table to ``watcher``, and save its corners."""
        with self.referee.lock:
            game = self.referee.game.name
        layout: Any = getattr(watcher, "layout", game)  # a trick game's places are its seats'
        if request.corners is not None or request.seats is not None:
            width, height = size
            points = request.corners if request.corners is not None else request.seats or ()
            pixels = [(x * width, y * height) for x, y in points]
            try:
                geometry = (from_corners(layout, pixels) if request.corners is not None
                            else seats_geometry(layout, pixels))
            except ValueError as error:
                # Corners the page let through but the layout cannot use (too small a picture...).
                self.referee.set_alert("table", Text("table_corners_refused", detail=str(error)))
                return
            watcher.place_by_hand(geometry)
        else:
            watcher.confirm()
            if getattr(watcher, "geometry", None) is None:
                return  # nothing placed yet: nothing to confirm
            geometry = watcher.geometry
        corners = geometry.to_image(geometry.layout.corner_points(geometry.gap))
        self._by_hand = (game, corners)
        with self.referee.lock:
            prompt = self.referee.alerts.get("prompt")
            if prompt is not None and prompt.key == "watch_unplaced":
                self.referee.set_alert("prompt", None)  # the question is answered
        assert self.table is not None
        try:
            self.table.save(corners.tolist())
        except ConfigError as error:
            self.referee.set_alert("table", error.text)
        else:
            self.referee.set_alert("table", None)

    def _skip(self, index: int, why: Text) -> None:
        self.skipped += 1
        self._notice("frame", Text("frame_skipped", index=index, count=self.skipped, detail=why))

    def _notice(self, key: AlertKey, text: Text) -> None:
        """Show ``text`` as the alert ``key`` for :data:`NOTICE_SECONDS`."""
        self._notices[key] = self.clock() + NOTICE_SECONDS
        self.referee.set_alert(key, text)

    def _end_notice(self, key: AlertKey) -> None:
        if self._notices.pop(key, None) is not None:
            self.referee.set_alert(key, None)

    def _expire(self) -> None:
        now = self.clock()
        for key, end in list(self._notices.items()):
            if now >= end:
                self._end_notice(key)

    def _watcher(self) -> Any:
        """A watcher for the referee's game, or None (with an alert) when it cannot be watched."""
        with self.referee.lock:
            try:
                watcher = self.make_watcher(self.referee.game)
            except CompanionError as error:
                self.referee.set_alert("prompt", error.text)
                return None
            if self._by_hand is not None and self._by_hand[0] == self.referee.game.name:
                # The table the players set in this run still lies where they set it.
                with contextlib.suppress(ValueError):  # (a trick game's seats counted otherwise now)
                    watcher.place_by_hand(from_corners(getattr(watcher, "layout", self.referee.game.name),
                                                       self._by_hand[1]))
            return watcher

    def _output(self, out: Any, t: float) -> None:
        if isinstance(out, Event):
            if self.director is not None:
                self.director.seen(out)
            self._submit(replace(out, t=round(t, 3) if self.film_time else None))
        elif out.kind == "unsure" and out.cells and (fields := self._unsure(out.cells[0])) is not None:
            line: dict[str, Any] = {"type": "play", "card": None, **fields, "source": "camera"}
            if self.film_time:
                line["t"] = round(t, 3)
            self._submit(line)
        else:
            self.referee.set_alert("prompt", out.text)

    def _unsure(self, place: str) -> dict[str, Any] | None:
        """Where an unreadable card lies, as its unsure play's fields: a cell, or a trick game's
        seat (None: a card that is no play, only asked about)."""
        with self.referee.lock:
            tricks = find_spec(self.referee.game.name).board == "tricks"
        return unsure_play(place) if tricks else {"at": place}

    def _submit(self, event: Event | Mapping[str, Any]) -> None:
        try:
            self.referee.submit(event)
        except CompanionError as error:
            # A reading the engine cannot even parse (a cell of another game...): say why, go on.
            self.referee.set_alert("prompt", error.text)


#: The layout's cells drawn over the preview (BGR): yellow while the watcher's placement is not
#: trusted (the players should look), faint grey once it is.
UNSURE_LAYOUT = (0, 215, 255)
TRUSTED_LAYOUT = (170, 170, 170)


def preview_jpeg(image: Any, watcher: Any, *, width: int = 640) -> bytes:
    """The frame, made ``width`` pixels wide, with the layout's cells where the watcher believes
    the table lies (thin: yellow until its placement is trusted, with the play area's corners
    numbered in the order the page asks for them; grey after) and each settled card's outline and
    name (green; red for a flagged card), as JPEG bytes."""
    scale = width / image.shape[1]
    out = cv2.resize(image, (width, round(image.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    geometry = getattr(watcher, "geometry", None)
    if geometry is not None:
        placement = getattr(watcher, "placement", None)
        _draw_layout(out, geometry, scale, trusted=getattr(placement, "trusted", True))
        flagged = watcher.view.flagged
        for cell, card in watcher.facts.items():
            if card is None:
                continue
            colour = (40, 40, 230) if cell in flagged else (60, 200, 60)
            quad = (np.asarray(geometry.card_quad(cell)) * scale).round().astype(np.int32)
            cv2.polylines(out, [quad], True, colour, 2, cv2.LINE_AA)
            x, y = quad.min(axis=0)
            for thickness, ink in ((3, (0, 0, 0)), (1, colour)):
                cv2.putText(out, card, (int(x) + 2, int(y) + 14), cv2.FONT_HERSHEY_SIMPLEX, 0.45, ink,
                            thickness, cv2.LINE_AA)
    ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 70])
    return bytes(encoded) if ok else b""


def _draw_layout(out: Any, geometry: Any, scale: float, *, trusted: bool) -> None:
    """Draw the outlines of the layout's cells (one polyline call) and, while the placement is not
    trusted, the play area's corners numbered 1 to 4 as the page asks for them."""
    lay = geometry.layout
    # All cells' corners through the homography at once: a few dozen points, cheap at 2 pictures a second.
    rects = np.array([lay.card_rect(cell, geometry.gap) for cell in lay.cells], np.float64)
    quads = (geometry.to_image(rects.reshape(-1, 2)).reshape(-1, 4, 2) * scale).round().astype(np.int32)
    colour = TRUSTED_LAYOUT if trusted else UNSURE_LAYOUT
    cv2.polylines(out, list(quads), True, colour, 1, cv2.LINE_AA)
    if trusted:
        return
    corners = (geometry.to_image(lay.corner_points(geometry.gap)) * scale).round().astype(np.int32)
    for number, (x, y) in enumerate(corners, start=1):
        cv2.circle(out, (int(x), int(y)), 3, colour, -1, cv2.LINE_AA)
        for thickness, ink in ((3, (0, 0, 0)), (1, colour)):
            cv2.putText(out, str(number), (int(x) + 4, int(y) - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.5, ink,
                        thickness, cv2.LINE_AA)


def watcher_factory(config: Any = None) -> Callable[[Game[Any]], Any]:
    """Builds the watcher of a game (its classifier loaded once a game), with the configuration's
    settle time, classifier threshold, table corners, card finder and deck profile (``camera.deck``,
    read now: :class:`~companion.errors.ProfileUnavailable` when it cannot be; a game it is not
    enrolled for, or a model that did not enrol it, raises it when that game's watcher is made).
    Loads OpenCV and onnxruntime."""
    classifiers: dict[str, Any] = {}
    finders: dict[str, Any] = {}
    deck = getattr(getattr(config, "camera", None), "deck", None)
    profile = None if deck is None else load_deck(deck)

    def make(game: Game[Any]) -> Any:
        if game.name not in classifiers:
            classifier = OnnxClassifier(game.name)
            threshold = getattr(getattr(config, "thresholds", None), "classifier_threshold", None)
            if threshold is not None:
                classifier.threshold = threshold
            classifiers[game.name] = (classifier if profile is None
                                      else ProfiledClassifier(classifier, profile))
        corners = getattr(getattr(config, "camera", None), "corners", None)
        geometry = from_corners(game.name, corners) if corners is not None else None
        settle = getattr(getattr(config, "thresholds", None), "stable_time", None)
        watch = WatchConfig(settle=settle) if settle is not None else WatchConfig()
        choice = getattr(getattr(config, "camera", None), "finder", "both")
        if choice not in finders:
            finders[choice] = make_finder(choice)
        return watcher_for(game, classifiers[game.name], geometry=geometry, config=watch,
                           find=finders[choice])

    return make


def frame_failure(error: Exception) -> Text:
    """Why a frame failed, in words, for an error that may not be the companion's own."""
    if isinstance(error, CompanionError):
        return error.text
    return Text("frame_failed", detail=f"{type(error).__name__}: {error}")
