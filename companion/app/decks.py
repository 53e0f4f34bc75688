"""Deck profiles in the data folder: where they are kept, a deck found by its name, the list of them.

A profile (:class:`vision.read.profile.DeckProfile`) is kept as ``<name>.deck`` in
``$COMPANION_DECKS``, else in ``$XDG_DATA_HOME/companion/decks/`` (``~/.local/share`` when unset),
beside the store (:func:`companion.app.store.default_store_path`). Where a deck is asked for (``--deck``,
the configuration's ``camera.deck``), it is a name in that folder or the path of a ``.deck`` file.

>>> deck_path("home", Path("/data/decks"))
PosixPath('/data/decks/home.deck')
>>> deck_path("~/cards/home.deck", Path("/data/decks")).name
'home.deck'
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import CompanionError, ProfileUnavailable
from companion.text import Text
from vision.read.catalogue import GAMES
from vision.read.classify import OnnxClassifier, default_model, fingerprint
from vision.read.profile import SUFFIX, DeckProfile, ProfiledClassifier

ENV_VAR = "COMPANION_DECKS"
#: What a deck's name may be: it names a file of the decks folder.
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.\-]{0,63}")


def decks_folder(env: Mapping[str, str] | None = None) -> Path:
    """``$COMPANION_DECKS``, else ``$XDG_DATA_HOME/companion/decks`` (``~/.local/share``)."""
    env = os.environ if env is None else env
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion" / "decks"


def deck_path(deck: str | Path, folder: Path | None = None) -> Path:
    """The file of the deck named ``deck``: itself when it is a path (it names a folder or ends in
    ``.deck``), else ``<deck>.deck`` in ``folder`` (default :func:`decks_folder`). Raises
    :class:`~companion.errors.ProfileUnavailable` for a name that cannot be a file's."""
    text = str(deck).strip()
    if isinstance(deck, Path) or os.sep in text or text.endswith(SUFFIX):
        return Path(text).expanduser()
    if not NAME.fullmatch(text):
        raise ProfileUnavailable(Text("profile_bad_name", name=text))
    return (folder or decks_folder()) / f"{text}{SUFFIX}"


def check_name(name: Any) -> str | None:
    """``name``, its ends stripped, when it can name a deck's file (:data:`NAME`), else None.

    >>> check_name(" home-2 "), check_name(".hidden"), check_name(7)
    ('home-2', None, None)
    """
    if not isinstance(name, str):
        return None
    name = name.strip()
    return name if NAME.fullmatch(name) else None


def load_deck(deck: str | Path, folder: Path | None = None) -> DeckProfile:
    """The profile of the deck named ``deck`` (:func:`deck_path`); raises
    :class:`~companion.errors.ProfileUnavailable` when it is missing or cannot be read."""
    return DeckProfile.load(deck_path(deck, folder))


def with_deck(classifier: OnnxClassifier, deck: str | Path, folder: Path | None = None) -> ProfiledClassifier:
    """``classifier`` reading with the deck named ``deck``; raises
    :class:`~companion.errors.ProfileUnavailable` when the deck cannot be read, is another game's or
    was enrolled with another model."""
    return ProfiledClassifier(classifier, load_deck(deck, folder))


def installed_models() -> dict[str, str]:
    """The games of the models installed, by their fingerprint (:func:`vision.read.classify.fingerprint`)."""
    out: dict[str, str] = {}
    for game in GAMES:
        path = default_model(game)
        try:
            out[fingerprint(path)] = game
        except OSError:
            continue  # a model missing: `companion doctor` says so
    return out


@dataclass(frozen=True)
class DeckEntry:
    """One ``.deck`` file of the decks folder: its profile, or why it cannot be read."""

    name: str
    path: Path
    bytes: int
    profile: DeckProfile | None
    error: Text | None = None

    def model(self, installed: Mapping[str, str]) -> str | None:
        """The game of the installed model that enrolled the deck, or None when none did."""
        return None if self.profile is None else installed.get(self.profile.model)

    def to_json(self, installed: Mapping[str, str]) -> dict[str, Any]:
        """The entry as ``companion decks --json`` prints it."""
        out: dict[str, Any] = {"name": self.name, "path": str(self.path), "bytes": self.bytes,
                               "readable": self.profile is not None}
        if self.profile is None:
            assert self.error is not None
            return {**out, "error_en": self.error.en, "error_fr": self.error.fr}
        profile = self.profile
        return {**out, "deck": profile.name, "game": profile.game, "cards": len(profile.cards),
                "shots": int((~profile.turned).sum()), "model": profile.model,
                "model_installed": self.model(installed), "accept": profile.accept,
                "margin": profile.margin}


def list_decks(folder: Path | None = None) -> list[DeckEntry]:
    """Every ``.deck`` file of ``folder`` (default :func:`decks_folder`), by name; one that cannot be
    read is listed with the reason, never raised. None when the folder does not exist."""
    where = folder or decks_folder()
    try:
        paths = sorted(where.glob(f"*{SUFFIX}"))
    except OSError:
        return []
    entries = []
    for path in paths:
        try:
            size = path.stat().st_size
        except OSError:
            size = 0
        try:
            entries.append(DeckEntry(path.name[:-len(SUFFIX)], path, size, DeckProfile.load(path)))
        except CompanionError as failure:
            entries.append(DeckEntry(path.name[:-len(SUFFIX)], path, size, None, failure.text))
    return entries
