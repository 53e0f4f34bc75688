"""What the camera is told of a game of Rixes: the cards of the Bagarre being played, each where
its captain laid it, the places of the three captains, and the cards gathered since they were
played (:class:`Seen`, a part of :class:`~companion.games.rixes.rules.Rixes`)."""

from __future__ import annotations

from companion.engine.game import Seating
from companion.games.rixes.bagarre import BARBE_NOIRE
from companion.games.rixes.table import Table


class Seen:
    """The camera's side of :class:`~companion.games.rixes.rules.Rixes` (the engine's
    :meth:`~companion.engine.game.Game.lying`, :meth:`~companion.engine.game.Game.seating` and
    :meth:`~companion.engine.game.Game.gathered`)."""

    t: Table

    def lying(self) -> dict[str, tuple[str, str]]:
        """The cards of a Bagarre being played, each where its captain laid it (``t<captain>``)."""
        bagarre = self.t.bagarre
        if bagarre is None or self.t.provoking:
            return {}
        return {f"t{c.added_by}": (c.card, "") for c in bagarre.cards}

    def seating(self) -> Seating:
        """Three captains' places, Barbe Noire's (0) first, where a third seat's would be; cards are
        not shown before seats; a seat is tapped on its card."""
        return {"seats": 3, "first": BARBE_NOIRE, "shown": False, "tap": "card"}

    def gathered(self) -> frozenset[str]:
        """The cards seen played this Rixe and gathered since."""
        return frozenset(self.t.seen)


__all__ = ["Seen"]
