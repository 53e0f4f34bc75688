"""What the referee says: a :class:`Ruling` per event and the :class:`Outcome` of a game."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.text import Text


@dataclass(frozen=True, slots=True)
class Ruling:
    """The verdict on one event.

    ``legal`` says whether the event was accepted; ``rule`` names the ruling of
    RULINGS.md (or of the project's ``companion/RULINGS.md``) that a refused
    event breaks; ``discard`` is the number of cards the acting seat must
    discard after an accepted placement (``None`` for events that are not
    placements); ``text`` says why, in French and English, naming cards and cells.
    """

    legal: bool
    rule: str | None
    discard: int | None
    text: Text
    #: More fields of the ruling line a game adds (a trick game's ``trick``, ``winner``, ``breach``,
    #: ``tasks``: ``shared/RECORD.md``).
    fields: Mapping[str, Any] = field(default_factory=dict)

    @property
    def message_en(self) -> str:
        """The reason in English."""
        return self.text.en

    @property
    def message_fr(self) -> str:
        """The reason in French."""
        return self.text.fr

    def to_json(self, seq: int) -> dict[str, Any]:
        """The ruling line of ``companion replay --json`` for the event numbered ``seq``."""
        return {
            "seq": seq,
            "legal": self.legal,
            "rule": self.rule,
            "discard": self.discard,
            "message_en": self.text.en,
            "message_fr": self.text.fr,
            **self.fields,
        }


def accepted(text: Text, discard: int | None = None) -> Ruling:
    """A legal ruling."""
    return Ruling(True, None, discard, text)


def refused(rule: str, text: Text) -> Ruling:
    """An illegal ruling breaking ``rule``."""
    return Ruling(False, rule, None, text)


class Termination(enum.Enum):
    """How a game ended."""

    #: The last trick was played and the scores counted (the tricks family).
    TRICKS_DONE = "tricks_done"
    #: The winning card was played (Tranquillité: Finish card; L'Ascension: Sommet).
    FINISHED = "finished"
    #: The active seat provably cannot act, from public counts alone.
    NO_ACTION = "no_action"
    #: The players reported that the active seat cannot act.
    REPORTED = "reported"
    #: A cooperative game's goals were decided: every one met, or one failed for good.
    GOALS = "goals"
    #: A broken rule was proved and the game is lost for it.
    BREACH = "breach"
    #: The game counts for nothing: dealt again (The Crew's redeal, CR4).
    VOID = "void"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as a value: how it ended and who won (like python-chess's ``Outcome``).

    ``winners`` are 1-based seats: every seat when a cooperative game is won, none when it is
    lost, the best scores' seats in a competitive game.

    >>> Outcome(Termination.FINISHED, (1, 2), Text("outcome_won")).result
    'won'
    >>> Outcome(Termination.REPORTED, (), Text("outcome_won")).result
    'lost'
    """

    termination: Termination
    winners: tuple[int, ...]
    text: Text

    @classmethod
    def together(cls, players: int, won: bool, termination: Termination, text: Text) -> Outcome:
        """The end of a cooperative game: every one of ``players`` seats wins, or none."""
        return cls(termination, tuple(range(1, players + 1)) if won else (), text)

    @property
    def result(self) -> str:
        """``"won"`` when some seat won, else ``"lost"``, as in the record's outcome line; ``"void"``
        for a game that counts for nothing."""
        if self.termination is Termination.VOID:
            return "void"
        return "won" if self.winners else "lost"
