"""Tests of ``models.render``."""
