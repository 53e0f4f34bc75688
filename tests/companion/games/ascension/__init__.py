"""Tests of ``companion.games.ascension``."""
