"""The store's own commands: ``companion store check``, ``companion store recover`` and
``companion backup``."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from companion.app.repair import Report, backup, check, recover
from companion.app.store import default_store_path
from companion.cli.lang import lang_of
from companion.errors import CompanionError
from companion.text import Lang, Text, os_reason

T = TypeVar("T")


def _say(text: Text, lang: Lang, *, err: bool = False) -> None:
    print(text.render(lang), file=sys.stderr if err else sys.stdout, flush=True)


def _path(args: argparse.Namespace) -> Path:
    return Path(args.store) if args.store else default_store_path()


def _guarded(work: Callable[[], T], lang: Lang, unusable: Callable[[Text | str], Text]) -> T | None:
    """What ``work`` returns, or None once why it failed is said: the store's own complaint, or
    ``unusable`` given the system's reason when a file cannot be read or written."""
    try:
        return work()
    except CompanionError as error:
        _say(error.text, lang, err=True)
    except OSError as error:
        _say(unusable(os_reason(error)), lang, err=True)
    return None


def run_store_check(args: argparse.Namespace) -> int:
    """``companion store check``: 0 when the store is sound, 1 with what is wrong, 2 if it cannot be read."""
    lang, path = lang_of(args), _path(args)
    report = _guarded(lambda: check(path, full=args.full), lang,
                      lambda detail: Text("store_unusable", path=path, detail=detail))
    if report is None:
        return 2
    for problem in report.problems:
        _say(problem, lang)
    if report.problems:
        _say(Text("store_check_bad", path=path, count=len(report.problems)), lang, err=True)
        return 1
    _say(Text("store_check_ok", path=path, games=report.games, events=report.events), lang)
    return 0


def run_store_recover(args: argparse.Namespace) -> int:
    """``companion store recover``: what can be read into a sound file, the damaged one kept aside."""
    lang, path = lang_of(args), _path(args)

    def unusable(detail: Text | str) -> Text:
        return Text("store_unusable", path=path, detail=detail)

    sound = _guarded(lambda: not args.force and not check(path, full=True).problems, lang, unusable)
    if sound:
        _say(Text("store_recover_sound", path=path), lang)
        return 0
    report = None if sound is None else _guarded(lambda: recover(path), lang, unusable)
    if report is None:
        return 2
    _say(Text("store_recovered", path=path, games=report.games, events=report.events,
              lost_games=report.lost_games, lost_events=report.lost_events, aside=report.aside), lang)
    return 0


def run_backup(args: argparse.Namespace) -> int:
    """``companion backup OUT``: a consistent copy of the store, even while a companion writes to it."""
    lang, path = lang_of(args), _path(args)
    out = Path(args.out)

    def copy() -> Report | None:
        nonlocal out
        if out.is_dir():
            # A folder (a USB stick): a dated copy in it, so that backups never overwrite each other.
            out = out / f"{path.stem}-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix or '.db'}"
        if os.path.lexists(out):
            _say(Text("backup_exists", out=out), lang, err=True)
            return None
        return backup(path, out)

    report = _guarded(copy, lang, lambda detail: Text("cli_cannot_write", path=out, detail=detail))
    if report is None:
        return 2
    _say(Text("backup_done", path=path, out=out, games=report.games, events=report.events), lang)
    if report.problems:
        detail = "; ".join(problem.render(lang) for problem in report.problems[:3])
        _say(Text("backup_damaged", out=out, detail=detail, path=path), lang, err=True)
        return 1
    return 0
