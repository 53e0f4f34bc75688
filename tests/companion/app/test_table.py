"""Placing the table from the page: the desk between the page and the camera, the corners checked,
and the configuration file edited so that the user's comments stay."""

from __future__ import annotations

import math
import os
import tomllib
from pathlib import Path

import pytest

from companion.app.table import TableDesk, TableRequest, check_corners, save_corners, with_corners
from companion.config import default_file, read_config
from companion.errors import ConfigError, MalformedInput

CORNERS = [[100.25, 600.0], [500.0, 600.0], [500.0, 100.0], [100.0, 100.0]]
SQUARE = [[0.1, 0.9], [0.9, 0.9], [0.9, 0.1], [0.1, 0.1]]


def test_the_desk_hands_the_latest_request_over_once_and_tells_of_state_changes() -> None:
    desk = TableDesk()
    heard: list[str | None] = []
    stop = desk.subscribe(lambda: heard.append(None if desk.status is None else desk.status.state))
    assert desk.status is None and desk.take() is None
    desk.ask(TableRequest(confirm=True))
    desk.ask(TableRequest(corners=check_corners(SQUARE)))  # the newer one wins
    taken = desk.take()
    assert taken is not None and taken.corners is not None and taken.corners[0] == (0.1, 0.9)
    assert desk.take() is None
    desk.report("checking", (1280, 720))
    desk.report("checking", (1280, 720))  # no change, nothing said
    desk.report("by_hand", (1280, 720))
    status = desk.status
    assert status is not None and status.size == (1280, 720)
    assert status.text.en == "table: set by hand" and status.text.fr == "table : placée à la main"
    desk.stopped()
    assert heard == ["checking", "by_hand", None] and desk.status is None
    stop()
    desk.report("placed", (10, 10))
    assert len(heard) == 3


@pytest.mark.parametrize("value", [
    None, "0.1,0.9", [], SQUARE[:3], [*SQUARE, [0.5, 0.5]], [[0.1, 0.9, 0.0], *SQUARE[1:]],
    [[True, 0.9], *SQUARE[1:]], [["0.1", 0.9], *SQUARE[1:]], [[-0.01, 0.9], *SQUARE[1:]],
    [[1.01, 0.9], *SQUARE[1:]], [[math.nan, 0.9], *SQUARE[1:]], [[math.inf, 0.9], *SQUARE[1:]],
    [{"x": 0.1}, *SQUARE[1:]],
])
def test_corners_that_are_not_four_fractions_are_refused(value: object) -> None:
    with pytest.raises(MalformedInput, match="four corners are needed"):
        check_corners(value)


@pytest.mark.parametrize("value", [
    [[0.1, 0.1], [0.9, 0.1], [0.9, 0.9], [0.1, 0.9]],  # the other way round: a mirrored layout
    [[0.1, 0.9], [0.9, 0.1], [0.9, 0.9], [0.1, 0.1]],  # a bow tie
    [[0.1, 0.9], [0.9, 0.9], [0.5, 0.7], [0.1, 0.1]],  # a dent
    [[0.1, 0.9], [0.9, 0.9], [0.9, 0.9], [0.1, 0.1]],  # two taps on one spot
    [[0.5, 0.51], [0.51, 0.51], [0.51, 0.5], [0.5, 0.5]],  # a slip of the finger
])
def test_corners_round_no_convex_area_the_layouts_way_are_refused(value: object) -> None:
    with pytest.raises(MalformedInput, match="bottom left, bottom right, top right, top left"):
        check_corners(value)


def test_corners_turned_with_the_camera_are_accepted() -> None:
    # A camera on the other side of the table sees the layout upside down: the same way round.
    assert check_corners([[0.9, 0.1], [0.1, 0.1], [0.1, 0.9], [0.9, 0.9]])[0] == (0.9, 0.1)
    assert check_corners([[0, 1], [1, 1], [1, 0], [0, 0]])[3] == (0.0, 0.0)


USER_FILE = """\
# My table at home.
[camera]
source = "webcam:0"  # the USB one
corners = [[1, 2], [3, 4],
           [5, 6], [7, 8]]  # set last summer
fps = 10.0

[page]
# the port my router forwards
port = 8000
"""


def test_an_existing_corners_value_is_replaced_and_every_comment_kept() -> None:
    edited = with_corners(USER_FILE, CORNERS)
    assert edited == USER_FILE.replace(
        "corners = [[1, 2], [3, 4],\n           [5, 6], [7, 8]]  # set last summer",
        "corners = [[100.2, 600.0], [500.0, 600.0], [500.0, 100.0], [100.0, 100.0]]  # set last summer")
    assert tomllib.loads(edited)["page"] == {"port": 8000}


def test_the_corners_go_after_the_camera_header_or_in_a_new_section() -> None:
    no_corners = "[camera] # mine\nfps = 10.0\n[pins]\nbuzzer = 23\n"
    assert with_corners(no_corners, CORNERS).splitlines()[:2] == [
        "[camera] # mine", "corners = [[100.2, 600.0], [500.0, 600.0], [500.0, 100.0], [100.0, 100.0]]"]
    # A corners key of another section is not the camera's.
    other = "[pins]\n# corners = nothing here\nbuzzer = 23"
    edited = with_corners(other, CORNERS)
    assert edited.startswith(other + "\n\n[camera]\ncorners = [[100.2")
    assert tomllib.loads(edited)["pins"] == {"buzzer": 23}
    assert with_corners("", CORNERS) == "[camera]\ncorners = [[100.2, 600.0], [500.0, 600.0], " \
                                        "[500.0, 100.0], [100.0, 100.0]]\n"


def test_saving_edits_the_file_in_place_and_it_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "companion.toml"
    path.write_text(USER_FILE, encoding="utf-8")
    path.chmod(0o640)
    save_corners(path, CORNERS)
    config = read_config(path)
    assert config.camera.corners == ((100.2, 600.0), (500.0, 600.0), (500.0, 100.0), (100.0, 100.0))
    assert config.page.port == 8000 and "# the port my router forwards" in path.read_text(encoding="utf-8")
    assert path.stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["companion.toml"]  # no temporary file left


def test_saving_makes_the_users_file_when_there_is_none(tmp_path: Path) -> None:
    desk = TableDesk(tmp_path / "home" / ".config" / "companion" / "companion.toml")
    saved = desk.save(CORNERS)
    assert saved is not None and saved == desk.saved == desk.config_path
    assert read_config(saved).camera.corners is not None
    assert TableDesk().save(CORNERS) is None  # the demo saves nothing


def test_a_file_that_cannot_be_written_raises_a_config_error_and_stays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("", encoding="utf-8")
    with pytest.raises(ConfigError, match="could not be saved in") as caught:
        save_corners(not_a_folder / "companion.toml", CORNERS)
    assert "n'a pas pu être enregistré" in caught.value.text.fr

    path = tmp_path / "companion.toml"
    path.write_text(USER_FILE, encoding="utf-8")

    def refused(*args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(ConfigError, match="permission"):
        save_corners(path, CORNERS)
    assert path.read_text(encoding="utf-8") == USER_FILE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["companion.toml", "file"]


def test_a_file_the_companion_would_refuse_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "companion.toml"
    # The camera's section as an inline table: the edit would define it twice.
    broken = 'camera = {source = "webcam:0"}\n'
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(ConfigError):
        save_corners(path, CORNERS)
    assert path.read_text(encoding="utf-8") == broken


def test_the_shipped_commented_file_keeps_every_other_line(tmp_path: Path) -> None:
    path = tmp_path / "companion.toml"
    shipped = default_file().read_text(encoding="utf-8")
    path.write_text(shipped, encoding="utf-8")
    save_corners(path, CORNERS)
    before, after = shipped.splitlines(), path.read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert changed == [("corners = false", "corners = [[100.2, 600.0], [500.0, 600.0], [500.0, 100.0], "
                                           "[100.0, 100.0]]")]
    assert read_config(path).camera.corners == ((100.2, 600.0), (500.0, 600.0), (500.0, 100.0),
                                                (100.0, 100.0))
