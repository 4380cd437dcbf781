// The review's runs for its panel (ui/replay/review-panel.js): a review kept on this device is
// shown at once, else one is started in its own worker (review/runner.js); Stop; a newer run
// drops an older one's updates. One review runs for the whole page, whichever panel shows it:
// a change of language builds the panel again and the new one takes the running review over;
// leaving the viewer does not stop it, another game's review does (docs/ui.md "The review").
//
//   const runs = createReviewRuns({ version, onUpdate })
//     version: the engine's review version (a stored review is reused only for the same one);
//     onUpdate(result): each result of the panel's current run (runner.js's, with its status)
//   runs.begin(code, seats)   runs.adopt(code)   runs.halt(quiet)
//   runs.whenKept(code, seats, still, show)   runs.settled(result)   runs.reviewed(result)

import { isRunning } from "../../logic/review-view.js";
import { startReview, storedReview, reviewWork } from "../../review/runner.js";

// The review that runs, for the whole page: {code, seats, run, result, listener} — the
// listener is the panel's that shows it.
let live = null;

/** An empty review of `seats` ("starting", or "idle" before any). */
export function emptyReview(status, seats) {
  return { status, done: 0, total: 0, decisions: [], seats: [], chart: [], swings: [], reviewed: seats };
}

export function createReviewRuns({ version, onUpdate }) {
  let run = null;    // the running review: {stop(), finished}
  let runs = 0;      // a newer run drops an older one's updates
  let asked = [];    // the seats asked for (the engine names them once it has answered)

  /** The panel's updates from the run numbered `mine`, while it is the latest. */
  const listener = (mine) => (r) => { if (mine === runs) onUpdate(r); };

  /** The review kept on this device for this game and these seats, or null. */
  async function kept(code, seats) {
    try { return await storedReview({ code, seats, work: reviewWork(), version }); } catch { return null; }
  }

  /** Stop the running review; `quiet`: a new run follows, the old one's last words unshown. */
  function halt(quiet = false) {
    if (!run) return;
    const stopping = run;
    run = null;
    stopping.stop();
    if (quiet) runs += 1;
  }

  /** The review of `seats` shown: the one kept on this device at once, else one started. */
  async function begin(code, seats) {
    halt(true);
    const mine = ++runs;
    const work = reviewWork();
    asked = seats;
    onUpdate(emptyReview("starting", seats));
    const stored = await kept(code, seats);
    if (mine !== runs) return;
    if (stored) { onUpdate(stored); return; }
    if (live && live.run && live.result && isRunning(live.result.status)) live.run.stop(); // one at a time
    const entry = { code, seats, run: null, result: null, listener: listener(mine) };
    live = entry;
    // giveWay: while a game is played on this page the review holds its next decision, so the
    // game's taps keep the machine (docs/review.md, "In the page").
    entry.run = startReview({ code, seats, work, giveWay: true,
      onUpdate: (r) => { entry.result = r; entry.listener(r); } });
    run = entry.run;
  }

  /** Take over the page's running review of game `code` (a panel built again): {seats,
   *  result} of it, or null when none runs. */
  function adopt(code) {
    if (!live || live.code !== code || !live.result || !isRunning(live.result.status)) return null;
    const mine = ++runs;
    run = live.run;
    live.listener = listener(mine);
    asked = live.seats;
    return { seats: live.seats, result: live.result };
  }

  /** The review kept for `seats` handed to `show` once found — unless a run began since or
   *  `still()` no longer holds. */
  function whenKept(code, seats, still, show) {
    const mine = runs;
    kept(code, seats).then((stored) => {
      if (!stored || mine !== runs || !still()) return;
      asked = seats;
      show(stored);
    });
  }

  return {
    begin, adopt, halt, whenKept,
    /** A result shown: a review at its end no longer runs. */
    settled(r) { if (!isRunning(r.status)) run = null; },
    /** The seats result `r` is of: the engine's, or those asked for until it has named them. */
    reviewed: (r) => (r && r.reviewed) || asked,
  };
}
