#!/usr/bin/env python3
"""Makes the title's card pictures (assets/cards/<game>.png, 412x232) from the board's middle in
each game's High screenshot (docs/look/, 1280x720; Cash In Hand's capture, whose board is full):
a 549x309 cut between the panels, shrunk by 4/3 (each card pixel the mean of the screen pixels it
covers). Run after docs/screenshots.sh: python3 docs/cards.py
Plain Python (zlib only): reads 8-bit RGB or RGBA PNGs, writes RGB."""
import struct
import zlib

W, H = 412, 232
LEFT, TOP, SCALE = 252, 200, 4 / 3  # the board between the panels (the widest ends at x 808)


def load(path):
    data = open(path, 'rb').read()
    pos, idat = 8, b''
    while pos < len(data):
        n = struct.unpack('>I', data[pos:pos + 4])[0]
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b'IHDR':
            width, height, depth, colour = struct.unpack('>IIBB', body[:10])
            assert depth == 8 and colour in (2, 6), f'{path}: not 8-bit RGB(A)'
        elif kind == b'IDAT':
            idat += body
    raw, bpp = zlib.decompress(idat), {2: 3, 6: 4}[colour]
    stride, rows, prev, i = width * bpp, [], bytearray(width * bpp), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return bpp, rows


def save(path, rows):
    def chunk(kind, body):
        crc = zlib.crc32(kind + body) & 0xffffffff
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', crc)
    raw = b''.join(b'\0' + bytes(r) for r in rows)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(png)


def shrink(bpp, rows):
    """The card: each pixel the area-weighted mean of the screen pixels under it."""
    def weights(start):
        lo, hi = start, start + SCALE
        k = int(lo)
        while k < hi:
            yield k, min(hi, k + 1) - max(lo, k)
            k += 1
    card = []
    for y in range(H):
        line = bytearray()
        ys = list(weights(TOP + y * SCALE))
        for x in range(W):
            xs = list(weights(LEFT + x * SCALE))
            total = sum(wy * wx for _, wy in ys for _, wx in xs)
            for c in range(3):
                v = sum(rows[sy][sx * bpp + c] * wy * wx for sy, wy in ys for sx, wx in xs)
                line.append(round(v / total))
        card.append(line)
    return card


PICTURES = {'cash-in-hand': 'cash-in-hand-capture-high', 'intermedium': 'intermedium-high',
            'grabber': 'grabber-high', 'support': 'support-high', 'splay': 'splay-high'}
for game, shot in PICTURES.items():
    save(f'assets/cards/{game}.png', shrink(*load(f'docs/look/{shot}.png')))
    print(f'assets/cards/{game}.png')
