"""Bilingual texts: every message a player sees exists in French and English.

A :class:`Text` is a message key from :mod:`companion.messages` (or a game's own
messages, registered there) with its
arguments; it renders lazily, so the rules engine can build rulings in a hot
loop without formatting strings nobody reads.

>>> Text("seat_discards", seat=2, count=2).en
'Seat 2 discards 2 cards'
>>> Text("seat_discards", seat=2, count=2).fr
'Le joueur 2 défausse 2 cartes'

A message counting one thing has its singular under the key ``<key>_one``, used where the
argument ``count`` takes the singular in the language (CLDR's rules: 1 in English, 0 and 1 in
French); a message counting two things names each count as its own counted message:

>>> Text("signal_discard", count=1).en, Text("signal_discard", count=1).fr
('legal, discard 1 card', 'pose légale, défaussez 1 carte')
>>> Text("count_cells", count=0).en, Text("count_cells", count=0).fr
('0 cells', '0 case')
"""

from __future__ import annotations

import errno
import importlib
from dataclasses import dataclass
from typing import Literal

from companion.messages import MESSAGES

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")


@dataclass(frozen=True, slots=True)
class Both:
    """A word or phrase given in both languages, to be used as a message argument."""

    en: str
    fr: str

    def render(self, lang: Lang) -> str:
        """Return the phrase in ``lang``."""
        return self.en if lang == "en" else self.fr


class Text:
    """A message key with its arguments, rendered in either language on demand."""

    __slots__ = ("args", "key")

    def __init__(self, key: str, /, **args: object) -> None:
        if key not in MESSAGES and not _discovered(key):
            raise KeyError(f"no message {key!r} in companion.messages nor in a game's messages")
        self.key = key
        self.args = args

    def render(self, lang: Lang) -> str:
        """Return the message in ``lang`` ("en" or "fr")."""
        key = self.key
        if _singular(self.args.get("count"), lang) and f"{key}_one" in MESSAGES:
            key = f"{key}_one"
        template = MESSAGES[key][0 if lang == "en" else 1]
        values = {name: _render(value, lang) for name, value in self.args.items()}
        return template.format(**values)

    @property
    def en(self) -> str:
        """The message in English."""
        return self.render("en")

    @property
    def fr(self) -> str:
        """The message in French."""
        return self.render("fr")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.key, self.args) == (other.key, other.args)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.args))))

    def __repr__(self) -> str:
        return f"Text({self.key!r}, {self.en!r})"


def cards(count: int) -> Text:
    """``count`` cards in words ("1 card", "3 cartes"): a count said inside another message."""
    return Text("count_cards", count=count)


def _singular(count: object, lang: Lang) -> bool:
    """Whether ``count`` takes the singular in ``lang`` (CLDR's plural rule "one" for a whole
    number: 1 in English; 0 and 1 in French)."""
    if isinstance(count, bool) or not isinstance(count, int):
        return False
    return count == 1 if lang == "en" else count in (0, 1)


def _discovered(key: str) -> bool:
    """Whether ``key`` is a game's message once every game package is loaded.

    Imported by name: the spec registry itself says things with :class:`Text`.
    """
    importlib.import_module("companion.engine.spec").specs()
    return key in MESSAGES


def _render(value: object, lang: Lang) -> str:
    """An argument in ``lang``: a text rendered, a decimal number with the language's decimal mark
    (``1.26`` in English, ``1,26`` in French)."""
    if isinstance(value, Text | Both):
        return value.render(lang)
    if isinstance(value, float):
        return str(value) if lang == "en" else str(value).replace(".", ",")
    return str(value)


#: The operating system's reasons a player meets most, each a message in both languages.
OS_REASONS = {
    errno.ENOENT: "os_missing",
    errno.EACCES: "os_denied",
    errno.EPERM: "os_denied",
    errno.EISDIR: "os_is_folder",
    errno.ENOTDIR: "os_not_folder",
    errno.ENOSPC: "os_full",
    errno.EROFS: "os_read_only",
    errno.EADDRINUSE: "os_address_in_use",
    errno.EADDRNOTAVAIL: "os_address_unknown",
}


def os_reason(error: OSError) -> Text | str:
    """Why the operating system refused, in both languages where it is a reason players meet
    (a file missing, a folder, no permission...); else the system's own words.

    >>> os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory")).fr
    'fichier ou dossier introuvable'
    """
    key = OS_REASONS.get(error.errno or 0)
    return Text(key) if key else str(error.strerror or error)
