"""The status page players open on their phones (arrives with the companion issue)."""
