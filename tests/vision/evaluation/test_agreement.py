"""Two readings of one frame compared: cards found by one only, renamed, turned, moved."""

from __future__ import annotations

import numpy as np

from vision.detections import Detections
from vision.evaluation.agreement import Agreement, CardChanges, agreement, card_changes, perturbed

CARD = np.array([[0, 0], [63, 0], [63, 88], [0, 88]], np.float32)


def reading(*cards: tuple[float, str | None, float, bool]) -> Detections:
    """Cards laid in a row, each (x, name, confidence, upside down)."""
    if not cards:
        return Detections.empty()
    return Detections(np.stack([CARD + np.array([x, 0], np.float32) for x, *_ in cards]).astype(np.float32),
                      tuple(name for _, name, _, _ in cards),
                      np.array([c for _, _, c, _ in cards], np.float32),
                      np.array([u for *_, u in cards], np.bool_))


def test_the_same_reading_agrees_with_itself() -> None:
    one = reading((0, "7", 0.99, False), (100, None, 0.4, True))
    same = agreement(one, one)
    assert same == Agreement(cards=2, frames=1)
    assert same.summary()["changed_rate"] == 0.0


def test_cards_found_by_one_reading_only_are_missing_or_added() -> None:
    one = reading((0, "7", 0.99, False), (100, "3", 0.99, False))
    two = reading((100, "3", 0.99, False), (300, "5", 0.99, False))
    a = agreement(one, two)
    assert (a.cards, a.missing, a.added, a.changed, a.renamed) == (2, 1, 1, 2, 0)
    assert agreement(one, Detections.empty()).missing == 2
    assert agreement(Detections.empty(), one).added == 2


def test_a_card_renamed_turned_or_moved_is_counted_on_its_pair() -> None:
    one = reading((0, "7", 0.99, False), (100, "3", 0.95, False))
    two = reading((102, None, 0.50, False), (0, "7", 0.98, True))
    a = agreement(one, two)
    assert (a.changed, a.renamed, a.turned) == (0, 1, 1)
    assert a.corner_px == 2.0 and abs(a.confidence - 0.45) < 1e-6


def test_each_card_is_paired_once_the_best_overlap_first() -> None:
    # Two quads of the second reading on one card of the first: one pairs, the other is added.
    one = reading((0, "7", 0.99, False))
    two = reading((1, "7", 0.99, False), (20, "7", 0.99, False))
    a = agreement(one, two)
    assert (a.missing, a.added, a.corner_px) == (0, 1, 1.0)


def test_agreements_add_up_over_frames() -> None:
    one = reading((0, "7", 0.99, False))
    total = agreement(one, one) + agreement(one, reading((0, "8", 0.9, False))) + Agreement()
    assert (total.frames, total.cards, total.renamed) == (2, 2, 1)
    assert abs(total.confidence - 0.09) < 1e-6


def test_one_grey_level_of_noise_is_at_most_one_level_and_seeded() -> None:
    frame = np.random.default_rng(0).integers(0, 256, (40, 30, 3), dtype=np.uint8)
    noisy = perturbed(frame, 5)
    moved = noisy.astype(int) - frame
    assert np.abs(moved).max() == 1 and (moved != 0).mean() > 0.5
    assert np.array_equal(noisy, perturbed(frame, 5)) and not np.array_equal(noisy, perturbed(frame, 6))
    assert perturbed(np.zeros((2, 2, 3), np.uint8), 0).min() == 0


def test_on_the_true_cards_only_a_card_found_once_or_renamed_counts() -> None:
    truths = np.stack([CARD, CARD + np.array([100, 0], np.float32), CARD + np.array([200, 0], np.float32)])
    one = reading((0, "7", 0.99, False), (100, "3", 0.99, False), (500, None, 0.1, False))
    two = reading((0, "8", 0.99, False), (200, "5", 0.99, False), (700, None, 0.1, False))
    changes = card_changes(truths, one, two)
    # The quads on no card (x 500 and 700) change, but no card lies there.
    assert changes == CardChanges(cards=3, changed=2, renamed=1)
    assert changes + CardChanges(1, 0, 0) == CardChanges(4, 2, 1)
    assert card_changes(np.zeros((0, 4, 2), np.float32), one, two) == CardChanges()
