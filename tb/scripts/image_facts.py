#!/usr/bin/python3
"""Facts about a plot, for tests: the PNG's real size (from its header), the
size the SVG twin declares, and how many SVG elements carry each id prefix.
Usage: image_facts.py BASE PREFIX...   (BASE.png and BASE.svg)
Prints: png WxH / svg WxH (at the PNG's 100 dpi) / PREFIX COUNT per line.
Exits 1 if the PNG is not a PNG or the SVG is not an SVG."""
import re
import struct
import sys

base, prefixes = sys.argv[1], sys.argv[2:]
with open(base + ".png", "rb") as f:
    head = f.read(24)
if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
    print(f"{base}.png is not a PNG", file=sys.stderr)
    sys.exit(1)
w, h = struct.unpack(">II", head[16:24])
print(f"png {w}x{h}")
svg = open(base + ".svg").read()
m = re.search(r'<svg[^>]*width="([\d.]+)pt"[^>]*height="([\d.]+)pt"', svg)
if not m:
    print(f"{base}.svg is not an SVG", file=sys.stderr)
    sys.exit(1)
print(f"svg {round(float(m.group(1)) * 100 / 72)}x{round(float(m.group(2)) * 100 / 72)}")
for p in prefixes:
    ids = set(re.findall(r'id="(' + re.escape(p) + r'[^"]*)"', svg))
    print(f"{p} {len(ids)}")
