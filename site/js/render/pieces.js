// Shared piece drawing: immigrant cubes, favor chips, boss pawns (top hats), and
// the few map icons. Every function returns an SVG element centred on (0, 0) and
// `s` units tall; colours come from CSS classes (see css/board.css), so the
// palette lives in one place. Text is set with textContent only.
//
//   cube(nat, s)            a cube with its nationality letter
//   chip(nat, s)            a favor chip with its letter
//   boss(color, initial, s) a boss pawn (top hat) in a player colour with the initial
//   slanderChip(s), lockIcon(s), tammanyIcon(s), bonusIcon(kind, s), ballotIcon(s)
//   standalone(node, opts)  wrap a piece in its own <svg> for use in HTML
//   playerInitials(players) seat -> initial, lengthened where two players collide

import { t } from "../strings.js";

export const SVG_NS = "http://www.w3.org/2000/svg";
export const NATIONALITIES = ["irish", "english", "german", "italian"];
export const PLAYER_COLORS = ["red", "yellow", "purple", "black", "brown"];

export function el(tag, attrs, children) {
  const node = document.createElementNS(SVG_NS, tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
    }
  }
  if (children) for (const c of children) if (c) node.appendChild(c);
  return node;
}

export function text(str, attrs) {
  const node = el("text", attrs);
  node.textContent = str;
  return node;
}

function r(n) {
  return Math.round(n * 10) / 10;
}

function letterSize(str, s, one, two) {
  return r(s * ([...str].length > 1 ? two : one));
}

export function cube(nat, s) {
  const h = s * 0.84;
  const letter = t(`nat.${nat}.letter`);
  return el("g", { class: `tm-cube tm-nat-${nat}` }, [
    el("rect", { class: "tm-cube-shadow", x: r(-h / 2 + s * 0.05), y: r(-h / 2 + s * 0.07), width: r(h), height: r(h), rx: r(s * 0.12) }),
    el("rect", { class: "tm-cube-face", x: r(-h / 2), y: r(-h / 2), width: r(h), height: r(h), rx: r(s * 0.12) }),
    el("path", { class: "tm-cube-shine", d: `M${r(-h / 2 + s * 0.12)} ${r(-h / 2 + s * 0.1)}h${r(h - s * 0.24)}` }),
    text(letter, { class: "tm-piece-letter", x: 0, y: r(s * 0.02), "font-size": letterSize(letter, s, 0.56, 0.46) }),
  ]);
}

export function chip(nat, s) {
  const rad = s * 0.44;
  const letter = t(`nat.${nat}.letter`);
  return el("g", { class: `tm-chip tm-nat-${nat}` }, [
    el("circle", { class: "tm-chip-face", r: r(rad) }),
    el("circle", { class: "tm-chip-ring", r: r(rad * 0.74) }),
    text(letter, { class: "tm-piece-letter", x: 0, y: r(s * 0.02), "font-size": letterSize(letter, s, 0.5, 0.42) }),
  ]);
}

// A boss: a top hat in the player's colour, the player's initial on the crown.
export function boss(color, initial, s) {
  const cw = s * 0.62; // crown width at the band
  const top = -s * 0.46;
  const brimY = s * 0.3;
  const crown = `M${r(-cw / 2)} ${r(brimY)} L${r(-cw / 2 + s * 0.04)} ${r(top)} ` +
    `Q0 ${r(top - s * 0.06)} ${r(cw / 2 - s * 0.04)} ${r(top)} L${r(cw / 2)} ${r(brimY)} Z`;
  const label = initial || "";
  return el("g", { class: `tm-boss tm-pc-${color}` }, [
    el("ellipse", { class: "tm-boss-brim", cx: 0, cy: r(brimY + s * 0.02), rx: r(s * 0.48), ry: r(s * 0.14) }),
    el("path", { class: "tm-boss-crown", d: crown }),
    el("rect", { class: "tm-boss-band", x: r(-cw / 2 + s * 0.01), y: r(brimY - s * 0.14), width: r(cw - s * 0.02), height: r(s * 0.09) }),
    text(label, { class: "tm-piece-letter", x: 0, y: r(-s * 0.1), "font-size": letterSize(label, s, 0.42, 0.3) }),
  ]);
}

export function slanderChip(s) {
  // A speech bubble with an exclamation mark: words said about a rival.
  const w = s * 0.8;
  const h = s * 0.56;
  const d = `M${r(-w / 2)} ${r(-h / 2 - s * 0.06)} h${r(w)} v${r(h)} h${r(-w * 0.55)} ` +
    `l${r(-s * 0.16)} ${r(s * 0.2)} v${r(-s * 0.2)} h${r(-w * 0.45 + s * 0.16)} Z`;
  return el("g", { class: "tm-slander" }, [
    el("path", { class: "tm-slander-face", d }),
    text("!", { class: "tm-piece-letter", x: 0, y: r(-s * 0.06), "font-size": r(s * 0.46) }),
  ]);
}

export function lockIcon(s) {
  const bw = s * 0.62;
  const bh = s * 0.46;
  return el("g", { class: "tm-lock" }, [
    el("path", {
      class: "tm-lock-shackle",
      d: `M${r(-bw * 0.3)} ${r(-s * 0.02)} v${r(-s * 0.16)} a${r(bw * 0.3)} ${r(bw * 0.3)} 0 0 1 ${r(bw * 0.6)} 0 v${r(s * 0.16)}`,
      "stroke-width": r(s * 0.1),
    }),
    el("rect", { class: "tm-lock-body", x: r(-bw / 2), y: r(-s * 0.04), width: r(bw), height: r(bh), rx: r(s * 0.06) }),
    el("circle", { class: "tm-lock-hole", cy: r(s * 0.15), r: r(s * 0.07) }),
  ]);
}

export function tammanyIcon(s) {
  // A hall with a pediment, columns and a flag.
  const w = s * 0.86;
  const cols = [];
  for (let i = 0; i < 4; i++) {
    const x = -w * 0.36 + i * (w * 0.24);
    cols.push(el("rect", { class: "tm-icon-ink", x: r(x - s * 0.035), y: r(-s * 0.08), width: r(s * 0.07), height: r(s * 0.3) }));
  }
  return el("g", { class: "tm-tammany" }, [
    el("path", { class: "tm-icon-ink", d: `M${r(-w / 2)} ${r(-s * 0.1)} L0 ${r(-s * 0.34)} L${r(w / 2)} ${r(-s * 0.1)} Z` }),
    ...cols,
    el("rect", { class: "tm-icon-ink", x: r(-w / 2), y: r(s * 0.22), width: r(w), height: r(s * 0.08) }),
    el("path", { class: "tm-icon-line", d: `M0 ${r(-s * 0.34)} V${r(-s * 0.5)}`, "stroke-width": r(s * 0.04) }),
    el("path", { class: "tm-tammany-flag", d: `M0 ${r(-s * 0.5)} h${r(s * 0.2)} l${r(-s * 0.05)} ${r(s * 0.05)} l${r(s * 0.05)} ${r(s * 0.05)} h${r(-s * 0.2)} Z` }),
  ]);
}

export function bonusIcon(kind, s) {
  // kind "immigrant": a cube with a plus; "favor": a chip with a plus.
  const shape = kind === "favor"
    ? el("circle", { class: "tm-bonus-shape", cx: r(-s * 0.08), cy: r(s * 0.06), r: r(s * 0.3), "stroke-width": r(s * 0.07) })
    : el("rect", { class: "tm-bonus-shape", x: r(-s * 0.36), y: r(-s * 0.22), width: r(s * 0.56), height: r(s * 0.56), rx: r(s * 0.07), "stroke-width": r(s * 0.07) });
  return el("g", { class: `tm-bonus tm-bonus-${kind}` }, [
    shape,
    el("circle", { class: "tm-bonus-plus-bg", cx: r(s * 0.24), cy: r(-s * 0.24), r: r(s * 0.2) }),
    el("path", {
      class: "tm-bonus-plus",
      d: `M${r(s * 0.24)} ${r(-s * 0.36)} v${r(s * 0.24)} M${r(s * 0.12)} ${r(-s * 0.24)} h${r(s * 0.24)}`,
      "stroke-width": r(s * 0.07),
    }),
  ]);
}

export function ballotIcon(s) {
  // A ballot box with a slip going in: marks election years.
  return el("g", { class: "tm-ballot" }, [
    el("rect", { class: "tm-icon-paper", x: r(-s * 0.16), y: r(-s * 0.46), width: r(s * 0.32), height: r(s * 0.36), "stroke-width": r(s * 0.06) }),
    el("rect", { class: "tm-icon-ink", x: r(-s * 0.42), y: r(-s * 0.14), width: r(s * 0.84), height: r(s * 0.56), rx: r(s * 0.06) }),
    el("rect", { class: "tm-icon-paper", x: r(-s * 0.22), y: r(-s * 0.14), width: r(s * 0.44), height: r(s * 0.06) }),
  ]);
}

// Wrap a piece in its own small <svg> for use inside HTML (cards, popovers,
// buttons). The piece is decorative there: the surrounding text or aria-label
// says what it is.
export function standalone(node, { width = 1, height = 1, className = "" } = {}) {
  const s = 100;
  const svg = el("svg", {
    class: `tm-piece-icon ${className}`.trim(),
    viewBox: `${-s * width / 2} ${-s * height / 2} ${s * width} ${s * height}`,
    "aria-hidden": "true",
    focusable: "false",
  });
  svg.appendChild(node);
  return svg;
}

export function cubeIcon(nat, className) {
  return standalone(cube(nat, 100), { className });
}
export function chipIcon(nat, className) {
  return standalone(chip(nat, 100), { className });
}
export function bossIcon(color, initial, className) {
  return standalone(boss(color, initial, 100), { className, height: 1.1 });
}

// First grapheme of each name, upper-cased; where two players would share an
// initial, each gets the first later letter that tells them apart (Maeve, Mary:
// "Me", "Mr"; Ann, Anna: "A", "A4" as a last resort with the seat number).
export function playerInitials(players) {
  const seg = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  const graphemes = (name) => (seg ? [...seg.segment(name)].map((x) => x.segment) : [...name]).filter((g) => g.trim() !== "");
  const parts = players.map((p) => graphemes(String(p.name || "")));
  const pick = (g) => g.slice(0, 1).join("").toLocaleUpperCase();
  let out = parts.map((g) => pick(g, 1) || "?");
  const dup = (list, i) => list.some((x, j) => j !== i && x === list[i]);
  // Colliding initials: add the first later letter that tells the names apart.
  out = out.map((x, i) => {
    if (!dup(out, i)) return x;
    const rivals = parts.filter((g, j) => j !== i && out[j] === x);
    for (let k = 1; k < parts[i].length; k++) {
      if (rivals.every((g) => g[k] !== parts[i][k])) return x + parts[i][k];
    }
    return x;
  });
  out = out.map((x, i) => (dup(out, i) ? x.slice(0, 1) + (i + 1) : x));
  const bySeat = {};
  players.forEach((p, i) => { bySeat[p.seat ?? i] = out[i]; });
  return bySeat;
}
