"""The ONNX card classifiers and their training (arrives with the recognition issue)."""
