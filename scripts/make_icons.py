#!/usr/bin/env python3
"""Generate the app icons (assets/icons/icon.svg, icon-192.png, icon-512.png, favicon.ico).

Why a script: the icons must be reproducible from the repository without an
image editor or any third-party package, and the PNGs (needed by the web app
manifest for install prompts) must match the SVG (used as the favicon).
Both are drawn from ONE list of shapes below: a night skyline of four towers
built from stacked floors in the four player colours, like the game's pieces.

The PNG writer is stdlib only (zlib + struct). Rectangles get exact
area-coverage anti-aliasing; circles are 4x4 supersampled.

The PNGs are full-bleed (no transparency) and keep every shape inside the
central 80 % circle, so they also work as "maskable" icons. favicon.ico (16, 32
and 48 px PNGs in an ICO container) is for browsers without SVG favicons, which
ask for /favicon.ico; the build puts it at the site root.

Usage: python3 scripts/make_icons.py   (rewrites the three files; commit them)
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"

SIZE = 512  # design units: every coordinate below is in a 512 x 512 box

SKY_TOP = (0x0E, 0x17, 0x2C)
SKY_BOTTOM = (0x27, 0x3A, 0x66)
MOON = (0xF4, 0xE9, 0xC1)
STAR = (0xDD, 0xE6, 0xF7)
GROUND = (0xC9, 0xD3, 0xE6)
WINDOW = (0xFF, 0xF1, 0xB8)

# (left, right, top, colour, floor seam colour); ground line at y = 392;
# heights are whole floors (multiples of FLOOR_H).
GROUND_Y = 392
TOWERS = [
    (112, 168, 296, (0x3D, 0x6F, 0xD8), (0x2A, 0x4F, 0xA0)),  # blue
    (176, 240, 136, (0xD9, 0x47, 0x3F), (0x9E, 0x2F, 0x2A)),  # red, the tallest
    (248, 312, 200, (0xF0, 0xB4, 0x29), (0xB0, 0x80, 0x18)),  # yellow
    (320, 400, 264, (0x3F, 0xA6, 0x5A), (0x2B, 0x78, 0x40)),  # green
]
FLOOR_H = 32  # one game piece floor
SEAM = 4  # darker line between stacked floors
STARS = [(140, 150, 3), (214, 104, 2.5), (300, 132, 3), (262, 176, 2), (120, 214, 2)]
MOON_C = (352, 160, 34)


def shapes():
    """Yield ('rect', x0, y0, x1, y1, rgb) and ('circle', cx, cy, r, rgb) in paint order."""
    for cx, cy, r in STARS:
        yield ("circle", cx, cy, r, STAR)
    yield ("circle", MOON_C[0], MOON_C[1], MOON_C[2], MOON)
    # a bite out of the moon makes a crescent
    yield ("circle", MOON_C[0] + 16, MOON_C[1] - 10, MOON_C[2] - 4, None)
    for left, right, top, colour, seam in TOWERS:
        yield ("rect", left, top, right, GROUND_Y, colour)
        y = GROUND_Y - FLOOR_H
        while y > top + 4:
            yield ("rect", left, y - SEAM / 2, right, y + SEAM / 2, seam)
            y -= FLOOR_H
        # two lit windows per floor
        width = right - left
        win = 10
        for floor_top in range(GROUND_Y - FLOOR_H, top - 1, -FLOOR_H):
            if floor_top < top:
                break
            wy = floor_top + (FLOOR_H - win) / 2
            for fx in (0.3, 0.7):
                wx = left + width * fx - win / 2
                yield ("rect", wx, wy, wx + win, wy + win, WINDOW)
    yield ("rect", 96, GROUND_Y, 416, GROUND_Y + 10, GROUND)


def sky(y: float) -> tuple:
    t = min(1.0, max(0.0, y / SIZE))
    return tuple(a + (b - a) * t for a, b in zip(SKY_TOP, SKY_BOTTOM))


def render(px: int) -> list:
    """Rasterise the shapes at px x px; returns rows of [r, g, b] floats."""
    s = px / SIZE
    img = [[list(sky((y + 0.5) / s)) for _ in range(px)] for y in range(px)]

    def blend(x, y, rgb, a):
        if a <= 0:
            return
        if rgb is None:  # "cut-out": paint the sky back
            rgb = sky((y + 0.5) / s)
        p = img[y][x]
        for i in range(3):
            p[i] = p[i] * (1 - a) + rgb[i] * a

    for shape in shapes():
        if shape[0] == "rect":
            _, x0, y0, x1, y1, rgb = shape
            x0, y0, x1, y1 = x0 * s, y0 * s, x1 * s, y1 * s
            for y in range(max(0, int(y0)), min(px, math.ceil(y1))):
                cy = min(y + 1, y1) - max(y, y0)
                for x in range(max(0, int(x0)), min(px, math.ceil(x1))):
                    cx = min(x + 1, x1) - max(x, x0)
                    blend(x, y, rgb, cx * cy)
        else:
            _, cx, cy, r, rgb = shape
            cx, cy, r = cx * s, cy * s, r * s
            n = 4
            for y in range(max(0, int(cy - r) - 1), min(px, math.ceil(cy + r) + 1)):
                for x in range(max(0, int(cx - r) - 1), min(px, math.ceil(cx + r) + 1)):
                    hits = 0
                    for j in range(n):
                        for i in range(n):
                            dx = x + (i + 0.5) / n - cx
                            dy = y + (j + 0.5) / n - cy
                            hits += dx * dx + dy * dy <= r * r
                    blend(x, y, rgb, hits / (n * n))
    return img


def png_bytes(img: list) -> bytes:
    """Minimal 8-bit RGB PNG: IHDR, one zlib-compressed IDAT (filter 0), IEND."""
    h, w = len(img), len(img[0])
    raw = bytearray()
    for row in img:
        raw.append(0)
        for r, g, b in row:
            raw += bytes((round(r), round(g), round(b)))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    png += chunk(b"IEND", b"")
    return png


def write_png(path: Path, img: list) -> None:
    path.write_bytes(png_bytes(img))


def write_ico(path: Path, sizes=(16, 32, 48)) -> None:
    """ICO container holding PNG images (supported by every current browser)."""
    images = [png_bytes(render(px)) for px in sizes]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for px, data in zip(sizes, images):
        out += struct.pack("<BBBBHHII", px % 256, px % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    path.write_bytes(out + b"".join(images))


def hexrgb(rgb) -> str:
    return "#%02x%02x%02x" % tuple(round(c) for c in rgb)


def write_svg(path: Path) -> None:
    """Same drawing as vector; rounded corners because it is used as the favicon."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">',
        "<title>Manhattan</title>",
        "<defs>",
        '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">',
        f'<stop offset="0" stop-color="{hexrgb(SKY_TOP)}"/>',
        f'<stop offset="1" stop-color="{hexrgb(SKY_BOTTOM)}"/>',
        "</linearGradient>",
        '<clipPath id="r"><rect width="512" height="512" rx="96"/></clipPath>',
        "</defs>",
        '<g clip-path="url(#r)">',
        f'<rect width="{SIZE}" height="{SIZE}" fill="url(#sky)"/>',
    ]
    for shape in shapes():
        if shape[0] == "rect":
            _, x0, y0, x1, y1, rgb = shape
            out.append(
                f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" fill="{hexrgb(rgb)}"/>'
            )
        else:
            _, cx, cy, r, rgb = shape
            fill = hexrgb(rgb) if rgb else "url(#sky)"
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{fill}"/>')
    out += ["</g>", "</svg>", ""]
    path.write_text("\n".join(out), encoding="utf-8")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write_svg(OUT / "icon.svg")
    for px in (192, 512):
        write_png(OUT / f"icon-{px}.png", render(px))
    write_ico(OUT / "favicon.ico")
    print(f"wrote {OUT}/icon.svg, icon-192.png, icon-512.png, favicon.ico")


if __name__ == "__main__":
    main()
