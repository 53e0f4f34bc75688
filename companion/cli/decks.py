"""The deck commands: ``companion enrol``, ``decks``, ``eval-enrol``, ``eval-reprint`` and ``bench
profile``.

``enrol --photos DIR`` makes a deck profile from labelled photos (:mod:`vision.read.enrol`);
without ``--photos`` it enrols from the camera (:mod:`companion.cli.enrol_camera`). A deck of a
game is read with that game's model; a deck of no game (ordinary playing cards, for measuring)
names the game whose model reads it with ``--model``: no game is chosen for it behind the user's
back.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import numpy as np

from companion.app.bench import pin_one_core
from companion.app.decks import deck_path, decks_folder, installed_models, list_decks
from companion.cli import enrol_camera
from companion.cli.lang import lang_of
from companion.cli.progress import Progress
from companion.errors import CompanionError
from companion.text import Lang, Text, os_reason
from vision.evaluation.enrolment import CropCache, evaluate_enrolment
from vision.evaluation.reprint import REPRINT_HUE, reprint_profile
from vision.evaluation.scenes import evaluate_scenes
from vision.find.finders import make_finder
from vision.read.catalogue import class_names
from vision.read.classify import OnnxClassifier, Readings
from vision.read.enrol import draw, enrol
from vision.read.profile import SUFFIX, DeckProfile, ProfiledClassifier
from vision.voc import photos


def _say(text: Text, lang: Lang, *, error: bool = False) -> None:
    print(text.render(lang), file=sys.stderr if error else sys.stdout)


def _models(args: argparse.Namespace, lang: Lang) -> str | None:
    """The game whose model reads the deck: ``--model``, else ``--game``; None after saying why not."""
    if args.game is not None and args.model not in (None, args.game):
        _say(Text("enrol_model_not_game", game=args.game, model=args.model), lang, error=True)
        return None
    model = args.model or args.game
    if model is None:
        _say(Text("enrol_needs_model"), lang, error=True)
    return cast(str | None, model)


def _labelled(folder: Path, lang: Lang) -> bool:
    """Whether ``folder`` holds labelled photos; else it is said."""
    if photos(folder):
        return True
    _say(Text("enrol_no_photos", path=folder), lang, error=True)
    return False


def _crops(model: str, game: str | None) -> CropCache:
    """The labelled crops of folders, found by the finder of ``model``'s game, their names checked
    against ``game``'s cards when there is one."""
    return CropCache(make_finder("auto", "shipped", model), None if game is None else class_names(game))


def run_enrol(args: argparse.Namespace) -> int:
    """``companion enrol``: a deck profile from labelled photos, or from the camera without ``--photos``."""
    if args.photos is None:
        return _from_camera(args)
    lang = lang_of(args)
    model = _models(args, lang)
    if model is None or not _labelled(args.photos, lang):
        return 2
    try:
        out = args.out if args.out is not None else deck_path(args.deck) if args.deck else None
        if out is None:
            _say(Text("enrol_needs_out"), lang, error=True)
            return 2
        classifier = OnnxClassifier(model)
        with Progress("enrol", len(photos(args.photos))) as bar:
            found = _crops(model, args.game)(args.photos, bar.step)
        chosen = found.take(draw(found.names, args.shots or 0, args.seed))
        name = Path(args.deck).name.removesuffix(SUFFIX) if args.deck else Path(out).stem
        about = {"from": "photos", "folder": str(args.photos), "shots": args.shots or "all",
                 "seed": args.seed, "enrolled": time.strftime("%Y-%m-%d %H:%M")}
        profile = enrol(chosen, classifier, name, args.game, about=about)
        profile.save(Path(out))
    except CompanionError as error:
        _say(error.text, lang, error=True)
        return 2
    except OSError as error:
        _say(Text("cli_cannot_write", path=out, detail=os_reason(error)), lang, error=True)
        return 2
    _say(Text("enrol_photos_saved", deck=profile.name, cards=len(profile.cards), shots=len(chosen),
              photos=len(set(chosen.photos)), found=len(found), boxes=found.boxes,
              accept=f"{profile.accept:.2f}", margin=f"{profile.margin:.3f}", path=out), lang)
    return 0


def _from_camera(args: argparse.Namespace) -> int:
    """Enrolment from the camera, guided by the page: :func:`companion.cli.enrol_camera.run`."""
    return enrol_camera.run(args)


def run_decks(args: argparse.Namespace) -> int:
    """``companion decks``: each profile of the decks folder, one that cannot be read with why."""
    lang = lang_of(args)
    folder = args.folder or decks_folder()
    entries = list_decks(folder)
    installed = installed_models()
    if args.json:
        for entry in entries:
            print(json.dumps(entry.to_json(installed), ensure_ascii=False))
        return 0
    if not entries:
        _say(Text("decks_none", path=folder), lang)
        return 0
    name, game, cards, shots, model, size = Text("decks_columns").render(lang).split("|")
    print(f"{name:<20} {game:<12} {cards:>6} {shots:>6}  {model:<28} {size:>9}")
    for entry in entries:
        profile = entry.profile
        if profile is None:
            assert entry.error is not None
            print(f"{entry.name:<20} {entry.error.render(lang)}")
            continue
        made_by = entry.model(installed) or Text("decks_other_model").render(lang)
        shown = profile.game or Text("decks_no_game").render(lang)
        enrolled = int((~profile.turned).sum())
        print(f"{entry.name:<20} {shown:<12} {len(profile.cards):>6} {enrolled:>6}  {made_by:<28} "
              f"{entry.bytes:>9,}")
    return 0


def run_eval_enrol(args: argparse.Namespace) -> int:
    """``companion eval-enrol``: enrol from one folder of labelled photos, read the other's cards."""
    lang = lang_of(args)
    model = _models(args, lang)
    if model is None or not (_labelled(args.enrol, lang) and _labelled(args.test, lang)):
        return 2
    try:
        classifier = OnnxClassifier(model)
        cache = _crops(model, args.game)
        figures = evaluate_enrolment(cache(args.enrol), cache(args.test), classifier, shots=args.shots,
                                     seed=args.seed, game=args.game)
    except CompanionError as error:
        _say(error.text, lang, error=True)
        return 2
    _print_figures(figures, args.json, 16)
    return 0


def run_eval_reprint(args: argparse.Namespace) -> int:
    """``companion eval-reprint``: enrol a game's deck in a print nobody rendered from a few shots
    of each card (:mod:`vision.evaluation.reprint`), and read held-out scenes in that print with
    the shipped model alone and with the profile."""
    lang = lang_of(args)
    if args.shots < 1 or args.scenes < 1:
        _say(Text("bad_field", field="shots" if args.shots < 1 else "scenes",
                  value=min(args.shots, args.scenes)), lang, error=True)
        return 2
    try:
        classifier = OnnxClassifier(args.game)
        find = make_finder("auto", "shipped", args.game)
        started = time.perf_counter()
        profile, rendered = reprint_profile(args.game, classifier, find, args.shots, args.seed)
        enrolled = time.perf_counter() - started
        readers = (classifier, ProfiledClassifier(classifier, profile))
        plain, read = (evaluate_scenes(args.game, reader, args.scenes, args.seed, find,
                                       hue=REPRINT_HUE).summary() for reader in readers)
    except CompanionError as error:
        _say(error.text, lang, error=True)
        return 2
    keys = ("identity_accuracy", "unsure_rate", "wrong_confident_rate")
    figures: dict[str, Any] = {
        "game": args.game, "shots": args.shots, "seed": args.seed, "scenes": args.scenes, "hue": REPRINT_HUE,
        "enrolled_cards": len(profile.cards), "enrol_scenes": rendered, "enrol_seconds": enrolled,
        "accept": profile.accept, "margin": profile.margin, "cards": read["cards"],
        "detection_recall": read["detection_recall"],
        **{key: read[key] for key in keys}, **{f"shipped_{key}": plain[key] for key in keys}}
    _print_figures(figures, args.json, 30)
    return 0


def _print_figures(figures: dict[str, Any], as_json: bool, width: int) -> None:
    """An evaluation's figures: one JSON object, or a line a figure, names right-aligned to ``width``."""
    if as_json:
        print(json.dumps(figures))
        return
    for key, value in figures.items():
        shown = f"{value:.4f}" if isinstance(value, float) else value
        print(f"{key:>{width}}: {shown}")


#: What ``bench profile`` enrols: 80 cards, 2 shots each (each also turned: 320 stored), of the
#: shipped models' embedding size; read in batches of 36 crops, a full table.
BENCH_CARDS, BENCH_SHOTS, BENCH_SIZE, BENCH_BATCH = 80, 2, 192, 36
#: The target: what reading with a profile may add a crop (ms).
TARGET_MS_PER_CROP = 0.1


class _Embedded:
    """A classifier whose readings and embeddings are given: what a profile adds to the reading is
    then all the time :meth:`ProfiledClassifier.classify` takes."""

    def __init__(self, embeddings: np.ndarray) -> None:
        self.game, self.path, self.embeds, self.fingerprint = "bench", Path("-"), True, "bench"
        self.threshold, self.embeddings = 0.9, embeddings

    def read(self, crops: np.ndarray) -> tuple[Readings, np.ndarray]:
        n = len(crops)
        return (Readings((None,) * n, np.full(n, 0.5, np.float32), np.zeros(n, np.bool_), ("x",) * n),
                self.embeddings[:n])


def bench_profile(seconds: float, seed: int) -> dict[str, Any]:
    """Time :meth:`DeckProfile.match` and the whole of :meth:`ProfiledClassifier.classify` but the
    network, for a profile of :data:`BENCH_CARDS` cards, on batches of :data:`BENCH_BATCH` crops."""
    rng = np.random.default_rng(seed)

    def unit(vectors: np.ndarray) -> np.ndarray:
        return np.asarray(vectors / np.linalg.norm(vectors, axis=1, keepdims=True), np.float32)

    looks = unit(rng.normal(size=(BENCH_CARDS, BENCH_SIZE)))
    names = [f"card-{k}" for k in range(BENCH_CARDS)] * BENCH_SHOTS
    shots = np.tile(looks, (BENCH_SHOTS, 1))
    start = time.perf_counter()
    laid, turned = (unit(shots + 0.05 * rng.normal(size=shots.shape)) for _ in range(2))
    profile = DeckProfile.enrol("bench", None, "bench", names, laid, turned)
    enrol_ms = 1000 * (time.perf_counter() - start)
    drawn = looks[rng.integers(BENCH_CARDS, size=BENCH_BATCH)]
    crops = unit(drawn + 0.05 * rng.normal(size=drawn.shape))
    reader = ProfiledClassifier(cast(OnnxClassifier, _Embedded(crops)), profile)
    pixels = np.zeros((BENCH_BATCH, 1, 1, 3), np.uint8)
    timed: dict[str, list[float]] = {"match": [], "classify": [], "single": []}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline or not timed["match"]:
        calls: dict[str, Callable[[], object]] = {
            "match": lambda: profile.match(crops), "classify": lambda: reader.classify(pixels),
            "single": lambda: profile.match(crops[:1])}
        for key, call in calls.items():
            start = time.perf_counter()
            call()
            timed[key].append(time.perf_counter() - start)
    median = {key: 1000 * float(np.median(values)) for key, values in timed.items()}
    return {"cards": BENCH_CARDS, "stored_shots": len(profile.names), "batch": BENCH_BATCH,
            "ms_per_crop_match": median["match"] / BENCH_BATCH,
            "ms_per_crop_added": median["classify"] / BENCH_BATCH,
            "ms_match_single_crop": median["single"], "ms_enrol": enrol_ms,
            "profile_bytes": len(profile.to_bytes()),
            "targets": {"ms_per_crop_added": TARGET_MS_PER_CROP, "profile_bytes": 1_000_000}}


def run_bench_profile(args: argparse.Namespace) -> int:
    """``companion bench profile``: what reading with an 80-card profile adds a crop, on one core."""
    cpu = pin_one_core()
    result = {"cpu": cpu, **bench_profile(args.seconds, args.seed)}
    print(json.dumps(result) if args.json else "\n".join(f"{k:>22}: {v}" for k, v in result.items()))
    return 0
