"""``companion doctor``: what this machine has for the companion, and how to fix what it lacks.

It checks the configuration, the Pi camera, webcams, the camera source that
would be used, the GPIO pins and the card models, one line each:

* ``ok`` — found and working;
* ``missing`` — hardware that is not there (no Pi camera, no GPIO): the
  companion still runs, on a webcam, a file or the synthetic table, with the
  signals on the console;
* ``problem`` — something the companion needs is broken: a model missing or
  corrupt, a camera source named but failing, pins taken, a device it may not open.

Exit status: 0 when nothing is a problem (missing hardware included, unless
``--require-hardware``), 1 when something is, 2 when the configuration
itself is bad. It never ends in a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from companion.app.decks import deck_path, load_deck, with_deck
from companion.cli.lang import lang_of
from companion.config import DEFAULT_GAME, Config, candidates, load_config
from companion.errors import CompanionError, ConfigError
from companion.text import Text
from hardware.buttons import Buttons
from hardware.gpio import default_pin_factory
from hardware.picamera import list_cameras
from hardware.signals import GpioSignals
from hardware.sources import choose_spec, open_spec, parse_spec
from vision.read.classify import OnnxClassifier

Status = Literal["ok", "missing", "problem"]
#: Where device files are looked for (tests point it elsewhere).
DEV = Path("/dev")


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the report: what was checked, how it stands, and what it says."""

    name: str
    status: Status
    text: Text

    def to_json(self) -> dict[str, str]:
        """The line as a JSON object."""
        return {"check": self.name, "status": self.status, "message_en": self.text.en,
                "message_fr": self.text.fr}


def run_doctor(args: argparse.Namespace) -> int:
    """Run every check, print the report, return the exit status."""
    lang = lang_of(args)
    checks: list[Check] = []
    config, config_bad = _check_config(args.config, checks)
    picamera = _check_picamera(checks)
    _check_webcams(checks)
    source, source_bad = _check_source(args.source, config, checks)
    gpio = _check_gpio(config, checks)
    for game in args.game or [DEFAULT_GAME]:
        _check_model(game, checks)
    if config.camera.deck is not None:
        _check_deck(config.camera.deck, checks)
    missing = {(False, False): Text("doctor_no_picamera_no_gpio"), (False, True): Text("doctor_no_picamera"),
               (True, False): Text("doctor_no_gpio")}.get((picamera, gpio))
    problems = sum(check.status == "problem" for check in checks)
    summary: Text
    if problems:
        summary, status = Text("doctor_problems", count=problems), 1
    elif missing and args.require_hardware:
        summary, status = Text("doctor_hardware_required", missing=missing), 1
    elif missing:
        summary, status = Text("doctor_no_hardware", missing=missing, source=source), 0
    else:
        summary, status = Text("doctor_ready"), 0
    if config_bad or source_bad:
        status = 2
    if args.json:
        print(json.dumps({"checks": [c.to_json() for c in checks], "summary_en": summary.en,
                          "summary_fr": summary.fr, "status": status}, ensure_ascii=False))
        return status
    width = max(len(Text(f"doctor_{s}").render(lang)) for s in ("ok", "missing", "problem"))
    for check in checks:
        print(f"  {Text(f'doctor_{check.status}').render(lang):<{width}}  {check.text.render(lang)}")
    print(summary.render(lang))
    return status


def _check_config(explicit: str | None, checks: list[Check]) -> tuple[Config, bool]:
    try:
        config = load_config(explicit)
    except ConfigError as error:
        checks.append(Check("configuration", "problem", Text("doctor_config_bad", error=error.text)))
        return Config(), True
    if config.path is None:
        looked = ", ".join(str(path) for path, _ in candidates(explicit))
        checks.append(Check("configuration", "ok", Text("doctor_config_defaults", looked=looked)))
    else:
        checks.append(Check("configuration", "ok", Text("doctor_config_file", path=config.path)))
    return config, False


def _check_picamera(checks: list[Check]) -> bool:
    try:
        cameras = list_cameras()
    except CompanionError as error:
        checks.append(Check("picamera", "missing", Text("doctor_picamera_missing", why=error.text)))
        return False
    if not cameras:
        checks.append(Check("picamera", "missing",
                            Text("doctor_picamera_missing", why=Text("camera_no_picamera_seen"))))
        return False
    models = ", ".join(str(camera.get("Model", "?")) for camera in cameras)
    checks.append(Check("picamera", "ok", Text("doctor_picamera_ok", count=len(cameras), models=models)))
    _check_access(sorted(DEV.glob("media*")), "video", checks)
    return True


def _check_webcams(checks: list[Check]) -> None:
    devices = sorted(DEV.glob("video*"))
    if not devices:
        checks.append(Check("webcams", "missing", Text("doctor_webcams_none")))
        return
    checks.append(Check("webcams", "ok", Text("doctor_webcams_ok", devices=", ".join(map(str, devices)))))
    _check_access(devices, "video", checks)


def _check_access(devices: list[Path], group: str, checks: list[Check]) -> None:
    """One problem line for the first device the user may not open (the fix is the same for all)."""
    for device in devices:
        if not os.access(device, os.R_OK | os.W_OK):
            checks.append(Check(f"access {device}", "problem",
                                Text("doctor_device_denied", device=device, group=group)))
            return


def _check_source(given: str | None, config: Config, checks: list[Check]) -> tuple[str, bool]:
    """Open the camera source the companion would use and read a frame.

    Returns its name and whether the name itself was bad (bad input: status 2).
    """
    name, why = choose_spec(given, configured=config.camera.source)
    try:
        spec = parse_spec(name)
    except CompanionError as error:
        checks.append(Check("source", "problem", Text("doctor_source_failed", source=name, error=error.text)))
        return name, True
    try:
        with open_spec(spec, size=config.camera.size, lores=None, fps=config.camera.fps) as source:
            frame = source.read()
    except CompanionError as error:
        checks.append(Check("source", "problem", Text("doctor_source_failed", source=name, error=error.text)))
        return name, False
    if frame is None:
        checks.append(Check("source", "problem", Text("doctor_source_no_frame", source=name)))
        return name, False
    width, height = frame.size
    key = "doctor_source_ok" if why is None else "doctor_source_found"
    checks.append(Check("source", "ok", Text(key, source=name, width=width, height=height)))
    return name, False


def _check_gpio(config: Config, checks: list[Check]) -> bool:
    try:
        factory = default_pin_factory()
    except CompanionError as error:
        checks.append(Check("gpio", "missing", Text("doctor_gpio_missing", why=error.text)))
        return False
    try:
        # Opening the devices is the test that the pins exist and nobody else holds them.
        GpioSignals(config.pins, pin_factory=factory, scale=0).close()
        Buttons(lambda event: None, config.pins, config.buttons, pin_factory=factory).close()
    except CompanionError as error:
        checks.append(Check("gpio", "problem", Text("doctor_gpio_missing", why=error.text)))
        return True
    pins = ", ".join(f"{key}={pin}" for key, pin in config.pins.used().items()) or "-"
    checks.append(Check("gpio", "ok", Text("doctor_gpio_ok", factory=type(factory).__name__, pins=pins)))
    gpiochips = sorted(DEV.glob("gpiochip*"))
    _check_access(gpiochips, "gpio", checks)
    return True


def _check_model(game: str, checks: list[Check]) -> None:
    try:
        classifier = OnnxClassifier(game)
    except CompanionError as error:
        bad = Text("doctor_model_bad", game=game, error=error.text)
        checks.append(Check(f"model {game}", "problem", bad))
        return
    checks.append(Check(f"model {game}", "ok", Text("doctor_model_ok", game=game, path=classifier.path,
                                                    classes=len(classifier.classes),
                                                    threshold=f"{classifier.threshold:.3f}")))


def _check_deck(deck: str, checks: list[Check]) -> None:
    """The configuration's deck profile: readable, and enrolled with the installed model of its game."""
    try:
        profile = load_deck(deck)
        game = profile.game or str(profile.about.get("model_game", DEFAULT_GAME))
        with_deck(OnnxClassifier(game), deck)
    except CompanionError as error:
        checks.append(Check("deck", "problem", Text("doctor_deck_bad", error=error.text)))
        return
    checks.append(Check("deck", "ok", Text("doctor_deck_ok", path=deck_path(deck), cards=len(profile.cards),
                                           game=game, shots=int((~profile.turned).sum()))))
