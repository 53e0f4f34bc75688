"""The watcher at the side places: Mers agitées' reef moved between rows' borders, a purple storm
laid beside a row and taken away, seen on film and told to the engine as their events."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.engine.events import Event, Play
from companion.games.tranquility.events import Compass, Drawn, Reef
from companion.games.tranquility.rules import Tranquility
from companion.games.tranquility.seas import Seas
from models.render.staging import Director
from models.render.video import FilmSet, Laid
from vision.read.classify import Crops, OnnxClassifier, Readings
from vision.watch.changes import TableView
from vision.watch.geometry import TableGeometry
from vision.watch.layouts import layout
from vision.watch.stable import Prompt
from vision.watch.watcher import Watcher

OPTIONS = {"reef": True, "reef_row": 3, "storms": True}


def test_the_reef_moved_and_a_purple_storm_laid_then_ended_are_seen_and_ruled() -> None:
    game = Tranquility.from_position(3, start=True, hands=[5, 5, 5], options=OPTIONS)
    assert isinstance(game, Seas)
    game.sea = replace(game.sea, compasses=1)
    places = layout("tranquility", OPTIONS)
    film = FilmSet("tranquility", 21, places=places)
    director = Director(film, np.random.default_rng(21), 3, 15.0)
    for cell, name in {"start": "start", "reef3": "reef"}.items():
        director.table[cell] = Laid(name, cell, 0.0, 0.0, 0.0)
    watcher = Watcher("tranquility", OnnxClassifier("tranquility"), view=TableView.of(game), places=places,
                      geometry=TableGeometry(film.layout, film.camera, film.gap))
    director.idle(4)
    director.lay("20", "c2", 1)
    director.idle(8)
    director.lift("reef3", 1)  # the reef step: moved from row 3 to row 2
    director.lay("reef", "reef2", 1)
    director.idle(8)
    director.lay("storm-purple", "storm4", 1)  # drawn by seat 1 after its play: row 4 closed
    director.idle(8)
    director.lift("storm4", 2)  # a compass of the pool spent to end it
    director.idle(20)
    out: list[Event | Prompt] = []
    for index in range(director.index):
        for item in watcher.feed(director.film.frame(director.shots[index]), index / 15.0):
            out.append(item)
            if not isinstance(item, Prompt):
                ruling = game.play(item)
                assert ruling.legal, ruling.message_en
                watcher.sync(game)
    assert [type(item) for item in out] == [Play, Reef, Drawn, Compass], out
    assert out[1].to_json()["to"] == 2 and out[2].to_json()["row"] == 4 == out[3].to_json()["row"]
    assert game.beside() == {"reef2": "reef"} and game.sea.compasses == 0 and game.sea.steps[0] is not None


def test_a_storm_laid_before_the_watcher_looked_is_seen_not_taken_for_the_bare_table() -> None:
    # A side place first seen holding a card the engine does not know of: read, not taken for bare
    # (as a cell the engine says is empty is), else that card would never be seen there again.
    game = Tranquility.from_position(3, start=True, hands=[5, 5, 5], options=OPTIONS)
    assert isinstance(game, Seas)
    for event in (Play("20", "c2"), Reef(to=2)):
        assert game.play(event).legal
    places = layout("tranquility", OPTIONS)
    film = FilmSet("tranquility", 22, places=places)
    director = Director(film, np.random.default_rng(22), 3, 15.0)
    for cell, name in {"start": "start", "c2": "20", "reef2": "reef", "storm5": "storm-purple"}.items():
        director.table[cell] = Laid(name, cell, 0.0, 0.0, 0.0)
    watcher = Watcher("tranquility", OnnxClassifier("tranquility"), view=TableView.of(game), places=places,
                      geometry=TableGeometry(film.layout, film.camera, film.gap))
    director.idle(20)
    out = [item for index in range(director.index)
           for item in watcher.feed(director.film.frame(director.shots[index]), index / 15.0)]
    assert [(type(item), item.to_json().get("row")) for item in out] == [(Drawn, 5)]


class _Counting(OnnxClassifier):
    """The shipped classifier, counting its calls."""

    calls: list[int]

    def classify(self, crops: Crops) -> Readings:
        self.calls.append(len(crops))
        return super().classify(crops)


def test_bare_side_places_at_their_first_look_are_not_read_again_on_cuts() -> None:
    # Read at their first look, bare places read unsure; cut again about their quads they would cost
    # a dozen crops each, for nothing.
    game = Tranquility.from_position(3, start=True, hands=[5, 5, 5], options=OPTIONS)
    places = layout("tranquility", OPTIONS)
    film = FilmSet("tranquility", 23, places=places)
    director = Director(film, np.random.default_rng(23), 3, 15.0)
    for cell, name in {"start": "start", "reef3": "reef"}.items():
        director.table[cell] = Laid(name, cell, 0.0, 0.0, 0.0)
    classifier = _Counting("tranquility")
    classifier.calls = []
    watcher = Watcher("tranquility", classifier, view=TableView.of(game), places=places,
                      geometry=TableGeometry(film.layout, film.camera, film.gap))
    director.idle(3)
    for index in range(director.index):
        assert watcher.feed(director.film.frame(director.shots[index]), index / 15.0) == []
    # One call, every place and the Start card in it: none reads its cuts.
    assert classifier.calls == [1 + len(places.sides)], classifier.calls
