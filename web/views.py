"""What anyone on the local network may see: the page, its live stream, the state, the
camera picture and the record so far."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, current_app, render_template, request

from companion.engine.game import Game
from companion.engine.registry import refereed
from companion.text import Lang, Text
from web.errors import refuse
from web.i18n import COOKIE, choose_lang, script_texts
from web.join import qr_svg
from web.page import page_of
from web.svg import legend_html

bp = Blueprint("views", __name__)


@bp.get("/")
def index() -> Response:
    """The status page, drawn from the current snapshot and kept live by the script; the enrolment's
    page while a deck is being enrolled."""
    page = page_of(current_app)
    if page.enrolment is not None:
        return Response(status=303, headers={"Location": "enrol", "Cache-Control": "no-store"})
    lang = choose_lang(request)
    snap = json.loads(page.hub.message)
    games = [{"name": name, "title": cls.title.render(lang), "min": cls.min_players, "max": cls.max_players,
              "options": [{"name": o.name, "default": o.default, "help": o.help.render(lang),
                           # A field of choices where they can be listed, else a JSON value typed in.
                           "choices": [] if o.check is not None else list(o.choices)}
                          for o in cls.OPTIONS],
              "setup": [{"name": field, "help": help_of(cls, field, lang)} for field in cls.SETUP_FIELDS]}
             for name, cls in refereed().items()]
    # Where other players can reach the page (the address printed at start-up, set by the command
    # line): its QR code; none where it is not known (a page served on the loopback alone).
    join = current_app.config.get("PAGE_URL")
    html = render_template("page.html", lang=lang, t=lambda key, **args: Text(key, **args).render(lang),
                           snap=snap, initial=page.hub.message, texts=script_texts(lang), games=games,
                           legend=legend_html(snap["game"], lang), qr=qr_svg(join) if join else None)
    response = Response(html, mimetype="text/html")
    if request.args.get("lang") == lang:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax")
    response.headers["Cache-Control"] = "no-store"
    return response


def help_of(cls: type[Game[Any]], field: str, lang: Lang) -> str:
    """What set-up ``field`` of game ``cls`` holds, in ``lang`` (empty where the game says nothing)."""
    text = cls.SETUP_HELP.get(field)
    return "" if text is None else text.render(lang)


@bp.get("/state")
def state() -> Response:
    """The current snapshot as JSON."""
    return Response(page_of(current_app).hub.message, mimetype="application/json",
                    headers={"Cache-Control": "no-store"})


@bp.get("/events")
def events() -> Response:
    """The live stream (server-sent events): one snapshot per stored event.

    A HEAD gets the headers only and takes no slot: waitress writes no body for
    it, so a stream would never notice its client had gone.
    """
    page = page_of(current_app)
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if request.method == "HEAD":
        return Response(mimetype="text/event-stream", headers=headers)
    client = page.hub.connect(request.remote_addr or "")
    if client is None:
        refuse(429, Text("http_too_many_pages", limit=page.hub.max_clients))
    heartbeat = float(current_app.config["SSE_HEARTBEAT"])
    response = Response(page.hub.stream(client, heartbeat=heartbeat), mimetype="text/event-stream",
                        headers=headers)
    # Freed however the response ends, even when the server closes it before reading the stream.
    response.call_on_close(lambda: page.hub.disconnect(client))
    return response


@bp.get("/camera.jpg")
def camera() -> Response:
    """The latest camera picture with the cards found drawn on it (404 while there is none)."""
    picture = page_of(current_app).preview.latest()
    if picture is None:
        refuse(404, Text("http_no_picture"))
    return Response(picture[1], mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@bp.get("/record.jsonl")
def record() -> Response:
    """The record of the game so far (RECORD.md JSON Lines)."""
    referee = page_of(current_app).referee
    body = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in referee.record_lines())
    name = f"game-{referee.game_id or 0}.jsonl"
    return Response(body, mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{name}"',
                             "Cache-Control": "no-store"})
