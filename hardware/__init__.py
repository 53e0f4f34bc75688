"""Camera sources, LED and buzzer signals, buttons (arrives with the hardware issue)."""
