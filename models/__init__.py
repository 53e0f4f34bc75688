"""The card models: the synthetic renderer that makes their training data (:mod:`models.render`);
the ONNX classifiers and their training come next."""
