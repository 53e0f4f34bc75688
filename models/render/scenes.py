"""Synthetic table scenes: a game's cards laid out as the game does, photographed from above.

A scene is laid out on the table in millimetres (cards 63 x 88), mapped into
the image by one homography (the camera: a similarity fitting the layout,
then a mild keystone tilt), and every card is warped by exactly that mapping,
so each :class:`CardTruth` quad is where the printed corners really land.
Light, glare, shadows, blur, noise, JPEG artefacts and occluders (a finger, a
mug) follow unless ``effects=False``.

>>> scene = render_scene("crew", 3, size=(320, 240))
>>> scene.image.shape, scene.image.dtype, scene.game
((240, 320, 3), dtype('uint8'), 'crew')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
import numpy.typing as npt

from companion.engine.spec import GameSpec, LayoutData, Place, SceneData, find_spec, in_order
from models.render.faces import FaceStyle, card_mask, render_face
from models.render.textures import Image, Size, table, table_names
from vision.read.catalogue import BACK, FACES, Face, faces

Quad = npt.NDArray[np.float32]
Matrix = npt.NDArray[np.float64]

CARD_W, CARD_H = 63.0, 88.0  # millimetres
UPSIDE_DOWN = 0.15  # share of grid and pyramid cards laid the other way round


@dataclass(frozen=True, slots=True)
class CardTruth:
    """Where one card lies in a synthetic image, exactly."""

    name: str
    #: Image-pixel corners (pixel centres at integers), top-left, top-right, bottom-right, bottom-left
    #: of the card as printed upright: an upside-down card's printed top-left is at the image's bottom right.
    quad: Quad
    upside_down: bool
    #: The grid cell or pyramid slot, None elsewhere.
    cell: str | None
    #: Share of the card not covered by other cards or occluders, 0 to 1.
    visible: float


@dataclass(frozen=True, slots=True)
class Scene:
    """One synthetic photo of a table and the truth of every card in it."""

    image: Image
    game: str
    seed: int
    cards: list[CardTruth]
    layout: str = ""
    #: The table-top generator's name (see ``models.render.textures``).
    table: str = ""
    style: FaceStyle | None = None
    held_out: bool = False


@dataclass(slots=True)
class _Placed:
    """A card on the table before the camera: centre in mm (y down), rotation in degrees clockwise."""

    face: Face
    x: float
    y: float
    angle: float
    cell: str | None = None
    triangle: bool = False
    corners: Quad = field(default_factory=lambda: np.zeros((4, 2), np.float32))


def _turn(rng: np.random.Generator, spread: float) -> float:
    return float(rng.normal(0, spread)) + (180.0 if rng.random() < UPSIDE_DOWN else 0.0)


def _lays(rng: np.random.Generator, full: bool, share: float) -> bool:
    """Whether a scene lays a fixed card that ``share`` of the partial layouts lay (a draw only
    where the share is neither none nor all)."""
    return full or share >= 1.0 or (share > 0.0 and rng.random() < share)


def _cells(spec: GameSpec) -> tuple[LayoutData, SceneData, dict[str, Place], list[str]]:
    """The game's layout and scenes, where each of its cells lies, and the cells dealt into (those
    that hold no fixed card), in the layout's order."""
    if spec.layout is None or spec.vision.scenes is None:
        raise ValueError(f"{spec.name} lays no cells for the renderer")
    scenes = spec.vision.scenes
    fixed = {cell for cell, _, _ in scenes.fixed}
    dealt = [cell for cell in spec.layout.cells if cell not in fixed]
    return spec.layout, scenes, dict(spec.layout.lattice), dealt


def _grid(spec: GameSpec, rng: np.random.Generator, full: bool, *, modules: bool = False,
          held_out: bool = False) -> list[_Placed]:
    """A grid framed by its static cards, the fixed cards (corners outside the grid, no cell of
    its truth), then cards dealt into some cells (every cell when ``full``), the expansion's faces
    among them with ``modules`` (:attr:`~companion.engine.spec.SceneData.modules`; a held-out scene
    deals them :attr:`~companion.engine.spec.SceneData.module_weight` times as often)."""
    layout, scenes, where, cells = _cells(spec)
    gap = float(rng.uniform(0, 3))
    pw, ph = CARD_W + gap, CARD_H + gap
    top = max(where[cell][1] for cell in cells)

    def at(u: float, v: float) -> tuple[float, float]:  # v = 0 the bottom row
        return u * pw + rng.normal(0, 0.5), (top - v) * ph + rng.normal(0, 0.5)

    deck = FACES[spec.name]
    out = [_Placed(deck[layout.static_name], *at(u, v), _turn(rng, 1.0)) for u, v in layout.static]
    for cell, name, share in scenes.fixed:
        if _lays(rng, full, share):
            out.append(_Placed(deck[name], *at(*where[cell]), _turn(rng, 1.0)))
    kinds = scenes.dealt | scenes.modules if modules else scenes.dealt
    dealt = [f for f in faces(spec.name) if f.kind in kinds]
    count = len(cells) if full else int(rng.integers(4, len(cells)))
    chosen = sorted(rng.choice(len(cells), count, replace=False).tolist())
    if modules and held_out and scenes.module_weight != 1.0:
        shares = np.array([scenes.module_weight if face.kind in scenes.modules else 1.0 for face in dealt])
        picks = rng.choice(len(dealt), count, replace=False, p=shares / shares.sum()).tolist()
    else:
        picks = rng.choice(len(dealt), count, replace=False).tolist()
    for index, pick in zip(chosen, picks, strict=True):
        out.append(_Placed(dealt[pick], *at(*where[cells[index]]), _turn(rng, 1.5), cells[index]))
    return out


def _pyramid(spec: GameSpec, rng: np.random.Generator, full: bool) -> list[_Placed]:
    """A pyramid on its row of static cards, cards dealt into slots whose two supports are filled
    (every slot when ``full``), then the fixed cards."""
    layout, scenes, where, slots = _cells(spec)
    gap = float(rng.uniform(0, 4))
    pw, ph = CARD_W + gap, CARD_H + gap
    deck = FACES[spec.name]
    triangle = layout.static_shape == "triangle"
    out = [_Placed(deck[layout.static_name], u * pw, -v * ph, float(rng.normal(0, 1.0)), triangle=triangle)
           for u, v in layout.static]
    # A card rests on the two cards half a card either side of it in the row below (row 1 on the
    # static cards).
    index = {where[slot]: i for i, slot in enumerate(slots)}
    support = [tuple(index[(u + du, v - 1)] for du in (-0.5, 0.5) if (u + du, v - 1) in index)
               for u, v in (where[slot] for slot in slots)]
    filled: set[int] = set()
    target = len(slots) if full else int(rng.integers(3, 30))
    while len(filled) < target:
        open_ = [i for i in range(len(slots)) if i not in filled and all(s in filled for s in support[i])]
        filled.add(open_[int(rng.integers(len(open_)))])
    dealt = [f for f in faces(spec.name) if f.kind in scenes.dealt]
    picks = rng.choice(len(dealt), len(filled), replace=False).tolist()
    laid = [(slots[slot], dealt[pick]) for slot, pick in zip(sorted(filled), picks, strict=True)]
    laid += [(cell, deck[name]) for cell, name, share in scenes.fixed if _lays(rng, full, share)]
    for cell, face in laid:
        u, v = where[cell]
        out.append(_Placed(face, u * pw + rng.normal(0, 0.7), -v * ph + rng.normal(0, 0.7), _turn(rng, 2.0),
                           cell))
    return out


def _table(spec: GameSpec, rng: np.random.Generator, full: bool) -> list[_Placed]:
    """Cards before each seat, upright for its player, and the trick in the middle (``full``
    changes nothing)."""
    deck = faces(spec.name)
    order = rng.permutation(len(deck)).tolist()
    seats = int(rng.integers(2, 6))
    start = float(rng.uniform(0, 2 * math.pi))
    out: list[_Placed] = []
    trick: list[_Placed] = []
    for s in range(seats):
        phi = start + 2 * math.pi * s / seats + rng.normal(0, 0.15)
        # A card in front of a player is upright for that player: turned by the seat's angle.
        facing = math.degrees(phi) - 90.0
        ux, uy = math.cos(phi), math.sin(phi)
        n = int(rng.integers(1, 5))
        for c in range(n):
            along = (c - (n - 1) / 2) * (CARD_W + rng.uniform(3, 15))
            x = 330 * ux - along * uy
            y = 230 * uy + along * ux
            face = BACK if rng.random() < 0.1 else deck[order.pop()]
            out.append(_Placed(face, x, y, facing + float(rng.normal(0, 6))))
        if rng.random() < 0.8:  # this seat has played to the trick
            trick.append(_Placed(deck[order.pop()], 60 * ux + rng.normal(0, 12), 60 * uy + rng.normal(0, 12),
                                 facing + float(rng.normal(0, 15))))
    return out + trick


#: What draws each board kind (:attr:`GameSpec.board`) from its spec, every cell filled or not.
_BOARDS: dict[str, Callable[[GameSpec, np.random.Generator, bool], list[_Placed]]] = {
    "grid": _grid,
    "pyramid": _pyramid,
    "tricks": _table,
}


def scene_games() -> tuple[str, ...]:
    """The games the renderer draws scenes of, in :attr:`GameSpec.order`.

    >>> scene_games()
    ('tranquility', 'ascension', 'crew', 'rixes')
    """
    return tuple(spec.name for spec in in_order() if spec.vision.scenes is not None and spec.board in _BOARDS)


def scene_layouts(game: str) -> tuple[str, ...]:
    """The layouts of ``game``'s scenes (:attr:`SceneData.layouts`), the first the one a seed draws
    most often; () for a game the renderer draws no scenes of.

    >>> scene_layouts("tranquility"), scene_layouts("crew"), scene_layouts("chess")
    (('grid', 'grid-full'), ('table',), ())
    """
    for spec in in_order():
        if spec.name == game and spec.vision.scenes is not None and spec.board in _BOARDS:
            return spec.vision.scenes.layouts
    return ()


def _rotation(angle: float, x: float, y: float) -> Matrix:
    a = math.radians(angle)
    return np.array([[math.cos(a), -math.sin(a), x], [math.sin(a), math.cos(a), y], [0, 0, 1]])


def _apply(h: Matrix, pts: npt.NDArray[np.floating]) -> Quad:
    """Map (n, 2) points through the homography ``h``."""
    homo = np.hstack([pts, np.ones((len(pts), 1))]) @ h.T
    return (homo[:, :2] / homo[:, 2:]).astype(np.float32)


LOCAL = np.array([[-CARD_W / 2, -CARD_H / 2], [CARD_W / 2, -CARD_H / 2], [CARD_W / 2, CARD_H / 2],
                  [-CARD_W / 2, CARD_H / 2]])


def keystone(rng: np.random.Generator, size: Size) -> Matrix:
    """A camera's keystone tilt of a ``size`` (width, height) image: the far side up to 12% narrower,
    each corner a little off, the camera leaning over any side of the table."""
    w, h = size
    k = float(rng.uniform(0, 0.12))
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = src + np.array([[k * w, 0], [-k * w, 0], [0, 0], [0, 0]], np.float32)
    dst = dst + rng.uniform(-0.02, 0.02, (4, 2)).astype(np.float32) * (w, h)
    if rng.random() < 0.5:
        dst = np.array([w, h], np.float32) - dst[[2, 3, 0, 1]]
    return np.asarray(cv2.getPerspectiveTransform(src, dst.astype(np.float32)), np.float64)


def _camera(cards: list[_Placed], rng: np.random.Generator, size: Size, tilt: bool) -> Matrix:
    """Table millimetres to image pixels: fit, turn a little, tilt, then fit again inside the margins."""
    w, h = size
    pts = np.vstack([_apply(_rotation(c.angle, c.x, c.y), LOCAL) for c in cards])
    centre = (pts.min(0) + pts.max(0)) / 2
    turn = _rotation(float(rng.normal(0, 5)), 0, 0) @ np.array(
        [[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]])
    span = _apply(turn, pts)
    scale = min(w / np.ptp(span[:, 0]), h / np.ptp(span[:, 1]))
    fit = np.array([[scale, 0, w / 2], [0, scale, h / 2], [0, 0, 1]]) @ turn
    if tilt:
        fit = keystone(rng, size) @ fit
    span = _apply(fit, pts)
    lo, hi = span.min(0), span.max(0)
    margin = 0.03 * min(w, h)
    s = min(1.0, (w - 2 * margin) / (hi[0] - lo[0]), (h - 2 * margin) / (hi[1] - lo[1]))
    s *= rng.uniform(0.85, 1.0)
    slack = np.array([w, h]) - 2 * margin - s * (hi - lo)
    offset = margin + rng.uniform(0, 1, 2) * np.maximum(slack, 0) - s * lo
    final: Matrix = np.array([[s, 0, offset[0]], [0, s, offset[1]], [0, 0, 1]]) @ fit
    return final


def _triangle_mask(size: Size) -> Image:
    w, h = size
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.array([[w // 2, 0], [w - 1, h - 1], [0, h - 1]], np.int32)], 255, cv2.LINE_AA)
    return mask


def composite(image: Image, ids: npt.NDArray[np.int16], face: Image, mask: Image, hc: Matrix, quad: Quad,
               index: int) -> int:
    """Warp ``face`` through ``hc`` onto ``image`` inside the quad's box; return the card's pixel count."""
    ih, iw = image.shape[:2]
    x0, y0 = np.floor(quad.min(0)).astype(int)
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 1
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, iw), min(y1, ih)
    if x1 <= x0 or y1 <= y0:
        return 0
    m = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]]) @ hc
    box = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpPerspective(face, m, box, flags=cv2.INTER_LINEAR)
    alpha = cv2.warpPerspective(mask, m, box, flags=cv2.INTER_LINEAR)
    roi = image[y0:y1, x0:x1]
    a = alpha.astype(np.float32)[..., None] / 255.0
    roi[:] = (roi + (warped.astype(np.float32) - roi) * a).astype(np.uint8)
    inside = alpha > 127
    ids[y0:y1, x0:x1][inside] = index
    return int(inside.sum())


def occlude(image: Image, ids: npt.NDArray[np.int16], rng: np.random.Generator, at: Quad) -> None:
    """A finger or a mug over part of the card at ``at``."""
    drawn = np.zeros(image.shape[:2], np.uint8)
    corner = at[int(rng.integers(4))]
    centre = at.mean(0)
    side = float(np.linalg.norm(at[0] - at[1]))
    if rng.random() < 0.6:  # a finger from outside reaching over a corner
        direction = corner - centre
        tip = centre + direction * rng.uniform(0.5, 1.0)
        length, width = side * rng.uniform(1.8, 2.8), side * rng.uniform(0.3, 0.45)
        mid = tip + direction / (np.linalg.norm(direction) + 1e-6) * length / 2
        angle = math.degrees(math.atan2(direction[1], direction[0]))
        skin = (int(rng.integers(90, 180)), int(rng.integers(120, 200)), int(rng.integers(170, 240)))
        args = ((round(mid[0]), round(mid[1])), (round(length / 2), round(width / 2)), angle, 0, 360)
        cv2.ellipse(image, *args, skin, -1, cv2.LINE_AA)
        cv2.ellipse(drawn, *args, 255, -1)
        nail = (round(tip[0] + direction[0] * 0.05), round(tip[1] + direction[1] * 0.05))
        cv2.ellipse(image, nail, (round(width / 3), round(width / 4)), angle, 0, 360,
                    tuple(min(255, c + 30) for c in skin), -1, cv2.LINE_AA)
    else:  # a mug seen from above, its rim over the card
        r = round(side * rng.uniform(0.5, 0.8))
        c = (round(corner[0]), round(corner[1]))
        colour = tuple(int(v) for v in rng.integers(20, 240, 3))
        cv2.circle(image, c, r, colour, -1, cv2.LINE_AA)
        cv2.circle(image, c, round(r * 0.82), (20, 35, 50), -1, cv2.LINE_AA)  # coffee
        handle = (round(r * 0.35), round(r * 0.2))
        cv2.ellipse(image, (c[0] + r, c[1]), handle, 0, 0, 360, colour, 4, cv2.LINE_AA)
        cv2.circle(drawn, c, r, 255, -1)
    ids[drawn > 0] = -1


def light(image: Image, rng: np.random.Generator) -> Image:
    """Uneven light, glare spots, blur, sensor noise and JPEG artefacts, in that order."""
    h, w = image.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = (xs * math.cos(a) + ys * math.sin(a)) / math.hypot(w, h)
    gain = rng.uniform(0.8, 1.05) + rng.uniform(0.0, 0.45) * ramp
    out = image.astype(np.float32) * gain[..., None]
    for _ in range(int(rng.integers(0, 3))):  # glare: soft white spots
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.03, 0.12) * w
        spot = np.exp(-((xs - cx) ** 2 + (ys - cy) ** 2) / (2 * r * r)) * rng.uniform(60, 200)
        out += spot[..., None]
    img = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        img = cv2.GaussianBlur(img, (0, 0), float(rng.uniform(0.4, 1.4)))
    noise = rng.normal(0, rng.uniform(1, 7), img.shape).astype(np.float32)
    img = np.clip(img + noise, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(35, 95))])
    return np.asarray(cv2.imdecode(data, cv2.IMREAD_COLOR), dtype=np.uint8) if ok else img


def shadows(image: Image, quads: list[Quad], rng: np.random.Generator) -> None:
    """Soft shadows of the cards on the table, cast away from one light."""
    shade = np.zeros(image.shape[:2], np.uint8)
    shift = rng.normal(0, 3, 2)
    for q in quads:
        cv2.fillConvexPoly(shade, np.round(q + shift).astype(np.int32), 255)
    soft = cv2.GaussianBlur(shade, (0, 0), 3).astype(np.float32) * (rng.uniform(0.2, 0.5) / 255)
    image[:] = (image * (1 - soft[..., None])).astype(np.uint8)


def render_scene(game: str, seed: int, *, size: Size = (1280, 720), held_out: bool = False,
                 layout: str | None = None, effects: bool = True,
                 tables: Sequence[str] | None = None, fonts: Sequence[str] | None = None,
                 hue: float = 0.0, modules: bool = False) -> Scene:
    """A synthetic photo of ``game`` being played, the same for the same arguments.

    ``layout`` is one of :func:`scene_layouts` (default: mostly the first, the partial one).
    ``held_out`` draws typefaces, card art and table tops from the held-out sets.
    ``effects=False`` keeps the geometry (layout, rotations, tilt) but leaves
    out wear, light, shadows, blur, noise, JPEG and occluders.
    ``tables`` names the table tops to draw from instead (see ``models.render.textures``), and ``fonts``
    the typefaces (see ``models.render.glyphs``). ``hue`` turns every face colour's hue by that many
    degrees (:attr:`models.render.faces.FaceStyle.hue`: a print nobody trained on). ``modules``
    deals the expansion's faces too (:attr:`companion.engine.spec.SceneData.modules`: the
    classifier's scenes, and the held-out ones measuring them).
    """
    layouts = scene_layouts(game)
    if not layouts:
        raise ValueError(f"unknown game {game!r}, expected one of {scene_games()}")
    rng = np.random.default_rng([seed, int(held_out)])
    layout = layout or (layouts[0] if rng.random() < 0.85 else layouts[-1])
    if layout not in layouts:
        raise ValueError(f"unknown layout {layout!r} for {game}, expected one of {layouts}")
    spec = find_spec(game)
    full = layout.endswith("-full")
    if spec.board == "grid":
        placed = _grid(spec, rng, full, modules=modules, held_out=held_out)
    else:
        placed = _BOARDS[spec.board](spec, rng, full)
    w, h = size
    cam = _camera(placed, rng, size, tilt=True)
    names = tuple(tables) if tables else table_names(held_out)
    table_name = names[int(rng.integers(len(names)))]
    image = table(table_name, rng, size)
    style = FaceStyle.sample(rng, held_out=held_out, fonts=fonts)
    if hue:
        style = replace(style, hue=hue)
    # The faces are printed at about the size they appear, so warping does not alias.
    moves = [cam @ _rotation(p.angle, p.x, p.y) for p in placed]
    quads = [_apply(m, LOCAL) for m in moves]
    px = float(np.median([np.linalg.norm(q[0] - q[3]) for q in quads]))
    fh = int(np.clip(round(px * 1.3), 48, 280))
    fsize = (round(fh * CARD_W / CARD_H), fh)
    if effects:
        shadows(image, [q for q, p in zip(quads, placed, strict=True) if not p.triangle], rng)
    ids = np.full((h, w), -1, np.int16)
    printed: dict[str, Image] = {}
    areas: list[int] = []
    pixel_to_mm = np.array([[CARD_W / fsize[0], 0, CARD_W / fsize[0] * 0.5 - CARD_W / 2],
                            [0, CARD_H / fsize[1], CARD_H / fsize[1] * 0.5 - CARD_H / 2], [0, 0, 1]])
    for i, (p, m, q) in enumerate(zip(placed, moves, quads, strict=True)):
        if p.face.name not in printed:  # one print per face: 24 border cards share one
            printed[p.face.name] = render_face(p.face, rng, size=fsize, style=style, effects=effects)
        mask = _triangle_mask(fsize) if p.triangle else card_mask(fsize)
        areas.append(composite(image, ids, printed[p.face.name], mask, m @ pixel_to_mm, q, i))
    if effects and rng.random() < 0.35:
        occlude(image, ids, rng, quads[int(rng.integers(len(quads)))])
    counts = np.bincount(ids[ids >= 0].ravel(), minlength=len(placed))
    truth = []
    for i, (p, q) in enumerate(zip(placed, quads, strict=True)):
        up = (q[0] + q[1]) / 2 - (q[2] + q[3]) / 2
        truth.append(CardTruth(p.face.name, q, bool(up[1] > 0), p.cell,
                               float(min(1.0, counts[i] / areas[i])) if areas[i] else 0.0))
    if effects:
        image = light(image, rng)
    return Scene(image, game, seed, truth, layout, table_name, style, held_out)
