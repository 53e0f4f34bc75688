"""The tuned numbers of finding cards: each says what it controls; how it was chosen is in git."""

from __future__ import annotations

# --- Merging the network's quads with the contours' (vision.find.finders) ---

#: Quads inside a larger one (each under half its size) that cover less than this share of it
#: are parts of one card; covering more, at least two lying apart, they are cards, it a blob.
PARTS = 0.5
#: Of two quads of one card, a contour's outline must lie on edges by this much more than the
#: network's to stay: the network's corners win ties.
BETTER = 0.15
#: Quads lying on edges by at least this much (their median) are outlined cards.
ON_EDGES = 0.9
#: Contours run on the frame shrunk to this many pixels on its long side.
CONTOUR_SIDE = 640
#: A quad where no finder outlined a card is kept only if the network's core map shows at least
#: this much of a card under it.
SEEN = 0.5
#: How much closer :func:`vision.find.finders.closer` looks: tiles a half, a third and a quarter
#: of the frame, each shown to the finder whole.
MAGNIFICATIONS = (2, 3, 4)

# --- The corner refiner and the refined finder (vision.find.refine) ---

#: Looks at each card: the second, through the window of the first answer, is the sharper.
PASSES = 2
#: A refined quad whose card probability is below this is no card (a shadow, the table's pattern).
MIN_CARD = 0.5
#: Two refined quads overlapping by more than this (intersection over the smaller) are one card.
SAME_CARD = 0.6
#: A quad found looking closer, this many times larger or smaller in area than the median card
#: found at the frame's scale, is no card.
SIZE_RANGE = 3.0
#: How much the distance of a quad found looking closer from the median card's area (natural log
#: of their ratio) counts against it when two quads claim one card.
SIZE_WEIGHT = 0.5
#: How much closer the full refined finder looks where it found cards (its closer look's scale
#: over the whole frame's); a table finder's most.
MAGNIFICATION = 2.0
#: A table finder's closer look shows the cards as long as cards this many frame pixels long look
#: at the frame's scale.
CLOSE_LENGTH = 150.0
#: How much closer a table finder looks, at least.
LEAST_MAGNIFICATION = 1.25
#: Cards longer than this share of the frame's height are seen close (a photo of a few cards):
#: the frame is looked at farther, not closer.
LARGE = 0.2
#: The scales (over the whole frame's) at which the refined finder looks farther after finding a
#: card longer than :data:`LARGE`.
FARTHER = (0.5, 0.67)
#: A large quad is a card seen close only if its outline lies on the frame's edges at least this much.
SEEN_CLOSE = 0.3
#: A quad inside a card seen close, smaller than this share of it and off edges, is printed on it.
PRINTED = 0.2
#: A quad found at the frame's scale this many times the median card's area or larger, not a card
#: seen close, is held to the cards' size like the quads found closer or farther.
RUN_TOGETHER = 1.5
#: A card proposed behind or beside others stays only if the refiner places it overlapping the
#: place asked by this much (IoU) or more.
STAYS = 0.5
#: A card placed with sides this much longer or shorter (as a share) than the cards about it is
#: placed again, brought to their size ...
ODD_SIZE = 0.1
#: ... unless it is more than this many times too long or too short.
ODD_TIMES = 2.5
#: The fewest cards that tell how large a card lies where.
SIZED_BY = 4
#: A card kept whose area is within these many times that of a card where it lies holds two.
PAIR = (1.6, 2.6)
#: The long over the short sides of a half of such a pair that may be a card.
HALF_ASPECT = (1.15, 1.75)
#: Pixels from the frame's edge within which a quad is cut by it.
FRAME_MARGIN = 2
#: The refiner's card probability each half of a pair must have.
PAIR_CARD = 0.99
#: A core taken whole is a card where the refiner places one by this probability or more ...
FREE_CARD = 0.99
#: ... no squarer in the frame than this (long over wide) ...
SQUAREST = 1.03
#: ... and long over wide within these bounds on the table.
ON_TABLE = (1.15, 1.65)
#: A card beside a card found is one where the refiner places one by this probability or more ...
BESIDE_CARD = 0.99
#: ... long over wide in the frame within these bounds.
BESIDE_ASPECT = (1.15, 1.65)
#: A place beside a card is asked about while less than this share of it lies under the cards known.
TAKEN = 0.3
#: How many places beside a card found before the refined finder follows at most.
BESIDE_REACH = 2
#: A quad of no triangle over a place of a row of triangles fits it badly below this IoU ...
RESEAT_FIT = 0.7
#: ... and gives way to the triangle placed there when that fits the place this much better.
RESEAT_GAIN = 0.1
#: A card the closer look outlined lying on the frame's edges this much or more is taken as
#: outlined, placed by no refiner (a table finder's ``as_outlined``).
AS_OUTLINED = 0.9
#: A quad of the closer look overlapping a card found at the frame's scale by this much (IoU) is
#: that card outlined more finely.
SHARPER = 0.7
#: The least cards the table's finder must find for a frame to be a table laid out.
TABLE_CARDS = 12

# --- Contours and quads (vision.find.detect) ---

#: Least share of its convex hull a region fills: rejects ragged blobs, keeps cards whose border
#: is broken by a court figure touching it.
MIN_SOLID = 0.6
#: Two quads overlapping by this share of the smaller or more are no two cards laid edge to edge.
CLASH = 0.2
#: The frame (long side, short side) every step of finding cards counts its pixels in: a larger
#: frame is read shrunk to it.
WORKING_SIZE = (1280, 720)
#: A quad squarer than this (long sides over short ones; 1.40 for a card seen square on) holds no
#: whole card.
MIN_ASPECT = 1.1
#: A quad holds a whole card, told on the table, when it is this long over wide ...
TABLE_ASPECT = (1.2, 1.6)
#: ... and covers this share of a card's area there.
TABLE_AREA = (0.75, 1.3)
#: A core taken whole into a card larger than :data:`NEAR_AREA` times the cards' median must also
#: cover this share of a card's area on the table.
NEAR_TABLE_AREA = TABLE_AREA

# --- The finder network's core map (vision.find.segment) ---

#: A core smaller than this share of the map of a whole frame is a speck, no card.
MIN_CORE = 0.0004
#: A map region filling less of its bounding box than this tells no card's length.
FILLED = 0.6
#: A quad overlapping a triangle's outline by at least this (IoU) is that triangular card.
SAME_TRIANGLE = 0.7
#: Thresholds tried, in turn, to part a core region that is no card's shape (two cores run together).
SPLIT_THRESHOLDS = (0.7, 0.85, 0.95)
#: A core region fills at least this share of the shape fitted to it: less, and it is several cores.
MIN_FIT = 0.8
#: A frame resized by this scale or less is averaged over areas; by more, bilinear.
SHRUNK = 0.5

# --- Cards partly under others, and cores taken whole (vision.find.covered) ---

#: The side of a partial core that shows whole is this close (ratio) to that side on whole cards.
WHOLE_SIDE = 1.25
#: The other side is cut short: at most this share of its size on a whole card's core ...
CUT_SHORT = 0.9
#: ... and at least this share of it.
LEAST_SHOWN = 0.3
#: A partial core with more than this share of it under the cards found is a piece of one of them.
SEEN_UNDER = 0.3
#: At least this share of the grown card beyond the cut lies under the cards found (the card hiding it).
UNDER = 0.6
#: A core taken whole makes a card of this share of the cards' median area ...
FREE_AREA = (0.5, 2.0)
#: ... over this share of it, the refined finder holds it to a card's size on the table ...
NEAR_AREA = 1.5
#: ... and lies this many pixels or more inside the frame.
FRAMED = 2

# --- Rows of cards and the places beside them (vision.find.rows) ---

#: The fewest triangles that make a row.
LEAST_ROW = 3
#: Cards side by side lie their width apart, give or take this share of it (a gap, a tilt).
PITCH_SLACK = 0.3
#: A triangle lies in the row when its centre is within this share of a card's height of the line
#: through the others.
IN_ROW = 0.3
#: How many places a row is followed beyond each end.
ROW_REACH = 4
#: How like the row's cards a place must look to hold one, as a share of how like their own mean
#: look they are (correlation of grey crops).
LIKENESS = 0.75
#: The size (width, height) of the grey crops compared.
LOOK = (24, 33)
#: A card laid beside another in a row lies this many of its widths along from it.
BESIDE = 1.14
#: A card of a pyramid's next row lies this many of a card's widths aside ...
ASIDE = 0.52
#: ... and this many of its lengths along from the card it lies on or under.
ROW = 1.04

# --- How well an outline lies on the frame's edges (vision.find.outline) ---

#: A step across a side counts when the Sobel response across it is at least this and clearly
#: stronger than the response along it.
MIN_STEP = 40.0
#: Points sampled along each side, between 10% and 90% of it.
SAMPLES = 24
#: How far from the side, in pixels on either side of it, a step may lie.
EDGE_REACH = 3
#: Segments measured at once: bounds the memory a table's fit takes for an instant.
CHUNK = 2048
