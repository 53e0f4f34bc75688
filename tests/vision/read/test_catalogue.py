"""The card catalogue names exactly the cards the engine and the record know."""

from __future__ import annotations

import pytest

from companion.games.ascension.pyramid import CARDS
from companion.games.ascension.setup import OPTIONS as ASCENSION_OPTIONS
from companion.games.tranquility.rules import ISLAND, OTHER_CARDS
from vision.read.catalogue import BACK, FACES, GAMES, ONE_COPY, faces, most


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


def test_the_faces_a_table_shows_one_of() -> None:
    assert ONE_COPY["crew"] == {face.name for face in faces("crew")}
    assert ONE_COPY["rixes"] == {face.name for face in faces("rixes")}
    # Tranquillité's islands, its start and finish cards, Récifs acérés and a Monstre marin; not
    # its border cards, nor the Tempêtes and Boussoles players keep in front of them.
    assert ONE_COPY["tranquility"] == set(ISLAND) | {"start", "finish", "reef", "monster"}
    # L'Ascension's Feux de camp, one a terrain, and the Sommet; its Versants come two of each.
    assert ONE_COPY["ascension"] == {"campfire-g", "campfire-s", "campfire-r", "summit"}
    assert all(BACK.name not in names for names in ONE_COPY.values())


def test_how_many_of_a_face_lie_on_a_table_as_the_engine_counts() -> None:
    assert most("tranquility", "border") == 25 and most("tranquility", "storm-yellow") == 6
    assert {most("ascension", name) for name in ("7g", "7g+ibex", "12r")} == {2}
    bridges, grapples = (next(option for option in ASCENSION_OPTIONS if option.name == name)
                         for name in ("bridges", "grapples"))
    assert most("ascension", "bridge") == max(int(str(choice)) for choice in bridges.choices)
    assert most("ascension", "grapple") == max(int(str(choice)) for choice in grapples.choices)
    assert most("tranquility", "back") is None and most("crew", "7g") is None
    assert all(face.most is not None for game in GAMES for face in faces(game))


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
