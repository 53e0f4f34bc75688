"""The enrolment session on painted tables: shots of cards lying still, batch after batch; the wrong
card, a card moving or hidden, things off the grid, skips, redos, look-alikes, finishing."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from companion.app.enrol_grid import Cell
from companion.app.enrolment import EnrolmentSession
from companion.errors import MalformedInput
from tests.companion.app.enrol_helpers import FakeReader, Table
from vision.read.classify import Readings

DECK = [f"c{k}" for k in range(1, 9)]


def session(deck: list[str] = DECK, *, grid: tuple[int, int] = (2, 2), shots: int = 3, sure: bool = True,
            twins: Mapping[str, str] | None = None) -> tuple[EnrolmentSession, Table, FakeReader]:
    table = Table(deck)
    reader = FakeReader("tranquility", deck, sure=sure, twins=twins)
    enrolment = EnrolmentSession("tranquility", reader, table.find, grid=grid, shots=shots, cards=deck)
    return enrolment, table, reader


def state(s: EnrolmentSession) -> str:
    """The session's state (read anew: the session changes it as frames come)."""
    return s.state


def batch_cells(s: EnrolmentSession) -> dict[Cell, str]:
    return {s.batch.cell(card): card for card in s.batch.cards}


def film(s: EnrolmentSession, table: Table, laid: Mapping[Cell, str], frames: int, t: float,
         step: float = 0.15, **kwargs: object) -> float:
    """Feed ``frames`` frames of ``laid``, ``step`` seconds apart from ``t``; the time after them."""
    for _ in range(frames):
        s.feed(table.frame(laid, **kwargs), t)  # type: ignore[arg-type]
        t += step
    return t


def test_a_batch_laid_still_gives_each_card_its_shots_then_the_next_batch_begins_on_a_bare_table() -> None:
    s, table, _ = session()
    assert s.batch.cards == ("c1", "c2", "c3", "c4") and s.state == "laying"
    t = film(s, table, batch_cells(s), 12, 0.0)
    assert state(s) == "clearing"
    assert [len(s.kept[c]) for c in DECK[:4]] == [3, 3, 3, 3]
    times = [shot.t for shot in s.kept["c1"]]
    assert min(np.diff(times)) >= 0.25  # distinct frames, not one frame twice
    assert "batch 1 done" in " ".join(text.en for text in s.news)
    film(s, table, {}, 2, t)
    assert state(s) == "laying" and s.batch.cards == ("c5", "c6", "c7", "c8")
    assert s.news[-1].en.startswith("batch 2 of 2: lay these 4 cards")


def test_the_grid_is_found_from_the_cards_once_they_span_it() -> None:
    s, table, _ = session(grid=(2, 3), deck=DECK[:6])
    cells = batch_cells(s)
    # The top row alone does not say where the second row lies: nothing is placed, the page asks
    # for the corner cards.
    film(s, table, {cell: card for cell, card in cells.items() if cell[0] == 0}, 4, 0.0)
    assert s.fit is None and not any(s.kept.values())
    assert s.snapshot()["prompts"][0]["en"].startswith("Lay the corner cards first")
    # The two corners of the left column and the top right corner are enough.
    corners = {cell: cells[cell] for cell in ((0, 0), (0, 2), (1, 0))}
    film(s, table, corners, 4, 1.0)
    assert s.fit is not None and all(len(s.kept[card]) >= 1 for card in corners.values())


def test_a_card_moving_or_hidden_gives_no_shot() -> None:
    s, table, _ = session(shots=5)
    laid = batch_cells(s)
    t = 0.0
    for k in range(8):  # c1 shakes a little at every frame: a hand is moving it
        t = film(s, table, laid, 1, t, shift={(0, 0): (4.0 * (k % 2), 0.0)})
    assert s.kept["c1"] == [] and len(s.kept["c2"]) >= 2
    snap = {c["card"]: c for c in s.snapshot()["batch"]["cells"]}
    assert snap["c1"]["state"] == "seen" and snap["c1"]["en"] == "seen, hold still"
    # Hidden a frame: shown as not seen now, and it must stand still again before the next shot.
    hidden = {cell: card for cell, card in laid.items() if card != "c2"}
    t = film(s, table, hidden, 1, t)
    assert {c["card"]: c["state"] for c in s.snapshot()["batch"]["cells"]}["c2"] == "gone"
    count = len(s.kept["c2"])
    film(s, table, laid, 2, t)
    assert len(s.kept["c2"]) == count


def test_a_card_in_the_wrong_cell_is_said_and_not_kept() -> None:
    s, table, _ = session()
    laid = batch_cells(s)
    swapped = {**laid, (0, 0): "c2", (0, 1): "c1"}
    t = film(s, table, swapped, 6, 0.0)
    assert s.kept["c1"] == [] and s.kept["c2"] == []
    wrong = [c for c in s.snapshot()["batch"]["cells"] if c["state"] == "wrong"]
    assert {(c["card"], c["read"]) for c in wrong} == {("c1", "c2"), ("c2", "c1")}
    assert wrong[0]["fr"].startswith("mauvaise carte")
    said = [text.en for text in s.news if text.key == "enrol_wrong"]
    assert "row 1, column 1: the camera reads c2 there, where c1 goes" in said
    assert len(said) == 2  # once each, not at every frame
    film(s, table, laid, 8, t)
    assert len(s.kept["c1"]) == 3 and state(s) == "clearing"


def test_a_card_laid_turned_is_kept_upright_and_things_off_the_grid_are_ignored() -> None:
    s, table, _ = session()
    laid = batch_cells(s)
    box = table.quad((0, 3)) + np.array([20, 0], np.float32)  # a thing beside the grid, a card's size
    film(s, table, laid, 5, 0.0, turned={(1, 1)}, extra=[box])
    assert s.off_grid == 1
    assert "1 thing off the grid is ignored" in [p["en"] for p in s.snapshot()["prompts"]]
    shot = s.kept["c4"][0]
    assert shot.flipped and shot.crop[:8].mean() < shot.crop[-8:].mean()
    (upright, *_) = s.thumbnails("c4")
    assert upright[:8].mean() > upright[-8:].mean() + 40  # the white band on top


def test_skipping_the_last_card_ends_the_batch_and_leaves_it_out_of_the_profile() -> None:
    s, table, _ = session(deck=DECK[:4])
    laid = batch_cells(s)
    t = film(s, table, {cell: card for cell, card in laid.items() if card != "c4"}, 8, 0.0)
    assert state(s) == "laying"
    assert s.skip("c4").en == "c4 skipped: the shipped classifier will read it"
    assert state(s) == "done"
    s.finish("home")
    profile = s.build()
    assert profile.cards == {"c1", "c2", "c3"} and profile.about["skipped"] == ["c4"]
    assert film(s, table, laid, 1, t) > t  # a frame after the end changes nothing
    with pytest.raises(MalformedInput, match="not a card of this enrolment"):
        s.skip("joker")


def test_next_batch_brings_the_cards_not_done_back_at_the_end_and_redo_takes_them_again() -> None:
    s, table, _ = session()
    laid = batch_cells(s)
    t = film(s, table, {cell: card for cell, card in laid.items() if card != "c3"}, 8, 0.0)
    s.next_batch()
    assert state(s) == "clearing"
    s.next_batch()  # the players say the table is bare: the next batch at once
    assert state(s) == "laying" and s.batch.number == 2
    t = film(s, table, batch_cells(s), 8, t)
    t = film(s, table, {}, 2, t)
    assert s.batch.kind == "again" and s.batch.cards == ("c3",)
    assert s.snapshot()["batch"]["kind_text"]["en"] == "cards left over"
    t = film(s, table, batch_cells(s), 8, t)
    assert state(s) == "done" and len(s.kept["c3"]) == 3
    # Taken again after the end: its shots are dropped and it is laid once more.
    s.redo("c5")
    assert s.kept["c5"] == [] and state(s) == "clearing"
    t = film(s, table, {}, 1, t)
    assert s.batch.cards == ("c5",) and state(s) == "laying"
    film(s, table, batch_cells(s), 8, t)
    assert len(s.kept["c5"]) == 3 and state(s) == "done"


def test_cards_that_look_alike_are_asked_for_again_turned_once() -> None:
    s, table, _ = session(deck=DECK[:4], twins={"c2": "c1"})
    t = film(s, table, batch_cells(s), 8, 0.0)
    assert [item.card for item in s.similar][:2] in (["c1", "c2"], ["c2", "c1"])
    assert state(s) == "clearing"
    t = film(s, table, {}, 2, t)
    assert s.batch.kind == "more" and set(s.batch.cards) == {"c1", "c2"}
    assert s.news[-1].en.startswith("batch 2 of 2: these cards look too much like another")
    before = len(s.kept["c1"])
    laid = batch_cells(s)
    film(s, table, laid, 8, t, turned=set(laid))
    assert len(s.kept["c1"]) == before + 3
    assert state(s) == "done"  # asked once: still alike, not asked again
    alike = s.snapshot()["lookalikes"]
    assert alike and alike[0]["fr"].startswith(("c1 ressemble trop à c2", "c2 ressemble trop à c1"))
    assert s.more_shots().en.startswith("more shots of 2 cards")  # unless the players ask
    assert state(s) == "clearing"


def test_finishing_checks_the_name_and_the_profile_is_built_and_said_saved(tmp_path: Path) -> None:
    s, table, reader = session(deck=DECK[:4], grid=(1, 4))
    film(s, table, batch_cells(s), 5, 0.0)
    with pytest.raises(MalformedInput, match="a deck's name"):
        s.finish("../etc")
    assert s.finish("my deck").en == "finishing: the profile my deck is being built"
    assert state(s) == "finishing"
    profile = s.build()
    assert profile.name == "my deck" and profile.model == reader.fingerprint and profile.game == "tranquility"
    assert len(profile.names) == 2 * sum(len(s.kept[c]) for c in DECK[:4])
    s.saved(tmp_path / "my deck.deck", profile)
    snap = s.snapshot()
    assert snap["state"] == "saved" and snap["saved"]["name"] == "my deck"
    assert snap["text"]["en"].startswith("Saved as my deck")
    json.dumps(snap)  # JSON-ready as the page asks for it


def test_a_gap_in_the_frames_says_nothing_of_stillness() -> None:
    # A card gives its first shot in its fourth frame: the grid is placed by cards lying where
    # they lay in the frame before, then each card must stand still over two frames more.
    s, table, _ = session()
    laid = batch_cells(s)
    t = film(s, table, laid, 4, 0.0, step=0.1)
    assert all(len(s.kept[c]) == 1 for c in DECK[:4])
    t = film(s, table, laid, 2, t + 3.0, step=0.1)  # the camera dropped frames for three seconds
    assert all(len(s.kept[c]) == 1 for c in DECK[:4])
    film(s, table, laid, 1, t)
    assert all(len(s.kept[c]) == 2 for c in DECK[:4])


def test_a_classifier_unsure_of_every_card_still_enrols_them_by_their_cell() -> None:
    # The players' own deck, printed unlike anything the classifier saw: it names nothing, the
    # cells do.
    s, table, _ = session(sure=False)
    film(s, table, batch_cells(s), 8, 0.0)
    assert [len(s.kept[c]) for c in DECK[:4]] == [3, 3, 3, 3]


class Misreading(FakeReader):
    """Reads c2 as c1, sure of itself: two cards that look alike to the classifier too."""

    def read(self, crops: np.ndarray) -> tuple[Readings, np.ndarray]:
        readings, embeddings = super().read(crops)
        names = tuple("c1" if name == "c2" else name for name in readings.names)
        return replace(readings, names=names), embeddings


def test_a_card_misread_as_its_look_alike_is_wrong_in_its_batch_but_believed_in_more_shots() -> None:
    deck = DECK[:4]
    table = Table(deck)
    s = EnrolmentSession("tranquility", Misreading("tranquility", deck, twins={"c2": "c1"}), table.find,
                         grid=(2, 2), shots=3, cards=deck)
    t = film(s, table, batch_cells(s), 8, 0.0)
    assert s.kept["c2"] == [] and "wrong" in [c["state"] for c in s.snapshot()["batch"]["cells"]]
    s.right("c2")  # the players look: it is c2
    t = film(s, table, batch_cells(s), 8, t)
    assert len(s.kept["c2"]) == 3 and state(s) == "clearing"
    t = film(s, table, {}, 2, t)
    assert s.batch.kind == "more" and "c2" in s.batch.cards
    film(s, table, batch_cells(s), 8, t)
    assert len(s.kept["c2"]) == 6 and state(s) == "done"


def test_shots_taken_with_a_hand_over_the_card_are_dropped_once_it_shows_clean() -> None:
    s, table, _ = session(deck=DECK[:4], sure=False)
    laid = batch_cells(s)
    t = 0.0
    for _ in range(5):  # a hand rests on c1: its middle shows another colour, still
        image = table.frame(laid)
        x, y = table.quad((0, 0))[0].astype(int)
        image[y + 20:y + 40, x + 8:x + 32] = (30, 200, 30)
        s.feed(image, t)
        t += 0.15
    (hand,) = s.kept["c1"]  # one shot, the hand in it (the first frames place the grid)
    film(s, table, laid, 8, t)
    assert len(s.kept["c1"]) == 3 and all(shot is not hand for shot in s.kept["c1"])
