// The turn composer (site/js/logic/compose.js) on real snapshots of the engine
// (fixtures/snapshots.json, made by tests/js/make_fixtures.py and kept in sync by
// tests/test_js_fixtures.py). What the browser tests also check, here without a page: which taps choose and
// which complete a move (test_ui's choosing taps), what the map highlights, the slander's
// optional second ward, the office that starts from a ward, taps on a device that waits.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as compose from "../../site/js/logic/compose.js";
import { snapshots } from "./helpers.mjs";

const S = snapshots();
const firstKey = (node) => Object.keys(node.options)[0];

/** Walk a kind's tree by always taking the first option; returns the action sent. */
function walkFirst(snap, kind) {
  let mode = compose.begin(snap, kind);
  for (let guard = 0; guard < 10; guard++) {
    const field = compose.nextField(mode);
    const [value] = compose.options(mode, field);
    const out = compose.choose(mode, field, value);
    if (out.outcome === "act") return out.action;
    assert.equal(out.outcome, "next");
    mode = out.mode;
  }
  throw new Error("no end");
}

test("begin: a kind the tree offers starts at its root", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  assert.deepEqual(mode.partial, { t: "bosses" });
  assert.equal(mode.node, S.turn_start.choices.kinds.bosses);
  assert.equal(compose.nextField(mode), "a");
});

test("begin: a kind the tree does not offer is null", () => {
  assert.equal(compose.begin(S.turn_start, "slander"), null);
  assert.equal(compose.begin(S.turn_placed, "bosses"), null);
  assert.equal(compose.begin(S.bid, "bosses"), null);
  assert.equal(compose.begin(null, "bosses"), null);
});

test("options are typed: wards and seats as numbers, colours as text", () => {
  const bosses = compose.begin(S.turn_start, "bosses");
  for (const w of compose.options(bosses, "a")) assert.equal(typeof w, "number");
  const cube = compose.begin(S.turn_start, "boss_cube");
  assert.equal(compose.nextField(cube), "c");
  for (const c of compose.options(cube, "c")) assert.ok(["irish", "english", "german", "italian"].includes(c));
  const slander = compose.begin(S.slander_w2, "slander");
  assert.equal(compose.nextField(slander), "p");
  for (const p of compose.options(slander, "p")) assert.equal(typeof p, "number");
});

test("options of a field that is not the next one are empty", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  assert.deepEqual(compose.options(mode, "b"), []);
  assert.deepEqual(compose.options(null, "a"), []);
});

test("the first boss's wards are the prompt's wards", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  assert.deepEqual(new Set(compose.options(mode, "a")), new Set(S.turn_start.prompt.wards));
});

test("a choosing tap goes one step down the tree", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  const a = compose.options(mode, "a")[0];
  const out = compose.choose(mode, "a", a);
  assert.equal(out.outcome, "next");
  assert.deepEqual(out.mode.partial, { t: "bosses", a });
  assert.equal(out.mode.node, mode.node.options[String(a)]);
  assert.equal(compose.nextField(out.mode), "b");
  assert.equal(out.mode.kind, "bosses");
});

test("choose does not change the composition it is given", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  const before = JSON.stringify(mode.partial);
  compose.choose(mode, "a", compose.options(mode, "a")[0]);
  assert.equal(JSON.stringify(mode.partial), before);
});

test("the completing tap gives the action to send, its fields typed", () => {
  const action = walkFirst(S.turn_start, "bosses");
  assert.equal(action.t, "bosses");
  assert.equal(typeof action.a, "number");
  assert.equal(typeof action.b, "number");
});

test("a ward the tree does not offer is refused with the partial action (Python says why)", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  const out = compose.choose(mode, "a", 999);
  assert.deepEqual(out, { outcome: "refuse", partial: { t: "bosses", a: 999 } });
});

test("a field other than the next one is 'not now'", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  assert.deepEqual(compose.choose(mode, "c", "irish"), { outcome: "not_now" });
  assert.deepEqual(compose.choose(null, "a", 6), { outcome: "not_now" });
});

test("boss + cube: a cube, then the cube's ward, then the boss's ward (FIELD_ORDER)", () => {
  let mode = compose.begin(S.turn_start, "boss_cube");
  const order = [];
  for (;;) {
    const field = compose.nextField(mode);
    order.push(field);
    const out = compose.choose(mode, field, compose.options(mode, field)[0]);
    if (out.outcome === "act") { assert.deepEqual(Object.keys(out.action).sort(), ["b", "c", "t", "w"]); break; }
    mode = out.mode;
  }
  assert.deepEqual(order, ["c", "w", "b"]);
});

for (const office of ["police", "precinct", "council", "deputy"]) {
  test(`the ${office}'s composition ends in a ${office} action with every field the tree names`, () => {
    const action = walkFirst(S[office], office);
    assert.equal(action.t, office);
    const expected = { police: ["c", "t", "w"], precinct: ["c", "t", "to", "w"], council: ["t", "w"], deputy: ["c", "t"] }[office];
    assert.deepEqual(Object.keys(action).sort(), expected);
  });
}

test("every completion of every kind in every fixture is reached by choose()", () => {
  let count = 0;
  for (const snap of Object.values(S)) {
    for (const kind of Object.keys(snap.choices?.kinds || {})) {
      const all = compose.completions(compose.begin(snap, kind));
      assert.ok(all.length > 0, kind);
      // follow one completion's fields from the root: every step is "next" until "act"
      const target = all[all.length - 1];
      let mode = compose.begin(snap, kind);
      for (;;) {
        const field = compose.nextField(mode);
        if (target[field] === undefined) { assert.equal(mode.node.complete, true); break; }
        const out = compose.choose(mode, field, target[field]);
        if (out.outcome === "act") { assert.deepEqual(out.action, target); break; }
        assert.equal(out.outcome, "next");
        mode = out.mode;
      }
      count += 1;
    }
  }
  assert.ok(count >= 10);
});

test("slander: with a second ward possible, the node is complete and lists w2", () => {
  const all = compose.completions(compose.begin(S.slander_w2, "slander"));
  assert.ok(all.some((a) => a.w2 === undefined), "the single slander is legal");
  assert.ok(all.some((a) => a.w2 !== undefined), "a second ward is offered");
  const single = all.find((a) => a.w2 === undefined);
  let mode = compose.begin(S.slander_w2, "slander");
  for (const field of ["p", "w", "c"]) {
    const out = compose.choose(mode, field, single[field]);
    if (out.outcome === "act") return; // this single slander had no second ward to offer
    mode = out.mode;
  }
  assert.equal(compose.nextField(mode), "w2");
  assert.equal(compose.isDeadEnd(mode), false, "w2 is optional");
  assert.equal(compose.tray(mode).type, "slander_once");
  assert.equal(compose.hint(S.slander_w2, mode).params.ward, single.w);
});

test("slander: a chip whose second ward has no value completes the action at once", () => {
  const tree = S.slander_once_only.choices.kinds.slander;
  let mode = compose.begin(S.slander_once_only, "slander");
  let sent = null;
  const walk = (m) => {
    const field = compose.nextField(m);
    for (const value of compose.options(m, field)) {
      const child = m.node.options[String(value)];
      const out = compose.choose(m, field, value);
      if (field === "c" && child !== true && child.complete && Object.keys(child.options).length === 0) {
        sent = out;
        return true;
      }
      if (out.outcome === "next" && walk(out.mode)) return true;
    }
    return false;
  };
  assert.ok(tree);
  assert.ok(walk(mode));
  assert.equal(sent.outcome, "act");
  assert.equal(sent.action.w2, undefined);
  mode = null;
});

test("isDeadEnd: a required field with no option", () => {
  const mode = { kind: "bosses", partial: { t: "bosses" }, node: { next: "a", complete: false, options: {} } };
  assert.equal(compose.isDeadEnd(mode), true);
  assert.equal(compose.isDeadEnd({ ...mode, node: { next: "w2", complete: true, options: {} } }), false);
  assert.equal(compose.isDeadEnd(compose.begin(S.turn_start, "bosses")), false);
  assert.equal(compose.isDeadEnd(null), false);
});

test("actionOf leaves unset fields out and keeps t first", () => {
  assert.deepEqual(compose.actionOf({ t: "slander", p: 1, w: 6, c: "irish", w2: undefined }), { t: "slander", p: 1, w: 6, c: "irish" });
  assert.deepEqual(Object.keys(compose.actionOf({ w: 3, t: "council" })), ["t", "w"]);
  assert.deepEqual(compose.actionOf({ t: "end" }), { t: "end" });
});

test("valueOf: ward and seat fields are numbers, others stay text", () => {
  for (const f of ["a", "b", "w", "to", "w2", "p"]) assert.equal(compose.valueOf(f, "14"), 14);
  assert.equal(compose.valueOf("c", "irish"), "irish");
});

test("marks while idle: the prompt's wards and Castle Garden's cubes", () => {
  const m = compose.marks(S.turn_start, null);
  assert.deepEqual(m.highlight, new Set(S.turn_start.prompt.wards));
  assert.deepEqual(m.selected, new Set());
  const nonEmpty = Object.entries(S.turn_start.view.castle_garden).filter(([, n]) => n > 0).map(([n]) => n);
  assert.deepEqual(m.castleHighlight, nonEmpty);
});

test("marks once placing is done: nothing to highlight", () => {
  const m = compose.marks(S.turn_placed, null);
  assert.equal(m.highlight.size, 0);
  assert.deepEqual(m.castleHighlight, []);
});

test("marks while composing: the chosen wards selected, the next field's wards highlighted", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  const a = compose.options(mode, "a")[0];
  const next = compose.choose(mode, "a", a).mode;
  const m = compose.marks(S.turn_start, next);
  assert.deepEqual(m.selected, new Set([a]));
  assert.deepEqual(m.highlight, new Set(compose.options(next, "b")));
});

test("marks of a boss + cube: Castle Garden's legal cubes while the cube is chosen", () => {
  const mode = compose.begin(S.turn_start, "boss_cube");
  assert.deepEqual(compose.marks(S.turn_start, mode).castleHighlight, compose.options(mode, "c"));
  assert.equal(compose.marks(S.turn_start, mode).highlight.size, 0);
});

test("marks of a bid or an election: nothing", () => {
  const m = compose.marks(S.bid, null);
  assert.equal(m.highlight.size + m.selected.size + m.castleHighlight.length, 0);
});

test("hint while idle: before and after placing", () => {
  assert.equal(compose.hint(S.turn_start, null).key, "turn.hint.idle");
  assert.equal(compose.hint(S.turn_placed, null).key, "turn.hint.idle_placed");
  assert.equal(compose.hint(S.bid, null), null);
});

test("hint while composing names the kind and the next field", () => {
  const mode = compose.begin(S.police, "police");
  assert.equal(compose.hint(S.police, mode).key, "turn.hint.police.w");
  const w = compose.options(mode, "w")[0];
  const next = compose.choose(mode, "w", w).mode;
  const said = compose.hint(S.police, next);
  assert.equal(said.key, "turn.hint.police.c");
  assert.equal(said.params.ward, w);
});

test("hint of a bonus names the bonus ward", () => {
  const mode = compose.begin(S.bonus_cube, "bonus_cube");
  const said = compose.hint(S.bonus_cube, mode);
  assert.equal(said.params.ward, S.bonus_cube.view.election.bonus);
  assert.equal(said.key, `turn.hint.bonus_cube.${compose.nextField(mode)}`);
});

test("hint of a slander's rival names the rival and the chip's colour", () => {
  const mode = compose.begin(S.slander_w2, "slander");
  const p = compose.options(mode, "p")[0];
  const next = compose.choose(mode, "p", p).mode;
  assert.equal(compose.hint(S.slander_w2, next).params.name, S.slander_w2.view.players[p].name);
  const w = compose.options(next, "w")[0];
  const third = compose.choose(next, "w", w).mode;
  const c = compose.options(third, "c")[0];
  const out = compose.choose(third, "c", c);
  if (out.outcome === "next") assert.equal(compose.hint(S.slander_w2, out.mode).nat, c);
});

test("idleActions: placing first, then the office Python names, then slander", () => {
  assert.deepEqual(compose.idleActions(S.turn_start), ["bosses", "boss_cube"]);
  assert.deepEqual(compose.idleActions(S.police), ["bosses", "boss_cube", "police"]);
  assert.deepEqual(compose.idleActions(S.slander_w2), ["bosses", "boss_cube", "slander"]);
  assert.deepEqual(compose.idleActions(S.slander_once_only), ["council", "slander"]);
});

test("steps: only those still open or done this turn", () => {
  assert.deepEqual(compose.steps(S.turn_start), [{ step: "placing", done: false }]);
  assert.deepEqual(compose.steps(S.police).map((s) => s.step), ["placing", "office"]);
  assert.deepEqual(compose.steps(S.turn_placed)[0], { step: "placing", done: true });
});

test("endRow: End turn once placing is done; Undo with something to take back", () => {
  assert.deepEqual(compose.endRow(S.turn_start), { show: Boolean(S.turn_start.can_undo), undo: Boolean(S.turn_start.can_undo), end: false });
  assert.equal(compose.endRow(S.turn_placed).end, true);
  assert.equal(compose.endRow(S.turn_placed).show, true);
  assert.deepEqual(compose.endRow({ ...S.turn_placed, can_undo: true }), { show: true, undo: true, end: true });
});

test("tray: rivals, Castle Garden's cubes, the bag's cubes, chips", () => {
  assert.equal(compose.tray(compose.begin(S.slander_w2, "slander")).type, "rival");
  assert.equal(compose.tray(compose.begin(S.turn_start, "boss_cube")).type, "castle_cube");
  assert.equal(compose.tray(compose.begin(S.deputy, "deputy")).type, "chip");
  assert.equal(compose.tray(compose.begin(S.bonus_chip, "bonus_chip")).type, "chip");
  const bonus = compose.begin(S.bonus_cube, "bonus_cube");
  assert.equal(compose.tray(bonus).type, compose.nextField(bonus) === "c" ? "bag_cube" : null);
  assert.equal(compose.tray(compose.begin(S.turn_start, "bosses")).type, null);
});

test("picksCubeInWard: the police's and precinct's cube, after their ward", () => {
  for (const office of ["police", "precinct"]) {
    const mode = compose.begin(S[office], office);
    assert.equal(compose.picksCubeInWard(mode), false);
    const next = compose.choose(mode, "w", compose.options(mode, "w")[0]).mode;
    assert.equal(compose.picksCubeInWard(next), true);
  }
  assert.equal(compose.picksCubeInWard(compose.begin(S.deputy, "deputy")), false);
});

test("bonusKind: the bonus the prompt offers", () => {
  assert.equal(compose.bonusKind(S.bonus_cube), "bonus_cube");
  assert.equal(compose.bonusKind(S.bonus_chip), "bonus_chip");
  assert.equal(compose.bonusKind(S.turn_start), null);
});

test("wardTap on a device that waits: 'not now', whatever the ward", () => {
  assert.deepEqual(compose.wardTap(S.turn_start, null, S.turn_start.prompt.wards[0], false), { do: "say", key: "turn.not_now" });
  assert.deepEqual(compose.castleTap(S.turn_start, null, "irish", false), { do: "say", key: "turn.not_now" });
});

test("wardTap while idle starts two bosses from that ward", () => {
  const w = S.turn_start.prompt.wards[0];
  assert.deepEqual(compose.wardTap(S.turn_start, null, w, true), { do: "begin", kind: "bosses", first: { a: w } });
});

test("wardTap while idle with placing done: an office that starts from a ward, never the council", () => {
  const placed = { ...S.police, prompt: { ...S.police.prompt, kinds: S.police.prompt.kinds.filter((k) => k !== "bosses") } };
  assert.deepEqual(compose.wardTap(placed, null, 6, true), { do: "begin", kind: "police", first: { w: 6 } });
  const council = { ...S.council, prompt: { ...S.council.prompt, kinds: S.council.prompt.kinds.filter((k) => k !== "bosses") } };
  assert.deepEqual(compose.wardTap(council, null, 6, true), { do: "say", key: "turn.pick_action" });
});

test("wardTap while choosing a ward chooses it", () => {
  const mode = compose.begin(S.turn_start, "bosses");
  assert.deepEqual(compose.wardTap(S.turn_start, mode, 7, true), { do: "choose", field: "a", value: 7 });
});

test("wardTap while a police cube is picked: another legal ward starts again there", () => {
  const mode = compose.begin(S.police, "police");
  const wards = compose.options(mode, "w");
  const next = compose.choose(mode, "w", wards[0]).mode;
  const other = wards[wards.length - 1];
  assert.deepEqual(compose.wardTap(S.police, next, other, true), { do: "restart", kind: "police", ward: other });
  assert.deepEqual(compose.wardTap(S.police, next, 999, true), { do: "refuse", partial: { t: "police", w: 999 } });
});

test("wardTap while choosing a colour from the tray: 'not now'", () => {
  const mode = compose.begin(S.deputy, "deputy");
  assert.deepEqual(compose.wardTap(S.deputy, mode, 6, true), { do: "say", key: "turn.not_now" });
});

test("wardTap in a bid: 'pick an action' (nothing is composed there)", () => {
  assert.deepEqual(compose.wardTap(S.bid, null, 6, true), { do: "say", key: "turn.pick_action" });
});

test("castleTap: starts a boss + cube, or chooses its cube", () => {
  assert.deepEqual(compose.castleTap(S.turn_start, null, "german", true), { do: "begin", kind: "boss_cube", first: { c: "german" } });
  const mode = compose.begin(S.turn_start, "boss_cube");
  assert.deepEqual(compose.castleTap(S.turn_start, mode, "german", true), { do: "choose", field: "c", value: "german" });
  const bosses = compose.begin(S.turn_start, "bosses");
  assert.deepEqual(compose.castleTap(S.turn_start, bosses, "german", true), { do: "say", key: "turn.not_now" });
  assert.deepEqual(compose.castleTap(S.turn_placed, null, "german", true), { do: "say", key: "turn.pick_action" });
});

test("completions of two bosses are exactly the tree's pairs", () => {
  const tree = S.turn_start.choices.kinds.bosses;
  const pairs = compose.completions(compose.begin(S.turn_start, "bosses"));
  let leaves = 0;
  for (const child of Object.values(tree.options)) leaves += Object.keys(child.options).length;
  assert.equal(pairs.length, leaves);
  assert.deepEqual(compose.completions(null), []);
});

test("kinds and treeOf read the prompt and the tree, nothing else", () => {
  assert.deepEqual(compose.kinds(S.turn_placed), ["end"]);
  assert.deepEqual(compose.kinds(null), []);
  assert.equal(compose.treeOf(S.over, "bosses"), null);
  assert.equal(compose.treeOf(S.police, "police"), S.police.choices.kinds.police);
});

test("the first key of a node is a legal first tap", () => {
  const mode = compose.begin(S.precinct, "precinct");
  const out = compose.choose(mode, "w", Number(firstKey(mode.node)));
  assert.equal(out.outcome, "next");
});
