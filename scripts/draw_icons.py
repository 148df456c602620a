"""Draw the home-screen icons of the recording page (web/static/icon-192.png, icon-512.png): a light diamond, split
by a dark rift, on the site's dark ink. Plain zlib PNG, no image library; run once when the design changes."""
from __future__ import annotations

import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
INK, PAPER = (31, 41, 55), (243, 244, 246)


def pixel(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) of the unit square: the diamond |x-.5|+|y-.5| < .36, minus a slanted rift."""
    inside = abs(x - 0.5) + abs(y - 0.5) < 0.36
    rift = abs((y - 0.5) - 0.6 * (x - 0.5)) < 0.035
    return PAPER if inside and not rift else INK


def png(size: int) -> bytes:
    rows = b"".join(b"\x00" + bytes(channel for x in range(size) for channel in pixel(x / size, y / size))
                    for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        (STATIC / f"icon-{size}.png").write_bytes(png(size))
