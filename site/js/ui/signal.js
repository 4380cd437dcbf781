// The settled-screen signal: two attributes on <html> that say what the player now sees, for
// tests (and any tool that drives the page) to wait on instead of waiting for time.
//
//   <html data-screen="NAME">  the screen up now: start, turn, bonus, cover (hand the device),
//                              bid, reveal, offices, final, over (the final board), computer.
//                              Set only once that screen is drawn and can be acted on.
//   <html data-busy="N">       present while N things are under way: requests to the worker,
//                              a computer's move, a screen or dialog changing.
//
// "Settled" is `html[data-screen]:not([data-busy])`: then data-screen names the screen on
// show, and it changes only when the player acts (or a computer's move starts, which is busy
// again at once). docs/ui.md, "The settled-screen signal".

const html = document.documentElement;
let busy = 0;

function mark() {
  if (busy > 0) html.dataset.busy = String(busy);
  else delete html.dataset.busy;
}

/** Something has started that will change the screen; pair it with one done(). */
export function begin() {
  busy += 1;
  mark();
}

/** The end of what begin() started. It takes effect in a later task, not at once: whatever
 * the caller draws in its continuation (and any follow-up request it starts) is in place
 * before the page reads as settled. */
export function done() {
  setTimeout(() => {
    busy -= 1;
    mark();
  }, 0);
}

/** Busy while `promise` runs; resolves with its value. */
export async function during(promise) {
  begin();
  try {
    return await promise;
  } finally {
    done();
  }
}

/** The screen the player now sees (call once it is drawn). */
export function announce(name) {
  html.dataset.screen = name;
}
