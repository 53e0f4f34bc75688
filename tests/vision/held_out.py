"""A rule of the refined finder on and off, on one card of a held-out scene."""

from __future__ import annotations

from models.render import render_scene
from vision.evaluation.scenes import EVAL_SEED_BASE
from vision.find.detect import quad_iou
from vision.find.finders import make_finder
from vision.find.refine import RefinedFinder


def placed_with_and_without(game: str, index: int, card: str | int, rule: str,
                            others_off: tuple[str, ...] = ()) -> tuple[float, float]:
    """How closely (the best IoU of a quad found) the shipped refined finder places ``card`` (its
    name, or its place among the scene's cards where several bear that name) of held-out scene
    ``index`` of ``game`` (``eval-vision``'s ``--seed 0``; 10,000 on, ``--seed 1``'s) with its
    ``rule`` (an attribute: ``covered``, ``free``, ``sized``, ``pairs``, ``beside``,
    ``give_way``, ``reseat``) on, as it ships, then off; the rules ``others_off`` off both times (a later rule
    that would find the card without ``rule``)."""
    scene = render_scene(game, EVAL_SEED_BASE + index, held_out=True)
    (truth,) = [scene.cards[card]] if isinstance(card, int) else [c for c in scene.cards if c.name == card]
    find = make_finder("both", "shipped")
    assert isinstance(find, RefinedFinder) and getattr(find, rule) is True
    for other in others_off:
        setattr(find, other, False)
    on = max(quad_iou(truth.quad, q) for q in find(scene.image))
    setattr(find, rule, False)
    return on, max(quad_iou(truth.quad, q) for q in find(scene.image))
