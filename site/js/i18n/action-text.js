// An action in words: the sentence for a move (the lesson's step, a suggested move, the review's
// played and better moves) and a suggestion's reason, worded from the codes and values Python
// sends (py/tammany/suggest.py). Used by tutorial/ (the lesson, "Suggest a move") and by the
// review (ui/replay/review-verdict.js).

import { t, listOf, language } from "../strings.js";

const NATS = ["irish", "english", "german", "italian"];

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

/** The sentence for a suggested action: the tutorial's own wording of the taps (the review's
 * better move too, ui/replay/review-verdict.js). */
export function moveText(action, view) {
  if (action.t === "offices") {
    const parts = Object.entries(action.o).map(([seat, office]) => t("sug.office", { name: view.players[Number(seat)].name, office: t(`office.${office}`) }));
    return t("sug.do.offices", { list: parts.join(", ") });
  }
  let key = `tut.do.${action.t}`;
  if (action.t === "bosses" && action.a === action.b) key += "_same";
  if (action.t === "bid" && !action.n.some(Boolean)) key += "_none";
  return t(key, paramsOf(action, view));
}

/** A suggestion's reason (its `why`: a code and parameters) in words. */
export function whyText(why) {
  const params = { ...why.params };
  if (params.nat) params.nat = t(`nat.${params.nat}`);
  if (typeof params.points === "number") params.points = new Intl.NumberFormat(language()).format(params.points);
  if (why.code === "bid" || why.code === "bid_sure") params.count = params.chips; // "1 chip gives" / "3 chips give"
  if (params.office) params.office = t(`office.${params.office}`);
  return t(`sug.why.${why.code}`, params);
}
