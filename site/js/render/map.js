// The SVG map of Lower Manhattan. Knows no rules: it draws a view and the
// targets it is told are legal, and reports what the user activated. Which pieces a ward
// shows, where they go and what of them changed are worked out in ward-pieces.js (pure).
//
//   const map = createMap(container, { onWardActivate, onCastleGardenActivate });
//   map.update(view, { highlight, selected, castleHighlight });
//
//   onWardActivate(ward, info)        ward number; info = {clientX, clientY, rect, keyboard}
//   onCastleGardenActivate(nat, info) a Castle Garden cube colour; same info
//   highlight:        Set (or array) of ward numbers that are legal targets now
//   selected:         ward number (or Set) chosen in the current partial action
//   castleHighlight:  Set (or array) of nationalities that may be taken from Castle Garden
//
// DOM hooks (stable, for controllers and tests):
//   [data-ward="6"]                 the ward's focusable element (role="button")
//   [data-ward="6"].is-target       a highlighted legal target
//   [data-ward="6"].is-selected     the ward picked in the partial action
//   [data-ward="6"].is-locked / .is-out / .is-electing / .is-deciding (map.setDeciding)
//   [data-castle="irish"]           a Castle Garden cube button (.is-target, .is-empty)

import { SHAPES } from "./ward-shapes.js";
import { el, text, cube, boss, lockIcon, tammanyIcon, bonusIcon, NATIONALITIES, playerInitials } from "./pieces.js";
import { t, listOf } from "../strings.js";
import { motionOn } from "./motion.js";
import { wardItems, layoutWard, cubeSources, wardChanges } from "./ward-pieces.js";

const VIEW = { x: 120, y: 280, w: 1710, h: 2010 };
const WARD_NUMBERS = Object.keys(SHAPES.wards).map(Number).sort((a, b) => a - b);

// Hand-placed scenery, in the board's space.
const BROOKLYN = "M1900 980 L1850 1140 L1808 1410 L1748 1596 L1650 1738 L1490 1842 L1310 1902 L1175 1996 L1098 2120 L1070 2320 L1920 2320 Z";
const CASTLE_FORT = { x: 196, y: 1958, r: 46 };
// Castle Garden's panel: each cube's box (the whole column, title strip included) is at least
// 220 board units a side, 44 px at the smallest map drawn (a 360 px wide phone).
const CASTLE_PANEL = { x: 330, y: 2056, w: 950, h: 232 };
const CASTLE_TOP = 48; // the title strip
const BATTERY_PARK = "M262 1900 L269 1924 L300 1999 L355 2049 L418 2020 L372 1968 L318 1912 Z";
const ZONE_LABEL_AT = { I: [700, 1560], II: [640, 700], III: [1370, 1040] };

function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function asSet(x) {
  if (x === undefined || x === null) return new Set();
  if (x instanceof Set) return x;
  if (Array.isArray(x)) return new Set(x);
  return new Set([x]);
}

function uptownPath() {
  const pts = SHAPES.northEdgePoints;
  const first = pts[0];
  const last = pts[pts.length - 1];
  // The island goes on north of the mapped wards (wards 12, 16, 18 …).
  const west = `L${first[0] + 30} ${VIEW.y - 20}`;
  const east = `L1712 640 L1760 ${VIEW.y - 20}`;
  return `M${first[0]} ${first[1]} ${west} ${east} L${last[0]} ${last[1]} ` +
    pts.slice(0, -1).reverse().map((p) => `L${p[0]} ${p[1]}`).join(" ") + " Z";
}

function wardInfo(node, event) {
  if (event && typeof event.clientX === "number" && (event.clientX || event.clientY)) {
    // The box is measured only when asked for: measuring forces a layout in the middle of a tap.
    return { clientX: event.clientX, clientY: event.clientY, get rect() { return node.getBoundingClientRect(); }, keyboard: false };
  }
  const rect = node.getBoundingClientRect();
  return { clientX: rect.left + rect.width / 2, clientY: rect.top + rect.height / 2, rect, keyboard: true };
}

function makeButton(node, label, activate) {
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", (e) => activate(wardInfo(node, e)));
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      activate(wardInfo(node, null));
    }
  });
}

function countLabel(n, s, x, y) {
  return text("×" + n, { class: "tm-count", x, y: Math.round(y + s * 0.04), "font-size": Math.round(s * 0.56) });
}

function drawItem({ item, x, y, w }, s, wardNo) {
  const shape = SHAPES.wards[wardNo];
  const cx = Math.round(x);
  const cy = Math.round(y);
  const left = Math.round(x - w / 2 + s / 2);
  const g = el("g", { class: `tm-item tm-item-${item.kind}` });
  // Identity and place, for the motion of pieces arriving and leaving (see animateChange()).
  if (item.kind === "cube") g.dataset.nat = item.nat;
  if (item.kind === "boss") g.dataset.seat = item.seat;
  g.dataset.at = `${left} ${cy}`;
  if (item.kind === "header") {
    const icon = shape.tammany ? tammanyIcon(s * 0.92) : shape.bonus ? bonusIcon(shape.bonus, s * 0.86) : null;
    g.appendChild(el("circle", { class: "tm-ward-badge", cx: left, cy, r: Math.round(s * 0.47) }));
    g.appendChild(text(String(wardNo), { class: "tm-ward-number", x: left, y: Math.round(cy + s * 0.03), "font-size": Math.round(s * (wardNo > 9 ? 0.5 : 0.58)) }));
    if (icon) {
      icon.setAttribute("transform", `translate(${Math.round(x + w / 2 - s / 2)} ${cy})`);
      g.appendChild(icon);
    }
  } else if (item.kind === "lock") {
    g.appendChild(el("rect", { class: "tm-lock-tag", x: Math.round(x - w / 2), y: Math.round(cy - s / 2), width: Math.round(w), height: s, rx: Math.round(s * 0.18) }));
    const icon = lockIcon(s * 0.9);
    icon.setAttribute("transform", `translate(${cx} ${cy})`);
    g.appendChild(icon);
  } else {
    const piece = item.kind === "cube" ? cube(item.nat, s) : boss(item.color, item.initial, s);
    piece.setAttribute("transform", `translate(${left} ${cy})`);
    g.appendChild(piece);
    if (item.n > 1) g.appendChild(countLabel(item.n, s, Math.round(left + s * 0.52), cy));
  }
  return g;
}

function wardLabel(wardNo, w, view, flags) {
  const shape = SHAPES.wards[wardNo];
  const parts = [t("map.ward", { n: wardNo })];
  if (shape.tammany) parts.push(t("map.ward.tammany"));
  if (shape.bonus) parts.push(t(`map.ward.bonus.${shape.bonus}`));
  if (w && w.in_play === false) {
    const zone = (view.zones && view.zones[shape.zone]) || {};
    parts.push(t("map.ward.out", { zone: shape.zone, year: zone.from_year ?? "?" }));
  } else if (w) {
    const cubes = NATIONALITIES.filter((n) => w.cubes && w.cubes[n] > 0)
      .map((n) => t("nat.count", { count: w.cubes[n], nat: t(`nat.${n}`) }));
    parts.push(cubes.length ? cubes.join(", ") : t("map.ward.cubes.none"));
    const bosses = (w.bosses || []).map((n, seat) => [n, seat]).filter(([n, seat]) => n > 0 && view.players[seat])
      .map(([n, seat]) => t("map.ward.boss", { name: view.players[seat].name, count: n }));
    parts.push(bosses.length ? t("map.ward.bosses", { list: listOf(bosses) }) : t("map.ward.bosses.none"));
    if (w.locked) parts.push(t("map.ward.locked"));
  }
  if (flags.electing) parts.push(t("map.ward.electing"));
  if (flags.selected) parts.push(t("map.ward.selected"));
  if (flags.target) parts.push(t("map.ward.target"));
  return parts.join("; ");
}

function drawScenery(svg) {
  const defs = el("defs", null, [
    el("pattern", { id: "tm-hatch", width: 22, height: 22, patternUnits: "userSpaceOnUse", patternTransform: "rotate(35)" }, [
      el("rect", { class: "tm-hatch-bg", width: 22, height: 22 }),
      el("path", { class: "tm-hatch-line", d: "M0 0 V22" }),
    ]),
    // The stripes of a ward "Suggest a move" marks (css/tutorial.css): across the other way.
    el("pattern", { id: "tm-mark-hatch", width: 36, height: 36, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-45)" }, [
      el("rect", { class: "tm-mark-line", width: 14, height: 36 }),
    ]),
  ]);
  svg.appendChild(defs);
  svg.appendChild(el("rect", { class: "tm-water", x: VIEW.x - 400, y: VIEW.y - 400, width: VIEW.w + 800, height: VIEW.h + 800 }));
  const uptown = uptownPath();
  const ripple = el("g", { class: "tm-ripples", "aria-hidden": "true" });
  for (const [cls, d] of [["tm-ripple-3", BROOKLYN], ["tm-ripple-3", SHAPES.land], ["tm-ripple-3", uptown],
    ["tm-ripple-2", BROOKLYN], ["tm-ripple-2", SHAPES.land], ["tm-ripple-2", uptown],
    ["tm-ripple-1", BROOKLYN], ["tm-ripple-1", SHAPES.land], ["tm-ripple-1", uptown]]) {
    ripple.appendChild(el("path", { class: cls, d }));
  }
  svg.appendChild(ripple);
  svg.appendChild(el("path", { class: "tm-piers", d: SHAPES.piers, "aria-hidden": "true" }));
  svg.appendChild(el("path", { class: "tm-land-far", d: BROOKLYN }));
  svg.appendChild(el("path", { class: "tm-land-uptown", d: uptown }));
  svg.appendChild(el("path", { class: "tm-land", d: SHAPES.land }));
}

function drawLabels(svg) {
  const g = el("g", { class: "tm-map-labels", "aria-hidden": "true" });
  g.appendChild(text(t("map.hudson"), { class: "tm-water-label", transform: "translate(232 1240) rotate(-83)" }));
  g.appendChild(text(t("map.east_river"), { class: "tm-water-label", transform: "translate(1540 1760) rotate(-33)" }));
  g.appendChild(text(t("map.bay"), { class: "tm-water-label tm-water-label-small", transform: "translate(930 1930) rotate(-20)" }));
  g.appendChild(text(t("map.brooklyn"), { class: "tm-land-label", transform: "translate(1664 1872) rotate(-33)" }));
  g.appendChild(text(t("map.uptown"), { class: "tm-land-label", transform: "translate(1000 420) rotate(26)" }));
  g.appendChild(text(t("map.battery"), { class: "tm-place-label", transform: "translate(318 1985) rotate(58)" }));
  svg.appendChild(g);
}

// A cartouche in the corner (on Brooklyn) explaining the map's icons, right of Castle Garden's
// panel. Its width follows the longest label (a label's length differs from language to
// language), growing to the left up to LEGEND_MAX (the panel's edge); a label longer still is
// set smaller to fit. Labels are measured in the legend's font on a canvas: the map may be drawn
// while hidden, when SVG text has no length yet.
const LEGEND_RIGHT = 1820;
const LEGEND_MAX = LEGEND_RIGHT - (CASTLE_PANEL.x + CASTLE_PANEL.w) - 16;
const LEGEND_SIZE = 34; // .tm-legend-text's font size, in map units
const LEGEND_TEXT_X = 86;
const LEGEND_PAD = 24;
let measurer = null;

function legendWidth(label) {
  measurer ||= document.createElement("canvas").getContext("2d");
  const serif = getComputedStyle(document.documentElement).getPropertyValue("--tm-serif").trim();
  measurer.font = `${LEGEND_SIZE}px ${serif || "serif"}`;
  return measurer.measureText(label).width;
}

function drawLegend(svg) {
  const labels = [t("map.legend.tammany"), t("map.legend.bonus_cube"), t("map.legend.bonus_chip"), t("map.legend.locked")];
  const widths = labels.map(legendWidth);
  const width = Math.min(LEGEND_MAX, Math.max(520, LEGEND_TEXT_X + Math.max(...widths) + LEGEND_PAD));
  const room = width - LEGEND_TEXT_X - LEGEND_PAD;
  const x = LEGEND_RIGHT - width;
  const y = 2040;
  const g = el("g", { class: "tm-map-legend", "aria-hidden": "true", transform: `translate(${x} ${y})` });
  g.appendChild(el("rect", { class: "tm-legend-bg", x: 0, y: 0, width, height: 236, rx: 14 }));
  const rows = [
    [tammanyIcon(52), labels[0]],
    [bonusIcon("immigrant", 50), labels[1]],
    [bonusIcon("favor", 50), labels[2]],
    [el("g", null, [el("rect", { class: "tm-lock-tag", x: -30, y: -24, width: 60, height: 48, rx: 9 }), lockIcon(44)]), labels[3]],
  ];
  rows.forEach(([icon, label], i) => {
    const cy = 36 + i * 54;
    icon.setAttribute("transform", `translate(44 ${cy})`);
    g.appendChild(icon);
    // Too long: a smaller size, its length held to the room (should the measure be off by a hair).
    const fit = widths[i] > room ? { textLength: room, lengthAdjust: "spacingAndGlyphs" } : {};
    const line = text(label, { class: "tm-legend-text", x: LEGEND_TEXT_X, y: cy, ...fit });
    if (widths[i] > room) line.style.fontSize = `${Math.floor((LEGEND_SIZE * room) / widths[i])}px`;
    g.appendChild(line);
  });
  svg.appendChild(g);
}

/** Where Castle Garden's cube of `nat` sits (a cube slides in from there). */
function castleCubeAt(nat) {
  const p = CASTLE_PANEL;
  const bw = (p.w - 40) / 4;
  return [p.x + 20 + NATIONALITIES.indexOf(nat) * bw + 64, p.y + CASTLE_TOP + (p.h - CASTLE_TOP - 8) / 2];
}

let castleDrawn = 0; // the page may hold two maps (the game's, the replay's): ids stay unique

function drawCastleGarden(svg, onActivate) {
  castleDrawn += 1;
  const f = CASTLE_FORT;
  const g = el("g", { class: "tm-castle" });
  g.appendChild(el("path", { class: "tm-castle-bridge", d: `M${f.x + f.r - 6} ${f.y - 14} L272 1918` }));
  g.appendChild(el("circle", { class: "tm-castle-fort", cx: f.x, cy: f.y, r: f.r }));
  g.appendChild(el("circle", { class: "tm-castle-roof", cx: f.x, cy: f.y, r: f.r * 0.62 }));
  g.appendChild(el("path", { class: "tm-castle-flag", d: `M${f.x} ${f.y} v-72 h34 l-9 11 l9 11 h-34` }));
  const p = CASTLE_PANEL;
  const top = CASTLE_TOP;
  g.appendChild(el("path", { class: "tm-castle-leader", d: `M${f.x + 10} ${f.y + f.r} Q ${f.x + 30} ${p.y + 50} ${p.x} ${p.y + 60}` }));
  g.appendChild(el("rect", { class: "tm-castle-panel", x: p.x, y: p.y, width: p.w, height: p.h, rx: 18 }));
  const buttons = {};
  const bw = (p.w - 40) / 4;
  NATIONALITIES.forEach((nat, i) => {
    const x = p.x + 20 + i * bw;
    const y = p.y + top;
    const b = el("g", { class: "tm-castle-cube", "data-castle": nat });
    b.appendChild(el("rect", { class: "tm-castle-hit", x: x + 3, y: p.y + 6, width: bw - 6, height: p.h - 12, rx: 14 }));
    // The cube is drawn through <use>: its letter is part of the picture, not of the button's
    // visible text, which is then the count alone, a part of the button's name.
    const c = cube(nat, 84);
    c.id = `tm-castle-${castleDrawn}-${nat}`;
    g.appendChild(el("defs", null, [c]));
    b.appendChild(el("use", { class: "tm-castle-cube-icon", href: `#${c.id}`, transform: `translate(${x + 64} ${y + (p.h - top - 8) / 2})` }));
    // "×2": the "×" is drawn, not written, so the box's visible text (the number) is part of
    // its name ("Castle Garden: 2 Irish"), as voice control expects of a button.
    const cy = y + (p.h - top - 8) / 2 + 4;
    b.appendChild(el("path", { class: "tm-count-times", d: `M${x + 116} ${cy - 9} l18 18 M${x + 116} ${cy + 9} l18 -18` }));
    const count = text("0", { class: "tm-count", x: x + 142, y: cy, "font-size": 50 });
    b.appendChild(count);
    makeButton(b, nat, (info) => onActivate && onActivate(nat, info));
    g.appendChild(b);
    buttons[nat] = { node: b, count };
  });
  // The title over the boxes (taps pass through it to the box beneath).
  g.appendChild(text(t("map.castle_garden"), { class: "tm-castle-title", x: p.x + 24, y: p.y + 40 }));
  svg.appendChild(g);
  return buttons;
}

// Phones: the map is drawn so small that the narrowest wards give a finger ~32 px (a 44 px
// finger on their label point touches their neighbours too). So under the map, a key per ward
// (44 px or more, css/ui.css shows them at 760 px or less) does what a tap on the ward does;
// it is highlighted when the ward is, and is named as the ward is.
function drawWardKeys(host, activate) {
  const keys = {};
  const group = document.createElement("div");
  group.className = "tm-ward-keys";
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", t("map.ward_keys"));
  for (const n of WARD_NUMBERS) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tm-ward-key";
    b.dataset.wardKey = String(n);
    b.textContent = String(n);
    b.addEventListener("click", (e) => activate(n, wardInfo(b, e)));
    group.appendChild(b);
    keys[n] = b;
  }
  host.appendChild(group);
  return keys;
}

// The map's frame in `container`: a scroller (the zoomed map scrolls in it) around the SVG.
function drawFrame(container) {
  const root = document.createElement("div");
  root.className = "tm-map";
  const scroller = document.createElement("div");
  scroller.className = "tm-map-scroll";
  const svg = el("svg", {
    class: "tm-map-svg",
    viewBox: `${VIEW.x} ${VIEW.y} ${VIEW.w} ${VIEW.h}`,
    preserveAspectRatio: "xMidYMid meet",
    role: "group",
    "aria-label": t("map.label"),
  });
  scroller.appendChild(svg);
  root.appendChild(scroller);
  container.appendChild(root);
  return { root, scroller, svg };
}

// The layers over the scenery, bottom to top.
function drawLayers(svg) {
  const layers = {
    wards: el("g", { class: "tm-wards" }),
    lines: el("g", { class: "tm-lines", "aria-hidden": "true" }, [
      el("path", { class: "tm-park", d: BATTERY_PARK }),
      el("path", { class: "tm-north-edge", d: SHAPES.northEdge }),
      el("path", { class: "tm-zone-border", d: SHAPES.zoneBorders }),
      el("path", { class: "tm-coast", d: SHAPES.coast }),
    ]),
    rings: el("g", { class: "tm-rings", "aria-hidden": "true" }),
    pieces: el("g", { class: "tm-pieces", "aria-hidden": "true" }),
    // Bosses leaving their ward fade out here, above the pieces (only with motion on).
    ghosts: el("g", { class: "tm-ghosts", "aria-hidden": "true" }),
    zoneLabels: el("g", { class: "tm-zone-labels", "aria-hidden": "true" }),
  };
  svg.append(layers.wards, layers.lines, layers.rings, layers.pieces, layers.ghosts, layers.zoneLabels);
  return layers;
}

// Each ward: its ground (the button), its ring (above the lines) and its pieces, each in its
// layer. Returns {n: {node, ring, pieces, sig}}.
function drawWards(layers, activate) {
  const wards = {};
  for (const n of WARD_NUMBERS) {
    const shape = SHAPES.wards[n];
    const node = el("g", { class: `tm-ward tm-zone-${shape.zone}`, "data-ward": n, "data-zone": shape.zone }, [
      el("path", { class: "tm-ward-shape", d: shape.path }),
      // A mark over the ward's ground, drawn when the ward is marked (.th-sug-target): inside
      // the ward, so no outline of the rings above (target, selected, deciding) hides it.
      el("path", { class: "tm-ward-mark", d: shape.path }),
    ]);
    makeButton(node, t("map.ward", { n }), (info) => activate(n, info));
    const ring = el("path", { class: "tm-ward-ring", d: shape.path, "data-ward-ring": n });
    node.addEventListener("focus", () => ring.classList.add("is-focused"));
    node.addEventListener("blur", () => ring.classList.remove("is-focused"));
    const pieces = el("g", { class: "tm-ward-pieces", "data-ward-pieces": n });
    layers.wards.appendChild(node);
    layers.rings.appendChild(ring);
    layers.pieces.appendChild(pieces);
    wards[n] = { node, ring, pieces, sig: null };
  }
  return wards;
}

// The map's zoom, 1 to 4: zooming keeps the middle of what is shown in the middle.
function makeZoom(root, scroller, svg) {
  let zoom = 1;
  function set(z) {
    const fx = (scroller.scrollLeft + scroller.clientWidth / 2) / (scroller.scrollWidth || 1);
    const fy = (scroller.scrollTop + scroller.clientHeight / 2) / (scroller.scrollHeight || 1);
    zoom = Math.max(1, Math.min(4, z));
    root.classList.toggle("is-zoomed", zoom > 1);
    svg.style.width = zoom > 1 ? `${zoom * 100}%` : "";
    svg.style.height = zoom > 1 ? `${zoom * 100}%` : "";
    scroller.scrollLeft = fx * scroller.scrollWidth - scroller.clientWidth / 2;
    scroller.scrollTop = fy * scroller.scrollHeight - scroller.clientHeight / 2;
  }
  return { set, get: () => zoom };
}

function drawZoomBar(root, zoom) {
  const bar = document.createElement("div");
  bar.className = "tm-map-zoom";
  for (const [key, fn] of [["map.zoom_in", () => zoom.set(zoom.get() * 1.5)], ["map.zoom_out", () => zoom.set(zoom.get() / 1.5)], ["map.zoom_reset", () => zoom.set(1)]]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tm-map-zoom-button";
    b.textContent = t(key + ".symbol");
    b.setAttribute("aria-label", t(key));
    b.title = t(key);
    b.addEventListener("click", fn);
    bar.appendChild(b);
  }
  root.appendChild(bar);
}

// Where the cubes that arrive in `view` slide in from, as points on the board (ward-pieces.js
// says from where; `wards` still hold the cubes drawn before).
function sourcePoints(view, wards, lastCastle) {
  const before = { castle: lastCastle, wards: Object.fromEntries(WARD_NUMBERS.map((n) => [n, wards[n].cubes])) };
  const points = {};
  for (const [nat, from] of Object.entries(cubeSources(view, before))) {
    points[nat] = from === "castle" ? castleCubeAt(nat) : SHAPES.wards[from].pole;
  }
  return points;
}

// The pieces that arrived in a redrawn ward move in; the bosses that left fade out (in `ghosts`).
// `rec` still holds the cubes and bosses drawn before.
function animateChange(rec, old, w, sources, ghosts) {
  const change = wardChanges(rec, w);
  let moved = false;
  for (const g of rec.pieces.children) {
    const [x, y] = (g.dataset.at || "0 0").split(" ").map(Number);
    if (g.dataset.nat && change.cubesIn.includes(g.dataset.nat)) {
      const from = sources[g.dataset.nat];
      if (from) {
        g.style.setProperty("--from-x", `${Math.round(from[0] - x)}px`);
        g.style.setProperty("--from-y", `${Math.round(from[1] - y)}px`);
        g.classList.add("tm-enter-cube");
      } else {
        g.classList.add("tm-enter-pop");
      }
      moved = true;
    } else if (g.dataset.seat !== undefined && change.bossesIn.includes(Number(g.dataset.seat))) {
      g.classList.add("tm-enter-boss");
      moved = true;
    }
  }
  for (const g of old) {
    if (g.dataset.seat !== undefined && change.bossesOut.includes(Number(g.dataset.seat))) {
      g.classList.add("tm-leaving");
      // Gone once faded (or if the animation is cancelled: motion switched off meanwhile).
      g.addEventListener("animationend", () => g.remove(), { once: true });
      g.addEventListener("animationcancel", () => g.remove(), { once: true });
      ghosts.appendChild(g);
      moved = true;
    }
  }
  if (!moved) {
    rec.pieces.classList.remove("is-changed");
    requestAnimationFrame(() => rec.pieces.classList.add("is-changed"));
  }
}

// A ward's state on the map and on its key (phones): the classes controllers and tests read
// (docs/ui.md), its name.
function markWard(rec, key, flags, label) {
  for (const node of [rec.node, rec.ring, rec.pieces]) {
    node.classList.toggle("is-target", flags.target);
    node.classList.toggle("is-selected", flags.selected);
    node.classList.toggle("is-electing", flags.electing);
    node.classList.toggle("is-locked", flags.locked);
    node.classList.toggle("is-out", flags.out);
  }
  setAttr(rec.node, "aria-label", label);
  setAttr(rec.node, "aria-disabled", flags.out ? "true" : "false");
  if (key) {
    key.classList.toggle("is-target", flags.target);
    key.classList.toggle("is-selected", flags.selected);
    key.classList.toggle("is-out", flags.out);
    setAttr(key, "aria-label", label);
  }
}

// A ward's pieces, drawn again only when what they show changed; `motion` ({sources, ghosts},
// or null: motion off, or a board that just appears) moves what changed.
function drawPieces(rec, n, w, { players, initials, motion }) {
  const out = !w || w.in_play === false;
  const sig = JSON.stringify([w && w.cubes, w && w.bosses, w && w.locked, out,
    (w && w.bosses || []).map((_, s) => players[s] && [players[s].color, initials[s]])]);
  if (sig !== rec.sig) {
    const { placed, size } = layoutWard(SHAPES.wards[n], wardItems(w, players, initials));
    const old = [...rec.pieces.children];
    rec.pieces.replaceChildren(...placed.map((p) => drawItem(p, size, n)));
    if (motion && rec.sig !== null && !out) animateChange(rec, old, w, motion.sources, motion.ghosts);
    rec.sig = sig;
  }
  rec.cubes = w && w.cubes ? { ...w.cubes } : {};
  rec.bosses = w && w.bosses ? [...w.bosses] : [];
}

// The zones not in play yet, each with the year it opens; drawn again when the zones change.
function drawZoneLabels(layer, view, last) {
  const sig = JSON.stringify(view.zones || {});
  if (sig !== last.zones) {
    last.zones = sig;
    layer.replaceChildren();
  }
  if (layer.childElementCount) return;
  for (const [zone, z] of Object.entries(view.zones || {})) {
    if (z.in_play) continue;
    const [x, y] = ZONE_LABEL_AT[zone] || [0, 0];
    layer.appendChild(el("g", { class: "tm-zone-label", transform: `translate(${x} ${y})` }, [
      el("rect", { class: "tm-zone-label-bg", x: -170, y: -62, width: 340, height: 124, rx: 16 }),
      text(t("map.zone", { zone }), { class: "tm-zone-label-title", x: 0, y: -12 }),
      text(t("map.zone.from", { year: z.from_year }), { class: "tm-zone-label-year", x: 0, y: 38 }),
    ]));
  }
}

// Castle Garden's counts, which cubes may be taken, and each box's name.
function drawCastleCounts(castle, counts, targets) {
  for (const nat of NATIONALITIES) {
    const n = counts[nat] || 0;
    const b = castle[nat];
    if (b.count.textContent !== String(n)) b.count.textContent = String(n);
    b.node.classList.toggle("is-empty", n === 0);
    b.node.classList.toggle("is-target", targets.has(nat));
    setAttr(b.node, "aria-label", t(targets.has(nat) ? "map.castle_garden.cube.target" : "map.castle_garden.cube", { count: n, nat: t(`nat.${nat}`) }));
  }
}

export function createMap(container, { onWardActivate, onCastleGardenActivate, zoomControls = true, wardKeys = null } = {}) {
  const { root, scroller, svg } = drawFrame(container);
  drawScenery(svg);
  const layers = drawLayers(svg);
  drawLabels(svg);
  drawLegend(svg);
  const castle = drawCastleGarden(svg, onCastleGardenActivate);
  const activate = (n, info) => onWardActivate && onWardActivate(n, info);
  const wards = drawWards(layers, activate);
  const zoom = makeZoom(root, scroller, svg);
  if (zoomControls) drawZoomBar(root, zoom);
  const keys = wardKeys ? drawWardKeys(wardKeys, activate) : {};

  // What the last update drew: the first of a board draws it with no motion.
  const last = { first: true, zones: null, castle: null, seats: null };

  function update(view, { highlight, selected, castleHighlight } = {}) {
    const targets = asSet(highlight);
    const chosen = asSet(selected);
    const players = view.players || [];
    const initials = playerInitials(players);
    const electing = view.election ? view.election.ward : null;
    svg.classList.toggle("has-targets", targets.size > 0);
    // Another game on the same map (a new game, a loaded code): its board just appears.
    const seats = JSON.stringify(players.map((p) => [p.name, p.color]));
    if (seats !== last.seats) { last.first = true; last.seats = seats; last.castle = null; }
    const motion = motionOn() && !last.first ? { sources: sourcePoints(view, wards, last.castle), ghosts: layers.ghosts } : null;

    for (const n of WARD_NUMBERS) {
      const w = (view.wards && view.wards[String(n)]) || null;
      const out = !w || w.in_play === false;
      const flags = { target: targets.has(n), selected: chosen.has(n), electing: electing === n, locked: !!(w && w.locked), out };
      markWard(wards[n], keys[n], flags, wardLabel(n, w, view, flags));
      drawPieces(wards[n], n, w, { players, initials, motion });
    }
    last.castle = { ...(view.castle_garden || {}) };
    drawZoneLabels(layers.zoneLabels, view, last);
    drawCastleCounts(castle, view.castle_garden || {}, asSet(castleHighlight));
    last.first = false;
  }

  return {
    element: root,
    svg,
    update,
    setZoom: zoom.set,
    /** Mark the wards whose election result is being read (`.is-deciding`); [] clears. */
    setDeciding(list) {
      const on = asSet(list);
      for (const n of WARD_NUMBERS) {
        const rec = wards[n];
        for (const node of [rec.node, rec.ring, rec.pieces]) node.classList.toggle("is-deciding", on.has(n));
      }
    },
    // The ward's on-screen box, for placing a popover or a message next to it.
    wardRect: (n) => wards[n].node.getBoundingClientRect(),
    focusWard: (n) => wards[n].node.focus(),
    wardElement: (n) => wards[n].node,
    castleElement: (nat) => castle[nat].node,
    destroy: () => root.remove(),
  };
}
