"""Opening the networks with onnxruntime: one place for their session options (:func:`session`)
and for what a bad finder or refiner file gets (:func:`open_network`).

The 8-bit networks (the classifiers and the corner refiner) store signed weights, what
onnxruntime's quantization writes. Against the unsigned activations, onnxruntime multiplies them
(U8S8) with VNNI's dot product, which sums in 32 bits, on x86 CPUs that have it, and with
``vpmaddubsw``, which adds two products in 16 bits and saturates, on those that do not (AVX2 alone:
many AMD and older Intel servers and laptops): there the readings change. Its session option
``session.x64quantprecision`` (:data:`PRECISION_MODE`) is the cure it documents: its graph optimiser
stores each signed weight tensor unsigned (the same values) and runs the slower U8U8 kernels, which
cannot saturate. It does so on every x86 CPU it is given, VNNI or not, so :func:`session` asks for
it only where the CPU has no VNNI (:func:`saturates`). On Arm (a Raspberry Pi) both kernels widen
before they add, and the option is compiled out.
"""

from __future__ import annotations

import functools
import json
import platform
import re
from pathlib import Path
from typing import Any

import onnxruntime as ort

from companion.errors import ModelUnavailable
from companion.text import Text

#: onnxruntime's session option that runs 8-bit layers with unsigned weights on x86 (U8U8).
PRECISION_MODE = "session.x64quantprecision"
#: onnxruntime's session option naming graph optimisers to leave out, and the one left out: the
#: layout that runs float convolutions on blocks of 8 or 16 channels (NCHWc). The finder network's
#: layers are 1 to 64 channels wide, and the reorders into and out of blocks cost more than they
#: save there: without them it runs 3 to 6% faster on the closer look's large inputs (1,152 by 640
#: pixels: 19.9 ms against 21.1, one core), its map the same to 2e-6. The 8-bit networks never
#: ran in that layout.
DISABLED_OPTIMIZERS = ("optimization.disable_specified_optimizers", "NchwcTransformer")
#: The x86 CPU flags (as Linux's ``/proc/cpuinfo`` names them) of the 8-bit dot product that sums
#: in 32 bits: AVX-512 VNNI, and AVX-VNNI on CPUs without AVX-512.
VNNI_FLAGS = ("avx512_vnni", "avx_vnni")
#: What :func:`platform.machine` says on x86 CPUs.
X86 = ("x86_64", "amd64", "i386", "i486", "i586", "i686", "x86")


def saturates(machine: str, cpuinfo: str | None) -> bool:
    """Whether onnxruntime's U8S8 kernels saturate on this CPU: an x86 ``machine`` whose
    ``cpuinfo`` (the text of ``/proc/cpuinfo``) names no VNNI flag, or that could not be read
    (the safe side: a little slower, never wrong).

    >>> saturates("x86_64", "flags : fpu sse4_1 avx2 avx512f avx512bw")
    True
    >>> saturates("x86_64", "flags : fpu avx2 avx512f avx512_vnni")
    False
    >>> saturates("aarch64", None)
    False
    >>> saturates("AMD64", None)
    True
    """
    if machine.lower() not in X86:
        return False
    if cpuinfo is None:
        return True
    return not any(re.search(rf"\b{flag}\b", cpuinfo) for flag in VNNI_FLAGS)


@functools.cache
def this_cpu_saturates() -> bool:
    """:func:`saturates` for the CPU this runs on (read once)."""
    try:
        cpuinfo: str | None = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
    except OSError:  # not Linux: no file to read the flags from
        cpuinfo = None
    return saturates(platform.machine(), cpuinfo)


def session(path: Path, threads: int = 1, *, precise: bool | None = None) -> Any:
    """An onnxruntime session of the model file ``path`` on ``threads`` threads (the CPU
    provider), its 8-bit layers exact on every CPU: with :data:`PRECISION_MODE` where ``precise``
    says, by default where :func:`this_cpu_saturates`. Raises what onnxruntime raises for a file
    it cannot read."""
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.add_session_config_entry(*DISABLED_OPTIMIZERS)
    if this_cpu_saturates() if precise is None else precise:
        options.add_session_config_entry(PRECISION_MODE, "1")
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


def kernels() -> str:
    """Which 8-bit kernels :func:`session` runs on this CPU, for benchmarks to print."""
    return "u8u8 (x64 precision mode, no VNNI)" if this_cpu_saturates() else "u8s8"


def open_network(path: Path, kind: str, missing: str, unreadable: str, **fields: str
                 ) -> tuple[Any, dict[str, Any]]:
    """A :func:`session` of the model file ``path`` on one thread, and its metadata (JSON values
    decoded).

    Raises :class:`~companion.errors.ModelUnavailable` with the message ``missing`` when there is
    no such file, ``unreadable`` (with a ``detail``) when onnxruntime cannot read it or its
    metadata's ``kind`` is not ``kind``; ``fields`` fill the rest of either message.
    """
    if not path.is_file():
        raise ModelUnavailable(Text(missing, path=str(path), **fields))
    try:
        opened = session(path)
        metadata = {k: json.loads(v) for k, v in opened.get_modelmeta().custom_metadata_map.items()}
    except Exception as error:  # onnxruntime raises its own untyped errors, json its own
        raise ModelUnavailable(Text(unreadable, path=str(path), detail=str(error)[:200], **fields)) from None
    if metadata.get("kind") != kind:
        detail = f"not a {kind.replace('-', ' ')}"
        raise ModelUnavailable(Text(unreadable, path=str(path), detail=detail, **fields))
    return opened, metadata
