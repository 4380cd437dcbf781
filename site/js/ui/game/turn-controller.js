// Composes an action tap by tap (R11: office, placing and slander in any order; R12 placing;
// R14–R17 offices; R20–R21 slander; R27 ward bonuses). It knows no rules: each snapshot carries
// Python's choice tree (`snapshot.choices`, docs/api.md; from the worker it follows the snapshot
// by a few milliseconds, `snapshot.treeReady`) — every legal way to finish each kind of action.
// A tap that only chooses walks one step down the tree and redraws at once, with no round trip
// to the worker; the tap that completes the action sends it with `act`, and Python checks it
// again. A tap on a value the tree does not offer asks Python why (`choices`, one
// round trip) and shows its reason next to where the player tapped. What each tap does is the
// composer's (logic/compose.js, pure and unit-tested in Node); this module draws and sends.

import { t, message } from "../../strings.js";
import { cubeIcon, chipIcon, bossIcon, playerInitials } from "../../render/pieces.js";
import { h, clear, usingKeyboard, noPointerFocus } from "../dom.js";
import { errorRule } from "../../i18n/engine-text.js";
import * as compose from "../../logic/compose.js";

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
  // The controller's state, handed to the functions below: the snapshot on screen, the seat to
  // act, the composition (`mode`: {kind, partial, node}, node the choice tree's node for
  // `partial`), a request out (`busy`) and whether a seat of this device acts (`live`; idle: the
  // map offers no move).
  const c = {
    panel, map, call, onAnswer, onUndo, feedback, popover,
    snap: null, seat: null, mode: null, busy: false, live: false, initialsFor: null, initialsCache: null,
  };
  noPointerFocus(panel);
  return {
    /** Show a snapshot whose phase is "turn" or "bonus"; the seat to act is prompt.seats[0]. */
    show(next) {
      c.snap = next;
      c.seat = next.prompt.seats[0];
      c.mode = null;
      c.live = true;
      popover.close();
      if (next.view.phase === "bonus") { drawPanel(c); startBonus(c); return; }
      drawPanel(c);
      if (usingKeyboard() && !panel.contains(document.activeElement)) panel.querySelector("button:not([disabled])")?.focus();
    },
    /** Other phases: the map shows the view without targets; the panel is someone else's. */
    idle(next) {
      c.snap = next;
      c.mode = null;
      c.live = false;
      popover.close();
      clear(panel);
      map.update(next.view, {});
    },
    // Taps from the map: what a tap does is the composer's (compose.wardTap, compose.castleTap).
    onWard(ward, info) {
      if (!c.snap || c.busy) return;
      follow(c, compose.wardTap(c.snap, c.mode, ward, c.live), info);
    },
    onCastle(nat, info) {
      if (!c.snap || c.busy) return;
      follow(c, compose.castleTap(c.snap, c.mode, nat, c.live), info);
    },
    get busy() { return c.busy; },
  };
}

// --- drawing ------------------------------------------------------------------------------------
function initials(c) {
  if (c.initialsFor !== c.snap) { c.initialsFor = c.snap; c.initialsCache = playerInitials(c.snap.view.players); }
  return c.initialsCache;
}

function drawMap(c) {
  if (!c.snap) return;
  c.map.update(c.snap.view, compose.marks(c.snap, c.mode));
}

// The panel is drawn by drawTurnPanel (below) from the snapshot and the composition.
function drawPanel(c) {
  clear(c.panel);
  if (!c.snap) return;
  const on = {
    begin: (kind) => begin(c, kind), tap: (field, value, e) => tap(c, field, value, e),
    act: (action) => act(c, action), undo: () => undo(c), cancel: () => cancel(c),
  };
  drawTurnPanel(c.panel, { snap: c.snap, seat: c.seat, mode: c.mode, initials: initials(c), on });
  // A cube inside a ward is picked from a popover next to the ward.
  if (c.mode && compose.picksCubeInWard(c.mode)) openCubePopover(c);
  else if (c.mode) c.popover.close();
  drawMap(c);
}

function openCubePopover(c) {
  const ward = c.mode.partial.w;
  const cubes = c.snap.view.wards[String(ward)].cubes;
  const opts = compose.options(c.mode, "c").map((nat) => ({
    value: nat, label: t("turn.choose.cube", { nat: t(`nat.${nat}`), count: cubes[nat] }),
    icon: cubeIcon(nat, "th-inline-piece"), name: `cube-${nat}`,
  }));
  // Next to the ward, or on a phone next to its key under the map when the ward is off screen.
  let rect = c.map.wardRect(ward);
  const key = document.querySelector(`#th-game [data-ward-key="${ward}"]`);
  const middle = rect.top + rect.height / 2;
  if (key && key.getClientRects().length && (middle < 0 || middle > window.innerHeight)) rect = key.getBoundingClientRect();
  c.popover.open(rect, t("turn.popover.title", { ward }), opts,
    (nat, e) => tap(c, "c", nat, e), () => back(c));
}

// A choosing tap is answered here, in the tap's own task: the next frame shows it.
function drawChoice(c) {
  drawPanel(c);
  focusFirstChoice(c);
  performance.mark("tammany-choice"); // build.py bench times choosing taps from this
}

function focusFirstChoice(c) {
  if (!usingKeyboard()) return;
  const target = c.panel.querySelector(".th-tray button");
  if (target) target.focus();
}

// --- the round trips ----------------------------------------------------------------------------
// One request at a time: null while another is out (the tap then changes nothing).
async function request(c, method, params) {
  if (c.busy) return null;
  c.busy = true;
  try {
    return await c.call(method, params);
  } finally {
    c.busy = false;
  }
}

// A tap on a value the tree does not offer: Python's reason for it, or a dead end (allowed so
// far, but no legal action follows), said next to the tap. Nothing changes either way.
async function refuse(c, partial, e) {
  const answer = await request(c, "choices", { seat: c.seat, action: compose.actionOf(partial) });
  if (!answer) return;
  if (!answer.ok || answer.reason) {
    const error = answer.ok ? answer.reason : answer.error;
    c.feedback.say(message(error), e, errorRule(error));
  } else c.feedback.say(t("turn.dead_end"), e);
}

async function act(c, action, e = null) {
  const answer = await request(c, "act", { seat: c.seat, action });
  if (!answer) return;
  if (!answer.ok) {
    c.feedback.say(message(answer.error), e, errorRule(answer.error));
    return;
  }
  c.popover.close();
  c.mode = null;
  c.onAnswer(answer);
}

async function undo(c) {
  const answer = await request(c, "undo", {});
  if (!answer) return;
  if (!answer.ok) { c.feedback.say(message(answer.error), null, errorRule(answer.error)); return; }
  c.mode = null;
  c.onUndo(answer);
}

// --- composing: the composer (logic/compose.js) says what each tap does ---------------------------
// The snapshot's choice tree follows it from the worker by a few milliseconds (js/client.js):
// a tap that comes first is answered once it is in. True when the tap waits.
function awaitTree(c, retry) {
  const snap = c.snap;
  if (!snap || snap.choices || !snap.treeReady) return false;
  snap.treeReady.then(() => { if (c.snap === snap) retry(); });
  return true;
}

function begin(c, kind, first = null, e = null) {
  if (c.busy || awaitTree(c, () => begin(c, kind, first, e))) return;
  c.feedback.clear();
  const started = compose.begin(c.snap, kind);
  if (!started) { c.feedback.say(t("turn.dead_end"), e); return; }
  const before = c.mode;
  c.mode = started;
  if (first) {
    const [field, value] = Object.entries(first)[0];
    if (!tap(c, field, value, e)) c.mode = before;
    return;
  }
  if (compose.isDeadEnd(c.mode)) { c.feedback.say(t("turn.dead_end"), e); c.mode = before; return; }
  drawChoice(c);
}

// Choose `value` for `field` (compose.choose): one step down the tree, or the action sent
// once it is complete. Returns false when the tree refuses the value.
function tap(c, field, value, e) {
  if (c.busy || !c.mode) return false;
  c.feedback.clear();
  const chosen = compose.choose(c.mode, field, value);
  if (chosen.outcome === "refuse") { refuse(c, chosen.partial, e); return false; }
  if (chosen.outcome === "not_now") { c.feedback.say(t("turn.not_now"), e); return false; }
  if (chosen.outcome === "act") { act(c, chosen.action, e); return true; }
  c.mode = chosen.mode;
  drawChoice(c);
  return true;
}

function cancel(c) {
  c.popover.close();
  c.feedback.clear();
  const bonus = c.snap.view.phase === "bonus";
  c.mode = null;
  if (bonus) startBonus(c);
  else drawPanel(c);
  c.panel.querySelector("button")?.focus();
}

// The popover's Cancel: the action is taken back whole (the ward chosen before the cube too).
function back(c) {
  if (c.mode) cancel(c);
}

function startBonus(c) {
  const kind = compose.bonusKind(c.snap);
  if (!kind) { drawPanel(c); return; }
  begin(c, kind);
}

// A tap on the map, as the composer decided it (compose.wardTap, compose.castleTap).
function follow(c, decision, at) {
  if (decision.do === "say") c.feedback.say(t(decision.key), at);
  else if (decision.do === "choose") tap(c, decision.field, decision.value, at);
  else if (decision.do === "refuse") refuse(c, decision.partial, at);
  else if (decision.do === "begin") begin(c, decision.kind, decision.first, at);
  else if (decision.do === "restart") {
    c.popover.close();
    c.mode = compose.begin(c.snap, decision.kind);
    tap(c, "w", decision.ward, at);
  }
}

// --- the panel, drawn from the snapshot and the composition (the composer says what) ---------
// ctx: {snap, seat, mode, initials, on: {begin(kind), tap(field, value, e), act(action), undo(), cancel()}}

function button(label, onclick, { primary = false, icon = null, disabled = false, name = null } = {}) {
  return h("button", {
    type: "button", class: `th-button ${primary ? "th-primary" : "th-secondary"}`,
    onclick, disabled, dataset: name ? { action: name } : undefined,
  }, [icon, h("span", { text: label })]);
}

function hintText(snap, mode) {
  const said = compose.hint(snap, mode);
  if (!said) return "";
  return t(said.key, { ...said.params, nat: said.nat ? t(`nat.${said.nat}`) : "" });
}

function drawTurnPanel(panel, ctx) {
  const { snap, seat, mode, initials } = ctx;
  const v = snap.view;
  if (v.phase === "bonus") {
    const winner = v.players[seat];
    panel.appendChild(h("p", { class: "th-panel-title" }, [
      bossIcon(winner.color, initials[seat], "th-inline-hat"),
      h("span", { text: t("turn.bonus.title", { name: winner.name, ward: v.election.bonus }) }),
    ]));
  }
  panel.appendChild(h("p", { class: "th-hint", id: "th-hint", role: "status", text: hintText(snap, mode) }));
  if (!mode && v.phase === "turn") drawIdle(panel, ctx);
  else if (mode) drawMode(panel, ctx);
}

const IDLE_LABELS = { bosses: "turn.place_bosses", boss_cube: "turn.place_boss_cube", slander: "turn.slander" };
function drawIdle(panel, { snap, seat, initials, on }) {
  const row = h("div", { class: "th-actions" });
  for (const kind of compose.idleActions(snap)) {
    const icon = kind === "bosses" ? twoHats(snap, seat, initials) : kind === "boss_cube" ? hatAndCube(snap, seat, initials) : null;
    row.appendChild(button(t(IDLE_LABELS[kind] || `turn.office.${kind}`), () => on.begin(kind), { name: kind, icon }));
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
    end.appendChild(button(t("turn.undo"), on.undo, { name: "undo", disabled: !endRow.undo }));
    if (endRow.end) end.appendChild(button(t("turn.end"), () => on.act({ t: "end" }), { primary: true, name: "end" }));
    panel.appendChild(end);
  }
}

function drawMode(panel, { snap, mode, initials, on }) {
  const v = snap.view;
  const tray = h("div", { class: "th-tray", role: "group", "aria-labelledby": "th-hint" });
  const { type, values } = compose.tray(mode);
  for (const value of values) {
    if (type === "rival") {
      const pl = v.players[value];
      tray.appendChild(button(t("turn.choose.rival", { name: pl.name }), (e) => on.tap("p", value, e), { icon: bossIcon(pl.color, initials[value], "th-inline-hat"), name: `rival-${value}` }));
    } else if (type === "chip") {
      tray.appendChild(button(t("turn.choose.chip", { nat: t(`nat.${value}`) }), (e) => on.tap("c", value, e), { icon: chipIcon(value, "th-inline-piece"), name: `chip-${value}` }));
    } else {
      const count = (type === "castle_cube" ? v.castle_garden : v.bag)[value];
      tray.appendChild(button(t("turn.choose.cube", { nat: t(`nat.${value}`), count }), (e) => on.tap("c", value, e), { icon: cubeIcon(value, "th-inline-piece"), name: `cube-${value}` }));
    }
  }
  if (type === "slander_once") {
    tray.appendChild(button(t("turn.slander_once", { ward: mode.partial.w }), () => on.act(compose.actionOf(mode.partial)), { primary: true, name: "slander-once" }));
  }
  if (tray.childNodes.length) panel.appendChild(tray);
  const row = h("div", { class: "th-actions th-actions-end" });
  if (mode.kind.startsWith("bonus")) {
    row.appendChild(button(t("turn.bonus.skip"), () => on.act({ t: "bonus_skip" }), { name: "bonus-skip" }));
  } else {
    row.appendChild(button(t("turn.cancel"), on.cancel, { name: "cancel" }));
  }
  panel.appendChild(row);
}

function twoHats(snap, seat, initials) {
  const p = snap.view.players[seat];
  const i = initials[seat];
  return h("span", { class: "th-icons", "aria-hidden": "true" }, [bossIcon(p.color, i, "th-inline-hat"), bossIcon(p.color, i, "th-inline-hat")]);
}

function hatAndCube(snap, seat, initials) {
  const p = snap.view.players[seat];
  const i = initials[seat];
  const nat = Object.keys(snap.view.castle_garden).find((n) => snap.view.castle_garden[n] > 0) || "irish";
  return h("span", { class: "th-icons", "aria-hidden": "true" }, [bossIcon(p.color, i, "th-inline-hat"), cubeIcon(nat, "th-inline-piece")]);
}
