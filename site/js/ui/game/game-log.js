// The game's log and "Just now" in words: events are worded when drawn, in the language of the
// moment. The log's lines already worded are kept, so a move words only its own and an undo
// drops the ones it took back; a game played by house rules names them first (docs/rules.md).
//
//   createGameLog(session) → {lines(log), words(events), restart(), followUndo()}

import { t, listOf } from "../../strings.js";
import { eventText, EVENT_RULES } from "../../i18n/engine-text.js";
import { houseRulesNames } from "../widgets/house-rules.js";

export function createGameLog(session) {
  let worded = []; // the first lines of session.log, worded

  /** Events (or lines of text) as the log's lines: {text, rule}, text kept as it is. */
  function words(events) {
    const names = session.snap ? session.snap.view.players.map((p) => p.name) : [];
    return events.map((e) => (typeof e === "string" ? e : { text: eventText(e, names), rule: EVENT_RULES[e.e] }));
  }

  /** The log's lines: a game played by house rules names them first. */
  function lines(log) {
    const names = houseRulesNames(session.snap && session.snap.rules);
    const first = names.length ? [{ text: t("house.in_play", { list: listOf(names) }), rule: null }] : [];
    if (worded.length < log.length) worded = worded.concat(words(log.slice(worded.length)));
    return first.concat(worded);
  }

  return {
    lines,
    words,
    /** Another game shown: nothing worded yet. */
    restart() { worded = []; },
    /** True when an undo took lines out of the session's log (they leave the words too). */
    followUndo() {
      if (worded.length <= session.log.length) return false;
      worded = worded.slice(0, session.log.length);
      return true;
    },
  };
}
