#!/usr/bin/env python3
"""Check that the player and nationality colours stay apart for colour-blind players.

    python3 site/dev/colorblind.py

Reads the hex values from site/css/board.css, simulates protanopia, deuteranopia
and tritanopia (Machado, Oliveira & Fernandes 2009, severity 1.0, applied in linear
RGB) and prints the smallest CIEDE2000 distance between any two colours of a set
under each vision, and the relative luminance of each (lightness is what survives
every kind of colour blindness). A distance under ~10 means "looks alike":
the pieces then rely on their letters (initials, nationality letters), which they
always carry. Standard library only.
"""
import itertools
import math
import os
import re

CSS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "css", "board.css")

MACHADO = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]],
}


def hex_rgb(h):
    h = h.lstrip("#")
    return [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]


def to_lin(c):
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb, kind):
    lin = [to_lin(c) for c in rgb]
    if kind == "normal":
        return lin
    m = MACHADO[kind]
    return [min(1, max(0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]


def lab(lin):
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(l1, l2):
    L1, a1, b1 = l1
    L2, a2, b2 = l2
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cb = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cb ** 7 / (Cb ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    dh = h2p - h1p
    if C1p * C2p == 0:
        dh = 0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dh / 2))
    Lbp, Cbp = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hbp = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbp = (h1p + h2p) / 2
    else:
        hbp = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hbp - 30)) + 0.24 * math.cos(math.radians(2 * hbp))
         + 0.32 * math.cos(math.radians(3 * hbp + 6)) - 0.20 * math.cos(math.radians(4 * hbp - 63)))
    dTheta = 30 * math.exp(-(((hbp - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lbp - 50) ** 2 / math.sqrt(20 + (Lbp - 50) ** 2)
    Sc = 1 + 0.045 * Cbp
    Sh = 1 + 0.015 * Cbp * T
    Rt = -math.sin(math.radians(2 * dTheta)) * Rc
    return math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


def read_palette():
    css = open(CSS, encoding="utf-8").read()
    val = lambda name: re.search(r"--tm-%s:\s*(#[0-9a-fA-F]{6})" % name, css).group(1)
    players = {n: val(n) for n in ["red", "yellow", "purple", "black", "brown"]}
    nats = {n: val(n) for n in ["irish", "english", "german", "italian"]}
    return players, nats


def report(title, colours):
    print(f"\n{title}: " + ", ".join(f"{k} {v}" for k, v in colours.items()))
    for kind in ["normal", "protanopia", "deuteranopia", "tritanopia"]:
        labs = {k: lab(simulate(hex_rgb(v), kind)) for k, v in colours.items()}
        pairs = sorted((ciede2000(labs[a], labs[b]), a, b) for a, b in itertools.combinations(colours, 2))
        d, a, b = pairs[0]
        lights = " ".join(f"{k}:L{labs[k][0]:.0f}" for k in colours)
        print(f"  {kind:13s} closest pair {a}/{b} dE2000 {d:5.1f}   {lights}")


if __name__ == "__main__":
    players, nats = read_palette()
    report("Player colours", players)
    report("Nationalities", nats)
