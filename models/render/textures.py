"""Procedural textures for synthetic cards: table tops, card art and print wear.

Every generator takes a numpy ``Generator`` and a size and returns a BGR
``uint8`` image, so the same seed always draws the same texture. The
generators come in two disjoint sets, one for training and one held out for
evaluation, so a classifier can be scored on tables and art it never saw.

>>> import numpy as np
>>> table("wood", np.random.default_rng(1), (64, 48)).shape
(48, 64, 3)
>>> set(FINDER_TABLES) & set(HELD_OUT_TABLES)
set()
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
FloatImage = npt.NDArray[np.float32]
Size = tuple[int, int]  # (width, height), as OpenCV takes sizes
BGR = tuple[float, float, float]


def smooth_noise(rng: np.random.Generator, size: Size, cells: int) -> FloatImage:
    """Low-frequency noise in [0, 1]: a ``cells``-wide random grid resized up smoothly."""
    w, h = size
    cw = max(2, cells)
    ch = max(2, round(cells * h / max(w, 1)))
    small = rng.random((ch, cw), dtype=np.float32)
    return np.asarray(cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC), dtype=np.float32)


def _tint(gray: FloatImage, low: BGR, high: BGR) -> Image:
    """Map a [0, 1] gray image onto a colour ramp from ``low`` to ``high`` (BGR)."""
    g = np.clip(gray, 0.0, 1.0)[..., None]
    lo = np.asarray(low, np.float32)
    hi = np.asarray(high, np.float32)
    return np.clip(lo + g * (hi - lo), 0, 255).astype(np.uint8)


def _jitter_colour(rng: np.random.Generator, base: BGR, spread: float) -> BGR:
    b, g, r = (float(np.clip(c + rng.uniform(-spread, spread), 0, 255)) for c in base)
    return b, g, r


def _random_colour(rng: np.random.Generator, low: int, high: int) -> BGR:
    b, g, r = (float(c) for c in rng.integers(low, high, 3))
    return b, g, r


def _scale(colour: BGR, k: float) -> BGR:
    return colour[0] * k, colour[1] * k, colour[2] * k


# --- Tables ------------------------------------------------------------------------------------


def _wood(rng: np.random.Generator, size: Size) -> Image:
    w, h = size
    warp = smooth_noise(rng, size, 6) * rng.uniform(20, 60)
    ys = np.arange(h, dtype=np.float32)[:, None]
    freq = rng.uniform(0.05, 0.15)
    grain = 0.5 + 0.5 * np.sin((ys + warp) * freq + smooth_noise(rng, size, 40) * 2.0)
    fine = cv2.GaussianBlur(rng.random((h, w), dtype=np.float32), (1, 0), sigmaX=6, sigmaY=0.6)
    gray = 0.55 * grain + 0.25 * fine + 0.2 * smooth_noise(rng, size, 3)
    base = _jitter_colour(rng, (40, 80, 130), 25)
    dark = _scale(base, 0.55)
    out = _tint(gray, dark, base)
    if rng.random() < 0.5:  # planks: long seams across the grain
        for y in range(int(rng.integers(0, 120)), h, int(rng.integers(90, 200))):
            cv2.line(out, (0, y), (w, y), _scale(base, 0.4), 2)
    return out


def _cloth(rng: np.random.Generator, size: Size) -> Image:
    w, h = size
    period = int(rng.integers(3, 6))
    xs = np.arange(w, dtype=np.float32)[None, :]
    ys = np.arange(h, dtype=np.float32)[:, None]
    weave = 0.5 + 0.25 * np.sin(xs * 2 * np.pi / period) * np.sin(ys * 2 * np.pi / period)
    gray = 0.6 * weave + 0.4 * smooth_noise(rng, size, 5)
    base = _jitter_colour(rng, _random_colour(rng, 40, 200), 10)
    return _tint(gray, _scale(base, 0.7), base)


def _carpet(rng: np.random.Generator, size: Size) -> Image:
    w, h = size
    fibres = cv2.GaussianBlur(rng.random((h, w), dtype=np.float32), (3, 3), 0.8)
    gray = 0.5 * fibres + 0.5 * smooth_noise(rng, size, 12)
    base = _jitter_colour(rng, (70, 70, 110), 50)
    return _tint(gray, _scale(base, 0.5), base)


def _plain(rng: np.random.Generator, size: Size) -> Image:
    gray = 0.85 + 0.15 * smooth_noise(rng, size, 2)
    base = _jitter_colour(rng, _random_colour(rng, 30, 230), 5)
    return _tint(gray, (0, 0, 0), base)


def _cluttered(rng: np.random.Generator, size: Size) -> Image:
    w, h = size
    out = (_wood if rng.random() < 0.5 else _plain)(rng, size)
    for _ in range(int(rng.integers(4, 12))):  # papers, coasters, a phone, crumbs
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        cx, cy = int(rng.integers(0, w)), int(rng.integers(0, h))
        if rng.random() < 0.5:
            box = ((cx, cy), (float(rng.integers(30, 260)), float(rng.integers(30, 200))),
                   float(rng.uniform(0, 180)))
            cv2.fillPoly(out, [cv2.boxPoints(box).astype(np.int32)], colour, cv2.LINE_AA)
        else:
            cv2.circle(out, (cx, cy), int(rng.integers(10, 70)), colour, -1, cv2.LINE_AA)
    return out


def _marble(rng: np.random.Generator, size: Size) -> Image:
    w, h = size
    xs = np.arange(w, dtype=np.float32)[None, :]
    ys = np.arange(h, dtype=np.float32)[:, None]
    turbulence = smooth_noise(rng, size, 5) * 6 + smooth_noise(rng, size, 17) * 2
    veins = np.abs(np.sin((xs + ys * rng.uniform(0.3, 1.5)) * rng.uniform(0.01, 0.03) + turbulence))
    gray = np.power(veins, 0.3)
    base = _jitter_colour(rng, (215, 215, 215), 30)
    return _tint(gray, _scale(base, 0.45), base)


def _tiles(rng: np.random.Generator, size: Size) -> Image:
    w, h = size
    gray = 0.8 + 0.2 * smooth_noise(rng, size, 8)
    base = _jitter_colour(rng, _random_colour(rng, 80, 230), 10)
    out = _tint(gray, (0, 0, 0), base)
    step = int(rng.integers(60, 160))
    grout = _scale(base, 0.5)
    for x in range(int(rng.integers(0, step)), w, step):
        cv2.line(out, (x, 0), (x, h), grout, 3)
    for y in range(int(rng.integers(0, step)), h, step):
        cv2.line(out, (0, y), (w, y), grout, 3)
    return out


def _gingham(rng: np.random.Generator, size: Size) -> Image:
    w, h = size
    step = int(rng.integers(14, 40))
    xs = (np.arange(w) // step) % 2
    ys = (np.arange(h) // step) % 2
    gray = (0.35 + 0.3 * xs[None, :] + 0.3 * ys[:, None]).astype(np.float32)
    gray += 0.1 * smooth_noise(rng, size, 6)
    base = _jitter_colour(rng, _random_colour(rng, 60, 255), 10)
    return _tint(gray, (40, 40, 40), base)


def _parquet(rng: np.random.Generator, size: Size) -> Image:
    """Wood in strips with dark seams, the strips about a card's size: seams that look like card edges."""
    w, h = size
    out = _wood(rng, size)
    strip = int(rng.integers(25, 110))
    length = int(rng.integers(80, 320))
    seam = _scale(_jitter_colour(rng, (30, 50, 80), 20), rng.uniform(0.4, 1.0))
    across = rng.random() < 0.5
    for k, edge in enumerate(range(int(rng.integers(0, strip)) - strip, (h if across else w) + strip, strip)):
        shift = int(rng.integers(0, length)) if k % 2 else 0
        for end in range(shift - length, (w if across else h) + length, length):
            a, b = ((end, edge), (end, edge + strip)) if across else ((edge, end), (edge + strip, end))
            cv2.line(out, a, b, seam, 2)
        a, b = ((0, edge), (w, edge)) if across else ((edge, 0), (edge, h))
        cv2.line(out, a, b, seam, 2)
    return out


def _terrazzo(rng: np.random.Generator, size: Size) -> Image:
    """A pale ground with chips of stone of every colour and size."""
    w, h = size
    out = _plain(rng, size)
    palette = [_random_colour(rng, 0, 256) for _ in range(int(rng.integers(2, 5)))]
    for _ in range(int(w * h * rng.uniform(1e-4, 6e-4))):
        centre = np.array([rng.integers(0, w), rng.integers(0, h)], np.float32)
        r = float(rng.uniform(1.5, 8))
        pts = centre + rng.normal(0, r, (int(rng.integers(3, 7)), 2)).astype(np.float32)
        hull = cv2.convexHull(pts.astype(np.int32))
        cv2.fillConvexPoly(out, hull, palette[int(rng.integers(len(palette)))], cv2.LINE_AA)
    return out


def _flagstone(rng: np.random.Generator, size: Size) -> Image:
    """Irregular stones of uneven shades with mortar joints (a garden table, a slate top)."""
    w, h = size
    n = int(rng.integers(15, 90))
    subdiv = cv2.Subdiv2D((0, 0, w, h))
    for x, y in zip(rng.uniform(0, w - 1, n), rng.uniform(0, h - 1, n), strict=True):
        subdiv.insert((float(x), float(y)))
    facets = [np.asarray(f).astype(np.int32) for f in subdiv.getVoronoiFacetList([])[0]]
    base = _random_colour(rng, 50, 200)
    out = np.zeros((h, w, 3), np.uint8)
    for facet in facets:
        colour = _scale(base, rng.uniform(0.7, 1.2))
        cv2.fillPoly(out, [facet], tuple(min(255.0, c) for c in colour))
    joint = _scale(base, rng.uniform(0.3, 0.6))
    cv2.polylines(out, facets, True, joint, int(rng.integers(1, 5)))
    grain = (smooth_noise(rng, size, 30) - 0.5) * 30
    return np.clip(out + grain[..., None], 0, 255).astype(np.uint8)


def _oilcloth(rng: np.random.Generator, size: Size) -> Image:
    """A printed cloth: a motif repeated on a lattice (flowers, rings, diamonds, squares)."""
    w, h = size
    out = _plain(rng, size)
    step = int(rng.integers(20, 120))
    motif = int(rng.integers(4))
    colours = [tuple(int(c) for c in rng.integers(0, 256, 3)) for _ in range(3)]
    r = max(3, int(step * rng.uniform(0.15, 0.45)))
    for j, y in enumerate(range(0, h + step, step)):
        for i, x in enumerate(range((step // 2) * (j % 2), w + step, step)):
            colour = colours[(i + j) % len(colours)]
            if motif == 0:
                for a in range(5):
                    t = a * 2 * np.pi / 5
                    petal = (int(x + r * np.cos(t)), int(y + r * np.sin(t)))
                    cv2.circle(out, petal, max(2, r // 2), colour, -1)
            elif motif == 1:
                cv2.circle(out, (x, y), r, colour, max(1, r // 4), cv2.LINE_AA)
            elif motif == 2:
                pts = np.array([[x, y - r], [x + r, y], [x, y + r], [x - r, y]], np.int32)
                cv2.fillConvexPoly(out, pts, colour, cv2.LINE_AA)
            else:
                cv2.rectangle(out, (x - r, y - r), (x + r, y + r), colour, -1)
    return out


def _striped(rng: np.random.Generator, size: Size) -> Image:
    """A striped cloth or runner: bands of two or three colours, at any angle."""
    w, h = size
    period = float(rng.uniform(12, 160))
    angle = float(rng.uniform(0, np.pi))
    xs = np.arange(w, dtype=np.float32)[None, :]
    ys = np.arange(h, dtype=np.float32)[:, None]
    phase = (xs * np.cos(angle) + ys * np.sin(angle)) / period
    bands = (np.floor(phase) % int(rng.integers(2, 4))).astype(np.float32)
    gray = 0.25 + 0.35 * bands + 0.1 * smooth_noise(rng, size, 8)
    return _tint(gray, (20, 20, 20), _random_colour(rng, 80, 255))


Generator = Callable[[np.random.Generator, Size], Image]

#: Table tops a classifier may train on.
TRAIN_TABLES: dict[str, Generator] = {"wood": _wood, "cloth": _cloth, "carpet": _carpet, "plain": _plain,
                                      "cluttered": _cluttered}
#: Strongly patterned table tops the card finder also trains on (seams, chips, joints, prints,
#: stripes), all unlike the held-out ones: edges on the table are what a finder must learn to ignore.
#: The classifiers keep to :data:`TRAIN_TABLES`, so their shipped recipes still reproduce.
FINDER_TABLES: dict[str, Generator] = {**TRAIN_TABLES, "parquet": _parquet, "terrazzo": _terrazzo,
                                       "flagstone": _flagstone, "oilcloth": _oilcloth, "stripes": _striped}
#: Table tops kept for evaluation only.
HELD_OUT_TABLES: dict[str, Generator] = {"marble": _marble, "tiles": _tiles, "gingham": _gingham}


def table(name: str, rng: np.random.Generator, size: Size) -> Image:
    """The table top ``name`` (from either set) drawn at ``size`` (width, height)."""
    return {**FINDER_TABLES, **HELD_OUT_TABLES}[name](rng, size)


def table_names(held_out: bool) -> tuple[str, ...]:
    """The names of the table tops of the training set, or of the held-out set."""
    return tuple(HELD_OUT_TABLES if held_out else TRAIN_TABLES)


# --- Card art ----------------------------------------------------------------------------------
# Art is drawn as soft variations of the face colour, so the face colour stays dominant.


def _shade(rng: np.random.Generator, colour: tuple[int, int, int], spread: int) -> tuple[int, int, int]:
    # Python's min and max on plain ints: numpy's clip on one number cost a fifth of a face's drawing.
    b, g, r = (min(255, max(0, int(c) + int(rng.integers(-spread, spread + 1)))) for c in colour)
    return b, g, r


def _blobs(img: Image, rng: np.random.Generator, colour: tuple[int, int, int]) -> None:
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(4, 10))):
        centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        axes = (int(rng.integers(w // 10 + 1, w // 3 + 2)), int(rng.integers(h // 12 + 1, h // 4 + 2)))
        cv2.ellipse(img, centre, axes, float(rng.uniform(0, 180)), 0, 360, _shade(rng, colour, 40), -1,
                    cv2.LINE_AA)


def _strokes(img: Image, rng: np.random.Generator, colour: tuple[int, int, int]) -> None:
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(6, 16))):
        start = np.array([rng.integers(0, w), rng.integers(0, h)], np.float64)
        pts = np.cumsum(rng.normal(0, w / 8, (5, 2)), axis=0) + start
        cv2.polylines(img, [pts.astype(np.int32)], False, _shade(rng, colour, 50),
                      max(1, int(rng.integers(1, max(2, w // 25)))), cv2.LINE_AA)


def _hills(img: Image, rng: np.random.Generator, colour: tuple[int, int, int]) -> None:
    h, w = img.shape[:2]
    for layer in range(int(rng.integers(2, 4))):
        xs = np.linspace(0, w, 8)
        ys = h * (0.35 + 0.2 * layer) + rng.normal(0, h / 14, 8)
        poly = np.array([[0, h], *zip(xs, ys, strict=True), [w, h]], np.int32)
        cv2.fillPoly(img, [poly], _shade(rng, colour, 35), cv2.LINE_AA)


def _stripes(img: Image, rng: np.random.Generator, colour: tuple[int, int, int]) -> None:
    h, w = img.shape[:2]
    step = max(3, int(rng.integers(w // 14 + 2, w // 6 + 4)))
    slope = float(rng.uniform(-1, 1))
    for x in range(-h, w + h, step):
        cv2.line(img, (x, 0), (int(x + slope * h), h), _shade(rng, colour, 30), max(1, step // 3),
                 cv2.LINE_AA)


def _dots(img: Image, rng: np.random.Generator, colour: tuple[int, int, int]) -> None:
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(15, 40))):
        cv2.circle(img, (int(rng.integers(0, w)), int(rng.integers(0, h))), int(rng.integers(1, w // 12 + 2)),
                   _shade(rng, colour, 45), -1, cv2.LINE_AA)


ArtGenerator = Callable[[Image, np.random.Generator, tuple[int, int, int]], None]

#: Card-art painters a classifier may train on (each draws in place on the face panel).
TRAIN_ART: dict[str, ArtGenerator] = {"blobs": _blobs, "strokes": _strokes, "hills": _hills}
#: Card-art painters kept for evaluation only.
HELD_OUT_ART: dict[str, ArtGenerator] = {"stripes": _stripes, "dots": _dots}


def paint_art(name: str, img: Image, rng: np.random.Generator, colour: tuple[int, int, int]) -> None:
    """Paint the art ``name`` in place on ``img`` in shades of ``colour``, softened by a blur."""
    layer = img.copy()
    {**TRAIN_ART, **HELD_OUT_ART}[name](layer, rng, colour)
    k = max(1, img.shape[1] // 60) * 2 + 1
    cv2.GaussianBlur(layer, (k, k), 0, dst=layer)
    cv2.addWeighted(layer, 0.7, img, 0.3, 0, dst=img)


def wear(img: Image, rng: np.random.Generator) -> None:
    """Print wear in place: a few light scratches and a faded patch or two."""
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(0, 4))):
        p = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        q = (p[0] + int(rng.integers(-w // 3, w // 3 + 1)), p[1] + int(rng.integers(-h // 3, h // 3 + 1)))
        shade = int(rng.integers(170, 240))
        cv2.line(img, p, q, (shade, shade, shade), 1, cv2.LINE_AA)
    for _ in range(int(rng.integers(0, 3))):
        fade = smooth_noise(rng, (w, h), 3)
        fade = np.clip((fade - 0.6) * 2.0, 0, 1)[..., None] * rng.uniform(0.1, 0.35)
        img[:] = np.clip(img + fade * (255 - img.astype(np.float32)), 0, 255).astype(np.uint8)
