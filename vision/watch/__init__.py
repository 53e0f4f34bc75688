"""Watching the table: its geometry, cells, stable readings and the events they add up to."""
