"""Tests of ``companion.cli``."""
