"""``companion enrol`` from the camera, on a folder of painted frames read by fakes of the classifier
and the finder: progress said in the chosen language, the profile saved in the decks folder, the
page served; wrong options refused with a reason."""

from __future__ import annotations

import argparse
import json
import re
import urllib.request
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.app.enrolment import EnrolmentSession
from companion.cli import enrol_camera, enrol_live
from companion.cli.enrol_camera import add_arguments, run
from companion.cli.lang import lang_option
from tests.companion.app.enrol_helpers import FakeReader, Table
from vision.read.profile import DeckProfile

DECK = ["1", "2", "3", "4"]
#: Four cards in batches of two, two shots each.
SMALL = ["--cards", "1,2,3,4", "--grid", "1x2", "--shots", "2"]


def parser() -> argparse.ArgumentParser:
    """``companion enrol`` as the command line builds it: the game, the deck, the language, then ours."""
    out = argparse.ArgumentParser(prog="companion enrol")
    out.add_argument("--game", default="tranquility")
    out.add_argument("--deck", default=None)
    out.add_argument("--config", default=None)
    lang_option(out)
    add_arguments(out)
    return out


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of its own (no configuration, no store), the decks folder in it, and the fakes of the
    classifier and finder the command loads."""
    for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, str(tmp_path / "home"))
    monkeypatch.setenv("COMPANION_DECKS", str(tmp_path / "decks"))
    monkeypatch.delenv("COMPANION_CAMERA", raising=False)
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    reader = FakeReader("tranquility", DECK)
    reader.embeds = True  # type: ignore[attr-defined]
    monkeypatch.setattr(enrol_live, "OnnxClassifier", lambda game: reader)
    monkeypatch.setattr(enrol_live, "make_finder", lambda *args: _painted_finder)
    return tmp_path


def _painted_finder(image: np.ndarray) -> np.ndarray:
    """The outlines of the cards painted on a :class:`Table`'s frame (plain rectangles, found again
    from the picture: the folder's frames carry no outlines)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    mask = np.asarray(np.abs(grey.astype(np.int16) - 90) > 3, np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    quads = []
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        if w > 20 and h > 20:
            quads.append([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])
    return np.array(quads, np.float32).reshape(-1, 4, 2)


def folder(path: Path, batches: list[dict[tuple[int, int], str]], frames: int = 12) -> Path:
    """A folder of frames: each batch laid for ``frames`` frames, then a bare table for three."""
    path.mkdir()
    table, k = Table(DECK), 0
    for laid in batches:
        for image in [table.frame(laid)] * frames + [table.frame({})] * 3:
            cv2.imwrite(str(path / f"{k:04d}.png"), image)
            k += 1
    return path


def test_a_deck_enrolled_from_a_folder_of_frames_is_saved_in_the_decks_folder(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frames = folder(home / "frames", [{(0, 0): "1", (0, 1): "2"}, {(0, 0): "3", (0, 1): "4"}])
    args = parser().parse_args(["--source", str(frames), *SMALL, "--no-page", "--deck", "kitchen",
                                "--lang", "en"])
    assert run(args) == 0
    out = capsys.readouterr().out
    assert "enrolling tranquility: 4 cards in 2 batches of up to 2, 2 shots each" in out
    assert "batch 1 done in" in out and "batch 2 of 2: lay these 2 cards" in out
    saved = home / "decks" / "kitchen.deck"
    assert f"deck profile kitchen saved: 4 cards, 8 shots, 0 skipped ({saved})" in out
    assert re.search(r"enrolment took [\d.]+ s at the table \(\d+ frames\) and [\d.]+ s of computing", out)
    profile = DeckProfile.load(saved)
    assert profile.cards == set(DECK) and profile.game == "tranquility" and profile.model == "fake-model"
    assert profile.about["source"] == "camera"


def test_stopped_early_what_was_kept_is_saved_and_said_in_french(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frames = folder(home / "frames", [{(0, 0): "1", (0, 1): "2"}])
    args = parser().parse_args(["--source", str(frames), *SMALL, "--no-page", "--frames", "6",
                                "--lang", "fr"])
    assert run(args) == 0
    out = capsys.readouterr().out
    assert "profil de jeu tranquility enregistré : 2 cartes" in out
    assert DeckProfile.load(home / "decks" / "tranquility.deck").about["missing"] == ["3", "4"]


def test_nothing_kept_nothing_saved(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    frames = folder(home / "frames", [{}])
    args = parser().parse_args(["--source", str(frames), "--grid", "1x2", "--no-page", "--lang", "en"])
    assert run(args) == 1
    assert not (home / "decks").exists()


def test_the_page_is_served_while_enrolling(home: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    frames = folder(home / "frames", [{(0, 0): "1", (0, 1): "2"}, {(0, 0): "3", (0, 1): "4"}])
    seen: list[dict[str, object]] = []
    feed = EnrolmentSession.feed

    def feed_and_look(self: EnrolmentSession, image: np.ndarray, t: float) -> None:
        feed(self, image, t)
        if self.frames == 5:  # the page, asked as a phone would, mid-enrolment
            url = re.search(r"page: (http://localhost:\d+/)enrol#token=", capsys.readouterr().out)
            assert url is not None
            with urllib.request.urlopen(url.group(1) + "enrol/state", timeout=5) as response:
                seen.append(json.loads(response.read()))

    monkeypatch.setattr(EnrolmentSession, "feed", feed_and_look)
    args = parser().parse_args(["--source", str(frames), *SMALL, "--host", "127.0.0.1", "--port", "0",
                                "--linger", "0", "--lang", "en"])
    monkeypatch.setattr(enrol_live, "_addresses", lambda host: ["localhost"])
    assert run(args) == 0
    assert seen and seen[0]["state"] == "laying" and seen[0]["camera"] is True


@pytest.mark.parametrize(("options", "said"), [
    (["--grid", "3by4"], "a grid is ROWSxCOLUMNS"),
    (["--grid", "9x9"], "a grid is ROWSxCOLUMNS"),
    (["--deck", "../secret"], "a deck's name"),
    (["--cards", "1,joker"], "joker is not a card of this enrolment"),
    (["--shots", "0"], "--shots"),
    (["--source", "simulated:x"], "--source"),
    (["--source", "simulated", "--game", "crew"], "films the table of ascension, tranquility, not of crew"),
])
def test_wrong_options_are_refused_with_a_reason(home: Path, capsys: pytest.CaptureFixture[str],
                                                 options: list[str], said: str) -> None:
    assert run(parser().parse_args([*options, "--no-page", "--lang", "en"])) == 2
    assert said in capsys.readouterr().err


def test_the_parser_loads_nothing_of_the_camera_side() -> None:
    # The command line's parser imports this module: its options are there, the work is elsewhere.
    assert enrol_camera.parse_grid("3x4") == (3, 4)
    assert "--source" in parser().format_help() and "simulated[:SEED]" in parser().format_help()
    assert not hasattr(enrol_camera, "EnrolmentSession")
