// The replay viewer's place in its replay (ui/replay/replay.js): the move asked for, the move
// drawn, and the frames (the position after a move, ~10 kB each) it keeps. A frame is asked
// of Python once and kept; after each one is drawn the moves either side of it are fetched in
// the background, so a step is usually drawn in the tap's own task. Taps that come before an
// answer add up: once the answer in hand is drawn, only the last move asked for is fetched
// (docs/ui.md, "The replay viewer").
//
// No page and no worker here: the viewer hands in how to ask and what to do with the answers.
//
//   const cursor = createReplayCursor({ ask, peek, wait, aim, draw, fail });
//     ask(at), peek(at): promises of the bridge's answer to replay_at, with the page busy and
//       without (peek, for fetching ahead; none: nothing is fetched ahead)
//     wait(promise): the same promise, the page busy while it runs (a frame already on its way)
//     aim(target): the move asked for, at once; draw(frame): show it; fail(error): it failed
//   cursor.open(moves, frame)   a new replay, opened at `frame` (cursor.show(frame) draws it)
//   cursor.go(at)   cursor.frameAt(at)   cursor.fetchAround()   cursor.close()
//   cursor.shown (the move drawn, -1 before the first), cursor.target (the move asked for)

import { clampMove } from "./replay-steps.js";

export function createReplayCursor({ ask, peek = null, wait = (promise) => promise, aim = () => {}, draw, fail }) {
  let moves = null;        // the open replay's number of moves; null while none is open
  let replay = 0;          // counts the replays opened: an answer for an earlier one is not kept
  let shown = -1;
  let target = 0;
  let busy = false;        // a frame is being asked for; taps meanwhile only move the target
  const frames = new Map();   // move -> frame of this replay
  const fetching = new Map(); // move -> promise of its frame (or null), fetched in the background

  function forget() {
    replay += 1;
    frames.clear();
    fetching.clear();
  }

  function show(frame) {
    shown = frame.at;
    draw(frame);
  }

  /** Show move `at` (clamped to the replay): at once when its frame is here and nothing is
   *  being asked, else once the frames asked before it are drawn. */
  function go(at) {
    if (moves === null) return;
    target = clampMove(at, moves);
    aim(target);
    if (!busy && frames.has(target)) {
      if (target !== shown) show(frames.get(target));
      fetchAround();
      return;
    }
    pump();
  }

  async function pump() {
    if (busy) return;
    busy = true;
    try {
      while (target !== shown && moves !== null) {
        const want = target, opened = replay;
        let frame = frames.get(want);
        if (!frame && fetching.has(want)) frame = await wait(fetching.get(want)); // on its way
        if (opened !== replay) return;
        if (!frame) {
          const answer = await ask(want);
          if (!answer || opened !== replay) return;
          if (!answer.ok) { target = shown; fail(answer.error); return; }
          frame = answer.frame;
          frames.set(want, frame);
        }
        show(frame);
      }
    } finally {
      busy = false;
    }
    fetchAround();
  }

  /** The moves either side of the one drawn, fetched in the background (with `peek` only). */
  function fetchAround() {
    if (!peek || moves === null) return;
    for (const at of [shown + 1, shown - 1]) frameAt(at);
  }

  /** The frame after move `at`, kept or fetched in the background: null when it cannot be had
   *  (no such move, a failed answer, or a replay left meanwhile). */
  function frameAt(at) {
    if (moves === null || at < 0 || at > moves) return Promise.resolve(null);
    if (frames.has(at)) return Promise.resolve(frames.get(at));
    if (!fetching.has(at)) {
      const opened = replay;
      const done = (frame) => { if (opened === replay) fetching.delete(at); return frame; };
      fetching.set(at, (peek || ask)(at).then((answer) => {
        if (opened !== replay || !answer || !answer.ok) return done(null);
        frames.set(at, answer.frame);
        return done(answer.frame);
      }, () => done(null)));
    }
    return fetching.get(at);
  }

  return {
    open(total, frame) {
      forget();
      moves = total;
      frames.set(frame.at, frame);
      shown = -1;
      target = frame.at;
    },
    close() {
      forget();
      moves = null;
    },
    show,
    go,
    frameAt,
    fetchAround,
    get shown() { return shown; },
    get target() { return target; },
  };
}
