"""Tests of ``vision.read``."""
