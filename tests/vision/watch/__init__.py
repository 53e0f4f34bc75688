"""Tests of ``vision.watch``."""
