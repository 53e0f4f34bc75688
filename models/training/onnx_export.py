"""Writing a trained network as an ONNX file with its metadata, the same way for the classifiers,
the card finder and the corner refiner.

Every shipped network takes uint8 BGR images (N, H, W, 3), any batch size, and carries what
the camera needs to use it (its kind, input format, classes or geometry, recipe and measured
figures) as JSON values in the file's metadata, read back by onnxruntime.
Needs the ``train`` extra (torch, onnx).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import onnx
import torch


def export_network(module: torch.nn.Module, size: tuple[int, int], out: Path, *, input_name: str,
                   output_names: Sequence[str]) -> None:
    """Write ``module``, taking uint8 images of ``size`` (width, height) in batches of any size
    under ``input_name``, to the ONNX file ``out`` (opset 17)."""
    module.eval()
    width, height = size
    out.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        # The TorchScript exporter is deprecated in favour of torch.export, which needs
        # onnxscript; these small static networks export the same either way.
        warnings.simplefilter("ignore", DeprecationWarning)
        torch.onnx.export(module, (torch.zeros(1, height, width, 3, dtype=torch.uint8),), str(out),
                          input_names=[input_name], output_names=list(output_names),
                          dynamic_axes={input_name: {0: "n"}}, opset_version=17, dynamo=False)


def set_metadata(model: onnx.ModelProto, meta: dict[str, Any]) -> onnx.ModelProto:
    """``model`` with ``meta`` as its only metadata, each value written as JSON.

    >>> model = set_metadata(onnx.ModelProto(), {"kind": "card-finder", "size": [640, 360]})
    >>> [(p.key, p.value) for p in model.metadata_props]
    [('kind', '"card-finder"'), ('size', '[640, 360]')]
    """
    del model.metadata_props[:]
    for key, value in meta.items():
        entry = model.metadata_props.add()
        entry.key, entry.value = key, json.dumps(value)
    return model
