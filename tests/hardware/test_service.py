"""The files shipped for a Raspberry Pi: the systemd unit and the pip constraints."""

from __future__ import annotations

import configparser
import shlex
from importlib import resources
from pathlib import Path

from packaging.requirements import Requirement

HARDWARE = Path(str(resources.files("hardware")))


def test_the_unit_runs_the_companion_with_the_system_configuration() -> None:
    unit = configparser.ConfigParser(interpolation=None, strict=True)
    unit.optionxform = str  # type: ignore[assignment,method-assign]  # systemd keys are case-sensitive
    unit.read(HARDWARE / "companion.service", encoding="utf-8")
    service = unit["Service"]
    assert shlex.split(service["ExecStart"]) == [
        "/opt/companion/.venv/bin/companion", "run", "--config", "/etc/companion/companion.toml"]
    assert set(service["SupplementaryGroups"].split()) == {"video", "gpio"}
    assert service["User"] == "companion" and service["Restart"] == "on-failure"
    # Python only unwinds (lights off, camera released) on SIGINT, not on systemd's default SIGTERM.
    assert service["KillSignal"] == "SIGINT"
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    assert "network-online.target" in unit["Unit"]["After"]


def test_the_pi_constraints_keep_numpy_below_2() -> None:
    lines = [line for line in (HARDWARE / "pi-constraints.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    pins = {Requirement(line).name: Requirement(line).specifier for line in lines}
    assert "1.26.4" in pins["numpy"] and "2.0.0" not in pins["numpy"]
    assert "4.11.0.86" in pins["opencv-python-headless"] and "4.12.0.88" not in pins["opencv-python-headless"]
