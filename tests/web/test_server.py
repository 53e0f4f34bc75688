"""The page served by waitress on a real socket: the state, a pushed event, a clean stop."""

from __future__ import annotations

import http.client
import json
import socket

from flask import Flask

from companion.app.referee import Referee
from companion.engine.events import Play
from tests.web.conftest import TOKEN
from web.server import PageServer


def test_serve_push_and_stop(app: Flask, referee: Referee) -> None:
    server = PageServer(app, "127.0.0.1", 0).start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        connection.request("GET", "/state")
        response = connection.getresponse()
        assert response.status == 200 and json.loads(response.read())["events"] == 2
        connection.close()

        stream = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        stream.sendall(b"GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        received = b""
        while received.count(b"data: ") < 1:
            received += stream.recv(65536)
        assert b"text/event-stream" in received

        post = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        body = json.dumps({"at": "c3", "card": "30"})
        post.request("POST", "/action/correct", body, {"Content-Type": "application/json",
                                                       "X-Companion-Token": TOKEN})
        assert post.getresponse().status == 200
        post.close()
        while received.count(b"data: ") < 2:
            received += stream.recv(65536)
        last = received.rsplit(b"data: ", 1)[1].split(b"\n\n", 1)[0]
        assert json.loads(last)["last"]["summary"] == "30@c3"
        assert referee.history[-1].line["source"] == "page"
        stream.close()
    finally:
        server.stop()
        server.stop()
    refused = socket.socket()
    try:
        assert refused.connect_ex(("127.0.0.1", server.port)) != 0
    finally:
        refused.close()
    referee.submit(Play("32", "d3"))  # the hub no longer listens; nothing breaks
