"""Finding cards in a frame: contours, the finder network, the corner refiner and their helpers."""
