// A ward's pieces on the map (site/js/render/ward-pieces.js, used by render/map.js): which pieces
// a ward shows, where they go in the ward's rows (site/js/render/ward-shapes.js), and what
// changed between two answers. The browser's motion test (tests/browser/test_results_screens.py,
// test_motion_is_off_when_reduced_and_follows_the_setting_live) sees a cube taken from Castle
// Garden slide in and a boss drop in; here, without a page, where a cube comes from and which
// pieces count as arrived or gone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SHAPES } from "../../site/js/render/ward-shapes.js";
import { wardItems, layoutWard, itemWidth, cubeSources, wardChanges, GAP } from "../../site/js/render/ward-pieces.js";

const PLAYERS = [{ color: "red" }, { color: "yellow" }, { color: "purple" }];
const INITIALS = ["A", "B", "C"];
const WARDS = Object.keys(SHAPES.wards).map(Number);
const sizes = (shape) => Object.keys(shape.rows).map(Number).sort((a, b) => b - a);
const ward = (cubes, bosses = [], extra = {}) => ({ cubes, bosses, locked: false, in_play: true, ...extra });

test("wardItems: the number, the lock, the cubes by colour, then the bosses by seat", () => {
  const w = ward({ german: 2, irish: 1 }, [0, 3, 1], { locked: true });
  assert.deepEqual(wardItems(w, PLAYERS, INITIALS), [
    { kind: "header", group: 0 },
    { kind: "lock", group: 0 },
    { kind: "cube", nat: "irish", n: 1, group: 0 },
    { kind: "cube", nat: "german", n: 2, group: 0 },
    { kind: "boss", seat: 1, n: 3, color: "yellow", initial: "B", group: 1 },
    { kind: "boss", seat: 2, n: 1, color: "purple", initial: "C", group: 1 },
  ]);
});

test("wardItems: a ward out of play or not in the view shows its number alone", () => {
  assert.deepEqual(wardItems(ward({ irish: 2 }, [1], { in_play: false }), PLAYERS, INITIALS), [{ kind: "header", group: 0 }]);
  assert.deepEqual(wardItems(null, PLAYERS, INITIALS), [{ kind: "header", group: 0 }]);
});

test("wardItems: a boss of a seat with no player is left out", () => {
  const items = wardItems(ward({}, [0, 0, 0, 2]), PLAYERS, INITIALS);
  assert.deepEqual(items.map((i) => i.kind), ["header"]);
});

// Every item placed once, on one of the ward's rows at that size, within the row's ends.
function assertInRows(shape, items, { placed, size }) {
  assert.equal(placed.length, items.length);
  assert.deepEqual(new Set(placed.map((p) => p.item)), new Set(items));
  const rows = shape.rows[size].flat();
  for (const p of placed) {
    assert.equal(p.w, itemWidth(p.item, shape) * size);
    const row = rows.find((r) => r[0] === p.y);
    if (!row) continue; // an overcrowded ward's extra rows, below its own
    assert.ok(p.x - p.w / 2 >= row[1] - 1e-9 && p.x + p.w / 2 <= row[2] + 1e-9, `${p.item.kind} at ${p.x}`);
  }
}

test("layoutWard: an empty ward's number at the largest size a row holds, nearest its label point", () => {
  for (const n of WARDS) {
    const shape = SHAPES.wards[n];
    const items = wardItems(ward({}), PLAYERS, INITIALS);
    const laid = layoutWard(shape, items);
    assertInRows(shape, items, laid);
    const width = (size) => itemWidth(items[0], shape) * size;
    for (const size of sizes(shape).filter((s) => s > laid.size)) {
      assert.ok(shape.rows[size].flat().every((r) => r[2] - r[1] < width(size)), `ward ${n} at ${size}`);
    }
    const fits = shape.rows[laid.size][0].filter((r) => r[2] - r[1] >= width(laid.size));
    const nearest = Math.min(...fits.map((r) => Math.abs(r[0] - shape.pole[1])));
    assert.equal(Math.abs(laid.placed[0].y - shape.pole[1]), nearest, `ward ${n}`);
  }
});

test("layoutWard: a busy ward's pieces all fit its rows, at a smaller size", () => {
  for (const n of WARDS) {
    const shape = SHAPES.wards[n];
    const items = wardItems(ward({ irish: 3, english: 1, german: 2, italian: 1 }, [2, 1, 1], { locked: true }), PLAYERS, INITIALS);
    const laid = layoutWard(shape, items);
    assert.ok(laid.size <= sizes(shape)[0], `ward ${n}`);
    assertInRows(shape, items, laid);
  }
});

test("layoutWard: in a row, pieces are a gap apart and centred between the row's ends", () => {
  const shape = SHAPES.wards[6];
  const { placed, size } = layoutWard(shape, wardItems(ward({ irish: 1, german: 1 }), PLAYERS, INITIALS));
  const row = placed.filter((p) => p.y === placed[0].y);
  for (let i = 1; i < row.length; i++) {
    assert.ok(Math.abs((row[i].x - row[i].w / 2) - (row[i - 1].x + row[i - 1].w / 2) - GAP * size) < 1e-9);
  }
  const [, x0, x1] = shape.rows[size].flat().find((r) => r[0] === row[0].y);
  const mid = (row[0].x - row[0].w / 2 + row.at(-1).x + row.at(-1).w / 2) / 2;
  assert.ok(Math.abs(mid - (x0 + x1) / 2) < 1e-9);
});

test("layoutWard: bosses start a row of their own when the ward has the room (ward 3)", () => {
  const { placed } = layoutWard(SHAPES.wards[3], wardItems(ward({ irish: 1 }, [1]), PLAYERS, INITIALS));
  const boss = placed.find((p) => p.item.kind === "boss");
  const cube = placed.find((p) => p.item.kind === "cube");
  assert.notEqual(boss.y, cube.y);
});

test("layoutWard: a larger size comes first, the bosses then sharing a row (ward 6)", () => {
  const shape = SHAPES.wards[6];
  const { placed, size } = layoutWard(shape, wardItems(ward({ irish: 1 }, [1]), PLAYERS, INITIALS));
  assert.equal(size, sizes(shape)[0]);
  const [cube, boss] = ["cube", "boss"].map((kind) => placed.find((p) => p.item.kind === kind));
  assert.equal(boss.y, cube.y);
});

test("layoutWard: an overcrowded ward places every piece at the smallest size, on rows added below", () => {
  const shape = { pole: [50, 100], rows: { 38: [[[100, 0, 100]]], 50: [[[100, 0, 100]]] } };
  const items = wardItems(ward({ irish: 9, english: 9, german: 9, italian: 9 }, [5, 5, 5]), PLAYERS, INITIALS);
  const laid = layoutWard(shape, items);
  assert.equal(laid.size, 38);
  assertInRows(shape, items, laid);
  const rows = [...new Set(laid.placed.map((p) => p.y))];
  assert.ok(rows.length > 1 && rows.every((y, i) => i === 0 || y > rows[i - 1]), `${rows}`);
});

const view = (castle, wards) => ({ castle_garden: castle, wards });

test("cubeSources: a cube arrives from Castle Garden when its count there dropped", () => {
  const before = { castle: { irish: 2, german: 1 }, wards: { 3: { irish: 1 } } };
  assert.deepEqual(cubeSources(view({ irish: 1, german: 1 }, { 3: { cubes: { irish: 0 } } }), before), { irish: "castle" });
});

test("cubeSources: else from the (lowest) ward that lost one of its colour: the Precinct Chairman", () => {
  const before = { castle: { italian: 1 }, wards: { 2: {}, 5: { italian: 1 }, 9: { italian: 2 } } };
  const now = view({ italian: 1 }, { 2: { cubes: { italian: 1 } }, 5: { cubes: {} }, 9: { cubes: { italian: 1 } } });
  assert.deepEqual(cubeSources(now, before), { italian: 5 });
});

test("cubeSources: a colour nothing lost is left out (its cubes pop in)", () => {
  const before = { castle: { english: 0 }, wards: { 4: { english: 1 } } };
  assert.deepEqual(cubeSources(view({}, { 4: { cubes: { english: 2 } } }), before), {});
  assert.deepEqual(cubeSources(view({}, {}), { castle: null, wards: { 4: undefined } }), {});
});

test("wardChanges: the colours and seats that rose, the seats that fell", () => {
  const before = { cubes: { irish: 1, german: 2 }, bosses: [1, 2] };
  const w = { cubes: { irish: 2, german: 1, english: 1 }, bosses: [1, 1, 1] };
  assert.deepEqual(wardChanges(before, w), { cubesIn: ["irish", "english"], bossesIn: [2], bossesOut: [1] });
});

test("wardChanges: a ward never drawn gains all it holds; a ward gone from the view loses all", () => {
  assert.deepEqual(wardChanges({}, { cubes: { italian: 1 }, bosses: [0, 1] }), { cubesIn: ["italian"], bossesIn: [1], bossesOut: [] });
  assert.deepEqual(wardChanges({ cubes: { italian: 1 }, bosses: [2] }, null), { cubesIn: [], bossesIn: [], bossesOut: [0] });
});
