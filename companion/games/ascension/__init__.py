"""Tranquillité : L'Ascension: its pyramid, rules, modules, moves, setup, simulator and spec."""

from companion.engine.spec import GameSpec, VisionSpec
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
    simulator=lambda players, rng, checked: AscensionSelfPlay(players, rng, checked=checked),
    board="pyramid",
    # Small Panoramas need the closer look and both looks of the refiner, not the contours.
    vision=VisionSpec(finder="network", watched=True, grey_cards=True, bench_layout="pyramid-full",
                      triangular="panorama", laid_over=frozenset({"bridge"}), campfire=Campfire),
    order=1,
    selfplay=AscensionSelfPlay,
    placements=(tuple(name for name, card in CARDS.items() if card.kind in ("versant", "summit", "bridge")),
                (*SLOTS, SUMMIT)),
    layout=LAYOUT,
    deck=faces,
)

__all__ = ["SPEC", "Ascension", "AscensionSelfPlay", "Campfire", "Grapple", "Herd"]
