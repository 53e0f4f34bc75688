"""Rixes sur une mer de Légendes: read by the camera; its referee (``rules.py``) is being built and
not registered yet (its spec)."""

from companion.engine.spec import GameSpec, SceneData, VisionSpec
from companion.games.rixes.deck import faces
from companion.text import Both

SPEC = GameSpec(
    name="rixes",
    title=Both("Rixes on a Sea of Legends", "Rixes sur une mer de Légendes"),
    board="tricks",
    # Fanned, overlapping cards need every finder. Scenes: the deck before the seats and in a trick.
    # The classifier learns from more scenes and epochs (a third fewer held-out cards unsure), from
    # hardened crops (fewer read wrong with confidence) and handwritten digits too.
    vision=VisionSpec(finder="both", scenes=SceneData(("table",)),
                      recipe=(("train_scenes", 3000), ("epochs", 6), ("hard", True), ("scripts", True))),
    order=3,
    deck=faces,
)

__all__ = ["SPEC"]
