"""Tests of ``vision.find``."""
