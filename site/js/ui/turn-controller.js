// Composes an action tap by tap (R11: office, placing and slander in any order; R12 placing;
// R14–R17 offices; R20–R21 slander; R27 ward bonuses). It knows no rules: each snapshot carries
// Python's choice tree (`snapshot.choices`, docs/api.md; from the worker it follows the snapshot
// by a few milliseconds, `snapshot.treeReady`) — every legal way to finish each kind of action.
// A tap that only chooses walks one step down the tree and redraws at once, with no round trip
// to the worker; the tap that completes the action sends it with `act`, and Python checks it
// again. A tap on a value the tree does not offer asks Python why (`choices`, one
// round trip) and shows its reason next to where the player tapped.

import { t, message } from "../strings.js";
import { cubeIcon, chipIcon, bossIcon, playerInitials } from "../render/pieces.js";
import { h, clear, usingKeyboard, noPointerFocus } from "./dom.js";
import { errorRule } from "../i18n/engine-text.js";

const OPTIONAL = new Set(["w2"]);
const WARD_FIELDS = new Set(["a", "b", "w", "to", "w2"]);

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

  // --- what is next ----------------------------------------------------------------------
  function nextField() {
    if (!mode || mode.node === true) return null;
    return mode.node.next;
  }
  // The legal values of the next field, typed as the action wants them (the tree's keys are text).
  function options(field) {
    if (!mode || field !== nextField()) return [];
    return Object.keys(mode.node.options).map((key) => valueOf(field, key));
  }
  function valueOf(field, key) {
    return WARD_FIELDS.has(field) || field === "p" ? Number(key) : key;
  }
  function treeOf(kind) {
    return (snap && snap.choices && snap.choices.kinds && snap.choices.kinds[kind]) || null;
  }

  // --- drawing ----------------------------------------------------------------------------
  function drawMap() {
    if (!snap) return;
    const field = nextField();
    const highlight = new Set();
    const selected = new Set();
    let castleHighlight = [];
    if (mode) {
      for (const [f, value] of Object.entries(mode.partial)) if (WARD_FIELDS.has(f)) selected.add(value);
      if (field && WARD_FIELDS.has(field)) for (const w of options(field)) highlight.add(w);
      if (field === "c" && mode.kind === "boss_cube") castleHighlight = options("c");
    } else if (snap.view.phase === "turn" && idleKind()) {
      for (const w of idleWards()) highlight.add(w);
      if (kinds().includes("boss_cube")) castleHighlight = Object.entries(snap.view.castle_garden).filter(([, n]) => n > 0).map(([nat]) => nat);
    }
    map.update(snap.view, { highlight, selected, castleHighlight });
  }

  function kinds() {
    return (snap && snap.prompt.kinds) || [];
  }
  // Idle taps on the map start a placing (a ward: two bosses; a Castle Garden cube: boss + cube).
  function idleKind() {
    return kinds().includes("bosses") ? "bosses" : null;
  }
  function idleWards() {
    return snap.prompt.wards || [];
  }

  function hintText() {
    const field = nextField();
    const v = snap.view;
    if (!mode) {
      if (v.phase !== "turn") return "";
      return t(v.turn && v.turn.placed ? "turn.hint.idle_placed" : "turn.hint.idle");
    }
    const p = mode.partial;
    const params = {
      nat: p.c ? t(`nat.${p.c}`) : "",
      name: p.p !== undefined ? v.players[p.p].name : "",
      ward: p.w ?? (v.election && v.election.bonus) ?? "",
    };
    if (mode.kind.startsWith("bonus")) params.ward = v.election ? v.election.bonus : "";
    if (mode.kind === "slander" && field === "w2") params.ward = p.w;
    return t(`turn.hint.${mode.kind}.${field}`, params);
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

  function drawIdle() {
    const v = snap.view;
    const ks = kinds();
    const row = h("div", { class: "th-actions" });
    if (ks.includes("bosses")) row.appendChild(button(t("turn.place_bosses"), () => begin("bosses"), { name: "bosses", icon: twoHats() }));
    if (ks.includes("boss_cube")) row.appendChild(button(t("turn.place_boss_cube"), () => begin("boss_cube"), { name: "boss_cube", icon: hatAndCube() }));
    const office = snap.prompt.office_kind; // Python says which kind is the office's power
    if (office) row.appendChild(button(t(`turn.office.${office}`), () => begin(office), { name: office }));
    if (ks.includes("slander")) row.appendChild(button(t("turn.slander"), () => begin("slander"), { name: "slander" }));
    panel.appendChild(row);

    // Only the steps this player can still take (Python's `kinds` says which are possible now),
    // or has taken this turn; nothing is shown for a step this turn does not offer.
    const steps = h("ul", { class: "th-steps", "aria-label": t("turn.steps") });
    const turn = v.turn || {};
    for (const [key, done, available] of [
      ["placing", turn.placed, ks.includes("bosses") || ks.includes("boss_cube")],
      ["office", turn.office_used, Boolean(office)],
      ["slander", turn.slandered, ks.includes("slander")],
    ]) {
      if (!done && !available) continue;
      steps.appendChild(h("li", { class: `th-step is-${done ? "done" : "open"}`, text: t(`turn.step.${done ? "done" : "open"}`, { step: t(`turn.step.${key}`) }) }));
    }
    panel.appendChild(steps);

    // Undo shows once there is a step of this turn to take back; End turn once placing is done.
    if (snap.can_undo || ks.includes("end")) {
      const end = h("div", { class: "th-actions th-actions-end" });
      end.appendChild(button(t("turn.undo"), undo, { name: "undo", disabled: !snap.can_undo }));
      if (ks.includes("end")) end.appendChild(button(t("turn.end"), () => act({ t: "end" }), { primary: true, name: "end" }));
      panel.appendChild(end);
    }
  }

  function drawMode() {
    const field = nextField();
    const v = snap.view;
    const tray = h("div", { class: "th-tray", role: "group", "aria-labelledby": "th-hint" });
    if (field === "p") {
      for (const p of options("p")) {
        const pl = v.players[p];
        tray.appendChild(button(t("turn.choose.rival", { name: pl.name }), (e) => tap("p", p, e), { icon: bossIcon(pl.color, initials()[p], "th-inline-hat"), name: `rival-${p}` }));
      }
    } else if (field === "c" && mode.kind === "boss_cube") {
      for (const nat of options("c")) {
        tray.appendChild(button(t("turn.choose.cube", { nat: t(`nat.${nat}`), count: v.castle_garden[nat] }), (e) => tap("c", nat, e), { icon: cubeIcon(nat, "th-inline-piece"), name: `cube-${nat}` }));
      }
    } else if (field === "c" && mode.kind === "bonus_cube") {
      for (const nat of options("c")) {
        tray.appendChild(button(t("turn.choose.cube", { nat: t(`nat.${nat}`), count: v.bag[nat] }), (e) => tap("c", nat, e), { icon: cubeIcon(nat, "th-inline-piece"), name: `cube-${nat}` }));
      }
    } else if (field === "c" && (mode.kind === "deputy" || mode.kind === "slander" || mode.kind === "bonus_chip")) {
      for (const nat of options("c")) {
        tray.appendChild(button(t("turn.choose.chip", { nat: t(`nat.${nat}`) }), (e) => tap("c", nat, e), { icon: chipIcon(nat, "th-inline-piece"), name: `chip-${nat}` }));
      }
    } else if (field === "w2") {
      tray.appendChild(button(t("turn.slander_once", { ward: mode.partial.w }), () => act(actionOf(mode.partial)), { primary: true, name: "slander-once" }));
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
    if (field === "c" && (mode.kind === "police" || mode.kind === "precinct")) openCubePopover();
    else popover.close();
  }

  function openCubePopover() {
    const ward = mode.partial.w;
    const cubes = snap.view.wards[String(ward)].cubes;
    const opts = options("c").map((nat) => ({
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
  function actionOf(partial) {
    const out = { t: partial.t };
    for (const [k, v] of Object.entries(partial)) if (k !== "t" && v !== undefined) out[k] = v;
    return out;
  }

  // A tap on a value the tree does not offer: Python's reason for it, or a dead end (allowed so
  // far, but no legal action follows), said next to the tap. Nothing changes either way.
  async function refuse(partial, e) {
    if (busy) return;
    busy = true;
    let answer;
    try {
      answer = await call("choices", { seat, action: actionOf(partial) });
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
    const node = treeOf(kind);
    if (!node) { feedback.say(t("turn.dead_end"), e); return; }
    const before = mode;
    mode = { kind, partial: { t: kind }, node };
    if (first) {
      const [field, value] = Object.entries(first)[0];
      if (!tap(field, value, e)) mode = before;
      return;
    }
    if (deadEnd(e)) { mode = before; return; }
    drawChoice();
  }

  function deadEnd(e) {
    const field = nextField();
    if (field && !OPTIONAL.has(field) && options(field).length === 0) {
      feedback.say(t("turn.dead_end"), e);
      return true;
    }
    return false;
  }

  // Choose `value` for `field`: one step down the tree, or the action sent once it is complete
  // (its last field, or a slander whose optional second ward has no possible value). Returns
  // false when the tree refuses the value.
  function tap(field, value, e) {
    if (busy || !mode) return false;
    feedback.clear();
    const node = mode.node;
    const child = field === nextField() ? node.options[String(value)] : undefined;
    if (child === undefined) {
      if (field === nextField()) refuse({ ...mode.partial, [field]: value }, e);
      else feedback.say(t("turn.not_now"), e);
      return false;
    }
    const partial = { ...mode.partial, [field]: value };
    if (child === true || (child.complete && Object.keys(child.options).length === 0)) {
      act(actionOf(partial), e);
      return true;
    }
    mode = { kind: mode.kind, partial, node: child };
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
    const ks = kinds();
    const kind = ks.includes("bonus_cube") ? "bonus_cube" : ks.includes("bonus_chip") ? "bonus_chip" : null;
    if (!kind) { drawPanel(); return; }
    begin(kind);
  }

  // --- taps from the map ----------------------------------------------------------------------
  function onWard(ward, info) {
    if (!snap || busy) return;
    if (!live) { feedback.say(t("turn.not_now"), info); return; }
    const at = info;
    const field = nextField();
    if (mode && field && WARD_FIELDS.has(field)) { tap(field, ward, at); return; }
    if (mode && field === "c" && (mode.kind === "police" || mode.kind === "precinct")) {
      // A different ward while the popover is open: start again from that ward.
      const root = treeOf(mode.kind);
      if (!(String(ward) in root.options)) { refuse({ t: mode.kind, w: ward }, at); return; }
      popover.close();
      mode = { kind: mode.kind, partial: { t: mode.kind }, node: root };
      tap("w", ward, at);
      return;
    }
    if (!mode && snap.view.phase === "turn") {
      const kind = idleKind();
      if (kind) { begin(kind, { a: ward }, at); return; }
      // An office that starts from a ward (not the Council President's lock, which one tap
      // would complete: it needs its button first).
      const office = snap.prompt.office_kind;
      if (office && office !== "council" && treeOf(office)?.next === "w") { begin(office, { w: ward }, at); return; }
    }
    feedback.say(t(mode ? "turn.not_now" : "turn.pick_action"), at);
  }

  function onCastle(nat, info) {
    if (!snap || busy) return;
    if (!live) { feedback.say(t("turn.not_now"), info); return; }
    if (mode && mode.kind === "boss_cube" && nextField() === "c") { tap("c", nat, info); return; }
    if (!mode && snap.view.phase === "turn" && kinds().includes("boss_cube")) { begin("boss_cube", { c: nat }, info); return; }
    feedback.say(t(mode ? "turn.not_now" : "turn.pick_action"), info);
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
