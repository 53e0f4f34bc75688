"""The int8 classifier: its body quantized, its heads in floating point, its readings the float model's."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest

pytest.importorskip("torch", reason="exporting a network needs the train extra (tests/run installs it)")
onnx = pytest.importorskip("onnx")


def _probabilities(model: Path, crops: np.ndarray) -> np.ndarray:
    session = ort.InferenceSession(str(model), providers=["CPUExecutionProvider"])
    return np.asarray(session.run(None, {"crops": crops})[0])


def test_quantized_model_keeps_heads_float_and_reads_alike(tmp_path: Path) -> None:
    import torch

    from models.network import CardNet
    from models.quantize import heads, quantize
    from models.train import export

    torch.manual_seed(0)
    net = CardNet(12)
    # Smooth crops (blurred noise) stand for cards: the activations' ranges come from them.
    rng = np.random.default_rng(0)
    crops = np.repeat(np.repeat(rng.integers(0, 255, (96, 11, 8, 3)), 8, axis=1), 8, axis=2).astype(np.uint8)
    float_model, int8_model = tmp_path / "float.onnx", tmp_path / "int8.onnx"
    export(net, 0.8, float_model)
    onnx_model = onnx.load(str(float_model))
    entry = onnx_model.metadata_props.add()
    entry.key, entry.value = "game", '"crew"'
    onnx.save(onnx_model, str(float_model))
    kept = heads(onnx_model)
    ops = {node.name: node.op_type for node in onnx_model.graph.node}
    assert sorted(ops[name] for name in kept if ops[name] != "Constant") == [
        "Div", "Gemm", "Gemm", "Sigmoid", "Softmax", "Squeeze"]

    quantize(float_model, int8_model, crops[:64])
    quantized = onnx.load(str(int8_model))
    assert {(p.key, p.value) for p in quantized.metadata_props} == {("game", '"crew"')}
    types = [node.op_type for node in quantized.graph.node]
    assert types.count("QuantizeLinear") >= 5
    # The outputs come straight from softmax and sigmoid: confidences are not cut to 256 steps.
    producers = {out: node.op_type for node in quantized.graph.node for out in node.output}
    assert [producers[o.name] for o in quantized.graph.output] == ["Softmax", "Sigmoid"]
    held_out = crops[64:]
    before, after = _probabilities(float_model, held_out), _probabilities(int8_model, held_out)
    assert np.abs(before - after).max() < 0.05
    assert int8_model.stat().st_size < 0.5 * float_model.stat().st_size
