"""Opening the networks shipped beside the classifiers (the card finder, the corner refiner) with
onnxruntime: one place for their session options and for what a bad file gets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.errors import ModelUnavailable
from companion.text import Text


def open_network(path: Path, kind: str, missing: str, unreadable: str) -> tuple[Any, dict[str, Any]]:
    """An onnxruntime session of the model file ``path`` on one thread, and its metadata (JSON
    values decoded).

    Raises :class:`~companion.errors.ModelUnavailable` with the message ``missing`` when there is
    no such file, ``unreadable`` (with a ``detail``) when onnxruntime cannot read it or its
    metadata's ``kind`` is not ``kind``.
    """
    if not path.is_file():
        raise ModelUnavailable(Text(missing, path=str(path)))
    try:
        import onnxruntime as ort  # imported here: commands that never look at frames start faster

        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        metadata = {k: json.loads(v) for k, v in session.get_modelmeta().custom_metadata_map.items()}
    except Exception as error:  # onnxruntime raises its own untyped errors, json its own
        raise ModelUnavailable(Text(unreadable, path=str(path), detail=str(error)[:200])) from None
    if metadata.get("kind") != kind:
        raise ModelUnavailable(Text(unreadable, path=str(path), detail=f"not a {kind.replace('-', ' ')}"))
    return session, metadata
