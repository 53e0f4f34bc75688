"""The companion: a referee for card games played on a real table.

This package holds the rules engine (pure Python: no IO, no clock, randomness
passed in), the game record, and the command line. Public API:

>>> from companion import Tranquility, Play
>>> game = Tranquility(3)
>>> game.play(Play("start", "start")).legal
True
"""

from companion.engine.events import (
    EVENT_TYPES,
    DeclareLoss,
    Discard,
    Event,
    Override,
    Placement,
    Play,
    TakeBack,
    Undo,
    event_from_json,
    register_event,
)
from companion.engine.game import Flag, Game, LegalMoves, LegalPlacements, Option
from companion.engine.placing import PlacingGame
from companion.engine.record import Header, Replay, Step, read_record, write_record
from companion.engine.registry import find_game, refereed
from companion.engine.ruling import Outcome, Ruling, Termination
from companion.engine.tricks import TrickGame
from companion.errors import (
    AmbiguousReading,
    CompanionError,
    IllegalPlay,
    MalformedInput,
    RulesError,
    UnknownGame,
)
from companion.games.tranquility.events import StartDiscards
from companion.games.tranquility.rules import Tranquility
from companion.text import Both, Text

__all__ = [
    "EVENT_TYPES",
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
    "LegalMoves",
    "LegalPlacements",
    "MalformedInput",
    "Option",
    "Outcome",
    "Override",
    "Placement",
    "PlacingGame",
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
    "TrickGame",
    "Undo",
    "UnknownGame",
    "event_from_json",
    "find_game",
    "read_record",
    "refereed",
    "register_event",
    "write_record",
]
