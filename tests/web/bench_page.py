"""The page's weight and its event-to-page time, measured (not a test: run it to print the figures).

``.venv/bin/python -m tests.web.bench_page [--events N]``: for each game with a page, the bytes a phone
loads for the page (its HTML, style and scripts, as served, and gzipped for reference), then the time
from an event reaching the referee to its ruling drawn by a phone-sized page in Debian's chromium (the
page's own ``data-latency``), over N events of the game's demo fed 150 ms apart; target 300 ms.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import time

from companion.app.live import demo_game
from companion.app.referee import Referee
from tests.web.browsing import phone_page
from web import Preview, create_app

GAMES = {"tranquility": 3, "ascension": 3, "crew": 4, "rixes": 2}
ASSETS = ("/static/page.css", "/static/common.js", "/static/page.js")
#: The time between two events fed, about a quick player's.
PAUSE = 0.15


def weight(game: str) -> tuple[int, int, str]:
    """The bytes of the page of ``game`` a third into its demo: as served, gzipped, and whether it is
    served compressed."""
    demo = demo_game(game, GAMES[game], 7)
    referee = Referee(demo.header)
    for line in demo.lines[:len(demo.lines) // 3]:
        referee.submit(line)
    client = create_app(referee, {"TOKEN": "bench", "PAGE_URL": "http://192.168.1.20:8080/"},
                        preview=Preview()).test_client()
    bodies = []
    encodings = set()
    for path in ("/?lang=en", *ASSETS):
        with client.get(path, headers={"Accept-Encoding": "gzip"}) as response:
            bodies.append(response.data)
            encodings.add(response.headers.get("Content-Encoding", "identity"))
    raw = sum(len(body) for body in bodies)
    packed = sum(len(gzip.compress(body, 9)) for body in bodies)
    return raw, packed, ",".join(sorted(encodings))


def latency(game: str, events: int) -> list[float]:
    """The page's event-to-page times (ms) over ``events`` events of ``game``'s demo."""
    demo = demo_game(game, GAMES[game], 7)
    referee = Referee(demo.header)
    app = create_app(referee, {"TOKEN": "bench", "HOST": "127.0.0.1"}, preview=Preview())
    with phone_page(app) as (base, page, _):
        page.goto(base + "?lang=en")
        page.wait_for_selector("#link.live")
        for line in demo.lines[:events]:
            referee.submit(line)
            time.sleep(PAUSE)
        page.wait_for_selector(f"body[data-events='{min(events, len(demo.lines))}']", timeout=10_000)
        times: list[float] = page.evaluate("window.companionLatencies")
    return times


def main() -> None:
    """Print each game's page weight and event-to-page times."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=40, help="events fed to each page (default 40)")
    args = parser.parse_args()
    for game in GAMES:
        raw, packed, served = weight(game)
        times = latency(game, args.events)
        ninetieth = sorted(times)[int(0.9 * (len(times) - 1))]
        print(f"{game:12} page {raw / 1024:5.1f} KiB served ({served}), {packed / 1024:4.1f} KiB gzipped; "
              f"event to page over {len(times)} events: median {statistics.median(times):.0f} ms, "
              f"90th {ninetieth:.0f} ms, max {max(times):.0f} ms (target 300 ms)")


if __name__ == "__main__":
    main()
