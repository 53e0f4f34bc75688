"""The page's address as a QR code, for another phone to join: drawn as SVG on the page and as
text on a terminal. It carries the address alone, never the token (whoever scans it watches)."""

from __future__ import annotations

import functools
import io
import re
from typing import IO

import segno

#: Never a token in a code: the address is cut at its fragment, where the printed one carries it.
_FRAGMENT = re.compile(r"#.*\Z", re.DOTALL)


def join_url(url: str) -> str:
    """``url`` without its fragment (``#token=...``).

    >>> join_url("http://192.168.1.20:8080/#token=abc")
    'http://192.168.1.20:8080/'
    """
    return _FRAGMENT.sub("", url)


@functools.lru_cache(maxsize=8)
def qr_svg(url: str) -> str:
    """The QR code of ``url`` (its fragment cut) as an inline SVG element, scaled by the page's style.

    >>> svg = qr_svg("http://192.168.1.20:8080/#token=abc")
    >>> svg.startswith("<svg") and "token" not in svg and 'class="qr"' in svg
    True
    """
    code = segno.make(join_url(url), error="m", micro=False)
    return str(code.svg_inline(scale=1, border=2, svgclass="qr", lineclass=None, omitsize=True,
                               title=join_url(url)))


def print_qr(url: str, out: IO[str]) -> None:
    """The QR code of ``url`` (its fragment cut) drawn in text on ``out``, two rows a line."""
    text = io.StringIO()
    segno.make(join_url(url), error="m", micro=False).terminal(out=text, compact=True, border=2)
    out.write(text.getvalue())
    out.flush()
