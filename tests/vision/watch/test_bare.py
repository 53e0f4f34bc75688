"""The bare table a fixed camera keeps, a card's size on a placed table, and the finder around both."""

from __future__ import annotations

import numpy as np

from vision.watch.bare import BareTable, CardSize, FixedCamera
from vision.watch.geometry import TableGeometry
from vision.watch.layouts import layout
from vision.watch.params import BARE_SIDE

NONE = np.zeros((0, 4, 2), np.float32)
#: Two pixels a millimetre, seen from above: a card is 126 x 176 pixels.
ABOVE = np.diag([2.0, 2.0, 1.0])


def table(grey: int = 80) -> np.ndarray:
    """A 640 x 480 table top with a pattern (stripes), so that nothing is found by its colour alone."""
    image = np.full((480, 640, 3), grey, np.uint8)
    image[:, ::40] = grey + 40
    return image


def lay(image: np.ndarray, x: int, y: int, w: int = 126, h: int = 176, colour: int = 230) -> np.ndarray:
    out = image.copy()
    out[y:y + h, x:x + w] = colour
    return out


def box(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


def test_a_card_laid_since_is_found_by_its_difference_and_never_fades_into_the_table() -> None:
    bare = BareTable()
    for _ in range(3):
        bare.update(table(), NONE)
    laid = lay(table(), 100, 80)
    for _ in range(60):  # long after: a card nobody found is not learnt as table
        bare.update(laid, NONE)
    quads = bare.quads(laid)
    assert len(quads) == 1
    assert np.allclose(quads[0].min(axis=0), [100, 80], atol=3)
    assert np.allclose(quads[0].max(axis=0), [226, 256], atol=3)


def test_the_bare_table_follows_the_light_and_starts_again_when_it_changes_at_once() -> None:
    bare = BareTable()
    bare.update(table(80), NONE)
    for grey in range(81, 100):  # the light drifting, a grey level a frame
        bare.update(table(grey), NONE)
    assert bare.reference is not None and 85 < float(np.median(bare.reference)) < 100
    assert not bare.difference(table(100)).any()
    bare.update(table(200), NONE)  # the lamp switched on: everything differs
    assert bare.frames == 1 and not bare.difference(table(200)).any()


def test_a_hand_passing_and_what_lies_under_a_found_card_are_not_learnt() -> None:
    bare = BareTable()
    bare.update(table(), NONE)
    bare.update(table(), NONE)
    assert bare.reference is not None
    before = bare.reference.copy()
    for k in range(8):  # a hand passing
        bare.update(lay(table(), 20 + 60 * k, 80, colour=170), NONE)
    assert np.abs(bare.reference - before).max() < 1
    card = box(300, 200, 126, 176)
    dim = lay(table(), 300, 200, colour=90)  # a card close to the table's colour, found by the finder
    for _ in range(30):
        bare.update(dim, card[None])
    assert np.abs(bare.reference - before).max() < 1  # under the card, still the bare table
    for _ in range(30):
        bare.update(dim, NONE)  # not found: as close as the light drifting, it is learnt
    assert np.abs(bare.reference - before).max() > 5


def test_a_frame_of_another_size_starts_the_bare_table_again() -> None:
    bare = BareTable()
    bare.update(table(), NONE)
    bare.update(np.zeros((100, 100, 3), np.uint8), NONE)
    assert bare.frames == 1 and bare.reference is not None and bare.reference.shape == (100, 100, 3)
    bare.update(np.zeros((2000, 3000, 3), np.uint8), NONE)
    assert bare.reference is not None and max(bare.reference.shape) == BARE_SIDE


def test_a_card_size_is_known_wherever_it_lies_on_a_placed_table() -> None:
    # Seen at a slant: farther up the frame, a card looks smaller.
    slant = np.array([[2.0, 0.0, 300.0], [0.0, 2.0, 50.0], [0.0, 0.002, 1.0]])
    size = CardSize(slant)
    near, far = size.expected([[320, 400], [320, 60]])
    assert near < far  # the plane's y grows down the frame: farther is lower here
    card = box(0, 0, 126, 176)
    assert CardSize(ABOVE).fits(np.stack([card, card * 1.3, card * 0.4, card * 2.5])).tolist() == [
        True, True, False, False]
    assert CardSize(ABOVE).fits(NONE).shape == (0,)


def test_the_fixed_camera_drops_quads_of_another_size_and_adds_the_cards_its_finder_missed() -> None:
    token, card = box(400, 300, 50, 50), box(100, 80, 126, 176)

    def finder(frame: np.ndarray) -> np.ndarray:
        return np.stack([token, card])  # a token, and the card laid first

    fixed = FixedCamera(finder)
    fixed.watch(table())
    laid = lay(lay(table(), 100, 80), 300, 60)  # the card found, and one it misses
    assert len(fixed(laid)) == 3  # the table not placed: no size known, the token stays
    fixed.place(TableGeometry(layout("tranquility"), ABOVE, 2.0))
    found = fixed(laid)
    assert len(found) == 2 and np.allclose(found[0], card)
    assert np.allclose(found[1].min(axis=0), [300, 60], atol=3)
    fixed.watch(laid)  # under the cards found, the table is not learnt
    assert len(fixed(laid)) == 2
    fixed.moved()
    assert fixed.size is None and fixed.bare.reference is None and not len(fixed.cards)
    fixed.place(None)
    assert fixed.size is None
