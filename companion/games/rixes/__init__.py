"""Rixes sur une mer de Légendes: read by the camera, not refereed yet (its spec)."""

from companion.engine.spec import GameSpec, VisionSpec
from companion.games.rixes.deck import faces
from companion.text import Both

SPEC = GameSpec(
    name="rixes",
    title=Both("Rixes on a Sea of Legends", "Rixes sur une mer de Légendes"),
    board="tricks",
    # Fanned, overlapping cards need every finder.
    vision=VisionSpec(finder="both"),
    order=3,
    deck=faces,
)

__all__ = ["SPEC"]
