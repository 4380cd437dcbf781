// "Learn to play": a guided first game (docs/ui.md, "The tutorial").
//
// The lesson is data, site/data/tutorial.json: a seed, three seats (the learner and two Easy
// computers) and steps — a sentence with Next ({say}) or the learner's next action ({do}),
// which tests/test_tutorial.py replays on the engine. The game itself is an ordinary game of
// the page: Python decides what is legal, the computers play through bot_act, the autosave
// keeps it. This module only watches: on each answer it sees the events (did the learner make
// the step's action?), on each settled screen it marks the one element to tap
// (`.th-tut-target`: a ward, a button, Next) and says one sentence in a card, and it blocks
// taps on the game anywhere else (with a nudge), so the game stays on the script.
//
//   const tutorial = createTutorial({ call, start, load, leave, learnerName, startHost })
//   tutorial.seen(answer, events)      every answer the page draws (app.js present)
//
// Where the learner is (the step and the game's code) is kept in localStorage
// ("tammany.tutorial"): leaving and coming back resumes at the same step. Whether a game is the
// lesson needs the script: an answer that comes before it (a reload on a slow connection) is
// judged once it is in, the page busy until then (ui/signal.js), so a reload always comes back
// to the lesson's step.
//
// Only the lesson's own move is played, however it is made (a tap on the map or on a phone's
// ward key, the keyboard): a tap or key on the game other than the one marked is refused with a
// nudge, and `vet` (session.vet, asked before every `act`) refuses any other action of the
// learner's, so nothing changes and the card says how to go on.

import { t } from "../strings.js";
import { h } from "../ui/dom.js";
import { tapsOf, paramsOf } from "./plan.js";
import * as lesson from "../logic/lesson.js";
import { whatHappened } from "./explain.js";
import { eventText } from "../i18n/engine-text.js";
import * as signal from "../ui/signal.js";

const KEY = "tammany.tutorial";
const LEARNER = lesson.LEARNER;
const TARGET = "th-tut-target";
const html = document.documentElement;

let script = null;    // site/data/tutorial.json, fetched once
let loading = null;   // its request while under way
let current = null;   // the instance of the UI now on screen (the UI is rebuilt on a new language)

function loadScript() {
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

// One observer and one tap guard for the page's life; they ask the instance now on screen.
new MutationObserver(() => current && current.refresh()).observe(html, { attributes: true, attributeFilter: ["data-screen", "data-busy"] });
document.addEventListener("click", (e) => current && current.guard(e), true);
// A ward or Castle Garden cube of the map is chosen with Enter or Space too (render/map.js), with
// no click: those keys pass the same guard. (Buttons turn them into a click.)
document.addEventListener("keydown", (e) => {
  if ((e.key === "Enter" || e.key === " ") && e.target instanceof Element && e.target.closest("#th-game .tm-map [data-ward], #th-game .tm-map [data-castle]")) {
    current && current.guard(e);
  }
}, true);

export function createTutorial({ call, start, load, leave, learnerName, startHost }) {
  let record = readRecord();
  let active = false;     // the game on screen is the lesson's
  let snap = null;
  let recent = [];        // events since the learner's last action
  let tap = 0;            // taps made of the current action
  let offPath = Boolean(record && record.off); // the game left the lesson's path (kept over a reload)
  let refused = false;    // the learner's last action was not the lesson's (vet): Cancel first
  let ended = false;      // "Play on from here": the lesson is over, the game goes on
  let waiting = 0;        // answers seen before the script came, not judged yet
  let queue = Promise.resolve();

  const text = h("p", { class: "th-tut-text", id: "th-tut-text" });
  const happened = h("div", { class: "th-tut-happened" });
  const counter = h("p", { class: "th-tut-counter" });
  const buttons = h("div", { class: "th-tut-buttons" });
  const card = h("section", { class: "th-tutorial", id: "th-tutorial", "aria-labelledby": "th-tut-title", hidden: true }, [
    h("div", { class: "th-tut-head" }, [h("h2", { id: "th-tut-title", text: t("tut.card.title") }), counter]),
    h("div", { "aria-live": "polite" }, [happened, text]),
    buttons,
  ]);
  const startCard = h("section", { class: "th-start-card th-learn", id: "th-learn", "aria-labelledby": "th-learn-title" });

  loadScript().then(() => { drawStartCard(); refresh(); }).catch(() => { startCard.hidden = true; });
  if (startHost) startHost.insertBefore(startCard, startHost.querySelector(".th-start-form") || null);

  // --- the start screen -------------------------------------------------------------------
  let drawn = null; // what the start card shows now: redrawn only when it changes (keeps focus)
  function drawStartCard() {
    if (!script) return;
    record = readRecord();
    const total = script.steps.length;
    const shows = record && record.code ? `resume:${record.step}` : "start";
    if (shows === drawn) return;
    drawn = shows;
    const parts = [h("h2", { id: "th-learn-title", text: t("tut.start.title") }), h("p", { text: t("tut.start.text") })];
    const row = h("div", { class: "th-actions" });
    if (record && record.code) {
      row.append(
        h("button", { type: "button", class: "th-button th-primary", id: "th-learn-resume", onclick: resume }, t("tut.start.resume", { step: record.step + 1, total })),
        h("button", { type: "button", class: "th-button th-secondary", id: "th-learn-again", onclick: begin }, t("tut.start.again")));
    } else {
      row.append(h("button", { type: "button", class: "th-button th-primary", id: "th-learn-start", onclick: begin }, t("tut.start.button")));
    }
    startCard.replaceChildren(...parts, row);
  }

  async function begin() {
    await loadScript();
    record = { step: 0, code: null };
    writeRecord(record);
    ended = false;
    offPath = false;
    refused = false;
    await start(lesson.lessonSeats(script, learnerName()), String(script.seed));
  }

  async function resume() {
    await loadScript();
    record = readRecord();
    if (!record || !record.code) { begin(); return; }
    ended = false;
    offPath = Boolean(record.off);
    refused = false;
    await load(record.code, () => begin()); // an unreadable code: the lesson starts again
  }

  // --- the game's answers -------------------------------------------------------------------
  function isLesson(answer) {
    return Boolean(record) && !ended && lesson.isLessonGame(script, answer);
  }

  function step() {
    return lesson.stepAt(script, record.step);
  }

  /** An answer the page draws. Returns a promise when it waits for the script (then the page
   * is busy until it is judged), else null. */
  function seen(answer, events = []) {
    if (script && !waiting) { judge(answer, events); return null; }
    waiting += 1;
    const judged = () => { waiting -= 1; judge(answer, events); refresh(); };
    queue = queue.then(() => loadScript().then(judged, judged)); // no script at all: not the lesson
    return signal.during(queue);
  }

  function judge(answer, events) {
    snap = answer;
    active = isLesson(answer);
    if (!active) { card.hidden = true; clearTarget(); return; }
    const judged = lesson.judgeStep(step(), events, offPath);
    if (judged) {
      // vet() lets only the lesson's action through; a move of another kind got past it.
      if (judged.offPath) { offPath = true; record.off = true; }
      else { record.step += 1; tap = 0; refused = false; }
      recent = [];
    }
    recent = recent.concat(events);
    record.code = answer.code;
    writeRecord(record);
  }

  /** Before the learner's action is sent (session.vet): null to let it through, or the
   * refusal the page shows instead ({code, message}); nothing is asked of the worker. */
  function vet({ seat, action } = {}) {
    if (!active || lesson.allowed(step(), { seat, action }, offPath)) return null;
    refused = true;
    tap = 0;
    setTimeout(refresh, 0); // after the page's own handler has shown the refusal
    return { code: "lesson_move", params: {}, message: t("tut.not_this_move") };
  }

  // --- what to tap now ------------------------------------------------------------------------
  function clearTarget() {
    for (const el of document.querySelectorAll(`.${TARGET}`)) el.classList.remove(TARGET);
  }

  const expectMet = (s) => lesson.expectMet(s, recent);

  function host() {
    return document.querySelector("#th-cover[open], #th-offices[open], #th-reveal[open]") || document.getElementById("th-panel")?.parentElement;
  }

  function button(id, label, onclick, primary = true) {
    return h("button", { type: "button", class: `th-button ${primary ? "th-primary" : "th-secondary"}`, id, onclick }, label);
  }

  // On a phone each ward has a key under the map (render/map.js) that does what a tap on the
  // ward does: it is marked with its ward.
  function keyOf(target) {
    const ward = target && target.closest && target.closest("[data-ward]");
    return ward ? document.querySelector(`[data-ward-key="${ward.dataset.ward}"]`) : null;
  }

  function say(sentence, target, extra = []) {
    text.textContent = sentence;
    const names = snap.view.players.map((p) => p.name);
    // A lesson about a computer's move shows that move, as the log words it.
    const watched = lesson.watched(step(), recent);
    const lines = watched.length ? watched.map((e) => eventText(e, names)) : whatHappened(recent, LEARNER, names);
    happened.replaceChildren(...lines.map((line) => h("p", { text: line })));
    counter.textContent = t("tut.card.step", { step: Math.min(record.step + 1, script.steps.length), total: script.steps.length });
    buttons.replaceChildren(...extra, button("th-tut-leave", t("tut.leave"), () => leave(), false));
    card.dataset.step = String(record.step);
    clearTarget();
    if (target) {
      target.classList.add(TARGET);
      const key = keyOf(target);
      if (key) key.classList.add(TARGET);
      const shown = key && key.getClientRects().length ? key : target; // the keys show on phones only
      if (shown.scrollIntoView) shown.scrollIntoView({ block: "nearest", inline: "nearest" });
      if (shown === key) alongside(target, key);
    }
  }

  // On a phone the map, its keys and the table are one column, the card at the top of the table
  // under the keys: the key scrolled to may leave its ward above the screen, and a learner who
  // scrolls up to it loses the card. The page shows the ward too when the ward, its key and the
  // card's sentence fit on the screen together (the card's step, between them or stuck at the
  // top of the table, then shows too); else it stays on the key and the card (issue 55).
  function alongside(ward, key) {
    const margin = 8;
    const height = document.documentElement.clientHeight;
    const w = ward.getBoundingClientRect(), k = key.getBoundingClientRect(), s = text.getBoundingClientRect();
    const top = Math.min(w.top, k.top), bottom = Math.max(k.bottom, s.bottom);
    if (top >= 0 && bottom <= height) return;
    if (bottom - top + 2 * margin > height) return; // they do not fit together
    window.scrollBy(0, top < 0 ? top - margin : bottom - height + margin);
  }

  function refresh() {
    if (!script) return;
    if (html.dataset.screen === "start") { drawStartCard(); card.hidden = true; clearTarget(); return; }
    if (!active || !snap) { card.hidden = true; return; }
    const place = host();
    if (place && card.parentElement !== place) place.prepend(card);
    card.hidden = false;
    if ("busy" in html.dataset) { clearTarget(); return; }
    const screen = html.dataset.screen;
    const now = step();
    if (offPath) {
      say(t("tut.off_path"), null, endButtons());
      return;
    }
    if (screen === "computer") { say(t("tut.wait"), null); return; }
    if (!now.do && !(screen === "reveal" && !expectMet(now))) {
      const params = { name: snap.view.players[LEARNER].name };
      if (now.last) { say(t(now.say, params), null, endButtons()); card.dataset.end = "1"; return; }
      const next = button("th-tut-next", t("tut.next"), () => { record.step += 1; writeRecord(record); refresh(); });
      say(t(now.say, params), next, [next]);
      return;
    }
    if (screen === "reveal") { say(t("tut.reveal"), document.getElementById("th-reveal-continue")); return; }
    const cancel = refused && document.querySelector('#th-panel [data-action="cancel"]');
    if (cancel) { say(t("tut.not_this_move"), cancel); return; } // the move being made goes first
    if (refused) refused = false;
    const taps = tapsOf(now.do);
    say(t(now.say, paramsOf(now.do, snap.view)), document.querySelector(taps[Math.min(tap, taps.length - 1)]));
  }

  function endButtons() {
    return [
      button("th-tut-play-on", t("tut.play_on"), () => finish(false)),
      button("th-tut-real", t("tut.real_game"), () => finish(true), false),
    ];
  }

  function finish(realGame) {
    ended = true;
    active = false;
    writeRecord(null);
    record = null;
    card.hidden = true;
    clearTarget();
    if (realGame) leave();
  }

  // Taps on the game other than the one marked are refused with a nudge (the lesson's move is
  // the script's); the card, the top bar (language, rules, leave) and dialogs of the page's own
  // (rules, confirm) stay free.
  const GAME = "#th-game .tm-map, #th-game .tm-ward-keys, #th-panel, #th-cover, #th-offices, #th-popover, #th-reveal";
  function guard(e) {
    if (!active || card.hidden || !(e.target instanceof Element)) return;
    if (e.target.closest("#th-tutorial")) return;
    const hit = e.target.closest(`.${TARGET}`);
    if (hit) {
      if (refused) refused = false; // Cancel: the lesson's move is made again from its first tap
      else if (step().do && html.dataset.screen !== "reveal") tap += 1;
      clearTarget();
      setTimeout(refresh, 0); // after the page's own handler has redrawn
      return;
    }
    if (!e.target.closest(GAME)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    text.textContent = t("tut.nudge");
  }

  const instance = { seen, refresh, guard, vet, active: () => active || waiting > 0 };
  current = instance;
  return instance;
}
