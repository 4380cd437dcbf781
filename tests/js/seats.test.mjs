// The start screen's seats (site/js/logic/seats.js; ui/start/seat-list.js draws them, the start
// screen sends them). What the browser tests also meet, here without a page: the three seats a
// start screen opens with and the seats a player adds (test_layout.py's 4 and 5 players), the
// levels picked (test_bots_page.py's computers), the name test_ui.py's refused hostile name
// quotes. Only here: a colour taken from another seat is swapped, the arrow keys in a group,
// a long name cut when quoted.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as seats from "../../site/js/logic/seats.js";
import { LEVELS } from "../../site/js/logic/waiting.js";
import { language } from "./helpers.mjs";

const NAMES = language("en").strings["start.default_names"].split("|");
const COLORS = ["red", "yellow", "purple", "black", "brown"]; // render/pieces.js PLAYER_COLORS
const add = (list, fallback = "Player") => seats.addSeat(list, { names: NAMES, colors: COLORS, fallback });
const first = () => seats.firstSeats(NAMES, COLORS);

test("a start screen opens with three people, the first names and colours", () => {
  assert.deepEqual(first(), [
    { name: "Anna", color: "red", level: "human" },
    { name: "Boris", color: "yellow", level: "human" },
    { name: "Clara", color: "purple", level: "human" },
  ]);
  assert.equal(seats.canAdd(first()), true);
  assert.equal(seats.canRemove(first()), false);
});

test("a seat added takes the first name and colour no seat has; five at most", () => {
  const four = add(first());
  assert.deepEqual(four[3], { name: "Declan", color: "black", level: "human" });
  assert.equal(seats.canRemove(four), true);
  // The first seat gone: its name and colour are the first free ones again.
  assert.deepEqual(add(seats.removeSeat(four, 0))[3], { name: "Anna", color: "red", level: "human" });
  const five = add(four);
  assert.equal(five.length, seats.MAX_SEATS);
  assert.equal(seats.canAdd(five), false);
  assert.equal(add(five), five);
});

test("every default name taken (renamed seats keep theirs): the fallback name", () => {
  const list = seats.addSeat(first(), { names: ["Anna", "Boris", "Clara"], colors: COLORS, fallback: "Player 4" });
  assert.deepEqual(list[3], { name: "Player 4", color: "black", level: "human" });
  const renamed = seats.renameSeat(first(), 0, "Declan");
  assert.equal(add(renamed)[3].name, "Anna"); // a default name freed by a rename is offered again
});

test("a colour another seat holds is swapped with it: colours stay unique", () => {
  const swapped = seats.pickColor(first(), 0, "purple");
  assert.deepEqual(swapped.map((s) => s.color), ["purple", "yellow", "red"]);
  assert.deepEqual(seats.pickColor(first(), 1, "brown").map((s) => s.color), ["red", "brown", "purple"]);
  assert.deepEqual(first().map((s) => s.color), ["red", "yellow", "purple"]); // nothing changed in place
});

test("a level picked, a seat removed, a name typed: the other seats as they were", () => {
  const list = add(first());
  assert.deepEqual(seats.pickLevel(list, 1, "hard").map((s) => s.level), ["human", "hard", "human", "human"]);
  assert.deepEqual(seats.removeSeat(list, 1).map((s) => s.name), ["Anna", "Clara", "Declan"]);
  assert.deepEqual(seats.renameSeat(list, 2, "Zoë").map((s) => s.name), ["Anna", "Boris", "Zoë", "Declan"]);
});

test("the arrow keys in a radio group: right and down forward, left and up back, round the ends", () => {
  assert.equal(seats.stepKey(COLORS, "red", "ArrowRight"), "yellow");
  assert.equal(seats.stepKey(COLORS, "red", "ArrowDown"), "yellow");
  assert.equal(seats.stepKey(COLORS, "red", "ArrowLeft"), "brown");
  assert.equal(seats.stepKey(COLORS, "brown", "ArrowRight"), "red");
  assert.equal(seats.stepKey(LEVELS, "human", "ArrowUp"), "hard");
  assert.equal(seats.stepKey(LEVELS, "easy", "ArrowDown"), "hard");
  assert.equal(seats.stepKey(LEVELS, "easy", "Enter"), null);
  assert.equal(seats.stepKey(LEVELS, "easy", "Tab"), null);
});

test("the hat's letter: the first character, in capitals", () => {
  assert.equal(seats.initialOf("anna"), "A");
  assert.equal(seats.initialOf("  ζωή"), "Ζ");
  assert.equal(seats.initialOf("🎩 hat"), "🎩");
  assert.equal(seats.initialOf("   "), "");
  assert.equal(seats.initialOf(undefined), "");
});

test("what Start sends, and seats handed back: a person where the level is unknown", () => {
  const list = [{ name: "A", color: "red" }, { name: "B", color: "black", level: "easy", extra: 1 }];
  assert.deepEqual(seats.seatsToStart(list), [
    { name: "A", color: "red", level: "human" }, { name: "B", color: "black", level: "easy" },
  ]);
  assert.deepEqual(seats.seatsFromList([{ name: "A", color: "red", level: "wizard" }, { name: "B", color: "black", level: "hard" }]), [
    { name: "A", color: "red", level: "human" }, { name: "B", color: "black", level: "hard" },
  ]);
});

test("a refused name: the seat Python's refusal names, its name quoted (cut at 40 points)", () => {
  const hostile = "<img src=x onerror=alert(1)>"; // test_ui.py's, 28 code points
  const list = seats.renameSeat(first(), 1, hostile);
  assert.deepEqual(seats.refusal(list, { code: "bad_name", params: { name: hostile.slice(0, 20), seat: 1 } }), { seat: 1, name: hostile });
  const long = "ü".repeat(45);
  assert.deepEqual(seats.refusal(seats.renameSeat(first(), 2, long), { code: "bad_name", params: { seat: 2 } }), { seat: 2, name: `${"ü".repeat(40)}…` });
  assert.equal(seats.shorten("🎩".repeat(41)), `${"🎩".repeat(40)}…`);
  assert.equal(seats.shorten("🎩".repeat(40)), "🎩".repeat(40));
});

test("another refusal: no seat; the name it names, if any", () => {
  assert.deepEqual(seats.refusal(first(), { code: "bad_seats", params: {} }), { seat: -1, name: undefined });
  assert.deepEqual(seats.refusal(first(), { code: "bad_name", params: { name: "Anna" } }), { seat: -1, name: "Anna" });
  assert.deepEqual(seats.refusal(first(), "no worker"), { seat: -1, name: undefined });
});
