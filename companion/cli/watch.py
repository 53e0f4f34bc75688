"""The table-watching commands: ``companion simulate``, ``watch``, ``eval-watch`` and ``bench watch``."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import TYPE_CHECKING, Any

import numpy as np

from companion.app.bench import pin_one_core
from companion.app.camera import frame_failure
from companion.app.referee import new_header, parse_options
from companion.cli.lang import lang_of as _lang
from companion.cli.parsers import watched
from companion.cli.progress import Progress
from companion.cli.vision import counts_refused, finder, load_classifier, read_with
from companion.config import DEFAULT_GAME, load_config
from companion.engine.registry import find_game
from companion.engine.spec import find_spec
from companion.errors import BadFrame, CompanionError
from companion.text import Lang, Text, os_reason
from hardware.sources import open_source
from models.render.simulate import simulate, write
from vision.evaluation.films import evaluate
from vision.watch.for_game import watcher_for
from vision.watch.geometry import from_corners
from vision.watch.stable import Prompt
from vision.watch.state import WatchConfig

if TYPE_CHECKING:
    from vision.watch.geometry import TableGeometry


def _players_ok(game: str, players: int, lang: Lang) -> bool:
    """Whether ``game`` is played by ``players`` players (said when not): as its self-play seats them
    (The Crew's two players seat Tonoja as a third), else as its rules do."""
    cls = find_game(game)
    selfplay = find_spec(game).selfplay
    if selfplay is not None:
        try:
            selfplay(players, random.Random(0))
        except CompanionError as error:
            print(error.text.render(lang), file=sys.stderr)
            return False
        return True
    if not cls.min_players <= players <= cls.max_players:
        print(Text("bad_players", game=cls.title, players=players, low=cls.min_players,
                   high=cls.max_players).render(lang), file=sys.stderr)
        return False
    return True


def _table_set(game: str, table: str | None) -> bool:
    """Whether eval-watch gives the watcher the table's place: as asked, else for a trick game
    (its players tap their seats on the page; its few cards cannot place a table)."""
    return table == "set" if table is not None else find_spec(game).board == "tricks"


def run_simulate(args: argparse.Namespace) -> int:
    """Simulate a game, film it, and write the frames (or a video) and the ground truth."""
    lang = _lang(args)
    if not _players_ok(args.game, args.players, lang):
        return 2
    if not 0.0 <= args.mistakes <= 1.0 or args.events < 1:
        field, value = ("mistakes", args.mistakes) if args.events >= 1 else ("events", args.events)
        print(Text("bad_field", field=field, value=value).render(lang), file=sys.stderr)
        return 2
    sim = simulate(args.game, args.players, args.seed, mistakes=args.mistakes, max_events=args.events,
                   options=parse_options(args.option))
    try:
        with Progress("simulate", len(sim.shots)) as bar:
            manifest = write(sim, args.out, video=args.video, progress=bar.step)
    except OSError as error:
        text = Text("watch_bad_out", path=args.out, detail=os_reason(error))
        print(text.render(lang), file=sys.stderr)
        return 2
    visible = sum(1 for t in sim.truth if t.visible)
    print(json.dumps({**{k: v for k, v in manifest.items() if k != "camera"}, "out": str(args.out),
                      "events": len(sim.truth), "camera_events": visible}))
    return 0


def parse_corners(text: str) -> list[list[float]]:
    """Eight numbers ``x1,y1,...,x4,y4`` as four points; ``ValueError`` otherwise.

    >>> parse_corners("10,700, 600,700, 600,20, 10,20")
    [[10.0, 700.0], [600.0, 700.0], [600.0, 20.0], [10.0, 20.0]]
    """
    values = [float(v) for v in text.replace(";", ",").split(",") if v.strip()]
    if len(values) != 8:
        raise ValueError(text)
    return [values[k:k + 2] for k in range(0, 8, 2)]


def _geometry(game: str, corners: str | None, lang: Lang) -> tuple[bool, TableGeometry | None]:
    """The table set by hand, if asked: (ok, geometry)."""
    if corners is None:
        return True, None
    try:
        return True, from_corners(game, parse_corners(corners))
    except ValueError:
        print(Text("watch_bad_corners", value=corners).render(lang), file=sys.stderr)
        return False, None


def run_watch(args: argparse.Namespace) -> int:
    """Watch a source, rule on the camera's events with the engine, and print them as they come.

    A frame that cannot be read or watched is said on standard error and skipped, and the count
    of skipped frames is said at the end: the exit status stays 0 (2 is for a source, a model or
    a setting that cannot be used at all).
    """
    lang = _lang(args)
    if not _players_ok(args.game, args.players, lang):
        return 2
    try:
        config = load_config(args.config)
    except CompanionError as error:
        print(error.text.render(lang), file=sys.stderr)
        return 2
    ok, geometry = _geometry(args.game, args.corners, lang)
    if not ok:
        return 2
    if geometry is None and config.camera.corners is not None:
        # The configuration's corners are checked when it is read: four points.
        try:
            geometry = from_corners(args.game, [list(p) for p in config.camera.corners])
        except ValueError:
            print(Text("watch_bad_corners", value=config.camera.corners).render(lang), file=sys.stderr)
            return 2
    settle = args.settle if args.settle is not None else (
        config.thresholds.stable_time if config.path is not None else WatchConfig().settle)
    if not 0.0 < settle <= 10.0:
        print(Text("bad_field", field="settle", value=settle).render(lang), file=sys.stderr)
        return 2
    classifier = load_classifier(args.game, args.model, lang)
    find = finder(args.finder or config.camera.finder, lang)
    if classifier is None or find is None:
        return 2
    if config.thresholds.classifier_threshold is not None:
        classifier.threshold = config.thresholds.classifier_threshold
    reader = read_with(classifier, args.deck or config.camera.deck, lang)
    if reader is None:
        return 2
    engine = new_header(args.game, args.players, {}, setup=parse_options(args.setup)).new_game()
    watcher = watcher_for(engine, reader, geometry=geometry, config=WatchConfig(settle=settle), find=find)
    state = watcher.state
    try:
        source = open_source(args.source, fps=args.fps or config.camera.fps)
    except CompanionError as error:
        print(error.text.render(lang), file=sys.stderr)
        return 2
    skipped = 0
    try:
        with source:
            while True:
                index = None
                try:
                    frame = source.read()
                    if frame is None:
                        break
                    index = frame.index
                    # The small stream where the camera gives one: the corners are set on it too.
                    for out in watcher.feed(frame.recognition_image, frame.t):
                        if isinstance(out, Prompt):
                            _print_prompt(out, args.json, lang)
                            continue
                        ruling = engine.play(out)
                        watcher.sync(engine)
                        _print_event(out, ruling.text.render(lang), ruling.legal, args.json)
                except BadFrame as error:
                    skipped += 1
                    _print_skipped(error.index, skipped, error, lang)
                    continue
                except CompanionError:
                    raise  # a folder unplugged, a reading of another game: the watch cannot go on
                except Exception as error:
                    # One frame the watcher fails on is said and skipped, as under `companion run`.
                    skipped += 1
                    _print_skipped(index, skipped, error, lang)
                    continue
                if watcher.state != state and not args.json:
                    state = watcher.state
                    _print_state(watcher, lang)
    except CompanionError as error:
        print(error.text.render(lang), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    if skipped:
        print(Text("watch_frames_skipped", count=skipped).render(lang), file=sys.stderr)
    if watcher.state == "searching" and not args.json:
        print(Text("watch_searching").render(lang), file=sys.stderr)
    return 0


def _print_skipped(index: int | None, count: int, error: Exception, lang: Lang) -> None:
    text = Text("frame_skipped", index="?" if index is None else index, count=count,
                detail=frame_failure(error))
    print(text.render(lang), file=sys.stderr, flush=True)


def _print_state(watcher: Any, lang: Lang) -> None:
    if watcher.state == "watching" and watcher.geometry is not None:
        size = watcher._size
        seen = sum(watcher.geometry.inside(size, cell) for cell in watcher.layout.cells)
        print(Text("watch_found", cells=seen).render(lang), file=sys.stderr)
    elif watcher.state == "moved":
        print(Text("watch_camera_moved").render(lang), file=sys.stderr)


def _print_event(event: Any, message: str, legal: bool, as_json: bool) -> None:
    line = event.to_json()
    if as_json:
        rounded = {k: round(v, 3) if isinstance(v, float) else v for k, v in line.items()}
        print(json.dumps(rounded), flush=True)
        return
    what = " ".join(str(line[k]) for k in ("card", "at", "move_to") if k in line)
    print(f"{event.t:8.2f}s  {line['type']:<10} {what:<16} {event.confidence or 0:.2f}  "
          f"{'ok' if legal else 'NO'}  {message}", flush=True)


def _print_prompt(prompt: Any, as_json: bool, lang: Lang) -> None:
    if as_json:
        print(json.dumps(prompt.to_json(), ensure_ascii=False), flush=True)
        return
    print(f"{prompt.t:8.2f}s  ??         {' '.join(prompt.cells):<16}        {prompt.text.render(lang)}",
          flush=True)


def run_eval_watch(args: argparse.Namespace) -> int:
    """Watch simulated games and print the share of plays recovered, false events, prompts, delays."""
    lang = _lang(args)
    if not _players_ok(args.game, args.players, lang):
        return 2
    if counts_refused(args, lang, "games", "events"):
        return 2
    classifier = load_classifier(args.game, args.model, lang)
    find = finder(args.finder, lang)
    if classifier is None or find is None:
        return 2
    started = time.perf_counter()

    with Progress("eval-watch", args.games) as bar:

        def progress(tally: Any) -> None:
            # Each game's figures, one line: a log of a long run shows where it stands.
            if not bar.shown:
                print(json.dumps(tally.summary()), file=sys.stderr, flush=True)
            bar.step()

        figures = evaluate(args.game, classifier, args.games, args.seed, players=args.players,
                           progress=progress, max_events=args.events,
                           table_set=_table_set(args.game, args.table), find=find,
                           options=parse_options(args.option))
    figures["options"] = parse_options(args.option)
    figures["finder"] = args.finder
    figures["seconds"] = round(time.perf_counter() - started, 1)
    if args.json:
        print(json.dumps(figures))
        return 0
    for key in ("game", "games", "seed", "table", "finder", "plays", "plays_recovered", "play_recovery",
                "take_backs",
                "take_backs_recovered", "false_events_per_game", "prompts_per_game", "delay_median_s",
                "delay_p90_s", "camera_knocks", "camera_moves_seen", "games_under_95",
                "games_under_95_said_unplaced", "games_with_false_events", "false_events_by_game", "seconds"):
        value = figures[key]
        print(f"{key:>22}: {value:.4f}" if isinstance(value, float) else f"{key:>22}: {value}")
    worst = figures["worst_game"]
    if worst is not None:
        print(f"{'worst_game':>22}: seed {worst['seed']}, {worst['plays_recovered']}/{worst['plays']} plays, "
              f"{worst['false_events']} false, table not placed said {worst['unplaced']} times")
    for event in figures["false"]:
        print(f"{'false':>22}: {json.dumps(event)}")
    return 0


def run_bench_watch(args: argparse.Namespace) -> int:
    """Frames a second of the watcher on 1280x720 frames of a simulated game, on one core:
    frames where nothing moves, and frames where hands and cards move."""
    args.finder = args.finder or "both"
    lang = _lang(args)
    cpu = pin_one_core()
    for game in args.game or [DEFAULT_GAME]:
        if game not in watched():
            print(Text("watch_no_camera_game", game=game, known=", ".join(watched())).render(lang),
                  file=sys.stderr)
            return 2
        classifier = load_classifier(game, args.model, lang)
        find = finder(args.finder, lang)
        if classifier is None or find is None:
            return 2
        sim = simulate(game, find_spec(game).usual_players, 900_000 + args.seed)
        engine = sim.header.new_game()
        watcher = watcher_for(engine, classifier, find=find)
        frames = max(60, int(args.seconds * 100))
        times: dict[str, list[float]] = {"still": [], "changing": [], "search": []}
        previous = None
        for index, t, image in sim.frames(0, frames):
            shot = sim.shots[index]
            still = not (shot.carried or shot.hands or shot.shadows) and previous is not None and \
                previous.cards == shot.cards and previous.bump is shot.bump
            previous = shot
            searching = watcher.state == "searching"
            start = time.perf_counter()
            for out in watcher.feed(image, t):
                if not isinstance(out, Prompt):
                    engine.play(out)
                    watcher.sync(engine)
            elapsed = time.perf_counter() - start
            times["search" if searching else "still" if still else "changing"].append(elapsed)
        result: dict[str, Any] = {"game": game, "cpu": cpu, "finder": args.finder,
                                  "size": list(sim.film.size),
                                  "frames": sum(map(len, times.values()))}
        for kind in ("still", "changing"):
            result[f"{kind}_frames"] = len(times[kind])
            result[f"{kind}_fps"] = len(times[kind]) / sum(times[kind]) if times[kind] else None
            result[f"{kind}_ms_p90"] = 1000 * float(np.quantile(times[kind], 0.9)) if times[kind] else None
        result["search_ms"] = 1000 * float(np.mean(times["search"])) if times["search"] else None
        result["targets"] = {"still_fps": 30, "changing_fps": 10}
        print(json.dumps(result) if args.json else "\n".join(f"{k:>18}: {v}" for k, v in result.items()))
    return 0
