"""From camera frames to cards, and from a stream of frames to game events.

Public API:

* the card catalogue (:data:`FACES`, :func:`faces`) and the vision result (:class:`Detections`);
* finding cards in a frame (:func:`make_finder`: the :class:`CardFinder` network and
  :func:`find_cards`'s OpenCV contours merged by :class:`CombinedFinder`, or either alone, their
  quads placed on the cards by the :class:`CornerRefiner` of a :class:`RefinedFinder`; for a
  Tranquillité table, the lean finder, the network alone placed by one look of the lean
  refiner, and for L'Ascension's, the full finder without the contours, outlining the cards
  only looking closer, as much as their size told by the whole frame's core map asks, the cards
  that map shows taken as outlined where they lie on the frame's edges, else placed by one look,
  with the full finder for any other frame:
  :class:`TableOrFull`) and
  warping each to a canonical crop (:func:`rectify`; training crops and camera crops go through
  the same function);
* reading them (:func:`recognise`, with a classifier from :mod:`vision.read.classify`);
* watching the table (:class:`Watcher`): table geometry, per-cell change detection, stable
  readings, and the events of the game record they add up to.
"""

from vision.detections import Detections, InvalidDetections
from vision.evaluation.photos import real_photo_recall
from vision.find.detect import CROP_SIZE, find_cards, order_corners, rectify
from vision.find.finders import CombinedFinder, make_finder
from vision.find.refine import CornerRefiner, RefinedFinder, TableOrFull
from vision.find.segment import CardFinder
from vision.read.catalogue import BACK, FACES, GAMES, Face, faces
from vision.read.recognise import annotate, recognise
from vision.watch.watcher import WatchConfig, Watcher

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
