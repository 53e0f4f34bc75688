"""Tests of ``companion.games``."""
