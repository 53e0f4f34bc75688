"""A request's fields, read once with the bounded JSON reader or from a form.

Flask's own ``get_json`` trusts its input (30,000 nested ``[`` raise
``RecursionError``); every body the page accepts is read here instead, and
the app's JSON provider is the bounded one too, so nothing else can decode a
body unbounded.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request
from flask.json.provider import DefaultJSONProvider

from companion.engine.jsonsafe import read_json
from companion.errors import MalformedInput
from companion.text import Text
from web.errors import refuse


class BoundedJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider, decoding with :func:`companion.engine.jsonsafe.read_json`."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """Decode ``s`` within the reader's bounds; a :class:`MalformedInput` is a ``ValueError``."""
        return read_json(s)


def json_body() -> object:
    """The JSON body of the request, decoded once; a body that is no JSON is refused (400)."""
    if "json_body" not in g:
        try:
            g.json_body = read_json(request.get_data(cache=True))
        except MalformedInput as error:
            refuse(400, Text("http_bad_json", detail=error.text))
    return g.json_body


def fields() -> dict[str, Any]:
    """The request's fields, from a JSON object or a form (400 for JSON that is no object)."""
    if request.is_json:
        body = json_body()
        if not isinstance(body, dict):
            refuse(400, Text("http_bad_body"))
        return body
    return request.form.to_dict()


def init_app(app: Flask) -> None:
    """Decode every JSON body of ``app`` with the bounded reader."""
    app.json = BoundedJSONProvider(app)
