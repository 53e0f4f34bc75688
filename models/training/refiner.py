"""Training the corner refiner on synthetic scenes, and exporting it to ONNX.

The refiner (:mod:`vision.find.refine`) sees a window around a found quad and says
where the card's corners lie in it, and whether a card lies there at all. It
learns from the windows the camera would cut: around the quads the camera's
merged finder outlines the cards with, around each card's true corners moved,
turned, scaled and jittered as loosely as the finder's (and, a third of the
time, only a little, as the second look sees them; each Panorama three
times), and around quads on no card (the finder's false finds, the bare
table) whose answer is "no card".
Scenes of every game in turn, on the finder's training tables (none of the
held-out ones). ``companion train-refiner`` runs :func:`train_refiner` with
the shipped recipe; the seed fixes scenes, moves, weights and batches.
PyTorch is needed only here (the ``train`` extra).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import onnx
import torch
from torch import nn
from torch.nn import functional as nnf
from tqdm import tqdm

from companion.engine.spec import find_spec
from models.render import FINDER_TABLES, render_scene
from models.render.scenes import Scene, scene_games
from models.training.onnx_export import export_network, set_metadata
from models.training.parallel import map_jobs
from models.training.quantize import quantize
from vision.find.detect import Finder, FloatArray, order_corners, quad_iou
from vision.find.finders import CombinedFinder
from vision.find.refine import CARD_IN_WINDOW, REFINER_VERSION, WINDOW_SIZE, cut_windows, to_window
from vision.find.segment import CardFinder
from vision.networks import session

#: The games whose scenes train the refiner, one seed each in turn: every game the renderer lays out.
GAMES = scene_games()
#: Window pixels are scaled to 0..1, then centred: (x / 255 - MEAN) / STD.
MEAN, STD = 0.5, 0.25
#: The network's corner outputs are offsets from :data:`vision.find.refine.CARD_IN_WINDOW` in units of
#: this many window pixels.
UNIT = 8.0
#: A card at least this visible is a card to outline (a fanned card half under another is one).
MIN_VISIBLE = 0.5
#: A quad overlapping every card by less than this (IoU) is on no card; between it and
#: :data:`MATCH`, it is left out (half on a card: no clear answer).
NONE = 0.1
#: A finder's quad outlines the card it overlaps by at least this much (IoU).
MATCH = 0.25
#: Loosened windows of each Panorama (a triangular card) a scene gives; one of any other card.
TRIANGLE_LOOKS = 3


@dataclass(frozen=True)
class Windows:
    """Training windows (N, H, W, 3), the true corners in each window (N, 4, 2; zeros when no
    card) and whether a card lies there (N,)."""

    windows: npt.NDArray[np.uint8]
    corners: npt.NDArray[np.float32]
    card: npt.NDArray[np.bool_]

    def __len__(self) -> int:
        return len(self.card)


def loosen(quad: FloatArray, rng: np.random.Generator, *, scale: float = 1.0) -> FloatArray:
    """A quad around a card's true corners as loose as a finder's: the card moved, turned, grown or
    shrunk, and its corners jittered (``scale`` times as much), corners ordered as the finder's.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> loose = loosen(card, np.random.default_rng(0))
    >>> bool(quad_iou(card, loose) > 0.3), loose.shape
    (True, (4, 2))
    """
    q = np.asarray(quad, np.float64).reshape(4, 2)
    width = float(np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
    centre = q.mean(axis=0)
    grow = float(np.exp(np.clip(rng.normal(0, 0.08 * scale), -0.25, 0.25)))
    turn = np.radians(float(np.clip(rng.normal(0, 4.0 * scale), -12, 12)))
    rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    move = np.clip(rng.normal(0, 0.1 * scale, 2), -0.3, 0.3) * width
    jitter = np.clip(rng.normal(0, 0.04 * scale, (4, 2)), -0.12, 0.12) * width
    moved = (q - centre) @ rot.T * grow + centre + move + jitter
    return order_corners(moved.astype(np.float32))


def matched_corners(rough: FloatArray, truth: FloatArray) -> FloatArray:
    """The true corners turned to start at the one nearest the rough quad's first corner (both
    run the same way round): corner k of the answer is the one rough corner k stands for.

    >>> card = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)
    >>> matched_corners(card + 1, card[[2, 3, 0, 1]]).tolist() == card.tolist()
    True
    """
    t = np.asarray(truth, np.float32).reshape(4, 2)
    r = np.asarray(rough, np.float32).reshape(4, 2)
    costs = [float(np.linalg.norm(r - np.roll(t, -k, axis=0), axis=1).sum()) for k in range(4)]
    return np.ascontiguousarray(np.roll(t, -int(np.argmin(costs)), axis=0))


@cache
def _camera_finder() -> Finder:
    """The merged finder the refiner follows in ``detect`` (keeping lone cores), its quads as they
    are (one per worker process)."""

    return CombinedFinder(CardFinder(lone_cores=True)).find


def scene_windows(scene: Scene, found: FloatArray, rng: np.random.Generator, *,
                  random_empty: int = 2) -> Windows:
    """The training windows of one scene: around each finder quad (``found``) on a card or on
    none, around each card's corners loosened (:func:`loosen`), and around ``random_empty``
    card-sized quads on the bare table."""
    cards = list(scene.cards)
    truths = [c.quad for c in cards]
    triangular = find_spec(scene.game).vision.triangular
    rough: list[FloatArray] = []
    target: list[FloatArray] = []
    is_card: list[bool] = []

    def add(quad: FloatArray) -> None:
        ious = [quad_iou(quad, t) for t in truths]
        best = int(np.argmax(ious)) if ious else -1
        if best >= 0 and ious[best] >= MATCH and cards[best].visible >= MIN_VISIBLE:
            rough.append(quad)
            target.append(matched_corners(quad, truths[best]))
            is_card.append(True)
        elif best < 0 or ious[best] < NONE:
            rough.append(quad)
            target.append(np.zeros((4, 2), np.float32))
            is_card.append(False)

    for quad in found:
        add(order_corners(quad))
    for card in cards:
        if card.visible < MIN_VISIBLE:
            continue
        # A Panorama shows a triangle only: its card's upper corners lie on the table, a harder
        # answer, and it is a twentieth of the cards; it is loosened more often.
        for _ in range(TRIANGLE_LOOKS if card.name == triangular else 1):
            # A third as loose as the second look sees them, the rest as loose as the finders'.
            add(loosen(card.quad, rng, scale=0.25 if rng.random() < 1 / 3 else 1.0))
    if truths:
        side = float(np.median([np.linalg.norm(t[0] - t[1]) for t in truths]))
        h, w = scene.image.shape[:2]
        for _ in range(random_empty):
            centre = rng.uniform([0, 0], [w, h])
            angle = float(rng.uniform(0, 2 * np.pi))
            rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
            local = (CARD_IN_WINDOW - CARD_IN_WINDOW.mean(axis=0)) * side / 63.0
            add(order_corners((local @ rot.T + centre).astype(np.float32)))
    if not rough:
        return _empty()
    quads = np.stack(rough)
    corners = np.zeros((len(quads), 4, 2), np.float32)
    has = np.array(is_card, np.bool_)
    if has.any():
        corners[has] = to_window(quads[has], np.stack(target)[has])
    return Windows(cut_windows(scene.image, quads), corners, has)


def _empty() -> Windows:
    w, h = WINDOW_SIZE
    return Windows(np.zeros((0, h, w, 3), np.uint8), np.zeros((0, 4, 2), np.float32), np.zeros(0, np.bool_))


def _windows_of_seed(args: tuple[int, bool]) -> Windows:
    seed, held_out = args
    game = GAMES[seed % len(GAMES)]
    scene = render_scene(game, seed, held_out=held_out, tables=None if held_out else tuple(FINDER_TABLES))
    return scene_windows(scene, _camera_finder()(scene.image), np.random.default_rng([seed, 11]))


def join(parts: list[Windows]) -> Windows:
    """One set of windows made of several."""
    if not parts:
        return _empty()
    return Windows(np.concatenate([p.windows for p in parts]), np.concatenate([p.corners for p in parts]),
                   np.concatenate([p.card for p in parts]))


def make_windows(seeds: list[int], *, held_out: bool = False, workers: int = 1,
                 progress: bool = False) -> Windows:
    """The training windows of one scene per seed (:func:`scene_windows`)."""
    jobs = [(seed, held_out) for seed in seeds]
    return join(map_jobs(_windows_of_seed, jobs, workers=workers, progress=progress))


def _block(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(),
                         nn.MaxPool2d(2))


class RefinerNet(nn.Module):
    """Corner offsets (N, 8), in units of :data:`UNIT` window pixels from
    :data:`vision.find.refine.CARD_IN_WINDOW`, and a card logit (N,), for windows (N, 3, 120, 96).

    ``lean``: the first layer steps two pixels at a time instead of pooling a full-size map (the
    lean finder's refiner, :func:`vision.find.refine.lean_refiner_path`): a 3-channel convolution over
    the whole window takes half the network's time."""

    def __init__(self, lean: bool = False) -> None:
        super().__init__()
        strided = nn.Conv2d(3, 16, 4, stride=2, padding=1, bias=False)
        first = nn.Sequential(strided, nn.BatchNorm2d(16), nn.ReLU()) if lean else _block(3, 16)
        self.features = nn.Sequential(
            first, _block(16, 32), _block(32, 64), _block(64, 96), _block(96, 128),
            # A coarse 3x3 map flattened, not averaged: where each side lies is the answer.
            nn.Flatten(),
        )
        self.body = nn.Sequential(nn.Linear(128 * 3 * 3, 192), nn.ReLU())
        self.corners = nn.Linear(192, 8)
        self.card = nn.Linear(192, 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Corner offsets and card logits."""
        h = self.body(self.features(x))
        return self.corners(h), self.card(h).squeeze(1)


def _tensor(windows: npt.NDArray[np.uint8] | torch.Tensor) -> torch.Tensor:
    """uint8 windows (N, H, W, 3) as the network's input (N, 3, H, W): see :data:`MEAN`."""
    x = torch.as_tensor(windows)
    return (x.permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD


class ExportedRefiner(nn.Module):
    """What the ONNX file runs: uint8 BGR windows (N, 120, 96, 3) in; corners in window pixels
    (N, 4, 2) and the probability that a card lies there (N,) out."""

    def __init__(self, net: RefinerNet) -> None:
        super().__init__()
        self.net = net
        self.register_buffer("base", torch.from_numpy(CARD_IN_WINDOW.copy()))

    def forward(self, windows: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Corners and card probabilities."""
        offsets, card = self.net(_tensor(windows))
        return self.base + offsets.reshape(-1, 4, 2) * UNIT, torch.sigmoid(card)


@dataclass(frozen=True)
class RefinerRecipe:
    """Everything that decides a refiner model."""

    seed: int = 0
    train_scenes: int = 1500
    val_scenes: int = 100
    epochs: int = 6
    batch: int = 64
    lr: float = 2e-3
    #: Whether the exported model is quantized to 8-bit integers (:mod:`models.training.quantize`): a quarter
    #: of the file and a quarter less time a window, corners placed the same to a hundredth of a pixel.
    int8: bool = True
    #: The lean refiner (:class:`RefinerNet`'s ``lean``), written to ``models/refiner-lean.onnx``.
    lean: bool = False
    workers: int = 2


#: Training windows that set an int8 refiner's activation ranges.
QUANTIZE_WINDOWS = 1024


def recipe_seeds(recipe: RefinerRecipe) -> tuple[list[int], list[int]]:
    """Training and validation scene seeds, apart from the classifiers' and the finder's."""
    base = 1_000_000 * recipe.seed + 800_000
    return (list(range(base, base + recipe.train_scenes)),
            list(range(base + 100_000, base + 100_000 + recipe.val_scenes)))


def fit(recipe: RefinerRecipe, data: Windows, *, progress: bool = True) -> RefinerNet:
    """Train a refiner on ``data``."""
    gen = torch.Generator().manual_seed(recipe.seed)
    windows = torch.from_numpy(data.windows)
    offsets = torch.from_numpy((data.corners - CARD_IN_WINDOW[None]) / UNIT).reshape(-1, 8)
    card = torch.from_numpy(data.card)
    net = RefinerNet(recipe.lean)
    opt = torch.optim.AdamW(net.parameters(), lr=recipe.lr, weight_decay=1e-4)
    steps = recipe.epochs * ((len(data) + recipe.batch - 1) // recipe.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=recipe.lr, total_steps=steps)
    bar = tqdm(total=steps, desc="train refiner", disable=not progress)
    for _ in range(recipe.epochs):
        net.train()
        order = torch.randperm(len(data), generator=gen)
        for start in range(0, len(data), recipe.batch):
            idx = order[start:start + recipe.batch]
            x = _tensor(windows[idx])
            # Light and contrast vary more on a real table than in any renderer.
            gain = 1 + 0.4 * (torch.rand(len(idx), 1, 1, 1, generator=gen) - 0.5)
            bias = 0.4 * (torch.rand(len(idx), 1, 1, 1, generator=gen) - 0.5)
            predicted, logits = net(x * gain + bias)
            positive = card[idx]
            loss = nnf.binary_cross_entropy_with_logits(logits, positive.float())
            if positive.any():
                loss = loss + nnf.smooth_l1_loss(predicted[positive], offsets[idx][positive], beta=0.1)
            opt.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            opt.step()
            sched.step()
            bar.update(1)
            bar.set_postfix(loss=f"{loss.item():.4f}")
    bar.close()
    return net


def train_refiner(recipe: RefinerRecipe, out: Path, *, progress: bool = True) -> dict[str, Any]:
    """Render, train and export the corner refiner to ``out``; return what was measured."""
    started = time.perf_counter()
    torch.manual_seed(recipe.seed)
    torch.set_num_threads(max(1, recipe.workers))
    train_seeds, val_seeds = recipe_seeds(recipe)
    data = make_windows(train_seeds, workers=recipe.workers, progress=progress)
    val = make_windows(val_seeds, workers=recipe.workers)
    net = fit(recipe, data, progress=progress)
    report: dict[str, Any] = {"recipe": asdict(recipe), "train_windows": len(data), "val_windows": len(val)}
    export_refiner(net, report, out)
    if recipe.int8:
        pick = torch.randperm(len(data), generator=torch.Generator().manual_seed(recipe.seed))
        quantize(out, out, data.windows[pick[:QUANTIZE_WINDOWS].sort().values.numpy()])
    # The figures of the file written, as onnxruntime reads it.
    report.update(measure_file(out, val, recipe.workers), seconds=round(time.perf_counter() - started, 1))
    describe(out, report)
    return report


def measure_file(model: Path, data: Windows, threads: int = 1) -> dict[str, float]:
    """What an exported refiner file does on ``data``: the mean and 90th percentile of its corner
    error (window pixels, about millimetres) on the card windows, and how often its card
    probability is on the right side of a half."""
    # The session the camera reads with: the threshold is set on what it reads, on this CPU.
    opened = session(model, threads)
    corners, card = [], []
    for start in range(0, len(data), 512):
        c, k = opened.run(None, {"windows": data.windows[start:start + 512]})
        corners.append(c)
        card.append(k)
    if not corners:
        return {"corner_error_px": 0.0, "corner_error_p90_px": 0.0, "card_accuracy": 0.0}
    found, likely = np.concatenate(corners), np.concatenate(card)
    error = np.linalg.norm(found[data.card] - data.corners[data.card], axis=2).mean(axis=1)
    return {"corner_error_px": float(error.mean()) if len(error) else 0.0,
            "corner_error_p90_px": float(np.percentile(error, 90)) if len(error) else 0.0,
            "card_accuracy": float(((likely > 0.5) == data.card).mean())}


def export_refiner(net: RefinerNet, report: dict[str, Any], out: Path) -> None:
    """Write the ONNX refiner with its input format and recipe as metadata (:func:`describe`)."""
    export_network(ExportedRefiner(net), WINDOW_SIZE, out, input_name="windows",
                   output_names=["corners", "card"])
    describe(out, report)


def describe(out: Path, report: dict[str, Any]) -> None:
    """Set the ONNX refiner's metadata: its kind, input format, window and ``report``."""
    w, h = WINDOW_SIZE
    model = onnx.load(str(out))
    meta = {"kind": "corner-refiner", "version": REFINER_VERSION,
            "input": {"layout": "NHWC", "size": [w, h], "channels": "BGR", "dtype": "uint8"},
            "card_in_window": CARD_IN_WINDOW.tolist(), **report}
    onnx.save(set_metadata(model, meta), str(out))


