"""The live referee: one entry point, the store committed before any sink, corrections, threads."""

from __future__ import annotations

import io
import itertools
import json
import random
import threading
from pathlib import Path

import pytest

from companion.app.referee import Notice, Referee, parse_options, summary
from companion.app.store import Store
from companion.engine.events import Discard, Override, Play, TakeBack, Undo
from companion.engine.record import Header, Replay
from companion.errors import CorrectionRefused, MalformedInput, StoreError
from companion.games.tranquility.events import StartDiscards
from companion.games.tranquility.selfplay import SelfPlay
from companion.text import Text


class Clock:
    """A fake wall clock: one second a call."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def started(players: int = 3, store: Store | None = None) -> Referee:
    """A Tranquillité referee just after the Start card and its split."""
    referee = Referee(Header("tranquility", players), store=store, clock=Clock())
    referee.submit(Play("start", "start"))
    referee.submit(StartDiscards.of({1: 3, 2: 3, 3: 2}))
    return referee


def test_submit_rules_like_a_replay_of_the_same_lines(golden: Path) -> None:
    text = (golden / "flags-4p.jsonl").read_text(encoding="utf-8")
    header_line, *lines = [line for line in text.splitlines() if line.strip()]
    referee = Referee(Header.from_json(json.loads(header_line)))
    entries = [referee.submit(json.loads(line)) for line in lines]
    replay = list(Replay(io.StringIO(text)))
    assert [e.ruling for e in entries] == [s.ruling for s in replay]
    assert [e.seq for e in entries] == list(range(1, len(lines) + 1))
    expected = Replay(io.StringIO(text))
    list(expected)
    assert referee.game.state_json() == expected.game.state_json()


def test_events_are_stamped_with_seconds_since_the_game_started() -> None:
    referee = Referee(Header("tranquility", 2), clock=Clock())
    entry = referee.submit(Play("start", "start", source="camera"))
    assert entry.line == {"type": "play", "card": "start", "at": "start", "source": "camera", "t": 1.0}
    kept = referee.submit(Discard(2, t=42.5))
    assert kept.line["t"] == 42.5


def test_unsure_reading_is_g2_stored_with_a_null_card_and_raises_an_alert() -> None:
    store = Store(":memory:")
    referee = started(store=store)
    entry = referee.submit({"type": "play", "card": None, "at": "c3", "source": "camera", "confidence": 0.4})
    assert entry.event is None and entry.ruling.rule == "G2" and not entry.ruling.legal
    assert entry.line["card"] is None and entry.line["confidence"] == 0.4
    assert "unsure" in referee.alerts
    stored = store.events(referee.game_id or 0)[-1]
    assert stored.event["card"] is None and stored.ruling["rule"] == "G2"
    referee.submit(Play("30", "c3"))
    assert "unsure" not in referee.alerts


@pytest.mark.parametrize("line", [
    {"type": "play", "card": None, "at": "z9"},
    {"type": "play", "card": "back", "at": "</script>"},
    {"type": "play", "card": None, "at": "c3", "player": 0},
    {"type": "play", "card": "81", "at": "c3"},
    {"type": "nope"},
    {"type": "discard", "count": "two"},
])
def test_malformed_events_raise_and_change_nothing(line: dict[str, object]) -> None:
    store = Store(":memory:")
    referee = started(store=store)
    before = (referee.game.state_json(), len(referee.history), len(store.events(referee.game_id or 0)))
    heard: list[Notice] = []
    referee.subscribe(heard.append)
    with pytest.raises(MalformedInput):
        referee.submit(line)
    after = (referee.game.state_json(), len(referee.history), len(store.events(referee.game_id or 0)))
    assert after == before
    assert heard == []


def test_store_commits_before_any_listener_hears() -> None:
    store = Store(":memory:")
    referee = started(store=store)
    seen: list[tuple[int, int]] = []

    def listener(notice: Notice) -> None:
        assert notice.entry is not None
        seen.append((notice.entry.seq, len(store.events(referee.game_id or 0))))

    referee.subscribe(listener)
    referee.submit(Play("30", "c3"))
    referee.submit(Play("12", "a1"))
    assert seen == [(3, 3), (4, 4)]


class FailingStore(Store):
    """A store whose next append fails, as a full disk would."""

    fail = False

    def append(self, *args: object, **kwargs: object) -> None:
        if self.fail:
            raise StoreError(Text("store_write_failed", path=self.path, detail="disk full"))
        super().append(*args, **kwargs)  # type: ignore[arg-type]


def test_an_event_the_store_refuses_is_not_ruled_nor_announced() -> None:
    store = FailingStore(":memory:")
    referee = started(store=store)
    referee.submit(Play("30", "c3"))
    before = referee.game.state_json()
    heard: list[Notice] = []
    referee.subscribe(heard.append)
    store.fail = True
    with pytest.raises(StoreError):
        referee.submit(Play("40", "d3"))
    with pytest.raises(StoreError):
        referee.submit(Play("12", "b1"))  # refused (T2) and flagged: the flag must not stay either
    assert referee.game.state_json() == before and not referee.game.flagged
    assert len(referee.history) == 3
    # Not announced as ruled; said once, as the store's alert, on every sink; counted.
    assert [notice.kind for notice in heard] == ["alert"] and heard[0].alert == "store"
    assert "disk full" in referee.alerts["store"].en and referee.unstored == 2
    store.fail = False
    assert referee.submit(Play("40", "d3")).seq == 4


def test_a_failing_listener_does_not_stop_the_others(caplog: pytest.LogCaptureFixture) -> None:
    referee = started()
    heard: list[str] = []

    def broken(notice: Notice) -> None:
        raise RuntimeError("page client gone")

    referee.subscribe(broken)
    referee.subscribe(lambda notice: heard.append(notice.kind))
    with caplog.at_level("ERROR"):
        referee.submit(Play("30", "c3"))
    assert heard == ["step"]
    assert "page client gone" in caplog.text


def test_unsubscribe() -> None:
    referee = started()
    heard: list[Notice] = []
    unsubscribe = referee.subscribe(heard.append)
    unsubscribe()
    unsubscribe()
    referee.submit(Play("30", "c3"))
    assert heard == []


def test_correct_a_flagged_card_takes_it_back_and_lays_the_right_one() -> None:
    referee = started()
    referee.submit(Play("30", "c3"))
    refused = referee.submit(Play("20", "e3", player=3))
    assert refused.ruling.rule == "T2" and referee.game.flagged
    take_back, play = referee.correct("e3", "40")
    assert isinstance(take_back.event, TakeBack) and take_back.ruling.legal
    assert isinstance(play.event, Play) and play.event.card == "40" and play.event.player == 3
    assert play.ruling.legal and referee.game.state_json()["cells"]["e3"] == "40"


def test_correct_the_last_card_undoes_it_and_the_ruling_changes() -> None:
    referee = started()
    referee.submit(Play("30", "c3"))
    referee.submit(Play("34", "d3"))
    undo, play = referee.correct("d3", "31")
    assert isinstance(undo.event, Undo) and undo.ruling.legal
    assert play.ruling.legal and play.ruling.discard == 1
    assert referee.game.state_json()["cells"]["d3"] == "31"
    undo, play = referee.correct("d3", "29")  # the right card is now refused and flagged
    assert not play.ruling.legal and play.ruling.rule == "T2"


def test_correct_an_unsure_reading_plays_the_card() -> None:
    referee = started()
    referee.submit({"type": "play", "card": None, "at": "c3"})
    (entry,) = referee.correct("c3", "30")
    assert entry.ruling.legal and entry.line["source"] == "page"


def test_correct_refuses_what_it_cannot_fix_without_changing_anything() -> None:
    referee = started()
    referee.submit(Play("30", "c3"))
    referee.submit(Play("32", "d3"))
    history = len(referee.history)
    with pytest.raises(CorrectionRefused):
        referee.correct("c3", "31")  # not the last card laid
    referee.submit(Play("10", "f6"))  # refused and flagged
    with pytest.raises(CorrectionRefused):
        referee.correct("d3", "33")  # a flag elsewhere must be dealt with first
    with pytest.raises(MalformedInput):
        referee.correct("z9", "41")
    with pytest.raises(MalformedInput):
        referee.correct("e3", "nope")
    assert len(referee.history) == history + 1


def test_new_game_abandons_the_unfinished_one_in_the_store() -> None:
    store = Store(":memory:")
    referee = started(store=store)
    first = referee.game_id
    heard: list[str] = []
    referee.subscribe(lambda notice: heard.append(notice.kind))
    referee.new_game(Header("ascension", 2, {"fauna": True}))
    assert heard == ["game"] and referee.game.name == "ascension" and referee.history == []
    assert store.game(first or 0).outcome == "abandoned"
    assert store.unfinished() is not None and store.unfinished().id == referee.game_id  # type: ignore[union-attr]
    with pytest.raises(MalformedInput):
        referee.new_game(Header("tranquility", 9))
    assert referee.game.name == "ascension"


def test_alerts_are_announced_once() -> None:
    referee = started()
    heard: list[str] = []
    referee.subscribe(lambda notice: heard.append(notice.kind))
    referee.set_alert("camera", Text("alert_camera_lost", detail="unplugged"))
    referee.set_alert("camera", Text("alert_camera_lost", detail="unplugged"))
    referee.set_alert("camera", None)
    referee.set_alert("camera", None)
    assert heard == ["alert", "alert"]


def test_resume_gives_exactly_the_stored_state(rng: random.Random) -> None:
    store = Store(":memory:")
    sim = SelfPlay(4, rng, mistakes=0.15)
    events = sim.run()
    referee = Referee(sim.header, store=store)
    for event in events:
        referee.submit(event)
    stored = store.game(referee.game_id or 0)
    assert stored.outcome == sim.game.outcome().result  # type: ignore[union-attr]
    again = Referee.resume(store, stored)
    assert again.game.state_json() == referee.game.state_json() == sim.game.state_json()
    assert [e.ruling for e in again.history] == [e.ruling for e in referee.history]
    assert [e.line for e in again.history] == [e.line for e in referee.history]
    assert [e.seat for e in again.history] == [e.seat for e in referee.history]
    assert referee.history[0].seat == 1


def test_undo_after_the_end_reopens_the_game_in_the_store() -> None:
    store = Store(":memory:")
    referee = Referee(Header("tranquility", 2), store=store)
    referee.submit(Play("start", "start"))
    referee.submit(StartDiscards.of({1: 4, 2: 4}))
    referee.submit(Discard(2))
    loss = referee.submit({"type": "declare_loss"})
    assert not loss.ruling.legal  # seat 2 still holds cards: T9 refuses it
    assert store.game(referee.game_id or 0).outcome is None


def test_threads_submitting_at_once_get_distinct_consecutive_seqs() -> None:
    store = Store(":memory:")
    referee = started(store=store)
    seqs: list[int] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(25):
            entry = referee.submit(Override(source="button"))  # refused: nothing flagged
            with lock:
                seqs.append(entry.seq)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(seqs) == list(range(3, 103))
    assert [e.seq for e in store.events(referee.game_id or 0)] == list(range(1, 103))


def test_record_lines_replay_to_the_same_state() -> None:
    referee = started()
    for event in (Play("30", "c3"), Play("20", "e3"), TakeBack("e3"), Play("40", "e3")):
        referee.submit(event)
    text = "".join(json.dumps(line) + "\n" for line in referee.record_lines())
    replay = Replay(io.StringIO(text))
    list(replay)
    assert replay.game.state_json() == referee.game.state_json()


@pytest.mark.parametrize(("line", "label"), [
    ({"type": "play", "card": "27", "at": "c1", "player": 2}, "[2] 27@c1"),
    ({"type": "play", "card": None, "at": "c1"}, "?@c1"),
    ({"type": "take_back", "at": "d1"}, "take_back@d1"),
    ({"type": "start_discards", "counts": {"1": 3, "2": 5}}, "start_discards 1:3 2:5"),
    ({"type": "campfire", "card": "campfire-g", "at": "a2", "move_to": "a3"}, "campfire-g@a2→a3"),
    ({"type": "herd", "from": "a1", "rows": 1, "path": ["a2"]}, "herd a1+1"),
    ({"type": "undo"}, "undo"),
])
def test_summary(line: dict[str, object], label: str) -> None:
    assert summary(line) == label


def test_parse_options_refuses_pairs_without_a_name() -> None:
    assert parse_options(["removed = 4", "x=plain text"]) == {"removed": 4, "x": "plain text"}
    for bad in ("removed", "=4", "  "):
        with pytest.raises(MalformedInput):
            parse_options([bad])
    assert parse_options(["deep=" + "[" * 5000]) == {"deep": "[" * 5000}


def test_every_event_of_many_games_is_stored_once(rng: random.Random) -> None:
    store = Store(":memory:")
    for seed in itertools.islice(iter(lambda: rng.randrange(10**6), None), 5):
        sim = SelfPlay(3, random.Random(seed), mistakes=0.1)
        referee = Referee(sim.header, store=store)
        for event in sim.run():
            referee.submit(event)
        assert len(store.events(referee.game_id or 0)) == len(sim.events)


def test_options_read_with_the_bounded_reader() -> None:
    """A value JSON would choke on, or that is no JSON, is kept as the text it is (and the game's
    own check of its options then names it)."""
    deep = "[" * 5000 + "]" * 5000
    assert parse_options(["a=NaN", f"b={deep}", "c=" + "9" * 5000, "d=[1, 2]"]) == {
        "a": "NaN", "b": deep, "c": "9" * 5000, "d": [1, 2]}
