"""Deck profiles: the look of the players' own cards, learned from a few real crops of each.

A profile holds, for each enrolled card name, the embeddings (:meth:`OnnxClassifier.read
<vision.read.classify.OnnxClassifier.read>`) of real crops of that card, each also turned 180
degrees, and two thresholds calibrated on those same crops by leaving each capture out in turn
(:func:`calibrate`). A crop is named by its nearest enrolled card (the best similarity of any of
its shots, once the mean of the profile's shots is taken from both) when it is close enough
(:attr:`DeckProfile.accept`) and clearly nearer to it than to any other
(:attr:`DeckProfile.margin`); otherwise the profile does not name it (:meth:`DeckProfile.match`).
The thresholds are the most lenient that name at most :data:`WRONG_BUDGET` of the enrolled shots
wrong when each is matched against the others' captures. :class:`ProfiledClassifier` reads with a
profile: the profile's name where it gives one, the shipped classifier's reading of a card the
profile does not hold, unsure otherwise (G2). Everything here is numpy on the embeddings: no
training on the Pi.

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
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np
import numpy.typing as npt

from companion.engine.jsonsafe import read_json
from companion.errors import CompanionError, ProfileUnavailable
from companion.text import Text
from vision.find.detect import CROP_SIZE
from vision.read.classify import Crops, OnnxClassifier, Readings

Floats = npt.NDArray[np.float32]

#: The version of the file's layout.
VERSION = 1
#: The file suffix of a deck profile.
SUFFIX = ".deck"
#: The arrays of a profile file (``meta``: the JSON text's bytes).
ARRAYS = ("embeddings", "turned", "captures", "meta")
#: The most shots a profile file may hold (80 cards, 40 captures each, both ways up): more is no
#: profile this companion wrote.
MOST_SHOTS = 6400
#: The largest profile file read, and the most its arrays may unpack to (bytes).
MOST_BYTES = 16 * 1024 * 1024
#: The least similarity a crop needs to its nearest enrolled card, whatever the calibration says.
ACCEPT_FLOOR = 0.3
#: The least margin between the nearest card and the next, whatever the calibration says.
MARGIN_FLOOR = 0.02
#: The share of enrolled shots that may be named wrong, each matched against the shots of the other
#: captures (:func:`calibrate`): the thresholds are the most lenient that keep the smoothed share of
#: those named wrong at most this.
WRONG_BUDGET = 0.01
#: How far each enrolled shot's similarities are blurred when the thresholds are chosen, as a share
#: of the spread of the shots' margins between their own card and the nearest other
#: (:func:`calibrate`): a few shots a card are a sample, and a new crop lies a little off them.
SMOOTHING = 0.5
#: The thresholds :func:`calibrate` chooses among: accept from 0 to 0.99, margin from 0 to 0.495.
ACCEPT_STEPS = np.round(np.arange(0.0, 1.0, 0.01), 3)
MARGIN_STEPS = np.round(np.arange(0.0, 0.5, 0.005), 3)
#: The most enrolled shots :func:`calibrate` matches each against the others (a seeded draw of them
#: beyond): the similarities of every pair of 6,400 shots would take 160 MB.
MOST_QUERIES = 2000


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
              turned_embeddings: Floats, *, about: dict[str, object] | None = None,
              captures: Sequence[int] | None = None) -> DeckProfile:
        """A profile of ``names[i]``'s crops, whose embeddings are ``embeddings[i]`` as laid and
        ``turned_embeddings[i]`` turned 180 degrees, its thresholds calibrated on them
        (:func:`calibrate`). ``captures[i]`` says which capture crop ``i`` belongs to (crops of one
        photo, or frames of one card laid once, share one); by default each crop is its own.
        Raises :class:`ProfileUnavailable` when there is no crop."""
        if len(names) == 0:
            raise ProfileUnavailable(Text("profile_empty"))
        n = len(names)
        stacked = _unit(np.concatenate([embeddings, turned_embeddings]).astype(np.float32))
        every = tuple(names) * 2
        own = np.arange(n) if captures is None else np.unique(np.asarray(captures), return_inverse=True)[1]
        shots = np.tile(np.asarray(own, np.int32).reshape(n), 2)
        turned = np.repeat(np.array([False, True]), n)
        accept, margin = calibrate(every, stacked, shots)
        return cls(name, game, model, every, stacked.astype(np.float16), turned, shots, accept, margin,
                   dict(about or {}))

    @property
    def cards(self) -> frozenset[str]:
        """The card names enrolled."""
        return frozenset(self.names)

    @cached_property
    def _space(self) -> _Space:
        return _Space.of(self.names, self.embeddings.astype(np.float32))

    def match(self, embeddings: Floats) -> Matches:
        """What the profile makes of crops of unit-length ``embeddings`` (N, D): each crop's
        similarity to a card is its best with any shot of the card, once the profile's mean shot is
        taken from both (:class:`_Space`: what every card of a deck shares says nothing of which
        card it is); it is named the nearest card when that similarity reaches :attr:`accept` and
        exceeds the next card's by :attr:`margin`."""
        n = len(embeddings)
        if n == 0:
            empty = np.zeros(0, np.float32)
            return Matches((), empty, empty, np.zeros(0, np.bool_))
        space = self._space
        best, second, shot = space.nearest(space.centred(np.asarray(embeddings, np.float32)))
        labels = space.labels
        nearest = tuple([labels[i] for i in space.columns[shot].tolist()])
        taken = (best >= self.accept) & (best - second >= self.margin)
        names = tuple(name if ok else None for name, ok in zip(nearest, taken.tolist(), strict=True))
        return Matches(names, best, (best - second).astype(np.float32), self.turned[space.order[shot]],
                       nearest)

    def to_bytes(self) -> bytes:
        """The profile as its file holds it."""
        meta = {"version": VERSION, "name": self.name, "game": self.game, "model": self.model,
                "names": list(self.names), "accept": self.accept, "margin": self.margin,
                "about": self.about}
        buffer = io.BytesIO()
        np.savez_compressed(buffer, embeddings=self.embeddings, turned=self.turned, captures=self.captures,
                            meta=np.frombuffer(json.dumps(meta).encode("utf-8"), np.uint8))
        return buffer.getvalue()

    def save(self, path: Path) -> None:
        """Write the profile to ``path`` (written whole to a temporary file, then renamed)."""
        data = self.to_bytes()
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".part")
        partial.write_bytes(data)
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
            return cls.from_bytes(path.read_bytes())
        except (OSError, ValueError, KeyError, TypeError, ArithmeticError, NotImplementedError, EOFError,
                zipfile.BadZipFile, zlib.error, CompanionError) as error:
            detail = str(error) if isinstance(error, ValueError | KeyError) else type(error).__name__
            raise ProfileUnavailable(Text("profile_corrupt", path=path, detail=detail[:120])) from None

    @classmethod
    def from_bytes(cls, data: bytes) -> DeckProfile:
        """The profile a file's bytes hold; raises ``ValueError`` (or ``KeyError``, ``TypeError``,
        ``zipfile.BadZipFile``, ``EOFError``, :class:`~companion.errors.CompanionError`) for bytes
        that are not a profile this companion wrote, before unpacking more than :data:`MOST_BYTES`."""
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = {info.filename: info.file_size for info in archive.infolist()}
        if set(members) != {f"{key}.npy" for key in ARRAYS} or sum(members.values()) > MOST_BYTES:
            raise ValueError("not the arrays of a deck profile")
        with np.load(io.BytesIO(data), allow_pickle=False) as archive:
            arrays = {key: archive[key] for key in ARRAYS}
        kinds = {key: arrays[key].dtype.kind for key in ARRAYS}
        if kinds != {"embeddings": "f", "turned": "b", "captures": "i", "meta": "u"}:
            raise ValueError("its arrays are not of the kinds written")
        meta = read_json(bytes(arrays["meta"].astype(np.uint8)).decode("utf-8"))
        if not isinstance(meta, dict) or meta.get("version") != VERSION:
            raise ValueError("not a deck profile of this version")
        if not isinstance(meta["names"], list):
            raise ValueError("its names are no list")
        names = tuple(str(name) for name in meta["names"])
        embeddings = np.asarray(arrays["embeddings"], np.float16)
        turned, captures = np.asarray(arrays["turned"], np.bool_), np.asarray(arrays["captures"], np.int32)
        if not (0 < len(names) <= MOST_SHOTS and embeddings.ndim == 2 and embeddings.shape[1] > 0
                and turned.ndim == captures.ndim == 1
                and len(embeddings) == len(turned) == len(captures) == len(names)):
            raise ValueError("its arrays do not agree")
        if not np.isfinite(embeddings).all():
            raise ValueError("an embedding is not a number")
        accept, margin = float(meta["accept"]), float(meta["margin"])
        if not (-1.0 <= accept <= 1.0 and 0.0 <= margin <= 2.0):  # nan too
            raise ValueError("its thresholds are out of range")
        game = meta["game"]
        about = meta.get("about", {})
        return cls(str(meta["name"]), None if game is None else str(game), str(meta["model"]), names,
                   embeddings, turned, captures, accept, margin, about if isinstance(about, dict) else {})


def _unit(vectors: Floats) -> Floats:
    # Not np.linalg.norm: its own checks cost more than the sums for one crop.
    length = np.sqrt((vectors * vectors).sum(axis=1, keepdims=True))
    unit: Floats = (vectors / np.maximum(length, 1e-12)).astype(np.float32, copy=False)
    return unit


@dataclass(frozen=True)
class _Space:
    """A profile's shots as matched: centred on their mean and of unit length again, sorted by card
    (``order[k]`` is the stored shot at place ``k``), each card's shots from ``starts[j]`` on."""

    mean: Floats
    shots: Floats
    order: npt.NDArray[np.intp]
    starts: npt.NDArray[np.intp]
    #: The card of each sorted shot, as an index of ``labels``.
    columns: npt.NDArray[np.intp]
    labels: tuple[str, ...]

    @classmethod
    def of(cls, names: Sequence[str], embeddings: Floats) -> _Space:
        labels = tuple(dict.fromkeys(names))
        where = {name: i for i, name in enumerate(labels)}
        index = np.array([where[name] for name in names], np.intp)
        order = np.argsort(index, kind="stable")
        columns = index[order]
        starts = np.searchsorted(columns, np.arange(len(labels)))
        mean = embeddings.mean(axis=0).astype(np.float32)
        return cls(mean, _unit(embeddings[order] - mean), order, starts.astype(np.intp), columns, labels)

    def centred(self, embeddings: Floats) -> Floats:
        """Crops' embeddings as the shots are matched."""
        return _unit(embeddings - self.mean)

    def nearest(self, crops: Floats) -> tuple[Floats, Floats, npt.NDArray[np.intp]]:
        """For each centred crop: the best similarity of any shot of its nearest card, the best of
        the next card (-1 when the profile holds one card), and the sorted shot that gave the best."""
        similarity = crops @ self.shots.T
        by_card = np.maximum.reduceat(similarity, self.starts, axis=1)
        rows = np.arange(len(crops))
        first = by_card.argmax(axis=1)
        best = by_card[rows, first]
        if len(self.labels) > 1:
            by_card[rows, first] = -np.inf
            second = by_card.max(axis=1)
        else:
            second = np.full(len(crops), -1.0, np.float32)
        shot = np.where(self.columns[None, :] == first[:, None], similarity, -np.inf).argmax(axis=1)
        return best.astype(np.float32), second.astype(np.float32), shot


def _phi(x: Floats) -> Floats:
    """The normal distribution's function, closely enough (the logistic of 1.702 x)."""
    out: Floats = (1.0 / (1.0 + np.exp(-1.702 * np.clip(x, -40, 40)))).astype(np.float32)
    return out


def calibrate(names: Sequence[str], embeddings: Floats,
              captures: npt.NDArray[np.int32]) -> tuple[float, float]:
    """The thresholds ``(accept, margin)`` of a profile of these unit-length shots, each shot matched
    as :meth:`DeckProfile.match` matches a crop against the shots of every *other* capture.

    Each shot so matched gives its similarity to its own card (none when no other capture holds
    it: then it stands for a card nobody enrolled) and to the nearest other. Of the thresholds of
    :data:`ACCEPT_STEPS` and :data:`MARGIN_STEPS`, those chosen name the most shots right while
    naming at most :data:`WRONG_BUDGET` of them wrong, where each similarity is blurred by a
    normal spread of :data:`SMOOTHING` times the spread of the shots' margins between their own
    card and the nearest other: a shot a hair above a threshold counts about half named, and a
    few shots a card do not give thresholds that only they pass. Where no thresholds are within the
    budget, the strictest; at least :data:`ACCEPT_FLOOR` and :data:`MARGIN_FLOOR`.
    """
    space = _Space.of(names, np.asarray(embeddings, np.float32))
    queries = np.arange(len(names))
    if len(queries) > MOST_QUERIES:
        queries = np.sort(np.random.default_rng(0).choice(queries, MOST_QUERIES, replace=False))
    crops = space.centred(np.asarray(embeddings, np.float32)[queries])
    similarity = crops @ space.shots.T
    sorted_captures = np.asarray(captures)[space.order]
    similarity[np.asarray(captures)[queries][:, None] == sorted_captures[None, :]] = -np.inf
    by_card = np.maximum.reduceat(similarity, space.starts, axis=1)
    # -inf: no shot of that card is left once the shot's own capture is (its own card, enrolled
    # from that capture alone, then stands for a card nobody enrolled).
    labels = {name: i for i, name in enumerate(space.labels)}
    own_card = np.array([labels[names[int(q)]] for q in queries], np.intp)
    rows = np.arange(len(queries))
    own = by_card[rows, own_card]
    by_card[rows, own_card] = -np.inf
    other = by_card.max(axis=1)
    by_card[rows, by_card.argmax(axis=1)] = -np.inf
    third = by_card.max(axis=1) if by_card.shape[1] > 1 else np.full(len(rows), -np.inf)
    own, other, third = (np.where(np.isfinite(v), v, -2.0).astype(np.float32) for v in (own, other, third))
    known = own > -2.0
    gaps = (own - other)[known] if known.sum() > 1 else (other - third)
    blur = max(SMOOTHING * float(np.std(gaps)), 1e-3)
    # Named right: the own card reaches accept and exceeds the nearest other by the margin. Named
    # wrong: the nearest other does, and exceeds both the own card and the next other.
    rival = np.maximum(own, third)
    best: tuple[float, float, float] | None = None  # (shots named right, accept, margin)
    margins = MARGIN_STEPS[MARGIN_STEPS >= MARGIN_FLOOR][:, None]
    for accept in ACCEPT_STEPS[ACCEPT_STEPS >= ACCEPT_FLOOR]:
        right = (_phi((own - accept) / blur) * _phi((own - other - margins) / blur)).mean(axis=1)
        wrong = (_phi((other - accept) / blur) * _phi((other - rival - margins) / blur)).mean(axis=1)
        within = np.flatnonzero(wrong <= WRONG_BUDGET)
        if len(within):
            k = within[right[within].argmax()]
            if best is None or right[k] > best[0] + 1e-9:
                best = (float(right[k]), float(accept), float(margins[k, 0]))
    if best is None:
        return float(ACCEPT_STEPS[-1]), float(MARGIN_STEPS[-1])
    return best[1], best[2]


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
        width, height = CROP_SIZE
        size = classifier.read(np.zeros((1, height, width, 3), np.uint8))[1].shape[1]
        if profile.embeddings.shape[1] != size:  # a file made by hand: the model's own gives its size
            raise ProfileUnavailable(Text("profile_corrupt", path=profile.name,
                                          detail=f"embeddings of {profile.embeddings.shape[1]}, not {size}"))
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
