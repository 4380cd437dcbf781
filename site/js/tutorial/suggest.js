// "Suggest a move" (docs/ui.md): the move the Hard computer would make for the person to act,
// marked where it is made (`.th-sug-target`), with one sentence why. Python chooses it from that
// seat's own view only (bridge `suggest`, py/tammany/suggest.py: no hidden bid, no bag order,
// R34) and sends the reason as a code and parameters; the page words it here.
//
// A setting per game (the "Suggestions" switch at the foot of the table, kept in localStorage by the game's seed
// and seats): on by default when one person plays against computers, off in games between
// people. Offered on four screens of a person: the turn and the ward bonus (above the panel),
// the sealed bid (inside the bid screen, behind the privacy cover) and the mayor's offices
// (inside the dialog). Never during the lesson (it has its own marks).
//
// Secrets (R34): a bid suggestion is asked for and shown only on the bidder's own bid screen
// (never on the cover that hands the device on); the box lives inside that screen, so sealing
// the bid takes it out of the DOM with the bid screen, and any change of screen, seat or
// position empties it (text and marks) before anything else is shown.
//
//   const suggestions = createSuggestions({ call, bar, turn, inLesson })
//     bar: where the switch goes; turn(answer): session.turn (who acts on this device)
//   suggestions.seen(answer)          every answer the page draws

import { t, message } from "../strings.js";
import { h } from "../ui/dom.js";
import { moveText, whyText } from "../i18n/action-text.js";
import { MARK, markAction } from "../ui/widgets/marks.js";

const KEY = "tammany.suggest";

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

const html = document.documentElement;
const SCREENS = new Set(["turn", "bonus", "bid", "offices"]);

export function createSuggestions({ call, bar, turn, inLesson = () => false }) {
  let snap = null;
  let shown = null; // {key, action}: the suggestion on screen and where it belongs
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

  /** The person this device plays who acts on the screen up now, or null. The seat is the one
   * the phase's screen is drawn for (session.turn: the bid screen's bidder, the mayor). */
  function personToAct() {
    if (!snap || !snap.prompt || snap.game_id) return null;
    const screen = html.dataset.screen;
    if (!SCREENS.has(screen) || screen !== snap.view.phase) return null;
    const now = turn(snap);
    if (now.computer !== null || !now.people.length) return null;
    const seat = now.people[0];
    return snap.seats[seat].level === "human" ? seat : null;
  }

  /** Where the box goes on this screen: inside the bid screen or the offices dialog, else
   * above the action panel. */
  function place(screen) {
    if (screen === "bid") {
      const steppers = document.querySelector("#th-cover[open] .th-steppers");
      return steppers ? [steppers.parentElement, steppers] : null;
    }
    if (screen === "offices") {
      const rows = document.querySelector("#th-offices[open] .th-office-rows");
      return rows ? [rows.parentElement, rows] : null;
    }
    const panel = document.getElementById("th-panel");
    return panel && panel.parentElement ? [panel.parentElement, panel] : null;
  }

  function unmark() {
    for (const el of document.querySelectorAll(`.${MARK}`)) el.classList.remove(MARK);
  }

  function mark() {
    if (!shown) return;
    markAction(shown.action);
  }

  function forget() {
    shown = null;
    move.textContent = "";
    why.textContent = "";
    unmark();
  }

  function where(seat) {
    return `${snap?.hash}|${html.dataset.screen}|${seat}`;
  }

  function draw() {
    const on = enabled();
    toggle.setAttribute("aria-pressed", on ? "true" : "false");
    toggle.hidden = !snap || Boolean(snap.game_id) || inLesson();
    const seat = personToAct();
    const spot = seat === null ? null : place(html.dataset.screen);
    box.hidden = !on || seat === null || !spot || inLesson();
    if (box.hidden) box.remove(); // never left behind a cover or in a closed dialog
    else if (box.parentElement !== spot[0] || box.nextElementSibling !== spot[1]) spot[0].insertBefore(box, spot[1]);
    if (shown && (box.hidden || shown.key !== where(seat))) forget();
  }

  function flip() {
    if (!snap) return;
    writeSetting(gameKey(snap), !enabled());
    draw();
  }

  async function suggest() {
    const seat = personToAct();
    if (seat === null) return;
    const key = where(seat);
    const asked = snap;
    const answer = await call("suggest", { seat });
    if (!answer || snap !== asked || where(personToAct()) !== key || box.hidden) return;
    if (!answer.ok) { move.textContent = message(answer.error); return; }
    shown = { key, action: answer.action };
    move.textContent = moveText(answer.action, asked.view);
    why.textContent = whyText(answer.why);
    unmark();
    mark();
  }

  // The screen changes without an answer too (the cover lifted for the bidder, a dialog
  // opened): follow the settled-screen signal. A tap in the offices dialog redraws its
  // choices, so the marks are put back after the dialog's own handler has run.
  const observer = new MutationObserver(() => draw());
  observer.observe(html, { attributes: true, attributeFilter: ["data-screen"] });
  const remark = () => { if (shown && !box.hidden) mark(); };
  document.addEventListener("click", remark);

  return {
    seen(answer) { snap = answer; draw(); },
    destroy() { observer.disconnect(); document.removeEventListener("click", remark); forget(); box.remove(); },
  };
}
