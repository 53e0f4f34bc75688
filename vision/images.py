"""Reading image files safely: the size a header claims is checked before anything is decoded.

Every image the companion reads from a file (a folder of frames, ``companion detect``'s images,
the evaluation photos) goes through :func:`load_image`. A PNG of 30000 by 30000 pixels compresses
to under a megabyte, and decoding it would take gigabytes: so the width and height are read from
the file's first bytes (PNG ``IHDR``, JPEG ``SOF``, BMP, TIFF and WebP headers) and an image over
:data:`MAX_PIXELS` is refused with :class:`~companion.errors.ImageTooLarge` before OpenCV sees it.
A file in any other format is refused too: its size could not be checked.

>>> import cv2
>>> ok, png = cv2.imencode(".png", np.zeros((30, 40, 3), np.uint8))
>>> image_size(png.tobytes())
('PNG', 40, 30)
>>> decode_image(png.tobytes(), "table.png").shape
(30, 40, 3)
"""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from companion.errors import ImageTooLarge, ImageUnreadable
from companion.text import Text, os_reason

Image = npt.NDArray[np.uint8]

#: The most pixels an image may have: 50 megapixels. A 12 MP Pi camera frame (4056x3040), a 4K
#: video frame (3840x2160) and a 48 MP phone photo (8064x6048) fit; decoded, such an image takes
#: 150 MB as BGR, where the 900 MP of a 30000x30000 bomb took 5.2 GB.
MAX_PIXELS = 50_000_000
#: The longest side an image may have (WebP's own limit is 16383): a 1 by 50 million strip fits the
#: pixel budget but is no picture of a table.
MAX_SIDE = 16_384
#: The largest image file read: the budget's pixels uncompressed at 4 bytes each, and 1 MiB of
#: metadata. A file is read whole before it is decoded, so this bounds that memory too.
MAX_BYTES = MAX_PIXELS * 4 + (1 << 20)
#: The formats whose header is read, as their names appear in messages.
FORMATS = ("JPEG", "PNG", "BMP", "TIFF", "WebP")

#: JPEG markers that start a frame (SOF0-3, 5-7, 9-11, 13-15) and carry its size.
_SOF = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})
#: JPEG markers that stand alone, with no length after them (TEM, RST0-7, SOI, EOI).
_STANDALONE = frozenset({0x01, *range(0xD0, 0xDA)})


class _Cut(Exception):
    """A header that ends before its size was read, or holds nonsense."""


def image_format(head: bytes) -> str | None:
    """The format a file's first 12 bytes name (one of :data:`FORMATS`), or None.

    >>> image_format(b"\\x89PNG\\r\\n\\x1a\\n"), image_format(b"GIF89a")
    ('PNG', None)
    """
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if head.startswith(b"\xff\xd8"):
        return "JPEG"
    if head.startswith(b"BM"):
        return "BMP"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "TIFF"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP"
    return None


def image_size(data: bytes) -> tuple[str, int, int] | None:
    """The format, width and height a file's header claims; None for a format not read here.

    Raises ``ValueError`` for a header of a known format that is cut short or damaged.

    >>> image_size(b"BM" + bytes(12) + struct.pack("<Iii", 40, 640, -480))
    ('BMP', 640, 480)
    >>> image_size(b"GIF89a") is None
    True
    """
    kind = image_format(data)
    if kind is None:
        return None
    try:
        width, height = _READERS[kind](data)
    except (_Cut, struct.error, IndexError) as error:
        raise ValueError("header cut short or damaged") from error
    return kind, width, height


def _png(data: bytes) -> tuple[int, int]:
    if data[12:16] != b"IHDR":
        raise _Cut
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def _jpeg(data: bytes) -> tuple[int, int]:
    at = 2
    while True:
        while data[at] == 0xFF and data[at + 1] == 0xFF:  # fill bytes before a marker
            at += 1
        if data[at] != 0xFF:
            raise _Cut
        marker = data[at + 1]
        if marker in _STANDALONE:
            at += 2
            continue
        if marker == 0xDA:  # the scan starts: no frame header came before it
            raise _Cut
        (length,) = struct.unpack(">H", data[at + 2:at + 4])
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return int(width), int(height)
        if length < 2:
            raise _Cut
        at += 2 + length


def _bmp(data: bytes) -> tuple[int, int]:
    (header,) = struct.unpack("<I", data[14:18])
    if header == 12:  # the old OS/2 header: 16-bit sizes
        width, height = struct.unpack("<HH", data[18:22])
    else:
        width, height = struct.unpack("<ii", data[18:26])
    return abs(int(width)), abs(int(height))  # a negative height is a top-down bitmap


def _tiff(data: bytes) -> tuple[int, int]:
    order = "<" if data[:2] == b"II" else ">"
    (ifd,) = struct.unpack(order + "I", data[4:8])
    (count,) = struct.unpack(order + "H", data[ifd:ifd + 2])
    sizes: dict[int, int] = {}
    for entry in range(count):
        at = ifd + 2 + 12 * entry
        tag, kind = struct.unpack(order + "HH", data[at:at + 4])
        if tag in (256, 257):  # ImageWidth, ImageLength: a SHORT (type 3) or a LONG
            form, end = ("H", at + 10) if kind == 3 else ("I", at + 12)
            sizes[tag] = struct.unpack(order + form, data[at + 8:end])[0]
    if len(sizes) != 2:
        raise _Cut
    return int(sizes[256]), int(sizes[257])


def _webp(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    body = data[20:]
    if chunk == b"VP8 " and body[3:6] == b"\x9d\x01\x2a":
        width, height = struct.unpack("<HH", body[6:10])
        return int(width) & 0x3FFF, int(height) & 0x3FFF
    if chunk == b"VP8L" and body[0] == 0x2F:
        (bits,) = struct.unpack("<I", body[1:5])
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        width = int.from_bytes(body[4:7], "little") + 1
        height = int.from_bytes(body[7:10], "little") + 1
        return width, height
    raise _Cut


_READERS = {"PNG": _png, "JPEG": _jpeg, "BMP": _bmp, "TIFF": _tiff, "WebP": _webp}


def check_size(data: bytes, name: str | Path) -> tuple[int, int]:
    """The (width, height) ``data``'s header claims, once checked against the pixel budget.

    Raises :class:`~companion.errors.ImageTooLarge` over :data:`MAX_PIXELS` or :data:`MAX_SIDE`,
    and :class:`~companion.errors.ImageUnreadable` for a format not read here or a damaged header;
    ``name`` is the file, for the message.
    """
    try:
        claimed = image_size(data)
    except ValueError:
        raise ImageUnreadable(Text("image_bad_header", path=name)) from None
    if claimed is None:
        raise ImageUnreadable(Text("image_unknown_format", path=name, formats=", ".join(FORMATS)))
    kind, width, height = claimed
    if width < 1 or height < 1:
        raise ImageUnreadable(Text("image_bad_header", path=name))
    if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
        raise ImageTooLarge(Text("image_too_large", path=name, format=kind, width=width, height=height,
                                 megapixels=f"{width * height / 1e6:.1f}", budget=f"{MAX_PIXELS / 1e6:g}",
                                 side=MAX_SIDE))
    return width, height


def decode_image(data: bytes, name: str | Path) -> Image:
    """``data`` (a whole image file) decoded as a BGR image, once its header passed :func:`check_size`.

    Raises :class:`~companion.errors.ImageTooLarge` or :class:`~companion.errors.ImageUnreadable`.
    """
    width, height = check_size(data, name)
    try:
        image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    except cv2.error:
        image = None
    if image is None:
        raise ImageUnreadable(Text("image_unreadable", path=name))
    if image.shape[:2] not in ((height, width), (width, height)):
        # The decoder read another size than the header we checked (a JPEG's EXIF orientation may
        # turn it a quarter, nothing more): trust neither.
        raise ImageUnreadable(Text("image_bad_header", path=name))
    return np.asarray(image, np.uint8)


def load_image(path: str | Path) -> Image:
    """The image file at ``path`` as a BGR image, refused before decoding when too large.

    The file is read once (so what was checked is what is decoded), at most :data:`MAX_BYTES`.
    Raises :class:`~companion.errors.ImageTooLarge` for an image over the pixel budget or a file
    over :data:`MAX_BYTES`, and :class:`~companion.errors.ImageUnreadable` for a missing, damaged
    or unknown file.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(12)
            # An unknown format is refused on its first bytes: /dev/zero is never read on.
            if image_format(head) is None:
                raise ImageUnreadable(Text("image_unknown_format", path=path, formats=", ".join(FORMATS)))
            data = head + handle.read(MAX_BYTES + 1 - len(head))
    except OSError as error:
        raise ImageUnreadable(Text("image_unreadable_detail", path=path, detail=os_reason(error))) from None
    if len(data) > MAX_BYTES:
        raise ImageTooLarge(Text("image_file_too_large", path=path, megabytes=f"{MAX_BYTES / 1e6:.0f}"))
    return decode_image(data, path)
