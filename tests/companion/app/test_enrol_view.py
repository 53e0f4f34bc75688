"""The enrolment's camera picture for the page: the grid's cells named, the cards found coloured."""

from __future__ import annotations

import cv2
import numpy as np

from companion.app.enrol_view import COLOURS, preview_jpeg, window
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
    assert picture is not None and picture.shape[1] == 640
    # Zoomed on the grid: four cards of 40 by 56 pixels and a cell and a half around them, shaped
    # as the frame; each card outlined in the colour of its state: shots being kept.
    x0, y0, x1, y1 = window(480, 360, session.fit, (2, 2))
    assert abs((x1 - x0) / (y1 - y0) - 480 / 360) < 0.01 and 160 <= x1 - x0 < 400
    kept = np.abs(picture.reshape(-1, 3).astype(int) - COLOURS["kept"]).sum(axis=1) < 60
    assert kept.sum() > 4 * 100
    # Before any frame: the frame whole.
    fresh = EnrolmentSession("tranquility", reader, table.find, grid=(2, 2), cards=DECK)
    whole = cv2.imdecode(np.frombuffer(preview_jpeg(image, fresh), np.uint8), cv2.IMREAD_COLOR)
    assert whole is not None and whole.shape == (480, 640, 3)
