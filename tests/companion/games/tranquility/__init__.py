"""Tests of ``companion.games.tranquility``."""
