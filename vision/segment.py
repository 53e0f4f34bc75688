"""Finding cards with the card-finder network: one outline per card, even edge to edge.

Contours alone cannot tell two cards laid edge to edge from one, nor a card's
light border from a light table. The finder network (``models/finder.onnx``,
trained by :mod:`models.finder`) looks at the whole half-size frame and marks
each card's *core*: the card shrunk by :data:`CORE_MARGIN` of its width on
every side. Cores of touching cards stay apart, so each connected region is
one card; its outline, grown back by the same margin in the card's own
perspective, gives the card's corners.

The core map is a quarter of the frame's size: a card 60 pixels wide in a
1280x720 frame is a core 10 map pixels wide, found to about a pixel.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import ModelUnavailable
from companion.text import Text
from vision.detect import FloatArray, Image, offset_quad, order_corners, quad_aspect

#: Input size (width, height) the finder sees: the frame at half size (1280x720 -> 640x360).
INPUT_SIZE = (640, 360)
#: The core map is the input at half size again.
MAP_STRIDE = 2
#: The core is the card shrunk by this share of the card's width on every side.
CORE_MARGIN = 0.15
#: A card's width and height in millimetres, for the card's own coordinates.
CARD_MM = (63.0, 88.0)
FINDER_VERSION = 1


def core_quad(card: npt.ArrayLike) -> FloatArray:
    """The core of a card quad (corners in order), in the card's perspective.

    >>> square = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> core_quad(square).round(2).tolist()[0]
    [9.45, 9.45]
    """
    return _warp_rect(np.asarray(card, np.float32).reshape(4, 2), _core_rect(), _card_rect())


def card_from_core(core: npt.ArrayLike) -> FloatArray:
    """The card quad whose core is ``core`` (corners in order): the inverse of :func:`core_quad`.

    >>> square = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> card_from_core(core_quad(square)).round(2).tolist() == square.tolist()
    True
    """
    return _warp_rect(np.asarray(core, np.float32).reshape(4, 2), _card_rect(), _core_rect())


def _card_rect() -> FloatArray:
    w, h = CARD_MM
    return np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)


def _core_rect() -> FloatArray:
    w, h = CARD_MM
    m = CORE_MARGIN * w
    return np.array([[m, m], [w - m, m], [w - m, h - m], [m, h - m]], np.float32)


def _warp_rect(quad: FloatArray, target: FloatArray, source: FloatArray) -> FloatArray:
    """Where ``target`` (card millimetres) lands when ``source`` (card millimetres) lands on ``quad``."""
    h = cv2.getPerspectiveTransform(source, quad)
    out = cv2.perspectiveTransform(target.reshape(1, 4, 2), h)[0]
    return np.asarray(out, np.float32)


def quads_from_cores(core_map: npt.NDArray[np.floating[Any]], scale: float, *, threshold: float = 0.5,
                     min_area: float = 12.0, aspect_range: tuple[float, float] = (1.1, 1.9)) -> FloatArray:
    """Card quads (N, 4, 2) in frame pixels from a core probability map ``scale`` times smaller."""
    mask = (core_map >= threshold).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    quads: list[FloatArray] = []
    for k in range(1, count):
        if stats[k, cv2.CC_STAT_AREA] < min_area:
            continue
        x, y, w, h = stats[k, :4].tolist()
        roi = (labels[y:y + h, x:x + w] == k).astype(np.uint8)
        contours, _ = cv2.findContours(roi, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE, offset=(x, y))
        hull = cv2.convexHull(max(contours, key=cv2.contourArea))
        approx = cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True)
        if len(approx) == 4:
            core = approx.reshape(4, 2).astype(np.float32)
        else:
            core = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
        # Map pixel k covers frame pixels [k*scale, (k+1)*scale): its centre is at (k + 0.5) * scale.
        # The region's outline runs through the centres of its edge pixels, half a pixel inside.
        core = offset_quad((core + 0.5) * scale - 0.5, scale / 2)
        card = order_corners(card_from_core(core))
        if not aspect_range[0] <= quad_aspect(card) <= aspect_range[1]:
            continue
        quads.append(card)
    if not quads:
        return np.zeros((0, 4, 2), np.float32)
    return np.stack(quads).astype(np.float32)


def default_finder_path() -> Path:
    """The shipped card-finder model, ``models/finder.onnx``."""
    return Path(__file__).resolve().parents[1] / "models" / "finder.onnx"


@dataclass
class CardFinder:
    """The card-finder network run by onnxruntime: frames in, card quads out."""

    path: Path = field(default_factory=default_finder_path)
    threshold: float = 0.5

    def __post_init__(self) -> None:
        if not self.path.is_file():
            raise ModelUnavailable(Text("finder_missing", path=str(self.path)))
        try:
            import onnxruntime as ort

            options = ort.SessionOptions()
            options.intra_op_num_threads = 1
            self._session = ort.InferenceSession(str(self.path), options, providers=["CPUExecutionProvider"])
            meta = self._session.get_modelmeta().custom_metadata_map
            kind = json.loads(meta.get("kind", "null"))
        except Exception as error:  # onnxruntime raises its own untyped errors
            detail = str(error)[:200]
            raise ModelUnavailable(Text("finder_unreadable", path=str(self.path), detail=detail)) from None
        if kind != "card-finder":
            raise ModelUnavailable(Text("finder_unreadable", path=str(self.path), detail="not a card finder"))

    def core_map(self, frame: Image) -> tuple[npt.NDArray[np.float32], float]:
        """The core probability map of a BGR frame and the frame's scale in the finder's input.

        The frame is shrunk to fit :data:`INPUT_SIZE` whole, keeping its shape, and padded.
        """
        small, scale = letterbox(frame)
        (out,) = self._session.run(None, {"frames": small[None]})
        return np.asarray(out[0], np.float32), scale

    def find(self, frame: Image) -> FloatArray:
        """Corners (N, 4, 2) of every card in a BGR frame, ordered as :func:`order_corners`."""
        if frame.ndim != 3 or frame.shape[2] != 3 or frame.dtype != np.uint8:
            raise ValueError(f"frame must be a BGR uint8 image (H, W, 3), got {frame.shape} {frame.dtype}")
        cores, scale = self.core_map(frame)
        min_area = 0.0004 * cores.shape[0] * cores.shape[1]
        quads = quads_from_cores(cores, MAP_STRIDE, threshold=self.threshold, min_area=max(min_area, 6.0))
        return np.asarray((quads + 0.5) / scale - 0.5, np.float32)


def letterbox(frame: Image) -> tuple[Image, float]:
    """``frame`` shrunk (or grown) to fit :data:`INPUT_SIZE` with its shape kept, padded at the
    right and bottom by repeating its edge; and the scale used."""
    w, h = INPUT_SIZE
    scale = min(w / frame.shape[1], h / frame.shape[0])
    size = (max(1, round(frame.shape[1] * scale)), max(1, round(frame.shape[0] * scale)))
    small = cv2.resize(frame, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    padded = cv2.copyMakeBorder(small, 0, h - size[1], 0, w - size[0], cv2.BORDER_REPLICATE)
    return np.asarray(padded, np.uint8), scale
