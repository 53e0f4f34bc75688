"""``companion bench club``: simulated tables publishing demo games to a local broker, one dashboard.

Each table is a referee with an in-memory store and its own :class:`Publisher` (its own paho client
and thread), fed the demo's events at ``rate`` a second; the dashboard stores into a real file and
serves its page, whose live stream a reader follows. Printed: event to the dashboard's store and
event to the page (median and p90, ms), the events stored, and the dashboard's memory.
"""

from __future__ import annotations

import http.client
import json
import resource
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from companion.app.club.dashboard import Dashboard
from companion.app.club.mqtt import LocalBroker
from companion.app.club.publish import Publisher
from companion.app.club.wire import Broker
from companion.app.live import demo_game
from companion.app.referee import Referee
from companion.app.store import Store


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


class _Reader:
    """Follows the club page's live stream; records, per snapshot, now minus each new event's stamp."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.latencies: list[float] = []
        self.stop = threading.Event()
        self._seen: dict[str, int] = {}
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        connection.request("GET", "/club/events", headers={"Host": "localhost"})
        response = connection.getresponse()
        while not self.stop.is_set():
            line = response.readline()
            if not line:
                return
            if not line.startswith(b"data: "):
                continue
            now = time.time()
            for table in json.loads(line[6:])["tables"]:
                if table["stored"] > self._seen.get(table["table"], 0) and table["stamp"]:
                    self._seen[table["table"]] = table["stored"]
                    self.latencies.append(now - table["stamp"])


def bench_club(tables: int = 50, rate: float = 10.0, seconds: float = 60.0) -> dict[str, Any]:
    """Run the load and return its figures."""
    from web import create_app  # noqa: PLC0415 (the page only here)
    from web.server import PageServer  # noqa: PLC0415 (with the page, above)

    with tempfile.TemporaryDirectory() as folder, LocalBroker(Path(folder) / "broker") as local:
        broker = Broker("127.0.0.1", local.port, "bench")
        store = Store(Path(folder) / "club.db")
        dashboard = Dashboard(store, broker).start()
        app = create_app(config={"ALLOWED_HOSTS": ["localhost", "127.0.0.1"], "SSE_MAX_CLIENTS": 4},
                         club=dashboard)
        server = PageServer(app, "127.0.0.1", 0).start()
        reader = _Reader(server.port)
        reader.thread.start()
        peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        running: list[tuple[Referee, Publisher, list[dict[str, Any]]]] = []
        for number in range(tables):
            demo = demo_game(players=3, seed=1000 + number)
            table_store = Store(":memory:")
            referee = Referee(demo.header, store=table_store, meta=demo.meta)
            publisher = Publisher(referee, table_store, broker, f"t{number:02d}").start()
            referee.subscribe(publisher)
            running.append((referee, publisher, list(demo.lines)))
        submitted = 0
        began = time.monotonic()
        tick = 0
        while time.monotonic() - began < seconds:
            for number, (referee, _, lines) in enumerate(running):
                if not lines:
                    demo = demo_game(players=3, seed=2000 + number * 100 + tick)
                    referee.new_game(demo.header, meta=demo.meta)
                    lines.extend(demo.lines)
                referee.submit(lines.pop(0))
                submitted += 1
            tick += 1
            time.sleep(max(0.0, began + tick / rate - time.monotonic()))
        deadline = time.monotonic() + 60
        while dashboard.counts["stored"] < submitted and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.5)
        for _, publisher, _ in running:
            publisher.close(flush=0.5)
        reader.stop.set()
        stored = dashboard.counts["stored"]
        store_ms = [1000 * value for value in dashboard.latencies]
        page_ms = [1000 * value for value in reader.latencies]
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        app.extensions["companion_club"].close()
        server.stop()
        dashboard.close()
        store.close()
    return {"tables": tables, "rate": rate, "seconds": seconds, "submitted": submitted, "stored": stored,
            "duplicates": dashboard.counts["duplicates"], "dropped": sum(dashboard.bad.values()),
            "store_ms": {"median": round(statistics.median(store_ms), 1) if store_ms else None,
                         "p90": round(_percentile(store_ms, 0.9), 1)},
            "page_ms": {"median": round(statistics.median(page_ms), 1) if page_ms else None,
                        "p90": round(_percentile(page_ms, 0.9), 1), "samples": len(page_ms)},
            "peak_rss_mb": round(peak / 1024, 1), "rss_before_tables_mb": round(peak_before / 1024, 1)}
