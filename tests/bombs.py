"""Image files built byte by byte for the attacks of issue 64: a PNG whose header claims a huge
picture (with only its first rows of zeros compressed, a few kilobytes), and headers cut short."""

from __future__ import annotations

import struct
import zlib


def _chunk(kind: bytes, body: bytes) -> bytes:
    crc = zlib.crc32(kind + body) & 0xFFFFFFFF
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)


def bomb_png(width: int = 30_000, height: int = 30_000, *, rows: int = 64) -> bytes:
    """A valid 8-bit grey PNG header claiming ``width`` x ``height``, with ``rows`` rows of zeros.

    The 30000x30000 default is the attack of issue 64: OpenCV allocates the whole picture
    (2.7 GB as BGR) before it finds the data short.
    """
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    packer = zlib.compressobj(9)
    row = bytes(1 + width)
    data = b"".join(packer.compress(row) for _ in range(rows)) + packer.flush()
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")


def cut_png() -> bytes:
    """A PNG signature and the start of its header chunk, cut before the size."""
    return bomb_png(64, 48)[:18]
