"""The watcher of a game's table as its engine sets it up: a grid or pyramid by its layout, a trick
game at its seats' places (:mod:`vision.watch.tricks`), told what the engine has on it."""

from __future__ import annotations

from typing import Any

from companion.engine.game import Game
from companion.engine.spec import find_spec
from vision.read.classify import Classifier
from vision.watch.changes import TableView
from vision.watch.layouts import layout
from vision.watch.tricks import places_of
from vision.watch.watcher import Watcher


def watcher_for(engine: Game[Any], classifier: Classifier, **options: Any) -> Watcher:
    """A :class:`Watcher` of ``engine``'s table, synced with it; ``options`` go to the watcher
    (``geometry``, ``config``, ``find``)."""
    tricks = find_spec(engine.name).board == "tricks"
    places = places_of(engine) if tricks else layout(engine.name, engine.options)
    return Watcher(engine.name, classifier, view=TableView.of(engine), places=places, **options)


__all__ = ["watcher_for"]
