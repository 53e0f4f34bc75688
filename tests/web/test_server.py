"""The page served by waitress on a real socket: the state, a pushed event, a clean stop."""

from __future__ import annotations

import http.client
import json
import socket
import struct
import time

from flask import Flask

from companion.app.referee import Referee
from companion.engine.events import Play
from tests.web.conftest import TOKEN
from web.page import page_of
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


def _wait_for(condition: object, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return True
        time.sleep(0.02)
    return False


def test_sixteen_heads_and_dropped_pages_do_not_switch_the_live_page_off(app: Flask) -> None:
    """The attack as a guest makes it: ``curl -sI /events`` sixteen times, then pages dropped
    abruptly; a player's page still gets its stream, and a dropped page's slot is freed within
    a heartbeat or two."""
    hub = page_of(app).hub
    server = PageServer(app, "127.0.0.1", 0).start()
    try:
        for _ in range(16):
            head = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            head.request("HEAD", "/events")
            assert head.getresponse().status == 200
            head.close()
        assert hub.clients == 0
        dropped = []
        for _ in range(hub.max_clients):
            stream = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            stream.sendall(b"GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            assert b"text/event-stream" in stream.recv(65536)
            dropped.append(stream)
        for stream in dropped:
            stream.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            stream.close()  # a reset, as a phone leaving the network
        assert _wait_for(lambda: hub.clients == 0), hub.clients
        player = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        player.request("GET", "/events")
        assert player.getresponse().status == 200
        player.close()
    finally:
        server.stop()
