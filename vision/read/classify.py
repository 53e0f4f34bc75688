"""Reading card crops: a one-method interface, the onnxruntime implementation and a fake.

A reading below the model's calibrated threshold is "unsure" (``None``),
never a guess (RULINGS G2).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from companion.errors import ModelUnavailable
from companion.text import Text
from vision.find.detect import CROP_SIZE
from vision.networks import session
from vision.read.catalogue import class_names

Crops = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Readings:
    """What the classifier read on each crop: the card (None when unsure), its calibrated
    confidence, and whether the crop shows the card turned 180 degrees; and, when the classifier
    says, its likeliest card, named even when unsure (``guesses``: never a reading itself, only
    what :func:`vision.read.reread.consensus` weighs across the many cuts of one card)."""

    names: tuple[str | None, ...]
    confidences: npt.NDArray[np.float32]
    flipped: npt.NDArray[np.bool_]
    guesses: tuple[str | None, ...] = ()


class Classifier(Protocol):
    """Anything that reads crops of one game's cards."""

    game: str

    def classify(self, crops: Crops) -> Readings:
        """Read a batch of crops (N, 88, 64, 3) BGR uint8."""
        ...


def default_model(game: str) -> Path:
    """Where the shipped model of ``game`` lies (``models/<game>.onnx``)."""
    return Path(str(resources.files("models").joinpath(f"{game}.onnx")))


def fingerprint(path: Path) -> str:
    """What a deck profile records of the model file ``path`` (the start of its SHA-256): a profile
    is matched only with the embeddings of the very file that made it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


class OnnxClassifier:
    """The shipped classifier: an ONNX file run by onnxruntime (:func:`vision.networks.session`)."""

    def __init__(self, game: str, path: Path | None = None, *, threads: int = 1) -> None:
        self.game = game
        self.path = path or default_model(game)
        if not self.path.is_file():
            raise ModelUnavailable(Text("model_missing", path=self.path, game=game))
        try:
            self._session = session(self.path, threads)
            meta = {k: json.loads(v) for k, v in self._session.get_modelmeta().custom_metadata_map.items()}
            self.classes: list[str] = list(meta["classes"])
            self.threshold = float(meta["threshold"])
            other = str(meta["game"])
            outputs = [output.name for output in self._session.get_outputs()]
        except Exception as error:  # onnxruntime raises its own untyped errors for bad files
            raise ModelUnavailable(Text("model_corrupt", path=self.path, game=game,
                                        detail=type(error).__name__)) from None
        if other != game:
            raise ModelUnavailable(Text("model_wrong_game", path=self.path, game=game, other=other))
        expected = class_names(game)
        if self.classes != expected:
            missing = sorted(set(expected) - set(self.classes))[:3]
            raise ModelUnavailable(Text("model_classes", path=self.path, game=game,
                                        detail=", ".join(missing) or "order"))
        self.metadata: dict[str, Any] = meta
        #: Whether the file gives each crop's embedding (its third output, ``embedding``): what a
        #: deck profile (:mod:`vision.read.profile`) matches enrolled crops by.
        self.embeds = outputs[2:3] == ["embedding"]
        #: What a deck profile records of this file (:func:`fingerprint`).
        self.fingerprint = fingerprint(self.path)

    def read(self, crops: Crops) -> tuple[Readings, Floats]:
        """Read a batch of crops: the readings (unsure ones None) and each crop's embedding, of
        unit length, (N, D) float32; (N, 0) when the file gives none (:attr:`embeds`)."""
        width, height = CROP_SIZE
        if len(crops) == 0:
            return Readings((), np.zeros(0, np.float32), np.zeros(0, np.bool_)), np.zeros((0, 0), np.float32)
        batch = np.ascontiguousarray(crops, np.uint8).reshape(-1, height, width, 3)
        probabilities, flipped, *rest = self._session.run(None, {"crops": batch})
        best = probabilities.argmax(axis=1)
        confidence = probabilities[np.arange(len(best)), best].astype(np.float32)
        guesses = tuple(self.classes[i] for i in best.tolist())
        names = tuple(guess if c >= self.threshold else None
                      for guess, c in zip(guesses, confidence.tolist(), strict=True))
        embedding = np.asarray(rest[0] if self.embeds else np.zeros((len(best), 0)), np.float32)
        length = np.linalg.norm(embedding, axis=1, keepdims=True)
        return (Readings(names, confidence, np.asarray(flipped > 0.5, np.bool_), guesses),
                embedding / np.maximum(length, 1e-12))

    def classify(self, crops: Crops) -> Readings:
        """Read a batch of crops; unsure readings are None."""
        return self.read(crops)[0]


@dataclass
class FakeClassifier:
    """A classifier that answers what it is told, for tests: one reading a crop, in turn; an
    answer less sure than ``threshold`` is unsure, its name kept as the guess."""

    game: str
    answers: Sequence[tuple[str | None, float, bool]] = ()
    calls: list[int] = field(default_factory=list)
    threshold: float = 0.0

    def classify(self, crops: Crops) -> Readings:
        """The next ``len(crops)`` answers (unsure once they run out)."""
        start = sum(self.calls)
        self.calls.append(len(crops))
        given = list(self.answers[start:start + len(crops)])
        given += [(None, 0.0, False)] * (len(crops) - len(given))
        return Readings(tuple(a[0] if a[1] >= self.threshold else None for a in given),
                        np.asarray([a[1] for a in given], np.float32),
                        np.asarray([a[2] for a in given], np.bool_), tuple(a[0] for a in given))
