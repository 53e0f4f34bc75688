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

from flask import Blueprint, Response, current_app, jsonify

from companion.app.referee import Entry, Referee, new_header, parse_options, summary
from companion.app.table import TableRequest, check_corners, check_seats
from companion.engine.events import DeclareLoss, Discard, Override, TakeBack, Undo, event_from_json
from companion.engine.jsonsafe import ascii_number
from companion.engine.record import parse_line
from companion.text import Text
from web.body import fields as request_fields
from web.errors import refuse
from web.page import page_of
from web.snapshot import both

bp = Blueprint("actions", __name__, url_prefix="/action")

SOURCE = "page"


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
    number = ascii_number(value)
    if number is None or not low <= number <= high:
        refuse(400, Text("bad_field", field=name, value=str(value)[:20]))
    return number


def _answer(entries: list[Entry]) -> Response:
    return jsonify(ok=True, entries=[{**entry.ruling.to_json(entry.seq), "summary": summary(entry.line)}
                                     for entry in entries])


def _referee() -> Referee:
    return page_of(current_app).referee


@bp.post("/correct")
def correct() -> Response:
    """Say which card lies at a cell: replaces a misread card, or enters one the camera missed."""
    fields = request_fields()
    return _answer(_referee().correct(_text(fields, "at"), _text(fields, "card"), source=SOURCE))


@bp.post("/take_back")
def take_back() -> Response:
    """A flagged card was picked up again."""
    return _answer([_referee().submit(TakeBack(_text(request_fields(), "at"), source=SOURCE))])


@bp.post("/override")
def override() -> Response:
    """The players accept the last flagged placement anyway."""
    request_fields()
    return _answer([_referee().submit(Override(source=SOURCE))])


@bp.post("/undo")
def undo() -> Response:
    """Cancel the last accepted event."""
    request_fields()
    return _answer([_referee().submit(Undo(source=SOURCE))])


@bp.post("/discard")
def discard() -> Response:
    """The active seat discards two cards (action B)."""
    player = _number(request_fields(), "player", low=1)
    return _answer([_referee().submit(Discard(2, player=player, source=SOURCE))])


@bp.post("/declare_loss")
def declare_loss() -> Response:
    """The players report that the active seat cannot act."""
    player = _number(request_fields(), "player", low=1)
    return _answer([_referee().submit(DeclareLoss(player=player, source=SOURCE))])


@bp.post("/start_discards")
def start_discards() -> Response:
    """How the cards discarded after the Start card were split: ``seat1``, ``seat2``... or ``counts``."""
    fields = request_fields()
    counts: dict[int, int] = {}
    raw = fields.get("counts")
    if isinstance(raw, dict):
        for name in raw:
            seat = ascii_number(name)
            if seat is None:
                refuse(400, Text("bad_field", field="counts", value=str(raw)[:60]))
            counts[seat] = _number(raw, name, default=0, high=99) or 0
    elif raw is not None:
        refuse(400, Text("bad_field", field="counts", value=str(raw)[:60]))
    else:
        for name in fields:
            seat = ascii_number(name[4:]) if name.startswith("seat") else None
            if seat is not None:
                counts[seat] = _number(fields, name, default=0, high=99) or 0
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
    fields = request_fields()
    line: object = fields.get("line")
    if isinstance(line, str):
        if len(line) > 2000:
            refuse(400, Text("bad_field", field="line", value=line[:40]))
        line = parse_line(line)
    if not isinstance(line, dict):
        refuse(400, Text("not_an_object"))
    return _answer([_referee().submit({**line, "source": SOURCE})])


@bp.post("/table")
def table() -> Response:
    """Place the table: ``{"confirm": true}`` (the layout drawn over the picture is right),
    ``{"corners": [[x, y], ...]}`` (the play area's four corners, bottom left, bottom right, top
    right, top left, as fractions of the picture's width and height) or, for a trick game,
    ``{"seats": [[x, y], ...]}`` (where each seat's player sits, seat 1 first). The camera applies
    it on its next frame; 409 while no camera is watching."""
    fields = request_fields()
    asked = [name for name in ("confirm", "corners", "seats") if name in fields]
    if set(fields) - {"confirm", "corners", "seats", "token"} or len(asked) != 1:
        refuse(400, Text("table_bad_request"))
    if "confirm" in fields:
        if fields["confirm"] is not True:
            refuse(400, Text("bad_field", field="confirm", value=str(fields["confirm"])[:20]))
        request = TableRequest(confirm=True)
    elif "seats" in fields:
        # As many seats as the table has places for (Rixes: three captains for two players).
        game = _referee().game
        places = game.seating()
        request = TableRequest(seats=check_seats(fields["seats"], int(places.get("seats", game.players))))
    else:
        request = TableRequest(corners=check_corners(fields["corners"]))
    desk = page_of(current_app).table
    status = desk.status if desk is not None else None
    if desk is None or status is None:
        refuse(409, Text("table_no_camera"))
    if request.confirm and status.state == "searching":
        refuse(409, Text("table_nothing_to_confirm"))
    desk.ask(request)
    key = "table_asked_confirm" if request.confirm else "table_asked_corners"  # (seats: the same news)
    return jsonify(ok=True, message=both(Text(key)))


def _pairs(fields: Mapping[str, Any], name: str) -> dict[str, object]:
    """A field of ``name=value`` lines (or ``;``-separated), or an object: options, a set-up."""
    raw = fields.get(name) or ""
    if isinstance(raw, dict):
        return dict(raw)
    if not isinstance(raw, str) or len(raw) > 2000:
        refuse(400, Text("bad_field", field=name, value=str(raw)[:40]))
    return parse_options(part for part in raw.replace(";", "\n").splitlines() if part.strip())


@bp.post("/new_game")
def new_game() -> Response:
    """Start another game with its options (``name=value``, one a line)."""
    fields = request_fields()
    game = _text(fields, "game")
    players = _number(fields, "players", default=None, low=0, high=99)
    if players is None:
        refuse(400, Text("missing_field", field="players"))
    options = _pairs(fields, "options")
    names_field = fields.get("names") or ""
    if not isinstance(names_field, str) or len(names_field) > 400:
        refuse(400, Text("bad_field", field="names", value=str(names_field)[:40]))
    names = [n.strip() for n in names_field.split(",") if n.strip()] or None
    header = new_header(game, players, options, names=names, setup=_pairs(fields, "setup"))
    referee = _referee()
    referee.new_game(header)
    return jsonify(ok=True, id=referee.game_id, message=both(Text("page_new_game_started", id=referee.game_id
                                                                   or "-")))
