"""Finding, rectifying and classifying cards in camera frames (arrives with the recognition issue)."""
