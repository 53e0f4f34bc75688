"""From camera frames to cards, and from a stream of frames to game events, in three stages.

Each stage imports only the stages before it, and keeps its tuned numbers in its ``params``:

* :mod:`vision.find`: where the cards lie in a frame (:func:`make_finder`: the
  :class:`CardFinder` network and :func:`find_cards`'s contours merged by
  :class:`CombinedFinder`, their quads placed on the cards by the :class:`CornerRefiner` of a
  :class:`RefinedFinder`; :class:`TableOrFull` for a game's table laid out), each card warped to a
  canonical crop by :func:`rectify` (training crops and camera crops go through it alike);
* :mod:`vision.read`: what each card is (:func:`recognise` gives :class:`Detections`; the faces of
  every game's deck in :data:`FACES`, :func:`faces`);
* :mod:`vision.watch`: the game a table shows over time (:class:`Watcher`).

What a game means to the camera (its finder, its layout, its deck) comes from its spec,
:func:`companion.engine.spec.find_spec`; no module here names a game.
"""

from vision.detections import Detections, InvalidDetections
from vision.evaluation.photos import real_photo_recall
from vision.find.detect import CROP_SIZE, find_cards, order_corners, rectify
from vision.find.finders import CombinedFinder, make_finder
from vision.find.refine import CornerRefiner, RefinedFinder, TableOrFull
from vision.find.segment import CardFinder
from vision.read.catalogue import BACK, FACES, GAMES, Face, faces
from vision.read.recognise import annotate, recognise
from vision.watch.state import WatchConfig
from vision.watch.watcher import Watcher

__all__ = [
    "BACK",
    "CROP_SIZE",
    "FACES",
    "GAMES",
    "CardFinder",
    "CombinedFinder",
    "CornerRefiner",
    "Detections",
    "Face",
    "InvalidDetections",
    "RefinedFinder",
    "TableOrFull",
    "WatchConfig",
    "Watcher",
    "annotate",
    "faces",
    "find_cards",
    "make_finder",
    "order_corners",
    "real_photo_recall",
    "recognise",
    "rectify",
]
