"""The enrolment's camera picture for the page: the grid's cells named, the cards found coloured."""

from __future__ import annotations

import cv2
import numpy as np

from companion.app.enrol_view import COLOURS, preview_jpeg
from companion.app.enrolment import EnrolmentSession
from tests.companion.app.enrol_helpers import FakeReader, Table

DECK = ["a", "b", "c", "d"]


def test_the_picture_shows_the_grid_and_the_cards_by_their_state() -> None:
    table = Table(DECK, size=(480, 360))
    reader = FakeReader("tranquility", DECK)
    session = EnrolmentSession("tranquility", reader, table.find, grid=(2, 2), shots=5, cards=DECK)
    laid = {session.batch.cell(card): card for card in DECK}
    for k in range(5):
        image = table.frame(laid)
        session.feed(image, 0.15 * k)
    picture = cv2.imdecode(np.frombuffer(preview_jpeg(image, session, width=640), np.uint8), cv2.IMREAD_COLOR)
    assert picture is not None and picture.shape == (480, 640, 3)
    # Each card found is outlined in the colour of its cell's state: shots being kept.
    outline = (table.quad((0, 0))[0] * 640 / 480).round().astype(int)
    x, y = int(outline[0]), int(outline[1])
    patch = picture[y - 2:y + 3, x + 10:x + 20].reshape(-1, 3).astype(int)
    assert np.abs(patch - COLOURS["kept"]).sum(axis=1).min() < 90
    # Before any frame: the picture alone.
    fresh = EnrolmentSession("tranquility", reader, table.find, grid=(2, 2), cards=DECK)
    assert preview_jpeg(image, fresh)[:2] == b"\xff\xd8"
