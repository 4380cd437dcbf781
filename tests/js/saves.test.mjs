// The autosave's decisions (site/js/logic/saves.js; autosave.js keeps the record, session.js
// asks before replacing an unfinished game). What the browser tests also check, here without a page: a corrupt
// autosave is set aside (not read as a game), a finished game is not "unfinished", the question
// names the players and the year and is not asked for the same game, another tab's write.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as saves from "../../site/js/logic/saves.js";

const record = (extra = {}) => ({ format: saves.FORMAT, code: "BAbc", over: false, year: 3, names: ["Ann", "Bob", "Cy"], tab: "t1", ...extra });

test("readRecord: nothing stored", () => {
  assert.deepEqual(saves.readRecord(null), { status: "none" });
  assert.deepEqual(saves.readRecord(undefined), { status: "none" });
});

test("readRecord: a record of this format", () => {
  const raw = JSON.stringify(record());
  const out = saves.readRecord(raw);
  assert.equal(out.status, "ok");
  assert.equal(out.record.code, "BAbc");
  assert.equal(out.raw, raw);
});

test("readRecord: unreadable text, another format, no code: corrupt (kept with its text)", () => {
  for (const raw of ["{not json", "null", "42", JSON.stringify(record({ format: "tammany-autosave/0" })),
    JSON.stringify(record({ code: "" })), JSON.stringify(record({ code: 7 })), JSON.stringify({})]) {
    assert.deepEqual(saves.readRecord(raw), { status: "corrupt", raw }, raw);
  }
});

test("unfinished: only a readable game that is not over", () => {
  assert.equal(saves.unfinished({ status: "ok", record: record() }).code, "BAbc");
  assert.equal(saves.unfinished({ status: "ok", record: record({ over: true }) }), null);
  assert.equal(saves.unfinished({ status: "corrupt", raw: "x" }), null);
  assert.equal(saves.unfinished({ status: "none" }), null);
  assert.equal(saves.unfinished({ status: "blocked" }), null);
  assert.equal(saves.unfinished(null), null);
});

test("replaceQuestion: names the players and the year of the unfinished game", () => {
  assert.deepEqual(saves.replaceQuestion(record()), { names: "Ann, Bob, Cy", year: 3 });
});

test("replaceQuestion: nothing to ask without an unfinished game, or for that same game", () => {
  assert.equal(saves.replaceQuestion(null), null);
  assert.equal(saves.replaceQuestion(record(), "BAbc"), null);
  assert.deepEqual(saves.replaceQuestion(record(), "BOther"), { names: "Ann, Bob, Cy", year: 3 });
});

test("savable: a game at one table with a code", () => {
  assert.equal(saves.savable({ code: "B1" }), true);
  assert.equal(saves.savable({ code: "C1", game_id: "12" }), false);
  assert.equal(saves.savable({ code: "" }), false);
  assert.equal(saves.savable(null), false);
});

test("otherTabWrote: not before this tab has saved", () => {
  assert.equal(saves.otherTabWrote(JSON.stringify(record({ tab: "t2" })), null, "t1"), false);
});

test("otherTabWrote: this tab's own write, or the same text, is no conflict", () => {
  const mine = JSON.stringify(record({ tab: "t1", moves: 3 }));
  assert.equal(saves.otherTabWrote(mine, mine, "t1"), false);
  assert.equal(saves.otherTabWrote(JSON.stringify(record({ tab: "t1", moves: 4 })), mine, "t1"), false);
});

test("otherTabWrote: another tab's write, a removal or unreadable text is a conflict", () => {
  const mine = JSON.stringify(record({ tab: "t1" }));
  assert.equal(saves.otherTabWrote(JSON.stringify(record({ tab: "t2" })), mine, "t1"), true);
  assert.equal(saves.otherTabWrote(null, mine, "t1"), true);
  assert.equal(saves.otherTabWrote("{garbage", mine, "t1"), true);
});

test("overwritten: the stored value changed since this tab's last write", () => {
  assert.equal(saves.overwritten("b", "a"), true);
  assert.equal(saves.overwritten("a", "a"), false);
  assert.equal(saves.overwritten(null, "a"), false, "removed: written again");
  assert.equal(saves.overwritten("b", null), false, "nothing written yet in this game");
});
