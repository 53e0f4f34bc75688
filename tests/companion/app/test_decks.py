"""Deck profiles in the data folder: where they lie, a deck found by name or path, the list of them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.app.decks import (
    check_name,
    deck_path,
    decks_folder,
    installed_models,
    list_decks,
    load_deck,
    with_deck,
)
from companion.errors import ProfileUnavailable
from vision.read.catalogue import GAMES
from vision.read.classify import OnnxClassifier
from vision.read.profile import DeckProfile, ProfiledClassifier


def shipped_profile(game: str, name: str = "home") -> DeckProfile:
    """A profile of four random crops, enrolled by ``game``'s shipped model."""
    classifier = OnnxClassifier(game)
    crops = np.random.default_rng(0).integers(0, 255, (4, 88, 64, 3), dtype=np.uint8)
    embeddings = classifier.read(crops)[1]
    return DeckProfile.enrol(name, game, classifier.fingerprint, ["a", "b", "c", "d"], embeddings, embeddings)


def test_the_decks_folder_is_chosen_as_the_store_is(tmp_path: Path) -> None:
    assert decks_folder({"COMPANION_DECKS": str(tmp_path)}) == tmp_path
    assert decks_folder({"XDG_DATA_HOME": "/data"}) == Path("/data/companion/decks")
    assert decks_folder({}) == Path.home() / ".local/share/companion/decks"


@pytest.mark.parametrize(("deck", "file"), [
    ("home", "/decks/home.deck"), ("My deck 2", "/decks/My deck 2.deck"), ("v1.2", "/decks/v1.2.deck"),
    ("other/home.deck", "other/home.deck"), ("home.deck", "home.deck"), ("/abs/x.deck", "/abs/x.deck"),
])
def test_a_deck_is_a_name_in_the_folder_or_a_path(deck: str, file: str) -> None:
    assert deck_path(deck, Path("/decks")) == Path(file)


@pytest.mark.parametrize("deck", ["", "..", "-rf", "a" * 65, "tab\tname", "é"])
def test_a_name_that_cannot_be_a_file_s_is_refused(deck: str) -> None:
    with pytest.raises(ProfileUnavailable, match="is no deck name"):
        deck_path(deck, Path("/decks"))


def test_decks_listed_a_bad_one_with_why(tmp_path: Path) -> None:
    shipped_profile("rixes").save(tmp_path / "home.deck")
    (tmp_path / "broken.deck").write_bytes(b"PK\x03\x04 not much of a zip")
    (tmp_path / "folder.deck").mkdir()
    (tmp_path / "notes.txt").write_text("not a deck")
    entries = {entry.name: entry for entry in list_decks(tmp_path)}
    assert sorted(entries) == ["broken", "folder", "home"]
    installed = installed_models()
    home = entries["home"].to_json(installed)
    assert home["readable"] and home["cards"] == 4 and home["shots"] == 4 and home["game"] == "rixes"
    assert home["model_installed"] == "rixes" and home["bytes"] == (tmp_path / "home.deck").stat().st_size
    for bad in ("broken", "folder"):
        shown = entries[bad].to_json(installed)
        assert not shown["readable"] and "cannot be read" in shown["error_en"]
        assert "illisible" in shown["error_fr"]
    assert list_decks(tmp_path / "none") == []


def test_every_installed_model_is_known_by_its_fingerprint() -> None:
    installed = installed_models()
    assert sorted(installed.values()) == sorted(GAMES)
    assert installed[OnnxClassifier("crew").fingerprint] == "crew"


def test_reading_with_a_deck_by_name(tmp_path: Path) -> None:
    shipped_profile("rixes").save(tmp_path / "home.deck")
    assert load_deck("home", tmp_path).name == "home"
    assert isinstance(with_deck(OnnxClassifier("rixes"), "home", tmp_path), ProfiledClassifier)
    with pytest.raises(ProfileUnavailable, match="is for rixes, not crew"):
        with_deck(OnnxClassifier("crew"), "home", tmp_path)
    with pytest.raises(ProfileUnavailable, match="no deck profile"):
        with_deck(OnnxClassifier("rixes"), "away", tmp_path)


@pytest.mark.parametrize(("name", "ok"), [("home", True), ("  Kitchen table 2 ", True), ("a.b-c_d", True),
                                          (".hidden", False), ("../up", False), ("a/b", False), ("", False),
                                          ("x" * 65, False), ("é", False), (7, False)])
def test_a_deck_name_names_a_file_of_the_decks_folder(name: object, ok: bool) -> None:
    assert (check_name(name) is not None) == ok
