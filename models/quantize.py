"""Quantizing a classifier (or the corner refiner) to 8-bit integers after training, for speed
on the Pi's CPU.

onnxruntime's static quantization (:func:`onnxruntime.quantization.quantize_static`)
turns the network's convolutions and dense layers into 8-bit arithmetic, with
scales measured on crops the model reads: a quarter of the file, and faster on
a CPU with 8-bit dot products. The heads stay in floating point: their
logits divided by the temperature and the softmax make the calibrated
confidence the threshold is set on, and 256 steps would blur it (the
refiner's corners likewise keep their fractions of a pixel).

The weights are then stored unsigned (:func:`unsaturated`): the same values, but
read by onnxruntime's kernels that cannot saturate. Signed weights against
unsigned activations (U8S8) run on x86 CPUs without AVX-512 VNNI (AVX2 alone:
many AMD and older Intel servers and laptops) through an instruction that adds
two products in 16 bits and saturates, and the readings change: on
Tranquillité's held-out crops (2026-11-24, an AVX2-only AMD EPYC) the best
guess was right for 95.1% of them against 98.75% with exact 8-bit arithmetic.
onnxruntime's documentation names the two cures, 7-bit weights (``reduce_range``)
or unsigned weights; the latter keeps every weight as it was.

Needs the ``train`` extra (``onnx``); the quantized file runs on onnxruntime alone.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path

import numpy as np
import onnx
from onnx import numpy_helper
from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static

from models.dataset import Crops

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


def heads(model: onnx.ModelProto) -> list[str]:
    """The names of the nodes between the model's outputs and the last dense layers feeding
    them, those layers included: what stays in floating point."""
    producer = {output: node for node in model.graph.node for output in node.output}
    kept: list[str] = []
    todo = [output.name for output in model.graph.output]
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
    unsaturated(result)
    del result.metadata_props[:]
    result.metadata_props.extend(source.metadata_props)
    onnx.save(result, str(out))


def unsaturated(model: onnx.ModelProto) -> int:
    """Store every signed 8-bit weight of the QDQ ``model`` unsigned, in place: each weight and its
    zero point moved up by 128, so that every weight dequantizes to the same value, and
    onnxruntime runs the layer with unsigned weights (U8U8), which never saturates (see the module's
    docstring). Returns how many weight tensors were changed.

    >>> w = numpy_helper.from_array(np.array([-128, 0, 127], np.int8), "w")
    >>> zero = numpy_helper.from_array(np.array(0, np.int8), "zero")
    >>> scale = numpy_helper.from_array(np.array(0.5, np.float32), "scale")
    >>> node = onnx.helper.make_node("DequantizeLinear", ["w", "scale", "zero"], ["weight"])
    >>> model = onnx.helper.make_model(onnx.helper.make_graph([node], "g", [], [], [w, scale, zero]))
    >>> unsaturated(model)
    1
    >>> [numpy_helper.to_array(t).tolist() for t in model.graph.initializer]
    [[0, 128, 255], 0.5, 128]
    """
    tensors = {tensor.name: tensor for tensor in model.graph.initializer}
    changed = 0
    for node in model.graph.node:
        # A weight is a constant dequantized; an activation's DequantizeLinear reads another node.
        if node.op_type != "DequantizeLinear" or node.input[0] not in tensors or len(node.input) < 3:
            continue
        weight, zero = tensors[node.input[0]], tensors.get(node.input[2])
        if weight.data_type != onnx.TensorProto.INT8 or zero is None:
            continue
        for tensor in (weight, zero):
            moved = numpy_helper.to_array(tensor).astype(np.int16) + 128
            tensor.CopyFrom(numpy_helper.from_array(moved.astype(np.uint8), tensor.name))
        changed += 1
    return changed
