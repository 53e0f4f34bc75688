"""Training a game's card classifier from synthetic crops, and exporting it to ONNX.

``companion train --game G`` runs :func:`train` with the shipped recipe; the
seed fixes the scenes rendered, the initial weights and the batches, so the
same recipe on the same machine gives the same model. PyTorch is only needed
here (the ``train`` extra); the companion runs the ONNX file with onnxruntime.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import onnx
import torch
from torch.nn import functional as nnf
from tqdm import tqdm

from companion.engine.spec import find_spec
from models.render.faces import CALIBRATION_FONTS, SCRIPT_FONTS, TRAIN_FONTS
from models.render.foreign import ForeignSet, foreign_crops, foreign_kinds
from models.training.dataset import CropSet, join, make_crops
from models.training.network import MEAN, STD, CardNet, Exported
from models.training.onnx_export import export_network, set_metadata
from models.training.parallel import map_jobs
from models.training.quantize import quantize
from vision.find.detect import CROP_SIZE
from vision.networks import session
from vision.read.catalogue import class_names as classes

MODEL_VERSION = 1
Floats = npt.NDArray[np.float32]
#: Training crops that set an int8 model's activation ranges.
QUANTIZE_CROPS = 1024
#: Foreign crops drawn by one job (each its own seed).
FOREIGN_CHUNK = 500


@dataclass(frozen=True)
class Recipe:
    """Everything that decides a model: the data, the schedule, the seed."""

    game: str
    seed: int = 0
    train_scenes: int = 1000
    val_scenes: int = 150
    epochs: int = 4
    batch: int = 128
    lr: float = 2e-3
    #: Most crops of one class kept from one scene (24 border cards frame every grid).
    per_scene_cap: int = 3
    #: Wrong-but-confident rate allowed on the validation crops when choosing the threshold.
    max_confident_error: float = 0.0005
    #: Scenes whose decks are printed in the calibration typefaces (:data:`models.render.glyphs.
    #: CALIBRATION_TYPEFACES`, never trained on): the threshold also keeps their wrong readings
    #: within ``calibration_error``, so it reflects digits of shapes the model never learned. The
    #: temperature is fitted on them too: fitted on the training typefaces alone it left many
    #: wrong readings of unseen digits at a probability of 1.0, which no threshold can tell apart.
    calibration_scenes: int = 150
    #: Wrong-but-confident rate allowed on the calibration crops: the target's 0.1%.
    calibration_error: float = 0.001
    #: Share of the training crops cut along the quads the camera's finder outlines the cards with,
    #: the others along the true corners jittered (as the watcher cuts a cell it knows). The
    #: finder's quads are looser than the card: cut along them, held-out cards were misread or
    #: left unsure 3 to 16 times as often by models that learned the true corners alone.
    found_share: float = 0.5
    #: Whether training crops are also washed out, blurred, covered, tinted and noisy at random
    #: (:func:`_harden`, which jitters light and contrast too, in place of the plain jitter).
    hard: bool = False
    #: Whether the decks of the training and validation scenes are also printed in handwritten
    #: typefaces (:data:`models.render.glyphs.SCRIPT_TYPEFACES`), besides the training ones.
    scripts: bool = False
    #: Crops of things foreign to the deck (:func:`models.render.foreign.foreign_crops`: the other
    #: games' cards, made-up playing cards and cards, coins, dice, phones, the bare table), as a
    #: share of the deck's own training crops. Each kind is a class of its own in training (outlier
    #: exposure with the features kept apart, so that the embedding still tells foreign cards from
    #: each other: what a deck profile needs); the exported probabilities are the deck's classes
    #: only, so a foreign crop's mass goes nowhere and its top probability stays low.
    foreign_share: float = 0.4
    #: Held-out foreign crops (calibration typefaces) the threshold is also set on, and the share
    #: of them it may let through named: the target's 0.5% of the other decks' cards, halved.
    foreign_calibration: int = 4000
    foreign_error: float = 0.0025
    #: Whether the exported model is quantized to 8-bit integers (:mod:`models.training.quantize`): 2.2 times
    #: faster a crop on one core, with the same best guess on all but a few in ten thousand crops.
    int8: bool = True
    workers: int = 2


def shipped_recipe(game: str, seed: int = 0) -> Recipe:
    """The recipe the shipped model of ``game`` was trained with: the defaults but where its spec
    says otherwise (:attr:`companion.engine.spec.VisionSpec.recipe`, with the reasons). Each shipped
    model's metadata holds its recipe, and a test checks it is this one.

    >>> shipped_recipe("crew").train_scenes, shipped_recipe("tranquility").train_scenes
    (3000, 1000)
    """
    overrides: dict[str, Any] = dict(find_spec(game).vision.recipe)
    return Recipe(game, seed=seed, **overrides)


@dataclass(frozen=True)
class Report:
    """What a training run measured."""

    recipe: Recipe
    classes: list[str]
    train_crops: int
    val_crops: int
    val_accuracy: float
    val_flip_accuracy: float
    #: Accuracy on the validation cards cut along the finder's quads.
    val_found_accuracy: float
    #: Accuracy on the cards printed in the calibration typefaces, and the share of them the
    #: threshold leaves unsure.
    calibration_accuracy: float
    calibration_unsure: float
    #: The share of the held-out foreign crops the threshold lets through named.
    calibration_foreign: float
    temperature: float
    threshold: float
    seconds: float


def _augment(crops: torch.Tensor, flipped: torch.Tensor, gen: torch.Generator, *,
             hard: bool = False) -> tuple[torch.Tensor, torch.Tensor]:
    """Turn half the crops 180 degrees (flipping their label), jitter light and contrast; with
    ``hard``, :func:`_harden` them instead of the plain jitter."""
    turn = torch.rand(len(crops), generator=gen) < 0.5
    crops = torch.where(turn[:, None, None, None], torch.flip(crops, dims=(2, 3)), crops)
    flipped = flipped ^ turn
    if hard:
        return _harden(crops, gen), flipped
    gain = 1 + 0.3 * (torch.rand(len(crops), 1, 1, 1, generator=gen) - 0.5)
    bias = 0.2 * (torch.rand(len(crops), 1, 1, 1, generator=gen) - 0.5)
    return crops * gain + bias, flipped


def _harden(crops: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    """Normalised crops as a camera may also see them: a quarter washed out towards a light grey
    (glare, a pale print), a quarter blurred, a fifth partly covered by a patch of one colour,
    half of those coming in from the top or bottom edge (a finger, another card), all tinted a
    little channel by channel, their light and contrast jittered and noise added."""
    n, _, height, width = crops.shape
    raw = crops * STD + MEAN
    washed = (torch.rand(n, 1, 1, 1, generator=gen) < 0.25).float()
    amount = 0.5 * torch.rand(n, 1, 1, 1, generator=gen) * washed
    grey = 0.7 + 0.3 * torch.rand(n, 1, 1, 1, generator=gen)
    raw = raw * (1 - amount) + amount * grey
    blurred = torch.rand(n, generator=gen) < 0.25
    if blurred.any():
        raw[blurred] = _blur(raw[blurred], 0.6 + 0.8 * float(torch.rand(1, generator=gen)))
    for i in torch.nonzero(torch.rand(n, generator=gen) < 0.2).flatten().tolist():
        h = int(height * (0.15 + 0.3 * float(torch.rand(1, generator=gen))))
        w = int(width * (0.2 + 0.5 * float(torch.rand(1, generator=gen))))
        y = int((height - h) * float(torch.rand(1, generator=gen)))
        x = int((width - w) * float(torch.rand(1, generator=gen)))
        if float(torch.rand(1, generator=gen)) < 0.5:
            y = 0 if float(torch.rand(1, generator=gen)) < 0.5 else height - h
        raw[i, :, y:y + h, x:x + w] = torch.rand(3, 1, 1, generator=gen)
    raw = raw * (1 + 0.16 * (torch.rand(n, 3, 1, 1, generator=gen) - 0.5))
    raw = raw * (1 + 0.3 * (torch.rand(n, 1, 1, 1, generator=gen) - 0.5)) + 0.05 * (
        torch.rand(n, 1, 1, 1, generator=gen) - 0.5)
    raw = raw + torch.randn(raw.shape, generator=gen) * (0.03 * torch.rand(n, 1, 1, 1, generator=gen))
    return (raw - MEAN) / STD


def _blur(images: torch.Tensor, sigma: float) -> torch.Tensor:
    """``images`` (N, C, H, W) blurred by a 5x5 Gaussian of ``sigma`` pixels, the edges repeated."""
    t = torch.arange(-2, 3, dtype=torch.float32)
    kernel = torch.exp(-t ** 2 / (2 * sigma ** 2))
    kernel = kernel / kernel.sum()
    c = images.shape[1]
    rows, columns = kernel.view(1, 1, 1, -1).repeat(c, 1, 1, 1), kernel.view(1, 1, -1, 1).repeat(c, 1, 1, 1)
    across = nnf.conv2d(nnf.pad(images, (2, 2, 0, 0), mode="replicate"), rows, groups=c)
    return nnf.conv2d(nnf.pad(across, (0, 0, 2, 2), mode="replicate"), columns, groups=c)


def _tensor(crops: npt.NDArray[np.uint8]) -> torch.Tensor:
    return (torch.from_numpy(crops).permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD


def _predict(net: CardNet, data: CropSet) -> tuple[torch.Tensor, torch.Tensor]:
    net.eval()
    faces, flips = [torch.zeros(0, net.face.out_features)], [torch.zeros(0)]
    with torch.no_grad():
        for start in range(0, len(data), 512):
            face, flip = net(_tensor(data.crops[start:start + 512]))
            faces.append(face)
            flips.append(flip)
    return torch.cat(faces), torch.cat(flips)


def fit_temperature(logits: torch.Tensor, labels: torch.Tensor) -> float:
    """Temperature scaling: the T minimising the validation NLL of softmax(logits / T)."""
    log_t = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([log_t], lr=0.1, max_iter=100)

    def closure() -> torch.Tensor:
        opt.zero_grad()
        loss = nnf.cross_entropy(logits / log_t.exp(), labels)
        loss.backward()  # type: ignore[no-untyped-call]
        return loss

    opt.step(closure)  # type: ignore[no-untyped-call]
    return float(log_t.detach().exp())


def choose_threshold(confidence: npt.NDArray[np.float64], correct: npt.NDArray[np.bool_],
                     max_error: float) -> float:
    """The lowest confidence threshold whose accepted readings are wrong at most ``max_error``
    of all readings (G2: below it the answer is "unsure")."""
    order = np.argsort(-confidence)
    wrong = np.cumsum(~correct[order]) / len(confidence)
    ok = np.nonzero(wrong <= max_error)[0]
    if len(ok) == 0:
        return 1.0
    last = ok[-1]
    return float(max(confidence[order][last], 0.5))


def foreign_threshold(confidence: npt.NDArray[np.float64], max_named: float) -> float:
    """The lowest threshold that leaves at most ``max_named`` of foreign crops, whose top
    probabilities of the deck's classes are ``confidence``, named (G2: below it, unsure).

    >>> foreign_threshold(np.array([0.1, 0.2, 0.95, 0.3]), 0.25)
    0.3000001
    """
    if len(confidence) == 0:
        return 0.0
    allowed = int(np.floor(max_named * len(confidence)))
    ranked = np.sort(confidence)[::-1]
    return float(ranked[allowed]) + 1e-7 if allowed < len(ranked) else 0.0


def _foreign(recipe: Recipe, count: int, seed: int, fonts: tuple[str, ...], own: int) -> CropSet:
    """``count`` foreign crops (:func:`models.render.foreign.foreign_crops`, chunks of
    :data:`FOREIGN_CHUNK` drawn in ``recipe.workers`` processes), labelled past the deck's ``own``
    classes."""
    jobs = [(recipe.game, min(FOREIGN_CHUNK, count - start), seed + start // FOREIGN_CHUNK, fonts)
            for start in range(0, count, FOREIGN_CHUNK)]
    parts = map_jobs(_foreign_chunk, jobs, workers=recipe.workers)
    sets = [CropSet(p.crops, p.kinds + own, np.zeros(len(p), np.bool_)) for p in parts]
    return join(sets)


def _foreign_chunk(args: tuple[str, int, int, tuple[str, ...]]) -> ForeignSet:
    game, count, seed, fonts = args
    return foreign_crops(game, count, seed, fonts=fonts)


def training_fonts(recipe: Recipe) -> tuple[str, ...]:
    """The typefaces the decks of ``recipe``'s training and validation scenes are printed in: the
    training ones, and the handwritten ones too when the recipe says so.

    >>> len(training_fonts(shipped_recipe("rixes"))) - len(training_fonts(shipped_recipe("crew")))
    6
    """
    return (*TRAIN_FONTS, *SCRIPT_FONTS) if recipe.scripts else TRAIN_FONTS


def train(recipe: Recipe, out: Path, *, progress: bool = True) -> Report:
    """Render, train, calibrate and export the classifier of ``recipe.game`` to ``out``."""
    started = time.perf_counter()
    torch.manual_seed(recipe.seed)
    torch.set_num_threads(max(1, recipe.workers))
    gen = torch.Generator().manual_seed(recipe.seed)
    names = classes(recipe.game)
    base = 1_000_000 * recipe.seed
    step = 50
    fonts = training_fonts(recipe)
    data = join([make_crops(recipe.game, range(base + i, base + min(i + step, recipe.train_scenes)),
                            workers=recipe.workers, cap=recipe.per_scene_cap, share=recipe.found_share,
                            fonts=fonts)
                 for i in tqdm(range(0, recipe.train_scenes, step), desc="render", disable=not progress)])
    val_seeds = range(base + 500_000, base + 500_000 + recipe.val_scenes)
    val = make_crops(recipe.game, val_seeds, workers=recipe.workers, fonts=fonts)
    val_found = make_crops(recipe.game, val_seeds, workers=recipe.workers, share=1.0, fonts=fonts)
    calibration = make_crops(recipe.game, range(base + 700_000, base + 700_000 + recipe.calibration_scenes),
                             workers=recipe.workers, fonts=CALIBRATION_FONTS)
    own = len(names)
    kinds = foreign_kinds(recipe.game) if recipe.foreign_share > 0 else ()
    # Foreign crops are labelled past the deck's classes, one class a kind; their flip is no one's.
    foreign = _foreign(recipe, round(recipe.foreign_share * len(data)), base + 900_000, fonts, own)
    held_foreign = _foreign(recipe, recipe.foreign_calibration if kinds else 0, base + 950_000,
                            CALIBRATION_FONTS, own)
    data = join([data, foreign])
    net = CardNet(own + len(kinds))
    opt = torch.optim.AdamW(net.parameters(), lr=recipe.lr, weight_decay=1e-4)
    steps = recipe.epochs * ((len(data) + recipe.batch - 1) // recipe.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=recipe.lr, total_steps=steps)
    crops = torch.from_numpy(data.crops).permute(0, 3, 1, 2)
    labels = torch.from_numpy(data.labels)
    flipped = torch.from_numpy(data.flipped)
    bar = tqdm(total=steps, desc=f"train {recipe.game}", disable=not progress)
    for _ in range(recipe.epochs):
        net.train()
        order = torch.randperm(len(data), generator=gen)
        for start in range(0, len(data), recipe.batch):
            idx = order[start:start + recipe.batch]
            x = (crops[idx].float() / 255.0 - MEAN) / STD
            x, flip = _augment(x, flipped[idx], gen, hard=recipe.hard)
            face_logits, flip_logits = net(x)
            mine = labels[idx] < own
            loss = nnf.cross_entropy(face_logits, labels[idx])
            if bool(mine.any()):
                loss = loss + nnf.binary_cross_entropy_with_logits(flip_logits[mine], flip[mine].float())
            opt.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            opt.step()
            sched.step()
            bar.update(1)
            bar.set_postfix(loss=f"{loss.item():.3f}")
    bar.close()

    face_logits, _ = _predict(net, val)
    found_logits, _ = _predict(net, val_found)
    sets = [(face_logits, torch.from_numpy(val.labels)), (found_logits, torch.from_numpy(val_found.labels))]
    # A model that learned the finder's crops is calibrated on them too: its threshold keeps wrong
    # readings rare both on cards cut where they truly lie (the watcher knows its cells) and on
    # cards cut along the finder's looser quads (detect, finding the table). One that learned the
    # true corners alone is calibrated on those, as every model was before ``found_share``.
    calibrating = sets if recipe.found_share > 0 else sets[:1]
    for extra in (calibration, held_foreign):
        if len(extra):
            calibrating = [*calibrating, (_predict(net, extra)[0], torch.from_numpy(extra.labels))]
    temperature = fit_temperature(torch.cat([logits for logits, _ in calibrating]),
                                  torch.cat([labels for _, labels in calibrating]))
    export(net, temperature, out, own)
    if recipe.int8:
        # Activation ranges from training crops the seed picks, as many as a few batches hold.
        pick = torch.randperm(len(data), generator=gen)[:QUANTIZE_CROPS].sort().values.numpy()
        quantize(out, out, data.crops[pick])
    # The threshold and the accuracies are those of the file written, as onnxruntime reads it.
    thresholds, accuracies = [], []
    flips = np.zeros(0, np.bool_)
    read = _reader(out, recipe.workers)
    # The calibration crops' confidences: the share below the threshold is their unsure rate.
    calibrated = np.zeros(0, np.float32)
    # The cards cut where they truly lie, along the finder's quads, then printed in typefaces never
    # trained on; the threshold is the highest any of them asks for.
    errors = [recipe.max_confident_error, recipe.max_confident_error if recipe.found_share > 0 else None,
              recipe.calibration_error]
    for crop_set, error in zip((val, val_found, calibration), errors, strict=True):
        if len(crop_set) == 0:  # a tiny run whose few scenes the finder found nothing in
            accuracies.append(0.0)
            continue
        probabilities, flip_probability = read(crop_set.crops)
        confidence, predicted = probabilities.max(axis=1), probabilities.argmax(axis=1)
        correct = predicted == crop_set.labels
        accuracies.append(float(correct.mean()))
        if crop_set is val:
            flips = np.asarray((flip_probability > 0.5) == crop_set.flipped, np.bool_)
        if crop_set is calibration:
            calibrated = confidence
        if error is not None:
            thresholds.append(choose_threshold(confidence.astype(np.float64), correct, error))
    # Held-out foreign crops: the threshold lets at most ``foreign_error`` of them through named.
    let_through = np.zeros(0, np.float32)
    if len(held_foreign):
        let_through = read(held_foreign.crops)[0].max(axis=1)
        thresholds.append(foreign_threshold(let_through.astype(np.float64), recipe.foreign_error))
    threshold = max(thresholds, default=1.0)
    foreign_named = float((let_through >= threshold).mean()) if len(let_through) else 0.0
    flip_accuracy = float(flips.mean()) if len(flips) else 0.0
    unsure = float((calibrated < threshold).mean()) if len(calibrated) else 0.0
    report = Report(recipe, names, len(data), len(val), accuracies[0], flip_accuracy, accuracies[1],
                    accuracies[2], unsure, foreign_named, temperature, threshold,
                    time.perf_counter() - started)
    describe(out, report)
    return report


def _reader(model: Path, threads: int) -> Callable[[npt.NDArray[np.uint8]], tuple[Floats, Floats]]:
    """A function giving the probabilities and flip probabilities the model file gives crops,
    batch by batch (the file loaded once)."""
    # The session the camera reads with: the threshold is set on what it reads, on this CPU.
    opened = session(model, threads)

    def read(crops: npt.NDArray[np.uint8]) -> tuple[Floats, Floats]:
        outputs = [opened.run(None, {"crops": crops[i:i + 512]}) for i in range(0, len(crops), 512)]
        return (np.concatenate([o[0] for o in outputs]).astype(np.float32),
                np.concatenate([o[1] for o in outputs]).astype(np.float32))

    return read


def export(net: CardNet, temperature: float, out: Path, own: int | None = None) -> None:
    """Write the network, turned into calibrated probabilities by ``temperature``, as an ONNX model
    whose probabilities are those of its first ``own`` classes (the deck's; the others are the
    foreign kinds it learned, every class when None)."""
    export_network(Exported(net, temperature, own), CROP_SIZE, out, input_name="crops",
                   output_names=["probabilities", "flipped", "embedding"])


def describe(out: Path, report: Report) -> None:
    """Add to the ONNX model ``out`` its classes, input format, calibration and recipe as metadata."""
    width, height = CROP_SIZE
    model = onnx.load(str(out))
    meta: dict[str, Any] = {
        "version": MODEL_VERSION,
        "game": report.recipe.game,
        "classes": report.classes,
        "input": {"layout": "NHWC", "size": [width, height], "channels": "BGR", "dtype": "uint8"},
        "threshold": report.threshold,
        "temperature": report.temperature,
        "recipe": asdict(report.recipe),
        "val_accuracy": report.val_accuracy,
        "val_flip_accuracy": report.val_flip_accuracy,
        "val_found_accuracy": report.val_found_accuracy,
        "calibration_accuracy": report.calibration_accuracy,
        "calibration_unsure": report.calibration_unsure,
        "calibration_foreign": report.calibration_foreign,
    }
    onnx.save(set_metadata(model, meta), str(out))
