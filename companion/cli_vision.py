"""The camera-side commands: ``companion detect`` and ``companion train``.

Kept apart from the rules commands so that ``replay`` and ``demo`` never load
OpenCV, onnxruntime or PyTorch.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.errors import CompanionError, ImageUnreadable
from companion.text import Lang, Text

VISION_GAMES = ("tranquility", "ascension", "crew", "rixes")


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``detect`` and ``train``."""
    detect = sub.add_parser("detect", help="find and read the cards in images")
    detect.add_argument("images", nargs="+", metavar="IMAGE")
    detect.add_argument("--game", choices=VISION_GAMES, default="tranquility")
    detect.add_argument("--model", type=Path, help="an ONNX model (default: the shipped one)")
    detect.add_argument("--json", action="store_true", help="one JSON object a line per image")
    detect.add_argument("--annotate", type=Path, metavar="OUT",
                        help="draw the cards on a copy: a file for one image, a folder for several")
    detect.add_argument("--lang", choices=["fr", "en"], default=None)
    detect.set_defaults(run=run_detect)

    train = sub.add_parser("train", help="train a game's card classifier on synthetic scenes")
    train.add_argument("--game", choices=VISION_GAMES, required=True)
    train.add_argument("--seed", type=int, default=0)
    train.add_argument("--out", type=Path, help="where to write the model (default: models/<game>.onnx)")
    train.add_argument("--scenes", type=int, default=None, help="training scenes (default: the recipe's)")
    train.add_argument("--epochs", type=int, default=None)
    train.add_argument("--lang", choices=["fr", "en"], default=None)
    train.set_defaults(run=run_train)


def _lang(args: argparse.Namespace) -> Lang:
    from companion.cli import default_lang

    lang: Lang = args.lang or default_lang()
    return lang


def run_detect(args: argparse.Namespace) -> int:
    """Find and read the cards of each image; exit 2 if any image or the model failed."""
    import cv2

    from vision.classify import OnnxClassifier
    from vision.recognise import annotate, recognise

    lang = _lang(args)
    try:
        classifier = OnnxClassifier(args.game, args.model)
    except CompanionError as error:
        print(error.text.render(lang), file=sys.stderr)
        return 2
    status = 0
    for path in args.images:
        try:
            frame = cv2.imread(path, cv2.IMREAD_COLOR)
            if frame is None:
                raise ImageUnreadable(Text("image_unreadable", path=path))
        except (CompanionError, cv2.error) as error:
            text = error.text if isinstance(error, CompanionError) else Text("image_unreadable", path=path)
            print(text.render(lang), file=sys.stderr)
            status = 2
            continue
        detections = recognise(frame, classifier)
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
            out.parent.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(out), annotate(frame, detections))
    return status


def run_train(args: argparse.Namespace) -> int:
    """Train the classifier of a game from its recipe and seed, with a progress bar."""
    lang = _lang(args)
    try:
        from models.train import Recipe, train
    except ImportError:
        print(Text("train_needs_torch").render(lang), file=sys.stderr)
        return 2
    from vision.classify import default_model

    recipe = Recipe(args.game, seed=args.seed)
    changes = {k: v for k, v in (("train_scenes", args.scenes), ("epochs", args.epochs)) if v is not None}
    if changes:
        recipe = Recipe(**{**recipe.__dict__, **changes})
    out = args.out or default_model(args.game)
    report = train(recipe, out)
    print(json.dumps({"model": str(out), "val_accuracy": report.val_accuracy,
                      "val_flip_accuracy": report.val_flip_accuracy, "temperature": report.temperature,
                      "threshold": report.threshold, "train_crops": report.train_crops,
                      "seconds": round(report.seconds, 1)}))
    return 0
