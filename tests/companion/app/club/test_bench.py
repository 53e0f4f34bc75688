"""``companion bench club`` at a small load: tables in worker processes, the dashboard on its own."""

from __future__ import annotations

import pytest

from companion.app.club.bench import bench_club
from companion.app.club.mqtt import LocalBroker


@pytest.mark.long
def test_bench_club_offers_its_load_and_the_dashboard_stores_it_once() -> None:
    if not LocalBroker.available():
        pytest.skip("mosquitto is not installed (tests/run installs Debian's as root)")
    result = bench_club(tables=4, rate=5.0, seconds=2.0, workers=2)
    assert result["workers"] == 2 and len(result["workers_peak_rss_mb"]) == 2
    assert result["offered"] == 4 * 5 * 2  # every event due in the 2 s, from both workers
    assert result["stored"] == result["offered"]
    assert result["duplicates"] == 0 and result["dropped"] == 0
    assert result["store_ms"]["median"] is not None and result["store_ms"]["median"] > 0
    assert result["page_ms"]["samples"] > 0 and result["page_ms"]["median"] is not None
    assert result["late_ms_worst"]["max"] is not None
    assert all(value > 0 for value in result["workers_peak_rss_mb"]) and result["dashboard_peak_rss_mb"] > 0
