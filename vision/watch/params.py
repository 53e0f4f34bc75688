"""The tuned numbers of watching the table: each says what it controls; how it was chosen is in git."""

from __future__ import annotations

# --- Finding the table (vision.watch.table, vision.watch.panoramas) ---

#: Least cards the finder must place on the lattice to trust a table.
MIN_CARDS = 5
#: Most rounds of fitting the lattice and putting the cards on it: each round reaches further.
FIT_ROUNDS = 8
#: How far (pixels) the fit's refinement looks for each static card's edges around where it lies.
REFINE_REACH = 6
#: Share of its outline on edges a static card needs to pin the refined fit.
REFINE_SUPPORT = 0.75
#: Least Panoramas seen to place L'Ascension's table by their row alone.
MIN_PANORAMAS = 6
#: Least Panoramas seen to look along their row for the others.
FEW_PANORAMAS = 3
#: How like the Panoramas seen a place of the row must look to hold one, as a share of how like
#: their own mean they look (normalised cross-correlation).
LIKENESS = 0.75
#: A Panorama seen points the way most do: within this angle (degrees) of their median ...
UP_ANGLE = 25.0
#: ... and this ratio of its length.
UP_LENGTH = (0.75, 1.33)

# --- The layouts (vision.watch.layouts) ---

#: The gap between cards assumed when nothing tells otherwise (mm).
DEFAULT_GAP = 2.0

# --- Each cell's tile (vision.watch.cells) ---

#: Samples across and down a card's tile.
TILE = (12, 16)
#: Millimetres of a card's edge left out of its tile: a neighbour's card never reaches in.
INSET = 5.0

# --- A cell's top view against its references (vision.watch.silhouette) ---

#: Pixels a millimetre in the views.
SCALE = 1.0
#: Millimetres of table around a cell's card area in its view.
MARGIN = 14.0
#: A pixel differs from the reference by more than this (0-255, after the light is matched).
DIFFERENT = 22.0
#: A shadow: every channel darkened by a factor between the first two, all within the third of each other.
SHADOW = (0.3, 0.93, 0.12)
#: Below this share of the card area differing, the cell is as the reference.
EMPTY_SHARE = 0.12
#: A card fills at least this share of its own box.
CARD_FILL = 0.72
#: How far a card's measured size may be from 63 x 88 mm (ratio).
SIZE_TOLERANCE = (0.8, 1.15)
#: Share of a side's length on an edge for the side to count as the card's.
SIDE_ON_EDGE = 0.5
#: How far (mm) the card's sides are looked for around where it was found.
OUTLINE_REACH = 4

# --- Placing a bare pyramid by its first cards (vision.watch.anchors) ---

#: A card found between two frames must measure this share of the card its cell would hold (each side) ...
SIDE_RATIO = (0.75, 1.3)
#: ... and fill this share of its outline.
FILL = 0.8
#: A difference smaller than this share of a card is a speck (noise, a shadow's edge), no news.
SPECK = 0.3
#: Looking closer at a difference not shaped like a card: the tile is this share of the frame ...
CLOSER = 3
#: ... a card the finder outlines there counts only if the difference covers this share of it ...
COVERED = 0.3
#: ... and those cards must together hold this share of the difference.
EXPLAINED = 0.85
#: How much longer than wide such a card must be.
ASPECT = (1.15, 1.9)
#: Least cards before the anchors place the table ...
READY_CARDS = 6
#: ... or (count, columns): this many cards spread over this many columns or more.
READY_SPREAD = (3, 3)
#: RANSAC threshold of the fit, as a share of the pitch of the Panoramas in the image.
FIT_TOLERANCE = 0.08

# --- Reading the cells (vision.watch.watcher) ---

#: Share of a still cell's card area that must differ from the cell seen empty for a card to be
#: read there when its outline cannot be found.
FAINT = 0.25
#: The share of a trick place's card width and height that may lie out of the picture (a knock of
#: the camera) while the place is still read.
OUT_OF_VIEW = 0.15
#: The share of a bare cell's card area that must differ before a card's sides are looked for there:
#: a grey card on a table of its tint (Rixes' Sabres on pale marble) differs by its print alone, a
#: few hundredths of its area, and is told from the bare table by its sides.
SLIGHT = 0.02
#: Rows above the highest card the table is placed by where a card found by neither its outline
#: nor a card-shaped difference is still read where its cell is.
FITTED_ROWS = 2
#: Pixels a cell must move for a new fit of the table (cards laid) to be taken.
REFIT_SHIFT = 1.0

# --- What a fixed camera gives for free (vision.watch.bare) ---

#: The bare table's reference is kept this many pixels on its longest side.
BARE_SIDE = 320
#: Each frame counts this much into the reference where it still looks like the table (the light
#: drifting is followed over some 1 / BARE_RATE frames).
BARE_RATE = 0.05
#: When this share of the frame differs from the reference at once, the light changed: start again.
BARE_RESET = 0.6
#: A pixel differs from the bare table when a colour channel is this many grey levels off.
BARE_DIFFERENT = 12.0
#: The reference is left alone this share of a card's size beyond each card's quad (its shadow).
BARE_MARGIN = 0.15
#: A difference is card-shaped when its long side is within these times its short one ...
CARD_ASPECT = (1.15, 1.75)
#: ... it fills this share of its rectangle ...
SOLID = 0.8
#: ... and covers at least this share of the frame.
LEAST_CARD = 0.001
#: A quad has a card's size where it lies when its area is within this factor of a card's there.
CARD_SIZE = 2.0
