"""From the shots an enrolment kept to a deck profile: crops turned upright, the profile built,
the cards that look too much like another, and thumbnails for the page (where decks are saved is
:mod:`companion.app.decks`).

A card lies still while its shots are taken, so all the shots of one laying show it the same way
up: they are turned upright together, by the classifier's flip reading of most of them
(:func:`upright`). A deck whose print the classifier has never seen may fool that reading; the
profile holds every shot both ways up all the same, so a card is still named, only its
:attr:`~vision.read.profile.Matches.turned` may be wrong.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import cv2
import numpy as np
import numpy.typing as npt

from companion.app.enrol_params import LOOKALIKE_MARGIN
from vision.read.classify import Crops, Readings
from vision.read.profile import DeckProfile

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

#: Crops read at once when the profile is built (bounds the memory a whole deck takes).
CHUNK = 64
#: The most shots of a card a thumbnail strip shows.
MOST_THUMBNAILS = 8


class Reader(Protocol):
    """A classifier that also gives each crop's embedding (:class:`vision.read.classify.OnnxClassifier`)."""

    game: str
    threshold: float
    fingerprint: str

    def read(self, crops: Crops) -> tuple[Readings, FloatArray]:
        """Readings and unit embeddings of a batch of crops (N, 88, 64, 3)."""
        ...


@dataclass(frozen=True)
class Shot:
    """One crop of a card kept: as cut from the frame, the classifier's flip reading of it, its
    embedding (as cut), when (the frame's time) and in which laying of the card (a batch's number)."""

    crop: Image
    flipped: bool
    embedding: FloatArray
    t: float
    laying: int


@dataclass(frozen=True)
class Lookalike:
    """A card that looks too much like ``other``: the best similarity of a shot of it to ``other``."""

    card: str
    other: str
    similarity: float


def upright(shots: Sequence[Shot]) -> list[Image]:
    """The crops of ``shots`` turned upright: each laying's crops turned 180 degrees together when
    most of them read turned (ties: as cut)."""
    layings: dict[int, list[bool]] = {}
    for shot in shots:
        layings.setdefault(shot.laying, []).append(shot.flipped)
    turned = {laying: sum(flips) * 2 > len(flips) for laying, flips in layings.items()}
    return [np.ascontiguousarray(shot.crop[::-1, ::-1]) if turned[shot.laying] else shot.crop
            for shot in shots]


def build_profile(name: str, reader: Reader, shots: Mapping[str, Sequence[Shot]], *,
                  game: str | None, about: dict[str, object] | None = None) -> DeckProfile:
    """The profile ``name`` of the cards with shots, read by ``reader`` upright and turned.
    Raises :class:`~companion.errors.ProfileUnavailable` when no card has a shot."""
    names: list[str] = []
    crops: list[Image] = []
    for card, kept in shots.items():
        for crop in upright(kept):
            names.append(card)
            crops.append(crop)
    laid, turned = _embed(reader, crops), _embed(reader, [np.ascontiguousarray(c[::-1, ::-1]) for c in crops])
    return DeckProfile.enrol(name, game, reader.fingerprint, names, laid, turned, about=about)


def _embed(reader: Reader, crops: Sequence[Image]) -> FloatArray:
    if not crops:
        return np.zeros((0, 0), np.float32)
    parts = [reader.read(np.stack(crops[k:k + CHUNK]))[1] for k in range(0, len(crops), CHUNK)]
    return np.concatenate(parts).astype(np.float32)


def lookalikes(profile: DeckProfile) -> list[Lookalike]:
    """The cards of ``profile`` that look too much like another, the nearest first: a card one of
    whose captures, left out, comes as near another card as :attr:`DeckProfile.accept` or nearer
    (the profile would take it for that card, or doubt), or within :data:`LOOKALIKE_MARGIN` of its
    own card's other shots (left out: the profile would name it wrong, or be unsure)."""
    names = profile.names
    labels = list(dict.fromkeys(names))
    if len(labels) < 2:
        return []
    column = {label: k for k, label in enumerate(labels)}
    columns = np.array([column[n] for n in names], np.intp)
    embeddings = profile.embeddings.astype(np.float32)
    similarity = embeddings @ embeddings.T
    similarity[profile.captures[:, None] == profile.captures[None, :]] = -np.inf
    by_name = np.full((len(names), len(labels)), -np.inf, np.float32)
    np.maximum.at(by_name.T, columns, similarity.T)
    rows = np.arange(len(names))
    own = by_name[rows, columns]
    others = by_name.copy()
    others[rows, columns] = -np.inf
    nearest = others.argmax(axis=1)
    near = others[rows, nearest]
    # A card of one capture has no other shot to be near: only the accept threshold speaks of it.
    close = (near >= profile.accept) | (np.isfinite(own) & (near >= own - LOOKALIKE_MARGIN))
    found: dict[str, Lookalike] = {}
    for i in np.flatnonzero(close).tolist():
        card, other, value = names[i], labels[int(nearest[i])], float(near[i])
        if card not in found or value > found[card].similarity:
            found[card] = Lookalike(card, other, round(value, 3))
    return sorted(found.values(), key=lambda item: (-item.similarity, item.card))


def strip_jpeg(crops: Sequence[Image], *, quality: int = 80) -> bytes:
    """Up to :data:`MOST_THUMBNAILS` crops side by side, as one JPEG (a few kilobytes)."""
    shown = list(crops[:MOST_THUMBNAILS])
    if not shown:
        return b""
    row = np.concatenate([np.pad(c, ((0, 0), (0, 2), (0, 0)), constant_values=255) for c in shown], axis=1)
    ok, encoded = cv2.imencode(".jpg", row, [cv2.IMWRITE_JPEG_QUALITY, quality])
    return bytes(encoded) if ok else b""
