// Where an action is made on the page: the controls a person taps, in order, to make one action
// (its JSON form, docs/api.md), found by the selectors the turn controller, the bid screen and the
// offices dialog draw (docs/ui.md). "Learn to play" shows the learner these taps
// (tutorial/tutorial.js), "Suggest a move" and the review mark them (ui/widgets/marks.js, the
// review's map through logic/review-marks.js). The action itself comes from Python or the
// tutorial's script (site/data/tutorial.json, replayed on the engine by tests/test_tutorial.py),
// so every plan here ends in a legal action.

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
