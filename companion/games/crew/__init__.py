"""The Crew : Mission sous-marine: read by the camera, not refereed yet (its spec)."""

from companion.engine.spec import GameSpec, SceneData, VisionSpec
from companion.games.crew.deck import faces
from companion.text import Both

SPEC = GameSpec(
    name="crew",
    title=Both("The Crew: Mission Deep Sea", "The Crew : Mission sous-marine"),
    board="tricks",
    # Fanned, overlapping cards need every finder. Scenes: the deck before the seats and in a trick.
    # The classifier (faces alike) learns from more scenes and epochs, the true corners alone (the
    # finder's crops let 0.29% of cards through wrong with confidence, against 0.11%).
    vision=VisionSpec(finder="both", scenes=SceneData(("table",)),
                      recipe=(("train_scenes", 3000), ("epochs", 6), ("found_share", 0.0))),
    order=2,
    deck=faces,
)

__all__ = ["SPEC"]
