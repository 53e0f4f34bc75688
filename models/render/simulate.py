"""Simulated games on video: engine self-play acted out at a table in front of a camera.

:func:`simulate` plays a whole game by self-play (with illegal placements,
take-backs, overrides and undos: ``companion.games.tranquility.selfplay``), then stages it:
each card laid is carried in by a hand from its player's side of the table,
slid into its cell and left there; a take-back or an undone placement is a
hand picking the card up again; what the camera cannot see (discards, the
Start card's split, overrides, undos) happens "on the page" between moves.
Between moves, hands hover over the cards, shadows pass, cards are nudged,
the light drifts, and once a game the camera is knocked.

The result is a :class:`Simulation`: the ground-truth record (RECORD.md
lines, each event stamped with ``t`` and, when the camera sees it, the
``frame`` where its card comes to rest), and the shots that
:meth:`Simulation.frames` renders at ``fps`` frames a second through a
:class:`models.render.video.FilmSet`. :func:`write` stores both: ``record.jsonl``,
``frames/000000.jpg``... (or a video), and ``simulation.json``.

>>> sim = simulate("tranquility", 2, 5, mistakes=0.0, max_events=6)
>>> [(line["type"], "frame" in line) for line in sim.record_lines()[1:3]]
[('play', True), ('play', True)]
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.engine.events import Event, Play, TakeBack, Undo
from companion.engine.record import Header
from companion.engine.spec import GameSpec, SelfPlaying, find_spec, in_order
from models.render.textures import Image, Size
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

    def lay(self, card: str, cell: str, seat: int) -> int:
        """A hand brings ``card`` to ``cell`` and leaves it; returns the frame where it comes to rest."""
        rng = self.rng
        turned = 180.0 if rng.random() < 0.15 else 0.0
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

    def lift(self, cell: str, seat: int) -> int:
        """A hand picks the card at ``cell`` up and takes it away; returns the frame where the cell
        is bare again (the card and the hand gone from it), or shows what the card covered."""
        if cell not in self.table:
            return self.index  # nothing there to pick up
        card = self.table[cell]
        cx, cy = self.film.layout.centre(cell, self.film.gap)
        target = (cx + card.dx, cy + card.dy)
        for x, y in self._path(seat, self._grip(seat, *target), int(rng_int(self.rng, 4, 7)), inward=True):
            self._shot(hands=[self._hand(seat, x, y)])
        del self.table[cell]
        if self.under.get(cell):
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


def _self_play(spec: GameSpec, players: int, seed: int, mistakes: float, max_events: int) -> SelfPlaying:
    """The game's self-play (:attr:`GameSpec.selfplay`), greedy, run to its end or ``max_events``."""
    rng = random.Random(seed)
    if spec.selfplay is None:
        known = " or ".join(other.name for other in in_order() if other.selfplay is not None)
        raise ValueError(f"no self-play for {spec.name!r}: {known}")
    sim = spec.selfplay(players, rng, policy="greedy", mistakes=mistakes)
    sim.run(max_events=max_events)
    return sim


def _moves_up(event: Event | None, campfire: Callable[..., Event] | None) -> tuple[str, str, str] | None:
    """``(card, at, move_to)`` of an event laying a card in another's place and moving that one up
    (the game's :attr:`VisionSpec.campfire`, L'Ascension's Feu de camp), or None for any other."""
    if event is None or campfire is None or type(event) is not campfire:
        return None
    line = event.to_json()
    return str(line["card"]), str(line["at"]), str(line["move_to"])


def simulate(game: str, players: int, seed: int, *, mistakes: float = 0.12, size: Size = (1280, 720),
             fps: float = FPS, max_events: int = 5000, distractions: float = 0.35,
             knock: bool = True, typeface: str | None = None) -> Simulation:
    """Play a whole game of ``game`` by self-play and stage it for the camera (same seed, same film).

    ``mistakes`` is the self-play's chance per turn of an illegal placement or
    an undo; ``distractions`` the chance between two moves of a hand hovering,
    a shadow or a nudge; ``knock`` knocks the camera once, in the middle third;
    ``typeface`` prints the deck in that typeface of :mod:`models.render.glyphs` instead of the
    held-out one the seed draws (all else the same).
    """
    spec = find_spec(game)
    sim = _self_play(spec, players, seed, mistakes, max_events)
    campfire = spec.vision.campfire
    film = FilmSet(game, seed, size=size, typeface=typeface)
    rng = np.random.default_rng([seed, 99])
    director = Director(film, rng, players, fps)
    engine = sim.header.new_game()
    truth: list[TruthEvent] = []
    visible = sum(isinstance(e, Play | TakeBack) or _moves_up(e, campfire) is not None for e in sim.events)
    knock_at = int(rng.integers(visible // 3, max(visible // 3 + 1, 2 * visible // 3))) if knock else -1
    bump_frame: int | None = None
    seen = 0
    director.idle(int(rng_int(rng, 8, 14)))
    for event in sim.events:
        if seen == knock_at and bump_frame is None:
            director.idle(int(rng_int(rng, 4, 8)))
            bump_frame = director.knock()
            director.idle(int(rng_int(rng, 10, 16)))
        seat = event.player or engine.turn
        undone = engine.move_stack[-1] if isinstance(event, Undo) and engine.move_stack else None
        at = director.index
        if isinstance(event, Play) and event.at in film.layout.lattice:
            rest = director.lay(event.card, event.at, seat)
            truth.append(TruthEvent(replace(event, t=rest / fps), rest, at))
            seen += 1
        elif isinstance(event, TakeBack):
            bare = director.lift(event.at, seat)
            truth.append(TruthEvent(replace(event, t=bare / fps), bare, at))
            seen += 1
        elif (moving := _moves_up(event, campfire)) is not None:
            card, cell, move_to = moving
            versant = _displaced(engine, cell, event)
            director.lift(cell, seat)
            director.lay(card, cell, seat)
            rest = director.lay(versant, move_to, seat)
            truth.append(TruthEvent(replace(event, t=rest / fps), rest, at))
            seen += 1
        else:
            truth.append(TruthEvent(replace(event, t=at / fps), None, at))
        engine.play(event)
        if isinstance(undone, Play) and undone.at in director.table:
            # Undone on the page: the card goes back to its player's hand.
            director.idle(int(rng_int(rng, 3, 6)))
            director.lift(undone.at, seat)
        elif (moved := _moves_up(undone, campfire)) is not None:
            _, cell, move_to = moved
            director.idle(int(rng_int(rng, 3, 6)))
            versant = director.table[move_to].name
            director.lift(move_to, seat)
            director.lift(cell, seat)
            director.lay(versant, cell, seat)
        director.idle(int(rng_int(rng, 9, 16)))
        if rng.random() < distractions:
            [director.hover, director.shadow, director.nudge][int(rng.integers(3))]()
            director.idle(int(rng_int(rng, 4, 9)))
    director.idle(int(rng_int(rng, 15, 25)))
    return Simulation(game, players, seed, sim.header, truth, director.shots, film, fps, bump_frame)


def _displaced(engine: Any, cell: str, event: Event) -> str:
    """The Versant a Feu de camp displaces (what lies at ``cell`` before ``event``)."""
    state = engine.state_json()
    name = state["cells"].get(cell)
    if not isinstance(name, str):
        raise ValueError(f"no Versant at {cell} for {event}")
    return name


def write(sim: Simulation, out: Path, *, video: bool = False, quality: int = 90) -> dict[str, Any]:
    """Store the film and its truth in ``out``: ``record.jsonl``, ``frames/NNNNNN.jpg`` (or
    ``game.avi`` with ``video``), ``simulation.json``; return the manifest."""
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "record.jsonl", "w", encoding="utf-8") as handle:
        for line in sim.record_lines():
            handle.write(json.dumps(line, ensure_ascii=False) + "\n")
    writer: Any = None
    if video:
        w, h = sim.film.size
        writer = cv2.VideoWriter(str(out / "game.avi"), cv2.VideoWriter.fourcc(*"MJPG"), sim.fps, (w, h))
        if not writer.isOpened():
            raise OSError(f"cannot write a video in {out}")
    else:
        (out / "frames").mkdir(exist_ok=True)
    try:
        for index, _, image in sim.frames():
            if writer is not None:
                writer.write(image)
            else:
                path = out / "frames" / f"{index:06d}.jpg"
                cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    finally:
        if writer is not None:
            writer.release()
    manifest = {"game": sim.game, "players": sim.players, "seed": sim.seed, "fps": sim.fps,
                "frames": len(sim.shots), "size": list(sim.film.size), "table": sim.film.table_name,
                "gap_mm": round(sim.film.gap, 2), "bump_frame": sim.bump_frame,
                "camera": sim.film.camera.tolist(), "record": "record.jsonl",
                "images": "game.avi" if video else "frames/"}
    (out / "simulation.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest
