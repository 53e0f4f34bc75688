"""The tuned numbers of reading cards: each says what it controls; how it was chosen is in git."""

from __future__ import annotations

# --- Reading the cards found (vision.read.recognise) ---

#: A crop whose middle half varies by less than this (the standard deviation of its grey levels)
#: shows no print: every face, and the card back, prints something there.
BLANK = 3.0
#: The confidence given to a card read by its shape (the game's triangular face).
SHAPE_CONFIDENCE = 0.99
#: A quad too square for a card seen square on is told a whole card by the shape it has on the
#: table when at least this many cards found tell the table's perspective.
TOLD_BY = 3
#: The largest and smallest scale of the annotated labels (OpenCV's Hershey simplex font).
LABEL_SCALE = (0.45, 0.3)

# --- Reading an unsure card again on other cuts (vision.read.reread) ---

#: The confidence each reading of another cut must reach to count (or the classifier's own
#: threshold, when higher).
SURE = 0.97
#: How many sure readings of other cuts must agree.
AGREE = 2
#: How many times as many sure readings must give the name taken as give any other.
OUTVOTE = 3.0
#: A card read with less confidence than this is read on its cuts too.
CHECK = 0.9995
#: A card read again is cut at most this many places where the cards read surely beside it say a
#: card lies, the nearest to its quad first ...
TOLD = 4
#: ... places overlapping the card's quad by this IoU or more.
NEAR = 0.4
#: A card whose cuts did not agree is cut again along its quad turned about its centre by each of
#: these angles (degrees), each way.
TURNS = (10.0, 20.0, 30.0)
#: How many looks of the refiner place each quad turned.
TURN_LOOKS = 2
#: A card whose readings still do not agree is named by their consensus when at least this many
#: readings were taken ...
CONSENSUS = 10
#: ... at least this share of them guess one name ...
UNANIMOUS = 0.8
#: ... none guesses another this surely or more ...
DISSENT = 0.5
#: ... and those guessing it are this sure or more, half of them.
MEDIAN = 0.8
