"""Rixes sur une mer de Légendes: its rules, its self-play and its spec."""

from companion.engine.spec import GameSpec, SceneData, VisionSpec
from companion.games.rixes.deck import faces
from companion.games.rixes.rules import Rixes
from companion.games.rixes.selfplay import RixesSelfPlay
from companion.games.rixes.weapons import WEAPONS

SPEC = GameSpec(
    name="rixes",
    title=Rixes.title,
    rules=Rixes,
    board="tricks",
    drawing="bagarre",
    # Fanned, overlapping cards need every finder. Scenes: the deck before the seats and in a trick.
    # The classifier learns from more scenes and epochs (a third fewer held-out cards unsure), from
    # hardened crops (fewer read wrong with confidence) and handwritten digits too.
    # Filmed: the demo's game is acted out before the camera and read by the watcher. Its Sabres
    # are grey: on a pale table a bare place whose card sides show is read as a card (grey_cards).
    vision=VisionSpec(finder="both", scenes=SceneData(("table",)), filmed=True, grey_cards=True,
                      recipe=(("train_scenes", 3000), ("epochs", 6), ("hard", True), ("scripts", True))),
    order=3,
    selfplay=RixesSelfPlay,
    # A weapon is played to the Bagarre, at no cell.
    placements=(WEAPONS, ()),
    deck=faces,
)

__all__ = ["SPEC", "Rixes", "RixesSelfPlay"]
