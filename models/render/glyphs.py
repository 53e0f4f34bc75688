"""Printed digits: glyphs of real typefaces, rasterised once into an atlas and stamped on card faces.

OpenCV's ``putText`` is no choice of typeface: OpenCV 5 draws every Hershey font
constant with one built-in sans (bold, or its italic), and OpenCV 4 draws the
Hershey strokes, so a classifier trained on one version's digits misreads the
other's (2026-11-24: Tranquillité's held-out crops drawn by OpenCV 4.11, 68.6%
best guess right, against 98.75% drawn by OpenCV 5), and "held-out fonts" drawn
by OpenCV 5 were the training ones. The atlas holds the ten digits of each of
:data:`TYPEFACES`, rasterised from freely licensed fonts by :func:`build_atlas`
(Pillow and FreeType, at build time only) and shipped as ``models/glyphs.npz``;
drawing them (:func:`text_mask`) needs only numpy and OpenCV's plainest calls
(resize, shear, a numpy disc to thicken), so the digits keep their shapes on
every version (Tranquillité's new classifier reads held-out crops drawn under
OpenCV 4.11 as under OpenCV 5: 99.12% and 99.18%). Whole families are kept for evaluation
(:data:`HELD_OUT_TYPEFACES`), so a held-out scene shows digits of shapes the
classifier never saw.

>>> atlas = load_atlas()
>>> mask = text_mask("27", atlas.index("Liberation Sans"), 40)
>>> mask.dtype, abs(mask.shape[0] - 40) <= 1, 50 < mask.shape[1] < 70
(dtype('uint8'), True, True)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

DIGITS = "0123456789"
#: The height of a digit in the atlas, in pixels: large enough that a card's centre number (about 75
#: pixels on a 280-pixel face) is drawn by shrinking it.
DIGIT_HEIGHT = 96
#: Room around each glyph in its cell: some typefaces' digits lean or reach past their advance.
PAD = 24

#: Where Debian installs the TeX Gyre fonts, the TrueType ones and the other OpenType ones.
GYRE = "/usr/share/texmf/fonts/opentype/public/tex-gyre/"
TRUETYPE = "/usr/share/fonts/truetype/"
OPENTYPE = "/usr/share/fonts/opentype/"

#: Typefaces a classifier trains on: the atlas's name, then the font file as Debian's packages
#: install it (fonts-dejavu-core, fonts-dejavu-extra, fonts-liberation, fonts-liberation2,
#: fonts-texgyre, fonts-noto-core).
TRAIN_TYPEFACES: dict[str, str] = {
    "DejaVu Sans": TRUETYPE + "dejavu/DejaVuSans.ttf",
    "DejaVu Sans Bold": TRUETYPE + "dejavu/DejaVuSans-Bold.ttf",
    "DejaVu Sans Condensed Bold": TRUETYPE + "dejavu/DejaVuSansCondensed-Bold.ttf",
    "DejaVu Serif": TRUETYPE + "dejavu/DejaVuSerif.ttf",
    "DejaVu Serif Bold": TRUETYPE + "dejavu/DejaVuSerif-Bold.ttf",
    "DejaVu Sans Mono": TRUETYPE + "dejavu/DejaVuSansMono.ttf",
    "Liberation Sans": TRUETYPE + "liberation2/LiberationSans-Regular.ttf",
    "Liberation Sans Bold": TRUETYPE + "liberation2/LiberationSans-Bold.ttf",
    "Liberation Serif": TRUETYPE + "liberation2/LiberationSerif-Regular.ttf",
    "Liberation Serif Bold": TRUETYPE + "liberation2/LiberationSerif-Bold.ttf",
    "Liberation Mono Bold": TRUETYPE + "liberation2/LiberationMono-Bold.ttf",
    "TeX Gyre Heros Condensed": GYRE + "texgyreheroscn-regular.otf",
    "TeX Gyre Termes Bold": GYRE + "texgyretermes-bold.otf",
    "TeX Gyre Bonum": GYRE + "texgyrebonum-regular.otf",
    "TeX Gyre Bonum Bold": GYRE + "texgyrebonum-bold.otf",
    "TeX Gyre Adventor": GYRE + "texgyreadventor-regular.otf",
    "TeX Gyre Adventor Bold": GYRE + "texgyreadventor-bold.otf",
    "TeX Gyre Cursor Bold": GYRE + "texgyrecursor-bold.otf",
    "Noto Sans": TRUETYPE + "noto/NotoSans-Regular.ttf",
    "Noto Sans Bold": TRUETYPE + "noto/NotoSans-Bold.ttf",
    "Noto Serif Display": TRUETYPE + "noto/NotoSerifDisplay-Regular.ttf",
    # Added 2026-11-24 (afternoon): italics, a hairline, a narrow and more bold faces of the same
    # families. With the 21 above alone, the classifiers read the held-out script face's 1 as a 7
    # and its 3 as a 5 with full confidence (The Crew: 8.2% of its crops wrong but confident).
    "DejaVu Sans ExtraLight": TRUETYPE + "dejavu/DejaVuSans-ExtraLight.ttf",
    "DejaVu Serif Italic": TRUETYPE + "dejavu/DejaVuSerif-Italic.ttf",
    "Liberation Sans Narrow Bold": TRUETYPE + "liberation/LiberationSansNarrow-Bold.ttf",
    "TeX Gyre Heros Bold": GYRE + "texgyreheros-bold.otf",
    "TeX Gyre Termes Italic": GYRE + "texgyretermes-italic.otf",
    "TeX Gyre Bonum Bold Italic": GYRE + "texgyrebonum-bolditalic.otf",
    "TeX Gyre Adventor Bold Italic": GYRE + "texgyreadventor-bolditalic.otf",
    "TeX Gyre Cursor Italic": GYRE + "texgyrecursor-italic.otf",
    "Noto Serif Bold": TRUETYPE + "noto/NotoSerif-Bold.ttf",
    "Noto Serif Italic": TRUETYPE + "noto/NotoSerif-Italic.ttf",
    "Noto Serif Display Italic": TRUETYPE + "noto/NotoSerifDisplay-Italic.ttf",
}
#: Handwritten typefaces a classifier may also train on, when its recipe says so
#: (``models.training.classifier.Recipe.scripts``; fonts-dancingscript, fonts-kaushanscript, fonts-lobstertwo,
#: fonts-kristi; SIL OFL 1.1). With no script among the training faces, the held-out chancery
#: script's cards were the ones left unsure most often (Rixes read 95.8% of them right, against
#: 98.3-99.6% of the other held-out typefaces'). Their digits do not all stand on the baseline
#: (Dancing Script's 0 dips a tenth of its height below it).
SCRIPT_TYPEFACES: dict[str, str] = {
    "Dancing Script": OPENTYPE + "dancingscript/DancingScript-Regular.otf",
    "Dancing Script Bold": OPENTYPE + "dancingscript/DancingScript-Bold.otf",
    "Kaushan Script": OPENTYPE + "kaushanscript/KaushanScript-Regular.otf",
    "Lobster Two": OPENTYPE + "lobstertwo/LobsterTwo-Regular.otf",
    "Lobster Two Italic": OPENTYPE + "lobstertwo/LobsterTwo-Italic.otf",
    "Kristi": TRUETYPE + "kristi/Kristi.ttf",
}
#: Typefaces that set a classifier's confidence threshold and nothing else: styles of the training
#: families it never learned (and the FreeFont family, fonts-freefont-ttf). Set on the training
#: typefaces alone, the threshold let unseen digits through: The Crew's fell to its floor of 0.5,
#: and 1.3% of its held-out crops were read wrong with confidence.
CALIBRATION_TYPEFACES: dict[str, str] = {
    "DejaVu Serif Condensed Bold Italic": TRUETYPE + "dejavu/DejaVuSerifCondensed-BoldItalic.ttf",
    "Liberation Serif Bold Italic": TRUETYPE + "liberation2/LiberationSerif-BoldItalic.ttf",
    "TeX Gyre Heros Condensed Bold Italic": GYRE + "texgyreheroscn-bolditalic.otf",
    "TeX Gyre Cursor Bold Italic": GYRE + "texgyrecursor-bolditalic.otf",
    "Noto Sans Display Italic": TRUETYPE + "noto/NotoSansDisplay-Italic.ttf",
    "Noto Serif Display Bold Italic": TRUETYPE + "noto/NotoSerifDisplay-BoldItalic.ttf",
    "FreeSerif": TRUETYPE + "freefont/FreeSerif.ttf",
    "FreeSans Bold": TRUETYPE + "freefont/FreeSansBold.ttf",
    "Noto Sans Italic": TRUETYPE + "noto/NotoSans-Italic.ttf",
}
#: Typefaces kept for evaluation only: families none of the training ones belongs to
#: (fonts-texgyre, fonts-crosextra-carlito, fonts-crosextra-caladea).
HELD_OUT_TYPEFACES: dict[str, str] = {
    "TeX Gyre Pagella": GYRE + "texgyrepagella-regular.otf",
    "TeX Gyre Pagella Bold": GYRE + "texgyrepagella-bold.otf",
    "TeX Gyre Schola": GYRE + "texgyreschola-regular.otf",
    "TeX Gyre Schola Bold": GYRE + "texgyreschola-bold.otf",
    "TeX Gyre Chorus": GYRE + "texgyrechorus-mediumitalic.otf",
    "Carlito": TRUETYPE + "crosextra/Carlito-Regular.ttf",
    "Carlito Bold": TRUETYPE + "crosextra/Carlito-Bold.ttf",
    "Caladea Bold": TRUETYPE + "crosextra/Caladea-Bold.ttf",
}
TYPEFACES: dict[str, str] = {**TRAIN_TYPEFACES, **SCRIPT_TYPEFACES, **HELD_OUT_TYPEFACES,
                              **CALIBRATION_TYPEFACES}


@dataclass(frozen=True)
class Atlas:
    """The ten digits of each typeface: ``glyphs`` (typefaces, 10, H, W) coverage masks, each digit
    standing on ``baseline`` with its pen at ``PAD`` and ``advance`` (typefaces, 10) pixels wide."""

    names: tuple[str, ...]
    glyphs: npt.NDArray[np.uint8]
    advance: npt.NDArray[np.int32]
    baseline: int

    def index(self, name: str) -> int:
        """The position of the typeface ``name``."""
        return self.names.index(name)


def default_atlas() -> Path:
    """Where the shipped atlas lies (``models/glyphs.npz``)."""
    return Path(str(resources.files("models").joinpath("glyphs.npz")))


@functools.cache
def load_atlas(path: Path | None = None) -> Atlas:
    """The atlas at ``path`` (the shipped one by default), read once."""
    with np.load(path or default_atlas(), allow_pickle=False) as data:
        return Atlas(tuple(str(n) for n in data["names"]), data["glyphs"], data["advance"].astype(np.int32),
                     int(data["baseline"]))


def build_atlas(fonts: dict[str, str], out: Path) -> Atlas:
    """Rasterise the digits of ``fonts`` (name: font file, or ``"default"`` for Pillow's built-in
    font) with Pillow and write the atlas to ``out``; each typeface drawn so that its 0 stands
    :data:`DIGIT_HEIGHT` pixels tall. Needs Pillow (``pip install pillow``): only to build it."""
    from PIL import Image, ImageDraw, ImageFont  # noqa: PLC0415 (Pillow: the train extra, only to build the atlas)

    def font_at(path: str, size: int) -> ImageFont.FreeTypeFont:
        if path == "default":
            return ImageFont.load_default(size=size)  # type: ignore[return-value]
        return ImageFont.truetype(path, size)

    height, width = DIGIT_HEIGHT + 2 * PAD, DIGIT_HEIGHT + 2 * PAD
    baseline = PAD + DIGIT_HEIGHT
    glyphs = np.zeros((len(fonts), len(DIGITS), height, width), np.uint8)
    advance = np.zeros((len(fonts), len(DIGITS)), np.int32)
    for f, path in enumerate(fonts.values()):
        # The size at which this typeface's 0 is DIGIT_HEIGHT tall (digits' heights differ by face).
        probe = font_at(path, 200)
        _, top, _, bottom = probe.getbbox("0", anchor="ls")
        font = font_at(path, round(200 * DIGIT_HEIGHT / max(1, bottom - top)))
        for d, digit in enumerate(DIGITS):
            canvas = Image.new("L", (width, height), 0)
            ImageDraw.Draw(canvas).text((PAD, baseline), digit, fill=255, font=font, anchor="ls")
            glyphs[f, d] = np.asarray(canvas, np.uint8)
            advance[f, d] = round(font.getlength(digit))
    atlas = Atlas(tuple(fonts), glyphs, advance, baseline)
    np.savez_compressed(out, names=np.array(atlas.names), glyphs=glyphs, advance=advance,
                        baseline=np.int32(baseline))
    return atlas


def thicken(mask: npt.NDArray[np.uint8], radius: int) -> npt.NDArray[np.uint8]:
    """``mask`` grown by a disc of ``radius`` pixels (strokes made bolder, or a ring around them)."""
    across = np.arange(-radius, radius + 1)
    disc = (across[:, None] ** 2 + across[None, :] ** 2 <= radius ** 2).astype(np.uint8)
    return np.asarray(cv2.dilate(mask, disc), np.uint8)


def text_mask(text: str, typeface: int, height: float, *, atlas: Atlas | None = None, weight: float = 0.0,
              slant: float = 0.0) -> npt.NDArray[np.uint8]:
    """The coverage mask (255 ink, 0 paper) of the digits ``text`` in the atlas's typeface
    ``typeface``, cropped to its ink, its digits ``height`` pixels tall. ``weight`` thickens the
    strokes by that share of the digit height on each side (0.03 makes a regular face bold);
    ``slant`` leans it (0.2: a fifth of its height to the right at the top).

    >>> plain, bold = text_mask("8", 0, 30), text_mask("8", 0, 30, weight=0.04)
    >>> int(plain.sum()) < int(bold.sum())
    True
    """
    atlas = atlas or load_atlas()
    cells = atlas.glyphs[typeface]
    pens = np.concatenate([[0], np.cumsum([atlas.advance[typeface, DIGITS.index(c)] for c in text])])
    line = np.zeros((cells.shape[1], int(pens[-1]) + cells.shape[2]), np.uint8)
    for pen, char in zip(pens[:-1].tolist(), text, strict=True):
        cell = cells[DIGITS.index(char)]
        np.maximum(line[:, pen:pen + cell.shape[1]], cell, out=line[:, pen:pen + cell.shape[1]])
    if weight > 0:
        line = thicken(line, max(1, round(weight * DIGIT_HEIGHT)))
    if slant:
        # Lean about the baseline: a point h pixels above it moves slant * h to the right.
        shear = np.array([[1.0, -slant, slant * atlas.baseline], [0.0, 1.0, 0.0]], np.float32)
        line = cv2.warpAffine(line, shear, (line.shape[1] + round(abs(slant) * line.shape[0]), line.shape[0]),
                              flags=cv2.INTER_LINEAR)
    rows, cols = np.nonzero(line.max(axis=1))[0], np.nonzero(line.max(axis=0))[0]
    if len(rows) == 0:
        return np.zeros((max(1, round(height)), 1), np.uint8)
    ink = line[rows[0]:rows[-1] + 1, cols[0]:cols[-1] + 1]
    scale = height / DIGIT_HEIGHT
    size = (max(1, round(ink.shape[1] * scale)), max(1, round(ink.shape[0] * scale)))
    return np.asarray(cv2.resize(ink, size, interpolation=cv2.INTER_AREA), np.uint8)


if __name__ == "__main__":
    # Build the shipped atlas again: python -m models.render.glyphs
    # (needs Pillow and the Debian font packages).
    built = build_atlas(TYPEFACES, default_atlas())
    print(f"{default_atlas()}: {len(built.names)} typefaces")
