"""Tranquillité (base game): its rules, its simulator and its spec."""

from companion.engine.spec import GameSpec, SceneData, VisionSpec
from companion.games.tranquility import seas as _seas  # noqa: F401  registers Mers agitées' rules
from companion.games.tranquility import selfplay_arch as _arch  # noqa: F401  registers T17
from companion.games.tranquility import selfplay_competition as _competition  # noqa: F401  registers T20
from companion.games.tranquility import selfplay_daynight as _day_night  # noqa: F401  registers T19
from companion.games.tranquility import selfplay_pyramid as _pyramid  # noqa: F401  registers T18
from companion.games.tranquility import selfplay_seas as _selfplay_seas  # noqa: F401  registers its simulator
from companion.games.tranquility.beside import beside_event
from companion.games.tranquility.deck import faces
from companion.games.tranquility.events import Rotate, StartDiscards
from companion.games.tranquility.layout import LAYOUT, layout_for
from companion.games.tranquility.rules import CELLS, FINISH, START, Tranquility
from companion.games.tranquility.selfplay import SelfPlay

SPEC = GameSpec(
    name="tranquility",
    title=Tranquility.title,
    rules=Tranquility,
    bgg_id=288513,  # shared/FORMATS.md
    board="grid",
    # Large cards in a grid: the finder network alone, placed by one look of the lean refiner.
    # Scenes: islands dealt into the grid, with Mers agitées' cards among them for the classifier
    # (held-out ones asked for them deal each 8 times as often, to measure it on enough cards;
    # training on such scenes read the islands worse: tried, not kept); the start card always, the
    # finish card in four partial grids of ten. Its classifier is read well on the default recipe.
    vision=VisionSpec(finder="lean", watched=True, filmed=True, accepted_stay=True, turn=Rotate,
                      laid_on=frozenset({"monster"}), beside=beside_event,
                      scenes=SceneData(("grid", "grid-full"), frozenset({"island"}),
                                       ((START, "start", 1.0), (FINISH, "finish", 0.4)),
                                       modules=frozenset({"reef", "monster", "storm", "compass"}),
                                       module_weight=8.0)),
    order=0,
    selfplay=SelfPlay,
    placements=((*(str(value) for value in range(1, 81)), START, FINISH), (*CELLS, START, FINISH)),
    layout=LAYOUT,
    variant_layout=layout_for,
    deck=faces,
)

__all__ = ["SPEC", "SelfPlay", "StartDiscards", "Tranquility"]
