"""The review's machinery in the page (site/js/review/runner.js, docs/review.md "In the page"):
a second worker weighs the decisions one by one and reports each as it comes; the page's review
of a code is the CLI's (the same JSON); a finished review is kept on the device and given back
only for the same code, seats, work and engine review version, with no worker started; stop()
stops the worker; and across devices a sealed bid its own device has not opened yet is not
weighed (R34).

The reviews here use little work (`TAMMANY_REVIEW_WORK`, the hook tests set; the properties
hold for any amount) and one seat, so each takes seconds; the figures at Hard's standard work
are `build.py bench --only review`'s.
"""

import json
from pathlib import Path

import pytest

import build
from tammany import cli
from tammany.game import Game
from tammany.review import review, version
from tammany.savecode import decode, encode

pytestmark = pytest.mark.browser

GOLDEN = json.loads((Path(__file__).parents[1] / "golden" / "savecodes.json").read_text("utf-8"))
FINISHED_3 = next(c for c in GOLDEN if c["over"] and len(c["seats"]) == 3)
MID_TURN = next(c for c in GOLDEN if c["label"].startswith("mid-turn"))
WORK = 5
CLI_FIELDS = ("version", "seats", "decisions", "chart", "win_chance", "swings")
"""Every field of `review CODE --json` (docs/review.md): the page's review holds them all."""

# Every worker the page starts, what it is sent and whether it was stopped (the game's own
# worker is the first).
WORKERS = """
(() => {
  const Native = window.Worker;
  window.__workers = [];
  window.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      const entry = { url: String(url), sent: [], terminated: false };
      window.__workers.push(entry);
      const post = this.postMessage.bind(this);
      this.postMessage = (message, ...rest) => {
        entry.sent.push(JSON.parse(JSON.stringify(message)));
        return post(message, ...rest);
      };
      const terminate = this.terminate.bind(this);
      this.terminate = () => { entry.terminated = true; return terminate(); };
    }
  };
})();
"""

# Start a review; its updates (copies) go to window.__updates[name], its end to __results[name];
# with `stopAt`, stop() is called as that many decisions have come.
START = """async ({ name, code, seats, work, stopAt, giveWay }) => {
  const runner = await import(new URL("js/review/runner.js", document.baseURI).href);
  window.__runner = runner;
  window.__updates ??= {};
  window.__results ??= {};
  window.__runs ??= {};
  window.__updates[name] = [];
  let run = null;
  run = runner.startReview({ code, seats, work, giveWay, onUpdate: (u) => {
    window.__updates[name].push(JSON.parse(JSON.stringify(u)));
    if (stopAt && run && u.status === "running" && u.decisions.length >= stopAt) run.stop();
  } });
  window.__runs[name] = run;
  run.finished.then((r) => { window.__results[name] = JSON.parse(JSON.stringify(r)); });
}"""
FINISHED = "name => window.__results && window.__results[name] !== undefined"
STORED = """async (asks) => {
  const runner = await import(new URL("js/review/runner.js", document.baseURI).href);
  const out = [];
  for (const ask of asks) out.push(await runner.storedReview(ask));
  return out;
}"""


@pytest.fixture
def page(warm_page, serve):
    """The game's page on a warm device, the review's work lowered for tests."""
    p = warm_page()
    p.add_init_script(WORKERS)
    p.add_init_script(f"globalThis.TAMMANY_REVIEW_WORK = {WORK};")
    p.goto(serve() + "?fast=1")
    p.wait_for_selector(build.READY, state="attached", timeout=120_000)
    return p


def run_review(page, name: str, code: str, seats=None, work=None) -> dict:
    page.evaluate(START, {"name": name, "code": code, "seats": seats, "work": work,
                          "stopAt": None, "giveWay": False})
    page.wait_for_function(FINISHED, arg=name, timeout=120_000)
    return page.evaluate("name => window.__results[name]", name)


def cli_review(code: str, seats, work: int = WORK) -> dict:
    """What `python3 -m tammany review CODE --seats … --json` prints, as parsed JSON."""
    return json.loads(json.dumps(review(decode(code), seats, work)))


def remote_game_before_seat_0_opens() -> tuple[str, int, str]:
    """A game across devices stopped after seat 0 sealed a bid and before it opened it: its
    code, the seal's move number, and the code one move after the opening."""
    whole = cli.play_random_remote_game(3, 1)
    history = whole.history
    seal = next(n for n, (s, a) in enumerate(history) if s == 0 and a.kind == "seal")
    opened = next(n for n in range(seal + 1, len(history))
                  if history[n][0] == 0 and history[n][1].kind == "open")
    cut = Game.replay(whole.seats, whole.seed, history[:opened], whole.game_id)
    after = Game.replay(whole.seats, whole.seed, history[:opened + 1], whole.game_id)
    return encode(cut), seal + 1, encode(after)


def workers(page) -> list[dict]:
    return page.evaluate("window.__workers")


def test_reviews_stop_are_kept_give_way_skip_an_unopened_seal_r34_and_are_the_clis(page):
    """One page, its game's worker first, each review in a worker of its own:

    - stop() ends a review and its worker; another review then runs to its end while the
      stopped one says nothing more, and the stopped one is not kept;
    - a finished review is given back only for the same code, seats, work and engine review
      version (another version's key finds nothing, a record under that key whose own version
      is not it is not trusted), with no worker started;
    - giveWay: while <html data-screen> names a game screen (docs/ui.md; set here by hand, as
      the page sets it when a game's screen is drawn) the review asks for no decision, and goes
      on to its end once another screen is up;
    - R34: reviewing a game across devices on the device whose sealed bid is not opened yet,
      the review's worker gets only the code (a commitment, no bid), and that seal is no
      decision; the CLI agrees, and weighs it once the opening is in the code;
    - the review of a golden code is the CLI's (the same JSON) and comes decision by decision,
      its own worker stopped once done and the game's worker left alone.
    """
    # stop() ends the review and its worker.
    page.evaluate(START, {"name": "stopped", "code": FINISHED_3["code"], "seats": [0],
                          "work": None, "stopAt": 1, "giveWay": False})
    page.wait_for_function(FINISHED, arg="stopped", timeout=120_000)
    got = page.evaluate("window.__results.stopped")
    assert got["status"] == "stopped" and got["done"] == 1 < got["total"]
    assert len(got["decisions"]) == 1
    # Another review to its end: by then the stopped one has said nothing more, and kept nothing.
    code = MID_TURN["code"]
    done = run_review(page, "after", code, [0])
    updates = page.evaluate("window.__updates.stopped")
    assert updates[-1] == got and [u["status"] for u in updates].count("stopped") == 1
    started = workers(page)
    assert len(started) == 3 and started[1]["terminated"]
    assert page.evaluate(STORED, [{"code": FINISHED_3["code"], "seats": [0], "work": WORK,
                                   "version": got["version"]}]) == [None]

    # The review run to its end is given back only for the same code, seats, work and version.
    assert done["status"] == "done" and done["decisions"]
    same = {"code": code, "seats": [0], "work": WORK, "version": done["version"]}
    other_code = FINISHED_3["code"]  # not reviewed to its end (yet) on this device
    # Another engine's review version finds nothing under its own key, and a record kept under
    # that key whose own version is not it (written here by hand) is not trusted either.
    page.evaluate("""async ({ code, key, version }) => {
      const db = await new Promise((resolve, reject) => {
        const req = indexedDB.open("tammany-reviews");
        req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error);
      });
      const tx = db.transaction("reviews", "readwrite");
      const store = tx.objectStore("reviews");
      const kept = await new Promise((r) => {
        store.getAll().onsuccess = (e) => r(e.target.result);
      });
      store.put({ ...kept.find((k) => JSON.parse(k.key)[0] === code), key, version });
      await new Promise((r) => { tx.oncomplete = r; });
      db.close();
    }""", {"code": code,
           "key": json.dumps([code, [0], "9.9.9+review9", WORK], separators=(",", ":")),
           "version": done["version"]})
    workers_before = len(workers(page))
    kept, *others = page.evaluate(STORED, [
        same,
        {**same, "work": WORK + 1},
        {**same, "work": None},  # undefined in the page: TAMMANY_REVIEW_WORK, the same 5
        {**same, "seats": [1]},
        {**same, "code": other_code},
        {**same, "version": "9.9.9+review9"},
    ])
    assert kept["status"] == "stored"
    assert {k: kept[k] for k in (*CLI_FIELDS, "done", "total", "reviewed")} == {
        k: done[k] for k in (*CLI_FIELDS, "done", "total", "reviewed")}
    assert [o if o is None else o["status"] for o in others] == [None, "stored", None, None, None]
    assert len(workers(page)) == workers_before  # no worker started

    # giveWay: no decision weighed while a game's screen is up; on to its end after.
    page.wait_for_selector('html[data-screen="start"]:not([data-busy])', state="attached")
    screen = "start"
    page.evaluate("document.documentElement.dataset.screen = 'turn'")
    polite = len(workers(page))  # the index of the review's worker
    page.evaluate(START, {"name": "polite", "code": code, "seats": [0],
                          "work": None, "stopAt": None, "giveWay": True})
    page.wait_for_function("() => window.__updates.polite.some(u => u.waiting)",
                           timeout=120_000)
    sent = page.evaluate("n => window.__workers[n].sent.filter(m => m.method).map(m => m.method)",
                         polite)
    assert sent == ["review_open"]  # and nothing weighed while the game's screen is up
    waiting = page.evaluate("window.__updates.polite.find(u => u.waiting)")
    assert waiting["status"] == "running" and waiting["decisions"] == []
    page.evaluate(f"document.documentElement.dataset.screen = {screen!r}")
    page.wait_for_function(FINISHED, arg="polite", timeout=120_000)
    got = page.evaluate("window.__results.polite")
    assert got["status"] == "done" and not got["waiting"]
    assert {k: got[k] for k in CLI_FIELDS} == cli_review(code, [0])

    # R34: a game across devices, seat 0's seal not opened yet on this device.
    remote, seal_move, after = remote_game_before_seat_0_opens()
    assert seal_move in {d["move"] for d in cli_review(after, [0])["decisions"]}
    n = len(workers(page))
    got = run_review(page, "remote", remote, [0])
    assert got["status"] == "done"
    assert seal_move not in {d["move"] for d in got["decisions"]}
    assert {k: got[k] for k in CLI_FIELDS} == cli_review(remote, [0])
    sent = workers(page)[n]["sent"]
    requests = [m for m in sent if "method" in m]
    assert [m["method"] for m in requests[:1]] == ["review_open"]
    assert requests[0]["params"] == {"code": remote, "seats": [0], "work": WORK}
    assert {m["method"] for m in requests[1:]} == {"review_next"}
    assert all(m["params"] == {} for m in requests[1:])

    # The review of a golden code is the CLI's, and comes decision by decision.
    n = len(workers(page))
    got = run_review(page, "golden", FINISHED_3["code"], [0])
    want = cli_review(FINISHED_3["code"], [0])
    assert got["status"] == "done"
    assert set(want) == set(CLI_FIELDS)  # nothing of the CLI's review is left out
    assert {k: got[k] for k in CLI_FIELDS} == want
    # The chart's two values after every move: expected points and win chances (summing to 1).
    assert len(got["win_chance"]) == len(got["chart"]) > 1
    assert all(abs(sum(row) - 1) < 0.01 for row in got["win_chance"])
    assert got["version"] == version()
    assert got["reviewed"] == [0] and got["done"] == got["total"] == len(want["decisions"]) > 0
    updates = page.evaluate("window.__updates.golden")
    assert [u["status"] for u in updates] == (
        ["starting"] + ["running"] * len(want["decisions"]) + ["done"])
    # Results appear as they come: each running update after the first has one decision more.
    assert [len(u["decisions"]) for u in updates[1:]] == list(range(len(want["decisions"]) + 1))
    assert all(u["decisions"] == want["decisions"][:len(u["decisions"])] for u in updates)
    started = workers(page)
    assert len(started) == n + 1 and started[n]["terminated"]  # its own, stopped once done
    assert started[0]["terminated"] is False  # the game's worker is left alone
