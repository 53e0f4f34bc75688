"""The card classifier network (PyTorch, for training only: inference runs the ONNX export).

A small CNN over 88x64 BGR crops with two heads: the face class and whether
the crop shows the card turned 180 degrees. About 0.65 million weights: a
2.6 MB float export, 0.7 MB once quantized to int8 (:mod:`models.training.quantize`).
"""

from __future__ import annotations

import torch
from torch import nn

#: Crop pixels are scaled to 0..1, then centred: (x / 255 - MEAN) / STD.
MEAN, STD = 0.5, 0.25


def _block(cin: int, cout: int) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class CardNet(nn.Module):
    """Face class logits and a flip logit for a batch of crops (N, 3, 88, 64), float."""

    def __init__(self, classes: int) -> None:
        super().__init__()
        self.features = nn.Sequential(
            _block(3, 24), nn.MaxPool2d(2),
            _block(24, 48), nn.MaxPool2d(2),
            _block(48, 96), nn.MaxPool2d(2),
            _block(96, 128), nn.MaxPool2d(2),
            # Flatten a coarse 5x4 map, not a global average: the digits' order and
            # whether the sun or the moon is on top matter.
            nn.Flatten(),
        )
        self.body = nn.Sequential(nn.Linear(128 * 5 * 4, 192), nn.ReLU(), nn.Dropout(0.2))
        self.face = nn.Linear(192, classes)
        self.flip = nn.Linear(192, 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """Class logits (N, classes) and flip logits (N,)."""
        face, flip, _ = self.looks(x)
        return face, flip

    def looks(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Class logits (N, classes), flip logits (N,) and the 192 features both heads read
        (N, 192): the crop's embedding, what a deck profile matches enrolled crops by."""
        h = self.body(self.features(x))
        return self.face(h), self.flip(h).squeeze(1), h


class Exported(nn.Module):
    """What the ONNX file runs: raw uint8 crops (N, 88, 64, 3) in, calibrated class
    probabilities, the flip probability and the crop's embedding (the features both heads read)
    out."""

    def __init__(self, net: CardNet, temperature: float, own: int | None = None) -> None:
        super().__init__()
        self.net = net
        self.temperature = temperature
        #: How many of the face head's classes are the deck's (the first ones); the others are
        #: foreign kinds learned in training, whose probability the file does not give.
        self.own = own if own is not None else net.face.out_features

    def forward(self, crops: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """Probabilities (N, classes), flip probability (N,), embedding (N, 192)."""
        x = (crops.permute(0, 3, 1, 2).float() / 255.0 - MEAN) / STD
        face, flip, embedding = self.net.looks(x)
        probabilities = torch.softmax(face / self.temperature, dim=1)
        if self.own < self.net.face.out_features:  # the foreign kinds' mass goes nowhere
            probabilities = probabilities[:, :self.own]
        return probabilities, torch.sigmoid(flip), embedding
