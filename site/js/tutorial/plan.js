// What the learner taps to make one action, in order: the page's own controls, found by the
// selectors the turn controller, the bid screen and the offices dialog draw (docs/ui.md). The
// action itself comes from the tutorial's script (site/data/tutorial.json), which
// tests/test_tutorial.py replays on the engine, so every plan here ends in a legal action.
// The same plans show a suggested move (site/js/tutorial/suggest.js).

import { t, listOf } from "../strings.js";

const NATS = ["irish", "english", "german", "italian"];
const ward = (n) => `#th-game .tm-ward[data-ward="${n}"]`;
const panel = (name) => `#th-panel [data-action="${name}"]`;

/** The selectors to tap, in order, to make `action` (its JSON form, docs/api.md). */
export function tapsOf(action) {
  switch (action.t) {
    case "bosses": return [ward(action.a), ward(action.b)];
    case "boss_cube": return [`#th-game [data-castle="${action.c}"]`, ward(action.w), ward(action.b)];
    case "deputy": return [panel("deputy"), panel(`chip-${action.c}`)];
    case "police": return [panel("police"), ward(action.w), `#th-popover [data-choice="${action.c}"]`];
    case "council": return [panel("council"), ward(action.w)];
    case "precinct": return [panel("precinct"), ward(action.w), `#th-popover [data-choice="${action.c}"]`, ward(action.to)];
    case "slander": return [panel("slander"), panel(`rival-${action.p}`), ward(action.w), panel(`chip-${action.c}`),
      action.w2 === undefined ? panel("slander-once") : ward(action.w2)];
    case "end": return [panel("end")];
    case "bid": return [...NATS.flatMap((nat, i) => Array(action.n[i]).fill(`#th-cover [data-step="${nat}-more"]`)), "#th-seal-bid"];
    case "bonus_cube": return [panel(`cube-${action.c}`), ward(action.w)];
    case "bonus_chip": return [panel(`chip-${action.c}`)];
    case "bonus_skip": return [panel("bonus-skip")];
    case "offices": return [...Object.entries(action.o).map(([seat, office]) => `#th-offices .th-office-row[data-seat="${seat}"] [data-office="${office}"]`), "#th-offices-confirm"];
    default: return [];
  }
}

/** The engine's event that says the learner made an action of this kind: logic/lesson.js. */
export { DONE_EVENT } from "../logic/lesson.js";

/** The parameters a sentence about `action` may use, in the page's language. */
export function paramsOf(action, view) {
  const name = (p) => view.players[Number(p)].name;
  const out = { a: action.a, b: action.b, ward: action.w, boss: action.b, to: action.to };
  if (action.c) out.nat = t(`nat.${action.c}`);
  if (action.p !== undefined) out.name = name(action.p);
  if (view.election) {
    out.won = view.election.bonus ?? view.election.ward;
    if (action.t === "bid") out.ward = view.election.ward;
  }
  if (action.n) {
    out.bid = listOf(NATS.flatMap((nat, i) => (action.n[i] ? [t("tut.votes.chips", { count: action.n[i], nat: t(`nat.${nat}`) })] : [])));
  }
  if (action.o) {
    Object.entries(action.o).forEach(([seat, office], i) => {
      out[`name${i + 1}`] = name(seat);
      out[`office${i + 1}`] = t(`office.${office}`);
    });
  }
  return out;
}
