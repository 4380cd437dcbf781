// What the learner taps to make one action, in order, and the words about it: the lesson
// (tutorial/tutorial.js) reads both from here. Where an action is made is logic/taps.js (pure,
// shared with "Suggest a move" and the review); its words are i18n/action-text.js. The action
// itself comes from the tutorial's script (site/data/tutorial.json), which tests/test_tutorial.py
// replays on the engine, so every plan ends in a legal action.

/** The selectors to tap, in order, to make `action` (its JSON form, docs/api.md). */
export { tapsOf } from "../logic/taps.js";

/** The parameters a sentence about `action` may use, in the page's language. */
export { paramsOf } from "../i18n/action-text.js";
