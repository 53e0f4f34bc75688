"""The models and what makes them: the synthetic renderer and its training data
(:mod:`models.render`), the card classifiers (:mod:`models.network`, :mod:`models.train`), the
experimental finder network (:mod:`models.finder`), and simulated filmed games
(:mod:`models.simulate`). Training needs PyTorch (the ``train`` extra); the companion runs the
shipped ``.onnx`` files with onnxruntime."""
