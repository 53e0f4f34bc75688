"""Finding cards in a frame, the first stage: it imports nothing of the stages after it.

:mod:`~vision.find.detect` (contours and quad geometry), :mod:`~vision.find.cores` and
:mod:`~vision.find.segment` (the finder network's cores and map), :mod:`~vision.find.outline`
(edges under an outline), :mod:`~vision.find.covered` and :mod:`~vision.find.rows` (cards under
others, rows of cards), :mod:`~vision.find.refine` (the corner refiner and the refined finder),
:mod:`~vision.find.finders` (the finders by name); tuned numbers in :mod:`~vision.find.params`.
"""
