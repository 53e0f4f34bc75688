"""tests/arm64's vision step: two machines' readings of the same scenes compared."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

from tests.arm64_vision import CORNER_PX, compare, detections, main
from vision.detections import Detections

CARD = np.array([[[0, 0], [63, 0], [63, 88], [0, 88]]], np.float32)


def written(path: Path, *scenes: Detections) -> Path:
    path.write_text(json.dumps({"game": "crew", "scenes": [scene.to_json() for scene in scenes]}))
    return path


def card(name: str | None, dx: float = 0.0, confidence: float = 0.99) -> Detections:
    return Detections(CARD + np.float32(dx), (name,), np.array([confidence], np.float32), np.array([False]))


def test_a_reading_round_trips_through_its_json() -> None:
    one = card("b3", 2.5, 0.5)
    back = detections(one.to_json())
    assert back.names == one.names and np.array_equal(back.quads, one.quads)
    assert len(detections([])) == 0


def test_readings_within_the_tolerances_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    x86 = written(tmp_path / "x86.json", card("b3"), Detections.empty())
    arm = written(tmp_path / "arm.json", card("b3", CORNER_PX / 2, 0.985), Detections.empty())
    total, same = compare(x86, arm)
    assert same and total.cards == 1 and total.frames == 2
    assert main(["compare", str(x86), str(arm)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("same: 1 cards in 2 scenes")


@pytest.mark.parametrize("other", [card("b4"), card("b3", 2 * CORNER_PX), card("b3", 0, 0.9),
                                   Detections.empty()])
def test_another_name_place_confidence_or_card_is_different(tmp_path: Path, other: Detections) -> None:
    x86 = written(tmp_path / "x86.json", card("b3"))
    arm = written(tmp_path / "arm.json", other)
    assert not compare(x86, arm)[1]
    assert main(["compare", str(x86), str(arm)]) == 1


def test_the_arm64_script_parses_and_takes_its_mirror_from_this_machine() -> None:
    script = Path(__file__).with_name("arm64")
    assert subprocess.run(["bash", "-n", str(script)], check=False).returncode == 0
    text = script.read_text(encoding="utf-8")
    # The Debian mirror is this machine's apt's, never one written here.
    assert "/etc/apt/sources.list" in text and "debian.org" not in text
    # Never /sys in the root: onnxruntime crashes on the host's x86 CPU description there.
    assert 'mount --bind /sys' not in text and '"$root/sys"' not in text
