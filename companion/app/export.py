"""Stored games written out: the record (JSON Lines), a table of plays (CSV), a BG Stats play file,
a BoardGameGeek play.

* ``jsonl``: the game record of ``shared/RECORD.md``, the header line then one line per event,
  exactly as stored; ``companion replay`` reads it back.
* ``csv``: one row per event with its ruling: ``seq``, ``time`` (local, ISO 8601), ``t``,
  ``source``, ``player`` (the event's seat, or the seat to play when the camera or the page gave
  none), ``type``, ``card``, ``at``, ``detail`` (the event's other fields as JSON), ``legal``,
  ``rule``, ``discard``, ``message_en``, ``message_fr``; UTF-8 with a byte-order mark, so that a
  spreadsheet reads its accents.
* ``bgstats``: the play file the BG Stats app opens (share or "open in"; save it as
  ``.bgsplay``): ``about``, ``players``, ``locations``, ``games``, ``plays`` with their
  ``playerScores``, and ``userInfo``, local integer ids referenced by ``…RefId``, upper-case uuids
  stable across exports (uuid5). No official specification exists: the shape is the de-facto one
  of ``shared/FORMATS.md``. Several games make one file (a night's plays).
* ``bgg``: each game as the fields of a play logged on BoardGameGeek (``objectid``, ``playdate``,
  ``length``, ``incomplete``, ``comments``, ``players`` with ``startposition``, ``score``, ``win``),
  a JSON list, for a logging app or a hand to copy (BGG has no public write API).

A cooperative game is won or lost by the whole table: every seat wins or none, and no seat is
ranked; a game scored seat against seat (:meth:`~companion.engine.game.Game.points`) ranks each
by its points. An unfinished game names no winner and no rank.
"""

from __future__ import annotations

import csv
import json
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

from companion.app.store import Store, StoredEvent, StoredGame
from companion.engine.game import Game
from companion.engine.record import Replay
from companion.engine.registry import find_game
from companion.engine.spec import find_spec
from companion.errors import MalformedInput
from companion.text import Lang, Text

FORMATS = ("jsonl", "csv", "bgstats", "bgg")
#: The formats that take several games at once.
MANY = frozenset({"bgstats", "bgg"})
CSV_COLUMNS = ("seq", "time", "t", "source", "player", "type", "card", "at", "detail", "legal", "rule",
               "discard", "message_en", "message_fr")
#: Fields of an event line that have their own CSV column.
_OWN = frozenset({"type", "card", "at", "player", "source", "t"})
#: What the uuids of the BG Stats file are drawn in (uuid5: the same game, player or place always
#: gets the same uuid, so a play exported twice is one play in the app).
_NAMESPACE = uuid.UUID("6f1c2a52-8d0e-4d8e-9a57-3c1b7e0f4a21")
_ABOUT = ("This is a Play file that can be read by Board Game Stats. "
          "Written by the companion, a card game referee.")


def export(store: Store, game_ids: Sequence[int], fmt: str, out: IO[str], *, lang: Lang = "en") -> None:
    """Write the games ``game_ids`` of ``store`` to ``out`` in format ``fmt`` (one of
    :data:`FORMATS`; only those of :data:`MANY` take more than one game)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}")
    if len(game_ids) != 1 and fmt not in MANY:
        raise MalformedInput(Text("export_one_game", format=fmt, count=len(game_ids)))
    played = [Played.of(store, store.game(game_id)) for game_id in game_ids]
    if fmt == "jsonl":
        write_jsonl(played[0], out)
    elif fmt == "csv":
        write_csv(played[0], out)
    else:
        document: object = bgstats_file(played, lang=lang) if fmt == "bgstats" else \
            [bgg_play(game, lang=lang) for game in played]
        json.dump(document, out, ensure_ascii=False, indent=2)
        out.write("\n")


@dataclass(frozen=True)
class Played:
    """A stored game replayed: its row, its stored events (each with its ruling as stored), the
    seat to play when each came, and the final state."""

    stored: StoredGame
    rows: list[StoredEvent]
    seats: list[int | None]
    game: Game[Any]

    @classmethod
    def of(cls, store: Store, stored: StoredGame) -> Played:
        """Replay ``stored`` from ``store`` (as ``companion replay`` would its record; nothing is
        written, not even a move the companion would make itself next)."""
        rows = store.events(stored.id)
        replay = Replay([json.dumps(stored.header.to_json()), *(json.dumps(row.event) for row in rows)])
        seats: list[int | None] = []
        steps = iter(replay)
        for _ in rows:
            seats.append(None if replay.game.is_over() else replay.game.turn)
            next(steps)
        return cls(stored, rows, seats, replay.game)

    @property
    def names(self) -> list[str]:
        """The players' names, as the header gives them (empty where it gives none)."""
        names = list(self.stored.header.names or ())
        return [names[i] if i < len(names) else "" for i in range(self.stored.header.players)]

    def seat_names(self, lang: Lang) -> list[str]:
        """The players' names, a seat's number where the header gives none."""
        return [name or Text("export_seat", seat=seat).render(lang)
                for seat, name in enumerate(self.names, start=1)]

    @property
    def minutes(self) -> int:
        """How long the game lasted, from its start to its end or its last event."""
        end = self.stored.finished or (self.rows[-1].stamp if self.rows else self.stored.created)
        return max(0, round((end - self.stored.created) / 60))

    def standing(self) -> tuple[dict[int, int], frozenset[int], dict[int, int]]:
        """Each seat's points (empty for a cooperative game), the winners, and each seat's rank (1
        the best; none for a cooperative or unfinished game)."""
        outcome = self.game.outcome()
        points = dict(self.game.points())
        winners = frozenset(outcome.winners) if outcome is not None else frozenset()
        ranks: dict[int, int] = {}
        if points and outcome is not None:
            ranks = {seat: 1 + sum(other > mine for other in points.values())
                     for seat, mine in points.items()}
        return points, winners, ranks

    def comments(self, lang: Lang) -> str:
        """What the companion says of the game: its outcome, its events and the refused ones, its options."""
        stored = self.stored
        refused = sum(1 for row in self.rows if not row.ruling.get("legal"))
        outcome = Text(f"games_{stored.outcome}") if stored.outcome else Text("games_ongoing")
        return Text("export_comments", outcome=outcome, events=len(self.rows), refused=refused,
                    options=json.dumps(dict(stored.header.options), ensure_ascii=False)).render(lang)


def write_jsonl(played: Played, out: IO[str]) -> None:
    """The record: header line, then each event line as stored."""
    out.write(json.dumps(played.stored.header.to_json(), ensure_ascii=False) + "\n")
    for row in played.rows:
        out.write(json.dumps(row.event, ensure_ascii=False) + "\n")


def write_csv(played: Played, out: IO[str]) -> None:
    """A table of plays: one row per event and its ruling, after a byte-order mark."""
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row, seat in zip(played.rows, played.seats, strict=True):
        line, ruling = row.event, row.ruling
        detail = {k: v for k, v in line.items() if k not in _OWN}
        player = line.get("player", seat)
        writer.writerow([
            row.seq, _local(row.stamp), _blank(line.get("t")), _blank(line.get("source")), _blank(player),
            line.get("type"), _blank(line.get("card")), _blank(line.get("at")),
            json.dumps(detail, ensure_ascii=False) if detail else "",
            "yes" if ruling.get("legal") else "no", _blank(ruling.get("rule")), _blank(ruling.get("discard")),
            ruling.get("message_en", ""), ruling.get("message_fr", ""),
        ])


def bgstats_file(games: Sequence[Played], *, lang: Lang = "en") -> dict[str, Any]:
    """The games as one BG Stats play file (see the module's doc)."""
    now = _date(time.time())
    players: dict[str, tuple[int, str]] = {}  # key (a name, or an unnamed seat of one game): id, name
    games_of: dict[tuple[str, bool], tuple[int, int | None]] = {}
    plays = []
    for played in games:
        header = played.stored.header
        spec = find_spec(header.game)
        title = find_game(header.game).title.render(lang)
        points, winners, ranks = played.standing()
        # (A variant scored seat against seat is not the same game as its cooperative namesake.)
        game_ref = games_of.setdefault((title, bool(points)), (len(games_of) + 1, spec.bgg_id))[0]
        scores = []
        for seat, name in enumerate(played.seat_names(lang), start=1):
            # A seat without a name is one player per game: unnamed seats of two games are not one.
            key = name if played.names[seat - 1] else f"{name} · {played.stored.id}"
            ref = players.setdefault(key, (len(players) + 1, name))[0]
            scores.append({"playerRefId": ref, "score": str(points[seat]) if seat in points else "",
                           "winner": seat in winners, "newPlayer": False, "startPlayer": seat == 1,
                           "seatOrder": seat, "rank": ranks.get(seat, 0), "role": "", "team": "",
                           "metaData": ""})
        created = played.stored.created
        plays.append({
            "uuid": _uuid("play", header.game, str(played.stored.id), f"{created:.3f}"),
            "gameRefId": game_ref, "locationRefId": 1,
            "playDate": _date(created), "playDateYmd": int(time.strftime("%Y%m%d", time.localtime(created))),
            "entryDate": _date(created), "modificationDate": now, "durationMin": played.minutes,
            "rounds": 0, "ignored": False, "manualWinner": False, "usesTeams": False, "scoringSetting": 0,
            "rating": 0, "board": "", "comments": played.comments(lang), "bggId": spec.bgg_id or 0,
            "importPlayId": 0, "nemestatsId": 0, "playImages": "[]", "expansionPlays": [],
            "playerScores": scores,
        })
    return {
        "about": _ABOUT,
        "players": [{"id": ref, "uuid": _uuid("player", key), "name": name,
                     "isAnonymous": False, "bggUsername": "", "modificationDate": now}
                    for key, (ref, name) in players.items()],
        "locations": [{"id": 1, "uuid": _uuid("location", "companion"),
                       "name": Text("export_place").render(lang), "modificationDate": now}],
        "games": [{"id": ref, "uuid": _uuid("game", title, "scored" if scored else ""), "name": title,
                   "bggId": bgg or 0, "bggName": title if bgg else "", "bggYear": 0,
                   "cooperative": not scored, "highestWins": True, "noPoints": not scored, "usesTeams": False,
                   "designers": "",
                   "modificationDate": now}
                  for (title, scored), (ref, bgg) in games_of.items()],
        "plays": plays,
        "userInfo": {"meRefId": 1},
    }


def bgg_play(played: Played, *, lang: Lang = "en") -> dict[str, Any]:
    """The game as the fields of a play logged on BoardGameGeek (see the module's doc)."""
    header, stored = played.stored.header, played.stored
    points, winners, _ = played.standing()
    return {
        "objecttype": "thing",
        "objectid": find_spec(header.game).bgg_id,
        "name": find_game(header.game).title.render(lang),
        "playdate": time.strftime("%Y-%m-%d", time.localtime(stored.created)),
        "quantity": 1,
        "length": played.minutes,
        "location": "",
        "incomplete": stored.outcome is None,
        "nowinstats": False,
        "comments": played.comments(lang),
        "players": [{"name": name, "username": "", "startposition": str(seat), "color": "",
                     "score": str(points[seat]) if seat in points else "", "new": False, "rating": 0,
                     "win": seat in winners}
                    for seat, name in enumerate(played.seat_names(lang), start=1)],
    }


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, "\x1f".join(parts))).upper()


def _date(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(stamp))


def _local(stamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(stamp))


def _blank(value: object) -> object:
    return "" if value is None else value
