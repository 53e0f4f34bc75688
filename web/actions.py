"""The page's controls: every change is a POST carrying the token, and goes through
:meth:`companion.app.referee.Referee.submit`, the camera's own entry point.

Each answers ``{"ok": true, "entries": [ruling, ...]}``: a refused event is a
ruling like any other (200), not an HTTP error. Input that cannot be
understood gets a 400 and changes nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from companion.app.referee import Entry, Referee, parse_options, summary
from companion.engine.events import DeclareLoss, Discard, Override, TakeBack, Undo, event_from_json
from companion.engine.record import Header, parse_line
from companion.text import Text
from web.errors import refuse
from web.page import page_of
from web.snapshot import both

bp = Blueprint("actions", __name__, url_prefix="/action")

SOURCE = "page"


def _fields() -> dict[str, Any]:
    """The request's fields, from a JSON object or a form."""
    if request.is_json:
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            refuse(400, Text("http_bad_body"))
        return body
    return request.form.to_dict()


def _text(fields: Mapping[str, Any], name: str, *, limit: int = 40) -> str:
    value = fields.get(name)
    if value is None or value == "":
        refuse(400, Text("missing_field", field=name))
    if not isinstance(value, str) or len(value) > limit:
        refuse(400, Text("bad_field", field=name, value=str(value)[:limit]))
    return value.strip()


def _number(fields: Mapping[str, Any], name: str, *, default: int | None = None, low: int = 0,
            high: int = 99) -> int | None:
    value = fields.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        refuse(400, Text("bad_field", field=name, value=str(value)[:20]))
    return value


def _answer(entries: list[Entry]) -> Response:
    return jsonify(ok=True, entries=[{**entry.ruling.to_json(entry.seq), "summary": summary(entry.line)}
                                     for entry in entries])


def _referee() -> Referee:
    return page_of(current_app).referee


@bp.post("/correct")
def correct() -> Response:
    """Say which card lies at a cell: replaces a misread card, or enters one the camera missed."""
    fields = _fields()
    return _answer(_referee().correct(_text(fields, "at"), _text(fields, "card"), source=SOURCE))


@bp.post("/take_back")
def take_back() -> Response:
    """A flagged card was picked up again."""
    return _answer([_referee().submit(TakeBack(_text(_fields(), "at"), source=SOURCE))])


@bp.post("/override")
def override() -> Response:
    """The players accept the last flagged placement anyway."""
    _fields()
    return _answer([_referee().submit(Override(source=SOURCE))])


@bp.post("/undo")
def undo() -> Response:
    """Cancel the last accepted event."""
    _fields()
    return _answer([_referee().submit(Undo(source=SOURCE))])


@bp.post("/discard")
def discard() -> Response:
    """The active seat discards two cards (action B)."""
    player = _number(_fields(), "player", low=1)
    return _answer([_referee().submit(Discard(2, player=player, source=SOURCE))])


@bp.post("/declare_loss")
def declare_loss() -> Response:
    """The players report that the active seat cannot act."""
    player = _number(_fields(), "player", low=1)
    return _answer([_referee().submit(DeclareLoss(player=player, source=SOURCE))])


@bp.post("/start_discards")
def start_discards() -> Response:
    """How the cards discarded after the Start card were split: ``seat1``, ``seat2``... or ``counts``."""
    fields = _fields()
    counts: dict[int, int] = {}
    raw = fields.get("counts")
    if isinstance(raw, dict):
        for seat in raw:
            if not str(seat).isdigit():
                refuse(400, Text("bad_field", field="counts", value=str(raw)[:60]))
            counts[int(seat)] = _number(raw, seat, default=0, high=99) or 0
    elif raw is not None:
        refuse(400, Text("bad_field", field="counts", value=str(raw)[:60]))
    else:
        for name in fields:
            if name.startswith("seat") and name[4:].isdigit():
                counts[int(name[4:])] = _number(fields, name, default=0, high=99) or 0
    if not counts:
        refuse(400, Text("missing_field", field="counts"))
    seats = range(1, _referee().game.players + 1)
    if any(seat not in seats for seat in counts):
        refuse(400, Text("bad_field", field="counts", value=json.dumps(counts)[:60]))
    # Built by the record reader from its line: the page names no game's event class.
    line = {"type": "start_discards", "counts": {str(seat): n for seat, n in sorted(counts.items())},
            "source": SOURCE}
    return _answer([_referee().submit(event_from_json(line))])


@bp.post("/event")
def event() -> Response:
    """Enter one record line (JSON), e.g. a herd move of L'Ascension."""
    fields = _fields()
    line: object = fields.get("line")
    if isinstance(line, str):
        if len(line) > 2000:
            refuse(400, Text("bad_field", field="line", value=line[:40]))
        line = parse_line(line)
    if not isinstance(line, dict):
        refuse(400, Text("not_an_object"))
    return _answer([_referee().submit({**line, "source": SOURCE})])


@bp.post("/new_game")
def new_game() -> Response:
    """Start another game with its options (``name=value``, one a line)."""
    fields = _fields()
    game = _text(fields, "game")
    players = _number(fields, "players", default=None, low=0, high=99)
    if players is None:
        refuse(400, Text("missing_field", field="players"))
    raw_options = fields.get("options") or ""
    if isinstance(raw_options, dict):
        options: dict[str, object] = dict(raw_options)
    elif isinstance(raw_options, str) and len(raw_options) <= 2000:
        options = parse_options(part for part in raw_options.replace(";", "\n").splitlines() if part.strip())
    else:
        refuse(400, Text("bad_field", field="options", value=str(raw_options)[:40]))
    names_field = fields.get("names") or ""
    if not isinstance(names_field, str) or len(names_field) > 400:
        refuse(400, Text("bad_field", field="names", value=str(names_field)[:40]))
    names = [n.strip() for n in names_field.split(",") if n.strip()] or None
    line: dict[str, Any] = {"record": 1, "game": game, "players": players, "options": options}
    if names is not None:
        line["names"] = names
    header = Header.from_json(line)
    referee = _referee()
    referee.new_game(header)
    return jsonify(ok=True, id=referee.game_id, message=both(Text("page_new_game_started", id=referee.game_id
                                                                   or "-")))
