"""The card catalogue names exactly the cards the engine and the record know."""

from __future__ import annotations

import pytest

from companion.pyramid import CARDS
from companion.tranquility import ISLAND, OTHER_CARDS
from vision.catalogue import BACK, FACES, GAMES, ONE_COPY, faces


def test_tranquility_faces_are_the_record_names() -> None:
    names = {face.name for face in faces("tranquility")}
    assert names == set(ISLAND) | {"start", "finish"} | (OTHER_CARDS - {"back"})


def test_ascension_faces_are_the_engine_cards() -> None:
    names = {face.name for face in faces("ascension")}
    assert names == set(CARDS) - {"back"}


def test_crew_and_rixes_decks() -> None:
    crew = {face.name for face in faces("crew")}
    assert len(crew) == 40 and "pink-9" in crew and "sub-4" in crew and "sub-5" not in crew
    rixes = {face.name for face in faces("rixes")}
    assert len(rixes) == 27 and {"fist-0", "sabres-8", "pistols-5"} <= rixes


def test_the_faces_a_deck_holds_one_of() -> None:
    assert ONE_COPY["crew"] == {face.name for face in faces("crew")}
    assert ONE_COPY["rixes"] == {face.name for face in faces("rixes")}
    # Tranquillité's islands, start and finish; not its many border cards, nor Mers agitées'.
    assert ONE_COPY["tranquility"] == set(ISLAND) | {"start", "finish"}
    assert "ascension" not in ONE_COPY  # its Versants repeat
    assert all(BACK.name not in names for names in ONE_COPY.values())


@pytest.mark.parametrize("game", GAMES)
def test_every_face_is_described(game: str) -> None:
    assert FACES[game]["back"] is BACK
    for face in faces(game):
        assert face.game == game
        assert face.note, face.name
        assert len(face.colour) == 3 and all(0 <= c <= 255 for c in face.colour)
        # A face with a value shows it: the classifier reads the label.
        if face.kind in ("island", "versant", "suit", "submarine", "weapon"):
            assert face.label and face.label in face.name


def test_labels_tell_ibex_and_terrain_apart_only_by_icon_and_colour() -> None:
    plain, ibex = FACES["ascension"]["9r"], FACES["ascension"]["9r+ibex"]
    assert plain.label == ibex.label and plain.colour == ibex.colour
    assert "ibex" in ibex.icons and "ibex" not in plain.icons
    assert FACES["ascension"]["9g"].colour != plain.colour
