"""Tests of ``companion.engine``."""
