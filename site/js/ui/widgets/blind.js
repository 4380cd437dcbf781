// Playing without seeing the board (in the spirit of lichess's blind mode). An option,
// remembered on the device, that
//   - reads out every move as it is drawn: each answer's log lines, worded by
//     i18n/engine-text.js like the log (so one wording for both), go into a live region;
//   - answers keys with the state of the game, spoken through the same region:
//       S  the scores          Y  the year and term        T  whose turn it is, and what to do
//       W  a ward: type its number, then Enter (its state as the map names it)
//       H  these keys
// Keys count only on the game screen, without a modifier, and never while typing in a field.
// The words are the page's own (strings.js / data/i18n); nothing here is worded twice: the
// ward's state is the map's name for it, whose turn is the prompt line.

import { t, listOf } from "../../strings.js";
import { promptText } from "../../i18n/engine-text.js";
import { h } from "../dom.js";

const STORAGE = "tammany.blind";
const KEEP = 40; // lines kept in the region (a round of computer moves fits)

export function blindModeOn() {
  try { return localStorage.getItem(STORAGE) === "1"; } catch { return false; }
}

function remember(on) {
  try { localStorage.setItem(STORAGE, on ? "1" : "0"); } catch { /* storage blocked: this visit only */ }
}

let current = null; // the game screen's speaker (the UI is rebuilt when the language changes)
const toggles = new Set();

/** The on/off switch (a toggle button), for the start screen's bar and the game's bar. */
export function createBlindToggle() {
  const button = h("button", {
    type: "button", class: "th-button th-secondary th-small th-blind-toggle",
    "aria-pressed": String(blindModeOn()), title: t("blind.toggle.title"),
    onclick: () => setBlindMode(!blindModeOn()),
  }, t("blind.toggle"));
  toggles.add(button);
  return button;
}

function setBlindMode(on) {
  remember(on);
  for (const b of toggles) {
    if (b.isConnected) b.setAttribute("aria-pressed", String(on));
    else toggles.delete(b);
  }
  document.documentElement.classList.toggle("th-blind", on);
  const region = current && current.region.isConnected ? current : null;
  if (region) region.say([t(on ? "blind.on" : "blind.off")], true);
  else if (on) startRegion().say([t("blind.on")], true);
}

// The region that speaks when no game screen is up (the start screen): one for the page.
let spare = null;
function startRegion() {
  if (!spare || !spare.region.isConnected) spare = createSpeaker(document.body);
  return spare;
}

/** A live region read out in blind mode, `say(lines)`: the game's (#th-speech), or a screen's
 *  own (the replay's review: its move's label and the better move). */
export function createSpeaker(host, id = "th-speech") {
  // role="log": polite, and each line added is read once; it is visually hidden but kept in the
  // page (screen readers, and tests, read its text).
  const region = h("div", { class: "th-speech th-visually-hidden", id, role: "log", "aria-live": "polite" });
  host.appendChild(region);
  return {
    region,
    /** Add lines to the region (only when blind mode is on, unless `always`). */
    say(lines, always = false) {
      if (!(always || blindModeOn()) || !lines.length) return;
      for (const line of lines) region.appendChild(h("p", { text: line }));
      while (region.childElementCount > KEEP) region.firstElementChild.remove();
    },
  };
}

/** The game screen's speaker: `moves(lines)` with each answer's worded log lines,
 *  `show(snap, prompt)` with each snapshot drawn (`prompt`: the prompt line's own words, if any); `wardName(n)` is the map's name for ward n. */
export function createBlindMode(host, { wardName }) {
  const old = document.getElementById("th-speech");
  if (old) old.remove(); // one region in the page: the one of the UI on screen
  const speaker = createSpeaker(host);
  current = speaker;
  document.documentElement.classList.toggle("th-blind", blindModeOn());
  let snap = null;
  let prompt = null; // the prompt line's words when the page words it itself (a device that waits)
  let askWard = null;

  const answers = {
    s: () => scores(),
    y: () => [t("blind.year", { year: snap.view.year, years: snap.view.last_year, term: snap.view.term })],
    t: () => [prompt || promptText(snap) || t("blind.no_turn")],
    h: () => [t("blind.help")],
  };

  function scores() {
    const players = snap.view.players || [];
    return [t("blind.scores", { list: listOf(players.map((p) => t("blind.score", { name: p.name, points: t("table.points", { count: p.points }) }))) })];
  }

  function ward(text) {
    const n = Number(text.trim());
    const name = Number.isInteger(n) ? wardName(n) : null;
    return [name || t("blind.ward.unknown", { n: text.trim() })];
  }

  // W: a field for the ward's number; Enter answers, Escape leaves it. It goes back where the
  // focus was.
  function openWardField(back) {
    if (askWard) { askWard.querySelector("input").focus(); return; }
    const input = h("input", { type: "text", inputmode: "numeric", class: "th-blind-ward-input", id: "th-blind-ward", autocomplete: "off", "aria-label": t("blind.ward.ask") });
    askWard = h("div", { class: "th-blind-ward" }, [h("label", { for: "th-blind-ward", text: t("blind.ward.ask") }), input]);
    const close = () => {
      askWard.remove();
      askWard = null;
      if (back && back.isConnected) back.focus({ preventScroll: true });
    };
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); speaker.say(ward(input.value)); close(); }
      else if (e.key === "Escape") { e.preventDefault(); close(); }
    });
    host.appendChild(askWard);
    input.focus();
  }

  function onKey(e) {
    if (!blindModeOn() || !snap || !host.isConnected || host.closest("[hidden]")) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) return;
    if (document.querySelector("dialog[open]:modal")) return; // the privacy cover, a question, ...
    const key = e.key.toLowerCase();
    if (key === "w") { e.preventDefault(); openWardField(document.activeElement); return; }
    if (!answers[key]) return;
    e.preventDefault();
    speaker.say(answers[key]());
  }
  document.addEventListener("keydown", onKey);

  return {
    moves(lines) { speaker.say(lines.map((line) => (typeof line === "string" ? line : line.text))); },
    show(s, words = null) { snap = s; prompt = words; },
    destroy() { document.removeEventListener("keydown", onKey); speaker.region.remove(); },
  };
}
