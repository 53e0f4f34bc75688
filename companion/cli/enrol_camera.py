"""``companion enrol`` from the camera: its options, and the command.

Light on purpose, as the parser is: :func:`add_arguments` adds the camera's options to the
``enrol`` command's parser without loading the camera side, the page or the networks; :func:`run`
loads them (:mod:`companion.cli.enrol_live`) only when an enrolment starts.
"""

from __future__ import annotations

import argparse
import importlib
import re

from companion.app.enrol_params import GRID, SHOTS
from companion.cli.words import _

#: The most rows or columns of a batch's grid.
MOST_SIDE = 8


def add_arguments(parser: argparse.ArgumentParser, *, shots: bool = True) -> None:
    """The options of enrolling from the camera (``--source``, ``--grid``, ``--shots`` unless
    ``shots`` is False: the command that also enrols from photos has its own, ``--cards``,
    ``--frames``, ``--host``, ``--port``, ``--no-page``, ``--linger``)."""
    parser.add_argument("--source", default=None,
                        help=_("the camera, as for `companion run` (a video file, a folder of images, "
                               "webcam:N, picamera), or simulated[:SEED]: simulated players enrolling a "
                               "deck in front of the demo's camera (default: from the configuration)"))
    parser.add_argument("--grid", default=f"{GRID[0]}x{GRID[1]}", metavar="ROWSxCOLUMNS",
                        help=_("the grid a batch of cards is laid in"))
    if shots:
        parser.add_argument("--shots", type=int, default=SHOTS, help=_("the shots kept of each card"))
    parser.add_argument("--cards", default=None, metavar="NAMES",
                        help=_("enrol only these cards, separated by commas (default: the whole deck, its "
                               "back included)"))
    parser.add_argument("--frames", type=int, default=None,
                        help=_("stop after this many frames (the profile of what was kept is saved)"))
    parser.add_argument("--host", default=None,
                        help=_("the address the page listens on (default: the configuration's)"))
    parser.add_argument("--port", type=int, default=None,
                        help=_("the page's port, 0 for any free one (default: the configuration's)"))
    parser.add_argument("--no-page", action="store_true", help=_("serve no page"))
    parser.add_argument("--linger", type=float, default=5.0,
                        help=_("seconds the page stays up once the profile is saved"))


def parse_grid(text: str) -> tuple[int, int] | None:
    """``ROWSxCOLUMNS`` as two numbers from 1 to :data:`MOST_SIDE`, or None.

    >>> parse_grid("3x4"), parse_grid("2X6"), parse_grid("0x4"), parse_grid("three")
    ((3, 4), (2, 6), None, None)
    """
    found = re.fullmatch(r"\s*(\d)\s*[xX×]\s*(\d)\s*", text or "")
    if found is None:
        return None
    rows, cols = int(found.group(1)), int(found.group(2))
    return (rows, cols) if 1 <= rows <= MOST_SIDE and 1 <= cols <= MOST_SIDE else None


def run(args: argparse.Namespace) -> int:
    """``companion enrol`` without ``--photos``: enrol the deck of ``args.game`` from the camera,
    guided by the page, and save its profile in the decks folder as ``args.deck``."""
    # By name, as the command line loads every command's handler (companion.cli.main): the
    # parser that imports this module must load nothing of the camera side.
    enrol = importlib.import_module("companion.cli.enrol_live").enrol
    if getattr(args, "shots", None) is None:  # not given: the camera's own count
        args = argparse.Namespace(**{**vars(args), "shots": SHOTS})
    status: int = enrol(args)
    return status
