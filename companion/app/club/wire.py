"""What travels between a club's tables and its dashboard: the broker's address, the topics and the
messages, each checked on arrival.

A table publishes under ``companion/<club>/<table>/``: ``events`` (each stored event and its ruling,
QoS 1) and ``state`` (the table's snapshot, retained). A message is one JSON object with
``v`` (:data:`WIRE_VERSION`), ``club``, ``table`` and ``game`` (the table's own game id); an event
adds ``seq``, ``header`` (the record's header line, so a dashboard can open the game from any
message), ``line`` and ``ruling`` (RECORD.md's shapes) and ``stamp``.

>>> broker = parse_broker("mqtts://ana@club.local/chess-cafe")
>>> broker.host, broker.port, broker.tls, broker.username, broker.club
('club.local', 8883, True, 'ana', 'chess-cafe')
>>> split_topic("cafe", "companion/cafe/table-3/events")
('table-3', 'events')
"""

from __future__ import annotations

import json
import os
import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import unquote, urlsplit

from companion.config import NAME_PATTERN, ClubConfig
from companion.engine.jsonsafe import read_json
from companion.engine.record import Header
from companion.errors import ConfigError, MalformedInput
from companion.text import Text

#: The messages' own version: a dashboard drops what it cannot read.
WIRE_VERSION = 1
#: The largest message a dashboard reads (an event is under 2 KB; a state with a long header 4 KB).
MAX_MESSAGE = 64 * 1024
#: Every topic of the companion starts here.
ROOT = "companion"
#: Where a table's broker password may be given instead of the configuration.
PASSWORD_VAR = "COMPANION_CLUB_PASSWORD"

Kind = Literal["events", "state"]


@dataclass(frozen=True)
class Broker:
    """A club's broker and how to reach it: address, club, credentials, TLS files."""

    host: str
    port: int
    club: str
    tls: bool = False
    username: str | None = None
    password: str | None = None
    ca_file: str | None = None
    cert_file: str | None = None
    key_file: str | None = None

    @property
    def url(self) -> str:
        """The address as said to people: never the password."""
        user = f"{self.username}@" if self.username else ""
        return f"{'mqtts' if self.tls else 'mqtt'}://{user}{self.host}:{self.port}/{self.club}"

    @property
    def prefix(self) -> str:
        """The club's topics' prefix, ``companion/<club>/``."""
        return f"{ROOT}/{self.club}/"


def check_name(name: str, what: str) -> str:
    """``name`` if it may be a club's or a table's name (a topic level), else :class:`ConfigError`.

    >>> check_name("table+1", "table")
    Traceback (most recent call last):
    companion.errors.ConfigError: a table's name may hold letters, digits, _ - and . (1 to 64), not "table+1"
    """
    if not re.fullmatch(NAME_PATTERN, name):
        raise ConfigError(Text("club_bad_name", what=what, name=name[:80]))
    return name


def parse_broker(url: str, config: ClubConfig | None = None, *, club: str | None = None,
                 env: Mapping[str, str] | None = None) -> Broker:
    """The broker at ``url`` (``mqtt://[USER@]HOST[:PORT]/CLUB``, ``mqtts://`` for TLS), completed by
    the ``[club]`` configuration: the club's name, the credentials (the password from the
    configuration or ``$COMPANION_CLUB_PASSWORD``), the TLS files. :class:`ConfigError` for a bad one."""
    config = config or ClubConfig()
    env = os.environ if env is None else env
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise ConfigError(Text("club_bad_url", url=url[:120])) from None
    if parts.scheme not in ("mqtt", "mqtts") or not parts.hostname or parts.query or parts.fragment:
        raise ConfigError(Text("club_bad_url", url=url[:120]))
    if parts.password is not None:
        # A password on the command line is in every `ps` listing and the shell's history.
        raise ConfigError(Text("club_password_in_url"))
    name = club or parts.path.strip("/") or config.club
    if not name:
        raise ConfigError(Text("club_no_club", url=url[:120]))
    tls = parts.scheme == "mqtts"
    username = unquote(parts.username) if parts.username else (config.username or None)
    password = config.password or env.get(PASSWORD_VAR) or None
    return Broker(parts.hostname, port or (8883 if tls else 1883), check_name(name, "club"), tls,
                  username, password if username else None, config.ca_file or None,
                  config.cert_file or None, config.key_file or None)


def table_name(configured: str = "") -> str:
    """This table's name: the configured one, else the machine's name made a valid topic level."""
    if configured:
        return check_name(configured, "table")
    host = re.sub(r"[^A-Za-z0-9_.\-]", "-", socket.gethostname())[:64]
    return host or "table"


def topic(broker: Broker, table: str, kind: Kind) -> str:
    """A table's topic of ``kind``: ``companion/<club>/<table>/events`` or ``.../state``."""
    return f"{broker.prefix}{table}/{kind}"


def split_topic(club: str, name: str) -> tuple[str, Kind] | None:
    """(table, kind) of a topic of the club's, or None for any other topic."""
    parts = name.split("/")
    if len(parts) != 4 or parts[0] != ROOT or parts[1] != club or parts[3] not in ("events", "state"):
        return None
    if not re.fullmatch(NAME_PATTERN, parts[2]):
        return None
    return parts[2], "events" if parts[3] == "events" else "state"


def encode(message: Mapping[str, Any]) -> bytes:
    """A message as it travels: compact UTF-8 JSON."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@dataclass(frozen=True)
class Received:
    """A message read and checked: its table, kind, the table's game id, and the object itself."""

    table: str
    kind: Kind
    game: int
    body: dict[str, Any]
    header: Header | None = None
    seq: int = 0


def read_message(club: str, name: str, payload: bytes) -> Received:
    """Check a message received on topic ``name``: its size, JSON, version, fields, and that it names
    the club and table its topic does. :class:`MalformedInput` says what is wrong."""
    where = split_topic(club, name)
    if where is None:
        raise MalformedInput(Text("club_bad_topic", topic=name[:120]))
    if len(payload) > MAX_MESSAGE:
        raise MalformedInput(Text("club_too_big", size=len(payload), limit=MAX_MESSAGE))
    try:
        body = read_json(payload.decode("utf-8"), max_chars=MAX_MESSAGE)
    except UnicodeDecodeError:
        raise MalformedInput(Text("club_bad_field", field="utf-8")) from None
    if not isinstance(body, dict):
        raise MalformedInput(Text("not_an_object"))
    table, kind = where
    if body.get("v") != WIRE_VERSION:
        raise MalformedInput(Text("club_bad_field", field="v"))
    if body.get("club") != club or body.get("table") != table:
        raise MalformedInput(Text("club_other_topic", topic=name[:120]))
    game = body.get("game")
    if isinstance(game, bool) or not isinstance(game, int) or game < 1:
        raise MalformedInput(Text("club_bad_field", field="game"))
    header = Header.from_json(body["header"]) if "header" in body else None
    if kind == "state":
        return Received(table, kind, game, body, header)
    seq = body.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 1:
        raise MalformedInput(Text("club_bad_field", field="seq"))
    for name_ in ("line", "ruling"):
        if not isinstance(body.get(name_), dict):
            raise MalformedInput(Text("club_bad_field", field=name_))
    stamp = body.get("stamp")
    if isinstance(stamp, bool) or not isinstance(stamp, int | float):
        raise MalformedInput(Text("club_bad_field", field="stamp"))
    if header is None:
        raise MalformedInput(Text("club_bad_field", field="header"))
    return Received(table, kind, game, body, header, seq)
