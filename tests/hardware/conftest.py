"""Fixtures of the hardware tests: mock pins, videos and image folders in tmp_path, a fake clock."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from gpiozero.pins.mock import MockFactory


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """Mock pins that record every change, reset after the test."""
    pins = MockFactory()
    yield pins
    pins.reset()


class FakeClock:
    """A clock that moves only when told: ``advance`` seconds at a time."""

    def __init__(self, start: float = 100.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    """A clock the test moves by hand."""
    return FakeClock()


def frame_image(k: int, size: tuple[int, int] = (64, 48)) -> np.ndarray:
    """Frame k of the test videos: a flat grey of value 20 * k, so that even JPEG keeps it apart."""
    width, height = size
    return np.full((height, width, 3), (20 * k) % 256, np.uint8)


def frame_number(image: np.ndarray) -> int:
    """Which test frame an image is (the nearest grey level of ``frame_image``)."""
    return round(float(image.mean()) / 20)


@pytest.fixture
def write_video(tmp_path: Path) -> Callable[..., Path]:
    """Write ``frames`` test frames as an MJPEG AVI at ``fps`` and return its path."""

    def write(frames: int = 6, fps: float = 10.0, name: str = "table.avi") -> Path:
        path = tmp_path / name
        writer = cv2.VideoWriter(str(path), cv2.VideoWriter.fourcc(*"MJPG"), fps, (64, 48))
        assert writer.isOpened()
        for k in range(frames):
            writer.write(frame_image(k))
        writer.release()
        return path

    return write


@pytest.fixture
def write_folder(tmp_path: Path) -> Callable[..., Path]:
    """Write ``frames`` test frames as PNG files named so that only a natural sort orders them."""

    def write(frames: int = 12, name: str = "shots") -> Path:
        folder = tmp_path / name
        folder.mkdir()
        for k in range(frames):
            cv2.imwrite(str(folder / f"shot{k}.png"), frame_image(k))
        (folder / "notes.txt").write_text("not an image")
        return folder

    return write
