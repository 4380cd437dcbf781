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
// to the lesson's step. That state, and the answers judged, are lesson-progress.js's; what a
// step asks, and what the card shows on each screen, are logic/lesson.js's (pure); this module
// draws the cards and the mark and guards the taps.
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
import { createProgress, loadScript } from "./lesson-progress.js";

const LEARNER = lesson.LEARNER;
const TARGET = "th-tut-target";
const CANCEL = '#th-panel [data-action="cancel"]';
const html = document.documentElement;

let current = null;   // the instance of the UI now on screen (the UI is rebuilt on a new language)

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

// --- the start screen's card ------------------------------------------------------------------
// "Learn to play" with Start, or Continue (step N of M) and Start again when a lesson is kept.
function createStartCard(startHost, { begin, resume }) {
  const element = h("section", { class: "th-start-card th-learn", id: "th-learn", "aria-labelledby": "th-learn-title" });
  if (startHost) startHost.insertBefore(element, startHost.querySelector(".th-start-form") || null);
  let drawn = null; // what the card shows now: redrawn only when it changes (keeps focus)
  function draw(record, total) {
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
    element.replaceChildren(...parts, row);
  }
  return { element, draw };
}

// --- the lesson's card and its one mark -------------------------------------------------------
function createCard() {
  const text = h("p", { class: "th-tut-text", id: "th-tut-text" });
  const happened = h("div", { class: "th-tut-happened" });
  const counter = h("p", { class: "th-tut-counter" });
  const buttons = h("div", { class: "th-tut-buttons" });
  const element = h("section", { class: "th-tutorial", id: "th-tutorial", "aria-labelledby": "th-tut-title", hidden: true }, [
    h("div", { class: "th-tut-head" }, [h("h2", { id: "th-tut-title", text: t("tut.card.title") }), counter]),
    h("div", { "aria-live": "polite" }, [happened, text]),
    buttons,
  ]);
  /** The card's sentence, "What happened" (`lines`), "Step N of M", its buttons, its step. */
  function show({ sentence, lines, count, controls, step }) {
    text.textContent = sentence;
    happened.replaceChildren(...lines.map((line) => h("p", { text: line })));
    counter.textContent = count;
    buttons.replaceChildren(...controls);
    element.dataset.step = String(step);
  }
  return { element, text, show };
}

function clearTarget() {
  for (const el of document.querySelectorAll(`.${TARGET}`)) el.classList.remove(TARGET);
}

// Where the card goes: in the bid screen, the offices dialog or the results while one is open,
// else above the panel.
function host() {
  return document.querySelector("#th-cover[open], #th-offices[open], #th-reveal[open]") || document.getElementById("th-panel")?.parentElement;
}

function button(id, label, onclick, primary = true) {
  return h("button", { type: "button", class: `th-button ${primary ? "th-primary" : "th-secondary"}`, id, onclick }, label);
}

// "What happened": a lesson about a computer's move shows that move, as the log words it; else
// the results since the learner's last move, in the game's terms.
function happenedLines(step, recent, players) {
  const names = players.map((p) => p.name);
  const watched = lesson.watched(step, recent);
  return watched.length ? watched.map((e) => eventText(e, names)) : whatHappened(recent, LEARNER, names);
}

// On a phone each ward has a key under the map (render/map.js) that does what a tap on the
// ward does: it is marked with its ward.
function keyOf(target) {
  const ward = target && target.closest && target.closest("[data-ward]");
  return ward ? document.querySelector(`[data-ward-key="${ward.dataset.ward}"]`) : null;
}

// The one element to tap, marked (and its ward key) and scrolled into view; `sentence` is the
// card's, kept on screen beside it on a phone.
function markTarget(target, sentence) {
  clearTarget();
  if (!target) return;
  target.classList.add(TARGET);
  const key = keyOf(target);
  if (key) key.classList.add(TARGET);
  const shown = key && key.getClientRects().length ? key : target; // the keys show on phones only
  if (shown.scrollIntoView) shown.scrollIntoView({ block: "nearest", inline: "nearest" });
  if (shown === key) alongside(target, key, sentence);
}

// On a phone the map, its keys and the table are one column, the card at the top of the table
// under the keys: the key scrolled to may leave its ward above the screen, and a learner who
// scrolls up to it loses the card. The page shows the ward too when the ward, its key and the
// card's sentence fit on the screen together (the card's step, between them or stuck at the
// top of the table, then shows too); else it stays on the key and the card (issue 55).
function alongside(ward, key, sentence) {
  const margin = 8;
  const height = document.documentElement.clientHeight;
  const w = ward.getBoundingClientRect(), k = key.getBoundingClientRect(), s = sentence.getBoundingClientRect();
  const top = Math.min(w.top, k.top), bottom = Math.max(k.bottom, s.bottom);
  if (top >= 0 && bottom <= height) return;
  if (bottom - top + 2 * margin > height) return; // they do not fit together
  window.scrollBy(0, top < 0 ? top - margin : bottom - height + margin);
}

// Taps on the game other than the one marked are refused with a nudge (the lesson's move is
// the script's); the card, the top bar (language, rules, leave) and dialogs of the page's own
// (rules, confirm) stay free.
const GAME = "#th-game .tm-map, #th-game .tm-ward-keys, #th-panel, #th-cover, #th-offices, #th-popover, #th-reveal";

// --- the lesson -------------------------------------------------------------------------------
export function createTutorial({ call, start, load, leave, learnerName, startHost }) {
  const card = createCard();
  const progress = createProgress({ start, load, learnerName, hide, refresh });
  const { state } = progress;
  const startCard = createStartCard(startHost, { begin: progress.begin, resume: progress.resume });

  loadScript().then(() => { drawStartCard(); refresh(); }).catch(() => { startCard.element.hidden = true; });

  function drawStartCard() {
    if (progress.script()) startCard.draw(progress.reread(), progress.script().steps.length);
  }

  function hide() {
    card.element.hidden = true;
    clearTarget();
  }

  function say(sentence, target, extra = []) {
    const script = progress.script();
    card.show({
      sentence,
      lines: happenedLines(progress.step(), state.recent, state.snap.view.players),
      count: t("tut.card.step", { step: Math.min(state.record.step + 1, script.steps.length), total: script.steps.length }),
      controls: [...extra, button("th-tut-leave", t("tut.leave"), () => leave(), false)],
      step: state.record.step,
    });
    markTarget(target, card.text);
  }

  function refresh() {
    if (!progress.script()) return;
    if (html.dataset.screen === "start") { drawStartCard(); hide(); return; }
    if (!state.active || !state.snap) { card.element.hidden = true; return; }
    const place = host();
    if (place && card.element.parentElement !== place) place.prepend(card.element);
    card.element.hidden = false;
    if ("busy" in html.dataset) { clearTarget(); return; }
    show(lesson.cardNow(progress.step(), {
      screen: html.dataset.screen,
      offPath: state.offPath,
      refused: state.refused,
      cancelShown: state.refused && Boolean(document.querySelector(CANCEL)),
      recent: state.recent,
    }));
  }

  // What logic/lesson.js says the card shows now, worded, with its one element to tap.
  function show(now) {
    const step = progress.step();
    const view = state.snap.view;
    const params = now.about === "learner" ? { name: view.players[LEARNER].name } : now.about === "move" ? paramsOf(step.do, view) : undefined;
    const extra = now.ending ? endButtons() : [];
    let target = null;
    if (now.target === "next") {
      target = button("th-tut-next", t("tut.next"), () => { progress.next(); refresh(); });
      extra.push(target);
    } else if (now.target === "reveal") {
      target = document.getElementById("th-reveal-continue");
    } else if (now.target === "cancel") {
      target = document.querySelector(CANCEL);
    } else if (now.target === "tap") {
      progress.refusalDone();
      const taps = tapsOf(step.do);
      target = document.querySelector(taps[Math.min(state.tap, taps.length - 1)]);
    }
    say(t(now.key, params), target, extra);
    if (now.last) card.element.dataset.end = "1";
  }

  function endButtons() {
    return [
      button("th-tut-play-on", t("tut.play_on"), () => finish(false)),
      button("th-tut-real", t("tut.real_game"), () => finish(true), false),
    ];
  }

  function finish(realGame) {
    progress.finish();
    hide();
    if (realGame) leave();
  }

  function guard(e) {
    if (!state.active || card.element.hidden || !(e.target instanceof Element)) return;
    if (e.target.closest("#th-tutorial")) return;
    if (e.target.closest(`.${TARGET}`)) {
      progress.tapped(html.dataset.screen);
      clearTarget();
      setTimeout(refresh, 0); // after the page's own handler has redrawn
      return;
    }
    if (!e.target.closest(GAME)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    card.text.textContent = t("tut.nudge");
  }

  const instance = { seen: progress.seen, refresh, guard, vet: progress.vet, active: () => state.active || state.waiting > 0 };
  current = instance;
  return instance;
}
