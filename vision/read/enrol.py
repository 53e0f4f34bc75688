"""Enrolling a deck from photos: the labelled cards of a folder of photos cut as the camera cuts them.

Each photo of the folder has a Pascal VOC file beside it (:mod:`vision.voc`) whose ``<name>`` is
the card's name. The photo is read as :func:`vision.read.recognise.recognise` reads a frame (shrunk
to the camera's size when larger, :func:`vision.find.detect.working_frame`), its cards found by the
finder given; each labelled box takes the found quad whose bounding box overlaps it best, with an
IoU of at least :data:`MATCH_IOU` (each quad taken by one box at most), and the quad is cut into a
crop as a camera's card is (:func:`vision.find.detect.rectify`). A labelled box no quad matches is
counted, not cut: it is a card the camera would not have found.

:func:`enrol` makes the :class:`~vision.read.profile.DeckProfile` of such crops, each turned upright
first when the profile is a game's and the game's classifier reads it turned (so that a profile's
:attr:`~vision.read.profile.Matches.turned` means turned from upright); a profile of no game keeps
its crops as found. :func:`draw` picks a few shots of each card, seeded.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from companion.errors import LabelsUnreadable, ProfileUnavailable
from companion.text import Text
from vision.find.detect import CROP_SIZE, Finder, order_corners, rectify, working_frame
from vision.images import load_image
from vision.read.classify import Crops, OnnxClassifier
from vision.read.halves import turned
from vision.read.profile import DeckProfile
from vision.voc import bounding_boxes, box_iou, photos, read_labels

FloatArray = npt.NDArray[np.float32]

#: The least IoU between a labelled box and the bounding box of a found quad for the quad to be
#: that card (as :func:`vision.evaluation.photos.matched` counts a card found).
MATCH_IOU = 0.5


@dataclass(frozen=True)
class LabelledCrops:
    """Crops of labelled cards: ``crops[i]`` shows ``names[i]``, cut from the photo ``photos[i]``;
    ``boxes`` counts every labelled box of the photos read, found or not."""

    names: tuple[str, ...]
    crops: Crops
    photos: tuple[str, ...]
    boxes: int
    #: The photos read, found cards or not.
    read: tuple[str, ...] = field(default=())

    def __len__(self) -> int:
        return len(self.names)

    def take(self, indices: Sequence[int] | npt.NDArray[np.intp]) -> LabelledCrops:
        """The crops at ``indices``, in that order (``boxes`` and ``read`` kept)."""
        at = [int(i) for i in indices]
        crops = self.crops[at] if at else np.zeros((0, *self.crops.shape[1:]), np.uint8)
        return LabelledCrops(tuple(self.names[i] for i in at), crops, tuple(self.photos[i] for i in at),
                             self.boxes, self.read)


def match_boxes(labels: FloatArray, quads: FloatArray, threshold: float = MATCH_IOU) -> list[int | None]:
    """For each labelled box (N, 4: x0, y0, x1, y1), the index of the quad (M, 4, 2) whose bounding
    box overlaps it best with an IoU of at least ``threshold``, or None; the best pairs first, each
    quad given to one box at most.

    >>> card = np.array([[[10, 10], [50, 10], [50, 70], [10, 70]]], np.float32)
    >>> match_boxes(np.array([[12, 10, 50, 70], [300, 300, 340, 360]], np.float32), card)
    [0, None]
    """
    out: list[int | None] = [None] * len(labels)
    if len(labels) == 0 or len(quads) == 0:
        return out
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    iou = box_iou(np.asarray(labels, np.float32), bounding_boxes(q))
    taken: set[int] = set()
    for flat in np.argsort(-iou, axis=None, kind="stable").tolist():
        box, quad = divmod(int(flat), iou.shape[1])
        if iou[box, quad] < threshold:
            break
        if out[box] is None and quad not in taken:
            out[box] = quad
            taken.add(quad)
    return out


def labelled_crops(folder: Path, find: Finder, known: Collection[str] | None = None, *,
                   progress: Callable[[], None] | None = None) -> LabelledCrops:
    """The labelled cards of every photo of ``folder`` (each with its VOC file) that ``find`` finds,
    cut into crops (see the module's doc). With ``known``, a name outside it raises
    :class:`~companion.errors.LabelsUnreadable` naming the file and the name, before any card is
    found. Raises :class:`~companion.errors.ImageUnreadable` for a photo that cannot be read.
    ``progress`` is called after each photo."""
    pairs = photos(Path(folder))
    labels = [read_labels(xml) for _, xml in pairs]
    if known is not None:
        for (_, xml), (given, _) in zip(pairs, labels, strict=True):
            strange = [name for name in given if name not in known]
            if strange:
                raise LabelsUnreadable(Text("enrol_unknown_name", path=xml, name=strange[0],
                                            known=", ".join(sorted(known)[:12])))
    names: list[str] = []
    crops: list[npt.NDArray[np.uint8]] = []
    sources: list[str] = []
    boxes = 0
    for (photo, _), (labelled, box) in zip(pairs, labels, strict=True):
        boxes += len(labelled)
        if progress is not None:
            progress()
        if not labelled:
            continue
        frame, scale = working_frame(load_image(photo))
        quads = np.asarray(find(frame), np.float32).reshape(-1, 4, 2)
        for name, quad in zip(labelled, match_boxes(box * np.float32(scale), quads), strict=True):
            if quad is not None:
                names.append(name)
                crops.append(rectify(frame, order_corners(quads[quad]), CROP_SIZE))
                sources.append(photo.name)
    width, height = CROP_SIZE
    stacked = np.stack(crops) if crops else np.zeros((0, height, width, 3), np.uint8)
    return LabelledCrops(tuple(names), stacked, tuple(sources), boxes, tuple(p.name for p, _ in pairs))


def draw(names: Sequence[str], shots: int, seed: int) -> npt.NDArray[np.intp]:
    """The indices of ``shots`` of each name's crops drawn at random (all of a name that has fewer;
    every crop for ``shots`` 0), in increasing order; the same for the same seed.

    >>> draw(["a", "b", "a", "a", "b"], 1, 0).tolist()
    [3, 4]
    >>> draw(["a", "b", "a"], 0, 0).tolist()
    [0, 1, 2]
    """
    if shots <= 0:
        return np.arange(len(names), dtype=np.intp)
    rng = np.random.default_rng(seed)
    chosen: list[int] = []
    for name in sorted(set(names)):
        where = np.flatnonzero(np.asarray(names, dtype=object) == name)
        chosen += rng.choice(where, size=min(shots, len(where)), replace=False).tolist()
    return np.array(sorted(chosen), np.intp)


def upright(crops: Crops, classifier: OnnxClassifier) -> Crops:
    """The crops, each the classifier's flip head reads as turned 180 degrees turned back."""
    if len(crops) == 0:
        return crops
    flipped = classifier.read(crops)[0].flipped
    return np.where(flipped[:, None, None, None], turned(crops), crops).astype(np.uint8)


def enrol(labelled: LabelledCrops, classifier: OnnxClassifier, name: str, game: str | None, *,
          about: dict[str, object] | None = None) -> DeckProfile:
    """The profile ``name`` of the crops (their embeddings by ``classifier``), for ``game`` (then
    each crop is turned upright first, :func:`upright`) or for no game. The crops of one photo are
    one capture: the calibration leaves them out together (:func:`vision.read.profile.calibrate`), as
    a new photo shares none of their light. Raises :class:`~companion.errors.ProfileUnavailable`
    when there is no crop."""
    if len(labelled) == 0:
        raise ProfileUnavailable(Text("profile_empty"))
    crops = labelled.crops if game is None else upright(labelled.crops, classifier)
    laid = classifier.read(crops)[1]
    flipped = classifier.read(turned(crops))[1]
    captures = np.unique(np.asarray(labelled.photos, dtype=object), return_inverse=True)[1]
    facts = {"model_game": classifier.game, "photos": len(set(labelled.photos)), "crops": len(labelled),
             **(about or {})}
    return DeckProfile.enrol(name, game, classifier.fingerprint, labelled.names, laid, flipped, about=facts,
                             captures=captures.tolist())
