// A ward's pieces on the map, as data: which pieces a ward shows and in what order, where they
// go in the ward, and what of them changed since the answer drawn before (for the motion that
// tells it, render/motion.js). Pure geometry and bookkeeping — no DOM, no rules: render/map.js
// hands in the view's ward and draws what comes back. Tested in Node (tests/js/ward-pieces.test.mjs).
//
//   wardItems(w, players, initials)  the ward's items in order: [{kind, group, …}]
//   layoutWard(shape, items)         {placed: [{item, x, y, w}], size}: where each goes
//   cubeSources(view, before)        {nat: "castle" | ward number}: where arriving cubes came from
//   wardChanges(before, w)           {cubesIn, bossesIn, bossesOut}: what a ward gained and lost

import { NATIONALITIES } from "./pieces.js";

export const GAP = 0.14; // between pieces, in piece heights

/** A ward's items, in the order they are laid out: its number (with its icon), its lock, its
 *  cubes by colour, then its bosses by seat (group 1, so they may start a row of their own).
 *  A ward out of play shows its number alone. */
export function wardItems(w, players, initials) {
  const items = [{ kind: "header", group: 0 }];
  if (w && w.locked) items.push({ kind: "lock", group: 0 });
  if (w && w.in_play !== false) {
    for (const nat of NATIONALITIES) {
      const n = (w.cubes && w.cubes[nat]) || 0;
      if (n > 0) items.push({ kind: "cube", nat, n, group: 0 });
    }
    (w.bosses || []).forEach((n, seat) => {
      if (n > 0 && players[seat]) items.push({ kind: "boss", seat, n, color: players[seat].color, initial: initials[seat], group: 1 });
    });
  }
  return items;
}

/** An item's width in piece heights: a number with an icon is two, a lock a little wider than
 *  a piece, a piece with its count ("×2") wider still. */
export function itemWidth(item, shape) {
  if (item.kind === "header") return shape.tammany || shape.bonus ? 2 : 1;
  if (item.kind === "lock") return 1.3;
  return item.n > 1 ? 1.78 : 1;
}

// Flow `items` (in order) into `rows` [y, xLeft, xRight]; `grouped` starts each
// group on a new row. Returns [{item, x, y, w}] or null when they do not fit.
function flow(items, rows, S, shape, grouped) {
  const out = [];
  let r = 0;
  let used = 0;
  let line = [];
  const closeLine = () => {
    if (!line.length) return;
    const [y, x0, x1] = rows[r];
    let x = (x0 + x1) / 2 - used / 2;
    for (const it of line) {
      out.push({ item: it.item, x: x + it.w / 2, y, w: it.w });
      x += it.w + GAP * S;
    }
    line = [];
    used = 0;
    r++;
  };
  let lastGroup = items.length ? items[0].group : 0;
  for (const item of items) {
    const w = itemWidth(item, shape) * S;
    if (grouped && item.group !== lastGroup) closeLine();
    lastGroup = item.group;
    if (r >= rows.length) return null;
    const room = rows[r][2] - rows[r][1];
    const need = used + (line.length ? GAP * S : 0) + w;
    if (need > room) {
      closeLine();
      if (r >= rows.length || w > rows[r][2] - rows[r][1]) return null;
    }
    used += (line.length ? GAP * S : 0) + w;
    line.push({ item, w });
  }
  if (r >= rows.length && line.length) return null;
  closeLine();
  return out;
}

// The fewest rows of `rowSet` that hold the items, the run of rows nearest the ward's label point
// among those of that many rows; null when even all of them do not.
function nearestRows(shape, items, rowSet, S, grouped) {
  for (let k = 1; k <= rowSet.length; k++) {
    let best = null;
    for (let i = 0; i + k <= rowSet.length; i++) {
      const span = rowSet.slice(i, i + k);
      const placed = flow(items, span, S, shape, grouped);
      if (!placed) continue;
      const dist = span.reduce((d, row) => d + Math.abs(row[0] - shape.pole[1]), 0) / k;
      if (!best || dist < best.dist) best = { placed, dist };
    }
    if (best) return best.placed;
  }
  return null;
}

/** Place a ward's items: the largest piece size whose rows near the ward's centre hold them all
 *  (bosses on their own rows when there is room). Overcrowded, the smallest size with extra
 *  rows below. Returns {placed: [{item, x, y, w}], size} in the board's units. */
export function layoutWard(shape, items) {
  const sizes = Object.keys(shape.rows).map(Number).sort((a, b) => b - a);
  for (const S of sizes) {
    for (const grouped of [true, false]) {
      for (const rowSet of shape.rows[S]) {
        const placed = nearestRows(shape, items, rowSet, S, grouped);
        if (placed) return { placed, size: S };
      }
    }
  }
  const S = sizes[sizes.length - 1];
  const rows = shape.rows[S][0].slice();
  const widest = rows.reduce((a, b) => (b[2] - b[1] > a[2] - a[1] ? b : a), rows[0]);
  for (let extra = 1; extra < 20; extra++) {
    rows.push([rows[rows.length - 1][0] + S * (1 + GAP), widest[1], widest[2]]);
    const placed = flow(items, rows, S, shape, false);
    if (placed) return { placed, size: S };
  }
  return { placed: [], size: S };
}

/** Where the cubes that arrive in `view` came from, by colour: "castle" when Castle Garden's
 *  count dropped, else the ward (its number, the lowest) that lost a cube of that colour (the
 *  Precinct Chairman's move); a colour with neither is left out (its cubes pop in).
 *  `before` is what was drawn: {castle: Castle Garden's counts, wards: {n: the ward's cubes}}. */
export function cubeSources(view, before) {
  const from = {};
  const castle = view.castle_garden || {};
  const numbers = Object.keys(before.wards || {}).map(Number).sort((a, b) => a - b);
  for (const nat of NATIONALITIES) {
    if (before.castle && (before.castle[nat] || 0) > (castle[nat] || 0)) {
      from[nat] = "castle";
      continue;
    }
    const lost = numbers.find((n) => {
      const was = before.wards[n];
      const w = view.wards && view.wards[String(n)];
      return was && w && (was[nat] || 0) > ((w.cubes || {})[nat] || 0);
    });
    if (lost !== undefined) from[nat] = lost;
  }
  return from;
}

/** What a ward gained and lost from `before` ({cubes, bosses} as drawn) to `w` (the view's
 *  ward): the colours whose cubes rose, the seats whose bosses rose, the seats whose fell. */
export function wardChanges(before, w) {
  const cubes = (w && w.cubes) || {};
  const bosses = (w && w.bosses) || [];
  const wasCubes = before.cubes || {};
  const wasBosses = before.bosses || [];
  const seats = [...Array(Math.max(bosses.length, wasBosses.length)).keys()];
  return {
    cubesIn: NATIONALITIES.filter((nat) => (cubes[nat] || 0) > (wasCubes[nat] || 0)),
    bossesIn: seats.filter((s) => (bosses[s] || 0) > (wasBosses[s] || 0)),
    bossesOut: seats.filter((s) => (wasBosses[s] || 0) > (bosses[s] || 0)),
  };
}
