#!/usr/bin/env python3
"""Generate site/js/render/ward-shapes.js from site/data/wards.json.

Run once by hand whenever wards.json changes:

    python3 site/dev/gen_ward_shapes.py

Why a generated module instead of fetching the JSON at run time: the map is
drawn synchronously on the first frame (no fetch, no await), and the geometry
work below (snapping shared vertices, finding coast and zone borders, placing
labels and piece boxes) is done once here, not on every page load.

Pure standard library. The output is plain data; the renderer draws it.
"""
import json
import math
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SITE = os.path.dirname(HERE)
SRC = os.path.join(SITE, "data", "wards.json")
OUT = os.path.join(SITE, "js", "render", "ward-shapes.js")

SNAP = 7.0        # vertices of different wards closer than this are one point
T_JUNCTION = 5.0  # a vertex this close to another ward's edge splits that edge
NORTH_CUT_MAX_Y = 930  # boundary edges entirely above this line face uptown


def load():
    with open(SRC, encoding="utf-8") as f:
        return json.load(f)


def snap_vertices(wards):
    pts = [(wi, vi, p) for wi, w in enumerate(wards) for vi, p in enumerate(w["pts"])]
    clusters = []
    for wi, vi, p in pts:
        for c in clusters:
            cx, cy = c["xy"]
            if math.hypot(p[0] - cx, p[1] - cy) < SNAP and all(m[0] != wi for m in c["members"]):
                c["members"].append((wi, vi, p))
                n = len(c["members"])
                c["xy"] = (sum(m[2][0] for m in c["members"]) / n, sum(m[2][1] for m in c["members"]) / n)
                break
        else:
            clusters.append({"xy": (p[0], p[1]), "members": [(wi, vi, p)]})
    for c in clusters:
        x, y = round(c["xy"][0]), round(c["xy"][1])
        for wi, vi, _ in c["members"]:
            wards[wi]["pts"][vi] = (x, y)


def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    if L == 0:
        return math.hypot(p[0] - ax, p[1] - ay), 0.0
    t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / L
    t = max(0.0, min(1.0, t))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy)), t


def split_t_junctions(wards):
    allv = {p for w in wards for p in w["pts"]}
    for w in wards:
        out = []
        n = len(w["pts"])
        for i in range(n):
            a, b = w["pts"][i], w["pts"][(i + 1) % n]
            out.append(a)
            extra = []
            for v in allv:
                if v in (a, b):
                    continue
                d, t = seg_dist(v, a, b)
                if d < T_JUNCTION and 0.0 < t < 1.0:
                    extra.append((t, v))
            for _, v in sorted(extra):
                out.append(v)
        # drop consecutive duplicates
        clean = []
        for p in out:
            if not clean or clean[-1] != p:
                clean.append(p)
        if clean[0] == clean[-1]:
            clean.pop()
        w["pts"] = clean


def edges(w):
    n = len(w["pts"])
    return [(w["pts"][i], w["pts"][(i + 1) % n]) for i in range(n)]


def classify(wards):
    owner = {}
    for w in wards:
        for e in edges(w):
            owner[e] = w
    zone_borders, boundary, adjacency = [], [], set()
    for w in wards:
        for a, b in edges(w):
            twin = owner.get((b, a))
            if twin is None:
                boundary.append((a, b))
            else:
                adjacency.add(tuple(sorted((w["ward"], twin["ward"]))))
                if twin["zone"] != w["zone"] and w["ward"] < twin["ward"]:
                    zone_borders.append((a, b))
    return zone_borders, boundary, sorted(adjacency)


def chain(segs):
    """Join segments into polylines (list of point lists)."""
    segs = list(segs)
    lines = []
    while segs:
        a, b = segs.pop(0)
        line = [a, b]
        grown = True
        while grown:
            grown = False
            for i, (p, q) in enumerate(segs):
                if p == line[-1]:
                    line.append(q)
                elif q == line[-1]:
                    line.append(p)
                elif q == line[0]:
                    line.insert(0, p)
                elif p == line[0]:
                    line.insert(0, q)
                else:
                    continue
                segs.pop(i)
                grown = True
                break
        lines.append(line)
    return lines


def inside(pt, poly):
    x, y = pt
    c = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            c = not c
    return c


def edge_dist(pt, poly):
    n = len(poly)
    return min(seg_dist(pt, poly[i], poly[(i + 1) % n])[0] for i in range(n))


ROW_SIZES = [76, 66, 58, 50, 44, 38]
ROW_GAP = 0.14  # between rows, as a fraction of the row height


def column_fits(x, y, H, poly):
    probes = [(x, y - H / 2), (x, y), (x, y + H / 2)]
    return all(inside(p, poly) and edge_dist(p, poly) >= 4 for p in probes)


def row_span(y, H, poly, xs):
    """The longest run of x where a column of height H centred on y lies inside poly."""
    best, run = None, []
    x = min(xs)
    while x <= max(xs) + 3:
        if column_fits(x, y, H, poly):
            run.append(x)
        else:
            if run and (best is None or run[-1] - run[0] > best[1] - best[0]):
                best = (run[0], run[-1])
            run = []
        x += 3
    if run and (best is None or run[-1] - run[0] > best[1] - best[0]):
        best = (run[0], run[-1])
    return best


def rows(poly, centre):
    """For each row height H: two candidate sets of rows (one through the ward's centre,
    one offset by half a row), each row [y, x_left, x_right]: where pieces of height H
    may sit. The renderer flows a ward's pieces into the rows nearest the centre."""
    out = {}
    ys = [p[1] for p in poly]
    xs = [p[0] for p in poly]
    for H in ROW_SIZES:
        dy = H * (1 + ROW_GAP)
        sets = []
        for phase in (0, 0.5):
            found = []
            j0 = int((min(ys) - centre[1]) / dy) - 1
            j1 = int((max(ys) - centre[1]) / dy) + 2
            for j in range(j0, j1):
                y = centre[1] + (j + phase) * dy
                span = row_span(y, H, poly, xs)
                if span and span[1] - span[0] >= H * 0.9:
                    found.append([round(y), round(span[0]), round(span[1])])
            sets.append(found)
        out[H] = sets
    return out


def pole(poly):
    """Point inside poly farthest from its edges (coarse grid, good enough)."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    best = (-1, None)
    for x in range(int(min(xs)), int(max(xs)), 8):
        for y in range(int(min(ys)), int(max(ys)), 8):
            if inside((x, y), poly):
                d = edge_dist((x, y), poly)
                if d > best[0]:
                    best = (d, (x, y))
    return best[1]


def area(poly):
    s = 0
    for i in range(len(poly)):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % len(poly)]
        s += x1 * y2 - x2 * y1
    return s / 2


def path_of(pts, close=True):
    d = "M" + " L".join(f"{x} {y}" for x, y in pts)
    return d + ("Z" if close else "")


def piers(lines, land):
    """Short pier rectangles along the waterfront, pointing into the water."""
    out = []
    for line in lines:
        for a, b in zip(line, line[1:]):
            L = math.hypot(b[0] - a[0], b[1] - a[1])
            if L < 60:
                continue
            ux, uy = (b[0] - a[0]) / L, (b[1] - a[1]) / L
            nx, ny = -uy, ux
            mid = ((a[0] + b[0]) / 2 + nx * 20, (a[1] + b[1]) / 2 + ny * 20)
            if inside(mid, land):
                nx, ny = -nx, -ny
            k = int((L - 30) // 52)
            for i in range(k):
                t = 25 + i * 52 + (L - 30 - k * 52) / 2
                px, py = a[0] + ux * t, a[1] + uy * t
                w, ln = 7, 34
                corners = [
                    (px - ux * w - nx * 4, py - uy * w - ny * 4),
                    (px + ux * w - nx * 4, py + uy * w - ny * 4),
                    (px + ux * w + nx * ln, py + uy * w + ny * ln),
                    (px - ux * w + nx * ln, py - uy * w + ny * ln),
                ]
                out.append(path_of([(round(x), round(y)) for x, y in corners]))
    return "".join(out)


def main():
    data = load()
    wards = [dict(w, pts=[tuple(p) for p in w["outline"]]) for w in data["wards"]]
    snap_vertices(wards)
    split_t_junctions(wards)
    zone_borders, boundary, adjacency = classify(wards)

    north = [(a, b) for a, b in boundary if a[1] < NORTH_CUT_MAX_Y and b[1] < NORTH_CUT_MAX_Y
             and not (a[0] < 460 and b[0] < 460)]
    water = [e for e in boundary if e not in north]
    land_loops = chain(boundary)
    assert len(land_loops) == 1, f"island outline is not one loop: {len(land_loops)}"
    land = land_loops[0][:-1] if land_loops[0][0] == land_loops[0][-1] else land_loops[0]
    if area(land) < 0:
        land = land[::-1]
    water_lines = chain(water)
    north_lines = chain(north)

    shapes = {}
    for w in wards:
        centre = pole(w["pts"])
        shapes[w["ward"]] = {
            "zone": w["zone"],
            "path": path_of(w["pts"]),
            "pole": list(centre),
            "rows": rows(w["pts"], centre),
            "tammany": bool(w.get("tammany_hall")),
            "bonus": w.get("bonus"),
        }

    zones = {}
    for w in wards:
        zones.setdefault(w["zone"], []).append(w["ward"])

    out = {
        "viewBox": [60, 240, 1840, 1960],
        "wards": shapes,
        "zones": zones,
        "land": path_of(land),
        "coast": "".join(path_of(line, close=False) for line in water_lines),
        "northEdge": "".join(path_of(line, close=False) for line in north_lines),
        "northEdgePoints": [list(p) for line in north_lines for p in line],
        "zoneBorders": "".join(path_of(line, close=False) for line in chain(zone_borders)),
        "piers": piers(water_lines, land),
    }
    body = json.dumps(out, separators=(",", ":")).replace('},"', '},\n"')
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("// GENERATED by site/dev/gen_ward_shapes.py from site/data/wards.json — do not edit.\n")
        f.write("// Geometry of the 15 wards in the board's 1900x2200 space (y down, Battery at the bottom):\n")
        f.write("// ward outlines with shared vertices snapped, the island's waterfront, the northern\n")
        f.write("// edge (14th Street, land continues uptown), zone borders, piers, a label point ('pole')\n")
        f.write("// and rows where pieces may sit (per row height), per ward. Drawing data only.\n")
        f.write("export const SHAPES = " + body + ";\n")
    print("wrote", OUT, "adjacency pairs:", len(adjacency))


if __name__ == "__main__":
    main()
