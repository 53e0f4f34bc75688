"""Training the networks (PyTorch, the ``train`` extra) and exporting them to ONNX."""
