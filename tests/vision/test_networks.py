"""Opening the networks: their 8-bit layers run exact on every CPU (bad files: test_refine, test_segment,
test_classify)."""

from __future__ import annotations

import platform
from pathlib import Path

import pytest

from vision import networks
from vision.find.refine import CornerRefiner, default_refiner_path
from vision.find.segment import CardFinder
from vision.networks import PRECISION_MODE, saturates, session, this_cpu_saturates
from vision.read.classify import OnnxClassifier

MODELS = Path(__file__).parents[2] / "models"


def _precise(opened: object) -> bool:
    """Whether a session was opened with onnxruntime's x64 precision mode."""
    options = opened.get_session_options()  # type: ignore[attr-defined]
    try:
        return bool(options.get_session_config_entry(PRECISION_MODE) == "1")
    except RuntimeError:  # onnxruntime: no such entry
        return False


@pytest.mark.parametrize(("machine", "cpuinfo", "expected"), [
    ("x86_64", "flags\t\t: fpu sse4_1 avx2 fma", True),  # AVX2 alone: vpmaddubsw saturates
    ("x86_64", "flags\t\t: avx2 avx512f avx512bw avx512vl", True),  # AVX-512 without VNNI, likewise
    ("x86_64", "flags\t\t: avx2 avx512f avx512_vnni", False),
    ("x86_64", "flags\t\t: avx2 avx_vnni", False),  # AVX-VNNI on a CPU without AVX-512
    ("x86_64", "flags\t\t: avx2 avx512_vnnix", True),  # a whole flag, not a prefix
    ("x86_64", None, True),  # unread: the safe side
    ("aarch64", "Features\t: fp asimd asimddp", False),  # a Raspberry Pi: no such kernel
    ("armv7l", None, False),
])
def test_which_cpus_saturate(machine: str, cpuinfo: str | None, expected: bool) -> None:
    assert saturates(machine, cpuinfo) is expected


def test_this_cpu_is_read_from_its_flags() -> None:
    try:
        cpuinfo: str | None = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:
        cpuinfo = None
    assert this_cpu_saturates() is saturates(platform.machine(), cpuinfo)


@pytest.mark.parametrize("cpu_saturates", [True, False])
def test_every_network_opens_precise_where_the_cpu_saturates(monkeypatch: pytest.MonkeyPatch,
                                                               cpu_saturates: bool) -> None:
    monkeypatch.setattr(networks, "this_cpu_saturates", lambda: cpu_saturates)
    assert _precise(session(MODELS / "crew.onnx")) is cpu_saturates
    assert _precise(session(MODELS / "crew.onnx", precise=not cpu_saturates)) is not cpu_saturates
    assert _precise(OnnxClassifier("crew")._session) is cpu_saturates
    assert _precise(CornerRefiner(default_refiner_path())._session) is cpu_saturates
    assert _precise(CardFinder()._session) is cpu_saturates  # a float network: the option changes nothing

