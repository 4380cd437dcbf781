// The start screen's seats as data: the first three, a seat added or removed, a name typed, a
// colour picked (colours stay unique), a level picked, the arrow keys in a radio group, a name's
// initial on its hat, and which seat and name Python's refusal points at. Pure — the language's
// default names and the board's colours come in; lists go out (new ones: nothing is changed in
// place). ui/start/seat-list.js draws them; ui/start/start-screen.js sends them to Python, which
// has the last word on every seat.
//
//   firstSeats(names, colors)                 → the three seats a start screen opens with
//   canAdd(seats), canRemove(seats)           → "+ Add a player" and each Remove offered
//   addSeat(seats, {names, colors, fallback}) → one more seat: the first name and colour free
//   removeSeat(seats, i), renameSeat(seats, i, name), pickLevel(seats, i, level)
//   pickColor(seats, i, color)                → the colour taken, swapped with the seat that had it
//   stepKey(options, current, key)            → the option an arrow key moves to, or null
//   initialOf(name), shorten(name)            → the hat's letter; a long name cut to 40 points
//   seatsToStart(seats), seatsFromList(list)  → what Start sends; seats kept across a language
//   refusal(seats, err)                       → {seat, name}: the field and name a refusal names

import { LEVELS } from "./waiting.js";

export const MIN_SEATS = 3;
export const MAX_SEATS = 5;
/** A name longer than this (in code points) is cut when a refusal quotes it. */
export const QUOTED_NAME = 40;

const NEXT_KEYS = new Set(["ArrowRight", "ArrowDown"]);
const PREVIOUS_KEYS = new Set(["ArrowLeft", "ArrowUp"]);

export function firstSeats(names, colors) {
  return [0, 1, 2].map((i) => ({ name: names[i], color: colors[i], level: "human" }));
}

export function canAdd(seats) {
  return seats.length < MAX_SEATS;
}

export function canRemove(seats) {
  return seats.length > MIN_SEATS;
}

/** One more seat: the first default name and the first colour no seat has. `fallback`: the
 *  name when every default name is taken ("Player 4"). Full: the seats as they were. */
export function addSeat(seats, { names, colors, fallback }) {
  if (!canAdd(seats)) return seats;
  const usedColors = new Set(seats.map((s) => s.color));
  const usedNames = new Set(seats.map((s) => s.name));
  const name = names.find((n) => !usedNames.has(n)) || fallback;
  return [...seats, { name, color: colors.find((c) => !usedColors.has(c)), level: "human" }];
}

export function removeSeat(seats, i) {
  return seats.filter((s, j) => j !== i);
}

function changed(seats, i, fields) {
  return seats.map((s, j) => (j === i ? { ...s, ...fields } : s));
}

export function renameSeat(seats, i, name) {
  return changed(seats, i, { name });
}

export function pickLevel(seats, i, level) {
  return changed(seats, i, { level });
}

/** A colour another seat holds is swapped with it, so colours stay unique. */
export function pickColor(seats, i, color) {
  const other = seats.findIndex((s, j) => j !== i && s.color === color);
  const swapped = other >= 0 ? changed(seats, other, { color: seats[i].color }) : seats;
  return changed(swapped, i, { color });
}

/** A radio group's arrow keys: right and down the next option, left and up the one before,
 *  round the ends; null for any other key. */
export function stepKey(options, current, key) {
  const step = NEXT_KEYS.has(key) ? 1 : PREVIOUS_KEYS.has(key) ? -1 : 0;
  if (!step) return null;
  const k = options.indexOf(current);
  return options[(k + step + options.length) % options.length];
}

/** The letter on a seat's hat: the name's first character, in capitals ("" for no name). */
export function initialOf(name) {
  const first = [...(name || "").trim()][0];
  return first ? first.toLocaleUpperCase() : "";
}

/** A name cut to QUOTED_NAME code points, with "…", for quoting in a refusal. */
export function shorten(name) {
  const points = [...name];
  return points.length > QUOTED_NAME ? points.slice(0, QUOTED_NAME).join("") + "…" : name;
}

/** The seats Start sends Python: {name, color, level} each, a person where no level is set. */
export function seatsToStart(seats) {
  return seats.map((s) => ({ name: s.name, color: s.color, level: s.level || "human" }));
}

/** Seats handed back (kept across a language change): an unknown level is a person. */
export function seatsFromList(list) {
  return list.map((s) => ({ name: s.name, color: s.color, level: LEVELS.includes(s.level) ? s.level : "human" }));
}

/**
 * What Python's refusal of the seats points at: `seat`, the seat whose name Python refused
 * (its `seat` parameter; -1 for any other refusal), and `name`, the name to quote — that
 * seat's, shortened, or the one the refusal names (undefined when it names none).
 */
export function refusal(seats, err) {
  const named = err?.code === "bad_name" ? err.params?.seat : undefined;
  const seat = Number.isInteger(named) && seats[named] ? named : -1;
  return { seat, name: seat >= 0 ? shorten(seats[seat].name) : err?.params?.name };
}
