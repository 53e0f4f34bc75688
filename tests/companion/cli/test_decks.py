"""``companion enrol``, ``decks``, ``eval-enrol``, ``bench profile`` and ``--deck`` on the reading commands:
rendered scenes stand for labelled photos, found by a finder that knows their cards."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import pytest

from companion.app.bench import one_blas_thread
from companion.cli import enrol_camera
from companion.cli.main import main
from tests.companion.app.test_decks import shipped_profile
from tests.vision.voc_scenes import TruthFinder, voc_text, write_scenes


@pytest.fixture
def decks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty decks folder, the user's data and configuration in ``tmp_path``."""
    folder = tmp_path / "decks"
    monkeypatch.setenv("COMPANION_DECKS", str(folder))
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    return folder


@pytest.fixture
def photos(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Rendered crew scenes as labelled photos, their cards found by a finder that knows them."""
    finder = TruthFinder()
    write_scenes(tmp_path / "photos", "crew", [1, 2], finder)
    monkeypatch.setattr("companion.cli.decks.make_finder", lambda *args: finder)
    return tmp_path / "photos"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_enrol_from_photos_into_the_decks_folder_then_list_it(
        decks: Path, photos: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "enrol", "--photos", str(photos), "--game", "crew", "--deck", "home")
    assert status == 0 and out.startswith("deck home: ") and str(decks / "home.deck") in out
    assert "of 2 photos" in out
    (decks / "torn.deck").write_bytes(b"PK\x03\x04")
    status, out, _ = run(capsys, "decks")
    lines = out.splitlines()
    assert status == 0 and lines[0].split()[:3] == ["deck", "game", "cards"]
    assert lines[1].startswith("home ") and " crew " in lines[1] and lines[1].split()[-2] == "crew"
    assert lines[2].startswith("torn ") and "cannot be read" in lines[2]
    status, out, _ = run(capsys, "decks", "--json", "--lang", "fr")
    home, torn = (json.loads(line) for line in out.splitlines())
    assert home["game"] == "crew" and home["model_installed"] == "crew" and not torn["readable"]


def test_enrol_a_deck_of_no_game_to_a_file(decks: Path, photos: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "mine" / "cards.deck"
    status, out, _ = run(capsys, "enrol", "--photos", str(photos), "--model", "crew", "--out", str(out_file),
                         "--shots", "1", "--seed", "3", "--lang", "fr")
    assert status == 0 and out.startswith("jeu de cartes cards : ") and out_file.is_file()
    status, out, _ = run(capsys, "decks", "--folder", str(out_file.parent), "--json")
    (entry,) = (json.loads(line) for line in out.splitlines())
    assert entry["game"] is None and entry["shots"] == entry["cards"]  # one shot of each card


@pytest.mark.parametrize(("args", "said"), [
    (["--deck", "x"], "a deck of no game needs --model GAME"),
    (["--game", "crew", "--model", "rixes", "--deck", "x"], "a deck of crew is read with the model of crew"),
    (["--game", "crew"], "give --deck NAME (saved in the decks folder) or --out FILE"),
    (["--game", "crew", "--deck", "bad*name"], "is no deck name"),
])
def test_enrol_refuses_what_it_cannot_do(args: list[str], said: str, decks: Path, photos: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "enrol", "--photos", str(photos), *args)
    assert status == 2 and said in err and not out and not decks.exists()


def test_enrol_names_the_file_of_a_card_not_of_the_game(decks: Path, photos: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    (photos / "scene-2.xml").write_text(voc_text(["ace"], [(0, 0, 50, 80)]))
    status, _, err = run(capsys, "enrol", "--photos", str(photos), "--game", "crew", "--deck", "home")
    assert status == 2 and f"{photos / 'scene-2.xml'}: 'ace' is no card of this game" in err


def test_enrol_from_a_folder_without_labelled_photos(decks: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "enrol", "--photos", str(tmp_path), "--game", "crew", "--deck", "home")
    assert status == 2 and f"no labelled photo in {tmp_path}" in err


def test_enrol_without_photos_enrols_from_the_camera(decks: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[object] = []

    def enrol_from_camera(args: argparse.Namespace) -> int:
        seen.append((args.game, args.grid, args.shots))
        return 0

    monkeypatch.setattr(enrol_camera, "run", enrol_from_camera)
    assert main(["enrol", "--game", "crew", "--grid", "2x6"]) == 0 and seen == [("crew", "2x6", None)]


def test_eval_enrol_prints_its_figures(decks: Path, photos: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    both = ["--enrol", str(photos), "--test", str(photos)]
    status, out, _ = run(capsys, "eval-enrol", *both, "--model", "crew", "--shots", "all", "--json")
    figures = json.loads(out)
    assert status == 0 and {"boxes", "found", "right", "wrong", "unsure", "ms_per_crop"} <= set(figures)
    assert figures["found"] == 1.0 and figures["wrong"] == 0.0 and figures["shots"] == "all"
    status, out, _ = run(capsys, "eval-enrol", *both, "--game", "crew")
    assert status == 0 and "right: " in out and "ms_per_crop: " in out
    status, _, err = run(capsys, "eval-enrol", "--enrol", str(photos), "--test", str(tmp_path), "--model",
                         "crew")
    assert status == 2 and "no labelled photo" in err
    assert not decks.exists()  # nothing kept on disk


def test_bench_profile(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "bench", "profile", "--seconds", "0.05", "--json")
    figures = json.loads(out)
    assert status == 0 and figures["stored_shots"] == 320 and figures["profile_bytes"] < 1_000_000
    assert figures["ms_per_crop_added"] > 0 and figures["targets"]["ms_per_crop_added"] == 0.1


def test_detect_with_a_deck(decks: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_scenes(tmp_path / "one", "rixes", [1])
    image = str(tmp_path / "one" / "scene-1.png")
    shipped_profile("rixes").save(decks / "home.deck")
    status, out, err = run(capsys, "detect", image, "--game", "rixes", "--deck", "home", "--json")
    assert status == 0 and not err and json.loads(out)["image"] == image
    status, out, err = run(capsys, "detect", image, "--game", "crew", "--deck", "home")
    assert status == 2 and "deck profile home is for rixes, not crew" in err and not out
    status, _, err = run(capsys, "detect", image, "--game", "rixes", "--deck", "away", "--lang", "fr")
    assert status == 2 and f"pas de profil de jeu de cartes {decks / 'away.deck'}" in err


def test_watch_run_and_demo_refuse_a_deck_they_cannot_read(decks: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[signals]\noutput = "none"\n[camera]\ndeck = "torn"\n')
    decks.mkdir()
    (decks / "torn.deck").write_bytes(b"torn")
    said = f"deck profile {decks / 'torn.deck'} cannot be read"
    status, _, err = run(capsys, "watch", str(tmp_path), "--config", str(config))
    assert status == 2 and said in err
    status, _, err = run(capsys, "watch", str(tmp_path), "--deck", "away")
    assert status == 2 and "no deck profile" in err
    store = str(tmp_path / "g.db")
    status, _, err = run(capsys, "run", "--no-page", "--store", store, "--config", str(config))
    assert status == 2 and said in err
    status, _, err = run(capsys, "demo", "--no-page", "--store", store, "--config", str(config), "--deck",
                         "away")
    assert status == 2 and "no deck profile" in err


def test_doctor_says_how_the_configured_deck_stands(decks: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "companion.toml"
    config.write_text('[camera]\nsource = "synthetic"\ndeck = "home"\n'
                      'size = [160, 120]\nlores = [160, 120]\n')
    decks.mkdir()
    shipped_profile("rixes").save(decks / "home.deck")
    main(["doctor", "--config", str(config), "--json"])
    checks = {check["check"]: check for check in json.loads(capsys.readouterr().out)["checks"]}
    assert checks["deck"]["status"] == "ok" and "4 cards of rixes" in checks["deck"]["message_en"]
    (decks / "home.deck").write_bytes(b"torn")
    main(["doctor", "--config", str(config), "--json"])
    checks = {check["check"]: check for check in json.loads(capsys.readouterr().out)["checks"]}
    assert checks["deck"]["status"] == "problem" and "cannot be read" in checks["deck"]["message_en"]


def test_one_blas_thread_is_asked_for_only_before_numpy_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    one_blas_thread()  # numpy is loaded here: nothing to ask, nothing changed
    assert "OPENBLAS_NUM_THREADS" not in os.environ
    monkeypatch.delitem(sys.modules, "numpy")
    one_blas_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
