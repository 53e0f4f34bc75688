"""What the page shows of an enrolment: JSON-ready, every text in both languages, each cell's state."""

from __future__ import annotations

import json

from companion.app.enrolment import EnrolmentSession
from tests.companion.app.enrol_helpers import FakeReader, Table

DECK = ["1", "2", "3", "4", "5", "6"]


def test_the_snapshot_says_the_batch_its_cells_and_the_progress_in_both_languages() -> None:
    table = Table(DECK)
    reader = FakeReader("tranquility", DECK)
    session = EnrolmentSession("tranquility", reader, table.find, grid=(1, 3), shots=3, cards=DECK)
    snap = session.snapshot()
    json.dumps(snap)
    assert snap["title"] == {"en": "Tranquillité", "fr": "Tranquillité"}
    assert snap["batch"]["number"] == 1 and snap["batch"]["total"] == 2 and snap["batch"]["kind_text"] is None
    assert snap["prompts"][0]["fr"].startswith("Posez d'abord les cartes des coins")
    assert snap["progress"]["en"] == "0 of 6 cards enrolled · 0 skipped · 0 s"
    laid = {session.batch.cell(card): card for card in session.batch.cards}
    for k in range(4):
        session.feed(table.frame(laid if k < 3 else {(0, 0): "1", (0, 1): "2"}), 0.3 * k)
    cells = {c["card"]: c for c in session.snapshot()["batch"]["cells"]}
    assert (cells["1"]["state"], cells["1"]["en"], cells["1"]["kept"]) == ("kept", "kept 1 of 3", 1)
    assert (cells["3"]["state"], cells["3"]["fr"]) == ("gone", "plus vue")
    assert session.snapshot()["news"][0]["en"].startswith("batch 1 of 2: lay these 3 cards")
