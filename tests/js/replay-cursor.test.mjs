// The replay viewer's place in its replay (site/js/logic/replay-cursor.js, wired by
// ui/replay/replay.js): which frames it asks Python for and when it draws them, against a
// made-up bridge whose answers the test hands out one by one. What the browser's replay tests
// (tests/browser/test_replay_page.py) rely on, here without a page: a step whose frame is in
// hand is drawn in the tap's own task, taps before an answer add up (only the last move asked
// for is fetched next), the moves either side are fetched ahead, a slider value past an end
// stops at it, and nothing of a replay left (Back) is drawn or kept.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createReplayCursor } from "../../site/js/logic/replay-cursor.js";

const frameOf = (at) => ({ at, hash: `h${at}` });
const settle = () => new Promise((resolve) => setImmediate(resolve)); // the answers' callbacks run

/** A cursor on a made-up bridge: every request waits until the test answers it. */
function viewer({ moves = 10, at = 5, peeking = true } = {}) {
  const requests = [];   // [how, at, answer(value)] in the order asked
  const log = { asked: [], drawn: [], aimed: [], failed: [], waited: 0 };
  const request = (how) => (n) => new Promise((resolve) => {
    requests.push({ how, at: n, answer: resolve });
    log.asked.push(`${how} ${n}`);
  });
  const cursor = createReplayCursor({
    ask: request("ask"),
    peek: peeking ? request("peek") : null,
    wait: (promise) => { log.waited += 1; return promise; },
    aim: (target) => log.aimed.push(target),
    draw: (frame) => log.drawn.push(frame.at),
    fail: (error) => log.failed.push(error.code),
  });
  cursor.open(moves, frameOf(at));
  cursor.show(frameOf(at));
  cursor.fetchAround();
  /** Answer the requests for move n (all of them, oldest first). */
  const answer = async (n, value = { ok: true, frame: frameOf(n) }) => {
    for (const r of requests.filter((r) => r.at === n)) {
      requests.splice(requests.indexOf(r), 1);
      r.answer(value);
    }
    await settle();
  };
  return { cursor, log, answer, requests };
}

test("a replay opens at its frame, and the moves either side are fetched ahead, quietly", () => {
  const { cursor, log } = viewer();
  assert.deepEqual(log.drawn, [5]);
  assert.equal(cursor.shown, 5);
  assert.equal(cursor.target, 5);
  assert.deepEqual(log.asked, ["peek 6", "peek 4"]);
});

test("a step whose frame is in hand is drawn in the tap's own task", async () => {
  const { cursor, log, answer } = viewer();
  await answer(6);
  await answer(4);
  cursor.go(6);
  assert.deepEqual(log.drawn, [5, 6]); // no await between the tap and the drawing
  assert.deepEqual(log.aimed, [6]);
  assert.deepEqual(log.asked, ["peek 6", "peek 4", "peek 7"]); // 5 is kept
  cursor.go(5);
  assert.deepEqual(log.drawn, [5, 6, 5]);
  assert.equal(log.waited, 0);
});

test("taps before an answer add up: only the last move asked for is fetched next", async () => {
  const { cursor, log, answer } = viewer({ at: 0 });
  cursor.go(3);
  cursor.go(4);
  cursor.go(8);
  assert.deepEqual(log.aimed, [3, 4, 8]); // the slider follows each tap at once
  assert.deepEqual(log.asked, ["peek 1", "ask 3"]); // no move -1 to fetch ahead
  await answer(3);
  assert.deepEqual(log.drawn, [0, 3]);
  assert.deepEqual(log.asked.slice(-1), ["ask 8"]);
  await answer(8);
  assert.deepEqual(log.drawn, [0, 3, 8]);
  assert.equal(cursor.shown, 8);
  assert.deepEqual(log.asked.slice(-2), ["peek 9", "peek 7"]);
});

test("while a frame is asked for, a tap on a move in hand waits its turn: the last tap is drawn last", async () => {
  const { cursor, log, answer } = viewer();
  await answer(6);
  cursor.go(9);
  cursor.go(6);
  assert.deepEqual(log.drawn, [5]);
  await answer(9);
  assert.deepEqual(log.drawn, [5, 9, 6]);
  assert.equal(cursor.shown, 6);
});

test("a frame already on its way is waited for (the page busy), not asked again", async () => {
  const { cursor, log, answer } = viewer();
  cursor.go(6);
  assert.equal(log.waited, 1);
  assert.deepEqual(log.asked, ["peek 6", "peek 4"]);
  await answer(6);
  assert.deepEqual(log.drawn, [5, 6]);
});

test("a move asked for that fails is said, and the move asked for is the one on screen again", async () => {
  const { cursor, log, answer } = viewer();
  cursor.go(9);
  await answer(9, { ok: false, error: { code: "bad_move_number" } });
  assert.deepEqual(log.failed, ["bad_move_number"]);
  assert.deepEqual(log.drawn, [5]);
  assert.equal(cursor.target, 5);
});

test("a move past either end is the end; the frames outside the replay are none, unasked", async () => {
  const { cursor, log, answer } = viewer();
  cursor.go(99);
  assert.equal(cursor.target, 10);
  assert.deepEqual(log.asked.at(-1), "ask 10");
  await answer(10);
  cursor.go(-4);
  assert.equal(cursor.target, 0);
  assert.equal(await cursor.frameAt(11), null);
  assert.equal(await cursor.frameAt(-1), null);
  assert.ok(!log.asked.includes("peek 11"));
});

test("a frame is asked for once and kept: the review's frameAt and fetching ahead share it", async () => {
  const { cursor, log, answer } = viewer();
  const first = cursor.frameAt(2);
  const second = cursor.frameAt(2);
  assert.equal(first, second);
  await answer(2);
  assert.deepEqual(await first, frameOf(2));
  assert.deepEqual(await cursor.frameAt(2), frameOf(2));
  assert.equal(log.asked.filter((a) => a.endsWith(" 2")).length, 1);
  cursor.go(2);
  assert.deepEqual(log.drawn, [5, 2]); // in hand: drawn at once
});

test("a failed or missing answer in the background is no frame, and may be asked again", async () => {
  const { cursor, log, answer } = viewer();
  const failing = cursor.frameAt(1);
  await answer(1, { ok: false, error: { code: "x" } });
  assert.equal(await failing, null);
  cursor.frameAt(1);
  assert.equal(log.asked.filter((a) => a === "peek 1").length, 2);
  assert.deepEqual(log.failed, []); // only a move asked for on screen is said
});

test("without a quiet request nothing is fetched ahead, and frameAt uses the busy one", async () => {
  const { cursor, log, answer } = viewer({ peeking: false });
  assert.deepEqual(log.asked, []);
  const frame = cursor.frameAt(3);
  assert.deepEqual(log.asked, ["ask 3"]);
  await answer(3);
  assert.deepEqual(await frame, frameOf(3));
});

test("nothing of a replay left is drawn or kept, and a closed cursor does nothing", async () => {
  const { cursor, log, answer } = viewer();
  cursor.go(8);
  const ahead = cursor.frameAt(2);
  cursor.close();
  await answer(8);
  await answer(2);
  assert.deepEqual(log.drawn, [5]);
  assert.equal(await ahead, null);
  cursor.go(3);
  assert.deepEqual(log.aimed, [8]);
  assert.equal(await cursor.frameAt(3), null);
  // opened again: the frame of the replay left is not there, it is asked again
  cursor.open(10, frameOf(0));
  cursor.frameAt(2);
  assert.equal(log.asked.filter((a) => a.endsWith(" 2")).length, 2);
});
