"""The models and what makes them: the synthetic renderer and its training data
(:mod:`models.render`), the card classifiers (:mod:`models.training.network`,
:mod:`models.training.classifier`), the
experimental finder network (:mod:`models.training.finder`), and simulated filmed games
(:mod:`models.render.simulate`). Training needs PyTorch (the ``train`` extra); the companion runs the
shipped ``.onnx`` files with onnxruntime."""
