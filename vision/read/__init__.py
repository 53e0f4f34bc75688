"""Reading found cards: the card catalogue, the classifiers and the recognition pipeline."""
