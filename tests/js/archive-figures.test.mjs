// The archive's figures as shown (site/js/logic/archive-figures.js, drawn by archive/archive.js
// and ui/archive/archive-screen.js). What the browser's archive test also checks, here without a page: a regular
// takes a free seat with their colour (swapped with its holder), a full table, the filter, the
// people in the order of their ratings, the rounding of a card's figures.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as fig from "../../site/js/logic/archive-figures.js";

const COLORS = ["red", "yellow", "purple", "black", "brown"];
const seat = (name, color, level = "human") => ({ name, color, level });
const game = (code, seats) => ({ code, finished: "2026-01-01T00:00:00Z", summary: { seats } });
const summarySeat = (player, name, color, extra = {}) => ({ player, name, color, level: "human", ...extra });

test("sameName: case, spacing and Unicode forms aside", () => {
  assert.equal(fig.sameName(" Ann ", "ann"), true);
  assert.equal(fig.sameName("Zoë", "Zoe\u0308"), true);
  assert.equal(fig.sameName("Ann", "Anne"), false);
});

test("regulars: the latest games' people first, each once, people only", () => {
  const records = [
    game("A", [summarySeat("ann", "Ann", "red"), summarySeat("bob", "Bob", "yellow")]),
    game("B", [summarySeat("cy", "Cy", "black"), { player: "computer:hard", name: "Hard", color: "red", level: "hard" }, summarySeat("ann", "ANN", "purple")]),
  ];
  const list = fig.regulars(records);
  assert.deepEqual(list.map((p) => p.player), ["cy", "ann", "bob"]);
  assert.equal(list[1].name, "ANN", "as their latest game has them");
  assert.equal(list[1].color, "purple");
});

test("regulars: at most twelve", () => {
  const records = Array.from({ length: 20 }, (_, i) => game(`G${i}`, [summarySeat(`p${i}`, `P${i}`, "red")]));
  assert.equal(fig.regulars(records).length, 12);
  assert.equal(fig.regulars(records)[0].player, "p19");
  assert.equal(fig.regulars(records, 3).length, 3);
});

test("seatRegular: the first seat without a regular, the colour swapped with its holder", () => {
  const seats = [seat("Ann", "red"), seat("Player 2", "yellow"), seat("Easy", "purple", "easy")];
  const known = [{ name: "Ann" }, { name: "Bob" }];
  const out = fig.seatRegular(seats, { name: "Bob", color: "red" }, known, COLORS);
  assert.deepEqual(out.seats, [seat("Ann", "yellow"), seat("Bob", "red"), seat("Easy", "purple", "easy")]);
  assert.equal(seats[0].color, "red", "the given seats are unchanged");
});

test("seatRegular: a regular already seated changes nothing", () => {
  const seats = [seat("ann ", "red"), seat("Bob", "yellow")];
  assert.deepEqual(fig.seatRegular(seats, { name: "Ann", color: "black" }, [{ name: "Ann" }], COLORS), { seated: true });
});

test("seatRegular: a computer's seat is never taken", () => {
  const seats = [seat("Ann", "red"), seat("Easy", "yellow", "easy")];
  const out = fig.seatRegular(seats, { name: "Cy", color: "black" }, [{ name: "Ann" }, { name: "Cy" }], COLORS);
  assert.equal(out.seats.length, 3);
  assert.deepEqual(out.seats[2], seat("Cy", "black"));
  assert.deepEqual(out.seats[1], seat("Easy", "yellow", "easy"));
});

test("seatRegular: a new seat takes their colour; an unused one goes to nobody", () => {
  const seats = [seat("Ann", "red"), seat("Bob", "yellow")];
  const out = fig.seatRegular(seats, { name: "Cy", color: "yellow" }, [{ name: "Ann" }, { name: "Bob" }, { name: "Cy" }], COLORS);
  assert.deepEqual(out.seats.map((s) => [s.name, s.color]), [["Ann", "red"], ["Bob", "purple"], ["Cy", "yellow"]]);
});

test("seatRegular: five seats of regulars are full", () => {
  const seats = COLORS.map((c, i) => seat(`P${i}`, c));
  const known = seats.map((s) => ({ name: s.name })).concat([{ name: "New" }]);
  assert.deepEqual(fig.seatRegular(seats, { name: "New", color: "red" }, known, COLORS), { full: true });
});

test("filtered: a player's games, or all", () => {
  const records = [game("A", [summarySeat("ann", "Ann", "red")]), game("B", [summarySeat("bob", "Bob", "red")])];
  assert.deepEqual(fig.filtered(records, "bob").map((r) => r.code), ["B"]);
  assert.equal(fig.filtered(records, "").length, 2);
  assert.deepEqual(fig.filtered(records, "nobody"), []);
});

test("ranked: highest rating first, no rating as 0, ties by name", () => {
  const people = {
    a: { name: "Zed", rating: { mu: 30, sigma: 2 } },
    b: { name: "Amy", rating: { mu: 30, sigma: 1 } },
    c: { name: "Bea", rating: null },
    d: { name: "Cat", rating: { mu: -1, sigma: 1 } },
  };
  assert.deepEqual(fig.ranked(people).map(([k]) => k), ["b", "a", "c", "d"]);
  assert.deepEqual(fig.ranked(null), []);
});

test("keptFilter: a player no longer listed falls back to all", () => {
  const list = [["ann", {}], ["bob", {}]];
  assert.equal(fig.keptFilter(list, "bob"), "bob");
  assert.equal(fig.keptFilter(list, "cy"), "");
  assert.equal(fig.keptFilter(list, ""), "");
});

test("personFigures: the mean and rating rounded, the spread two sigmas", () => {
  assert.deepEqual(fig.personFigures({ mean_points: 12.345, rating: { mu: 25.04, sigma: 3.333 } }),
    { mean: 12.3, rating: { mu: 25, spread: 6.7 } });
  assert.deepEqual(fig.personFigures({ mean_points: 7, rating: null }), { mean: 7, rating: null });
});

test("anchorLevels: the computers' anchors, 0 when missing", () => {
  assert.deepEqual(fig.anchorLevels({ "computer:easy": { mu: 20.06 }, "computer:hard": { mu: 31.94 } }), { random: 0, easy: 20.1, hard: 31.9 });
  assert.deepEqual(fig.anchorLevels(undefined), { random: 0, easy: 0, hard: 0 });
});

test("byRank: a game's seats by rank, the summary unchanged", () => {
  const summary = { seats: [{ name: "B", rank: 2 }, { name: "A", rank: 1 }, { name: "C", rank: 3 }] };
  assert.deepEqual(fig.byRank(summary).map((s) => s.name), ["A", "B", "C"]);
  assert.equal(summary.seats[0].name, "B");
});

test("seatLine: the winner's line, a computer named as one, the points as the count", () => {
  assert.deepEqual(fig.seatLine({ name: "Ann", level: "human", winner: true, points: 30 }), { key: "archive.game.won", name: "Ann", computer: false, count: 30 });
  assert.deepEqual(fig.seatLine({ name: "Hard", level: "hard", winner: false, points: 12 }), { key: "archive.game.seat", name: "Hard", computer: true, count: 12 });
});

test("personSeries: one series of points per game", () => {
  assert.deepEqual(fig.personSeries({ name: "Ann", color: "red", series: [{ points: 3 }, { points: 9 }] }),
    [{ name: "Ann", color: "red", points: [3, 9] }]);
});
