"""Quantizing a classifier (or the corner refiner) to 8-bit integers after training, for speed
on the Pi's CPU.

onnxruntime's static quantization (:func:`onnxruntime.quantization.quantize_static`)
turns the network's convolutions and dense layers into 8-bit arithmetic, with
scales measured on crops the model reads: a quarter of the file, and faster on
a CPU with 8-bit dot products. The heads stay in floating point: their
logits divided by the temperature and the softmax make the calibrated
confidence the threshold is set on, and 256 steps would blur it (the
refiner's corners likewise keep their fractions of a pixel).

The weights stay signed, as onnxruntime's quantization writes them: against unsigned
activations (U8S8) they run fastest on CPUs with 8-bit dot products that sum in 32 bits (VNNI),
and every session the companion opens (:func:`vision.networks.session`) asks onnxruntime to run
them unsigned (U8U8, the same values) on x86 CPUs without VNNI, whose U8S8 kernels saturate. From
2026-11-24 to 2026-11-25 the files stored them unsigned instead (each weight and its zero point
moved up by 128), exact everywhere but three times slower on a VNNI CPU: see ``models/MODELS.md``,
"Weights stored unsigned" and "Signed weights again".

Needs the ``train`` extra (``onnx``); the quantized file runs on onnxruntime alone.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path

import onnx
from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static

from models.training.dataset import Crops

#: Operators quantized; the others (the input's scaling, the heads, softmax, sigmoid) stay float.
QUANTIZED_OPS = ["Conv", "MaxPool", "Relu", "Flatten", "Gemm"]
#: Crops a calibration batch: the scales are the activations' ranges over every batch.
BATCH = 64


class _Batches(CalibrationDataReader):  # type: ignore[misc]  # onnxruntime is untyped
    """The calibration crops, a batch at a time, as onnxruntime asks for them."""

    def __init__(self, crops: Crops, name: str) -> None:
        self._batches = iter([crops[i:i + BATCH] for i in range(0, len(crops), BATCH)])
        self._name = name

    def get_next(self) -> dict[str, Crops] | None:
        batch = next(self._batches, None)
        return None if batch is None else {self._name: batch}


#: A classifier's output that is no head: the features its heads read, quantized like the layers
#: before them.
EMBEDDING = "embedding"


def heads(model: onnx.ModelProto) -> list[str]:
    """The names of the nodes between the model's outputs (but its :data:`EMBEDDING`) and the
    last dense layers feeding them, those layers included: what stays in floating point."""
    producer = {output: node for node in model.graph.node for output in node.output}
    kept: list[str] = []
    todo = [output.name for output in model.graph.output if output.name != EMBEDDING]
    while todo:
        node = producer.get(todo.pop())
        if node is None or node.name in kept:
            continue
        kept.append(node.name)
        if node.op_type not in ("Gemm", "MatMul"):
            todo += [name for name in node.input if name in producer]
    return kept


def quantize(model: Path, out: Path, crops: Crops) -> None:
    """Write to ``out`` the int8 version of the float network ``model`` (a classifier, or the
    corner refiner), its activation ranges measured on ``crops``, examples of its uint8 input
    (the classifier's (N, 88, 64, 3) crops, the refiner's windows), and its metadata kept."""
    source = onnx.load(str(model))
    # onnxruntime logs a suggestion to pre-process the model (shape inference, fusions) on the root
    # logger: the exported graph has its batch norms folded already, and the advice is not for players.
    logging.disable(logging.WARNING)
    try:
        _quantize(model, out, crops, source)
    finally:
        logging.disable(logging.NOTSET)


def _quantize(model: Path, out: Path, crops: Crops, source: onnx.ModelProto) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        staged = Path(scratch) / "quantized.onnx"
        quantize_static(str(model), str(staged), _Batches(crops, source.graph.input[0].name),
                        quant_format=QuantFormat.QDQ, activation_type=QuantType.QUInt8,
                        weight_type=QuantType.QInt8, per_channel=True, op_types_to_quantize=QUANTIZED_OPS,
                        nodes_to_exclude=heads(source))
        result = onnx.load(str(staged))
    del result.metadata_props[:]
    result.metadata_props.extend(source.metadata_props)
    onnx.save(result, str(out))

