"""``companion bench club``: simulated tables publishing demo games to a local broker, one dashboard.

The tables run in ``workers`` processes of their own (:mod:`companion.app.club.tables`), each table
a referee with an in-memory store and its own :class:`Publisher`, fed on a schedule of ``rate``
events a second from a start they all share; each worker says what it offered and how late. The
dashboard, in this process alone, stores into a real file and serves its page, whose live stream a
reader follows. Printed: the load offered and stored, event to the dashboard's store and event to
the page (median and p90, ms, from the event's stamp at its table: one machine, one clock), and
the peak memory of the dashboard's process and of each worker.
"""

from __future__ import annotations

import http.client
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from companion.app.club.dashboard import Dashboard
from companion.app.club.mqtt import LocalBroker
from companion.app.club.wire import Broker
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


#: Seconds between the workers' ready lines and the start they share.
LEAD = 0.5


def _workers(broker: Broker, tables: int, workers: int, rate: float,
             seconds: float) -> list[subprocess.Popen[str]]:
    """Start the workers, tables shared out as evenly as can be."""
    started = []
    first = 0
    for index in range(workers):
        count = tables // workers + (1 if index < tables % workers else 0)
        settings = {"host": broker.host, "port": broker.port, "club": broker.club, "first": first,
                    "count": count, "rate": rate, "seconds": seconds}
        started.append(subprocess.Popen([sys.executable, "-m", "companion.app.club.tables",
                                         json.dumps(settings)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True))
        first += count
    return started


def _run(broker: Broker, tables: int, workers: int, rate: float, seconds: float) -> list[dict[str, Any]]:
    """Start the workers, give them one start, and return their figures; none left running."""
    running = _workers(broker, tables, workers, rate, seconds)
    try:
        for worker in running:
            assert worker.stdout is not None
            if "ready" not in json.loads(worker.stdout.readline() or "{}"):
                raise RuntimeError("a bench club worker did not start")
        start = time.time() + LEAD
        for worker in running:
            assert worker.stdin is not None
            worker.stdin.write(f"{start!r}\n")
            worker.stdin.flush()
        reports = []
        for worker in running:
            assert worker.stdout is not None
            reports.append(json.loads(worker.stdout.readline() or "{}"))
            worker.wait(30)
        return reports
    finally:
        for worker in running:
            if worker.poll() is None:
                worker.kill()
                worker.wait()
            for pipe in (worker.stdin, worker.stdout):
                if pipe is not None:
                    pipe.close()


def bench_club(tables: int = 50, rate: float = 10.0, seconds: float = 60.0,
               workers: int = 4) -> dict[str, Any]:
    """Run the load and return its figures."""
    from web import create_app  # noqa: PLC0415 (the page only here)
    from web.server import PageServer  # noqa: PLC0415 (with the page, above)

    workers = max(1, min(workers, tables))
    with tempfile.TemporaryDirectory() as folder, LocalBroker(Path(folder) / "broker") as local:
        broker = Broker("127.0.0.1", local.port, "bench")
        store = Store(Path(folder) / "club.db")
        dashboard = Dashboard(store, broker).start()
        app = create_app(config={"ALLOWED_HOSTS": ["localhost", "127.0.0.1"], "SSE_MAX_CLIENTS": 4},
                         club=dashboard)
        server = PageServer(app, "127.0.0.1", 0).start()
        reader = _Reader(server.port)
        reader.thread.start()
        reports = _run(broker, tables, workers, rate, seconds)
        offered = sum(int(report.get("offered", 0)) for report in reports)
        deadline = time.monotonic() + 60
        while dashboard.counts["stored"] < offered and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.5)
        reader.stop.set()
        stored = dashboard.counts["stored"]
        store_ms = [1000 * value for value in dashboard.latencies]
        page_ms = [1000 * value for value in reader.latencies]
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        app.extensions["companion_club"].close()
        server.stop()
        dashboard.close()
        store.close()
    late = [report["late_ms"] for report in reports if report.get("late_ms")]
    return {"tables": tables, "rate": rate, "seconds": seconds, "workers": workers,
            "target_per_s": round(tables * rate, 1), "offered": offered,
            "offered_per_s": round(sum(float(report.get("offered_per_s", 0)) for report in reports), 1),
            "late_ms_worst": {"median": max((item["median"] or 0 for item in late), default=None),
                        "p90": max((item["p90"] for item in late), default=None),
                        "max": max((item["max"] or 0 for item in late), default=None)},
            "stored": stored, "duplicates": dashboard.counts["duplicates"],
            "dropped": sum(dashboard.bad.values()),
            "store_ms": {"median": round(statistics.median(store_ms), 1) if store_ms else None,
                         "p90": round(_percentile(store_ms, 0.9), 1)},
            "page_ms": {"median": round(statistics.median(page_ms), 1) if page_ms else None,
                        "p90": round(_percentile(page_ms, 0.9), 1), "samples": len(page_ms)},
            "dashboard_peak_rss_mb": round(peak / 1024, 1),
            "workers_peak_rss_mb": [report.get("peak_rss_mb") for report in reports]}
