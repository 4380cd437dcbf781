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
// ("tammany.tutorial"): leaving and coming back resumes at the same step.

import { t } from "../strings.js";
import { h } from "../ui/dom.js";
import { tapsOf, paramsOf, DONE_EVENT } from "./plan.js";
import { whatHappened } from "./explain.js";
import { eventText } from "../i18n/engine-text.js";

const KEY = "tammany.tutorial";
const FORMAT = "tammany-tutorial/1";
const LEARNER = 0;
const TARGET = "th-tut-target";
const html = document.documentElement;

let script = null;    // site/data/tutorial.json, fetched once
let current = null;   // the instance of the UI now on screen (the UI is rebuilt on a new language)

async function loadScript() {
  if (!script) {
    const response = await fetch(new URL("../../data/tutorial.json", import.meta.url));
    script = await response.json();
  }
  return script;
}

function readRecord() {
  try {
    const record = JSON.parse(window.localStorage.getItem(KEY));
    return record && record.format === FORMAT && Number.isInteger(record.step) && record.step >= 0 ? record : null;
  } catch { return null; }
}

function writeRecord(record) {
  try {
    if (record) window.localStorage.setItem(KEY, JSON.stringify({ format: FORMAT, ...record }));
    else window.localStorage.removeItem(KEY);
  } catch { /* private mode: the lesson is kept for this visit only */ }
}

function matches(event, want) {
  return Object.entries(want).every(([k, v]) => event[k] === v);
}

// One observer and one tap guard for the page's life; they ask the instance now on screen.
new MutationObserver(() => current && current.refresh()).observe(html, { attributes: true, attributeFilter: ["data-screen", "data-busy"] });
document.addEventListener("click", (e) => current && current.guard(e), true);

export function createTutorial({ call, start, load, leave, learnerName, startHost }) {
  let record = readRecord();
  let active = false;     // the game on screen is the lesson's
  let snap = null;
  let recent = [];        // events since the learner's last action
  let tap = 0;            // taps made of the current action
  let offPath = false;
  let ended = false;      // "Play on from here": the lesson is over, the game goes on

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
    const name = (learnerName() || "").trim() || script.seats[LEARNER].name;
    const seats = script.seats.map((s, i) => ({ name: i === LEARNER ? name : s.name, color: s.color, level: s.level }));
    await start(seats, String(script.seed));
  }

  async function resume() {
    await loadScript();
    record = readRecord();
    if (!record || !record.code) { begin(); return; }
    ended = false;
    await load(record.code, () => begin()); // an unreadable code: the lesson starts again
  }

  // --- the game's answers -------------------------------------------------------------------
  function isLesson(answer) {
    if (!script || !record || ended || !answer || !answer.seats || answer.game_id) return false;
    if (String(answer.seed) !== String(script.seed) || answer.seats.length !== script.seats.length) return false;
    return script.seats.every((s, i) => answer.seats[i].level === s.level && answer.seats[i].color === s.color
      && (i === LEARNER || answer.seats[i].name === s.name));
  }

  function step() {
    return script.steps[Math.min(record.step, script.steps.length - 1)];
  }

  function seen(answer, events = []) {
    snap = answer;
    active = isLesson(answer);
    if (!active) { card.hidden = true; clearTarget(); return; }
    const now = step();
    if (now.do && !offPath) {
      const mine = events.find((e) => e.seat === LEARNER && Object.values(DONE_EVENT).includes(e.e));
      if (mine) {
        if (mine.e !== DONE_EVENT[now.do.t]) offPath = true; // not the lesson's move (a keyboard user, say)
        else { record.step += 1; tap = 0; }
        recent = [];
      }
    }
    recent = recent.concat(events);
    record.code = answer.code;
    writeRecord(record);
  }

  // --- what to tap now ------------------------------------------------------------------------
  function clearTarget() {
    for (const el of document.querySelectorAll(`.${TARGET}`)) el.classList.remove(TARGET);
  }

  function expectMet(s) {
    return (s.expect || []).every((want) => recent.some((e) => matches(e, want)));
  }

  function host() {
    return document.querySelector("#th-cover[open], #th-offices[open], #th-reveal[open]") || document.getElementById("th-panel")?.parentElement;
  }

  function button(id, label, onclick, primary = true) {
    return h("button", { type: "button", class: `th-button ${primary ? "th-primary" : "th-secondary"}`, id, onclick }, label);
  }

  function say(sentence, target, extra = []) {
    text.textContent = sentence;
    const names = snap.view.players.map((p) => p.name);
    // A lesson about a computer's move shows that move, as the log words it.
    const watched = step().do ? [] : (step().expect || []).flatMap((want) => recent.filter((e) => matches(e, want)));
    const lines = watched.length ? watched.map((e) => eventText(e, names)) : whatHappened(recent, LEARNER, names);
    happened.replaceChildren(...lines.map((line) => h("p", { text: line })));
    counter.textContent = t("tut.card.step", { step: Math.min(record.step + 1, script.steps.length), total: script.steps.length });
    buttons.replaceChildren(...extra, button("th-tut-leave", t("tut.leave"), () => leave(), false));
    card.dataset.step = String(record.step);
    clearTarget();
    if (target) {
      target.classList.add(TARGET);
      if (target.scrollIntoView) target.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
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
  const GAME = "#th-game .tm-map, #th-panel, #th-cover, #th-offices, #th-popover, #th-reveal";
  function guard(e) {
    if (!active || card.hidden || !(e.target instanceof Element)) return;
    if (e.target.closest("#th-tutorial")) return;
    const hit = e.target.closest(`.${TARGET}`);
    if (hit) {
      if (step().do && html.dataset.screen !== "reveal") tap += 1;
      hit.classList.remove(TARGET);
      setTimeout(refresh, 0); // after the page's own handler has redrawn
      return;
    }
    if (!e.target.closest(GAME)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    text.textContent = t("tut.nudge");
  }

  const instance = { seen, refresh, guard, active: () => active };
  current = instance;
  return instance;
}
