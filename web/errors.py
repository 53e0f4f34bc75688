"""Refusals with a message in both languages: a 4xx never changes anything, and no
request, however malformed, gets a server error.

A refusal is JSON (``{"status": 403, "error": {"en": ..., "fr": ...}}``), or a
small bilingual HTML page when the browser asks for HTML.
"""

from __future__ import annotations

import logging
from typing import NoReturn

from flask import Flask, Response, abort, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion.errors import CompanionError, CorrectionRefused, StoreError
from companion.text import LANGS, Text

log = logging.getLogger(__name__)


class Refusal(HTTPException):
    """An HTTP refusal carrying a bilingual text."""

    def __init__(self, status: int, text: Text) -> None:
        super().__init__(text.en)
        self.code = status
        self.text = text


def refuse(status: int, text: Text) -> NoReturn:
    """Stop the request with ``status`` and ``text``."""
    abort(refusal_response(status, text))


def refusal_response(status: int, text: Text) -> Response:
    """The response of a refusal, HTML or JSON as the client prefers."""
    messages = {lang: text.render(lang) for lang in LANGS}
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    if best == "text/html" and request.accept_mimetypes["text/html"] > request.accept_mimetypes[
            "application/json"]:
        response = Response(render_template("refusal.html", status=status, messages=messages),
                            status=status, mimetype="text/html")
    else:
        response = jsonify(status=status, error=messages)
        response.status_code = status
    return response


_HTTP_TEXTS = {
    400: "http_bad_request",
    404: "http_not_found",
    405: "http_method",
    413: "http_too_large",
}


def init_app(app: Flask) -> None:
    """Turn every error into a bilingual refusal."""

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException) -> Response:
        if error.response is not None:
            return error.response  # type: ignore[return-value]
        code = error.code or 400
        key = _HTTP_TEXTS.get(code, "http_bad_request")
        text = Text(key, path=request.path[:80], method=request.method, detail=error.description or "")
        return refusal_response(code, text)

    @app.errorhandler(CompanionError)
    def _companion(error: CompanionError) -> Response:
        if isinstance(error, StoreError):
            log.error("store failed: %s", error)
            return refusal_response(503, error.text)
        return refusal_response(409 if isinstance(error, CorrectionRefused) else 400, error.text)

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.path)
        return refusal_response(500, Text("http_server_error"))
