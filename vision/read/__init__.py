"""Reading found cards, the second stage: it imports :mod:`vision.find`, nothing after it.

:mod:`~vision.read.catalogue` (every game's faces, from its spec), :mod:`~vision.read.classify`
(the classifiers), :mod:`~vision.read.recognise` and :mod:`~vision.read.reread` (cards found to
:class:`~vision.detections.Detections`, unsure ones read again); tuned numbers in
:mod:`~vision.read.params`.
"""
