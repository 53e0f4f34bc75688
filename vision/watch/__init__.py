"""Watching the table, the third stage: it imports :mod:`vision.find` and :mod:`vision.read`.

:mod:`~vision.watch.layouts` (each game's cells, from its spec), :mod:`~vision.watch.geometry`,
:mod:`~vision.watch.table`, :mod:`~vision.watch.panoramas`, :mod:`~vision.watch.anchors` and
:mod:`~vision.watch.motion` (placing and following the table), :mod:`~vision.watch.cells` and
:mod:`~vision.watch.silhouette` (what each cell shows), :mod:`~vision.watch.reading`,
:mod:`~vision.watch.stable` and :mod:`~vision.watch.changes` (readings to facts to events),
:mod:`~vision.watch.watcher` (all of it, frame by frame); tuned numbers in
:mod:`~vision.watch.params`.
"""
