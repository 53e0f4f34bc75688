"""``companion club`` (the dashboard of a club's tables, on one page) and ``companion bench club``."""

from __future__ import annotations

import argparse
import contextlib
import json
import signal
import sys
import threading
import time

from companion.app.club.dashboard import Dashboard
from companion.app.club.wire import parse_broker
from companion.app.store import Store, default_store_path
from companion.cli.lang import lang_of
from companion.config import load_config
from companion.errors import CompanionError, ConfigError
from companion.text import Lang, Text, os_reason

#: Seconds ``companion club`` waits for the broker at start before saying it cannot be reached.
CONNECT_WAIT = 10.0


def _say(text: Text, lang: Lang, err: bool = False) -> None:
    print(text.render(lang), file=sys.stderr if err else sys.stdout, flush=True)


def run_club(args: argparse.Namespace) -> int:
    """``companion club``: follow the club's tables into the club's store and serve their page."""
    from web import create_app  # noqa: PLC0415 (the page's modules load only for this command)
    from web.server import PageServer  # noqa: PLC0415 (with the page, above)

    lang = lang_of(args)
    stop = threading.Event()
    try:
        config = load_config(args.config)
        url = args.broker or config.club.broker
        if not url:
            raise ConfigError(Text("club_no_club", url="-"))
        broker = parse_broker(url, config.club, club=args.club)
        store_path = args.store or default_store_path().with_name("club.db")
        with contextlib.ExitStack() as stack:
            store = stack.enter_context(Store(store_path))
            dashboard = Dashboard(store, broker, name=args.name).start()
            stack.callback(dashboard.close)
            deadline = time.monotonic() + CONNECT_WAIT
            while not dashboard.connected.wait(0.1) and time.monotonic() < deadline:
                if dashboard.refused:
                    _say(Text("club_refused", url=broker.url, detail=dashboard.refused), lang, True)
                    return 2
            if not dashboard.connected.is_set():
                _say(Text("club_unreachable", url=broker.url, detail=f"{CONNECT_WAIT:g} s"), lang, True)
                return 2
            host = args.host or config.page.host
            port = config.page.port if args.port is None else args.port
            app = create_app(config={"HOST": host}, club=dashboard)
            try:
                server = PageServer(app, host, port).start()
            except OSError as error:
                _say(Text("live_cannot_listen", detail=os_reason(error)), lang, True)
                return 2
            stack.callback(server.stop)
            stack.callback(app.extensions["companion_club"].close)
            _say(Text("club_following", club=broker.club, url=broker.url, path=store.path), lang)
            shown = "localhost" if host in ("0.0.0.0", "::", "") else host
            _say(Text("club_page", url=f"http://{shown}:{server.port}/club/"), lang)
            if threading.current_thread() is threading.main_thread():
                for number in (signal.SIGINT, signal.SIGTERM):
                    stack.callback(signal.signal, number, signal.signal(number, lambda *_: stop.set()))
            while not stop.wait(0.5):
                pass
            dropped = sum(dashboard.bad.values())
            _say(Text("club_stopped", stored=dashboard.counts["stored"], dropped=dropped), lang)
    except CompanionError as error:
        _say(error.text, lang, True)
        return 2
    return 0


def run_bench_club(args: argparse.Namespace) -> int:
    """``companion bench club``: the load of ``--tables`` tables at ``--rate`` events a second."""
    from companion.app.club.bench import bench_club  # noqa: PLC0415 (the bench only when asked)
    from companion.app.club.mqtt import LocalBroker  # noqa: PLC0415 (likewise)

    lang = lang_of(args)
    if args.tables < 1 or not 0 < args.rate <= 100 or args.workers < 1:
        _say(Text("bad_field", field="--tables/--rate/--workers",
                  value=f"{args.tables}/{args.rate}/{args.workers}"), lang, True)
        return 2
    if not LocalBroker.available():
        _say(Text("club_unreachable", url="mosquitto", detail="apt-get install mosquitto"), lang, True)
        return 2
    result = bench_club(args.tables, args.rate, args.seconds, args.workers)
    if args.json:
        print(json.dumps(result))
        return 0
    late = result["late_ms_worst"]
    print(f"companion bench club: {result['tables']} tables x {result['rate']:g} ev/s x "
          f"{result['seconds']:g} s in {result['workers']} worker processes")
    print(f"  offered: {result['offered']} events, {result['offered_per_s']:g} ev/s "
          f"(target {result['target_per_s']:g}); behind schedule, worst worker: median {late['median']} ms, "
          f"p90 {late['p90']} ms, max {late['max']} ms")
    print(f"  dashboard: {result['stored']} stored, {result['duplicates']} duplicates, "
          f"{result['dropped']} dropped")
    store, page = result["store_ms"], result["page_ms"]
    print(f"  event to dashboard store: median {store['median']} ms, p90 {store['p90']} ms")
    print(f"  event to page stream:     median {page['median']} ms, p90 {page['p90']} ms "
          f"({page['samples']} samples)")
    print(f"  peak memory: dashboard process {result['dashboard_peak_rss_mb']} MB; workers "
          f"{', '.join(f'{value} MB' for value in result['workers_peak_rss_mb'])}")
    return 0
