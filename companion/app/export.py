"""Stored games written out: the record (JSON Lines), a table of plays (CSV), a BG Stats play.

* ``jsonl``: the game record of ``shared/RECORD.md``, the header line then one
  line per event, exactly as stored; ``companion replay`` reads it back.
* ``csv``: one row per event with its ruling: ``seq``, ``time`` (local, ISO
  8601), ``t``, ``source``, ``player``, ``type``, ``card``, ``at``, ``detail``
  (the event's other fields as JSON), ``legal``, ``rule``, ``discard``,
  ``message_en``, ``message_fr``.
* ``bgstats``: one play in the JSON format BG Stats reads from other apps
  ("push plays"): ``sourceName``, ``sourcePlayId``, ``playDate``,
  ``durationMin``, ``game`` (``name``, ``sourceGameId``, ``highestWins``,
  ``noPoints``), ``players`` (``name``, ``sourcePlayerId``, ``startPlayer``,
  ``winner``, ``rank``) and ``comments``. The games are cooperative and have
  no score: every seat wins when the game is won, and none otherwise.
"""

from __future__ import annotations

import csv
import json
import time
from typing import IO, Any

from companion.app.store import Store, StoredEvent, StoredGame
from companion.engine.registry import find_game
from companion.text import Lang, Text

FORMATS = ("jsonl", "csv", "bgstats")
CSV_COLUMNS = ("seq", "time", "t", "source", "player", "type", "card", "at", "detail", "legal", "rule",
               "discard", "message_en", "message_fr")
#: Fields of an event line that have their own CSV column.
_OWN = frozenset({"type", "card", "at", "player", "source", "t"})


def export(store: Store, game_id: int, fmt: str, out: IO[str], *, lang: Lang = "en") -> None:
    """Write game ``game_id`` of ``store`` to ``out`` in format ``fmt`` (one of :data:`FORMATS`)."""
    stored = store.game(game_id)
    events = store.events(game_id)
    if fmt == "jsonl":
        write_jsonl(stored, events, out)
    elif fmt == "csv":
        write_csv(events, out)
    elif fmt == "bgstats":
        json.dump(bgstats_play(stored, events, lang=lang), out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        raise ValueError(f"unknown format {fmt!r}")


def write_jsonl(stored: StoredGame, events: list[StoredEvent], out: IO[str]) -> None:
    """The record: header line, then each event line."""
    out.write(json.dumps(stored.header.to_json(), ensure_ascii=False) + "\n")
    for event in events:
        out.write(json.dumps(event.event, ensure_ascii=False) + "\n")


def write_csv(events: list[StoredEvent], out: IO[str]) -> None:
    """A table of plays: one row per event and its ruling."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for event in events:
        line, ruling = event.event, event.ruling
        detail = {k: v for k, v in line.items() if k not in _OWN}
        writer.writerow([
            event.seq, _local(event.stamp), _blank(line.get("t")), _blank(line.get("source")),
            _blank(line.get("player")), line.get("type"), _blank(line.get("card")), _blank(line.get("at")),
            json.dumps(detail, ensure_ascii=False) if detail else "",
            "yes" if ruling.get("legal") else "no", _blank(ruling.get("rule")), _blank(ruling.get("discard")),
            ruling.get("message_en", ""), ruling.get("message_fr", ""),
        ])


def bgstats_play(stored: StoredGame, events: list[StoredEvent], *, lang: Lang = "en") -> dict[str, Any]:
    """The game as one BG Stats play (see the module's doc)."""
    header = stored.header
    game = find_game(header.game)
    won = stored.outcome == "won"
    end = stored.finished or (events[-1].stamp if events else stored.created)
    names = list(header.names) if header.names else [
        Text("export_seat", seat=seat).render(lang) for seat in range(1, header.players + 1)]
    refused = sum(1 for event in events if not event.ruling.get("legal"))
    outcome = Text(f"games_{stored.outcome}") if stored.outcome else Text("games_ongoing")
    return {
        "sourceName": "companion",
        "sourcePlayId": f"companion-{stored.id}-{int(stored.created)}",
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(stored.created)),
        "durationMin": max(0, round((end - stored.created) / 60)),
        "game": {
            "name": game.title.render(lang),
            "sourceGameId": header.game,
            "highestWins": True,
            "noPoints": True,
        },
        "players": [
            {"name": name, "sourcePlayerId": f"seat-{seat}", "startPlayer": seat == 1, "winner": won,
             "rank": 1, "role": ""}
            for seat, name in enumerate(names, start=1)
        ],
        "comments": Text("export_comments", outcome=outcome, events=len(events), refused=refused,
                         options=json.dumps(dict(header.options), ensure_ascii=False)).render(lang),
    }


def _local(stamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(stamp))


def _blank(value: object) -> object:
    return "" if value is None else value
