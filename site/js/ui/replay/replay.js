// The replay viewer: any game, move by move — from the game's menu (the history so far), the
// final table ("Replay this game") or a link #g=CODE&at=N.
//
//   const viewer = createReplayViewer(container, { call, peek, onLeave, onPlayOn });
//   (call: a request with the busy signal; peek: the same without it, for fetching ahead)
//   const error = await viewer.open({ code, at });   // code: a save code, or none for the game
//                                                    // being played; null when it opened
//   viewer.hide();  viewer.open  (true while shown)
//
// Python replays (tammany/replay.py keeps a checkpoint every few moves, so a step costs a move
// or two and a jump a few); the page asks for the position after move N (`replay_at`) and draws
// it with the game's own renderers (render/map.js, render/table.js). The viewer only reads: the
// game being played, its worker state and its autosave are never touched. Never a secret (R34):
// the replay holds only revealed moves, each frame is the spectator's view, and the page holds
// the log lines up to the move on screen only (what a spectator had seen by then), newest first.
//
// Hooks: <html data-screen="replay"> once it is drawn (ui/signal.js; a step that waits for the
// worker is busy until drawn, one fetched ahead is drawn in the tap's task); #th-replay[data-hash][data-at][data-moves][data-phase] (the hash
// of the position shown, as #th-game's), .th-rp-entry[data-at] (log lines), #th-rp-slider,
// [data-step="move+1"] etc., .th-rp-election[data-term], .th-bid-chips[data-bid]; #th-rp-review
// (the computer's review, a panel under the controls: ui/replay/review-panel.js; open({review: true})
// starts it as the viewer opens).
//
// Its parts: the screen (bar, board and table: replay-screen.js), the controls (replay-controls.js),
// the move's results (replay-results.js), the log (replay-log.js), the review (review-panel.js);
// which move is shown and which frames are fetched is logic/replay-cursor.js's, where a step
// goes logic/replay-steps.js's.

import { t, message } from "../../strings.js";
import { copyText } from "../widgets/share.js";
import { replayHref } from "../../logic/links.js";
import { stopsOf, stepTarget } from "../../logic/replay-steps.js";
import { createReplayCursor } from "../../logic/replay-cursor.js";
import { pointsChart } from "../../render/points-chart.js";
import { h, usingKeyboard } from "../dom.js";
import * as signal from "../signal.js";
import { createReplayScreen } from "./replay-screen.js";
import { createReplayControls } from "./replay-controls.js";
import { createReplayResults } from "./replay-results.js";
import { createReplayLog } from "./replay-log.js";
import { createReviewPanel } from "./review-panel.js";

export function createReplayViewer(container, { call, peek = null, onLeave, onPlayOn, reviewVersion = null }) {
  let info = null;        // replay_open's answer: moves, seats, timeline, points, code
  let stops = null;       // positions to step to: turn, year, election and reveal starts

  const screen = createReplayScreen({
    onLeave, onShare: () => shareMove(), onPlayOn: () => onPlayOn(cursor.shown), onReview: () => review.reveal(),
  });
  const element = screen.element;
  const controls = createReplayControls({ go: (n) => go(n), step: (key) => step(key), active: () => !element.hidden && info !== null });
  const results = createReplayResults();
  // Points after each election (drawChart), once the replay is open.
  const chart = h("section", { class: "th-rp-chart", id: "th-rp-chart", "aria-label": t("replay.chart"), hidden: true });
  const log = createReplayLog({ go: (n) => go(n) });
  const cursor = createReplayCursor({
    ask: (at) => call("replay_at", { at }),
    peek: peek && ((at) => peek("replay_at", { at })), // fetching ahead, not busy
    wait: signal.during,
    aim: (target) => controls.aim(target),
    draw: (frame) => draw(frame),
    fail: (error) => screen.say(t("replay.failed", { message: message(error) })),
  });
  // The computer's review of this game (issue 47): a panel under the controls.
  const review = createReviewPanel({ scope: element, go: (n) => go(n), frameAt: (n) => cursor.frameAt(n), version: reviewVersion });

  const go = (at) => cursor.go(at);
  const place = () => ({ target: cursor.target, moves: info.moves, stops });
  function step(key) {
    if (info) go(stepTarget(key, place()));
  }

  function build() {
    stops = stopsOf(info.timeline);
    controls.build(info);
    log.build(info.timeline, info.seats.map((s) => s.name));
    drawChart(info.points);
  }

  // Points over time: the same chart as the final table's (render/points-chart.js).
  function drawChart(series) {
    chart.dataset.series = String(series.length);
    const drawn = series.some((s) => s.points.length);
    chart.replaceChildren(...(drawn ? [pointsChart(series, {})] : []));
    chart.hidden = !drawn;
  }

  function draw(frame) {
    screen.drawBoard(frame);
    controls.show(frame, place());
    log.show(frame.at);
    results.show(frame, info.timeline[frame.at], info.seats.map((s) => s.name));
    review.show(frame.at);
  }

  async function shareMove() {
    const link = replayHref(window.location.href, info.code, cursor.shown);
    if (await copyText(link)) { screen.say(t("replay.copied")); return; }
    const field = h("input", { type: "text", readonly: true, class: "th-share-link", id: "th-rp-link", "aria-label": t("replay.share") });
    field.value = link;
    screen.say(t("replay.copy_failed"), field);
    field.select();
  }

  return {
    element,
    /** Open a replay; resolves null once the move is drawn, or the bridge's error. */
    async open({ code = null, at = null, canPlayOn = true, leaveLabel = t("replay.back"), review: reviewing = false } = {}) {
      const params = {};
      if (code) params.code = code;
      if (at !== null && at !== undefined) params.at = at;
      const answer = await call("replay_open", params);
      if (!answer) return { message: t("replay.failed", { message: "" }) };
      if (!answer.ok) return answer.error;
      info = answer;
      cursor.open(answer.moves, answer.frame);
      build();
      review.open(info, { start: reviewing });
      // a game across devices has no Play on: its secrets are on its devices
      screen.opened({ leaveLabel, canPlayOn: canPlayOn && !answer.remote, rules: info.rules, moves: info.moves });
      screen.mount(container, { controls: controls.element, review: review.element, results: results.element, chart, log: log.element });
      element.hidden = false;
      cursor.show(answer.frame);
      if (usingKeyboard()) controls.focus();
      signal.announce("replay");
      cursor.fetchAround();
      return null;
    },
    hide() {
      if (element.hidden) return;
      element.hidden = true;
      element.remove();
      review.close();
      info = null;
      cursor.close();
      call("replay_close", {}); // the caller announces the screen it shows next
    },
    get visible() { return !element.hidden; },
    get at() { return cursor.shown; },
  };
}
