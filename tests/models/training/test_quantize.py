"""The int8 classifier: its body quantized, its heads in floating point, its readings the float model's,
on every CPU (no saturating kernel: :func:`vision.networks.session`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest

pytest.importorskip("torch", reason="exporting a network needs the train extra (tests/run installs it)")
onnx = pytest.importorskip("onnx")


def _probabilities(model: Path, crops: np.ndarray) -> np.ndarray:
    from vision.networks import session

    return np.asarray(session(model).run(None, {"crops": crops})[0])


def _weight_types(model: object) -> set[int]:
    """The element types of the constants the model dequantizes (its weights)."""
    graph = model.graph  # type: ignore[attr-defined]
    tensors = {tensor.name: tensor.data_type for tensor in graph.initializer}
    return {tensors[node.input[0]] for node in graph.node
            if node.op_type == "DequantizeLinear" and node.input[0] in tensors and len(node.input) == 3
            and tensors[node.input[0]] != onnx.TensorProto.INT32}


def test_quantized_model_keeps_heads_float_and_reads_alike(tmp_path: Path) -> None:
    import torch

    from models.training.classifier import export
    from models.training.network import CardNet
    from models.training.quantize import heads, quantize

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
    # Weights stored signed, as onnxruntime's quantization writes them: fastest with VNNI, and run
    # unsigned by vision.networks.session where the CPU has none.
    assert _weight_types(quantized) == {onnx.TensorProto.INT8}
    # The outputs come straight from softmax and sigmoid: confidences are not cut to 256 steps. The
    # embedding is the features the heads read, 8-bit like the layers before them.
    producers = {out: node.op_type for node in quantized.graph.node for out in node.output}
    assert [producers[o.name] for o in quantized.graph.output] == ["Softmax", "Sigmoid", "DequantizeLinear"]
    assert [o.name for o in quantized.graph.output] == ["probabilities", "flipped", "embedding"]
    held_out = crops[64:]
    before, after = _probabilities(float_model, held_out), _probabilities(int8_model, held_out)
    assert np.abs(before - after).max() < 0.05
    assert int8_model.stat().st_size < 0.5 * float_model.stat().st_size


def _exact(path: Path) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    # Unoptimised, onnxruntime runs each QuantizeLinear, DequantizeLinear and float layer as written:
    # the exact 8-bit arithmetic. Optimised, it fuses them into its integer kernels, the ones that run.
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    return ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])


@pytest.mark.parametrize("name", ["tranquility", "ascension", "crew", "rixes", "refiner"])
def test_each_shipped_int8_model_reads_as_its_exact_arithmetic_on_this_cpu(name: str) -> None:
    from models.render import render_scene
    from vision.find.detect import CROP_SIZE, order_corners, rectify
    from vision.find.refine import cut_windows
    from vision.networks import session

    path = Path(__file__).parents[3] / "models" / f"{name}.onnx"
    assert _weight_types(onnx.load(str(path))) == {onnx.TensorProto.INT8}
    game = "tranquility" if name == "refiner" else name
    scene = render_scene(game, 900_000_000, held_out=True)
    quads = np.stack([order_corners(card.quad) for card in scene.cards if card.visible >= 0.75])
    inputs = (cut_windows(scene.image, quads) if name == "refiner"
              else np.stack([rectify(scene.image, quad, CROP_SIZE) for quad in quads]))
    exact = _exact(path)
    feed = {exact.get_inputs()[0].name: inputs}
    want = exact.run(None, feed)
    # The session the camera opens on this CPU, and the one it opens on a CPU without VNNI (U8U8).
    for fast in (session(path), session(path, precise=True)):
        outputs = fast.run(None, feed)
        for got, wanted in zip(outputs[:2], want[:2], strict=True):
            # Probabilities, and the refiner's corners in window pixels. A saturating kernel moved
            # them by 0.1 to 0.35 and 1.4 pixels on an AVX2 CPU (2026-11-24); requantizing rounds a
            # little.
            assert np.abs(got - wanted).max() < (0.1 if name == "refiner" else 0.01)
        if name != "refiner":
            # The embedding, as a deck profile compares it: by its direction.
            got, wanted = (e / np.linalg.norm(e, axis=1, keepdims=True) for e in (outputs[2], want[2]))
            assert (got * wanted).sum(axis=1).min() > 0.999
