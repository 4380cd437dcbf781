// The turn composer: taps → a move, by walking the choice tree Python sends with each snapshot
// (`snapshot.choices`, docs/api.md "The choice tree"). Pure: data in, data out — no DOM, no
// worker, no strings. It decides nothing about legality: every value it offers is a key of the
// tree, and the move it completes is sent to Python (`act`), which checks it again.
//
// A composition is `{kind, partial, node}`: the kind being composed, the fields chosen so far
// (`partial`, an action's JSON form with `t`), and the tree's node for `partial` (whose `next`
// is the field chosen next and whose `options` map each legal value to the node after it, or to
// `true` when that value completes the action). ui/game/turn-controller.js holds one and draws it.
//
//   begin(snap, kind)               → a composition at the kind's root, or null (not offered)
//   choose(mode, field, value)      → {outcome: "next", mode} | {outcome: "act", action}
//                                     | {outcome: "refuse", partial} | {outcome: "not_now"}
//   wardTap / castleTap(snap, mode, …, live) → what a tap on the map does (a decision object)
//   marks(snap, mode)               → what the map highlights
//   hint, tray, idleActions, steps  → what the panel shows (keys and values; the view words them)

/** The field that may be left unset (a slander's second ward, R21). */
export const OPTIONAL = new Set(["w2"]);
/** The fields that name a ward (tapped on the map). */
export const WARD_FIELDS = new Set(["a", "b", "w", "to", "w2"]);
/** The office powers whose cube is picked in a ward (a popover beside it). */
const CUBE_IN_WARD = new Set(["police", "precinct"]);

/** A tree key (JSON object keys are text) as the action wants it: wards and seats are numbers. */
export function valueOf(field, key) {
  return WARD_FIELDS.has(field) || field === "p" ? Number(key) : key;
}

/** The kinds Python's prompt offers now ([] without a prompt). */
export function kinds(snap) {
  return (snap && snap.prompt && snap.prompt.kinds) || [];
}

/** The root of one kind's tree in a snapshot, or null. */
export function treeOf(snap, kind) {
  return (snap && snap.choices && snap.choices.kinds && snap.choices.kinds[kind]) || null;
}

/** A new composition of `kind`, at its tree's root; null when the tree does not offer it. */
export function begin(snap, kind) {
  const node = treeOf(snap, kind);
  return node ? { kind, partial: { t: kind }, node } : null;
}

/** The field chosen next, or null (no composition, or nothing left to choose). */
export function nextField(mode) {
  if (!mode || mode.node === true) return null;
  return mode.node.next;
}

/** The legal values of `field` now, typed ([] unless it is the field chosen next). */
export function options(mode, field) {
  if (!mode || field !== nextField(mode)) return [];
  return Object.keys(mode.node.options).map((key) => valueOf(field, key));
}

/** A required field with no value to choose: the composition cannot be finished. */
export function isDeadEnd(mode) {
  const field = nextField(mode);
  return Boolean(field) && !OPTIONAL.has(field) && options(mode, field).length === 0;
}

/** An action's JSON form from a partial one: unset fields left out. */
export function actionOf(partial) {
  const out = { t: partial.t };
  for (const [k, v] of Object.entries(partial)) if (k !== "t" && v !== undefined) out[k] = v;
  return out;
}

/**
 * Choose `value` for `field`: one step down the tree, or the action to send once it is complete
 * (its last field, or a slander whose optional second ward has no possible value). A value the
 * tree does not offer for the next field is "refuse" (the page asks Python why, with `partial`);
 * a field that is not the next one is "not_now".
 */
export function choose(mode, field, value) {
  const next = nextField(mode);
  if (!mode || field !== next) return { outcome: "not_now" };
  const child = mode.node.options[String(value)];
  const partial = { ...mode.partial, [field]: value };
  if (child === undefined) return { outcome: "refuse", partial };
  if (child === true || (child.complete && Object.keys(child.options).length === 0)) {
    return { outcome: "act", action: actionOf(partial) };
  }
  return { outcome: "next", mode: { kind: mode.kind, partial, node: child } };
}

/** A tap starts a placing of two bosses when the prompt offers it (idle taps on the map). */
export function idleKind(snap) {
  return kinds(snap).includes("bosses") ? "bosses" : null;
}

/** The kind a ward bonus is composed as (rule R27), or null. */
export function bonusKind(snap) {
  const ks = kinds(snap);
  return ks.includes("bonus_cube") ? "bonus_cube" : ks.includes("bonus_chip") ? "bonus_chip" : null;
}

/** Whether the cube of this composition is picked in a popover beside its ward. */
export function picksCubeInWard(mode) {
  return Boolean(mode) && nextField(mode) === "c" && CUBE_IN_WARD.has(mode.kind);
}

/** What the map shows: {highlight: Set of wards, selected: Set of wards, castleHighlight: [nat]}. */
export function marks(snap, mode) {
  const highlight = new Set();
  const selected = new Set();
  let castleHighlight = [];
  if (mode) {
    const field = nextField(mode);
    for (const [f, value] of Object.entries(mode.partial)) if (WARD_FIELDS.has(f)) selected.add(value);
    if (field && WARD_FIELDS.has(field)) for (const w of options(mode, field)) highlight.add(w);
    if (field === "c" && mode.kind === "boss_cube") castleHighlight = options(mode, "c");
  } else if (snap && snap.view.phase === "turn" && idleKind(snap)) {
    for (const w of snap.prompt.wards || []) highlight.add(w);
    if (kinds(snap).includes("boss_cube")) {
      castleHighlight = Object.entries(snap.view.castle_garden).filter(([, n]) => n > 0).map(([nat]) => nat);
    }
  }
  return { highlight, selected, castleHighlight };
}

/**
 * The panel's hint: {key, params, nat} (the view words `nat`, a nationality's code, and fills
 * `params`), or null when there is none.
 */
export function hint(snap, mode) {
  const v = snap.view;
  if (!mode) {
    if (v.phase !== "turn") return null;
    return { key: v.turn && v.turn.placed ? "turn.hint.idle_placed" : "turn.hint.idle", params: {}, nat: null };
  }
  const field = nextField(mode);
  const p = mode.partial;
  const params = {
    name: p.p !== undefined ? v.players[p.p].name : "",
    ward: p.w ?? (v.election && v.election.bonus) ?? "",
  };
  if (mode.kind.startsWith("bonus")) params.ward = v.election ? v.election.bonus : "";
  if (mode.kind === "slander" && field === "w2") params.ward = p.w;
  return { key: `turn.hint.${mode.kind}.${field}`, params, nat: p.c || null };
}

/** The buttons that start a composition while nothing is being composed, in order. */
export function idleActions(snap) {
  const ks = kinds(snap);
  const out = [];
  if (ks.includes("bosses")) out.push("bosses");
  if (ks.includes("boss_cube")) out.push("boss_cube");
  if (snap.prompt.office_kind) out.push(snap.prompt.office_kind); // Python says which is the office's
  if (ks.includes("slander")) out.push("slander");
  return out;
}

/** The steps of a turn this player can still take (Python's `kinds`) or has taken:
 *  [{step: "placing" | "office" | "slander", done}]. */
export function steps(snap) {
  const ks = kinds(snap);
  const turn = snap.view.turn || {};
  const out = [];
  for (const [step, done, available] of [
    ["placing", turn.placed, ks.includes("bosses") || ks.includes("boss_cube")],
    ["office", turn.office_used, Boolean(snap.prompt.office_kind)],
    ["slander", turn.slandered, ks.includes("slander")],
  ]) {
    if (done || available) out.push({ step, done: Boolean(done) });
  }
  return out;
}

/** The row under the steps: Undo once a step of this turn can be taken back, End turn once
 *  placing is done. {show, undo (enabled), end}. */
export function endRow(snap) {
  const end = kinds(snap).includes("end");
  return { show: Boolean(snap.can_undo) || end, undo: Boolean(snap.can_undo), end };
}

/**
 * The tray of choices under the hint: {type, values} with type "rival" (seats), "castle_cube"
 * (Castle Garden's cubes), "bag_cube" (a bonus cube from the bag), "chip" (a favor chip's
 * colour), "slander_once" (the slander without a second ward), or null (the choice is on the
 * map or in a popover).
 */
export function tray(mode) {
  const field = nextField(mode);
  if (field === "p") return { type: "rival", values: options(mode, "p") };
  if (field === "c" && mode.kind === "boss_cube") return { type: "castle_cube", values: options(mode, "c") };
  if (field === "c" && mode.kind === "bonus_cube") return { type: "bag_cube", values: options(mode, "c") };
  if (field === "c" && ["deputy", "slander", "bonus_chip"].includes(mode.kind)) return { type: "chip", values: options(mode, "c") };
  if (field === "w2") return { type: "slander_once", values: [] };
  return { type: null, values: [] };
}

/**
 * A tap on a ward of the map. `live`: a seat of this device acts. One of
 *   {do: "say", key}                      a word next to the tap, nothing changes
 *   {do: "choose", field, value}          choose(mode, field, value)
 *   {do: "restart", kind, ward}           the office's composition again from this ward
 *   {do: "refuse", partial}               ask Python why this ward is refused
 *   {do: "begin", kind, first: {field: value}}   start a composition with its first choice
 */
export function wardTap(snap, mode, ward, live) {
  if (!live) return { do: "say", key: "turn.not_now" };
  const field = nextField(mode);
  if (mode && field && WARD_FIELDS.has(field)) return { do: "choose", field, value: ward };
  if (picksCubeInWard(mode)) {
    // A different ward while the popover is open: start again from that ward.
    const root = treeOf(snap, mode.kind);
    if (!root || !(String(ward) in root.options)) return { do: "refuse", partial: { t: mode.kind, w: ward } };
    return { do: "restart", kind: mode.kind, ward };
  }
  if (!mode && snap.view.phase === "turn") {
    const kind = idleKind(snap);
    if (kind) return { do: "begin", kind, first: { a: ward } };
    // An office that starts from a ward (not the Council President's lock, which one tap
    // would complete: it needs its button first).
    const office = snap.prompt.office_kind;
    if (office && office !== "council" && treeOf(snap, office)?.next === "w") return { do: "begin", kind: office, first: { w: ward } };
  }
  return { do: "say", key: mode ? "turn.not_now" : "turn.pick_action" };
}

/** A tap on a cube of Castle Garden: as wardTap, for the boss + cube placing (R12b). */
export function castleTap(snap, mode, nat, live) {
  if (!live) return { do: "say", key: "turn.not_now" };
  if (mode && mode.kind === "boss_cube" && nextField(mode) === "c") return { do: "choose", field: "c", value: nat };
  if (!mode && snap.view.phase === "turn" && kinds(snap).includes("boss_cube")) return { do: "begin", kind: "boss_cube", first: { c: nat } };
  return { do: "say", key: mode ? "turn.not_now" : "turn.pick_action" };
}

/** Every complete action below a composition (the tree's leaves, and the nodes complete as
 *  they stand): everything the tree allows from here (tests/js walk it). */
export function completions(mode) {
  const out = [];
  const walk = (node, partial) => {
    if (node === true) { out.push(actionOf(partial)); return; }
    if (node.complete) out.push(actionOf(partial));
    for (const [key, child] of Object.entries(node.options)) walk(child, { ...partial, [node.next]: valueOf(node.next, key) });
  };
  if (mode) walk(mode.node, mode.partial);
  return out;
}
