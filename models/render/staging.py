"""Staging a game before the camera: the cards on the table, the hands and the shots, frame by frame.

:class:`Director` lays and lifts cards at a layout's cells with a hand from the player's side of the
table, and adds what happens between moves (a hand hovering, a shadow, a nudge, a knock of the
camera); :class:`TruthEvent` and :class:`Simulation` hold what really happened and the film.
:mod:`models.render.simulate` stages placing games with it, :mod:`models.render.tricks` trick games.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from companion.engine.events import Event
from companion.engine.record import Header
from models.render.textures import Image
from models.render.video import FilmSet, Hand, Laid, Shadow, Shot
from vision.watch.layouts import CARD_H

FPS = 15.0
Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class TruthEvent:
    """One event of the game as it really happened, when, and (camera events) the frame of rest."""

    event: Event
    #: The frame where the card comes to rest (a play), or where its cell is left bare (a take-back);
    #: None for what the camera cannot see.
    frame: int | None
    #: The frame at which it happens (the page's events are told then).
    at_frame: int

    @property
    def visible(self) -> bool:
        """Whether the camera can see it (a ``play``, ``take_back`` or ``campfire``)."""
        return self.frame is not None


@dataclass
class Simulation:
    """A staged game: the truth and the shots of its film."""

    game: str
    players: int
    seed: int
    header: Header
    truth: list[TruthEvent]
    shots: list[Shot]
    film: FilmSet
    fps: float
    #: The frame where the camera is knocked (None if it never is).
    bump_frame: int | None

    def record_lines(self) -> list[dict[str, Any]]:
        """The ground-truth record: the header line, then one line an event with ``t`` and ``frame``."""
        lines: list[dict[str, Any]] = [self.header.to_json()]
        for truth in self.truth:
            line = truth.event.to_json()
            line["t"] = round(truth.at_frame / self.fps if truth.frame is None else truth.frame / self.fps, 3)
            if truth.frame is not None:
                line["frame"] = truth.frame
            lines.append(line)
        return lines

    def frames(self, start: int = 0, stop: int | None = None) -> Iterator[tuple[int, float, Image]]:
        """``(index, t, image)`` for every frame of the film (rendered as they are asked for)."""
        for index in range(start, len(self.shots) if stop is None else min(stop, len(self.shots))):
            yield index, index / self.fps, self.film.frame(self.shots[index])


def _seat_angle(seat: int, players: int) -> float:
    """Degrees from the table's centre towards seat ``seat`` (1 at the bottom of the picture)."""
    return 90.0 + 360.0 * (seat - 1) / max(players, 1)


class Director:
    """Stages the events: keeps the cards on the table and writes the shots frame by frame."""

    def __init__(self, film: FilmSet, rng: np.random.Generator, players: int, fps: float) -> None:
        self.film = film
        self.rng = rng
        self.players = players
        self.fps = fps
        self.table: dict[str, Laid] = {}
        #: Cards covered by another (a Pont under a Versant, a card under one laid on it), per cell.
        self.under: dict[str, list[Laid]] = {}
        self.shots: list[Shot] = []
        self.bump: Matrix | None = None
        lay = film.layout
        x0, y0, x1, y1 = lay.bounds(film.gap)
        self.centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        self.reach = max(x1 - x0, y1 - y0) / 2 + 120.0
        self.skins = [(int(rng.integers(90, 175)), int(rng.integers(125, 195)), int(rng.integers(175, 240)))
                      for _ in range(players)]

    @property
    def index(self) -> int:
        """The index of the next frame."""
        return len(self.shots)

    def _cards(self) -> tuple[Laid, ...]:
        return tuple(self.table[cell] for cell in sorted(self.table))

    def _shot(self, **kwargs: Any) -> None:
        self.shots.append(Shot(self._cards(), self.index / self.fps, bump=self.bump, **kwargs))

    def idle(self, frames: int) -> None:
        """The table left alone (light and noise still change)."""
        for _ in range(frames):
            self._shot()

    def _hand(self, seat: int, x: float, y: float) -> Hand:
        return Hand(x, y, _seat_angle(seat, self.players), self.skins[(seat - 1) % len(self.skins)])

    def _path(self, seat: int, target: tuple[float, float], frames: int, inward: bool
              ) -> list[tuple[float, float]]:
        """Points from the player's side to ``target`` (or back out), eased."""
        a = math.radians(_seat_angle(seat, self.players))
        start = (target[0] + math.cos(a) * self.reach, target[1] + math.sin(a) * self.reach)
        out = []
        for k in range(1, frames + 1):
            s = k / frames
            s = 1 - (1 - s) ** 2 if inward else s * s
            p, q = (start, target) if inward else (target, start)
            out.append((p[0] + (q[0] - p[0]) * s, p[1] + (q[1] - p[1]) * s))
        return out

    def _grip(self, seat: int, x: float, y: float) -> tuple[float, float]:
        """Where the fingertips are when holding a card centred at ``(x, y)``: on its near half."""
        a = math.radians(_seat_angle(seat, self.players))
        return x + math.cos(a) * CARD_H * 0.3, y + math.sin(a) * CARD_H * 0.3

    def lay(self, card: str, cell: str, seat: int, *, up: str = "") -> int:
        """A hand brings ``card`` to ``cell`` and leaves it; returns the frame where it comes to rest.
        ``up``: the half the play says points up (``night``: the card lies turned), where it counts."""
        rng = self.rng
        # Turned with its cell (a trick game's card faces its seat), and now and then the other way,
        # unless the play says which half points up.
        other_way = rng.random() < 0.15 if not up else up == "night"
        turned = (180.0 if other_way else 0.0) + self.film.layout.turns.get(cell, 0.0)
        final = Laid(card, cell, float(rng.normal(0, 1.2)), float(rng.normal(0, 1.2)),
                     float(rng.normal(0, 1.5)) + turned)
        cx, cy = self.film.layout.centre(cell, self.film.gap)
        target = (cx + final.dx, cy + final.dy)
        frames = int(rng.integers(7, 11))
        spin = float(rng.normal(0, 12))
        for k, (x, y) in enumerate(self._path(seat, target, frames, inward=True)):
            moving = Laid(card, None, x, y, final.angle + spin * (1 - (k + 1) / frames))
            self._shot(carried=[(moving, self._hand(seat, *self._grip(seat, x, y)))])
        if cell in self.table:
            self.under.setdefault(cell, []).append(self.table[cell])
        self.table[cell] = final
        rest = self.index
        for _ in range(int(rng.integers(1, 3))):
            self._shot(hands=[self._hand(seat, *self._grip(seat, *target))])
        for x, y in self._path(seat, self._grip(seat, *target), int(rng.integers(4, 7)), inward=False):
            self._shot(hands=[self._hand(seat, x, y)])
        return rest

    def turn(self, cell: str, seat: int) -> int:
        """A hand turns the card at ``cell`` half round where it lies; returns the frame where it rests
        turned and the hand is gone from it."""
        if cell not in self.table:
            return self.index
        laid, rng = self.table[cell], self.rng
        cx, cy = self.film.layout.centre(cell, self.film.gap)
        grip = self._grip(seat, cx + laid.dx, cy + laid.dy)
        for x, y in self._path(seat, grip, int(rng.integers(4, 7)), inward=True):
            self._shot(hands=[self._hand(seat, x, y)])
        for _ in range(int(rng.integers(2, 4))):
            self._shot(hands=[self._hand(seat, *grip)])
        self.table[cell] = replace(laid, angle=laid.angle + 180.0)
        for _ in range(int(rng.integers(1, 3))):
            self._shot(hands=[self._hand(seat, *grip)])
        rest = self.index
        for x, y in self._path(seat, grip, int(rng.integers(4, 7)), inward=False):
            self._shot(hands=[self._hand(seat, x, y)])
        return rest

    def lift(self, cell: str, seat: int, *, whole: bool = False) -> int:
        """A hand picks the card at ``cell`` up and takes it away (``whole``: with every card it
        covers, as a sea monster takes its card); returns the frame where the cell is bare again (the
        card and the hand gone from it), or shows what the card covered."""
        if cell not in self.table:
            return self.index  # nothing there to pick up
        card = self.table[cell]
        cx, cy = self.film.layout.centre(cell, self.film.gap)
        target = (cx + card.dx, cy + card.dy)
        for x, y in self._path(seat, self._grip(seat, *target), int(rng_int(self.rng, 4, 7)), inward=True):
            self._shot(hands=[self._hand(seat, x, y)])
        del self.table[cell]
        if whole:
            self.under.pop(cell, None)
        elif self.under.get(cell):
            self.table[cell] = self.under[cell].pop()  # what it covered shows again
        bare: int | None = None
        for x, y in self._path(seat, target, int(rng_int(self.rng, 5, 8)), inward=False):
            carried = Laid(card.name, None, x, y, card.angle)
            if bare is None and math.hypot(x - target[0], y - target[1]) > 1.6 * CARD_H:
                bare = self.index
            self._shot(carried=[(carried, self._hand(seat, *self._grip(seat, x, y)))])
        return self.index if bare is None else bare

    def hover(self) -> None:
        """A hand reaches over the cards, waits a moment, and goes back: nothing is played."""
        seat = int(self.rng.integers(1, self.players + 1))
        cells = self.film.layout.cells
        x, y = self.film.layout.centre(cells[int(self.rng.integers(len(cells)))], self.film.gap)
        x, y = x + float(self.rng.normal(0, 20)), y + float(self.rng.normal(0, 20))
        for px, py in self._path(seat, (x, y), int(rng_int(self.rng, 5, 9)), inward=True):
            self._shot(hands=[self._hand(seat, px, py)])
        for _ in range(int(rng_int(self.rng, 1, 6))):
            self._shot(hands=[self._hand(seat, x, y)])
        for px, py in self._path(seat, (x, y), int(rng_int(self.rng, 4, 7)), inward=False):
            self._shot(hands=[self._hand(seat, px, py)])

    def shadow(self) -> None:
        """Someone leans over the table: a soft shadow crosses it, or rests a moment."""
        x0, y0, x1, y1 = self.film.layout.bounds(self.film.gap)
        start = (float(self.rng.uniform(x0, x1)), float(self.rng.uniform(y0, y1)))
        end = (float(self.rng.uniform(x0, x1)), float(self.rng.uniform(y0, y1)))
        frames = int(rng_int(self.rng, 8, 16))
        radius, depth = float(self.rng.uniform(60, 140)), float(self.rng.uniform(0.2, 0.4))
        still = self.rng.random() < 0.4
        for k in range(frames):
            s = 0.0 if still else k / (frames - 1)
            at = (start[0] + (end[0] - start[0]) * s, start[1] + (end[1] - start[1]) * s)
            self._shot(shadows=[Shadow(*at, radius, depth)])

    def nudge(self) -> None:
        """A hand touches a card lying on the table: it moves a little within its cell."""
        if not self.table:
            return
        cell = sorted(self.table)[int(self.rng.integers(len(self.table)))]
        card = self.table[cell]
        seat = int(self.rng.integers(1, self.players + 1))
        cx, cy = self.film.layout.centre(cell, self.film.gap)
        tip = self._grip(seat, cx + card.dx, cy + card.dy)
        for x, y in self._path(seat, tip, int(rng_int(self.rng, 4, 7)), inward=True):
            self._shot(hands=[self._hand(seat, x, y)])
        moved = replace(card, dx=float(np.clip(card.dx + self.rng.normal(0, 1.5), -3.5, 3.5)),
                        dy=float(np.clip(card.dy + self.rng.normal(0, 1.5), -3.5, 3.5)),
                        angle=card.angle + float(self.rng.normal(0, 1.0)))
        self.table[cell] = moved
        for x, y in self._path(seat, tip, int(rng_int(self.rng, 4, 7)), inward=False):
            self._shot(hands=[self._hand(seat, x, y)])

    def knock(self) -> int:
        """The camera is knocked: the picture moves over three frames and stays moved."""
        target = self.film.knock(self.rng)
        first = self.index
        for k in (0.35, 0.7):
            self.bump = np.eye(3) + (target - np.eye(3)) * k
            self._shot()
        self.bump = target
        return first


def rng_int(rng: np.random.Generator, low: int, high: int) -> int:
    """An integer in ``[low, high)``."""
    return int(rng.integers(low, high))

