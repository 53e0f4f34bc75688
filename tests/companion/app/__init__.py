"""Tests of ``companion.app``."""
