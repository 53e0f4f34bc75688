"""A camera with nothing to film: synthetic table scenes from the renderer (``models.render``).

For the demo and for running the whole companion where there is no camera.
Each scene is held for ``hold`` frames, as a real table changes only when
someone lays a card; ``scene`` is the one being shown, with its exact cards.
"""

from __future__ import annotations

import time

from companion.config import DEFAULT_GAME
from companion.errors import CameraLost
from companion.text import Text
from hardware.frames import Clock, Frame, SourceBase
from models.render import Scene, render_scene, scene_games


class SyntheticSource(SourceBase):
    """Rendered photos of ``game`` being played, never ending; the same for the same seed.

    Frames are stamped ``index / fps`` when ``fps`` is given, else with the clock.
    """

    def __init__(self, game: str = DEFAULT_GAME, seed: int = 0, *, size: tuple[int, int] = (1280, 720),
                 fps: float | None = None, hold: int = 30, layout: str | None = None,
                 clock: Clock = time.monotonic) -> None:
        if game not in scene_games():
            raise ValueError(f"unknown game {game!r}, expected one of {scene_games()}")
        if hold < 1:
            raise ValueError("hold must be at least one frame")
        self.name = f"synthetic:{game}:{seed}"
        self.game = game
        self.seed = seed
        self.size = size
        self.fps = fps
        self.hold = hold
        self.layout = layout
        self._clock = clock
        self._index = 0
        self._closed = False
        #: The scene last shown (its cards are the ground truth of the frame).
        self.scene: Scene | None = None

    def read(self) -> Frame:
        """The next frame: the current scene, rendered once and shown ``hold`` times."""
        if self._closed:
            raise CameraLost(Text("camera_closed", source=self.name))
        number = self.seed + self._index // self.hold
        if self.scene is None or self.scene.seed != number:
            self.scene = render_scene(self.game, number, size=self.size, layout=self.layout)
        t = self._index / self.fps if self.fps else self._clock()
        # A copy: whoever draws on a frame must not draw on the next one.
        frame = Frame(self.scene.image.copy(), t, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        """Later reads raise ``CameraLost``."""
        self._closed = True
