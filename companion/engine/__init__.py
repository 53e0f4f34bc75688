"""The rules engine's core: the game base class, events, rulings, the record and the registry."""
