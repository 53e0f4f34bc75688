"""Training the card-finder network on synthetic scenes, and exporting it to ONNX.

The finder marks each card's core (see :mod:`vision.find.segment`) on a map half the
size of its input. It is trained on scenes of every game at once: finding a
card does not depend on which card it is. ``companion train-finder`` runs
:func:`train` with the shipped recipe; the seed fixes scenes, weights and batches.
PyTorch is needed only here (the ``train`` extra).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import cv2
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
from models.render.varied import render_varied
from models.training.onnx_export import export_network, set_metadata
from models.training.parallel import map_jobs
from vision.find.cores import FINDER_VERSION, INPUT_SIZE, MAP_STRIDE, card_triangle, core_quad, triangle_core
from vision.find.segment import letterbox

#: Scenes are drawn from every game in turn.
GAMES = scene_games()
#: Share of the training scenes seen close up, and how much closer (a photo of a few cards).
CLOSE_UP = 0.3
ZOOM = (1.5, 3.0)
#: Input pixels are scaled to 0..1, then centred: (x / 255 - MEAN) / STD.
MEAN, STD = 0.5, 0.25


def _conv(cin: int, cout: int, stride: int = 1, dilation: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride, padding=dilation, dilation=dilation, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU())


class FinderNet(nn.Module):
    """Core logits (N, 1, H/2, W/2) for frames (N, 3, H, W), H and W even.

    A small encoder down to a sixteenth of the input, with dilated convolutions to see whole
    cards, and a light decoder back to a half, fed by the encoder's finer maps.
    """

    def __init__(self) -> None:
        super().__init__()
        self.down1 = _conv(3, 8, stride=2)  # 1/2
        self.down2 = _conv(8, 24, stride=2)  # 1/4
        self.down3 = nn.Sequential(_conv(24, 40, stride=2), _conv(40, 40, dilation=2))  # 1/8
        self.down4 = nn.Sequential(_conv(40, 64, stride=2), _conv(64, 64, dilation=2))  # 1/16
        self.up3 = _fuse(64 + 40, 32)
        self.up2 = nn.Sequential(_fuse(32 + 24, 16), _conv(16, 16))
        self.up1 = nn.Sequential(_fuse(16 + 8, 8), nn.Conv2d(8, 1, 3, padding=1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        """Core logits at half the input's size."""
        d1 = self.down1(x)
        d2 = self.down2(d1)
        d3 = self.down3(d2)
        d4 = self.down4(d3)
        u3 = self.up3(torch.cat([_up(d4, d3), d3], dim=1))
        u2 = self.up2(torch.cat([_up(u3, d2), d2], dim=1))
        logits: torch.Tensor = self.up1(torch.cat([_up(u2, d1), d1], dim=1))
        return logits


def _fuse(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


def _up(x: torch.Tensor, like: torch.Tensor) -> torch.Tensor:
    return nnf.interpolate(x, size=like.shape[2:], mode="nearest")


class ExportedFinder(nn.Module):
    """What the ONNX file runs: a uint8 BGR frame (N, H, W, 3) in, core probabilities (N, H/2, W/2) out."""

    def __init__(self, net: FinderNet) -> None:
        super().__init__()
        self.net = net

    def forward(self, frames: torch.Tensor) -> torch.Tensor:
        """Core probabilities."""
        x = (frames.permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD
        return torch.sigmoid(self.net(x)).squeeze(1)


def core_target(scene: Scene, scale: float,
                offset: tuple[float, float] = (0.0, 0.0)) -> npt.NDArray[np.uint8]:
    """The core map of a scene (1 on cores, 0 elsewhere) for an input ``scale`` times the scene's size,
    or times the size of its part from ``offset`` (x, y pixels) on.

    Cards are painted in the order they were laid: a card on top hides the core beneath it.
    """
    w, h = INPUT_SIZE
    target = np.zeros((h // MAP_STRIDE, w // MAP_STRIDE), np.uint8)
    shift = 4  # fixed-point bits, for sub-pixel polygons
    to_map = scale / MAP_STRIDE

    def fill(quad: npt.NDArray[np.float32], value: int) -> None:
        # Frame pixel centres at integers -> map pixel centres at integers.
        pts = ((quad - np.asarray(offset, np.float32) + 0.5) * to_map - 0.5) * (1 << shift)
        cv2.fillConvexPoly(target, np.round(pts).astype(np.int32), value, cv2.LINE_8, shift)

    triangular = find_spec(scene.game).vision.triangular if scene.game in GAMES else None
    for card in scene.cards:
        if card.name == triangular:  # a triangle (a Panorama): its core is a triangle too
            fill(card_triangle(card.quad), 0)
            fill(triangle_core(card.quad), 1)
            continue
        fill(card.quad, 0)
        fill(core_quad(card.quad), 1)
    return target


@dataclass(frozen=True)
class FinderRecipe:
    """Everything that decides a finder model."""

    seed: int = 0
    train_scenes: int = 5000
    epochs: int = 18
    batch: int = 8
    lr: float = 3e-3
    #: Height and width of the input windows trained on (even numbers, multiples of 16 preferred).
    window: tuple[int, int] = (192, 320)
    workers: int = 2
    #: Share of the scenes that lay cards of any make (:mod:`models.render.varied`), not our games'.
    varied: float = 0.0


def _scene(seed: int, held_out: bool, varied: float) -> Scene:
    """The scene of ``seed``: cards of any make (a ``varied`` share of the seeds), else a game's,
    the games in turn."""
    if np.random.default_rng([seed, 8]).random() < varied:
        return render_varied(seed, held_out=held_out)
    # Training scenes add strongly patterned table tops (still none of the held-out ones).
    tables = None if held_out else tuple(FINDER_TABLES)
    return render_scene(GAMES[seed % len(GAMES)], seed, held_out=held_out, tables=tables)


def _example(args: tuple[int, bool, float]) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    seed, held_out, varied = args
    scene = _scene(seed, held_out, varied)
    rng = np.random.default_rng([seed, 7])
    frame, offset = scene.image, (0.0, 0.0)
    if rng.random() < CLOSE_UP and scene.cards:
        # A part of the scene seen close up, as a photo of a few cards is: the same card two or three
        # times larger must still be one card, not its pips and pictures.
        zoom = rng.uniform(*ZOOM)
        h, w = frame.shape[:2]
        cw, ch = int(w / zoom), int(h / zoom)
        card = scene.cards[int(rng.integers(len(scene.cards)))]
        centre = card.quad.mean(axis=0) + rng.normal(0, 0.15 * cw, 2)
        x0 = int(np.clip(centre[0] - cw / 2, 0, w - cw))
        y0 = int(np.clip(centre[1] - ch / 2, 0, h - ch))
        frame, offset = frame[y0:y0 + ch, x0:x0 + cw], (float(x0), float(y0))
    image, scale = letterbox(frame)
    return image, core_target(scene, scale, offset)


def make_examples(seeds: list[int], *, held_out: bool = False, workers: int = 1, progress: bool = False,
                  varied: float = 0.0) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """Finder inputs (N, H, W, 3) and core targets (N, H/2, W/2) of one scene per seed, a ``varied``
    share of them of cards of any make."""
    jobs = [(seed, held_out, varied) for seed in seeds]
    pairs = map_jobs(_example, jobs, workers=workers, progress=progress)
    return np.stack([p[0] for p in pairs]), np.stack([p[1] for p in pairs])


Examples = tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]


def train_finder(recipe: FinderRecipe, out: Path, *, progress: bool = True,
                 examples: Examples | None = None) -> dict[str, Any]:
    """Render, train and export the card finder to ``out``; return what was measured.

    ``examples`` skips the rendering (it must be what :func:`make_examples` gives for the recipe).
    """
    started = time.perf_counter()
    torch.manual_seed(recipe.seed)
    torch.set_num_threads(max(1, recipe.workers))
    if examples is None:
        examples = make_examples(recipe_seeds(recipe), workers=recipe.workers, progress=progress,
                                 varied=recipe.varied)
    net = fit(recipe, *examples, progress=progress)
    report = {"recipe": asdict(recipe), "seconds": round(time.perf_counter() - started, 1)}
    export_finder(net, report, out)
    return report


def recipe_seeds(recipe: FinderRecipe) -> list[int]:
    """The scene seeds of a recipe, apart from the classifiers' scenes."""
    base = 1_000_000 * recipe.seed + 700_000
    return list(range(base, base + recipe.train_scenes))


def fit(recipe: FinderRecipe, images: npt.NDArray[np.uint8], targets: npt.NDArray[np.uint8], *,
        progress: bool = True) -> FinderNet:
    """Train a finder on examples, on random windows of :attr:`FinderRecipe.window` input pixels."""
    gen = torch.Generator().manual_seed(recipe.seed)
    x_all = torch.from_numpy(images)
    y_all = torch.from_numpy(targets).float()
    net = FinderNet()
    opt = torch.optim.AdamW(net.parameters(), lr=recipe.lr, weight_decay=1e-4)
    steps = recipe.epochs * ((len(images) + recipe.batch - 1) // recipe.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=recipe.lr, total_steps=steps)
    wh, ww = recipe.window
    bar = tqdm(total=steps, desc="train finder", disable=not progress)
    for _ in range(recipe.epochs):
        net.train()
        order = torch.randperm(len(images), generator=gen)
        for start in range(0, len(images), recipe.batch):
            idx = order[start:start + recipe.batch]
            # A window of the frame (even offsets keep map pixels aligned): the network is
            # convolutional, and windows make each step several times cheaper than whole frames.
            top = 2 * int(torch.randint(0, (images.shape[1] - wh) // 2 + 1, (1,), generator=gen))
            left = 2 * int(torch.randint(0, (images.shape[2] - ww) // 2 + 1, (1,), generator=gen))
            x = x_all[idx, top:top + wh, left:left + ww]
            y = y_all[idx, top // 2:(top + wh) // 2, left // 2:(left + ww) // 2][:, None]
            x = (x.permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD
            # Light and contrast vary more on a real table than in any renderer.
            gain = 1 + 0.3 * (torch.rand(len(idx), 1, 1, 1, generator=gen) - 0.5)
            bias = 0.4 * (torch.rand(len(idx), 1, 1, 1, generator=gen) - 0.5)
            x = x * gain + bias
            if torch.rand(1, generator=gen).item() < 0.5:
                x, y = x.flip(3), y.flip(3)
            logits = net(x)
            # Cores are a small share of the pixels: weigh them up so thin gaps and small cards count.
            loss = nnf.binary_cross_entropy_with_logits(logits, y, pos_weight=torch.tensor(2.0))
            opt.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            opt.step()
            sched.step()
            bar.update(1)
            bar.set_postfix(loss=f"{loss.item():.4f}")
    bar.close()
    return net


def export_finder(net: FinderNet, report: dict[str, Any], out: Path) -> None:
    """Write the ONNX finder with its input format and recipe as metadata."""
    export_network(ExportedFinder(net), INPUT_SIZE, out, input_name="frames", output_names=["cores"])
    w, h = INPUT_SIZE
    meta = {"kind": "card-finder", "version": FINDER_VERSION,
            "input": {"layout": "NHWC", "size": [w, h], "channels": "BGR", "dtype": "uint8"},
            "map_stride": MAP_STRIDE, **report}
    onnx.save(set_metadata(free_size(onnx.load(str(out))), meta), str(out))


def free_size(model: onnx.ModelProto) -> onnx.ModelProto:
    """``model`` taking frames of any height and width (its map half their size): the network is
    convolutional and its upsampling follows the sizes it meets, so only the declared shapes of
    its input, output and inner values fix the size it was exported at (:data:`INPUT_SIZE`). The
    finder looks closer at a part of a frame at its own size (:func:`vision.find.refine.look_closer`).
    """
    for value, names in ((model.graph.input[0], ("h", "w")), (model.graph.output[0], ("map_h", "map_w"))):
        dims = value.type.tensor_type.shape.dim
        for dim, name in zip((dims[1], dims[2]), names, strict=True):
            dim.ClearField("dim_value")
            dim.dim_param = name
    del model.graph.value_info[:]
    return model
