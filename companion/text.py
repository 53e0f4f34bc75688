"""Bilingual texts: every message a player sees exists in French and English.

A :class:`Text` is a message key from :mod:`companion.messages` (or a game's own
messages, registered there) with its arguments; it renders lazily, so the rules engine can build
rulings in a hot loop without formatting strings nobody reads. The English is the code's; the
French comes from the key's gettext catalogue (:mod:`companion.catalogues`).

>>> Text("seat_discards", seat=2, count=2).en
'Seat 2 discards 2 cards'
>>> Text("seat_discards", seat=2, count=2).fr
'Le joueur 2 défausse 2 cartes'

A message counting one thing has its singular under the key ``<key>_one`` and is a plural entry
of the catalogue, so ``count`` takes the language's form (1 is singular in English, 0 and 1 in
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

from companion.catalogues import translations
from companion.messages import DOMAINS, MESSAGES

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
        values = {name: _render(value, lang) for name, value in self.args.items()}
        return template(self.key, lang, self.args.get("count")).format(**values)

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


#: Words said in both languages: a catalogue's message, or a phrase built from others.
Words = Text | Both


def cards(count: int) -> Text:
    """``count`` cards in words ("1 card", "3 cartes"): a count said inside another message."""
    return Text("count_cards", count=count)


def template(key: str, lang: Lang, count: object = None) -> str:
    """The template of message ``key`` in ``lang``: the code's English, or its French from the
    key's catalogue (the entry of context ``key``). A counted message (one with a ``<key>_one``)
    takes the form its catalogue's plural rule gives ``count``: 1 is singular in English, 0 and 1
    in French; anything but a whole number counts as many."""
    english = MESSAGES[key]
    words = translations(DOMAINS[key], lang)
    singular = MESSAGES.get(f"{key}_one")
    if singular is None:
        return words.pgettext(key, english)
    many = 2 if isinstance(count, bool) or not isinstance(count, int) else count
    return words.npgettext(key, singular, english, many)


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
