"""The Crew : Mission sous-marine: its rules, its self-play and its spec."""

from companion.engine.spec import GameSpec, SceneData, VisionSpec
from companion.games.crew.deck import faces
from companion.games.crew.facts import DECK
from companion.games.crew.rules import Crew
from companion.games.crew.selfplay import CrewSelfPlay

SPEC = GameSpec(
    name="crew",
    title=Crew.title,
    rules=Crew,
    board="tricks",
    # Fanned, overlapping cards need every finder. Scenes: the deck before the seats and in a trick.
    # The classifier (faces alike) learns from more scenes and epochs, the true corners alone (the
    # finder's crops let 0.29% of cards through wrong with confidence, against 0.11%).
    # Its submarines are dark grey: on a pale table they darken it in every channel alike, as a
    # shadow does, and are told from one by their sides (grey_cards).
    vision=VisionSpec(finder="both", scenes=SceneData(("table",)), grey_cards=True, filmed=True,
                      recipe=(("train_scenes", 3000), ("epochs", 6), ("found_share", 0.0))),
    order=2,
    selfplay=CrewSelfPlay,
    # A card is played to the trick, at no cell.
    placements=(tuple(sorted(DECK)), ()),
    deck=faces,
)

__all__ = ["SPEC", "Crew", "CrewSelfPlay"]
