// The review of a game by the computer, as the player sees it (issue 47, docs/review.md): a panel
// of the replay viewer (ui/replay/replay.js). The review itself runs in a second worker and is stored
// with the game (review/runner.js); this module only starts, stops and draws it.
//
//   const panel = createReviewPanel({ scope, go, frameAt, version })
//     scope: the viewer's element (the map whose wards are marked); go(n): show move n;
//     frameAt(n): a promise of the replay's frame after move n (the view the move was made in);
//     version: the engine's review version (hello's review_version: a stored review is reused
//     only for the same one)
//   panel.element   panel.open(info, {start})   panel.show(at, frame)   panel.close()
//
// What it shows: one sentence on what its two values are (expected final points, win chance),
// whose moves are reviewed (people by default; every seat when all are computers; the player
// may tick others), a progress bar with Stop, each player's accuracy, labels and average loss
// (win chance and expected points) as they come, and at the move on screen its label, what it
// lost in both units (± their standard errors), the move played and the better move, both
// worded as "Suggest a move" words a move; on the map the better move is striped as a
// suggestion is (the suggestion's own marks, ui/widgets/marks.js) with a dashed outline, the move played has a
// solid one, and each carries a small labelled badge ("Played", "Better"). The chart shows
// everyone's win chance or expected points (a toggle; render/review-chart.js) with the turning
// points and the labelled moves, and the key moments (the largest losses and the swings). A tap
// on either jumps the viewer to that move and brings the board and the verdict into view: on
// phones the verdict sits under the map (#th-rv-dock), so the two are seen together. In
// portrait the panel takes the table's whole width (.is-reviewing on the viewer). In blind mode
// the move's label and the better move are read out (ui/widgets/blind.js). Leaving the viewer does not
// stop a review: it goes on in its worker and is kept when done; the same game's replay shows
// it again where it is, another game's review (or Stop) stops it.
//
// Its parts, each in its own module here: the controls (review-controls.js: whose moves, the
// run's bar and status line), the runs (review-run.js: stored, started, stopped, taken over),
// the verdict of the move on screen (review-verdict.js, its marks on the map: review-map.js),
// the chart and its toggle (review-chart-box.js), the players' figures and the key moments
// (review-lists.js). What each shows is decided in logic/review-view.js (and where on the map,
// logic/review-marks.js), pure and tested in Node (tests/js); this module wires them.
//
// Hooks (docs/ui.md): #th-review[data-status][data-done][data-total][data-seats], .th-rv-intro;
// #th-rv-start, #th-rv-stop, #th-rv-progress, #th-rv-status (role=status);
// #th-rv-move[data-move][data-label][data-better][data-played] with .th-rv-label[data-label],
// .th-rv-loss, .th-rv-values, .th-rv-played, .th-rv-better, .th-rv-why; #th-rv-dock (phones);
// .th-rv-player[data-seat][data-accuracy]; .th-rv-moment[data-move][data-kind]; the chart's
// .th-rv-unit[data-unit][aria-pressed], .th-rv-chart[data-unit], .th-rvc-mark[data-move]
// [data-kind]; on the map .th-rv-mark-played / .th-sug-target (+ .th-rv-mark-better) and
// .th-rv-badge[data-kind][data-ward|data-castle]; #th-rv-speech (blind mode's lines).

import { t, language, listOf, message, hasMessage } from "../../strings.js";
import { h } from "../dom.js";
import { createSpeaker } from "../widgets/blind.js";
import { defaultSeats, figures, isRunning, keyMoments, playerRows, showsAsItIs, statusWords } from "../../logic/review-view.js";
import { createReviewRuns, emptyReview } from "./review-run.js";
import { createSeatChooser, createRunBar } from "./review-controls.js";
import { createVerdict } from "./review-verdict.js";
import { createChartBox } from "./review-chart-box.js";
import { drawPlayers, createMoments } from "./review-lists.js";

/** What went wrong with a review, worded: the engine's refusal, else a general sentence. */
function failure(code) {
  if (code && hasMessage(String(code))) return message({ code, params: {} });
  return t("rv.error");
}

/** The section's hooks for review `r` of the seats `reviewed`: data-status, data-done,
 *  data-total, data-seats (docs/ui.md). */
function stamp(element, r, reviewed) {
  element.dataset.status = r.status;
  element.dataset.done = String(r.done ?? 0);
  element.dataset.total = String(r.total ?? 0);
  element.dataset.seats = reviewed.join(",");
}

/** The panel's section: its title, the sentence under it (what its two values are), then
 *  `parts`; hidden until shown. */
function panelSection(parts) {
  const title = h("h2", { class: "th-rv-title", id: "th-rv-title", text: t("rv.title") });
  const intro = h("p", { class: "th-fine th-rv-intro", id: "th-rv-intro", text: t("rv.intro") });
  const element = h("section", { class: "th-review", id: "th-review", hidden: true, "aria-labelledby": "th-rv-title", "aria-describedby": "th-rv-intro", dataset: { status: "idle", done: 0, total: 0 } }, [
    title, intro, ...parts,
  ]);
  return { element, title };
}

export function createReviewPanel({ scope, go, frameAt, version }) {
  const seats = createSeatChooser((chosen) => bar.allow(chosen));
  const bar = createRunBar({ onStart: () => begin(), onStop: () => runs.halt() });
  const verdict = createVerdict({ scope, frameAt, speak: (lines) => readout.say(lines) });
  const players = h("ul", { class: "th-rv-players", "aria-label": t("rv.players") });
  const chart = createChartBox({ onPick: (n) => jump(n), now: () => at });
  const moments = createMoments({ onPick: (n) => jump(n) });
  const { element, title } = panelSection([seats.element, bar.element, bar.status, verdict.home, players, chart.element, moments.element]);
  const readout = createSpeaker(element, "th-rv-speech");
  const runs = createReviewRuns({ version, onUpdate: (r) => update(r) });

  let info = null;    // the replay's summary (code, seats, moves, timeline)
  let result = null;  // the latest result (runner.js)
  let at = 0;         // the move on screen

  /** The panel shown or hidden; in portrait it then takes the table's width (.is-reviewing). */
  function setShown(shown) {
    element.hidden = !shown;
    scope.classList.toggle("is-reviewing", shown);
    verdict.place(shown);
  }

  /** A tap on a key moment or a chart mark: that move, with the board and its verdict in view. */
  function jump(n) {
    verdict.intoView(n);
    go(n);
    if (at === n) verdict.intoViewNow(n);
  }

  /** The review of the seats ticked: the one kept on this device at once, else one started. */
  function begin() {
    const chosen = seats.chosen();
    if (!chosen.length || !info) return;
    runs.begin(info.code, chosen);
  }

  /** Take over the page's running review of this game (a panel built again), if there is one. */
  function adopt(replay) {
    const taken = runs.adopt(replay.code);
    if (!taken) return false;
    info = replay;
    seats.draw(info.seats, taken.seats);
    setShown(true);
    update(taken.result);
    return true;
  }

  function update(r) {
    result = r;
    const reviewed = runs.reviewed(r);
    stamp(element, r, reviewed);
    runs.settled(r);
    seats.lock(isRunning(r.status));
    bar.draw(r, statusWords(r, listOf(reviewed.map((s) => info.seats[s]?.name ?? "")), failure(r.error)));
    const fig = figures(language());
    drawPlayers(players, playerRows(r, fig), info.seats);
    chart.draw(r, info);
    moments.draw(keyMoments(r, info.seats.map((s) => s.name), fig));
    show(at);
  }

  function show(n) {
    at = n;
    if (element.hidden) return;
    chart.at(n);
    moments.at(n);
    verdict.show(n, result, info, runs.reviewed(result));
  }

  return {
    element,
    /** A replay opened: the stored review of its people (if any) shows at once; `start`: run it. */
    open(replay, { start: starting = false } = {}) {
      if (info && showsAsItIs(result, info.code, replay.code, starting)) {
        info = replay;
        chart.reset();
        setShown(true);
        update(result);
        return;
      }
      if (!info && adopt(replay)) return;
      runs.halt(true);
      info = replay;
      result = null;
      chart.reset();
      moments.reset();
      verdict.forget();
      const chosen = defaultSeats(info.seats);
      seats.draw(info.seats, chosen);
      setShown(starting);
      update(emptyReview("idle", []));
      if (starting) { begin(); return; }
      // A review kept with the game is shown at once (the panel opens with it).
      runs.whenKept(info.code, chosen, () => info && result.status === "idle", (stored) => { setShown(true); update(stored); });
    },
    /** "Review" in the viewer's bar: the panel shown (and run, if it has not yet). */
    reveal() {
      const first = element.hidden;
      setShown(true);
      if (!result || result.status === "idle") begin();
      else show(at);
      if (first) title.scrollIntoView({ block: "nearest" });
    },
    show,
    /** The viewer left: a review that runs goes on in its worker (kept when done; the same
     *  game's replay shows it again, another game's review stops it). */
    close() { verdict.close(); },
    get visible() { return !element.hidden; },
  };
}
