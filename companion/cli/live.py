"""The live commands: ``companion run``, ``companion demo``, ``companion games`` and ``companion export``.

``run`` and ``demo`` start one process holding the referee, the store, the
signals, the buttons and the page; ``games`` and ``export`` read the store.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import secrets
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.app.camera import CameraFeeder, watcher_factory
from companion.app.export import export
from companion.app.live import (
    DEMO_INTERVAL,
    ConsoleSink,
    DemoFeeder,
    Feeder,
    FilmDirector,
    FilmedDemo,
    FilmSource,
    Live,
    SignalSink,
    demo_game,
    film_demo,
    film_position,
    intro,
    seats_tapped,
)
from companion.app.referee import Referee, new_header, parse_options
from companion.app.store import Store, StoredGame, default_store_path, demo_store_path, require_store
from companion.app.table import TableDesk, TableRequest
from companion.cli.lang import lang_of as _lang
from companion.config import DEFAULT_GAME, load_config, user_config
from companion.engine.record import Header
from companion.engine.spec import find_spec
from companion.errors import (
    CompanionError,
    GpioUnavailable,
    MalformedInput,
    PageUnavailable,
    ProfileUnavailable,
)
from companion.text import Lang, Text, os_reason
from hardware.buttons import Buttons
from hardware.signals import ConsoleSignals, GpioSignals, open_signals
from hardware.sources import choose_spec, open_resilient, open_spec, parse_spec
from web import Preview, create_app
from web.join import print_qr
from web.security import _interface_addresses
from web.server import PageServer


def _say(text: Text, lang: Lang, out: IO[str] | None = None) -> None:
    # The standard output of the moment, not of the import (a test's capture, since closed).
    print(text.render(lang), file=out or sys.stdout, flush=True)


# -- run and demo -------------------------------------------------------------------


def run_live(args: argparse.Namespace) -> int:
    """``companion run``: the camera, the watcher, the referee, the signals, the store and the page."""
    return _serve(args, demo=False)


def run_demo(args: argparse.Namespace) -> int:
    """``companion demo``: the whole loop on a simulated game played in real time."""
    if args.speed <= 0 or args.speed > 1000:
        _say(Text("bad_field", field="--speed", value=args.speed), _lang(args), sys.stderr)
        return 2
    return _serve(args, demo=True)


def _serve(args: argparse.Namespace, *, demo: bool) -> int:
    started = time.monotonic()
    lang = _lang(args)
    stop = threading.Event()
    with contextlib.ExitStack() as stack:
        if _main_thread():
            # Ctrl-C and SIGTERM (systemd) ask for a clean stop, whenever they come.
            for number in (signal.SIGINT, signal.SIGTERM):
                stack.callback(signal.signal, number, signal.signal(number, lambda *_: stop.set()))
        try:
            live, ready, join = _open(args, demo=demo, lang=lang, stack=stack)
            live.start()
            stack.callback(live.stop)
        except CompanionError as error:
            _say(error.text, lang, sys.stderr)
            return 2
        except OSError as error:
            # A file or folder that could not be opened (a store or a device the user may not
            # use): named, never taken for the page's port.
            _say(Text("live_cannot_open", path=error.filename or "-", detail=os_reason(error)), lang,
                 sys.stderr)
            return 2
        for line in ready:
            _say(line, lang)
        if join is not None:
            _say_join(join, lang)
        _say(Text("live_ready", seconds=round(time.monotonic() - started, 2)), lang)
        # With no page to look at, a finished demo has nothing to stay up for.
        linger = 0.0 if args.no_page else getattr(args, "linger", 0.0)
        _wait(live, stop, demo=demo, linger=linger, lang=lang)
    if live.referee.unstored:
        # Never "every event is in the store" when one is not.
        _say(Text("live_stopped_unstored", count=live.referee.unstored), lang, sys.stderr)
        return 1
    _say(Text("live_stopped"), lang)
    return 0


def _wait(live: Live, stop: threading.Event, *, demo: bool, linger: float, lang: Lang) -> None:
    """Until ``stop`` (Ctrl-C or SIGTERM); the demo also ends ``linger`` seconds after its game."""
    while not stop.wait(0.2):
        if demo and live.feeders_done():
            if linger > 0:
                _say(Text("live_demo_over", seconds=f"{linger:g}"), lang)
            stop.wait(linger)
            return


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def _open(args: argparse.Namespace, *, demo: bool, lang: Lang,
          stack: contextlib.ExitStack) -> tuple[Live, list[Text], str | None]:
    """Open everything ``run`` or ``demo`` needs; return the live loop, what to print and the
    address other players can reach the page at (None: no page, or none but the loopback)."""
    config = load_config(args.config)
    if getattr(args, "deck", None) is not None:
        config = replace(config, camera=replace(config.camera, deck=args.deck))
    store_path = args.store or (demo_store_path() if demo else default_store_path())
    store = stack.enter_context(Store(store_path))
    say: list[Text] = []
    preview = Preview()
    # Where the page leaves the players' placement of the table for the camera; the corners they
    # set are saved in the configuration in use (the user's file when none): never by the demo.
    table = TableDesk(None if demo else (config.path or user_config()))
    referee, feeders = (_demo_referee(args, config, store, preview, say, table) if demo
                        else _run_referee(args, store, say))
    say.insert(0, intro(referee))
    if store.lost is not None:
        say.insert(0, store.lost)
    say.append(Text("live_store", path=store.path))
    server = None
    join = None
    if not args.no_page:
        token = config.page.token or _saved_token(Path(store.path))
        host = args.host or config.page.host
        port = config.page.port if args.port is None else args.port
        app = create_app(referee, {"TOKEN": token, "HOST": host}, preview=preview, table=table)
        try:
            server = PageServer(app, host, port)
        except OSError as error:
            raise PageUnavailable(Text("live_cannot_listen", detail=os_reason(error))) from None
        stack.callback(server.stop)
        for address in _addresses(host):
            say.append(Text("live_page", url=f"http://{address}:{server.port}/#token={token}"))
        reachable = [address for address in _addresses(host) if not _loopback(address)]
        if reachable:
            join = f"http://{reachable[0]}:{server.port}/"
            app.config["PAGE_URL"] = join  # the page draws its QR code
        say.append(Text("live_token", token=token))

    signals = _signals(config, demo=demo, lang=lang)
    for sink in signals:
        stack.callback(sink.close)
    sinks: list[Callable[..., None]] = [ConsoleSink(referee, sys.stdout, lang), SignalSink(referee, *signals)]
    publisher = _publisher(args, config, referee, store, join, lang)
    if publisher is not None:
        sinks.append(publisher)
        stack.callback(publisher.close)
        say.append(Text("club_publishing", url=publisher.broker.url, table=publisher.table))
    if not demo:
        feeders.extend(_camera(args, config, referee, preview, say, table))
        _buttons(config, referee, stack, say)
    for feeder in feeders:
        source = getattr(feeder, "source", None)
        if source is not None:
            stack.callback(source.close)
    return Live(referee, server=server, sinks=tuple(sinks), feeders=tuple(feeders)), say, join


def _publisher(args: argparse.Namespace, config: Any, referee: Referee, store: Store,
               page: str | None, lang: Lang) -> Any:
    """The club's publisher (``--publish`` or ``[club] broker``), started, or None: it connects in the
    background, so a broker down never holds the referee up (events wait in the store)."""
    url = getattr(args, "publish", None) or config.club.broker
    if not url:
        return None
    from companion.app.club.publish import Publisher  # noqa: PLC0415 (paho only for a club)
    from companion.app.club.wire import parse_broker, table_name  # noqa: PLC0415 (likewise)

    broker = parse_broker(url, config.club)
    return Publisher(referee, store, broker, table_name(config.club.table), page=page,
                     say=lambda text: _say(text, lang, sys.stderr)).start()


def _say_join(url: str, lang: Lang) -> None:
    """The address other players can reach the page at; on a terminal, its QR code above it (in a log
    or a pipe the code's block characters would only garble the lines)."""
    out = sys.stdout
    if out.isatty():
        with contextlib.suppress(OSError, UnicodeError):  # a terminal that cannot draw it still gets the line
            print_qr(url, out)
    _say(Text("live_join", url=url), lang)


def _run_referee(args: argparse.Namespace, store: Store, say: list[Text]) -> tuple[Referee, list[Feeder]]:
    unfinished = store.unfinished()
    if unfinished is not None and not args.new:
        asked = (args.game, args.players)
        if asked not in ((None, None), (unfinished.header.game, unfinished.header.players)):
            say.append(Text("live_resume_other", id=unfinished.id))
        say.append(Text("live_resumed", id=unfinished.id, events=unfinished.events))
        return Referee.resume(store, unfinished), []
    if args.game is None and args.players is None:
        # Nothing to resume and nothing asked (a service's first start): a game to begin with,
        # which the page's "New game" replaces.
        args.game, args.players = DEFAULT_GAME, 3
        say.append(Text("live_default_game"))
    elif args.game is None or args.players is None:
        raise MalformedInput(Text("live_need_game"))
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    header = new_header(args.game, args.players, parse_options(args.option), names=names,
                        setup=parse_options(args.setup))
    if unfinished is not None:
        store.abandon(unfinished.id, now=time.time())
    return Referee(header, store=store), []


def _demo_referee(args: argparse.Namespace, config: Any, store: Store, preview: Any,
                  say: list[Text], table: TableDesk) -> tuple[Referee, list[Feeder]]:
    selfplay = find_spec(args.game).selfplay
    options = parse_options(args.option)
    if selfplay is not None:
        # Bad seats or options: a clear error, before any film.
        selfplay(args.players, random.Random(args.seed), options=options)
    film: FilmedDemo | None = None
    make_watcher: Callable[[Any], Any] | None = None
    # A game whose camera reading still derails a filmed game (issue 4) is fed directly.
    feed = args.feed or ("camera" if find_spec(args.game).vision.filmed else "engine")
    if feed == "camera":
        try:
            film = film_demo(args.game, args.players, args.seed, options=options)
            make_watcher = watcher_factory(config)
            make_watcher(film.header.new_game())  # the model loads now, or we say why not
        except ProfileUnavailable:
            raise  # a deck asked for and not usable: said, never a demo without it
        except (ImportError, CompanionError) as error:
            why = error.text if isinstance(error, CompanionError) else Text("desc_event", kind=error)
            say.append(Text("live_demo_no_film", why=why))
            film = None
    demo = None
    if film is not None:
        header, meta = film.header, film.meta
    else:
        demo = demo_game(args.game, args.players, args.seed, options=options)
        header, meta = demo.header, demo.meta
    referee = _demo_resume(args, store, header, meta, say) or Referee(header, store=store, meta=meta)
    if film is not None and make_watcher is not None:
        simulation = film.simulation
        start = film_position(referee, simulation.fps)
        feeder = CameraFeeder(referee, make_watcher, publish=preview.publish,
                              director=FilmDirector(simulation, referee, start=start), film_time=True,
                              table=table)
        feeder.source = FilmSource(simulation, speed=args.speed, start=start)
        seats = seats_tapped(simulation)
        if seats is not None:
            table.ask(TableRequest(seats=seats))  # the players tap their seats on the page first
        left = max(0, len(simulation.shots) - start)
        say.append(Text("live_demo_film", frames=len(simulation.shots), left=left,
                        seconds=f"{left / simulation.fps / args.speed:.0f}"))
        return referee, [feeder]
    assert demo is not None
    engine = DemoFeeder(referee, demo, speed=args.speed, interval=DEMO_INTERVAL)
    say.append(Text("live_demo", events=len(demo.lines), left=len(engine.remaining),
                    seconds=f"{len(engine.remaining) * engine.delay:.0f}"))
    return referee, [engine]


def _demo_resume(args: argparse.Namespace, store: Store, header: Header, meta: dict[str, Any],
                 say: list[Text]) -> Referee | None:
    """The unfinished demo game of the same seed, resumed; any other unfinished one is abandoned."""
    unfinished = store.unfinished()
    if unfinished is None:
        return None
    if not args.new and _same_demo(unfinished, meta, header):
        say.append(Text("live_resumed", id=unfinished.id, events=unfinished.events))
        return Referee.resume(store, unfinished)
    store.abandon(unfinished.id, now=time.time())
    return None


def _same_demo(stored: StoredGame, meta: dict[str, Any], header: Header) -> bool:
    return stored.meta == meta and stored.header.to_json() == header.to_json()


def _saved_token(store_path: Path) -> str:
    """The page token kept beside the store (made once), for a configuration that sets none."""
    path = store_path.with_name("page-token")
    with contextlib.suppress(OSError):
        token = path.read_text(encoding="utf-8").strip()
        if 8 <= len(token) <= 128:
            return token
    token = secrets.token_urlsafe(12)
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(token + "\n")
    return token


def _loopback(address: str) -> bool:
    """Whether ``address`` is this machine's alone (no other phone reaches it).

    >>> [_loopback(a) for a in ("localhost", "127.0.1.1", "[::1]", "192.168.1.20", "pi.local")]
    [True, True, True, False, False]
    """
    return address in ("localhost", "[::1]", "::1") or address.startswith("127.")


def _addresses(host: str) -> list[str]:
    """Where players can open the page: the LAN addresses when listening on all of them."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"[{host}]" if ":" in host else host]
    lan = sorted(a for a in _interface_addresses() if "." in a and not a.startswith("127."))
    return [*lan[:2], "localhost"]


def _signals(config: Any, *, demo: bool, lang: Lang) -> list[Any]:
    """The signal sinks: the configured ones; the demo says them on the console and plays them
    on mock GPIO pins too (so the LED code runs as on a Pi)."""
    if not demo:
        return [open_signals(config, out=sys.stdout, lang=lang)]
    sinks: list[Any] = [ConsoleSignals(sys.stdout, lang=lang)]
    with contextlib.suppress(CompanionError):
        sinks.append(GpioSignals(config.pins, pin_factory=MockFactory(pin_class=MockPWMPin)))
    return sinks


def _buttons(config: Any, referee: Referee, stack: contextlib.ExitStack, say: list[Text]) -> None:
    """The discard and undo buttons, where there are GPIO pins."""
    try:
        buttons = Buttons(_submitter(referee), config.pins, config.buttons)
    except GpioUnavailable as error:
        say.append(Text("live_no_buttons", why=error.text))
        return
    stack.callback(buttons.close)


def _submitter(referee: Referee) -> Callable[[Any], None]:
    def submit(event: Any) -> None:
        with contextlib.suppress(CompanionError):
            referee.submit(event)
    return submit


def _camera(args: argparse.Namespace, config: Any, referee: Referee, preview: Any,
            say: list[Text], table: TableDesk) -> Iterator[Feeder]:
    """The camera feeder: the configured (or given) camera, read by the watcher.

    Without a model for the game, the companion runs all the same on the page and the buttons.
    """
    try:
        make_watcher = watcher_factory(config)
        with referee.lock:
            make_watcher(referee.game)
    except ProfileUnavailable:
        raise  # a deck asked for and not usable: said, never a camera reading without it
    except CompanionError as error:
        say.append(Text("live_no_camera", why=error.text))
        return
    camera = config.camera
    name, why = choose_spec(args.source, configured=camera.source)
    if why is not None and name.startswith("synthetic"):
        # No camera found: random synthetic scenes would only make nonsense events.
        say.append(Text("live_no_camera", why=why))
        return
    spec = parse_spec(name)
    if spec.kind in ("video", "folder"):
        open_spec(spec, size=camera.size, fps=camera.fps).close()  # a missing file: say so now
    feeder = CameraFeeder(referee, make_watcher, publish=preview.publish, table=table)
    feeder.source = open_resilient(name, on_status=feeder.status, size=camera.size, lores=camera.lores,
                                   fps=camera.fps)
    say.append(Text("live_camera", source=feeder.source.name))
    yield feeder


# -- games and export ---------------------------------------------------------------


def _reader(args: argparse.Namespace, lang: Lang) -> Store:
    """The store asked for, else the user's; the demo's where the user's has no game yet (after a
    first ``companion demo``), said on the error stream."""
    path = args.store or default_store_path()
    if args.store is None and not path.exists() and demo_store_path().is_file():
        _say(Text("store_demo_only", path=path, demo=demo_store_path()), lang, sys.stderr)
        path = demo_store_path()
    require_store(path)
    return Store(path, writer=False)


def run_games(args: argparse.Namespace) -> int:
    """``companion games``: one line per stored game."""
    lang = _lang(args)
    try:
        with _reader(args, lang) as store:
            games = store.games()
            shown = store.path
    except CompanionError as error:
        _say(error.text, lang, sys.stderr)
        return 2
    if not games and not args.json:
        _say(Text("games_none"), lang)
    for game in games:
        if args.json:
            print(json.dumps({"id": game.id, "game": game.header.game, "players": game.header.players,
                              "created": game.created, "finished": game.finished, "outcome": game.outcome,
                              "events": game.events, "header": game.header.to_json()}, ensure_ascii=False))
            continue
        created = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.created))
        outcome = Text(f"games_{game.outcome}") if game.outcome else Text("games_ongoing")
        print(f"{game.id:>4}  {created}  {game.header.game:<12} {game.header.players}p  "
              f"{game.events:>4} ev.  {outcome.render(lang)}")
    demo = demo_store_path()
    if args.store is None and not args.json and Path(shown) != demo and demo.is_file():
        _say(Text("games_demo_too", demo=demo), lang, sys.stderr)
    return 0


def run_export(args: argparse.Namespace) -> int:
    """``companion export ID [ID ...] --format jsonl|csv|bgstats|bgg``."""
    lang = _lang(args)
    try:
        with _reader(args, lang) as store:
            if args.out is None:
                export(store, args.id, args.format, sys.stdout, lang=lang)
            else:
                with open(args.out, "w", encoding="utf-8", newline="") as handle:
                    export(store, args.id, args.format, handle, lang=lang)
    except CompanionError as error:
        _say(error.text, lang, sys.stderr)
        return 2
    except BrokenPipeError:
        raise
    except OSError as error:
        where = Text("cli_the_output") if args.out is None else args.out
        _say(Text("cli_cannot_write", path=where, detail=os_reason(error)), lang, sys.stderr)
        return 2
    return 0
