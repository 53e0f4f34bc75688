"""The language the command line speaks: ``--lang``, else the environment's."""

from __future__ import annotations

import argparse
import os

from companion.text import Lang


def default_lang() -> Lang:
    """French when ``COMPANION_LANG`` or ``LANG`` says so, English otherwise."""
    value = os.environ.get("COMPANION_LANG") or os.environ.get("LANG") or ""
    return "fr" if value.lower().startswith("fr") else "en"


def lang_of(args: argparse.Namespace) -> Lang:
    """The language a command speaks: its ``--lang``, else the environment's."""
    lang: Lang = getattr(args, "lang", None) or default_lang()
    return lang


def lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of the command's messages."""
    parser.add_argument("--lang", choices=["fr", "en"], default=None,
                        help="the language of the messages (default: French if COMPANION_LANG or LANG "
                        "says so, else English)")
