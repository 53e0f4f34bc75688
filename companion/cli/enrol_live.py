"""Enrolling a deck from the camera, the command's work (:func:`companion.cli.enrol_camera.run`).

The camera is opened as ``companion run`` opens it (or simulated players film themselves
enrolling: ``--source simulated``); the enrolment's page is served as ``run`` serves its own
(waitress, the same token and host checks); each frame goes to the
:class:`~companion.app.enrolment.EnrolmentSession`, whose news is printed in the command's
language. The profile is saved in the decks folder once every card is enrolled, once the players
finish on the page, or when the camera ends or the players stop the command (Ctrl-C) with shots
kept; a frame that cannot be read or fails on its way is said and skipped, never fatal.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
import time
from typing import IO, Any

from companion.app.camera import frame_failure
from companion.app.decks import check_name, deck_path, decks_folder
from companion.app.enrol_players import SimulatedEnrolment
from companion.app.enrol_view import preview_jpeg
from companion.app.enrolment import EnrolmentSession
from companion.app.store import default_store_path
from companion.cli.enrol_camera import parse_grid
from companion.cli.lang import lang_of
from companion.cli.live import _addresses, _saved_token
from companion.config import DEFAULT_GAME, Config, load_config
from companion.engine.spec import specs
from companion.errors import BadFrame, CameraLost, CompanionError, MalformedInput, PageUnavailable
from companion.text import Lang, Text, os_reason
from hardware.sources import open_resilient
from vision.find.finders import make_finder
from vision.read.catalogue import FACES, class_names
from vision.read.classify import OnnxClassifier
from web import Preview, create_app
from web.server import PageServer

#: Seconds between two pictures sent to the page.
PREVIEW_EVERY = 0.5
#: The simulated source's name.
SIMULATED = "simulated"
#: How the cards are found: the lean finder (Tranquillite's table finder, placed by the lean
#: refiner). A grid of cards lying apart is what it finds best; ``auto`` hands every frame of
#: fewer than 12 cards (every frame of an enrolment) to the full finder after it, 174 ms a
#: 1280x720 frame of the simulated enrolment against 47 ms.
FINDER = "lean"


def _say(text: Text, lang: Lang, out: IO[str] | None = None) -> None:
    print(text.render(lang), file=out or sys.stdout, flush=True)


def enrol(args: argparse.Namespace) -> int:
    """Enrol the deck of ``args.game`` from the camera; 0 once saved, 1 when nothing was kept,
    2 when it could not start."""
    started = time.monotonic()
    lang = lang_of(args)
    try:
        session, source, config = _open(args)
    except CompanionError as error:
        _say(error.text, lang, sys.stderr)
        return 2
    except OSError as error:
        _say(Text("live_cannot_open", path=error.filename or "-", detail=os_reason(error)), lang, sys.stderr)
        return 2
    stop = threading.Event()
    with contextlib.ExitStack() as stack:
        stack.callback(source.close)
        if threading.current_thread() is threading.main_thread():
            # Ctrl-C and SIGTERM ask for a clean stop: what was kept is saved.
            for number in (signal.SIGINT, signal.SIGTERM):
                stack.callback(signal.signal, number, signal.signal(number, lambda *_: stop.set()))
        preview = Preview()
        try:
            _serve(args, config, session, preview, stack, lang)
        except CompanionError as error:
            _say(error.text, lang, sys.stderr)
            return 2
        rows, cols = session.grid
        _say(Text("enrol_start", game=session.game, cards=len(session.cards), batches=len(session.batches),
                  size=rows * cols, shots=session.shots, source=source.name), lang)
        status = _loop(args, session, source, preview, stop, lang)
    _say(Text("enrol_took", table=f"{session.seconds:.1f}", frames=session.frames,
              compute=f"{time.monotonic() - started:.1f}"), lang)
    return status


def _open(args: argparse.Namespace) -> tuple[EnrolmentSession, Any, Config]:
    """The session (the game's classifier and finder loaded), the camera source and the configuration."""
    game = getattr(args, "game", None) or DEFAULT_GAME
    grid = parse_grid(args.grid)
    if grid is None:
        raise MalformedInput(Text("enrol_bad_grid", value=args.grid))
    name = getattr(args, "deck", None) or game
    if check_name(name) is None:
        raise MalformedInput(Text("enrol_bad_name", name=name))
    cards = None
    if args.cards:
        cards = [card.strip() for card in args.cards.split(",") if card.strip()]
        unknown = [card for card in cards if card not in FACES.get(game, {})]
        if unknown or not cards:
            raise MalformedInput(Text("enrol_unknown_card", card=",".join(unknown)[:60] or "-"))
    if args.shots < 1 or args.shots > 40:
        raise MalformedInput(Text("bad_field", field="--shots", value=args.shots))
    config = load_config(getattr(args, "config", None))
    reader = OnnxClassifier(game)
    if not reader.embeds:
        raise MalformedInput(Text("enrol_no_embedding", game=game))
    finder = make_finder(FINDER, "shipped", game)
    session = EnrolmentSession(game, reader, finder, grid=grid, shots=args.shots,
                               cards=cards if cards is not None else class_names(game), name=name)
    spec = args.source or ""
    if spec == SIMULATED or spec.startswith(SIMULATED + ":"):
        seed = spec.partition(":")[2]
        if seed and not seed.isdigit():
            raise MalformedInput(Text("bad_field", field="--source", value=spec))
        filmed = [other.name for other in specs() if other.layout is not None]
        if game not in filmed:
            raise MalformedInput(Text("enrol_bad_source", games=", ".join(filmed), game=game))
        return session, SimulatedEnrolment(session, int(seed or 0)), config
    camera = config.camera
    source = open_resilient(args.source, configured=camera.source, size=camera.size, lores=camera.lores,
                            fps=camera.fps)
    return session, source, config


def _serve(args: argparse.Namespace, config: Config, session: EnrolmentSession, preview: Preview,
           stack: contextlib.ExitStack, lang: Lang) -> None:
    """Serve the enrolment's page, as ``companion run`` serves its own, and say where."""
    if args.no_page:
        return
    token = config.page.token or _saved_token(default_store_path())
    host = args.host or config.page.host
    port = config.page.port if args.port is None else args.port
    app = create_app(config={"TOKEN": token, "HOST": host}, preview=preview, enrolment=session)
    try:
        server = PageServer(app, host, port)
    except OSError as error:
        raise PageUnavailable(Text("live_cannot_listen", detail=os_reason(error))) from None
    server.start()
    stack.callback(server.stop)
    for address in _addresses(host):
        _say(Text("enrol_page", url=f"http://{address}:{server.port}/enrol#token={token}"), lang)
    _say(Text("live_token", token=token), lang)


def _loop(args: argparse.Namespace, session: EnrolmentSession, source: Any, preview: Preview,
          stop: threading.Event, lang: Lang) -> int:
    """Frames to the session until the profile is saved (and the page lingered), the camera ends
    or gives up, ``--frames`` frames, or a stop; the profile then saved if it was not."""
    shown = -PREVIEW_EVERY
    saved_at: float | None = None
    while not stop.is_set():
        if saved_at is not None and time.monotonic() - saved_at >= args.linger:
            break
        try:
            frame = source.read()
        except BadFrame as error:
            _say(Text("enrol_frame_skipped", index=error.index, detail=error.text), lang)
            continue
        except CameraLost as error:
            _say(Text("enrol_camera_lost", why=error.text), lang, sys.stderr)
            break
        if frame is None:
            if saved_at is None:
                break
            stop.wait(0.2)  # the film is over: the page stays up a moment
            continue
        try:
            session.feed(frame.recognition_image, frame.t)
            if time.monotonic() - shown >= PREVIEW_EVERY and not args.no_page:
                shown = time.monotonic()
                preview.publish(preview_jpeg(frame.recognition_image, session))
        except Exception as error:
            # Whatever one frame does, the next one is read: said, not fatal.
            _say(Text("enrol_frame_skipped", index=frame.index, detail=frame_failure(error)), lang)
        _news(session, lang)
        if session.state == "done":
            session.finish(None)
        if session.state == "finishing":
            if not _save(session, lang):
                return 1
            saved_at = time.monotonic()
        if args.frames is not None and session.frames >= args.frames:
            break
    if session.state != "saved":
        if not any(session.kept.values()):
            _news(session, lang)
            return 1
        session.finish(None)
        if not _save(session, lang):
            return 1
    return 0


def _news(session: EnrolmentSession, lang: Lang) -> None:
    for text in session.take_news():
        _say(text, lang)


def _save(session: EnrolmentSession, lang: Lang) -> bool:
    """Build the profile and save it in the decks folder; False (said) when it cannot be."""
    _news(session, lang)
    try:
        profile = session.build()
        path = deck_path(profile.name, decks_folder())
        profile.save(path)
    except CompanionError as error:
        _say(Text("enrol_not_saved", why=error.text), lang, sys.stderr)
        return False
    except OSError as error:
        _say(Text("enrol_not_saved", why=os_reason(error)), lang, sys.stderr)
        return False
    session.saved(path, profile)
    _news(session, lang)
    return True
