// Composes an action tap by tap (R11: office, placing and slander in any order; R12 placing;
// R14–R17 offices; R20–R21 slander; R27 ward bonuses). It knows no rules: each snapshot carries
// Python's choice tree (`snapshot.choices`, docs/api.md; from the worker it follows the snapshot
// by a few milliseconds, `snapshot.treeReady`) — every legal way to finish each kind of action.
// A tap that only chooses walks one step down the tree and redraws at once, with no round trip
// to the worker; the tap that completes the action sends it with `act`, and Python checks it
// again. A tap on a value the tree does not offer asks Python why (`choices`, one
// round trip) and shows its reason next to where the player tapped. What each tap does is the
// composer's (logic/compose.js, pure and unit-tested in Node); this module draws and sends.

import { t, message } from "../strings.js";
import { cubeIcon, chipIcon, bossIcon, playerInitials } from "../render/pieces.js";
import { h, clear, usingKeyboard, noPointerFocus } from "./dom.js";
import { errorRule } from "../i18n/engine-text.js";
import * as compose from "../logic/compose.js";

/**
 * createTurnController({panel, map, call, onAnswer, feedback, popover})
 *   panel:     element the controller draws its buttons and hints into
 *   map:       the renderer's map (update(view, {highlight, selected, castleHighlight}), wardRect)
 *   call:      (method, params) → Promise of the bridge's answer ({ok, …})
 *   onAnswer:  (snapshot) after a successful act; onUndo: (snapshot) after an undo
 *   feedback:  {say(text, at), clear()} shows a message next to a tap
 *   popover:   {open(anchorRect, title, options, onPick, onCancel), close()}
 */
export function createTurnController({ panel, map, call, onAnswer, onUndo, feedback, popover }) {
  let snap = null;
  let seat = null;
  let mode = null; // {kind, partial, node}: node is the choice tree's node for `partial`
  let busy = false;
  let live = false; // a seat of this device acts (show); idle: the map offers no move
  noPointerFocus(panel);
  let initialsFor = null; // the snapshot the cached initials belong to
  let initialsCache = null;
  const initials = () => {
    if (initialsFor !== snap) { initialsFor = snap; initialsCache = playerInitials(snap.view.players); }
    return initialsCache;
  };

  // --- drawing ----------------------------------------------------------------------------
  function drawMap() {
    if (!snap) return;
    map.update(snap.view, compose.marks(snap, mode));
  }

  function hintText() {
    const said = compose.hint(snap, mode);
    if (!said) return "";
    return t(said.key, { ...said.params, nat: said.nat ? t(`nat.${said.nat}`) : "" });
  }

  function button(label, onclick, { primary = false, icon = null, disabled = false, name = null } = {}) {
    return h("button", {
      type: "button", class: `th-button ${primary ? "th-primary" : "th-secondary"}`,
      onclick, disabled, dataset: name ? { action: name } : undefined,
    }, [icon, h("span", { text: label })]);
  }

  function drawPanel() {
    clear(panel);
    if (!snap) return;
    const v = snap.view;
    if (v.phase === "bonus") {
      const winner = v.players[seat];
      panel.appendChild(h("p", { class: "th-panel-title" }, [
        bossIcon(winner.color, initials()[seat], "th-inline-hat"),
        h("span", { text: t("turn.bonus.title", { name: winner.name, ward: v.election.bonus }) }),
      ]));
    }
    panel.appendChild(h("p", { class: "th-hint", id: "th-hint", role: "status", text: hintText() }));
    if (!mode && v.phase === "turn") drawIdle();
    else if (mode) drawMode();
    drawMap();
  }

  const IDLE_LABELS = { bosses: "turn.place_bosses", boss_cube: "turn.place_boss_cube", slander: "turn.slander" };
  function drawIdle() {
    const row = h("div", { class: "th-actions" });
    for (const kind of compose.idleActions(snap)) {
      const icon = kind === "bosses" ? twoHats() : kind === "boss_cube" ? hatAndCube() : null;
      row.appendChild(button(t(IDLE_LABELS[kind] || `turn.office.${kind}`), () => begin(kind), { name: kind, icon }));
    }
    panel.appendChild(row);

    // Only the steps this player can still take (Python's `kinds` says which are possible now),
    // or has taken this turn; nothing is shown for a step this turn does not offer.
    const steps = h("ul", { class: "th-steps", "aria-label": t("turn.steps") });
    for (const { step, done } of compose.steps(snap)) {
      steps.appendChild(h("li", { class: `th-step is-${done ? "done" : "open"}`, text: t(`turn.step.${done ? "done" : "open"}`, { step: t(`turn.step.${step}`) }) }));
    }
    panel.appendChild(steps);

    // Undo shows once there is a step of this turn to take back; End turn once placing is done.
    const endRow = compose.endRow(snap);
    if (endRow.show) {
      const end = h("div", { class: "th-actions th-actions-end" });
      end.appendChild(button(t("turn.undo"), undo, { name: "undo", disabled: !endRow.undo }));
      if (endRow.end) end.appendChild(button(t("turn.end"), () => act({ t: "end" }), { primary: true, name: "end" }));
      panel.appendChild(end);
    }
  }

  function drawMode() {
    const v = snap.view;
    const tray = h("div", { class: "th-tray", role: "group", "aria-labelledby": "th-hint" });
    const { type, values } = compose.tray(mode);
    for (const value of values) {
      if (type === "rival") {
        const pl = v.players[value];
        tray.appendChild(button(t("turn.choose.rival", { name: pl.name }), (e) => tap("p", value, e), { icon: bossIcon(pl.color, initials()[value], "th-inline-hat"), name: `rival-${value}` }));
      } else if (type === "chip") {
        tray.appendChild(button(t("turn.choose.chip", { nat: t(`nat.${value}`) }), (e) => tap("c", value, e), { icon: chipIcon(value, "th-inline-piece"), name: `chip-${value}` }));
      } else {
        const count = (type === "castle_cube" ? v.castle_garden : v.bag)[value];
        tray.appendChild(button(t("turn.choose.cube", { nat: t(`nat.${value}`), count }), (e) => tap("c", value, e), { icon: cubeIcon(value, "th-inline-piece"), name: `cube-${value}` }));
      }
    }
    if (type === "slander_once") {
      tray.appendChild(button(t("turn.slander_once", { ward: mode.partial.w }), () => act(compose.actionOf(mode.partial)), { primary: true, name: "slander-once" }));
    }
    if (tray.childNodes.length) panel.appendChild(tray);
    const row = h("div", { class: "th-actions th-actions-end" });
    if (mode.kind.startsWith("bonus")) {
      row.appendChild(button(t("turn.bonus.skip"), () => act({ t: "bonus_skip" }), { name: "bonus-skip" }));
    } else {
      row.appendChild(button(t("turn.cancel"), cancel, { name: "cancel" }));
    }
    panel.appendChild(row);
    // A cube inside a ward is picked from a popover next to the ward.
    if (compose.picksCubeInWard(mode)) openCubePopover();
    else popover.close();
  }

  function openCubePopover() {
    const ward = mode.partial.w;
    const cubes = snap.view.wards[String(ward)].cubes;
    const opts = compose.options(mode, "c").map((nat) => ({
      value: nat, label: t("turn.choose.cube", { nat: t(`nat.${nat}`), count: cubes[nat] }),
      icon: cubeIcon(nat, "th-inline-piece"), name: `cube-${nat}`,
    }));
    popover.open(map.wardRect(ward), t("turn.popover.title", { ward }), opts,
      (nat, e) => tap("c", nat, e), () => back());
  }

  function twoHats() {
    const p = snap.view.players[seat];
    const i = initials()[seat];
    return h("span", { class: "th-icons", "aria-hidden": "true" }, [bossIcon(p.color, i, "th-inline-hat"), bossIcon(p.color, i, "th-inline-hat")]);
  }
  function hatAndCube() {
    const p = snap.view.players[seat];
    const i = initials()[seat];
    const nat = Object.keys(snap.view.castle_garden).find((n) => snap.view.castle_garden[n] > 0) || "irish";
    return h("span", { class: "th-icons", "aria-hidden": "true" }, [bossIcon(p.color, i, "th-inline-hat"), cubeIcon(nat, "th-inline-piece")]);
  }

  // --- the round trips --------------------------------------------------------------------
  // A tap on a value the tree does not offer: Python's reason for it, or a dead end (allowed so
  // far, but no legal action follows), said next to the tap. Nothing changes either way.
  async function refuse(partial, e) {
    if (busy) return;
    busy = true;
    let answer;
    try {
      answer = await call("choices", { seat, action: compose.actionOf(partial) });
    } finally {
      busy = false;
    }
    if (!answer) return;
    if (!answer.ok || answer.reason) {
      const error = answer.ok ? answer.reason : answer.error;
      feedback.say(message(error), e, errorRule(error));
    } else feedback.say(t("turn.dead_end"), e);
  }

  // A choosing tap is answered here, in the tap's own task: the next frame shows it.
  function drawChoice() {
    drawPanel();
    focusFirstChoice();
    performance.mark("tammany-choice"); // build.py bench times choosing taps from this
  }

  // The snapshot's choice tree follows it from the worker by a few milliseconds (js/client.js):
  // a tap that comes first is answered once it is in. True when the tap waits.
  function awaitTree(retry) {
    if (!snap || snap.choices || !snap.treeReady) return false;
    const waiting = snap;
    snap.treeReady.then(() => { if (snap === waiting) retry(); });
    return true;
  }

  function begin(kind, first = null, e = null) {
    if (busy || awaitTree(() => begin(kind, first, e))) return;
    feedback.clear();
    const started = compose.begin(snap, kind);
    if (!started) { feedback.say(t("turn.dead_end"), e); return; }
    const before = mode;
    mode = started;
    if (first) {
      const [field, value] = Object.entries(first)[0];
      if (!tap(field, value, e)) mode = before;
      return;
    }
    if (compose.isDeadEnd(mode)) { feedback.say(t("turn.dead_end"), e); mode = before; return; }
    drawChoice();
  }

  // Choose `value` for `field` (compose.choose): one step down the tree, or the action sent
  // once it is complete. Returns false when the tree refuses the value.
  function tap(field, value, e) {
    if (busy || !mode) return false;
    feedback.clear();
    const chosen = compose.choose(mode, field, value);
    if (chosen.outcome === "refuse") { refuse(chosen.partial, e); return false; }
    if (chosen.outcome === "not_now") { feedback.say(t("turn.not_now"), e); return false; }
    if (chosen.outcome === "act") { act(chosen.action, e); return true; }
    mode = chosen.mode;
    drawChoice();
    return true;
  }

  async function act(action, e = null) {
    if (busy) return;
    busy = true;
    let answer;
    try {
      answer = await call("act", { seat, action });
    } finally {
      busy = false;
    }
    if (!answer) return;
    if (!answer.ok) {
      feedback.say(message(answer.error), e, errorRule(answer.error));
      return;
    }
    popover.close();
    mode = null;
    onAnswer(answer);
  }

  async function undo() {
    if (busy) return;
    busy = true;
    let answer;
    try {
      answer = await call("undo", {});
    } finally {
      busy = false;
    }
    if (!answer) return;
    if (!answer.ok) { feedback.say(message(answer.error), null, errorRule(answer.error)); return; }
    mode = null;
    onUndo(answer);
  }

  function cancel() {
    popover.close();
    feedback.clear();
    const bonus = snap.view.phase === "bonus";
    mode = null;
    if (bonus) startBonus();
    else drawPanel();
    panel.querySelector("button")?.focus();
  }

  // The popover's Cancel: the action is taken back whole (the ward chosen before the cube too).
  function back() {
    if (mode) cancel();
  }

  function focusFirstChoice() {
    if (!usingKeyboard()) return;
    const target = panel.querySelector(".th-tray button");
    if (target) target.focus();
  }

  function startBonus() {
    const kind = compose.bonusKind(snap);
    if (!kind) { drawPanel(); return; }
    begin(kind);
  }

  // --- taps from the map (what a tap does: compose.wardTap, compose.castleTap) -----------------
  function follow(decision, at) {
    if (decision.do === "say") feedback.say(t(decision.key), at);
    else if (decision.do === "choose") tap(decision.field, decision.value, at);
    else if (decision.do === "refuse") refuse(decision.partial, at);
    else if (decision.do === "begin") begin(decision.kind, decision.first, at);
    else if (decision.do === "restart") {
      popover.close();
      mode = compose.begin(snap, decision.kind);
      tap("w", decision.ward, at);
    }
  }

  function onWard(ward, info) {
    if (!snap || busy) return;
    follow(compose.wardTap(snap, mode, ward, live), info);
  }

  function onCastle(nat, info) {
    if (!snap || busy) return;
    follow(compose.castleTap(snap, mode, nat, live), info);
  }

  return {
    /** Show a snapshot whose phase is "turn" or "bonus"; the seat to act is prompt.seats[0]. */
    show(next) {
      snap = next;
      seat = next.prompt.seats[0];
      mode = null;
      live = true;
      popover.close();
      if (next.view.phase === "bonus") { drawPanel(); startBonus(); return; }
      drawPanel();
      if (usingKeyboard() && !panel.contains(document.activeElement)) panel.querySelector("button:not([disabled])")?.focus();
    },
    /** Other phases: the map shows the view without targets; the panel is someone else's. */
    idle(next) {
      snap = next;
      mode = null;
      live = false;
      popover.close();
      clear(panel);
      map.update(next.view, {});
    },
    onWard,
    onCastle,
    get busy() { return busy; },
  };
}
