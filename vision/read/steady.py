"""Reading a card near the classifier's threshold on a few crops, not one.

The classifier's confidence in a card it reads at about its calibrated threshold hinges on the
last bit of the crop: near that threshold the softmax is steep, and one grey level of noise in the
crop moves a Tranquillité card read at 0.80 by 0.026 (standard deviation), as much as moving its
corners by a tenth of a pixel. Named on one crop, such a card is named on one frame and unsure on
the next, on a camera's noise or on another CPU's rounding (``companion eval-vision --perturb``).

So a card read within :data:`vision.read.params.MARGIN` of the threshold (on the classifier's
log-odds) is cut again along its quad with its corners moved by up to a pixel (:func:`jittered`, a
fixed pattern) and decided on the mean of those readings (:func:`steadied`). Over 15 noises of
one such frame (``--seed 1``, the tuning seed), with the corners held, the mean of 16 crops moved by
0.008 (standard deviation) where one crop moved by 0.020; with the refiner placing the corners
on each noisy frame, one crop read that card named on 2 frames of 7, the mean on none. Moved
corners cut the card a little worse: the mean lies under the one crop's (0.75 for 0.80), so a
card so near the threshold is more often left unsure, never named on less. Cards read surely, or
surely not, are read once.
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import numpy.typing as npt

from vision.find.detect import CROP_SIZE, FloatArray, rectify
from vision.read.classify import Classifier, Readings
from vision.read.params import JITTER, JITTERS, MARGIN

Image = np.ndarray


def jittered(quad: npt.ArrayLike, jitters: int = JITTERS, jitter: float = JITTER) -> FloatArray:
    """``jitters`` copies (K, 4, 2) of ``quad`` (4, 2), the first as given, each other's corners
    moved by up to ``jitter`` pixels along a fixed pattern: the same for every card and every
    frame, so that the mean of their readings depends on the frame alone.

    >>> quad = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> cuts = jittered(quad, 5, 0.5)
    >>> cuts.shape, bool((cuts[0] == quad).all()), float(np.abs(cuts - quad).max()) <= 0.5
    ((5, 4, 2), True, True)
    """
    q = np.asarray(quad, np.float32).reshape(4, 2)
    # A fixed pattern of moves, drawn once: each corner moved on its own, so that the crops
    # differ in shift, scale and skew, and sample the frame's pixels differently.
    pattern = np.random.default_rng(72).uniform(-1.0, 1.0, (max(jitters - 1, 0), 4, 2))
    return np.concatenate([q[None], q[None] + np.float32(jitter) * pattern.astype(np.float32)])


def near_threshold(confidences: npt.ArrayLike, threshold: float,
                   margin: float = MARGIN) -> npt.NDArray[np.bool_]:
    """Which ``confidences`` lie within ``margin`` of ``threshold`` on the log-odds
    (``log(p / (1 - p))``): where one crop's noise may carry a reading across it.

    >>> near_threshold([0.5, 0.79, 0.9, 0.999], 0.8, 1.0).tolist()
    [False, True, True, False]
    """
    p = np.clip(np.asarray(confidences, np.float64).reshape(-1), 1e-7, 1 - 1e-7)
    t = min(max(float(threshold), 1e-7), 1 - 1e-7)
    return np.asarray(np.abs(np.log(p / (1 - p)) - math.log(t / (1 - t))) < margin, np.bool_)


def steadied(frame: Image, quads: FloatArray, readings: Readings, classifier: Classifier,
             threshold: float | None = None, margin: float = MARGIN, jitters: int = JITTERS,
             jitter: float = JITTER) -> Readings:
    """``readings`` of the cards on ``quads`` (N, 4, 2) in ``frame``, each read within ``margin``
    of the classifier's ``threshold`` (:func:`near_threshold`; by default its own ``threshold``
    attribute) read again on its :func:`jittered` crops and decided on them: the card they guess
    most (the surer in sum on a tie), named when the mean over the crops of the confidence in it
    (a crop guessing another counts nought) reaches the threshold, at that mean; turned as most of
    the crops reading it say. ``readings`` itself when no card lies that near, or the classifier
    has no threshold.

    >>> from vision.read.classify import FakeClassifier
    >>> frame = np.zeros((100, 100, 3), np.uint8)
    >>> quads = np.array([[[10, 5], [73, 5], [73, 93], [10, 93]]] * 2, np.float32)
    >>> first = Readings(("7", None), np.array([0.999, 0.77], np.float32), np.zeros(2, bool), ("7", "8"))
    >>> answers = [("8", 0.77, False), ("8", 0.82, False), ("8", 0.85, False)]
    >>> again = FakeClassifier("x", answers, threshold=0.8)
    >>> read = steadied(frame, quads, first, again, threshold=0.8, jitters=3)
    >>> read.names, round(float(read.confidences[1]), 3), again.calls
    (('7', '8'), 0.813, [3])
    """
    if threshold is None:
        threshold = getattr(classifier, "threshold", None)
    if threshold is None or len(readings.names) == 0:
        return readings
    near = np.flatnonzero(near_threshold(readings.confidences, threshold, margin))
    if len(near) == 0:
        return readings
    q = np.asarray(quads, np.float32).reshape(-1, 4, 2)
    cuts = np.concatenate([jittered(q[k], jitters, jitter) for k in near.tolist()])
    read = classifier.classify(np.stack([rectify(frame, cut, CROP_SIZE) for cut in cuts]))
    guesses = read.guesses or read.names
    names = list(readings.names)
    likeliest = list(readings.guesses or readings.names)
    confidences = readings.confidences.astype(np.float32).copy()
    flipped = readings.flipped.astype(np.bool_).copy()
    for n, k in enumerate(near.tolist()):
        span = slice(n * jitters, (n + 1) * jitters)
        mine, sure, turned = guesses[span], read.confidences[span], read.flipped[span]
        name, mean = _likeliest(mine, sure)
        names[k] = name if name is not None and mean >= threshold else None
        likeliest[k] = name
        confidences[k] = mean
        reading = np.array([g == name for g in mine], np.bool_)
        if reading.any():
            flipped[k] = bool(turned[reading].mean() > 0.5)
    return Readings(tuple(names), confidences, flipped, tuple(likeliest))


def _likeliest(guesses: tuple[str | None, ...],
               confidences: npt.NDArray[np.float32]) -> tuple[str | None, float]:
    """The card ``guesses`` give most (the surer in sum on a tie) and the mean over all of them of
    the confidence in it; (None, 0) when none is guessed."""
    counts = Counter(g for g in guesses if g is not None)
    if not counts:
        return None, 0.0
    sums = {name: float(sum(c for g, c in zip(guesses, confidences.tolist(), strict=True) if g == name))
            for name in counts}
    name = max(counts, key=lambda g: (counts[g], sums[g], g))
    return name, sums[name] / len(guesses)


__all__ = ["jittered", "near_threshold", "steadied"]
