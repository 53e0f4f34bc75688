"""What the camera is told of a game of L'Ascension: the pyramid's cards and the summit card where
they lie, and the Ponts a Versant covers (:class:`Seen`, a part of
:class:`~companion.games.ascension.rules.Ascension`)."""

from __future__ import annotations

from companion.games.ascension.pyramid import SLOTS, SUMMIT, Card


class Seen:
    """The camera's side of :class:`~companion.games.ascension.rules.Ascension` (the engine's
    :meth:`~companion.engine.game.Game.lying` and :meth:`~companion.engine.game.Game.covered`)."""

    cards: list[Card | None]
    bridged: list[bool]
    summit: bool

    def lying(self) -> dict[str, tuple[str, str]]:
        """The pyramid's cards and the summit card, once laid."""
        out = {SLOTS[i]: (card.name, "") for i, card in enumerate(self.cards) if card is not None}
        if self.summit:
            out[SUMMIT] = ("summit", "")
        return out

    def covered(self) -> dict[str, str]:
        """The Ponts a Versant covers (A4)."""
        return {SLOTS[i]: "bridge" for i, bridged in enumerate(self.bridged) if bridged}


__all__ = ["Seen"]
