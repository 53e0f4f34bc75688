"""Held-out scenes read on one machine, compared with another's reading (``tests/arm64``'s vision step).

    python tests/arm64_vision.py read --game crew --scenes 12 x86.json
    python tests/arm64_vision.py compare x86.json arm64.json

``read`` renders the first held-out scenes of a game (``eval-vision``'s, seed 0) and writes what the
companion reads on each, as ``detect --json`` writes it. ``compare`` pairs the cards of two such
files scene by scene (:func:`vision.evaluation.agreement.agreement`) and exits 1 unless both found
the same cards with the same names, each corner within :data:`CORNER_PX` pixels and each
confidence within :data:`CONFIDENCE` of the other's.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from models.render import render_scene
from vision.detections import Detections
from vision.evaluation.agreement import Agreement, agreement
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.finders import make_finder
from vision.read.classify import OnnxClassifier
from vision.read.recognise import recognise

#: How far a corner may move between two CPUs: a pixel and a half (one grey level more or less
#: in a resized image moves an outline by a fraction of a pixel; 1.14 px was seen before the
#: readings were made stable).
CORNER_PX = 1.5
#: How much a card's confidence may move between two CPUs.
CONFIDENCE = 0.02


def read(game: str, scenes: int, out: Path) -> None:
    """Write the readings of the first ``scenes`` held-out scenes of ``game`` to ``out``."""
    classifier = OnnxClassifier(game)
    find = make_finder("auto", "shipped", game)
    readings = []
    for k in range(scenes):
        scene = render_scene(game, EVAL_SEED_BASE + k, held_out=True)
        readings.append(recognise(scene.image, classifier, find).to_json())
    out.write_text(json.dumps({"game": game, "scenes": readings}), encoding="utf-8")


def detections(cards: list[dict[str, object]]) -> Detections:
    """A :class:`Detections` from :meth:`Detections.to_json`'s list."""
    if not cards:
        return Detections.empty()
    return Detections(np.asarray([card["corners"] for card in cards], np.float32),
                      tuple(card["name"] for card in cards),  # type: ignore[misc]
                      np.asarray([card["confidence"] for card in cards], np.float32),
                      np.asarray([card["upside_down"] for card in cards], np.bool_))


def compare(first: Path, second: Path) -> tuple[Agreement, bool]:
    """How the readings of ``second`` differ from ``first``'s, and whether they agree within the
    tolerances (:data:`CORNER_PX`, :data:`CONFIDENCE`)."""
    one = json.loads(first.read_text(encoding="utf-8"))["scenes"]
    two = json.loads(second.read_text(encoding="utf-8"))["scenes"]
    if len(one) != len(two):
        raise SystemExit(f"{first} holds {len(one)} scenes, {second} {len(two)}")
    total = Agreement()
    for a, b in zip(one, two, strict=True):
        total += agreement(detections(a), detections(b))
    same = (total.changed == 0 and total.renamed == 0 and total.turned == 0
            and total.corner_px <= CORNER_PX and total.confidence <= CONFIDENCE)
    return total, same


def main(argv: list[str] | None = None) -> int:
    """``read`` or ``compare``; the exit status says whether the readings agree."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    reading = commands.add_parser("read")
    reading.add_argument("--game", default="crew")
    reading.add_argument("--scenes", type=int, default=12)
    reading.add_argument("out", type=Path)
    comparing = commands.add_parser("compare")
    comparing.add_argument("first", type=Path)
    comparing.add_argument("second", type=Path)
    args = parser.parse_args(argv)
    if args.command == "read":
        read(args.game, args.scenes, args.out)
        return 0
    total, same = compare(args.first, args.second)
    print(json.dumps(total.summary()))
    print(f"{'same' if same else 'DIFFERENT'}: {total.cards} cards in {total.frames} scenes, "
          f"{total.changed} found by one only, {total.renamed} named otherwise, corners within "
          f"{total.corner_px:.3f} px (tolerance {CORNER_PX}), confidences within {total.confidence:.4f} "
          f"({CONFIDENCE})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
