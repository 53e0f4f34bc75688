"""The camera-side commands: ``detect``, ``train``, ``eval-vision``, ``eval-finder`` and ``bench vision``.

PyTorch is loaded only by the training commands, which alone need it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from companion.app.bench import pin_one_core
from companion.app.decks import with_deck
from companion.cli.lang import lang_of
from companion.cli.parsers import TARGET_CARDS
from companion.cli.progress import Progress
from companion.config import DEFAULT_GAME
from companion.engine.spec import find_spec
from companion.errors import CompanionError, ImageUnreadable
from companion.text import Lang, Text
from models.render import render_scene
from models.render.makes import MAKES
from vision.evaluation.finding import finding_figures, measure_finding
from vision.evaluation.fixed import measure_fixed
from vision.evaluation.foreign import foreign_photos, foreign_renders
from vision.evaluation.photos import (
    MOST_ENLARGED,
    MOST_LONG_SIDE,
    measure_photos,
    photo_frames,
    photos,
    scale_changes,
)
from vision.evaluation.scenes import confusion_picture, evaluate_scenes
from vision.find.finders import make_finder
from vision.images import load_image
from vision.networks import kernels
from vision.read.catalogue import class_names
from vision.read.classify import OnnxClassifier
from vision.read.recognise import annotate, recognise

if TYPE_CHECKING:
    from vision.find.detect import Finder, Image
    from vision.read.classify import Classifier

#: The folder of the shipped models, which ``train`` writes into only with ``--force``.
SHIPPED = Path(str(resources.files("models")))
#: The shared real photos, beside the project's clone (``../shared`` in the workplace).
REAL_PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "realphotos" / "playing-cards-test"


def load_classifier(game: str, model: Path | None, lang: Lang) -> OnnxClassifier | None:
    """The game's classifier, or None after saying why it cannot be loaded."""
    try:
        return OnnxClassifier(game, model)
    except CompanionError as error:
        print(error.text.render(lang), file=sys.stderr)
        return None


def read_with(classifier: OnnxClassifier, deck: str | None, lang: Lang) -> Classifier | None:
    """``classifier``, reading with the enrolled deck named ``deck`` when one is
    (:func:`companion.app.decks.with_deck`); None after saying why that deck cannot be used."""
    if deck is None:
        return classifier
    try:
        return with_deck(classifier, deck)
    except CompanionError as error:
        print(error.text.render(lang), file=sys.stderr)
        return None


def model_out(out: Path | None, default: str, force: bool, lang: Lang) -> Path | None:
    """Where to write a trained model: ``out``, else ``default`` in the working folder; None
    after saying why not when it is a shipped model's file and ``force`` is not given."""
    path = out if out is not None else Path(default)
    if path.is_file() and path.resolve().parent == SHIPPED.resolve() and not force:
        print(Text("train_shipped_out", path=path).render(lang), file=sys.stderr)
        return None
    return path


def finder(choice: str, lang: Lang, refiner: str | None = None, game: str | None = None) -> Finder | None:
    """The card finder named on the command line for ``game``, its quads refined by ``refiner``
    (see :func:`vision.find.finders.make_finder`), or None after saying why it cannot be loaded."""
    try:
        return make_finder(choice, refiner, game)
    except CompanionError as error:
        print(error.text.render(lang), file=sys.stderr)
        return None


def run_detect(args: argparse.Namespace) -> int:
    """Find and read the cards of each image; exit 2 if any image or the model failed."""
    lang = lang_of(args)
    classifier = load_classifier(args.game, args.model, lang)
    find = finder(args.finder, lang, args.refiner, args.game)
    reader = None if classifier is None else read_with(classifier, args.deck, lang)
    if reader is None or find is None:
        return 2
    status = 0
    for path in args.images:
        try:
            # Its header's size checked before it is decoded: a small file may claim gigabytes.
            frame = load_image(path)
        except ImageUnreadable as error:
            print(error.text.render(lang), file=sys.stderr)
            status = 2
            continue
        detections = recognise(frame, reader, find)
        if args.json:
            print(json.dumps({"image": path, "cards": detections.to_json()}))
        else:
            print(f"{path}: {len(detections)}")
            for card in detections.to_json():
                corners = " ".join(f"{x:.0f},{y:.0f}" for x, y in card["corners"])
                turned = " (180°)" if card["upside_down"] else ""
                print(f"  {card['name'] or '?':<12} {card['confidence']:.3f}{turned}  {corners}")
        if args.annotate is not None:
            out = args.annotate / Path(path).name if len(args.images) > 1 else args.annotate
            if not write_image(out, annotate(frame, detections), lang):
                status = 2
    return status


def write_image(path: Path, image: Image, lang: Lang) -> bool:
    """Write ``image`` to ``path``, its folder made; whether it was, else why not on standard error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        written = bool(cv2.haveImageWriter(str(path))) and bool(cv2.imwrite(str(path), image))
    except (cv2.error, OSError):
        written = False
    if not written:
        print(Text("image_unwritable", path=path).render(lang), file=sys.stderr)
    return written


def counts_refused(args: argparse.Namespace, lang: Lang, *fields: str) -> bool:
    """Whether one of the counts ``fields`` of ``args`` (scenes, epochs, games...) given is under
    1; then it is said on standard error."""
    for field in fields:
        value = getattr(args, field)
        if value is not None and value < 1:
            print(Text("bad_field", field=field, value=value).render(lang), file=sys.stderr)
            return True
    return False


def run_train(args: argparse.Namespace) -> int:
    """Train the classifier of a game from its recipe and seed, with a progress bar."""
    lang = lang_of(args)
    out = model_out(args.out, f"{args.game}.onnx", args.force, lang)
    if out is None or counts_refused(args, lang, "scenes", "epochs"):
        return 2
    try:
        from models.training.classifier import Recipe, shipped_recipe, train  # noqa: PLC0415 (torch: only to train)
    except ImportError:
        print(Text("train_needs_torch").render(lang), file=sys.stderr)
        return 2
    recipe = shipped_recipe(args.game, args.seed)
    changes = {k: v for k, v in (("train_scenes", args.scenes), ("epochs", args.epochs)) if v is not None}
    if changes:
        recipe = Recipe(**{**recipe.__dict__, **changes})
    report = train(recipe, out)
    print(json.dumps({"model": str(out), "val_accuracy": report.val_accuracy,
                      "val_flip_accuracy": report.val_flip_accuracy,
                      "val_found_accuracy": report.val_found_accuracy,
                      "calibration_accuracy": report.calibration_accuracy,
                      "calibration_unsure": report.calibration_unsure, "temperature": report.temperature,
                      "threshold": report.threshold, "train_crops": report.train_crops,
                      "seconds": round(report.seconds, 1)}))
    return 0


def run_train_network(args: argparse.Namespace) -> int:
    """Train the card finder or the corner refiner (``args.network``) from its recipe and seed,
    with a progress bar."""
    lang = lang_of(args)
    default = "refiner-lean.onnx" if args.lean else f"{args.network}.onnx"
    out = model_out(args.out, default, args.force, lang)
    if out is None or counts_refused(args, lang, "scenes", "epochs"):
        return 2
    recipe: Any
    train: Callable[[Any, Path], dict[str, Any]]
    try:
        if args.network == "finder":
            from models.training.finder import FinderRecipe, train_finder  # noqa: PLC0415 (torch: only to train)

            recipe, train = FinderRecipe(seed=args.seed), train_finder
        else:
            from models.training.refiner import RefinerRecipe, train_refiner  # noqa: PLC0415 (torch: only to train)

            recipe, train = RefinerRecipe(seed=args.seed, lean=args.lean), train_refiner
    except ImportError:
        print(Text("train_needs_torch").render(lang), file=sys.stderr)
        return 2
    varied = getattr(args, "varied", None)
    if varied is not None and not 0.0 <= varied <= 1.0:  # nan too
        print(Text("bad_field", field="varied", value=varied).render(lang), file=sys.stderr)
        return 2
    changes = {k: v for k, v in (("train_scenes", args.scenes), ("epochs", args.epochs), ("varied", varied))
               if v is not None}
    report = train(replace(recipe, **changes), out)
    print(json.dumps({"model": str(out), **report}))
    return 0


def run_eval(args: argparse.Namespace) -> int:
    """Print the reading figures on held-out scenes and the real-photo recall; draw the confusion."""
    lang = lang_of(args)
    if args.scenes < 0:
        print(Text("bad_field", field="scenes", value=args.scenes).render(lang), file=sys.stderr)
        return 2
    scales = photo_scales(args.scales)
    if scales is None:
        print(Text("bad_field", field="scales", value=args.scales).render(lang), file=sys.stderr)
        return 2
    if not 0 < args.photo_scale <= MOST_ENLARGED:  # nan too
        print(Text("bad_field", field="photo-scale", value=args.photo_scale).render(lang), file=sys.stderr)
        return 2
    if args.foreign_scenes < 0:
        print(Text("bad_field", field="foreign-scenes", value=args.foreign_scenes).render(lang),
              file=sys.stderr)
        return 2
    foreign = None if args.foreign == Path("none") else args.foreign or REAL_PHOTOS
    if foreign is not None and not foreign.is_dir():
        print(Text("real_photos_none", path=foreign).render(lang), file=sys.stderr)
        if args.foreign is not None:
            return 2
        foreign = None
    if args.confusion is not None and not cv2.haveImageWriter(str(args.confusion)):
        # Said now, not after minutes of scenes.
        print(Text("image_unwritable", path=args.confusion).render(lang), file=sys.stderr)
        return 2
    folder = None if args.real_photos == Path("none") else args.real_photos or REAL_PHOTOS
    labelled = folder is not None and bool(photos(folder))
    if folder is not None and not labelled:
        # Photos asked for that are not there are refused at once; the shared set missing from
        # this machine is said, and the scenes are measured without it.
        print(Text("real_photos_none", path=folder).render(lang), file=sys.stderr)
        if args.real_photos is not None:
            return 2
    classifier = load_classifier(args.game, args.model, lang)
    find = finder(args.finder, lang, args.refiner, args.game)
    if classifier is None or find is None:
        return 2
    tally = None
    if args.scenes:
        with Progress("eval-vision", args.scenes) as bar:
            tally = evaluate_scenes(args.game, classifier, args.scenes, args.seed, find, perturb=args.perturb,
                                    modules=args.modules, progress=bar.step)
    figures: dict[str, Any] = {"game": args.game, "finder": args.finder, "refiner": args.refiner,
                               **(tally.summary() if tally else {"scenes": 0})}
    status = 0
    if folder is not None and labelled:
        try:
            figures.update(photo_figures(folder, find, args.photo_scale, scales))
        except CompanionError as error:
            # The scenes' figures took minutes: they are still printed, without the photos'.
            print(error.text.render(lang), file=sys.stderr)
            status = 2
    if args.foreign_scenes:
        rendered = foreign_renders(args.game, classifier, find, args.foreign_scenes, args.seed)
        figures["foreign_render_cards"], figures["foreign_render_named_rate"] = rendered.found, rendered.rate
    if foreign is not None:
        try:
            seen = foreign_photos(foreign, classifier, find)
            figures["foreign_photo_cards"], figures["foreign_photo_named_rate"] = seen.found, seen.rate
        except CompanionError as error:
            print(error.text.render(lang), file=sys.stderr)
            status = 2
    if tally is not None and args.confusion is not None:
        if write_image(args.confusion, confusion_picture(tally.confusion, class_names(args.game)), lang):
            figures["confusion"] = str(args.confusion)
        else:
            status = 2
    if args.json:
        print(json.dumps(figures))
        return status
    typefaces = figures.pop("by_typeface", {})
    kinds = figures.pop("by_kind", {})
    for key, value in figures.items():
        shown = f"{value:.4f}" if isinstance(value, float) else value
        print(f"{key:>22}: {shown}")
    for font, read in typefaces.items():
        print(f"{font:>40}: {read['found']:>5} found, right {read['identity_accuracy']:.2%}, unsure "
              f"{read['unsure_rate']:.2%}, wrong but confident {read['wrong_confident_rate']:.3%}")
    for kind, read in kinds.items():
        print(f"{kind:>22}: {read['cards']:>5} cards, found {read['recall']:.2%}, right "
              f"{read['identity_accuracy']:.2%}, wrong but confident {read['wrong_confident_rate']:.3%}, "
              f"right way up {read['orientation_accuracy']:.2%}")
    return status


def run_eval_finder(args: argparse.Namespace) -> int:
    """Print the finder's figures on held-out scenes of cards of any make, layout by layout; with
    ``--fixed-camera``, alone and as a fixed camera's (the bare table seen first, a card's size known)."""
    lang = lang_of(args)
    makes = tuple(args.makes.split(",")) if args.makes else None
    if args.scenes < 1 or (makes and not set(makes) <= set(MAKES)) or (makes and args.fixed_camera):
        field, value = ("scenes", args.scenes) if args.scenes < 1 else ("makes", args.makes)
        print(Text("bad_field", field=field, value=value).render(lang), file=sys.stderr)
        return 2
    find = finder(args.finder, lang, args.refiner)
    if find is None:
        return 2
    head = {"finder": args.finder, "refiner": args.refiner, "seed": args.seed}
    if args.fixed_camera:
        tallies = measure_fixed(find, args.scenes, args.seed)
        tables = {name: finding_figures(by_layout) for name, by_layout in tallies.items()}
        figures: dict[str, Any] = {**head, **tables}
    else:
        tables = {"": finding_figures(measure_finding(find, args.scenes, args.seed, makes=makes))}
        figures = {**head, **tables[""]}
    if args.json:
        print(json.dumps(figures))
        return 0
    for name, table in tables.items():
        if name:
            print(name)
        print(f"{'layout':>8} {'scenes':>6} {'cards':>6} {'recall':>7} {'close':>7} {'split':>6} "
              f"{'quads':>6} {'stray':>6} {'ms':>6} {'ms p90':>7}")
        for layout, row in table.items():
            print(f"{layout:>8} {row['scenes']:>6} {row['cards']:>6} {row['recall']:>7.2%} "
                  f"{row['close_recall']:>7.2%} {row['split_rate']:>6.2%} {row['quads_per_scene']:>6.1f} "
                  f"{row['stray_per_scene']:>6.2f} {row['ms_median']:>6.0f} {row['ms_p90']:>7.0f}")
    return 0


def photo_scales(text: str | None) -> tuple[int, int] | tuple[()] | None:
    """The two longest sides of ``--scales`` (``"1280,1920"``); () when not given; None when it is
    not two whole numbers of pixels from 64 to :data:`MOST_LONG_SIDE`.

    >>> photo_scales("1280,1920"), photo_scales(None), photo_scales("1280"), photo_scales("0,9")
    ((1280, 1920), (), None, None)
    """
    if text is None:
        return ()
    parts = text.split(",")
    if len(parts) != 2 or not all(part.strip().isdigit() for part in parts):
        return None
    first, second = (int(part) for part in parts)
    if not all(64 <= side <= MOST_LONG_SIDE for side in (first, second)):
        return None
    return first, second


def photo_figures(folder: Path, find: Finder, enlarge: float, scales: tuple[int, ...]) -> dict[str, Any]:
    """The finder's figures on the labelled photos of ``folder`` (:func:`measure_photos`, enlarged
    ``enlarge`` times), keyed ``real_photo_...``; with two ``scales``, the same photos read at both
    longest sides and the cards that change between them."""
    measured = measure_photos(folder, find, enlarge=enlarge).summary()
    figures: dict[str, Any] = {"real_photo_recall": measured["recall"], "real_photo_cards": measured["boxes"],
                               "real_photo_scale": enlarge}
    figures.update({f"real_photo_{key}": measured[key]
                    for key in ("quads_per_photo", "split_rate", "ms_median", "ms_p90")})
    if scales:
        first, second = (measure_photos(folder, find, long_side=side) for side in scales)
        figures["real_photo_scales"] = ",".join(str(side) for side in scales)
        figures["real_photo_scales_recall"] = [first.summary()["recall"], second.summary()["recall"]]
        changes = scale_changes(first, second)
        figures.update({f"real_photo_scales_{key}": value for key, value in changes.items()})
    return figures


#: The frame-time target in milliseconds, for a frame holding :data:`TARGET_CARDS` cards.
TARGET_MS = 50.0
#: The time target in milliseconds for a real photo read as a camera frame of
#: :data:`REAL_FRAME_SIDE` pixels (its longest side: a 960 x 540 photo becomes 1280 x 720).
REAL_MS, REAL_FRAME_SIDE = 150.0, 1280


def frames_holding(game: str, cards: int, count: int, first_seed: int = 700_000,
                   tries: int = 4_000) -> list[Image]:
    """Up to ``count`` scenes of ``game`` (its usual layout, seeds from ``first_seed``) holding
    exactly ``cards`` cards in view; none for a game whose table never holds that many."""
    frames: list[Image] = []
    if find_spec(game).vision.bench_layout is None:
        return frames  # a trick-taking table: a few cards before each seat, never a grid's worth
    for seed in range(first_seed, first_seed + tries):
        if len(frames) == count:
            break
        # The layout alone tells how many cards lie in view: draw it without effects first.
        if len(render_scene(game, seed, effects=False).cards) == cards:
            frames.append(render_scene(game, seed).image)
    return frames


def time_frames(frames: list[Image], classifier: Classifier, find: Finder,
                seconds: float, target_ms: float | None = None) -> dict[str, float]:
    """Median milliseconds to find the cards of a frame and to read it whole (find, rectify,
    classify), over ``frames`` in turn for ``seconds`` and to the end of that round (each frame
    timed as often as the others), the 90th percentile of the whole reading (a frame read slower
    than the others, by a second finder or reading again, shows there, not in the median), the
    mean count of cards read a frame and, given ``target_ms``, the share of the frames whose
    median reading takes at most that long."""
    whole: list[float] = []
    finding: list[float] = []
    cards: list[int] = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or len(whole) % len(frames) or not whole:
        frame = frames[len(whole) % len(frames)]
        t = time.perf_counter()
        find(frame)
        finding.append(time.perf_counter() - t)
        t = time.perf_counter()
        cards.append(len(recognise(frame, classifier, find)))
        whole.append(time.perf_counter() - t)
    figures = {"ms_find_cards": 1000 * float(np.median(finding)),
               "ms_per_frame": 1000 * float(np.median(whole)),
               "ms_per_frame_p90": 1000 * float(np.percentile(whole, 90)),
               "cards_per_frame": float(np.mean(cards))}
    if target_ms is not None:
        # Frame k was read at turns k, k + len(frames), ...: its own median against the target.
        each = np.median(np.reshape(whole, (-1, len(frames))), axis=0)
        figures["share_within_target"] = float(np.mean(1000 * each <= target_ms))
    return figures


def run_bench_vision(args: argparse.Namespace) -> int:
    """Time the classifier per crop and the whole reading of 1280x720 frames, on one core: frames
    of the game's fullest table, frames holding :data:`TARGET_CARDS` cards where it can, and real
    photos read as camera frames (:data:`REAL_FRAME_SIDE`; the shared test set by default)."""
    lang = lang_of(args)
    cpu = pin_one_core()
    args.finder = args.finder or "auto"
    folder = None if args.real_photos == Path("none") else args.real_photos or REAL_PHOTOS
    shot: list[Image] = []
    if folder is not None:
        if not photos(folder):
            # Photos asked for that are not there are refused; the shared set missing from this
            # machine is said, and the renders are timed without it.
            print(Text("real_photos_none", path=folder).render(lang), file=sys.stderr)
            if args.real_photos is not None:
                return 2
        else:
            try:
                shot = photo_frames(folder, REAL_FRAME_SIDE)
            except CompanionError as error:
                print(error.text.render(lang), file=sys.stderr)
                return 2
    for game in args.game or [DEFAULT_GAME]:
        classifier = load_classifier(game, args.model, lang)
        find = finder(args.finder, lang, args.refiner, game)
        if classifier is None or find is None:
            return 2
        layout = find_spec(game).vision.bench_layout
        frames = [render_scene(game, 700_000 + k, layout=layout).image for k in range(10)]
        crops = np.random.default_rng(0).integers(0, 255, (36, 88, 64, 3), dtype=np.uint8)
        single: list[float] = []
        batch: list[float] = []
        deadline = time.perf_counter() + args.seconds
        while time.perf_counter() < deadline or not single:
            t = time.perf_counter()
            classifier.classify(crops[:1])
            single.append(time.perf_counter() - t)
            t = time.perf_counter()
            classifier.classify(crops)
            batch.append((time.perf_counter() - t) / len(crops))
        full = time_frames(frames, classifier, find, args.seconds)
        held = frames_holding(game, TARGET_CARDS, args.frames)
        target = time_frames(held, classifier, find, args.seconds, TARGET_MS) if held else None
        real = time_frames(shot, classifier, find, args.seconds, REAL_MS) if shot else None
        result = {"game": game, "cpu": cpu, "ms_per_crop_single": 1000 * float(np.median(single)),
                  "ms_per_crop_batch36": 1000 * float(np.median(batch)), "finder": args.finder,
                  "refiner": args.refiner,
                  **full,
                  f"ms_find_cards_{TARGET_CARDS}_cards": target and target["ms_find_cards"],
                  f"ms_per_frame_{TARGET_CARDS}_cards": target and target["ms_per_frame"],
                  f"ms_per_frame_{TARGET_CARDS}_cards_p90": target and target["ms_per_frame_p90"],
                  f"cards_read_{TARGET_CARDS}_cards": target and target["cards_per_frame"],
                  f"frames_{TARGET_CARDS}_cards": len(held),
                  f"share_{TARGET_CARDS}_cards_within_target": target and target["share_within_target"],
                  "real_photos": len(shot),
                  "ms_find_cards_real_photo": real and real["ms_find_cards"],
                  "ms_per_real_photo": real and real["ms_per_frame"],
                  "ms_per_real_photo_p90": real and real["ms_per_frame_p90"],
                  "share_real_photos_within_target": real and real["share_within_target"],
                  "model_bytes": classifier.path.stat().st_size, "int8_kernels": kernels(),
                  "targets": {"ms_per_crop": 2, f"ms_per_frame_{TARGET_CARDS}_cards": TARGET_MS,
                              "ms_per_real_photo": REAL_MS, "model_bytes": 5_000_000}}
        print(json.dumps(result) if args.json else "\n".join(f"{k:>24}: {v}" for k, v in result.items()))
    return 0
