"""Measuring vision: real photos, held-out synthetic scenes and simulated films."""
