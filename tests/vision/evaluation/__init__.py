"""Tests of ``vision.evaluation``."""
