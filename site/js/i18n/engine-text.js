// The engine's events and prompts in the page's language: the one place they are worded, for
// the game's log, the replay viewer, the election results and the screens across devices.
// Python sends codes and parameters, never a sentence; this module chooses the template
// variant ("event.slander.twice"), turns raw parameters into the page's words (a seat into its
// name, a colour into "an Irish cube", lists through Intl.ListFormat) and fills it. The
// templates themselves are data: data/i18n/<lang>.json, English included.

import { t, hasMessage, fillMessage, listOf, language, pluralCategory } from "../strings.js";

const NATS = ["irish", "english", "german", "italian"];

/** The rule (an R-id of docs/rules.md) each event rests on: the log links its name. */
export const EVENT_RULES = {
  start_player: "R5", zone_opens: "R7", castle_garden: "R10", placed_bosses: "R12",
  placed_boss_cube: "R12", deputy: "R14", police: "R15", lock: "R16", precinct: "R17",
  slander: "R20", election: "R22", castle_garden_returned: "R13", bidding: "R25",
  bid_placed: "R24", ward_vote: "R24", bonus_offered: "R27", bonus_cube: "R27",
  bonus_chip: "R27", bonus_skip: "R27", immigrant_leaders: "R28", points: "R29", mayor: "R30",
  offices: "R31", favor_majority: "R32", game_over: "R33",
};

/** The rule a refusal rests on, by its code (none for a code that is not about the rules). */
export const ERROR_RULES = {
  ward_locked: "R16", lock_limit: "R16", ward_not_in_play: "R8", last_cube: "R15",
  not_adjacent: "R19", castle_garden_empty: "R12", no_such_cube: "R12", already_placed: "R11",
  must_place: "R11", office_used: "R11", not_your_office: "R11", slander_term_one: "R20",
  slander_used: "R20", slander_done: "R21", no_slander_chip: "R4", no_own_boss: "R20",
  no_target_boss: "R20", bad_target: "R20", chip_not_in_ward: "R24", not_enough_chips: "R24",
  already_bid: "R24", not_bidder: "R25", wrong_bonus: "R27", not_in_bag: "R27",
  not_bonus_winner: "R27", office_seats: "R31", office_twice: "R31", not_mayor: "R31",
};

export function errorRule(err) {
  return (err && ERROR_RULES[err.code]) || null;
}

/** The rule for what the seat to act may do now (the prompt's "?"). */
export function promptRule(prompt, view) {
  if (!prompt) return "R11";
  if (prompt.code === "bid") return "R24";
  if (prompt.code === "bonus") return "R27";
  if (prompt.code === "offices") return "R31";
  if (prompt.code === "game_over") return "R33";
  const seat = prompt.seats ? prompt.seats[0] : undefined;
  const office = view && seat !== undefined ? officeOf(view, seat) : null;
  const kinds = prompt.kinds || [];
  if (!kinds.includes("bosses") && !kinds.includes("boss_cube")) {
    if (OFFICE_RULES[office] && prompt.office_kind) return OFFICE_RULES[office];
    if (kinds.includes("slander")) return "R20";
    return "R11"; // placed already: the turn's steps, and ending it
  }
  return "R12";
}

const OFFICE_RULES = { deputy_mayor: "R14", chief_of_police: "R15", council_president: "R16", precinct_chairman: "R17" };

function officeOf(view, seat) {
  const p = (view.players || []).find((x) => x.seat === seat);
  return p ? p.office : null;
}

const cube = (color) => t(`phrase.cube.${color}`);
const chip = (color) => t(`phrase.chip.${color}`);
const nat = (color) => t(`nat.${color}`);

function counts(cubes) {
  const byNat = Array.isArray(cubes) ? Object.fromEntries(NATS.map((n, i) => [n, cubes[i]])) : cubes;
  const parts = NATS.filter((n) => byNat[n]).map((n) => t("nat.count", { count: byNat[n], nat: nat(n) }));
  return parts.length ? listOf(parts) : fillMessage("event.nothing", {});
}

/** The log's entries for events: each its line and the rule it rests on (a link to the
 *  Rules panel beside the line; never the rule's id). */
export function logEntries(events, names) {
  return events.map((e) => ({ text: eventText(e, names), rule: EVENT_RULES[e.e] || null }));
}

/** One log line for one event; `names` are the seats' names. */
export function eventText(e, names) {
  const name = (seat) => names[seat] ?? String(seat);
  const who = e.seat !== undefined && e.seat !== null ? name(e.seat) : "";
  const m = (key, params = {}) => fillMessage(`event.${key}`, { name: who, ...params }) ?? "";
  switch (e.e) {
    case "start_player": case "end_turn": case "bonus_skip":
      return m(e.e);
    case "zone_opens": return m(e.e, { zone: e.zone });
    case "turn": return m(e.e, { year: e.year });
    case "year": return m(e.e, { year: e.year });
    case "election": return m(e.e, { term: e.term });
    case "castle_garden": return m(e.short ? "castle_garden.short" : "castle_garden", { cubes: counts(e.cubes) });
    case "castle_garden_returned": return m(e.e, { cubes: counts(e.cubes) });
    case "placed_bosses": {
      const [a, b] = e.wards;
      return a === b ? m("placed_bosses.same", { ward: a }) : m("placed_bosses", { ward: a, ward2: b });
    }
    case "placed_boss_cube": return m(e.e, { boss: e.boss, ward: e.ward, cube: cube(e.color) });
    case "deputy": return m(e.e, { chip: chip(e.color) });
    case "police": return m(e.e, { cube: cube(e.color), ward: e.ward });
    case "lock": return m(e.e, { ward: e.ward });
    case "precinct": return m(e.e, { cube: cube(e.color), ward: e.ward, to: e.to });
    case "slander": {
      const params = { target: name(e.target), ward: e.ward, chip: chip(e.color) };
      return e.ward2 !== undefined ? m("slander.twice", { ...params, ward2: e.ward2 }) : m("slander", params);
    }
    case "bidding": return m(e.e, { ward: e.ward, names: listOf(e.seats.map(name)) });
    case "bid_placed": return m(e.e, { ward: e.ward });
    case "ward_vote": {
      const seats = Object.keys(e.votes || {});
      if (!seats.length) return m("ward_vote.none", { ward: e.ward });
      const results = seats.map((p) => m("ward_vote.part", {
        name: name(Number(p)), votes: e.votes[p], chips: counts(e.bids[p]),
      })).join("; ");
      const outcome = e.winner !== null && e.winner !== undefined
        ? m("ward_vote.winner", { name: name(e.winner) }) : m("ward_vote.tie");
      return m(e.e, { ward: e.ward, results, outcome });
    }
    case "bonus_offered": return m(e.kind === "cube" ? "bonus_offered.cube" : "bonus_offered.chip", { ward: e.ward });
    case "bonus_cube": return m(e.e, { cube: cube(e.color), ward: e.ward });
    case "bonus_chip": return m(e.e, { chip: chip(e.color) });
    case "immigrant_leaders": {
      if (!e.awards.length) return m("immigrant_leaders.none");
      const awards = e.awards.map((a) => m("immigrant_leaders.award", { names: listOf(a.seats.map(name)), nat: nat(a.color) }));
      return m(e.e, { awards: awards.join("; ") });
    }
    case "points": {
      const form = `event.points.wards.${pluralCategory(e.wards)}`;
      const wards = fillMessage(hasMessage(form) ? form : "event.points.wards.other", { count: e.wards });
      return m(e.e, { points: e.points, wards });
    }
    case "mayor": {
      if (e.seat === null || e.seat === undefined) return m("mayor.none");
      const how = NATS.includes(e.tiebreak) ? m("mayor.nat", { nat: nat(e.tiebreak) }) : m(`mayor.${e.tiebreak}`);
      // The house rule tied_mayor = stays_no_score: the mayor stays, scores nothing, and every
      // office stays with its holder (R30).
      if (e.offices_kept) return m("mayor.kept", { how });
      return m(e.e, { how });
    }
    case "offices": {
      const list = listOf(Object.entries(e.assign).map(([p, o]) => m("offices.item", { name: name(Number(p)), office: t(`office.${o}`) })));
      return m(e.e, { list });
    }
    case "favor_majority": return m(e.e, { nat: nat(e.color), names: listOf(e.seats.map(name)) });
    case "bid_sealed": case "bids_revealing": case "bid_opened":
      return m(e.e, { ward: e.ward });
    case "game_over":
      return m(e.winners.length === 1 ? "game_over" : "game_over.shared", { names: listOf(e.winners.map(name)) });
    default:
      return m(e.e);
  }
}

/** The prompt sentence for a snapshot: what the seat to act may do now. */
export function promptText(snap) {
  const p = snap.prompt;
  if (!p) return "";
  const names = (snap.view.players || []).map((x) => x.name);
  const name = p.seats && p.seats.length ? names[p.seats[0]] : "";
  const m = (key, params = {}) => fillMessage(`prompt.${key}`, { name, ...params }) ?? "";
  switch (p.code) {
    case "turn": {
      const kinds = p.kinds || [];
      const parts = [];
      if (kinds.includes("boss_cube")) parts.push(m("turn.place_cube"));
      else if (kinds.includes("bosses")) parts.push(m("turn.place"));
      const office = officeOf(snap.view, p.seats[0]);
      if (office && p.office_kind) parts.push(m("turn.office", { office: t(`office.${office}`) }));
      if (kinds.includes("slander")) parts.push(m("turn.slander"));
      if (kinds.includes("end")) parts.push(m("turn.end"));
      const text = m("turn", { list: disjunction(parts) });
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
    case "bid": return m("bid", { ward: p.ward ?? p.params.ward, names: listOf(p.seats.map((s) => names[s])) });
    case "bonus": return m((p.kinds || []).includes("bonus_cube") ? "bonus.cube" : "bonus.chip", { ward: p.ward ?? p.params.ward });
    case "offices": return m("offices");
    case "game_over": return m("game_over");
    case "device": { // across devices: a step the seat's device takes by itself (docs/remote.md)
      const ward = snap.view.election ? snap.view.election.ward : "";
      return m(`device.${(p.params || {}).kind}`, { ward });
    }
    default: return "";
  }
}

function disjunction(parts) {
  return new Intl.ListFormat(language(), { type: "disjunction" }).format(parts);
}
