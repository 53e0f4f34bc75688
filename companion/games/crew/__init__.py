"""The Crew : Mission sous-marine: read by the camera, not refereed yet (its spec)."""

from companion.engine.spec import GameSpec, VisionSpec
from companion.games.crew.deck import faces
from companion.text import Both

SPEC = GameSpec(
    name="crew",
    title=Both("The Crew: Mission Deep Sea", "The Crew : Mission sous-marine"),
    board="tricks",
    # Fanned, overlapping cards need every finder.
    vision=VisionSpec(finder="both"),
    order=2,
    deck=faces,
)

__all__ = ["SPEC"]
