"""The camera-side commands attacked with bad files (issue 64): ``companion detect`` on a memory bomb."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

from tests.bombs import bomb_png

ROOT = Path(__file__).resolve().parents[3]
#: The address space ``detect`` is given: what the shipped model and OpenCV need, and far less
#: than the 2.7 GB that decoding a 30000x30000 picture takes.
MEMORY = 1_500_000_000


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def test_detect_refuses_a_png_bomb_under_a_memory_limit_and_goes_on(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(bomb_png(30_000, 30_000))
    fine = tmp_path / "fine.png"
    fine.write_bytes(bomb_png(320, 200, rows=200))  # a whole, small, grey picture
    result = subprocess.run([sys.executable, "-m", "companion", "detect", str(bomb), str(fine),
                             "--game", "rixes", "--lang", "fr"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, preexec_fn=_limited,
                            check=False)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        f"l'image {bomb} fait 30000x30000 pixels (900.0 Mpx, selon son en-tête PNG) : plus que les 50 Mpx "
        "et 16384 pixels de côté permis ; donnez-en une plus petite"]
    # The next image is still read.
    assert result.stdout.splitlines() == [f"{fine}: 0"]
