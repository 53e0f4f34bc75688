"""A worker of ``companion bench club``: some simulated tables in a process of their own.

Run as ``python -m companion.app.club.tables JSON`` (host, port, club, first, count, rate, seconds).
Each table is a referee with an in-memory store and its own :class:`Publisher` (its own paho client
and thread). The worker builds its tables and their demo games, connects them, prints one line
``{"ready": ...}`` and reads the start (wall-clock seconds) from its standard input; then table ``i``
of ``n`` gets its event ``k`` at ``start + (k + i / n) / rate``, on that schedule (never by
sleeping a period, which drifts), every event due before ``start + seconds`` offered even when late.
It waits for the broker's acknowledgements and prints one JSON line: the events offered, how late
they were offered (ms behind their due time), the rate reached, and the worker's peak memory.
"""

from __future__ import annotations

import json
import math
import resource
import statistics
import sys
import time
from typing import Any

from companion.app.club.publish import Publisher
from companion.app.club.wire import Broker
from companion.app.live import DemoGame, demo_game
from companion.app.referee import Referee
from companion.app.store import Store

#: Seconds a worker waits for its tables to connect, and for the broker to acknowledge the rest.
CONNECT = 20.0
DRAIN = 60.0


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


class _Table:
    """One simulated table: its referee, publisher and the games it will play, in order."""

    def __init__(self, broker: Broker, number: int, events: int) -> None:
        demo = demo_game(players=3, seed=1000 + number)
        self.store = Store(":memory:")
        self.referee = Referee(demo.header, store=self.store, meta=demo.meta)
        self.publisher = Publisher(self.referee, self.store, broker, f"t{number:02d}")
        self.referee.subscribe(self.publisher)
        self.lines = list(demo.lines)
        self.games: list[DemoGame] = []
        total, game = len(self.lines), 0
        while total < events:  # the next games drawn now, not while the clock runs
            following = demo_game(players=3, seed=2000 + number * 100 + game)
            self.games.append(following)
            total += len(following.lines)
            game += 1
        self.offered = 0

    def offer(self) -> None:
        """Submit the table's next event (a new game when one ends)."""
        if not self.lines:
            following = self.games.pop(0)
            self.referee.new_game(following.header, meta=following.meta)
            self.lines.extend(following.lines)
        self.referee.submit(self.lines.pop(0))
        self.offered += 1


def run_tables(broker: Broker, first: int, count: int, rate: float, seconds: float,
               start: float | None = None) -> dict[str, Any]:
    """Build tables ``first`` to ``first + count - 1``, say ready, run the schedule; the figures.

    ``start`` none: read from standard input after printing the ready line.
    """
    due_per_table = math.ceil(rate * seconds) + 1
    tables = [_Table(broker, first + index, due_per_table) for index in range(count)]
    for table in tables:
        table.publisher.start()
    deadline = time.monotonic() + CONNECT
    while not all(table.publisher.connected.is_set() for table in tables) and time.monotonic() < deadline:
        time.sleep(0.02)
    if start is None:
        print(json.dumps({"ready": first}), flush=True)
        start = float(sys.stdin.readline())
    end = start + seconds
    late: list[float] = []
    tick = 0
    while start + tick / rate < end:
        for index, table in enumerate(tables):
            due = start + (tick + index / count) / rate
            if due >= end:
                break
            ahead = due - time.time()
            if ahead > 0:
                time.sleep(ahead)
            late.append(max(0.0, time.time() - due))
            table.offer()
        tick += 1
    finished = time.time()
    offered = sum(table.offered for table in tables)
    deadline = time.monotonic() + DRAIN
    while time.monotonic() < deadline and any(
            table.publisher.published < table.offered or table.publisher.pending() for table in tables):
        time.sleep(0.05)
    for table in tables:
        table.publisher.close(flush=1.0)
        table.store.close()
    late_ms = [1000 * value for value in late]
    return {"first": first, "tables": count, "offered": offered,
            "published": sum(table.publisher.published for table in tables),
            "acked": sum(table.publisher.acked for table in tables),
            "offered_per_s": round(offered / max(seconds, finished - start), 1),
            "late_ms": {"median": round(statistics.median(late_ms), 2) if late_ms else None,
                        "p90": round(_percentile(late_ms, 0.9), 2),
                        "max": round(max(late_ms), 2) if late_ms else None},
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}


def main(argv: list[str]) -> int:
    """The worker's entry point: its settings as one JSON argument; its figures as one JSON line."""
    settings = json.loads(argv[0])
    broker = Broker(settings["host"], int(settings["port"]), settings["club"])
    result = run_tables(broker, int(settings["first"]), int(settings["count"]), float(settings["rate"]),
                        float(settings["seconds"]))
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
