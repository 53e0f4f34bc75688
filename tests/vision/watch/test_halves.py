"""The watcher at Jour et nuit's cards: each card's half up read twice (on its crop and on the crop
turned half round), a card turned where it lies told at once, a half never confirmed never named."""

from __future__ import annotations

import numpy as np

from companion.engine.events import Event, Play
from companion.games.tranquility.daynight import DayNight
from companion.games.tranquility.events import Rotate
from models.render.staging import Director
from models.render.video import FilmSet, Laid
from vision.read.classify import Crops, OnnxClassifier, Readings
from vision.watch.changes import TableView
from vision.watch.geometry import TableGeometry
from vision.watch.stable import Prompt
from vision.watch.watcher import Watcher

OPTIONS = {"variant": "day_night"}
FPS = 15.0


def _setting(seed: int) -> tuple[DayNight, Director]:
    game = DayNight.from_position(3, start=True, hands=[5, 5, 5], options=OPTIONS)
    film = FilmSet("tranquility", seed)
    director = Director(film, np.random.default_rng(seed), 3, FPS)
    director.table["start"] = Laid("start", "start", 0.0, 0.0, 0.0)
    director.idle(4)
    return game, director


def _watch(game: DayNight, director: Director, watcher: Watcher) -> list[tuple[int, Event | Prompt]]:
    out: list[tuple[int, Event | Prompt]] = []
    for index in range(director.index):
        for item in watcher.feed(director.film.frame(director.shots[index]), index / FPS):
            out.append((index, item))
            if not isinstance(item, Prompt):
                ruling = game.play(item)
                assert ruling.legal, ruling.message_en
                watcher.sync(game)
    return out


def _watcher(game: DayNight, director: Director, classifier: OnnxClassifier | _Unturned) -> Watcher:
    film = director.film
    return Watcher("tranquility", classifier, view=TableView.of(game),
                   geometry=TableGeometry(film.layout, film.camera, film.gap))


def test_a_card_turned_where_it_lies_is_told_as_soon_as_a_card_laid() -> None:
    # A half read twice is as sure as a card laid on a bare cell: its turn waits no longer than a
    # play (a card read over another waits a second; the players turned the next card before).
    game, director = _setting(31)
    watcher = _watcher(game, director, OnnxClassifier("tranquility"))
    laid = director.lay("20", "c2", 1, up="day")
    director.idle(8)
    turned = director.turn("c2", 2)
    director.idle(20)
    out = _watch(game, director, watcher)
    assert [(type(item), item.to_json().get("up")) for _, item in out] == [(Play, "day"), (Rotate, None)]
    (played, _), (rotated, _) = out
    assert (played - laid) / FPS < 0.7 and (rotated - turned) / FPS < 0.7, (played - laid, rotated - turned)
    assert game.state_json()["up"] == {"c2": "night"}


class _Unturned:
    """The shipped classifier with a flip head that never sees a card turned: a crop and the crop
    turned half round never agree on a half."""

    def __init__(self) -> None:
        self.inner = OnnxClassifier("tranquility")
        self.game = "tranquility"
        self.calls = 0

    def classify(self, crops: Crops) -> Readings:
        self.calls += 1
        read = self.inner.classify(crops)
        return Readings(read.names, read.confidences, np.zeros_like(read.flipped), read.guesses)


def test_a_card_whose_half_is_never_confirmed_is_never_named_and_is_looked_at_again() -> None:
    game, director = _setting(32)
    classifier = _Unturned()
    watcher = _watcher(game, director, classifier)
    director.lay("20", "c2", 1, up="day")
    director.idle(45)  # three seconds still
    calls = []
    for index in range(director.index):
        out = watcher.feed(director.film.frame(director.shots[index]), index / FPS)
        assert not any(isinstance(item, Event) for item in out), out
        calls.append(classifier.calls)
    # Read again every half second while the card lies still: five looks or more in the last 2.5 s.
    assert calls[-1] - calls[-38] >= 5, calls
    assert watcher.stats.halves_unsure >= 5
