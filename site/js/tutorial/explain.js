// "What happened", for the learner: the engine's events since their last action, told in the
// game's own terms in the page's language ("You won ward 4: 2 bosses + 1 chip (Irish) beat
// Boris's 2 bosses."). Election results get a sentence of their own, built from the revealed
// votes and bids; the learner's other actions are told with the log's wording (eventText), their
// use of an office's power also with what it changes, and an office a computer mayor hands them.

import { t, listOf } from "../strings.js";
import { eventText } from "../i18n/engine-text.js";

const NATS = ["irish", "english", "german", "italian"];
const OFFICE_USE = new Set(["deputy", "police", "lock", "precinct"]);
const OWN = new Set(["placed_bosses", "placed_boss_cube", "slander", "bonus_cube", "bonus_chip", "mayor", "offices"]);

/** "2 bosses + 1 chip (Irish)": a candidate's votes in a ward, from the revealed bid. */
function votes(total, bid) {
  const chips = (bid || [0, 0, 0, 0]).reduce((a, b) => a + b, 0);
  const parts = [t("tut.votes.bosses", { count: total - chips })];
  NATS.forEach((nat, i) => { if (bid && bid[i]) parts.push(t("tut.votes.chips", { count: bid[i], nat: t(`nat.${nat}`) })); });
  return parts.join(" + ");
}

function wardVote(e, me, names) {
  const seats = Object.keys(e.votes).map(Number);
  if (!seats.includes(me)) return null;
  const mine = votes(e.votes[me], e.bids[me]);
  const rivals = seats.filter((s) => s !== me);
  const theirs = listOf(rivals.map((s) => t("tut.votes.their", { name: names[s], votes: votes(e.votes[s], e.bids[s]) })));
  if (e.winner === me) return rivals.length ? t("tut.what.won", { ward: e.ward, mine, theirs }) : t("tut.what.alone", { ward: e.ward, mine });
  if (e.winner === null || e.winner === undefined) return t("tut.what.tie", { ward: e.ward, mine, theirs });
  return t("tut.what.lost", { ward: e.ward, mine, theirs, name: names[e.winner] });
}

/** Sentences about `events` that concern seat `me` (at most the last three). */
export function whatHappened(events, me, names) {
  const lines = [];
  for (const e of events) {
    if (e.e === "ward_vote") {
      const line = wardVote(e, me, names);
      if (line) lines.push(line);
    } else if (e.e === "placed_boss_cube" && e.seat === me) {
      lines.push(eventText(e, names), t("tut.what.chip", { nat: t(`nat.${e.color}`) }));
    } else if (OFFICE_USE.has(e.e) && e.seat === me) {
      // the learner's own use of an office's power: the log's line, then what it changes
      lines.push(eventText(e, names), t(`tut.what.${e.e}`, { ward: e.ward, to: e.to, nat: t(`nat.${e.color}`) }));
    } else if (e.e === "offices" && e.seat !== me && e.assign[String(me)]) {
      lines.push(t("tut.what.given", { name: names[e.seat], office: t(`office.${e.assign[String(me)]}`) }));
    } else if (OWN.has(e.e) && e.seat === me) {
      lines.push(eventText(e, names));
    }
  }
  return lines.slice(-3);
}
