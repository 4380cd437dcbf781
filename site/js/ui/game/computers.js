// Computer seats on the page. Python chooses their moves (the bridge's `bot_act`,
// in the worker, from the seat's own view); this module only knows who is a computer, the
// pace at which their steps are shown, and how "thinking" looks:
//
//   <html data-thinking="SEAT">  while a computer's step is under way (the pause before it and
//                                the worker's answer), removed once the step is drawn; tests
//                                and bug reports read it
//   a "thinking…" badge on the seat's player card, the prompt line and a line in the panel
//   a "Faster" toggle in the top bar (remembered in this browser)
//
// Test-only URL parameters: ?pace=MS (the pause per computer step; 0 removes it) and
// ?botgate=1 (each computer step is held after the worker answered, until the test calls
// window.thReleaseBot(); <html data-bot-held> marks the hold) — an ordering check without timing.

import { t } from "../../strings.js";
import { h } from "../dom.js";
import { isComputer } from "../../logic/waiting.js";

const PACE_MS = 500;
const FASTER_MS = 120;
const FASTER_KEY = "tammany.faster";

/** How many seats of a snapshot are people. */
export function humanCount(snap) {
  return (snap.seats || []).filter((s) => !isComputer(s)).length;
}

function readFaster() {
  try { return window.localStorage.getItem(FASTER_KEY) === "1"; } catch { return false; }
}

function writeFaster(on) {
  try { window.localStorage.setItem(FASTER_KEY, on ? "1" : "0"); } catch { /* in memory only */ }
}

/** {pace: ms | null, gate: bool} from the page's address. */
function computerOptions(search = window.location.search) {
  const q = new URLSearchParams(search);
  const raw = q.get("pace");
  const pace = raw !== null && /^\d{1,5}$/.test(raw) ? Math.min(10000, Number(raw)) : null;
  return { pace, gate: q.get("botgate") === "1" };
}

/**
 * createComputers({table, panel, bar, options}) → {
 *   decorate(snap)            mark computer seats on the player cards (after each render)
 *   startThinking(snap, seat) badge, prompt, panel line, data-thinking
 *   stopThinking()
 *   thinking                  the seat thinking now, or null
 *   wait()                    the pause before a computer step
 *   revealPause()             how long a reveal stays up at a table of computers only
 *   hold()                    resolves when a held step may go on (?botgate=1), else at once
 *   setTable(snap)            show the Faster toggle only when a computer plays
 * }
 */
export function createComputers({ table, panel, bar, options = computerOptions() }) {
  let faster = readFaster();
  let thinking = null;
  let thinkingName = "";
  const root = document.documentElement;

  const toggle = h("button", {
    type: "button", class: "th-button th-secondary th-small th-faster", id: "th-faster",
    "aria-pressed": faster ? "true" : "false", hidden: true,
    onclick: () => {
      faster = !faster;
      writeFaster(faster);
      toggle.setAttribute("aria-pressed", faster ? "true" : "false");
    },
  }, t("bots.faster"));
  if (bar) bar.prepend(toggle);

  function pace() {
    if (options.pace !== null) return options.pace;
    return faster ? FASTER_MS : PACE_MS;
  }

  // The level goes in the card's stats row; while thinking, a badge stands in for "Now".
  function decorate(snap) {
    (snap.seats || []).forEach((s, seat) => {
      const card = table.element.querySelector(`.tm-player[data-seat="${seat}"]`);
      if (!card) return;
      card.classList.toggle("is-computer", isComputer(s));
      card.querySelector(".th-level-badge")?.remove();
      card.querySelector(".th-thinking-badge")?.remove();
      const now = card.querySelector(".tm-badge-now");
      if (now) now.hidden = thinking === seat;
      if (isComputer(s)) {
        card.querySelector(".tm-player-body")?.append(
          h("span", { class: "th-level-badge", text: t(`bots.badge.${s.level}`), title: t(`bots.level.${s.level}`) }));
        if (thinking === seat) {
          card.querySelector(".tm-player-badges")?.prepend(h("span", { class: "tm-badge th-thinking-badge", text: t("bots.thinking.badge") }));
        }
      }
      card.classList.toggle("is-thinking", thinking === seat);
    });
  }

  let holdRelease = null;
  if (options.gate) {
    window.thReleaseBot = () => {
      const release = holdRelease;
      holdRelease = null;
      if (release) release();
      return Boolean(release);
    };
  }

  return {
    decorate,
    startThinking(snap, seat) {
      thinking = seat;
      const s = snap.seats[seat];
      thinkingName = s.name;
      root.dataset.thinking = String(seat);
      const text = t("bots.thinking", { name: s.name, level: t(`bots.level.${s.level}`) });
      table.setPrompt(text);
      panel.replaceChildren(h("p", { class: "th-hint th-thinking-line", id: "th-hint" }, [
        h("span", { class: "th-thinking-dots", "aria-hidden": "true" }),
        h("span", { text: t("bots.thinking.panel", { name: s.name }) }),
      ]));
      decorate(snap);
    },
    stopThinking() {
      thinking = null;
      delete root.dataset.thinking;
      table.element.querySelectorAll(".th-thinking-badge").forEach((b) => b.remove());
      table.element.querySelectorAll(".tm-badge-now[hidden]").forEach((b) => { b.hidden = false; });
      table.element.querySelectorAll(".tm-player.is-thinking").forEach((c) => c.classList.remove("is-thinking"));
    },
    get thinking() { return thinking; },
    get thinkingName() { return thinkingName; },
    wait() {
      const ms = pace();
      return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
    },
    revealPause() {
      return pace() * 6;
    },
    hold() {
      if (!options.gate) return Promise.resolve();
      root.dataset.botHeld = "1";
      return new Promise((resolve) => {
        holdRelease = () => { delete root.dataset.botHeld; resolve(); };
      });
    },
    /** Drop a held step (the game on screen changed). */
    dropHold() {
      holdRelease = null;
      delete root.dataset.botHeld;
    },
    setTable(snap) {
      toggle.hidden = !(snap && (snap.seats || []).some(isComputer));
    },
  };
}
