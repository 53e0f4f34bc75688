"""The enrolment's page: which cards to lay and where, what the camera kept of each, and the
players' requests (skip a card, take it again, say it is the right one, next batch, more shots,
finish and save).

``GET /enrol`` is the page; ``GET /enrol/state`` the session's snapshot (JSON), which the page's
script asks for every second; ``GET /enrol/crops/<card>.jpg`` the shots kept of a card, side by
side. Every request is a POST to ``/enrol/<action>`` carrying the token, checked as the page's
other controls are (:mod:`web.security`), its body read by :mod:`web.body`; it answers
``{"ok": true, "message": {"en": ..., "fr": ...}}``, or a bilingual refusal (400) that changes
nothing. All of it answers 404 while no enrolment runs.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from flask import Blueprint, Response, current_app, jsonify, render_template, request

from companion.engine.spec import find_spec
from companion.text import Text
from web.body import fields as request_fields
from web.errors import refuse
from web.i18n import COOKIE, choose_lang
from web.page import page_of

if TYPE_CHECKING:  # the enrolment's module loads the camera side: the page needs only its type
    from companion.app.enrolment import EnrolmentSession

bp = Blueprint("enrol", __name__)

#: The texts the enrolment page's script needs, by message key.
SCRIPT_KEYS = ("page_live", "page_offline", "page_token_missing", "page_done", "enrol_page_confirm_finish",
               "enrol_page_pick", "enrol_page_picked")
#: The longest card name a request may give.
CARD_LENGTH = 40


def _session() -> EnrolmentSession:
    session = page_of(current_app).enrolment
    if session is None:
        refuse(404, Text("enrol_none"))
    return session


@bp.get("/enrol")
def page() -> Response:
    """The enrolment's page, drawn by its script from :func:`state`."""
    session = _session()
    lang = choose_lang(request)
    snap = _state_json(session)
    # The script fills in ``{card}`` itself.
    texts = {key: Text(key, **({"card": "{card}"} if key == "enrol_page_picked" else {})).render(lang)
             for key in SCRIPT_KEYS}
    title = find_spec(session.game).title.render(lang)
    html = render_template("enrol.html", lang=lang, t=lambda key, **args: Text(key, **args).render(lang),
                           game=title, initial=snap, texts=texts)
    response = Response(html, mimetype="text/html")
    if request.args.get("lang") == lang:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax")
    response.headers["Cache-Control"] = "no-store"
    return response


def _state_json(session: EnrolmentSession) -> str:
    snap = session.snapshot()
    snap["camera"] = page_of(current_app).preview.latest() is not None
    return json.dumps(snap, ensure_ascii=False)


@bp.get("/enrol/state")
def state() -> Response:
    """What the page shows now, as JSON."""
    return Response(_state_json(_session()), mimetype="application/json",
                    headers={"Cache-Control": "no-store"})


@bp.get("/enrol/crops/<card>.jpg")
def crops(card: str) -> Response:
    """The shots kept of ``card``, upright, side by side (404 while there is none)."""
    session = _session()
    if card not in session.kept:
        refuse(404, Text("enrol_unknown_card", card=card[:CARD_LENGTH]))
    # Imported here: the strip's JPEG needs OpenCV, which the rest of the page never loads.
    from companion.app.enrol_profile import strip_jpeg  # noqa: PLC0415 (OpenCV only for an enrolment)

    picture = strip_jpeg(session.thumbnails(card))
    if not picture:
        refuse(404, Text("enrol_no_crop", card=card[:CARD_LENGTH]))
    return Response(picture, mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


def _card() -> str:
    value = request_fields().get("card")
    if not isinstance(value, str) or not value or len(value) > CARD_LENGTH:
        refuse(400, Text("bad_field", field="card", value=str(value)[:CARD_LENGTH]))
    return value


def _answer(text: Text) -> Response:
    return jsonify(ok=True, message={"en": text.en, "fr": text.fr})


@bp.post("/enrol/skip")
def skip() -> Response:
    """Leave a card out of the profile: ``{"card": name}``."""
    return _answer(_session().skip(_card()))


@bp.post("/enrol/redo")
def redo() -> Response:
    """Drop a card's shots and take them again: ``{"card": name}``."""
    return _answer(_session().redo(_card()))


@bp.post("/enrol/right")
def right() -> Response:
    """The players say a card the camera reads as another lies in its place: ``{"card": name}``."""
    return _answer(_session().right(_card()))


@bp.post("/enrol/next")
def next_batch() -> Response:
    """On to the next batch."""
    request_fields()
    return _answer(_session().next_batch())


@bp.post("/enrol/more")
def more() -> Response:
    """More shots of the cards that look too much like another."""
    request_fields()
    return _answer(_session().more_shots())


@bp.post("/enrol/finish")
def finish() -> Response:
    """Finish and save the profile: ``{"name": deck name}`` (the session's name when empty)."""
    name = request_fields().get("name")
    if name is not None and not isinstance(name, str):
        refuse(400, Text("bad_field", field="name", value=str(name)[:60]))
    return _answer(_session().finish(name))
