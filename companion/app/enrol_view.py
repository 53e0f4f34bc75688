"""The camera's picture during an enrolment, for the page: the grid where the session found it,
each cell named with the card that goes there, and the cards found coloured by their state."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from companion.app.enrolment import EnrolmentSession
from vision.find.detect import working_frame

#: The colour (BGR) of a card found in each state of its cell; grey off the grid.
COLOURS = {"waiting": (200, 200, 200), "seen": (255, 170, 60), "kept": (0, 190, 255), "gone": (0, 190, 255),
           "done": (60, 200, 60), "wrong": (40, 40, 230), "skipped": (150, 150, 150)}
OFF_GRID = (130, 130, 130)


def preview_jpeg(image: Any, session: EnrolmentSession, *, width: int = 640) -> bytes:
    """``image`` (the frame the session was last fed), ``width`` pixels wide, with the batch's
    grid and the cards found drawn on it, as JPEG bytes."""
    small, _ = working_frame(image)
    scale = width / small.shape[1]
    out = cv2.resize(small, (width, round(small.shape[0] * scale)), interpolation=cv2.INTER_AREA)
    with session.lock:
        snap = session.snapshot()
        fit, quads, cells = session.fit, session.last_quads.copy(), list(session.last_cells)
    states = {(c["row"], c["col"]): c for c in snap["batch"]["cells"]}
    if fit is not None and snap["state"] == "laying":
        for (row, col), cell in states.items():
            x, y = fit.point((row, col))
            centre = np.array([x, y]) * scale
            half_r = np.array(fit.right) * scale * 0.45
            half_d = np.array(fit.down) * scale * 0.45
            box = np.array([centre - half_r - half_d, centre + half_r - half_d, centre + half_r + half_d,
                            centre - half_r + half_d]).round().astype(np.int32)
            cv2.polylines(out, [box], True, (235, 235, 235), 1, cv2.LINE_AA)
            _label(out, cell["card"], (int(box[0][0]) + 2, int(box[0][1]) + 14), (235, 235, 235))
    for quad, cell in zip(quads, cells, strict=True):
        colour = OFF_GRID if cell is None else COLOURS.get(states.get(cell, {}).get("state", ""), OFF_GRID)
        cv2.polylines(out, [(quad * scale).round().astype(np.int32)], True, colour, 2, cv2.LINE_AA)
    ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 70])
    return bytes(encoded) if ok else b""


def _label(out: Any, text: str, at: tuple[int, int], colour: tuple[int, int, int]) -> None:
    for thickness, ink in ((3, (0, 0, 0)), (1, colour)):
        cv2.putText(out, text, at, cv2.FONT_HERSHEY_SIMPLEX, 0.45, ink, thickness, cv2.LINE_AA)
