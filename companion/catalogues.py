"""The French of every message: gettext catalogues, one per package that speaks to players.

The English of a message lives in the code (the key's template in a ``messages`` module, a help
string of the command line); its French lives in the package's catalogue,
``<package>/locale/fr/LC_MESSAGES/<domain>.po``, compiled beside it into the ``.mo`` the standard
library's :mod:`gettext` reads at run time. Babel (a test dependency) extracts, updates, compiles
and checks them: ``python -m companion.catalogues`` (see :mod:`companion.catalogues_tool`).

A catalogue missing or unreadable never stops the companion: it speaks English, and says once
in the log which catalogue it could not read.
"""

from __future__ import annotations

import gettext
import logging
import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

#: The languages a catalogue translates into (English is the code's own).
TRANSLATED = ("fr",)


@dataclass(frozen=True, slots=True)
class Domain:
    """A catalogue: its gettext domain and the package folder holding its ``locale`` folder."""

    name: str
    folder: Path

    @property
    def locale(self) -> Path:
        """The folder gettext looks for ``<lang>/LC_MESSAGES/<name>.mo`` in."""
        return self.folder / "locale"

    def po(self, lang: str) -> Path:
        """The translators' file of ``lang``."""
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        """The compiled file of ``lang`` that the companion reads."""
        return self.po(lang).with_suffix(".mo")


@cache
def translations(domain: Domain, lang: str) -> gettext.NullTranslations:
    """The translations of ``domain`` into ``lang``: English (the code's own) for "en", for a
    language no catalogue holds, or when the catalogue cannot be read."""
    if lang not in TRANSLATED:
        return gettext.NullTranslations()
    try:
        with domain.mo(lang).open("rb") as file:
            return gettext.GNUTranslations(file)
    except (OSError, struct.error, UnicodeDecodeError, ValueError) as error:
        # A missing or corrupt catalogue costs the players their language, never the game.
        log.warning("cannot read the %s catalogue %s (%s): speaking English", lang, domain.mo(lang), error)
        return gettext.NullTranslations()
