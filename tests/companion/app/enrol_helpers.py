"""Fakes of the enrolment's tests: a table of cards painted in plain colours, a finder that finds
exactly the cards painted, and a classifier that reads a card by its colour and gives embeddings.

A card is a rectangle of its own colour with a white band along its printed top: a card turned
180 degrees shows the band at the bottom of its crop, which the fake classifier reads as turned.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

import cv2
import numpy as np
import numpy.typing as npt

from vision.read.classify import Readings

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]
Cell = tuple[int, int]

#: A painted card's width and height, and the gap between two (pixels).
WIDTH, HEIGHT, GAP = 40, 56, 12


def colour(k: int) -> tuple[int, int, int]:
    """The colour (BGR) of the ``k``-th card of a deck: far from white, far from the others."""
    return (40 + (k * 67) % 170, 40 + (k * 113) % 170, 40 + (k * 29) % 170)


class Table:
    """A table photographed from above, cards painted on it; :meth:`find` is the finder."""

    def __init__(self, deck: Sequence[str], *, size: tuple[int, int] = (480, 360),
                 origin: tuple[int, int] = (60, 40)) -> None:
        self.deck = list(deck)
        self.size = size
        self.origin = origin
        self.quads: FloatArray = np.zeros((0, 4, 2), np.float32)
        #: How many times the finder was asked.
        self.finds = 0

    def quad(self, cell: Cell, shift: tuple[float, float] = (0.0, 0.0)) -> FloatArray:
        """The corners (top left first, clockwise) of a card in ``cell``, moved by ``shift`` pixels."""
        row, col = cell
        x = self.origin[0] + col * (WIDTH + GAP) + shift[0]
        y = self.origin[1] + row * (HEIGHT + GAP) + shift[1]
        return np.array([[x, y], [x + WIDTH, y], [x + WIDTH, y + HEIGHT], [x, y + HEIGHT]], np.float32)

    def frame(self, laid: Mapping[Cell, str], *, turned: Collection[Cell] = (),
              shift: Mapping[Cell, tuple[float, float]] | None = None,
              extra: Iterable[FloatArray] = ()) -> Image:
        """The picture of the cards ``laid`` (by cell), those in ``turned`` turned 180 degrees, those
        in ``shift`` moved; ``extra`` outlines are found too (things that are not cards of the grid)."""
        width, height = self.size
        image = np.full((height, width, 3), 90, np.uint8)
        quads = []
        for cell, card in laid.items():
            quad = self.quad(cell, (shift or {}).get(cell, (0.0, 0.0)))
            x0, y0 = quad[0].round().astype(int)
            x1, y1 = quad[2].round().astype(int)
            paint = colour(self.deck.index(card))
            cv2.rectangle(image, (int(x0), int(y0)), (int(x1) - 1, int(y1) - 1), paint, -1)
            band = (int(y1) - 12, int(y1) - 1) if cell in turned else (int(y0), int(y0) + 11)
            cv2.rectangle(image, (int(x0), band[0]), (int(x1) - 1, band[1]), (255, 255, 255), -1)
            quads.append(quad)
        quads += [np.asarray(q, np.float32) for q in extra]
        self.quads = np.array(quads, np.float32).reshape(-1, 4, 2)
        return image

    def find(self, image: Image) -> FloatArray:
        """The outlines of the last frame painted."""
        self.finds += 1
        return self.quads


class FakeReader:
    """Reads a crop of :class:`Table` by its colour: sure of the card (``sure``) or unsure (its name
    kept as the guess), turned when its band is at the bottom; each card's embedding is its own
    axis (turned: with a little of a second axis), a card of ``twins`` almost its twin's."""

    def __init__(self, game: str, deck: Sequence[str], *, sure: bool = True,
                 twins: Mapping[str, str] | None = None, threshold: float = 0.9) -> None:
        self.game = game
        self.deck = list(deck)
        self.sure = sure
        self.twins = dict(twins or {})
        self.threshold = threshold
        self.fingerprint = "fake-model"
        self.calls: list[int] = []
        self._colours = np.array([colour(k) for k in range(len(self.deck))], np.float32)

    def read(self, crops: Image) -> tuple[Readings, FloatArray]:
        """Readings and embeddings of ``crops`` (N, 88, 64, 3)."""
        self.calls.append(len(crops))
        n = len(self.deck)
        names: list[str | None] = []
        guesses: list[str | None] = []
        flipped, embeddings = [], np.zeros((len(crops), 2 * n), np.float32)
        for i, crop in enumerate(crops):
            middle = crop[35:55, 16:48].reshape(-1, 3).astype(np.float32).mean(axis=0)
            k = int(np.linalg.norm(self._colours - middle, axis=1).argmin())
            top, bottom = crop[:8].mean(), crop[-8:].mean()
            turned = bool(bottom > top + 40)
            card = self.deck[k]
            twin = self.twins.get(card)
            axis = self.deck.index(twin) if twin is not None else k
            embeddings[i, axis] = 1.0
            embeddings[i, k] += 0.08 if twin is not None else 0.0
            if turned:
                embeddings[i, n + axis] = 0.3
            guesses.append(card)
            names.append(card if self.sure else None)
            flipped.append(turned)
        embeddings /= np.linalg.norm(embeddings, axis=1, keepdims=True)
        confidences = np.full(len(crops), 0.99 if self.sure else 0.3, np.float32)
        return Readings(tuple(names), confidences, np.array(flipped, np.bool_), tuple(guesses)), embeddings
