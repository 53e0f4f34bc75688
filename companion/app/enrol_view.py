"""The camera's picture during an enrolment, for the page: zoomed on the grid where the session
found it, each cell named with the card that goes there, the cards found coloured by their state."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from companion.app.enrol_grid import GridFit
from companion.app.enrolment import EnrolmentSession
from vision.find.detect import working_frame

#: The colour (BGR) of a card found in each state of its cell; grey off the grid.
COLOURS = {"waiting": (200, 200, 200), "seen": (255, 170, 60), "kept": (0, 190, 255), "gone": (0, 190, 255),
           "done": (60, 200, 60), "wrong": (40, 40, 230), "skipped": (150, 150, 150)}
OFF_GRID = (130, 130, 130)
#: The margin around the grid the picture keeps, in cells.
MARGIN = 1.5


def preview_jpeg(image: Any, session: EnrolmentSession, *, width: int = 640) -> bytes:
    """``image`` (the frame the session was last fed), ``width`` pixels wide, zoomed on the grid
    once it is found (the grid of a whole batch and :data:`MARGIN` cells around it, as the frame is
    shaped), with the batch's cells and the cards found drawn on it, as JPEG bytes."""
    small, _ = working_frame(image)
    with session.lock:
        snap = session.snapshot()
        fit, quads, cells = session.fit, session.last_quads.copy(), list(session.last_cells)
    x0, y0, x1, y1 = window(small.shape[1], small.shape[0], fit, session.grid)
    scale = width / (x1 - x0)
    out = cv2.resize(small[y0:y1, x0:x1], (width, round((y1 - y0) * scale)), interpolation=cv2.INTER_AREA)
    origin = np.array([x0, y0], np.float64)

    def at(points: npt.ArrayLike) -> npt.NDArray[np.int32]:
        return ((np.asarray(points, np.float64) - origin) * scale).round().astype(np.int32)

    states = {(c["row"], c["col"]): c for c in snap["batch"]["cells"]}
    if fit is not None and snap["state"] == "laying":
        half_r, half_d = np.array(fit.right) * 0.45, np.array(fit.down) * 0.45
        for (row, col), cell in states.items():
            centre = np.array(fit.point((row, col)))
            box = at([centre - half_r - half_d, centre + half_r - half_d, centre + half_r + half_d,
                      centre - half_r + half_d])
            cv2.polylines(out, [box], True, (235, 235, 235), 1, cv2.LINE_AA)
            _label(out, cell["card"], (int(box[0][0]) + 2, int(box[0][1]) + 14), (235, 235, 235))
    for quad, cell in zip(quads, cells, strict=True):
        colour = OFF_GRID if cell is None else COLOURS.get(states.get(cell, {}).get("state", ""), OFF_GRID)
        cv2.polylines(out, [at(quad)], True, colour, 2, cv2.LINE_AA)
    ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 75])
    return bytes(encoded) if ok else b""


def window(width: int, height: int, fit: GridFit | None,
           grid: tuple[int, int]) -> tuple[int, int, int, int]:
    """The part of a ``width`` x ``height`` frame the picture shows: all of it until the grid is
    found, then the grid and its margin, shaped as the frame, never smaller than a third of it."""
    if fit is None:
        return 0, 0, width, height
    rows, cols = grid
    origin, right, down = np.array(fit.origin), np.array(fit.right), np.array(fit.down)
    corners = np.array([origin + c * right + r * down
                        for r in (-MARGIN, rows - 1 + MARGIN) for c in (-MARGIN, cols - 1 + MARGIN)])
    (left, top), (right, bottom) = corners.min(axis=0), corners.max(axis=0)
    w = max(right - left, (bottom - top) * width / height, width / 3)
    w = min(w, width)
    h = w * height / width
    cx, cy = (left + right) / 2, (top + bottom) / 2
    x0 = int(np.clip(cx - w / 2, 0, width - w))
    y0 = int(np.clip(cy - h / 2, 0, height - h))
    return x0, y0, x0 + round(w), y0 + round(h)


def _label(out: Any, text: str, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
    for thickness, ink in ((3, (0, 0, 0)), (1, colour)):
        cv2.putText(out, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.45, ink, thickness, cv2.LINE_AA)
