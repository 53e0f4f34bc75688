"""A store looked after: checked, recovered when damaged, copied while a companion writes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.app.repair import backup, check, recover
from companion.app.store import Store
from companion.errors import StoreError
from tests.companion.app.test_store import damage, filled, header


def records(path: Path) -> dict[int, list[dict[str, object]]]:
    """Every game's event lines, by id."""
    with Store(path, writer=False) as store:
        return {game.id: [event.event for event in store.events(game.id)] for game in store.games()}


def test_a_sound_store_checks_sound(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    filled(path, games=2, events=5)
    report = check(path, full=True)
    assert report.problems == [] and (report.games, report.events) == (2, 10)


@pytest.mark.parametrize("outcome", ["won", "lost", "void", "draw", "abandoned"])
def test_every_outcome_an_engine_gives_checks_sound(outcome: str, tmp_path: Path) -> None:
    # A redealt Crew attempt is void and a Compétition may end level: neither is damage to repair.
    path = tmp_path / "games.db"
    with Store(path) as store:
        game = store.create(header(), now=1.0)
        store.append(game, 1, {"type": "discard", "count": 2}, {"seq": 1, "legal": True}, stamp=2.0,
                     outcome=outcome)
    report = check(path, full=True)
    assert report.problems == [] and report.games == 1


def test_random_bytes_in_the_middle_are_found_and_the_readable_games_recovered(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    filled(path, games=3, events=40)
    before = records(path)
    damage(path)
    damaged = path.read_bytes()
    assert check(path).problems  # what is wrong, said

    report = recover(path)
    assert report.aside is not None and Path(report.aside).read_bytes() == damaged  # kept aside as it was
    assert Path(report.aside).name.startswith("games.db.damaged-")
    assert report.games == 3 and 0 < report.lost_events < 120
    assert report.events + report.lost_events == 120
    after = records(path)
    for game, events in after.items():
        assert events == before[game][:len(events)]  # each game up to its first unreadable event
    assert sum(len(events) for events in after.values()) == report.events
    assert check(path, full=True).problems == []
    with Store(path) as store:  # a writer takes it again, and goes on numbering after it
        assert store.lost is None
        assert store.create(header(), now=9.0) == 4


def test_broken_rows_are_listed_and_recovery_keeps_what_comes_before_them(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    filled(path, games=3, events=4)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET event = '{\"type\": \"disc' WHERE game_id = 1 AND seq = 3")
        db.execute("UPDATE events SET stamp = 'noon' WHERE game_id = 3 AND seq = 1")
        db.execute("UPDATE games SET header = '{\"record\": 1}' WHERE id = 2")
    report = check(path)
    said = sorted(problem.en for problem in report.problems)
    assert len(said) == 3
    assert said[0].startswith("game 1, event 3: not valid JSON")
    assert said[1].startswith("game 2: ") and said[2].startswith("game 3, event 1: bad value for 'stamp'")
    assert report.problems[0].fr.startswith("partie")

    recovered = recover(path)
    assert (recovered.games, recovered.events, recovered.lost_games, recovered.lost_events) == (2, 2, 1, 10)
    assert {game: len(events) for game, events in records(path).items()} == {1: 2, 3: 0}


def test_recover_waits_for_no_writer_and_needs_a_store(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with Store(path), pytest.raises(StoreError) as error:
        recover(path)
    assert error.value.text.key == "store_busy"
    with pytest.raises(StoreError) as error:
        recover(tmp_path / "none.db")
    assert error.value.text.key == "store_none"


def test_backup_while_a_writer_holds_the_store(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    filled(path, games=2, events=5)
    with Store(path) as writer:
        game = writer.create(header(), now=3.0)
        writer.append(game, 1, {"type": "undo"}, {}, stamp=4.0)  # in the journal, not yet in the file
        report = backup(path, tmp_path / "copy.db")
        writer.append(game, 2, {"type": "undo"}, {}, stamp=5.0)  # the writer goes on
    assert (report.games, report.events, report.problems) == (3, 11, [])
    copy = tmp_path / "copy.db"
    assert not Path(f"{copy}-wal").exists()  # one file to carry away
    expected = records(path)
    expected[3] = expected[3][:1]
    assert records(copy) == expected


def test_recovery_keeps_the_club_broker_marks_at_most_the_events_kept(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    filled(path, games=3, events=4)
    with Store(path) as store:
        for game, seq in ((1, 4), (2, 3), (3, 4)):
            store.mark_published(game, seq)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE events SET event = '{\"type\": \"disc' WHERE game_id = 1 AND seq = 3")
    recover(path)
    with Store(path, writer=False) as store:
        # A recovered table republishes only what its broker never acknowledged, or lost here.
        assert store.published() == {1: 2, 2: 3, 3: 4}
