"""The language the command line speaks: ``--lang``, else the environment's."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from companion.cli.words import _
from companion.text import Lang


def default_lang() -> Lang:
    """French when ``COMPANION_LANG`` or ``LANG`` says so, English otherwise."""
    value = os.environ.get("COMPANION_LANG") or os.environ.get("LANG") or ""
    return "fr" if value.lower().startswith("fr") else "en"


def asked_lang(argv: Sequence[str]) -> Lang | None:
    """The language ``--lang`` asks in ``argv`` (the last asked), read before the parser is built
    so that its help speaks it; None where none is asked, or none the companion speaks (the
    parser then says so).

    >>> asked_lang(["replay", "--lang", "fr", "-"]), asked_lang(["--help", "--lang=en"])
    ('fr', 'en')
    >>> asked_lang(["replay", "--", "--lang", "fr"]), asked_lang(["--lang", "de"])
    (None, None)
    """
    asked: Lang | None = None
    for at, arg in enumerate(argv):
        if arg == "--":  # what follows is arguments, never options
            break
        if arg == "--lang" and at + 1 < len(argv):
            value = argv[at + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        asked = "fr" if value == "fr" else "en" if value == "en" else asked
    return asked


def lang_of(args: argparse.Namespace) -> Lang:
    """The language a command speaks: its ``--lang``, else the environment's."""
    lang: Lang = getattr(args, "lang", None) or default_lang()
    return lang


def lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the command's messages."""
    parser.add_argument("--lang", choices=["fr", "en"], default=None,
                        help=_("the language of the messages (default: French if COMPANION_LANG or LANG "
                               "says so, else English)"))
