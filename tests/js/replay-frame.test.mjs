// What a position of the replay viewer shows (site/js/logic/replay-frame.js, drawn by
// ui/replay/replay-controls.js, replay-log.js, replay-results.js and replay-screen.js), on a
// real replay (fixtures/replay.json: a finished game of three, as replay_open answers it),
// worded in English from the real language file. What the browser's replay tests
// (tests/browser/test_replay_page.py) also check, here without a page: the ward cards at each
// reveal move are the engine's ward_vote events, their bids and winner
// (reveal_steps_show_the_engines_bids, R24, R26); the log holds the moves up to the one on
// screen only, newest first (slider_and_log_jumps; R34, nothing of a later move); a move
// between two sealed bids shows no results (nothing_of_the_coming_reveal_between_two_bids).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as frame from "../../site/js/logic/replay-frame.js";
import { createWords } from "../../site/js/logic/words.js";
import { readJson, language } from "./helpers.mjs";

const REPLAY = readJson("tests/js/fixtures/replay.json");
const { moves, timeline } = REPLAY;
const words = createWords({ strict: true });
words.register(language("en").strings);
const said = (list) => list.map(({ key, params }) => words.t(key, params)).join(" · ");
const VOTES = timeline.flatMap((entry) => entry.events.filter((e) => e.e === "ward_vote").map((e) => ({ entry, vote: e })));

test("the line over the slider: the set-up, a move and its year, an election, the end", () => {
  assert.equal(said(frame.positionWords(0, moves, { phase: "turn", year: 1 })), "The start, before move 1 of 165 · Year 1");
  assert.equal(said(frame.positionWords(12, moves, { phase: "turn", year: 2, election: null, term: 1 })), "Move 12 of 165 · Year 2");
  assert.equal(said(frame.positionWords(26, moves, { phase: "bid", year: 4, election: { ward: 2 }, term: 1 })),
    "Move 26 of 165 · Year 4 · Election of term 1");
  const last = REPLAY.frame;
  assert.equal(last.at, moves);
  assert.equal(said(frame.positionWords(last.at, moves, last.view)), "Move 165 of 165 · Game over · Election of term 4");
  assert.equal(said([frame.sliderWords(12, moves, { year: 2 })]), "Move 12 of 165, year 2");
});

test("the election button that is current: the term of the election on, or none", () => {
  assert.equal(frame.electionOn({ election: { ward: 3 }, term: 2 }), 2);
  assert.equal(frame.electionOn({ election: null, term: 2 }), 0);
});

test("the wards a move touched: its events' wards, a sealed bid's left out", () => {
  assert.deepEqual([...frame.touchedWards([{ e: "precinct", ward: 4, to: 6, color: "irish" }])], [4, 6]);
  assert.deepEqual([...frame.touchedWards([{ e: "placed_boss_cube", ward: 7, boss: 14 }])], [7, 14]);
  assert.deepEqual([...frame.touchedWards([{ e: "slander", ward: 2, ward2: 9, target: 1 }])], [2, 9]);
  assert.deepEqual([...frame.touchedWards([{ e: "bidding", ward: 2 }, { e: "bid_placed", ward: 2, seat: 1 }])], []);
  assert.deepEqual([...frame.touchedWards([{ e: "ward_vote", ward: 5 }, { e: "bonus_offered", ward: 5, seat: 0 }])], [5]);
  assert.deepEqual([...frame.touchedWards([{ e: "end_turn", seat: 1 }])], []);
});

test("the log holds the lines of moves 0 … the move on screen, newest first, whatever the jumps", () => {
  let log = [];  // the moves whose lines are in the page, top first
  let upTo = -1;
  for (const at of [moves, 1, 55, 54, 120, 0, 82, 83, moves]) {
    const { remove, add } = frame.logChange(upTo, at);
    log = [...add, ...log.filter((n) => !remove.includes(n))];
    assert.deepEqual(log, [...Array(at + 1).keys()].reverse(), `at ${at}`);
    assert.ok(remove.every((n) => n > at) && add.every((n) => n > upTo)); // only what changed
    upTo = at;
  }
  assert.deepEqual(frame.logChange(7, 7), { remove: [], add: [] });
});

test("a move that decided nothing shows no results; neither does a sealed bid before its reveal (R34)", () => {
  for (const entry of timeline) {
    const counted = entry.events.some((e) => ["ward_vote", "mayor", "points", "game_over"].includes(e.e));
    assert.equal(frame.decided(entry.events) !== null, counted, `move ${entry.n}`);
  }
  const sealed = timeline.filter((entry) => entry.events.length === 1 && entry.events[0].e === "bid_placed");
  assert.ok(sealed.length);
  for (const entry of sealed) assert.equal(frame.decided(entry.events), null);
});

test("a reveal's cards are its ward_vote events, in order; the count's summary follows the mayor's move", () => {
  for (const entry of timeline.filter((e) => e.reveal.length)) {
    assert.deepEqual(frame.decided(entry.events).votes.map((v) => v.ward), entry.reveal);
  }
  for (const entry of timeline.filter((e) => e.election_done)) {
    const kinds = frame.decided(entry.events).summary.map((e) => e.e);
    assert.ok(kinds.includes("mayor") && kinds.includes("points"), `move ${entry.n}`);
    assert.ok(!kinds.includes("ward_vote") && !kinds.includes("bonus_offered"));
  }
  assert.ok(frame.decided(timeline[moves].events).summary.some((e) => e.e === "game_over"));
});

test("each ward's card shows the engine's bids, votes and winner (R24, R26)", () => {
  assert.ok(VOTES.length > 40);
  for (const { entry, vote } of VOTES) {
    const result = frame.wardResult(vote, frame.decided(entry.events).bonus);
    assert.equal(result.ward, vote.ward);
    assert.deepEqual(Object.fromEntries(result.rows.map((r) => [String(r.seat), r.bid])), vote.bids);
    for (const row of result.rows) {
      assert.equal(row.votes, vote.votes[String(row.seat)]);
      assert.equal(row.bosses + row.chips, row.votes);
      assert.ok(row.bosses >= 1); // a candidate has a boss in the ward
    }
    assert.equal(result.rows.filter((r) => r.winner).length, vote.winner === null ? 0 : 1);
    assert.equal(result.winner, vote.winner);
  }
});

test("a tie, a ward with no candidates, and the bonus offered to the ward's winner only", () => {
  const ties = VOTES.filter(({ vote }) => vote.winner === null && Object.keys(vote.votes).length);
  assert.ok(ties.length);
  for (const { vote } of ties) assert.equal(frame.wardResult(vote).winner, null);
  const empty = VOTES.find(({ vote }) => !Object.keys(vote.votes).length);
  assert.deepEqual(frame.wardResult(empty.vote).rows, []);
  const offered = VOTES.filter(({ entry }) => entry.events.some((e) => e.e === "bonus_offered"));
  assert.ok(offered.length);
  for (const { entry, vote } of offered) {
    const bonus = entry.events.find((e) => e.e === "bonus_offered");
    const result = frame.wardResult(vote, bonus);
    assert.equal(result.bonus, bonus.ward === vote.ward ? bonus.seat : null);
    if (result.bonus !== null) assert.equal(result.bonus, vote.winner); // the ward's winner may claim it
  }
  assert.equal(frame.wardResult(VOTES[0].vote, null).bonus, null);
});

test("a bid's chips by nationality, those bid only, in nationality order", () => {
  assert.deepEqual(frame.bidParts([0, 2, 0, 1]), [{ nat: "english", count: 2 }, { nat: "italian", count: 1 }]);
  assert.deepEqual(frame.bidParts([0, 0, 0, 0]), []);
  assert.deepEqual(frame.bidParts([3, 0, 0, 0]), [{ nat: "irish", count: 3 }]);
});
