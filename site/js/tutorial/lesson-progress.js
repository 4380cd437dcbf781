// Where the learner is in "Learn to play" (tutorial/tutorial.js draws it): the lesson's script,
// the place kept in localStorage ("tammany.tutorial"), each answer judged against the step, the
// learner's action vetted, the lesson begun, resumed, moved on and ended. What a step asks and
// whether it was done are logic/lesson.js's decisions; this module keeps the state they change
// and draws nothing: the view is told through `hide` (the game on screen is not the lesson's)
// and `refresh` (draw again).
//
//   const progress = createProgress({ start, load, learnerName, hide, refresh })
//   progress.state      {record, active, snap, recent, tap, offPath, refused, ended, waiting}
//   progress.script()   the script, or null until it is in

import { t } from "../strings.js";
import * as lesson from "../logic/lesson.js";
import * as signal from "../ui/signal.js";

const KEY = "tammany.tutorial";

let script = null;    // site/data/tutorial.json, fetched once
let loading = null;   // its request while under way

export function loadScript() {
  if (script) return Promise.resolve(script);
  if (!loading) {
    loading = fetch(new URL("../../data/tutorial.json", import.meta.url))
      .then((response) => { if (!response.ok) throw new Error(`tutorial.json: ${response.status}`); return response.json(); })
      .then((data) => { script = data; return data; })
      .finally(() => { loading = null; });
  }
  return loading;
}

// Where the learner is: logic/lesson.js reads and writes its text (as it matches the steps).
function readRecord() {
  try {
    return lesson.readPlace(window.localStorage.getItem(KEY));
  } catch { return null; }
}

function writeRecord(record) {
  try {
    if (record) window.localStorage.setItem(KEY, lesson.placeText(record));
    else window.localStorage.removeItem(KEY);
  } catch { /* private mode: the lesson is kept for this visit only */ }
}

export function createProgress({ start, load, learnerName, hide, refresh }) {
  const record = readRecord();
  const state = {
    record,               // {step, code, off?}: the stored place, null with no lesson
    active: false,        // the game on screen is the lesson's
    snap: null,           // the last answer seen
    recent: [],           // events since the learner's last action
    tap: 0,               // taps made of the current action
    offPath: Boolean(record && record.off), // the game left the lesson's path (kept over a reload)
    refused: false,       // the learner's last action was not the lesson's (vet): Cancel first
    ended: false,         // "Play on from here": the lesson is over, the game goes on
    waiting: 0,           // answers seen before the script came, not judged yet
  };
  let queue = Promise.resolve();

  function restart(record) {
    state.record = record;
    state.ended = false;
    state.offPath = Boolean(record.off);
    state.refused = false;
  }

  async function begin() {
    await loadScript();
    restart({ step: 0, code: null });
    writeRecord(state.record);
    await start(lesson.lessonSeats(script, learnerName()), String(script.seed));
  }

  async function resume() {
    await loadScript();
    const stored = readRecord();
    if (!stored || !stored.code) { state.record = stored; begin(); return; }
    restart(stored);
    await load(stored.code, () => begin()); // an unreadable code: the lesson starts again
  }

  const step = () => lesson.stepAt(script, state.record.step);

  /** An answer the page draws. Returns a promise when it waits for the script (then the page
   * is busy until it is judged), else null. */
  function seen(answer, events = []) {
    if (script && !state.waiting) { judge(answer, events); return null; }
    state.waiting += 1;
    const judged = () => { state.waiting -= 1; judge(answer, events); refresh(); };
    queue = queue.then(() => loadScript().then(judged, judged)); // no script at all: not the lesson
    return signal.during(queue);
  }

  function judge(answer, events) {
    state.snap = answer;
    state.active = Boolean(state.record) && !state.ended && lesson.isLessonGame(script, answer);
    if (!state.active) { hide(); return; }
    const judged = lesson.judgeStep(step(), events, state.offPath);
    if (judged) {
      // vet() lets only the lesson's action through; a move of another kind got past it.
      if (judged.offPath) { state.offPath = true; state.record.off = true; }
      else { state.record.step += 1; state.tap = 0; state.refused = false; }
      state.recent = [];
    }
    state.recent = state.recent.concat(events);
    state.record.code = answer.code;
    writeRecord(state.record);
  }

  /** Before the learner's action is sent (session.vet): null to let it through, or the
   * refusal the page shows instead ({code, message}); nothing is asked of the worker. */
  function vet({ seat, action } = {}) {
    if (!state.active || lesson.allowed(step(), { seat, action }, state.offPath)) return null;
    state.refused = true;
    state.tap = 0;
    setTimeout(refresh, 0); // after the page's own handler has shown the refusal
    return { code: "lesson_move", params: {}, message: t("tut.not_this_move") };
  }

  /** The marked element was tapped on `screen`: the refused move's Cancel (the lesson's move is
   *  made again from its first tap), or one more tap of the step's action. */
  function tapped(screen) {
    if (state.refused) state.refused = false;
    else if (step().do && screen !== "reveal") state.tap += 1;
  }

  return {
    state,
    script: () => script,
    step,
    /** The stored place, read again (another visit may have changed it). */
    reread: () => { state.record = readRecord(); return state.record; },
    begin,
    resume,
    seen,
    vet,
    tapped,
    /** The refused move is gone (no Cancel on screen): the step's action is marked again. */
    refusalDone: () => { state.refused = false; },
    /** Next: the step after a step that only says. */
    next: () => { state.record.step += 1; writeRecord(state.record); },
    /** "Play on from here" or "Start a real game": the lesson is over and forgotten. */
    finish: () => { state.ended = true; state.active = false; writeRecord(null); state.record = null; },
  };
}
