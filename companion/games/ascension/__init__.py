"""Tranquillité : L'Ascension: its pyramid, rules, modules, moves, setup, simulator and spec."""

from companion.engine.spec import GameSpec, SceneData, VisionSpec
from companion.games.ascension.deck import faces
from companion.games.ascension.events import Campfire, Grapple, Herd
from companion.games.ascension.layout import LAYOUT
from companion.games.ascension.pyramid import CARDS, SLOTS, SUMMIT
from companion.games.ascension.rules import Ascension
from companion.games.ascension.selfplay import AscensionSelfPlay

SPEC = GameSpec(
    name="ascension",
    title=Ascension.title,
    rules=Ascension,
    board="pyramid",
    # Small Panoramas need the closer look and both looks of the refiner, not the contours.
    # Scenes: Versants, Feux de camp and Ponts dealt into the pyramid, the Sommet on a full one.
    # The classifier (more faces alike: a 6 and a 9, terrains told by colour alone) learns from more
    # scenes and epochs, the true corners alone (the finder's crops raised its threshold from 0.927
    # to 0.976 and left more plays unsure) and handwritten digits too (more held-out cards read right).
    vision=VisionSpec(finder="network", watched=True, grey_cards=True,
                      triangular="panorama", laid_over=frozenset({"bridge"}), campfire=Campfire,
                      scenes=SceneData(("pyramid", "pyramid-full"),
                                       frozenset({"versant", "campfire", "bridge"}),
                                       ((SUMMIT, "summit", 0.0),)),
                      recipe=(("train_scenes", 2400), ("epochs", 5), ("found_share", 0.0),
                              ("scripts", True))),
    order=1,
    selfplay=AscensionSelfPlay,
    placements=(tuple(name for name, card in CARDS.items() if card.kind in ("versant", "summit", "bridge")),
                (*SLOTS, SUMMIT)),
    layout=LAYOUT,
    deck=faces,
)

__all__ = ["SPEC", "Ascension", "AscensionSelfPlay", "Campfire", "Grapple", "Herd"]
