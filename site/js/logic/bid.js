// A sealed bid (R24, R25, R34), as data: the ward's candidates and what each could bid, and the
// stepper that composes one bid within Python's limits (the prompt's `limits`: per seat, the
// most chips of each colour it may bid). Pure — ui/game/bid-cover.js draws it; the bid itself is
// checked by Python when it is sent. The bid being entered lives only in a stepper value.

export const NATIONALITIES = ["irish", "english", "german", "italian"];

/** The ward's candidates: the seats with a boss there, {seat, n: bosses}. */
export function candidates(view, ward) {
  const w = view.wards[String(ward)];
  return w.bosses.map((n, seat) => ({ seat, n })).filter((c) => c.n > 0);
}

/** One seat's limits from the prompt, {nat: most chips} (0 for a colour left out). */
export function limitsOf(prompt, seat) {
  const lim = ((prompt && prompt.limits) || {})[String(seat)] || {};
  return Object.fromEntries(NATIONALITIES.map((nat) => [nat, lim[nat] || 0]));
}

/** The most chips a seat could bid in all (what every seat sees of a rival, R34). */
export function couldBid(prompt, seat) {
  const lim = limitsOf(prompt, seat);
  return NATIONALITIES.reduce((sum, nat) => sum + lim[nat], 0);
}

/** A candidate's status on the cover: "in" (sealed), "could" (still to bid, with `count`
 *  chips at most), "none" (not asked to bid). */
export function candidateStatus(view, prompt, seat) {
  if (view.election.bids_in.includes(seat)) return { status: "in" };
  if (view.election.bidders.includes(seat)) return { status: "could", count: couldBid(prompt, seat) };
  return { status: "none" };
}

/** The rivals' table for `seat`: the other candidates, their bosses and the chips column
 *  ("in" for a sealed bid, else the most they could bid, 0 when not asked). */
export function rivals(view, prompt, seat, ward = prompt.ward) {
  return candidates(view, ward).filter((c) => c.seat !== seat).map((c) => {
    const s = candidateStatus(view, prompt, c.seat);
    return { seat: c.seat, bosses: c.n, sealed: s.status === "in", chips: s.status === "could" ? s.count : 0 };
  });
}

/** A new stepper for a seat's bid: every colour at 0 within `limits`. */
export function newBid(limits) {
  return { limits: { ...limits }, counts: Object.fromEntries(NATIONALITIES.map((nat) => [nat, 0])) };
}

/** The colours a stepper shows: those with a limit above 0, in nationality order. */
export function usable(bid) {
  return NATIONALITIES.filter((nat) => (bid.limits[nat] || 0) > 0);
}

/** The bid with one colour set to `n`, kept within 0 … its limit. */
export function setCount(bid, nat, n) {
  const max = bid.limits[nat] || 0;
  return { limits: bid.limits, counts: { ...bid.counts, [nat]: Math.max(0, Math.min(max, n)) } };
}

/** One step up (+1) or down (-1). */
export function step(bid, nat, delta) {
  return setCount(bid, nat, bid.counts[nat] + delta);
}

/** A colour's stepper as drawn: its value and which buttons are off. */
export function stepperState(bid, nat) {
  const value = bid.counts[nat];
  const max = bid.limits[nat] || 0;
  return { value, max, less: value > 0, more: value < max };
}

/** The chips bid in all. */
export function chipTotal(bid) {
  return NATIONALITIES.reduce((sum, nat) => sum + bid.counts[nat], 0);
}

/** The running total: bosses, chips and votes (bosses + chips, R26). */
export function totals(bid, bosses) {
  const chips = chipTotal(bid);
  return { bosses, chips, votes: bosses + chips };
}

/** The action to send: {t: "bid", n: four counts in nationality order}. */
export function bidAction(bid) {
  return { t: "bid", n: NATIONALITIES.map((nat) => bid.counts[nat]) };
}
