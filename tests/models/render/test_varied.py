"""Scenes of cards of any make: what the finder learns a card is."""

from __future__ import annotations

import numpy as np
import pytest

from models.render.varied import CARD, LAYOUTS, VARIED, render_varied
from vision.find.detect import quad_aspect


def test_a_scene_is_the_same_for_the_same_seed_and_differs_for_another() -> None:
    a, b = render_varied(7, size=(480, 270)), render_varied(7, size=(480, 270))
    assert np.array_equal(a.image, b.image) and len(a.cards) == len(b.cards)
    assert all(np.array_equal(x.quad, y.quad) for x, y in zip(a.cards, b.cards, strict=True))
    assert not np.array_equal(a.image, render_varied(8, size=(480, 270)).image)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_layout_lays_cards_and_only_cards_in_its_truth(layout: str) -> None:
    scene = render_varied(11, size=(640, 360), layout=layout)
    assert scene.game == VARIED and scene.layout == layout and scene.cards
    for card in scene.cards:
        assert card.name == CARD and card.quad.shape == (4, 2) and 0.0 <= card.visible <= 1.0
        # Card-shaped, whatever the make: mini to tarot, seen with a little keystone. A box, a
        # label or a slab in the truth would break this.
        assert 1.2 < quad_aspect(card.quad) < 1.95


def test_a_dense_grid_lays_more_and_smaller_cards_than_a_grid() -> None:
    def sizes(layout: str) -> tuple[int, float]:
        scene = render_varied(3, layout=layout, effects=False)
        return len(scene.cards), float(np.median([np.ptp(c.quad[:, 1]) for c in scene.cards]))

    (dense, small), (grid, large) = sizes("dense"), sizes("grid")
    assert 25 <= dense <= 81 and 4 <= grid <= 24 and small < large


def test_makes_and_tables_can_be_chosen() -> None:
    scene = render_varied(5, layout="grid", makes=("shapes",), tables=("wood",))
    assert scene.table == "wood"
    held_out = render_varied(5, held_out=True)
    assert held_out.held_out and held_out.table in ("marble", "tiles", "gingham")


def test_an_unknown_layout_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown layout"):
        render_varied(0, layout="pyramid")


def test_cards_lie_in_the_frame_at_sizes_a_table_camera_sees() -> None:
    scenes = [render_varied(seed, effects=False) for seed in range(6)]
    heights = [float(np.ptp(c.quad[:, 1])) for scene in scenes for c in scene.cards]
    # From a dense grid's small cards to a close-up's: 10 to 700 pixels of 720.
    assert min(heights) > 10 and max(heights) < 700
