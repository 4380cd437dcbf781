// What one position of the replay viewer shows (ui/replay/replay.js), from the frame Python
// sends (docs/api.md, "Replays": {at, view, prompt, events, hash}): the wards the move touched,
// the line over the slider, the election button that is current, the log lines to put in or
// take out, and the results of a move that decided wards. Pure: words come back as
// {key, params} for the view to word with t(), seats as numbers for it to name.

import { NATIONALITIES } from "./bid.js";

// The events of the count that follow the wards' results on the results card.
const SUMMARY_EVENTS = new Set(["immigrant_leaders", "points", "mayor", "favor_majority", "game_over"]);
// A sealed bid's events name the ward bid for, but the bid changes nothing on the board.
const BID_EVENTS = new Set(["bidding", "bid_placed"]);
const WARD_FIELDS = ["ward", "boss", "to", "ward2"];

/** The wards a move's events touched (outlined on the map). */
export function touchedWards(events) {
  const wards = new Set();
  for (const e of events) {
    if (BID_EVENTS.has(e.e)) continue;
    for (const key of WARD_FIELDS) if (typeof e[key] === "number") wards.add(e[key]);
  }
  return wards;
}

/** The line over the slider, joined by " · ": "Move N of M" (or the set-up), the year (or the
 *  game's end), and the election when one is on. */
export function positionWords(at, moves, view) {
  const words = [
    at ? { key: "replay.position", params: { at, moves } } : { key: "replay.position.setup", params: { moves } },
    view.phase === "over" ? { key: "table.over", params: {} } : { key: "replay.year", params: { year: view.year } },
  ];
  if (view.election) words.push({ key: "replay.election", params: { term: view.term } });
  return words;
}

/** The slider's value in words (aria-valuetext). */
export function sliderWords(at, moves, view) {
  return { key: "replay.slider.text", params: { at, moves, year: view.year } };
}

/** The term whose election is on at this position (its button is current), or 0. */
export function electionOn(view) {
  return view.election ? view.term : 0;
}

/** The log's change from holding the lines of moves 0 … upTo to those of 0 … at: the moves to
 *  take out (the page holds no line after the move on screen, R34) and the moves to put in at
 *  the top, newest first. upTo is -1 for an empty log. */
export function logChange(upTo, at) {
  const remove = [], add = [];
  for (let n = at + 1; n <= upTo; n++) remove.push(n);
  for (let n = at; n > upTo; n--) add.push(n);
  return { remove, add };
}

/** What a move decided, or null: the wards it counted (their `ward_vote` events, in order), the
 *  count's summary events, and the bonus a ward's winner was offered (or null). */
export function decided(events) {
  const votes = events.filter((e) => e.e === "ward_vote");
  const summary = events.filter((e) => SUMMARY_EVENTS.has(e.e));
  if (!votes.length && !summary.length) return null;
  return { votes, summary, bonus: events.find((e) => e.e === "bonus_offered") ?? null };
}

/** A bid's chips by nationality, those bid only, in nationality order: [{nat, count}]. */
export function bidParts(bid) {
  return NATIONALITIES.map((nat, i) => ({ nat, count: bid[i] })).filter((part) => part.count);
}

/** One ward's card from its `ward_vote` event: each candidate's row ({seat, bid, chips,
 *  bosses, votes, winner}; none when the ward had no candidates), the winner's seat (null: a
 *  tie) and the seat that may claim the ward's bonus (null: none). */
export function wardResult(vote, bonus = null) {
  const rows = Object.keys(vote.votes).map(Number).map((seat) => {
    const bid = vote.bids[String(seat)] || [0, 0, 0, 0];
    const chips = bid.reduce((a, b) => a + b, 0);
    const votes = vote.votes[String(seat)];
    return { seat, bid, chips, bosses: votes - chips, votes, winner: vote.winner === seat };
  });
  return {
    ward: vote.ward, rows, winner: vote.winner ?? null,
    bonus: bonus && bonus.ward === vote.ward ? bonus.seat : null,
  };
}
