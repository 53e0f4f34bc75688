"""The tuned numbers of enrolling a deck from the camera, each with what it controls.

Light on purpose (no import): the command line's parser reads the defaults here.
"""

#: The grid a batch is laid in, rows and columns: a dozen cards, which a phone's page shows whole.
GRID = (3, 4)
#: Shots kept of each card.
SHOTS = 5

# -- the grid (companion.app.enrol_grid) --
#: The least and most distance between the centres of two neighbouring cards, in card sizes: the
#: players leave a gap between the cards, up to most of a card.
PITCH = (0.95, 1.8)
#: How far from its cell's centre a card's centre may lie, in steps of the grid, and still be in it.
SLACK = 0.35
#: How much the gap between the columns and the gap between the rows may differ, in card widths:
#: players leave the same gap both ways, which a grid fitted by chance seldom shows.
GAPS = 0.3
#: The sizes of the found outlines taken for cards of the grid, as shares of their median: smaller
#: or larger things (a box, a phone, a token) are not part of it.
SIZES = (0.6, 1.6)

# -- the shots (companion.app.enrolment) --
#: How far a card's corners may move between two frames, as a share of its height, for it to be
#: still: a card moving is blurred, or a hand is over it.
STILL = 0.04
#: How many frames in a row, after the first, a card must have stood still.
STILL_FRAMES = 2
#: The least time between two shots of one card (seconds): distinct frames, not one frame twice.
SHOT_APART = 0.25
#: The least similarity of a shot's embedding to the mean of its card's other shots of the same
#: laying: below it the crop is not the card alone (a hand over it, a glare).
CONSISTENT = 0.75
#: Frames in a row a card lying still must be unlike its shots of this laying for those shots to
#: be dropped and taken again (a hand rested on the card while they were taken).
UNLIKE_FRAMES = 3
#: Frames in a row a card lying still must be read as another card of the deck to be the wrong card
#: in its cell (a misreading is seldom twice the same).
WRONG_FRAMES = 2
#: The least similarity of a crop, either way up, to the shots of the card the classifier reads on it
#: for that reading to be believed over the card's cell (the same card shot again is above 0.99 on
#: rendered decks, two cards below 0.88).
SAME = 0.92
#: Frames in a row the grid must be seen bare before the next batch begins.
CLEAR_FRAMES = 2
#: Seconds between two frames beyond which the first says nothing of the second's stillness.
MAX_GAP = 1.0

# -- the profile (companion.app.enrol_profile) --
#: A card looks too much like another when, its capture left out, another card comes this close
#: to it or closer than its own other shots do.
LOOKALIKE_MARGIN = 0.02
