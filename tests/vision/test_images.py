"""The one image loader: the size a header claims is read and checked before decoding."""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.errors import ImageTooLarge, ImageUnreadable
from tests.bombs import bomb_png, cut_png
from vision import images
from vision.images import MAX_SIDE, check_size, image_size, load_image


def encoded(suffix: str, size: tuple[int, int] = (53, 37), *params: int) -> bytes:
    width, height = size
    ok, data = cv2.imencode(suffix, np.full((height, width, 3), 90, np.uint8), list(params))
    assert ok
    return data.tobytes()


@pytest.mark.parametrize(("suffix", "params", "kind"), [
    (".png", (), "PNG"), (".jpg", (), "JPEG"), (".jpg", (cv2.IMWRITE_JPEG_PROGRESSIVE, 1), "JPEG"),
    (".bmp", (), "BMP"), (".tif", (), "TIFF"), (".webp", (), "WebP"),
    (".webp", (cv2.IMWRITE_WEBP_QUALITY, 101), "WebP"),  # lossless: a VP8L chunk
])
def test_every_format_a_folder_may_hold_is_sized_from_its_header(suffix: str, params: tuple[int, ...],
                                                                kind: str, tmp_path: Path) -> None:
    data = encoded(suffix, (53, 37), *params)
    assert image_size(data) == (kind, 53, 37)
    path = tmp_path / f"frame{suffix}"
    path.write_bytes(data)
    assert load_image(path).shape == (37, 53, 3)


def test_a_jpeg_header_is_found_after_its_metadata() -> None:
    data = encoded(".jpg", (640, 480))
    exif = b"Exif\x00\x00" + bytes(5000)
    with_exif = data[:2] + b"\xff\xe1" + struct.pack(">H", len(exif) + 2) + exif + data[2:]
    assert image_size(with_exif) == ("JPEG", 640, 480)
    assert images.decode_image(with_exif, "x.jpg").shape == (480, 640, 3)


def test_big_endian_tiff_and_extended_webp_headers_are_read() -> None:
    entries = [(256, 4, 1, 70000), (257, 3, 1, 20)]  # ImageWidth a LONG, ImageLength a SHORT
    ifd = struct.pack(">H", len(entries)) + b"".join(
        struct.pack(">HHI", tag, kind, count) + (struct.pack(">I", value) if kind == 4
                                                 else struct.pack(">HH", value, 0))
        for tag, kind, count, value in entries)
    assert image_size(b"MM\x00*" + struct.pack(">I", 8) + ifd) == ("TIFF", 70000, 20)
    vp8x = b"RIFF" + bytes(4) + b"WEBPVP8X" + bytes(4) + bytes(4) + (29999).to_bytes(3, "little") * 2
    assert image_size(vp8x) == ("WebP", 30000, 30000)


@pytest.mark.parametrize(("size", "allowed"), [
    ((4056, 3040), True),  # the 12 MP Pi camera
    ((3840, 2160), True),  # 4K video
    ((8064, 6048), True),  # a 48 MP phone photo
    ((30000, 30000), False),
    ((MAX_SIDE + 1, 100), False),  # few pixels, but no picture of a table
])
def test_the_budget_lets_real_cameras_through_and_stops_bombs(size: tuple[int, int], allowed: bool) -> None:
    header = bomb_png(*size, rows=1)[:40]  # the header alone: nothing is decoded
    if allowed:
        assert check_size(header, "f.png") == size
    else:
        with pytest.raises(ImageTooLarge) as caught:
            check_size(header, "f.png")
        width, height = size
        assert f"image f.png is {width}x{height} pixels" in caught.value.text.en
        assert "over the 50 MP and 16384 pixels a side" in caught.value.text.en
        assert "plus que les 50 Mpx" in caught.value.text.fr


def test_a_bomb_is_refused_before_decoding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "bomb.png"
    path.write_bytes(bomb_png())
    monkeypatch.setattr(cv2, "imdecode", lambda *_: pytest.fail("a bomb must not be decoded"))
    with pytest.raises(ImageTooLarge, match="30000x30000"):
        load_image(path)


def test_a_file_over_the_byte_cap_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.bmp"
    path.write_bytes(encoded(".bmp", (200, 100)))
    monkeypatch.setattr(images, "MAX_BYTES", 1000)
    with pytest.raises(ImageTooLarge, match="is a file over 0 MB"):
        load_image(path)


@pytest.mark.parametrize(("data", "says"), [
    (cut_png(), "header is cut short or damaged"),
    (b"\xff\xd8\xff\xe0\x00", "header is cut short or damaged"),  # a JPEG cut in its first segment
    (b"\xff\xd8\xff\xda\x00\x08", "header is cut short or damaged"),  # a scan before any frame size
    (bomb_png(0, 10, rows=0), "header is cut short or damaged"),  # no width
    (b"GIF89a" + bytes(20), "format is none of JPEG, PNG, BMP, TIFF, WebP"),
    (b"", "format is none of"),
])
def test_damaged_and_unknown_files_are_unreadable(data: bytes, says: str, tmp_path: Path) -> None:
    path = tmp_path / "frame.png"
    path.write_bytes(data)
    with pytest.raises(ImageUnreadable, match=says) as caught:
        load_image(path)
    assert not isinstance(caught.value, ImageTooLarge)


def test_a_header_that_lies_about_the_size_is_unreadable() -> None:
    data = bytearray(encoded(".bmp", (40, 30)))
    data[18:22] = struct.pack("<i", 41)  # the header says 41 wide; the decoder reads another size
    with pytest.raises(ImageUnreadable):
        images.decode_image(bytes(data), "lie.bmp")


def test_an_endless_device_is_refused_on_its_first_bytes() -> None:
    with pytest.raises(ImageUnreadable, match="format is none of"):
        load_image("/dev/zero")
