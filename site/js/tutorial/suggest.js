// "Suggest a move" (docs/ui.md): the move the Hard computer would make for the person to act,
// marked on the board (`.th-sug-target`), with one sentence why. Python chooses it from that
// seat's own view only (bridge `suggest`, py/tammany/suggest.py: no hidden bid, no bag order,
// R34) and sends the reason as a code and parameters; the page words it here.
//
// A setting per game (the "Suggestions" switch at the foot of the table, kept in localStorage by the game's seed
// and seats): on by default when one person plays against computers, off in games between
// people. Shown on the turn and bonus screens, never during the lesson (it has its own marks).
//
//   const suggestions = createSuggestions({ call, bar, inLesson })   bar: where the switch goes
//   suggestions.seen(answer)          every answer the page draws

import { t, message, language } from "../strings.js";
import { h } from "../ui/dom.js";
import { tapsOf, paramsOf } from "./plan.js";

const KEY = "tammany.suggest";
const MARK = "th-sug-target";

function gameKey(answer) {
  return `${answer.seed}:${answer.seats.map((s) => `${s.name}/${s.level}`).join(",")}`;
}

function readSettings() {
  try { return JSON.parse(window.localStorage.getItem(KEY)) || {}; } catch { return {}; }
}

function writeSetting(key, on) {
  const all = readSettings();
  all[key] = on;
  const keys = Object.keys(all);
  if (keys.length > 50) delete all[keys[0]]; // the oldest games' settings go
  try { window.localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* this visit only */ }
}

/** The sentence for a suggested action: the tutorial's own wording of the taps. */
function moveText(action, view) {
  if (action.t === "offices") {
    const parts = Object.entries(action.o).map(([seat, office]) => t("sug.office", { name: view.players[Number(seat)].name, office: t(`office.${office}`) }));
    return t("sug.do.offices", { list: parts.join(", ") });
  }
  let key = `tut.do.${action.t}`;
  if (action.t === "bosses" && action.a === action.b) key += "_same";
  if (action.t === "bid" && !action.n.some(Boolean)) key += "_none";
  return t(key, paramsOf(action, view));
}

function whyText(why) {
  const params = { ...why.params };
  if (params.nat) params.nat = t(`nat.${params.nat}`);
  if (typeof params.points === "number") params.points = new Intl.NumberFormat(language()).format(params.points);
  if (why.code === "bid") params.count = params.chips; // "1 chip gives" / "3 chips give"
  return t(`sug.why.${why.code}`, params);
}

export function createSuggestions({ call, bar, inLesson = () => false }) {
  let snap = null;
  let shown = null; // {hash, action}
  const toggle = h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-suggest-toggle", "aria-pressed": "false", onclick: () => flip() }, t("sug.setting"));
  const ask = h("button", { type: "button", class: "th-button th-secondary", id: "th-suggest", onclick: () => suggest() }, t("sug.button"));
  const move = h("p", { class: "th-sug-move", id: "th-sug-move" });
  const why = h("p", { class: "th-sug-why", id: "th-sug-why" });
  const box = h("section", { class: "th-suggest", id: "th-suggest-box", "aria-label": t("sug.button"), hidden: true }, [ask, h("div", { "aria-live": "polite" }, [move, why])]);
  bar.append(toggle);

  function enabled() {
    if (!snap || !snap.seats) return false;
    const setting = readSettings()[gameKey(snap)];
    if (setting !== undefined) return setting;
    return snap.seats.filter((s) => s.level === "human").length <= 1;
  }

  function personToAct() {
    if (!snap || !snap.prompt || snap.game_id) return null;
    const phase = snap.view.phase;
    if (phase !== "turn" && phase !== "bonus") return null;
    const seat = (snap.prompt.seats || []).find((s) => snap.seats[s].level === "human");
    return seat === undefined ? null : seat;
  }

  function unmark() {
    for (const el of document.querySelectorAll(`.${MARK}`)) el.classList.remove(MARK);
  }

  function draw() {
    const on = enabled();
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
    toggle.hidden = !snap || Boolean(snap.game_id) || inLesson();
    const seat = personToAct();
    box.hidden = !on || seat === null || inLesson();
    if (!box.hidden) {
      const place = document.getElementById("th-panel")?.parentElement;
      if (place && box.parentElement !== place) place.insertBefore(box, document.getElementById("th-panel"));
    }
    if (!shown || shown.hash !== snap?.hash || box.hidden) {
      shown = null;
      move.textContent = "";
      why.textContent = "";
      unmark();
    }
  }

  function flip() {
    if (!snap) return;
    writeSetting(gameKey(snap), !enabled());
    draw();
  }

  async function suggest() {
    const seat = personToAct();
    if (seat === null) return;
    const asked = snap;
    const answer = await call("suggest", { seat });
    if (!answer || snap !== asked) return;
    if (!answer.ok) { move.textContent = message(answer.error); return; }
    shown = { hash: asked.hash, action: answer.action };
    move.textContent = moveText(answer.action, asked.view);
    why.textContent = whyText(answer.why);
    unmark();
    for (const selector of tapsOf(answer.action)) document.querySelector(selector)?.classList.add(MARK);
  }

  return {
    seen(answer) { snap = answer; draw(); },
  };
}
