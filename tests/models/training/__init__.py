"""Tests of ``models.training``."""
