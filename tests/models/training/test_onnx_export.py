"""Tests for models.training.onnx_export: a network written as ONNX runs on onnxruntime with its metadata."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest

pytest.importorskip("torch", reason="exporting a network needs the train extra (tests/run installs it)")
onnx = pytest.importorskip("onnx")

import torch  # noqa: E402

from models.training.onnx_export import export_network, set_metadata  # noqa: E402


class Brightness(torch.nn.Module):
    """Mean brightness of each uint8 image, and its channels' means."""

    def forward(self, images: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        x = images.float()
        return x.mean(dim=(1, 2, 3)), x.mean(dim=(1, 2))


def test_an_exported_network_takes_any_batch_of_uint8_images_of_its_size(tmp_path: Path) -> None:
    out = tmp_path / "deep" / "net.onnx"
    export_network(Brightness(), (8, 6), out, input_name="images", output_names=["mean", "channels"])
    session = ort.InferenceSession(str(out), providers=["CPUExecutionProvider"])
    (given,) = session.get_inputs()
    assert given.name == "images" and given.shape[1:] == [6, 8, 3] and given.type == "tensor(uint8)"
    assert [o.name for o in session.get_outputs()] == ["mean", "channels"]
    images = np.stack([np.full((6, 8, 3), v, np.uint8) for v in (0, 10, 200)])
    mean, channels = session.run(None, {"images": images})
    np.testing.assert_allclose(mean, [0, 10, 200])
    assert channels.shape == (3, 3)


def test_metadata_replaces_what_was_there_with_json_values(tmp_path: Path) -> None:
    model = onnx.ModelProto()
    entry = model.metadata_props.add()
    entry.key, entry.value = "stale", "1"
    meta = {"classes": ["a", "b"], "threshold": 0.9}
    set_metadata(model, meta)
    assert {p.key: json.loads(p.value) for p in model.metadata_props} == meta
