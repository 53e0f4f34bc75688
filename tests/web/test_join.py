"""The page's address as a QR code: what it encodes is read back by OpenCV's QR reader, from the SVG
the page shows and from the text the terminal shows; never the token; shown only where known."""

from __future__ import annotations

import io
import re

import cv2
import numpy as np
from flask import Flask

from companion.app.referee import Referee
from companion.engine.record import Header
from web import Preview, create_app
from web.join import print_qr, qr_svg

URL = "http://192.168.1.20:8080/"


def read_qr(light: np.ndarray) -> str:
    """What a QR code drawn as a matrix of modules (True: light) says, read by OpenCV."""
    modules = np.pad(np.where(light, 255, 0).astype(np.uint8), 4, constant_values=255)
    image = cv2.resize(modules, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    return str(text)


def svg_modules(svg: str) -> np.ndarray:
    """The modules of segno's inline SVG: its path's horizontal strokes, one module high."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))  # type: ignore[union-attr]
    light = np.ones((size, size), bool)
    x = y = 0.0
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", re.search(r' d="([^"]+)"', svg)
                                     .group(1)):  # type: ignore[union-attr]
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            light[int(y), int(x):int(x + float(a))] = False
            x += float(a)
    return light


def terminal_modules(text: str) -> np.ndarray:
    """The modules of segno's compact terminal drawing: two a character, a block where light."""
    top = {"█": True, "▀": True, "▄": False, " ": False}
    bottom = {"█": True, "▀": False, "▄": True, " ": False}
    lines = [line for line in text.splitlines() if line]
    rows = [[table[char] for char in line] for line in lines for table in (top, bottom)]
    return np.array(rows, bool)


def test_the_page_svg_encodes_the_address_without_its_token() -> None:
    svg = qr_svg(URL + "#token=secret-123")
    assert "secret" not in svg and svg.startswith("<svg") and "<script" not in svg
    assert read_qr(svg_modules(svg)) == URL


def test_the_terminal_drawing_encodes_the_address_without_its_token() -> None:
    out = io.StringIO()
    print_qr(URL + "#token=secret-123", out)
    assert "secret" not in out.getvalue() and set(out.getvalue()) <= set("█▀▄ \n")
    assert read_qr(terminal_modules(out.getvalue())) == URL


def app_with(config: dict[str, object]) -> Flask:
    return create_app(Referee(Header("tranquility", 3)), {"TOKEN": "join-token", **config}, preview=Preview())


def test_the_page_shows_the_code_only_where_the_address_is_known() -> None:
    html = app_with({"PAGE_URL": URL}).test_client().get("/?lang=fr").get_data(as_text=True)
    join = html[html.index('<details id="join"'):]
    join = join[:join.index("</details>")]
    assert "Rejoindre depuis un autre téléphone" in join and "le jeton" in join
    assert read_qr(svg_modules(join[join.index("<svg"):])) == URL
    assert "join-token" not in join
    assert 'id="join"' not in app_with({}).test_client().get("/").get_data(as_text=True)
