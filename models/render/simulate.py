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
import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.engine.events import Event, Play, TakeBack, Undo
from companion.engine.spec import GameSpec, SelfPlaying, find_spec, in_order
from models.render.staging import FPS, Director, Simulation, TruthEvent, rng_int
from models.render.textures import Size
from models.render.tricks import TrickDirector, stage
from models.render.video import FilmSet, Laid
from vision.watch.layouts import layout
from vision.watch.tricks import places_of


def _self_play(spec: GameSpec, players: int, seed: int, mistakes: float, max_events: int,
               options: Mapping[str, object] | None = None) -> SelfPlaying:
    """The game's self-play (:attr:`GameSpec.selfplay`) with ``options``, greedy, run to its end or
    ``max_events``."""
    rng = random.Random(seed)
    if spec.selfplay is None:
        known = " or ".join(other.name for other in in_order() if other.selfplay is not None)
        raise ValueError(f"no self-play for {spec.name!r}: {known}")
    sim = spec.selfplay(players, rng, options=options, policy="greedy", mistakes=mistakes)
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
             knock: bool = True, typeface: str | None = None,
             options: Mapping[str, object] | None = None) -> Simulation:
    """Play a whole game of ``game`` by self-play and stage it for the camera (same seed, same film).

    ``mistakes`` is the self-play's chance per turn of an illegal placement or
    an undo; ``distractions`` the chance between two moves of a hand hovering,
    a shadow or a nudge; ``knock`` knocks the camera once, in the middle third;
    ``typeface`` prints the deck in that typeface of :mod:`models.render.glyphs` instead of the
    held-out one the seed draws (all else the same); ``options`` are the game's (a variant's cards
    lie where its layout lays them).
    """
    spec = find_spec(game)
    sim = _self_play(spec, players, seed, mistakes, max_events, options)
    rng = np.random.default_rng([seed, 99])
    if spec.board == "tricks":
        return _tricks(game, seed, sim, rng, size=size, fps=fps, typeface=typeface, knock=knock,
                       distractions=distractions)
    campfire, turn = spec.vision.campfire, spec.vision.turn
    film = FilmSet(game, seed, size=size, typeface=typeface, places=layout(game, options))
    director = Director(film, rng, players, fps)
    engine = sim.header.new_game()
    truth: list[TruthEvent] = []
    visible = sum(isinstance(e, Play | TakeBack) or _moves_up(e, campfire) is not None
                  or (turn is not None and type(e) is turn) for e in sim.events)
    knock_at = int(rng.integers(visible // 3, max(visible // 3 + 1, 2 * visible // 3))) if knock else -1
    bump_frame: int | None = None
    seen = 0
    for place, card in engine.beside().items():  # the reef on its first row
        director.table[place] = Laid(card, place, 0.0, 0.0, 0.0)
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
            rest = director.lay(event.card, event.at, seat, up=event.up)
            truth.append(TruthEvent(replace(event, t=rest / fps), rest, at))
            seen += 1
        elif isinstance(event, TakeBack):
            bare = director.lift(event.at, seat)
            truth.append(TruthEvent(replace(event, t=bare / fps), bare, at))
            seen += 1
        elif turn is not None and type(event) is turn and getattr(event, "at", "") in director.table:
            rest = director.turn(event.to_json()["at"], seat)
            truth.append(TruthEvent(replace(event, t=rest / fps), rest, at))
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
        before = engine.beside()
        ruling = engine.play(event)
        rest_beside = _stage_beside(director, before, engine.beside(), seat)
        if rest_beside is not None and truth[-1].frame is None:
            # A card laid beside the cells or taken from there (the reef moved, a purple storm).
            truth[-1] = TruthEvent(replace(event, t=rest_beside / fps), rest_beside, at)
            seen += 1
        if isinstance(event, Play) and event.card in spec.vision.laid_on and ruling.legal:
            # A card laid on another to take it away (a sea monster): both leave the table once the
            # companion's light says it was seen (a card read over another must stay a second).
            director.idle(int(rng_int(rng, 25, 35)))
            director.lift(event.at, seat, whole=True)
        if turn is not None and type(undone) is turn and undone is not None:
            director.idle(int(rng_int(rng, 3, 6)))
            director.turn(undone.to_json()["at"], seat)  # undone on the page: turned back
        elif isinstance(undone, Play) and undone.at in director.table:
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


def _stage_beside(director: Director, before: Mapping[str, str], after: Mapping[str, str],
                  seat: int) -> int | None:
    """Lay and lift the cards at the side places as the engine's :meth:`beside` changed from
    ``before`` to ``after`` (a card taken off what it covered shows that again); the frame where the
    last comes to rest, or None where nothing changed."""
    rest: int | None = None
    changed = [place for place in sorted(set(before) | set(after))
               if before.get(place) != after.get(place) and place in director.film.layout.lattice]

    def lifted(place: str) -> bool:
        under = director.under.get(place)
        return after.get(place) is None or bool(under and under[-1].name == after.get(place))

    # Lifted first, then laid: a card moved (the reef) is picked up before it is laid elsewhere.
    for place in sorted(changed, key=lambda place: not lifted(place)):
        rest = director.lift(place, seat) if lifted(place) else director.lay(after[place], place, seat)
    return rest


def _tricks(game: str, seed: int, sim: SelfPlaying, rng: np.random.Generator, *, size: Size, fps: float,
            typeface: str | None, knock: bool, distractions: float) -> Simulation:
    """A trick game's attempt staged at its seats' places (:mod:`models.render.tricks`)."""
    # The places as the engine's state says (Rixes: three captains for two players).
    places = places_of(sim.header.new_game())
    seats = sum(cell[:1] == "t" for cell in places.cells)
    film = FilmSet(game, seed, size=size, typeface=typeface, places=places)
    director = TrickDirector(film, rng, seats, fps)
    truth, bump = stage(sim, director, rng, knock=knock, distractions=distractions)
    return Simulation(game, sim.header.players, seed, sim.header, truth, director.shots, film, fps, bump)


def _displaced(engine: Any, cell: str, event: Event) -> str:
    """The Versant a Feu de camp displaces (what lies at ``cell`` before ``event``)."""
    lying = engine.lying().get(cell)
    if lying is None:
        raise ValueError(f"no Versant at {cell} for {event}")
    return str(lying[0])


def write(sim: Simulation, out: Path, *, video: bool = False, quality: int = 90,
          progress: Callable[[], None] | None = None) -> dict[str, Any]:
    """Store the film and its truth in ``out``: ``record.jsonl``, ``frames/NNNNNN.jpg`` (or
    ``game.avi`` with ``video``), ``simulation.json``; return the manifest. ``progress`` is called
    after each frame."""
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
            if progress is not None:
                progress()
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
