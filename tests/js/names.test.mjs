// The name rule (site/js/logic/names.js, the start screen's mark as you type), the same as
// Python's tammany.game.check_name. What test_ui.py's hostile names also meet, here without a
// page: a name of 28 code points is "long", markup and non-Latin letters within 20 are fine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { nameProblem, MAX_NAME_LENGTH } from "../../site/js/logic/names.js";

test("a name of 1 to 20 code points in any script is fine, markup included (never parsed)", () => {
  for (const name of ["A", "Anna", "Ζωή 🎩", "<b onclick=x>&amp;", "x".repeat(MAX_NAME_LENGTH), "🎩".repeat(20)]) {
    assert.equal(nameProblem(name), null, name);
  }
});

test("no visible character: empty (Python's str.strip() whitespace)", () => {
  for (const name of ["", " ", "\t\n", "\u001c\u001f", "\u0085", "\u3000"]) assert.equal(nameProblem(name), "empty", JSON.stringify(name));
  assert.equal(nameProblem(null), "empty");
  assert.equal(nameProblem(7), "empty");
});

test("over 20 code points: long (counted in code points, not UTF-16 units)", () => {
  assert.equal(nameProblem("x".repeat(21)), "long");
  assert.equal(nameProblem("<img src=x onerror=alert(1)>"), "long"); // test_ui.py's HOSTILE
  assert.equal(nameProblem("🎩".repeat(21)), "long");
});

test("control characters, bidirectional marks, overrides, isolates and lone surrogates: control", () => {
  const forbidden = [0x00, 0x1f, 0x7f, 0x80, 0x9f, 0x061c, 0x200e, 0x200f, 0x202a, 0x202e, 0x2066, 0x2069, 0xd800, 0xdfff];
  for (const cp of forbidden) assert.equal(nameProblem(`Ann${String.fromCharCode(cp)}`), "control", cp.toString(16));
  for (const cp of [0xa0, 0x200d, 0x202f, 0x206a]) assert.equal(nameProblem(`Ann${String.fromCharCode(cp)}`), null, cp.toString(16));
});
