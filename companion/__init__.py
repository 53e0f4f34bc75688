"""The companion: a referee for card games played on a real table.

This package holds the rules engine (pure Python: no IO, no clock, randomness
passed in), the game record, and the command line. Public API:

>>> from companion import Tranquility, Play
>>> game = Tranquility(3)
>>> game.play(Play("start", "start")).legal
True
"""

from companion.errors import (
    AmbiguousReading,
    CompanionError,
    IllegalPlay,
    MalformedInput,
    RulesError,
    UnknownGame,
)
from companion.events import (
    EVENT_TYPES,
    DeclareLoss,
    Discard,
    Event,
    Override,
    Play,
    StartDiscards,
    TakeBack,
    Undo,
    event_from_json,
)
from companion.game import Flag, Game, LegalPlacements, Option
from companion.record import Header, Replay, Step, read_record, write_record
from companion.registry import GAMES, find_game
from companion.ruling import Outcome, Ruling, Termination
from companion.text import Both, Text
from companion.tranquility import Tranquility

__all__ = [
    "EVENT_TYPES",
    "GAMES",
    "AmbiguousReading",
    "Both",
    "CompanionError",
    "DeclareLoss",
    "Discard",
    "Event",
    "Flag",
    "Game",
    "Header",
    "IllegalPlay",
    "LegalPlacements",
    "MalformedInput",
    "Option",
    "Outcome",
    "Override",
    "Play",
    "Replay",
    "RulesError",
    "Ruling",
    "StartDiscards",
    "Step",
    "TakeBack",
    "Termination",
    "Text",
    "Tranquility",
    "Undo",
    "UnknownGame",
    "event_from_json",
    "find_game",
    "read_record",
    "write_record",
]
