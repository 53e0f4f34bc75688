"""``companion doctor``: here it reports "no Pi camera, no GPIO" cleanly; with a fake Pi camera and
mock pins it is ready; every problem says how to fix it, and nothing ends in a traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from gpiozero import LED, Device
from gpiozero.pins.mock import MockFactory

from companion.cli.main import main
from hardware.fake import fake_picamera2


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A machine like this one: no picamera2, no pin library, no /dev/video*; a small camera size."""
    monkeypatch.setitem(sys.modules, "picamera2", None)
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-library")
    monkeypatch.delenv("COMPANION_CAMERA", raising=False)
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    dev = tmp_path / "dev"
    dev.mkdir()
    monkeypatch.setattr("companion.cli.doctor.DEV", dev)
    config = tmp_path / "companion.toml"
    config.write_text("[camera]\nsize = [160, 120]\nlores = [160, 120]\n", encoding="utf-8")
    return config


@pytest.fixture
def pi(bare: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Raspberry Pi: a camera picamera2 sees, GPIO pins, a webcam device."""
    monkeypatch.setitem(sys.modules, "picamera2", fake_picamera2())
    monkeypatch.setattr(Device, "pin_factory", MockFactory())
    dev = bare.parent / "dev"
    (dev / "video0").touch()
    (dev / "gpiochip0").touch()
    return bare


def doctor(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["doctor", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_here_no_pi_camera_no_gpio_is_reported_cleanly(bare: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = doctor(capsys, "--config", str(bare), "--lang", "en")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"  ok       configuration: {bare}"
    assert lines[1].startswith("  missing  Pi camera: picamera2 is not installed: on a Raspberry Pi, "
                               "`sudo apt install python3-picamera2`")
    assert lines[2] == "  missing  webcams: no /dev/video* device"
    assert lines[3].startswith("  ok       camera source synthetic (none named, so the first found")
    assert lines[3].endswith("a 160x120 frame read")
    assert lines[4].startswith("  missing  GPIO: no GPIO pin library works here")
    assert "sudo apt install python3-lgpio" in lines[4]
    assert lines[5].startswith("  ok       model of tranquility: ")
    assert lines[6].startswith("no Pi camera, no GPIO: fine for trying the companion here "
                               "(camera: synthetic, signals: console)")
    assert "Traceback" not in out


def test_the_report_in_french(bare: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = doctor(capsys, "--config", str(bare), "--lang", "fr")
    assert status == 0
    assert "  absent    caméra Pi : picamera2 n'est pas installé" in out
    assert out.splitlines()[-1].startswith("pas de caméra Pi, pas de GPIO : suffisant pour essayer")


def test_hardware_can_be_required(bare: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = doctor(capsys, "--config", str(bare), "--require-hardware", "--lang", "en")
    assert status == 1
    assert out.splitlines()[-1] == "no Pi camera, no GPIO, and --require-hardware was given"


def test_on_a_pi_everything_is_found(pi: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = doctor(capsys, "--config", str(pi), "--require-hardware", "--lang", "en")
    lines = out.splitlines()
    assert status == 0, out
    assert lines[1] == "  ok       Pi camera: 1 found (imx708)"
    assert lines[2] == f"  ok       webcams: {pi.parent / 'dev' / 'video0'}"
    assert lines[3].startswith("  ok       camera source picamera (none named")
    assert lines[4] == ("  ok       GPIO: MockFactory, pins green=17, red=27, buzzer=22, discard=5, "
                        "undo=6 free")
    assert lines[-1] == "ready: camera, GPIO, models and configuration all found"


def test_pins_held_by_another_program_are_a_problem(pi: Path, capsys: pytest.CaptureFixture[str]) -> None:
    held = LED(27)  # on Device.pin_factory, the mock one
    try:
        status, out, _ = doctor(capsys, "--config", str(pi), "--lang", "en")
    finally:
        held.close()
    assert status == 1
    assert "  problem  GPIO: cannot drive the configured pins" in out
    assert out.splitlines()[-1] == "1 problem(s): see the lines marked problem"


def test_a_device_the_user_may_not_open_says_which_group_to_join(
        pi: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.cli.doctor.os.access", lambda path, mode: "gpiochip" not in str(path))
    status, out, _ = doctor(capsys, "--config", str(pi), "--lang", "en")
    assert status == 1
    assert f"{pi.parent / 'dev' / 'gpiochip0'}: not allowed to open it; `sudo usermod -aG gpio $USER`" in out


def test_a_missing_model_says_how_to_make_one(bare: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("vision.read.classify.default_model", lambda game: bare.parent / f"{game}.onnx")
    status, out, _ = doctor(capsys, "--config", str(bare), "--game", "ascension", "--lang", "en")
    assert status == 1
    assert (f"  problem  model of ascension: no model file {bare.parent / 'ascension.onnx'} for ascension: "
            "train one with `companion train --game ascension`") in out


def test_a_bad_configuration_is_bad_input(bare: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bare.write_text("[pins]\nbuzzer = 99\n", encoding="utf-8")
    status, out, err = doctor(capsys, "--config", str(bare), "--lang", "en")
    assert status == 2 and err == ""
    assert out.splitlines()[0] == (
        f"  problem  configuration: {bare}: bad value for pins.buzzer: 99 (allowed: a BCM GPIO number "
        "from 0 to 27, or false when nothing is wired); the checks below use the defaults")


def test_a_missing_configuration_file_is_bad_input(bare: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = doctor(capsys, "--config", str(bare.parent / "typo.toml"), "--source", "synthetic")
    assert status == 2 and "typo.toml does not exist" in out


def test_a_bad_source_name_is_bad_input(bare: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = doctor(capsys, "--config", str(bare), "--source", "usb:0", "--lang", "en")
    assert status == 2
    assert "  problem  camera source usb:0: unknown camera source usb:0: use auto, picamera[:N]" in out


def test_a_named_camera_that_fails_is_a_problem(bare: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = doctor(capsys, "--config", str(bare), "--source", "webcam:63", "--lang", "en")
    assert status == 1
    assert "  problem  camera source webcam:63: cannot open webcam 63" in out


def test_json_report(bare: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = doctor(capsys, "--config", str(bare), "--json")
    report = json.loads(out)
    assert status == report["status"] == 0
    assert [c["check"] for c in report["checks"]] == [
        "configuration", "picamera", "webcams", "source", "gpio", "model tranquility"]
    assert [c["status"] for c in report["checks"]] == ["ok", "missing", "missing", "ok", "missing", "ok"]
    assert report["summary_en"].startswith("no Pi camera, no GPIO")
    assert report["summary_fr"].startswith("pas de caméra Pi, pas de GPIO")


def test_the_environment_comes_before_the_configured_source(bare: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    bare.write_text('[camera]\nsource = "webcam:63"\nsize = [160, 120]\nlores = [160, 120]\n')
    monkeypatch.setenv("COMPANION_CAMERA", "synthetic:ascension")
    status, out, _ = doctor(capsys, "--config", str(bare), "--lang", "en")
    assert status == 0
    assert "  ok       camera source synthetic:ascension: a 160x120 frame read" in out
    status, out, _ = doctor(capsys, "--config", str(bare), "--source", "webcam:62", "--lang", "en")
    assert status == 1 and "cannot open webcam 62" in out


def test_a_configuration_in_a_folder_the_user_cannot_enter_is_reported(
        bare: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a PermissionError traceback: now the problem, named, and the checks go on."""
    locked = bare.parent / "locked" / "companion.toml"
    real_is_file = Path.is_file

    def is_file(self: Path) -> bool:
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return real_is_file(self)

    monkeypatch.setattr(Path, "is_file", is_file)
    status, out, err = doctor(capsys, "--config", str(locked), "--source", "synthetic", "--lang", "en")
    assert status == 2 and err == ""
    assert f"cannot read configuration file {locked}: permission denied" in out.splitlines()[0]
    assert "gpio" in out.lower()
