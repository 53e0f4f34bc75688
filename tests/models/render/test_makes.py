"""Cards of any make and things that are not cards."""

from __future__ import annotations

import numpy as np
import pytest

from models.render.makes import ASPECTS, MAKES, NOT_CARDS, card_of, not_a_card, slab


@pytest.mark.parametrize("make", MAKES)
def test_every_make_prints_a_card_of_the_height_asked(make: str) -> None:
    card = card_of(make, np.random.default_rng(1), 150, ASPECTS[0], held_out=False)
    h, w = card.image.shape[:2]
    assert h == 150 and card.alpha.shape == (h, w) and card.image.dtype == np.uint8
    # A card: taller than wide, something printed on it.
    assert 1.2 < h / w < 1.9
    assert card.image[card.alpha > 0].std() > 5


@pytest.mark.parametrize("aspect", ASPECTS)
def test_the_makes_of_our_own_drawing_keep_the_aspect_asked(aspect: float) -> None:
    for make in ("shapes", "text", "art", "back"):
        card = card_of(make, np.random.default_rng(2), 200, aspect, held_out=True)
        assert card.image.shape[0] / card.image.shape[1] == pytest.approx(aspect, rel=0.02)


def test_a_card_has_square_or_rounded_corners() -> None:
    cards = [card_of("shapes", np.random.default_rng(seed), 120, 1.4, held_out=False) for seed in range(30)]
    corners = {bool(card.alpha[0, 0] > 127) for card in cards}
    assert corners == {False, True}  # the table shows at a rounded corner's tip, not at a square one


def test_an_unknown_make_or_thing_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown make"):
        card_of("tarot", np.random.default_rng(0), 100, 1.4, held_out=False)
    with pytest.raises(ValueError, match="unknown thing"):
        not_a_card("mug", np.random.default_rng(0), 100, held_out=False)


@pytest.mark.parametrize("name", NOT_CARDS)
def test_every_thing_that_is_not_a_card_is_drawn(name: str) -> None:
    thing = not_a_card(name, np.random.default_rng(3), 90, held_out=False)
    assert thing.image.shape[:2] == thing.alpha.shape and (thing.alpha > 0).any()


def test_a_slab_holds_its_card_below_its_label() -> None:
    card = card_of("playing", np.random.default_rng(4), 160, 1.4, held_out=False)
    case, (cx, cy) = slab(card, np.random.default_rng(5))
    ch, cw = card.image.shape[:2]
    h, w = case.image.shape[:2]
    assert h > ch and w > cw
    # The card's centre lies in the case's lower part, the whole card inside it.
    assert cw / 2 <= cx <= w - cw / 2 and h / 2 < cy <= h - ch / 2
    # Clear plastic: the table shows through where the card is not.
    assert case.alpha[round(cy), round(cx)] < 128
