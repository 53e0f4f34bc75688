"""Deck profiles: the look of the players' own cards, learned from a few real crops of each.

A profile holds, for each enrolled card name, the embeddings (:meth:`OnnxClassifier.read
<vision.read.classify.OnnxClassifier.read>`) of real crops of that card, each also turned 180
degrees, and two thresholds calibrated on those same crops by leaving each capture out in turn
(:func:`calibrate`). A crop is named by its nearest enrolled card (the best similarity of any of
its shots) when it is close enough (:attr:`DeckProfile.accept`) and clearly nearer to it than to any
other (:attr:`DeckProfile.margin`); otherwise the profile does not name it
(:meth:`DeckProfile.match`). :class:`ProfiledClassifier` reads with a profile: the profile's name
where it gives one, the shipped classifier's reading of a card the profile does not hold, unsure
otherwise (G2). Everything here is numpy on the embeddings: no training on the Pi.

A profile file is a numpy ``.npz`` archive read without pickles: the arrays, and the rest as one
JSON text, bounded like every JSON the companion reads.

Two shots each of three cards, whose embeddings lie near the first three axes as laid and near
the next three turned; a crop near the fifth axis is card ``b`` turned, one near the eighth is no
enrolled card:

>>> import numpy as np
>>> rng, axes = np.random.default_rng(0), np.eye(8, dtype=np.float32)
>>> laid = np.concatenate([axes[:3] + 0.1 * rng.normal(size=(3, 8)) for _ in range(2)])
>>> turned = np.concatenate([axes[3:6] + 0.1 * rng.normal(size=(3, 8)) for _ in range(2)])
>>> profile = DeckProfile.enrol("home", None, "model", ["a", "b", "c"] * 2, laid, turned)
>>> matches = profile.match(axes[[0, 4, 7]])
>>> matches.names, matches.turned.tolist()
(('a', 'b', None), [False, True, True])
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from companion.engine.jsonsafe import read_json
from companion.errors import CompanionError, ProfileUnavailable
from companion.text import Text
from vision.read.classify import Crops, OnnxClassifier, Readings

Floats = npt.NDArray[np.float32]

#: The version of the file's layout.
VERSION = 1
#: The file suffix of a deck profile.
SUFFIX = ".deck"
#: The most shots a profile file may hold (80 cards, 40 captures each, both ways up): more is no
#: profile this companion wrote.
MOST_SHOTS = 6400
#: The largest profile file read (bytes).
MOST_BYTES = 16 * 1024 * 1024
#: The least similarity a crop needs to its nearest enrolled card, whatever the calibration says:
#: below it two crops share little more than being cards.
ACCEPT_FLOOR = 0.5
#: The least margin between the nearest card and the next, whatever the calibration says.
MARGIN_FLOOR = 0.02
#: The share of enrolled captures, each treated as a card nobody enrolled, that may still come as
#: close to an enrolled card as :attr:`DeckProfile.accept`: it is set at this quantile of their
#: nearest similarities.
STRANGER_QUANTILE = 0.9


@dataclass(frozen=True)
class Matches:
    """What a profile makes of each crop: the card (None when not close enough or not clearly
    nearer than another), the similarity to its nearest enrolled card, how much nearer that card
    is than the next, and whether the crop shows it turned 180 degrees from its enrolled shots."""

    names: tuple[str | None, ...]
    similarity: Floats
    margin: Floats
    turned: npt.NDArray[np.bool_]
    #: The nearest enrolled card of each crop, named even when not taken.
    nearest: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeckProfile:
    """The enrolled look of one deck: ``names[i]`` is the card of shot ``i``, ``embeddings[i]`` its
    unit-length embedding, ``turned[i]`` whether the shot is the crop turned 180 degrees, and
    ``captures[i]`` which capture it came from (a crop and its turn share one)."""

    name: str
    game: str | None
    #: The fingerprint of the classifier file that gave the embeddings
    #: (:attr:`vision.read.classify.OnnxClassifier.fingerprint`).
    model: str
    names: tuple[str, ...]
    embeddings: npt.NDArray[np.float16]
    turned: npt.NDArray[np.bool_]
    captures: npt.NDArray[np.int32]
    #: The similarity a crop needs to its nearest enrolled card to be named.
    accept: float
    #: How much nearer than to any other card it must be.
    margin: float
    #: Free facts of the enrolment (when, from what, how many frames), kept with the file.
    about: dict[str, object] = field(default_factory=dict)

    @classmethod
    def enrol(cls, name: str, game: str | None, model: str, names: Sequence[str], embeddings: Floats,
              turned_embeddings: Floats, *, about: dict[str, object] | None = None) -> DeckProfile:
        """A profile of ``names[i]``'s crops, whose embeddings are ``embeddings[i]`` as laid and
        ``turned_embeddings[i]`` turned 180 degrees, its thresholds calibrated on them
        (:func:`calibrate`). Raises :class:`ProfileUnavailable` when there is no crop."""
        if len(names) == 0:
            raise ProfileUnavailable(Text("profile_empty"))
        n = len(names)
        stacked = _unit(np.concatenate([embeddings, turned_embeddings]).astype(np.float32))
        every = tuple(names) * 2
        captures = np.tile(np.arange(n, dtype=np.int32), 2)
        turned = np.repeat(np.array([False, True]), n)
        accept, margin = calibrate(every, stacked, captures)
        return cls(name, game, model, every, stacked.astype(np.float16), turned, captures, accept, margin,
                   dict(about or {}))

    @property
    def cards(self) -> frozenset[str]:
        """The card names enrolled."""
        return frozenset(self.names)

    def match(self, embeddings: Floats) -> Matches:
        """What the profile makes of crops of unit-length ``embeddings`` (N, D)."""
        n = len(embeddings)
        if n == 0:
            empty = np.zeros(0, np.float32)
            return Matches((), empty, empty, np.zeros(0, np.bool_))
        similarity = np.asarray(embeddings, np.float32) @ self.embeddings.astype(np.float32).T
        labels, columns = _names_index(self.names)
        best, second, shot = _per_name_best(similarity, columns, len(labels))
        nearest = tuple(labels[int(i)] for i in best.argmax_name)
        taken = (best.value >= self.accept) & (best.value - second >= self.margin)
        names = tuple(name if ok else None for name, ok in zip(nearest, taken.tolist(), strict=True))
        return Matches(names, best.value, (best.value - second).astype(np.float32), self.turned[shot],
                       nearest)

    def save(self, path: Path) -> None:
        """Write the profile to ``path`` (written whole to a temporary file, then renamed)."""
        meta = {"version": VERSION, "name": self.name, "game": self.game, "model": self.model,
                "names": list(self.names), "accept": self.accept, "margin": self.margin,
                "about": self.about}
        buffer = io.BytesIO()
        np.savez_compressed(buffer, embeddings=self.embeddings, turned=self.turned, captures=self.captures,
                            meta=np.frombuffer(json.dumps(meta).encode("utf-8"), np.uint8))
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".part")
        partial.write_bytes(buffer.getvalue())
        partial.replace(path)

    @classmethod
    def load(cls, path: Path) -> DeckProfile:
        """The profile in ``path``. Raises :class:`ProfileUnavailable` for a missing file, and for one
        that is not a profile this companion wrote (never a crash, whatever its bytes)."""
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            raise ProfileUnavailable(Text("profile_missing", path=path)) from None
        except OSError as error:
            detail = type(error).__name__
            raise ProfileUnavailable(Text("profile_corrupt", path=path, detail=detail)) from None
        try:
            if size > MOST_BYTES:
                raise ValueError(f"larger than {MOST_BYTES} bytes")
            return cls._parse(path.read_bytes())
        except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile, EOFError,
                CompanionError) as error:
            detail = str(error) if isinstance(error, ValueError | KeyError) else type(error).__name__
            raise ProfileUnavailable(Text("profile_corrupt", path=path, detail=detail[:120])) from None

    @classmethod
    def _parse(cls, data: bytes) -> DeckProfile:
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            arrays = {key: archive[key] for key in ("embeddings", "turned", "captures", "meta")}
        meta = read_json(bytes(arrays["meta"].astype(np.uint8)).decode("utf-8"))
        if not isinstance(meta, dict) or meta.get("version") != VERSION:
            raise ValueError("not a deck profile of this version")
        names = tuple(str(name) for name in meta["names"])
        embeddings = np.asarray(arrays["embeddings"], np.float16)
        turned, captures = np.asarray(arrays["turned"], np.bool_), np.asarray(arrays["captures"], np.int32)
        if not (0 < len(names) <= MOST_SHOTS and embeddings.ndim == 2
                and len(embeddings) == len(turned) == len(captures) == len(names)):
            raise ValueError("its arrays do not agree")
        if not np.isfinite(embeddings).all():
            raise ValueError("an embedding is not a number")
        accept, margin = float(meta["accept"]), float(meta["margin"])
        game = meta["game"]
        about = meta.get("about", {})
        return cls(str(meta["name"]), None if game is None else str(game), str(meta["model"]), names,
                   embeddings, turned, captures, accept, margin, about if isinstance(about, dict) else {})


@dataclass(frozen=True)
class _Best:
    value: Floats
    argmax_name: npt.NDArray[np.intp]


def _unit(vectors: Floats) -> Floats:
    length = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit: Floats = (vectors / np.maximum(length, 1e-12)).astype(np.float32)
    return unit


def _names_index(names: Sequence[str]) -> tuple[list[str], npt.NDArray[np.intp]]:
    """The distinct names in first-seen order, and each shot's index among them."""
    labels = list(dict.fromkeys(names))
    where = {name: i for i, name in enumerate(labels)}
    return labels, np.array([where[name] for name in names], np.intp)


def _per_name_best(similarity: Floats, columns: npt.NDArray[np.intp],
                   count: int) -> tuple[_Best, Floats, npt.NDArray[np.intp]]:
    """For each row of ``similarity`` (crops by shots): the best similarity of any shot of the
    nearest name and that name, the best of the next name (-1 when there is none), and the shot
    that gave the best."""
    by_name = np.full((len(similarity), count), -1.0, np.float32)
    np.maximum.at(by_name.T, columns, similarity.T)  # each name's best shot, per crop
    order = np.argsort(-by_name, axis=1)
    rows = np.arange(len(similarity))
    best_name = order[:, 0]
    second = by_name[rows, order[:, 1]] if count > 1 else np.full(len(similarity), -1.0, np.float32)
    masked = np.where(columns[None, :] == best_name[:, None], similarity, -np.inf)
    return _Best(by_name[rows, best_name], best_name), second.astype(np.float32), masked.argmax(axis=1)


def calibrate(names: Sequence[str], embeddings: Floats,
              captures: npt.NDArray[np.int32]) -> tuple[float, float]:
    """The thresholds ``(accept, margin)`` of a profile of these shots, each capture left out in
    turn and matched against all the others:

    - ``margin`` is just above the largest margin by which a capture left out came nearer to
      another card than to its own (no capture is named wrong that way), and at least
      :data:`MARGIN_FLOOR`;
    - ``accept`` is the :data:`STRANGER_QUANTILE` quantile of each capture's similarity to the
      nearest *other* card (the capture standing for a card nobody enrolled, whose nearest is
      another card), and at least :data:`ACCEPT_FLOOR`.
    """
    labels, columns = _names_index(names)
    similarity = embeddings @ embeddings.T
    same_capture = captures[:, None] == captures[None, :]
    similarity = np.where(same_capture, -np.inf, similarity).astype(np.float32)
    by_name = np.full((len(names), len(labels)), -np.inf, np.float32)
    np.maximum.at(by_name.T, columns, similarity.T)
    own = by_name[np.arange(len(names)), columns]
    others = np.where(np.arange(len(labels))[None, :] == columns[:, None], -np.inf, by_name).max(axis=1)
    gaps = (others - own)[np.isfinite(own) & np.isfinite(others)]
    margin = max(MARGIN_FLOOR, float(gaps.max()) + 1e-3 if len(gaps) else MARGIN_FLOOR)
    strangers = others[np.isfinite(others)]
    nearest = float(np.quantile(strangers, STRANGER_QUANTILE)) if len(strangers) else ACCEPT_FLOOR
    accept = max(ACCEPT_FLOOR, nearest)
    return min(accept, 0.999), min(margin, 0.999)


class ProfiledClassifier:
    """Reads crops with a deck profile over the shipped classifier: the profile's card where it
    names one, the classifier's reading of a card the profile does not hold, unsure otherwise
    (G2). A card named by the profile gets the confidence ``threshold + (1 - threshold) *``
    its margin's share of the way from the profile's margin to 1, so that every name the
    profile gives clears the classifier's threshold."""

    def __init__(self, classifier: OnnxClassifier, profile: DeckProfile) -> None:
        if not classifier.embeds:
            raise ProfileUnavailable(Text("profile_no_embedding", path=classifier.path))
        if profile.game is not None and profile.game != classifier.game:
            raise ProfileUnavailable(Text("profile_other_game", path=profile.name, other=profile.game,
                                          game=classifier.game))
        if profile.model != classifier.fingerprint:
            raise ProfileUnavailable(Text("profile_other_model", path=profile.name, game=classifier.game))
        self.game = classifier.game
        self.classifier = classifier
        self.profile = profile
        self.threshold = classifier.threshold

    def classify(self, crops: Crops) -> Readings:
        """Read a batch of crops (N, 88, 64, 3) BGR uint8 with the profile."""
        readings, embeddings = self.classifier.read(crops)
        if len(crops) == 0:
            return readings
        matches = self.profile.match(embeddings)
        enrolled = self.profile.cards
        span = max(1e-6, 1.0 - self.profile.margin)
        share = np.clip((matches.margin - self.profile.margin) / span, 0.0, 1.0)
        sure = (self.threshold + (1.0 - self.threshold) * share).astype(np.float32)
        names: list[str | None] = []
        confidences = readings.confidences.copy()
        flipped = readings.flipped.copy()
        guesses = list(readings.guesses or readings.names)
        for i, (mine, theirs) in enumerate(zip(matches.names, readings.names, strict=True)):
            if mine is not None:
                names.append(mine)
                confidences[i], flipped[i], guesses[i] = sure[i], matches.turned[i], mine
            elif theirs is not None and theirs not in enrolled:
                names.append(theirs)
            else:
                names.append(None)
                guesses[i] = matches.nearest[i] if matches.nearest else guesses[i]
                confidences[i] = min(float(confidences[i]), self.threshold * 0.999)
        return Readings(tuple(names), confidences, flipped, tuple(guesses))
