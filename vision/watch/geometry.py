"""The table's geometry: the homography between the table plane (mm) and the image.

* :class:`TableGeometry` maps a layout's table plane (:mod:`vision.watch.layouts`) to image
  pixels and gives the image quad of any cell's card.
* :func:`from_corners` builds it from four corners set by hand (the configuration's manual
  override); :func:`vision.watch.table.find_table` finds it from the cards on the table, and
  :func:`vision.watch.motion.register` follows a knocked camera.

>>> geometry = from_corners("tranquility", [[100, 600], [500, 600], [500, 100], [100, 100]])
>>> [round(v) for v in geometry.to_image([geometry.layout.centre("a1", geometry.gap)])[0]]
[132, 559]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from vision.find.detect import order_corners
from vision.watch.layouts import Layout, card_corners, layout
from vision.watch.params import DEFAULT_GAP

Matrix = npt.NDArray[np.float64]
FloatArray = npt.NDArray[np.float64]
Image = npt.NDArray[np.uint8]


@dataclass(frozen=True)
class TableGeometry:
    """A layout on the table and where it is in the image."""

    layout: Layout
    #: Table plane (mm) to image pixels.
    homography: Matrix
    #: The gap between neighbouring cards, mm.
    gap: float

    def to_image(self, points: npt.ArrayLike) -> FloatArray:
        """Image pixels of table points (N, 2) mm."""
        return apply_homography(self.homography, np.asarray(points, np.float64).reshape(-1, 2))

    def to_plane(self, points: npt.ArrayLike) -> FloatArray:
        """Table points (mm) of image pixels (N, 2)."""
        return apply_homography(np.linalg.inv(self.homography), np.asarray(points, np.float64).reshape(-1, 2))

    def card_quad(self, cell: str, offset: tuple[float, float] = (0.0, 0.0), angle: float = 0.0
                  ) -> npt.NDArray[np.float32]:
        """The image corners of a card lying at ``cell`` (moved by ``offset`` mm, turned by ``angle``),
        ordered as the classifier's crops are (:func:`vision.find.detect.order_corners`)."""
        corners = self.to_image(self.layout.card_rect(cell, self.gap, offset, angle))
        return order_corners(corners.astype(np.float32))

    def px_per_mm(self) -> float:
        """Image pixels a millimetre near the middle of the layout."""
        x0, y0, x1, y1 = self.layout.bounds(self.gap)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        a, b = self.to_image([[cx, cy], [cx + 10.0, cy]])
        return float(np.linalg.norm(b - a) / 10.0)

    def moved(self, move: Matrix) -> TableGeometry:
        """The same table seen by a camera that moved by ``move`` (old image to new image)."""
        return TableGeometry(self.layout, move @ self.homography, self.gap)

    def inside(self, size: tuple[int, int], cell: str, slack: float = 0.0) -> bool:
        """Whether cell ``cell``'s card lies wholly inside an image of ``size`` (width, height), or
        all but a ``slack`` share of its width and height at its sides."""
        quad = self.to_image(self.layout.card_rect(cell, self.gap))
        centre = quad.mean(axis=0)
        return quad_inside(centre + (quad - centre) * (1.0 - slack), size)


def apply_homography(matrix: npt.NDArray[np.floating[Any]], points: npt.ArrayLike) -> FloatArray:
    """Points (N, 2) mapped through the homography ``matrix``."""
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    homo = np.hstack([pts, np.ones((len(pts), 1))]) @ matrix.T
    out: FloatArray = homo[:, :2] / homo[:, 2:]
    return out


def from_corners(game: str | Layout, corners: npt.ArrayLike, gap: float = DEFAULT_GAP) -> TableGeometry:
    """The geometry given four image corners of the play area, in the layout's order
    (:attr:`vision.watch.layouts.Layout.corners`: bottom left, bottom right, top right, top left).

    Raises ``ValueError`` for anything but four distinct points forming a convex quad.
    """
    lay = layout(game) if isinstance(game, str) else game
    image = np.asarray(corners, np.float64)
    if image.shape != (4, 2) or not np.all(np.isfinite(image)):
        raise ValueError(f"four (x, y) corners are needed, got {np.asarray(corners).tolist()}")
    if not cv2.isContourConvex(image.astype(np.float32).reshape(-1, 1, 2)) or \
            abs(cv2.contourArea(image.astype(np.float32))) < 100:
        raise ValueError(f"the four corners must form a convex area, got {image.tolist()}")
    plane = lay.corner_points(gap)
    matrix = cv2.getPerspectiveTransform(plane.astype(np.float32), image.astype(np.float32))
    return TableGeometry(lay, matrix.astype(np.float64), gap)


# -- finding the table ----------------------------------------------------


@dataclass(frozen=True)
class FoundCard:
    """A card the finder found on the table: its quad and what it was read as."""

    quad: npt.NDArray[np.float32]
    name: str | None
    #: Whether the quad's corners are the card's own (a Panorama's outline), not only its centre.
    outline: bool = False


def card_transform(quad: npt.NDArray[np.float32]) -> Matrix:
    """Card millimetres (centred, portrait) to the image, for a quad ordered by ``order_corners``."""
    local = card_corners(0.0, 0.0).astype(np.float32)
    return cv2.getPerspectiveTransform(local, quad.astype(np.float32)).astype(np.float64)



def quad_inside(quad: npt.NDArray[np.floating[Any]], size: tuple[int, int]) -> bool:
    """Whether an image quad lies wholly inside an image of ``size`` (width, height)."""
    w, h = size
    return bool((quad[:, 0] >= 0).all() and (quad[:, 0] <= w - 1).all() and (quad[:, 1] >= 0).all()
                and (quad[:, 1] <= h - 1).all())

