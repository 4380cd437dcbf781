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
// Hooks (docs/ui.md): #th-review[data-status][data-done][data-total][data-seats], .th-rv-intro;
// #th-rv-start, #th-rv-stop, #th-rv-progress, #th-rv-status (role=status);
// #th-rv-move[data-move][data-label][data-better][data-played] with .th-rv-label[data-label],
// .th-rv-loss, .th-rv-values, .th-rv-played, .th-rv-better, .th-rv-why; #th-rv-dock (phones);
// .th-rv-player[data-seat][data-accuracy]; .th-rv-moment[data-move][data-kind]; the chart's
// .th-rv-unit[data-unit][aria-pressed], .th-rv-chart[data-unit], .th-rvc-mark[data-move]
// [data-kind]; on the map .th-rv-mark-played / .th-sug-target (+ .th-rv-mark-better) and
// .th-rv-badge[data-kind][data-ward|data-castle]; #th-rv-speech (blind mode's lines).

import { t, language, listOf, message, hasMessage } from "../../strings.js";
import { h, clear } from "../dom.js";
import { reviewChart } from "../../render/review-chart.js";
import { el } from "../../render/pieces.js";
import { markAction, unmarkAll } from "../widgets/marks.js";
import { moveText, whyText } from "../../i18n/action-text.js";
import { tapsOf } from "../../logic/taps.js";
import { createSpeaker } from "../widgets/blind.js";
import { startReview, storedReview, reviewWork } from "../../review/runner.js";

const LABELS = ["inaccuracy", "mistake", "blunder"];
// The review that runs, for the whole page: one at a time, whichever panel shows it (a change of
// language builds the panel again, and the new one takes it over). {code, seats, run, result,
// listener}
let live = null;
const RUNNING = new Set(["starting", "running"]);
/** The chart's unit: "win" (each player's chance to win, as lichess's advantage chart) or
 * "points" (expected final points); kept for the page's visit (a new panel keeps it). */
let chartUnit = "win";
/** Phones (docs/ui.md, "Layout"): the page scrolls and the verdict sits under the map. */
const PHONE = "(max-width: 760px)";
const PLAYED = "th-rv-mark-played"; // the map's marks of the two moves
const BETTER = "th-rv-mark-better";
/** The least win chance an inaccuracy loses (review.py LABELS): a "good" move that lost as much
 * was not labelled only because its samples could not tell the loss from chance. */
const NOISY = 0.05;

/** A figure with one decimal in the page's language. */
function num(n) {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

/** A win chance (0–1) as a percentage figure with one decimal (the sentences add the "%"). */
const pct = (p) => num(100 * p);

/** A change with its sign (+1.2, −0.4) in the page's language. */
function signed(n) {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(n);
}

export function createReviewPanel({ scope, go, frameAt, version }) {
  const title = h("h2", { class: "th-rv-title", id: "th-rv-title", text: t("rv.title") });
  const intro = h("p", { class: "th-fine th-rv-intro", id: "th-rv-intro", text: t("rv.intro") });
  const seatBox = h("fieldset", { class: "th-rv-seats" });
  const start = h("button", { type: "button", class: "th-button th-primary th-small", id: "th-rv-start", onclick: () => begin() }, t("rv.start"));
  const stop = h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-rv-stop", hidden: true, onclick: () => halt() }, t("rv.stop"));
  const count = h("span", { class: "th-rv-count", id: "th-rv-count" });
  const progress = h("progress", { class: "th-rv-progress", id: "th-rv-progress", max: "1", value: "0", "aria-labelledby": "th-rv-title th-rv-count" });
  const status = h("p", { class: "th-rv-status", id: "th-rv-status", role: "status" });
  const verdict = h("div", { class: "th-rv-move", id: "th-rv-move", "aria-live": "polite" });
  // The verdict's place in the panel, and under the map on phones (placeVerdict).
  const verdictHome = h("div", { class: "th-rv-move-home" }, verdict);
  const dock = h("div", { class: "th-rv-dock", id: "th-rv-dock" });
  scope.querySelector(".th-board")?.after(dock);
  const unitButtons = ["win", "points"].map((unit) => h("button", {
    type: "button", class: "th-button th-secondary th-small th-rv-unit", dataset: { unit },
    "aria-pressed": String(unit === chartUnit), onclick: () => setUnit(unit),
  }, t(`rv.unit.${unit}`)));
  const units = h("div", { class: "th-rv-units", role: "group", "aria-label": t("rv.unit.label") }, unitButtons);
  const chartPlace = h("div", { class: "th-rv-chart-place" });
  const players = h("ul", { class: "th-rv-players", "aria-label": t("rv.players") });
  const chartBox = h("figure", { class: "th-rv-chart", hidden: true });
  const moments = h("ol", { class: "th-rv-moments", id: "th-rv-moments" });
  const momentsBox = h("section", { class: "th-rv-moments-box", hidden: true, "aria-labelledby": "th-rv-moments-title" }, [
    h("h3", { class: "th-rv-subtitle", id: "th-rv-moments-title", text: t("rv.moments") }), moments,
  ]);
  const element = h("section", { class: "th-review", id: "th-review", hidden: true, "aria-labelledby": "th-rv-title", "aria-describedby": "th-rv-intro", dataset: { status: "idle", done: 0, total: 0 } }, [
    title,
    intro,
    seatBox,
    h("div", { class: "th-rv-run" }, [start, stop, h("div", { class: "th-rv-bar" }, [progress, count])]),
    status,
    verdictHome,
    players,
    chartBox,
    momentsBox,
  ]);
  const readout = createSpeaker(element, "th-rv-speech");

  let info = null;    // the replay's summary (code, seats, moves, timeline)
  let run = null;     // the running review: {stop(), finished}
  let result = null;  // the latest result (runner.js)
  let chart = null;   // the chart drawn, and the marks it was drawn with
  let drawnMarks = "";
  let at = 0;         // the move on screen
  let asked = 0;      // the verdict being worded (a later move drops an earlier one)
  let runs = 0;       // a newer run drops an older one's updates
  let pending = [];   // the seats asked for (the engine names them once it has answered)
  let reveal = null;  // a move jumped to from the review: the board and its verdict brought into view
  const phone = window.matchMedia(PHONE);

  const names = () => info.seats.map((s) => s.name);

  // --- where the panel and its verdict are ------------------------------------------------------
  /** The panel shown or hidden; in portrait it then takes the table's width (.is-reviewing). */
  function setShown(shown) {
    element.hidden = !shown;
    scope.classList.toggle("is-reviewing", shown);
    placeVerdict();
  }

  /** On phones the verdict sits under the map (the page scrolls: the board and the words of the
   *  move on it are seen together); elsewhere in the panel, beside the map. */
  function placeVerdict() {
    const home = phone.matches && !element.hidden ? dock : verdictHome;
    if (verdict.parentNode !== home) home.appendChild(verdict);
  }
  phone.addEventListener("change", () => { if (element.isConnected) placeVerdict(); });

  /** A tap on a key moment or a chart mark: that move, with the board and its verdict in view. */
  function jump(n) {
    reveal = n;
    go(n);
    if (at === n && !verdict.dataset.pending) bringIntoView(n);
  }

  /** Once the verdict of a move jumped to is complete: on phones the page scrolled to the
   *  board (the verdict under it), elsewhere the table's column to the verdict. Once a jump. */
  function bringIntoView(n) {
    if (reveal !== n || element.hidden) return;
    reveal = null;
    const board = scope.querySelector(".th-board");
    if (phone.matches && board) {
      board.scrollIntoView({ block: "start" }); // the verdict follows it (the dock)
      if (verdict.getBoundingClientRect().bottom > window.innerHeight) verdict.scrollIntoView({ block: "end" });
    } else {
      verdict.scrollIntoView({ block: "nearest" }); // the table's column scrolls; the map stays
    }
  }

  // --- whose moves --------------------------------------------------------------------------
  function defaultSeats() {
    const people = info.seats.map((s, i) => (s.level === "human" ? i : null)).filter((i) => i !== null);
    return people.length ? people : info.seats.map((_, i) => i);
  }

  function drawSeats(chosen) {
    clear(seatBox);
    seatBox.appendChild(h("legend", { text: t("rv.seats") }));
    info.seats.forEach((s, i) => {
      const id = `th-rv-seat-${i}`;
      const name = s.level === "human" ? s.name : t("archive.game.computer", { name: s.name });
      seatBox.appendChild(h("label", { class: "th-rv-seat", for: id }, [
        h("input", { type: "checkbox", id, value: String(i), checked: chosen.includes(i), onchange: () => { start.disabled = !chosenSeats().length; } }),
        h("span", { text: name }),
      ]));
    });
    start.disabled = !chosen.length;
  }

  const chosenSeats = () => [...seatBox.querySelectorAll("input:checked")].map((i) => Number(i.value));

  // --- running ------------------------------------------------------------------------------
  // A review kept on this device for these seats is shown at once; else one is started.
  async function begin() {
    const seats = chosenSeats();
    if (!seats.length || !info) return;
    halt(true);
    const mine = ++runs;
    const work = reviewWork();
    const code = info.code;
    pending = seats;
    update({ status: "starting", done: 0, total: 0, decisions: [], seats: [], chart: [], swings: [], reviewed: seats });
    const stored = await kept(code, seats);
    if (mine !== runs) return;
    if (stored) { update(stored); return; }
    if (live && live.run && live.result && RUNNING.has(live.result.status)) live.run.stop(); // one at a time
    const entry = { code, seats, run: null, result: null, listener: (r) => { if (mine === runs) update(r); } };
    live = entry;
    // giveWay: while a game is played on this page the review holds its next decision, so the
    // game's taps keep the machine (docs/review.md, "In the page").
    entry.run = startReview({ code, seats, work, giveWay: true,
      onUpdate: (r) => { entry.result = r; entry.listener(r); } });
    run = entry.run;
  }

  /** Take over the page's running review of this game (a panel built again), if there is one. */
  function adopt(replay) {
    if (!live || live.code !== replay.code || !live.result || !RUNNING.has(live.result.status)) return false;
    const mine = ++runs;
    info = replay;
    run = live.run;
    live.listener = (r) => { if (mine === runs) update(r); };
    pending = live.seats;
    drawSeats(pending);
    setShown(true);
    update(live.result);
    return true;
  }

  async function kept(code, seats) {
    try { return await storedReview({ code, seats, work: reviewWork(), version }); } catch { return null; }
  }

  function halt(quiet = false) {
    if (!run) return;
    const stopping = run;
    run = null;
    stopping.stop();
    if (quiet) runs += 1; // a new run follows: the old one's last words are not shown
  }

  function update(r) {
    result = r;
    element.dataset.status = r.status;
    element.dataset.done = String(r.done ?? 0);
    element.dataset.total = String(r.total ?? 0);
    element.dataset.seats = (r.reviewed || pending).join(",");
    const running = RUNNING.has(r.status);
    if (!running) run = null;
    stop.hidden = !running;
    start.hidden = running;
    start.textContent = t(r.status === "idle" ? "rv.start" : "rv.again");
    for (const box of seatBox.querySelectorAll("input")) box.disabled = running;
    progress.max = String(Math.max(1, r.total || 0));
    progress.value = String(r.done || 0);
    count.textContent = r.total ? t("rv.count", { done: r.done || 0, count: r.total }) : "";
    drawStatus(r);
    drawPlayers(r);
    drawChart(r);
    drawMoments(r);
    show(at);
  }

  function drawStatus(r) {
    const who = listOf((r.reviewed || pending).map((s) => info.seats[s]?.name ?? ""));
    let text = "";
    if (r.status === "starting") text = t("rv.status.starting", { names: who });
    else if (r.status === "running" && r.waiting) text = t("rv.status.waiting");
    else if (r.status === "running") text = t("rv.status.running", { names: who });
    else if (r.status === "done" || r.status === "stored") text = t("rv.status.done", { count: r.total || 0, names: who });
    else if (r.status === "stopped") text = t("rv.status.stopped", { done: r.done || 0, count: r.total || 0 });
    else if (r.status === "failed") text = t("rv.status.failed", { message: failure(r.error) });
    // Announced once a state is reached, not at every decision (the bar shows the count).
    if (status.textContent !== text) status.textContent = text;
  }

  function failure(code) {
    if (code && hasMessage(String(code))) return message({ code, params: {} });
    return t("rv.error");
  }

  // --- the figures --------------------------------------------------------------------------
  function drawPlayers(r) {
    clear(players);
    for (const s of r.seats || []) {
      if (!s.decisions) continue;
      const labels = LABELS.map((l) => t(`rv.count.${l}`, { count: s.labels[l] || 0 }));
      players.appendChild(h("li", { class: `th-rv-player tm-pc-${info.seats[s.seat]?.color}`, dataset: { seat: s.seat, accuracy: s.accuracy } }, [
        h("p", { class: "th-rv-player-head" }, [
          h("span", { class: "th-rv-player-name", text: s.name }),
          h("span", { class: "th-rv-accuracy", text: t("rv.accuracy", { accuracy: Math.round(s.accuracy) }) }),
        ]),
        h("p", { class: "th-rv-player-labels", text: `${labels.join(" · ")} · ${t("rv.count.best", { count: s.best_moves })}` }),
        h("p", { class: "th-fine th-rv-mean", text: t("rv.mean", { win: pct(s.mean_win_loss), win_se: pct(s.mean_win_loss_se), loss: num(s.mean_loss), se: num(s.mean_loss_se), count: s.decisions }) }),
      ]));
    }
  }

  const decisionAt = (move) => (result?.decisions || []).find((d) => d.move === move) || null;

  function marksOf(r) {
    const out = [];
    for (const d of r.decisions || []) {
      if (d.label !== "good") out.push({ move: d.move, series: d.seat, kind: d.label, text: t("rv.mark.label", { n: d.move, name: names()[d.seat], label: t(`rv.label.${d.label}`) }) });
    }
    for (const s of r.swings || []) out.push({ move: s.move, series: s.seat, kind: "swing", text: swingText(s) });
    return out;
  }

  function swingText(s) {
    return t(s.win_change >= 0 ? "rv.swing.up" : "rv.swing.down", { n: s.move, name: names()[s.seat], win: pct(Math.abs(s.win_change)), points: signed(s.change) });
  }

  /** The chart's unit chosen (the toggle): drawn again in it. */
  function setUnit(unit) {
    if (unit === chartUnit) return;
    chartUnit = unit;
    for (const b of unitButtons) b.setAttribute("aria-pressed", String(b.dataset.unit === unit));
    if (result) drawChart(result);
  }

  function drawChart(r) {
    // Win chances as percentages on a fixed 0–100 axis (as lichess's advantage chart), or
    // expected final points; a review kept before win chances has only the points.
    const win = chartUnit === "win" && (r.win_chance || []).length > 0;
    const values = (win ? r.win_chance.map((row) => row.map((p) => Math.round(1000 * p) / 10)) : r.chart) || [];
    if (!values.length) { chartBox.hidden = true; chartPlace.replaceChildren(); chart = null; drawnMarks = ""; return; }
    const unit = win ? "win" : "points";
    const marks = marksOf(r);
    const key = `${unit}|${values.length}|${marks.map((m) => `${m.move}${m.kind}`).join(",")}`;
    if (chart && key === drawnMarks) return;
    const focused = chart && chart.element === document.activeElement;
    const activeMove = chart ? chart.active : null;
    const series = info.seats.map((s, i) => ({ name: s.name, color: s.color, values: values.map((row) => row[i]) }));
    const ticks = info.timeline.filter((e) => e.election).map((e) => ({ move: e.n, label: t("chart.election", { n: e.election }) }));
    chart = reviewChart({
      series, marks, ticks, label: t(`rv.chart.label.${unit}`), axis: t(`rv.axis.${unit}`),
      bounds: win ? [0, 100] : null, onPick: (n) => jump(n),
    });
    chart.element.dataset.unit = unit;
    drawnMarks = key;
    chartBox.dataset.unit = unit;
    if (!units.isConnected) chartBox.replaceChildren(units, chartPlace);
    chartPlace.replaceChildren(chart.element, h("figcaption", { class: "th-fine" }, [
      t(`rv.chart.caption.${unit}`), " ",
      ...series.map((s) => h("span", { class: `th-rv-key tm-pc-${s.color}`, text: s.name })),
    ]));
    chartBox.hidden = false;
    chart.at(at);
    if (activeMove !== null) chart.activate(activeMove);
    if (focused) chart.element.focus(); // drawn again as decisions come: the keys stay where they were
  }

  function drawMoments(r) {
    const list = [];
    for (const s of r.seats || []) {
      for (const move of s.largest || []) {
        const d = decisionAt(move);
        if (d) list.push({ move, kind: "loss", text: t("rv.moment.loss", { n: move, name: s.name, label: t(`rv.label.${d.label}`), win: pct(d.win_loss), loss: num(d.loss) }) });
      }
    }
    for (const s of r.swings || []) list.push({ move: s.move, kind: "swing", text: swingText(s) });
    list.sort((a, b) => a.move - b.move || a.kind.localeCompare(b.kind));
    const key = list.map((m) => `${m.move}${m.kind}${m.text}`).join("|");
    if (moments.dataset.key === key) return;
    moments.dataset.key = key;
    const focused = moments.contains(document.activeElement) ? document.activeElement.dataset.move : null;
    clear(moments);
    for (const m of list) {
      moments.appendChild(h("li", {}, h("button", {
        type: "button", class: "th-rv-moment", dataset: { move: m.move, kind: m.kind }, onclick: () => jump(m.move),
      }, m.text)));
    }
    momentsBox.hidden = !list.length;
    if (focused) moments.querySelector(`.th-rv-moment[data-move="${focused}"]`)?.focus();
  }

  // --- the move on screen -----------------------------------------------------------------------
  function show(n) {
    at = n;
    if (element.hidden) return;
    if (chart) chart.at(n);
    for (const b of moments.querySelectorAll(".th-rv-moment")) b.classList.toggle("is-current", Number(b.dataset.move) === n);
    const d = decisionAt(n);
    const key = d ? `${n}|${d.label}|${d.is_best}` : `${n}|${result ? result.status : ""}`;
    if (verdict.dataset.key === key) { if (!verdict.dataset.pending) bringIntoView(n); return; }
    verdict.dataset.key = key;
    const mine = ++asked;
    unmark();
    if (!d) { drawNone(n); bringIntoView(n); return; }
    const label = d.is_best ? "best" : d.label;
    const who = names()[d.seat];
    const head = h("p", { class: "th-rv-verdict" }, [
      h("span", { class: `th-rv-label is-${label}`, dataset: { label }, text: t(`rv.label.${label}`) }),
      h("span", { class: "th-rv-who", text: t("rv.move.of", { n, name: who }) }),
    ]);
    // What the move lost, in win chance and in expected points (never one number of both), and
    // where each move leaves the player.
    const loss = h("p", { class: "th-rv-loss", text: d.is_best ? t("rv.loss.best")
      : t("rv.loss", { win: pct(d.win_loss), win_se: pct(d.win_loss_se), loss: num(d.loss), se: num(d.loss_se) }) });
    const values = h("p", { class: "th-fine th-rv-values", text: d.is_best
      ? t("rv.values.best", { win: pct(d.played_win), points: num(d.played_value) })
      : t("rv.values", { win: pct(d.played_win), best_win: pct(d.best_win), points: num(d.played_value), best_points: num(d.best_value) }) });
    // "Good" although it lost as much win chance as an inaccuracy: the samples could not tell
    // the loss from chance (docs/review.md, the noise rule).
    const noise = label === "good" && d.win_loss >= NOISY ? h("p", { class: "th-fine th-rv-noise", text: t("rv.loss.noise") }) : null;
    verdict.replaceChildren(...[head, loss, values, noise].filter(Boolean));
    verdict.dataset.move = String(n);
    verdict.dataset.label = label;
    delete verdict.dataset.better;
    delete verdict.dataset.played;
    verdict.dataset.pending = "1";
    // The move played and the better one in the words of "Suggest a move", from the view the
    // move was made in; each marked on the map its own way.
    frameAt(n - 1).then((frame) => {
      if (mine !== asked) return;
      delete verdict.dataset.pending;
      if (!frame) { bringIntoView(n); return; }
      const played = t(d.is_best ? "rv.played.best" : "rv.played", { move: moveText(d.played, frame.view) });
      const lines = [h("p", { class: "th-rv-played", text: played })];
      mark(d.played, frame.view, PLAYED);
      let spoken = [`${t(`rv.label.${label}`)}. ${t("rv.move.of", { n, name: who })} ${played}`];
      if (!d.is_best) {
        const better = t("rv.better", { move: moveText(d.best, frame.view) });
        const why = whyText(d.why);
        lines.push(h("p", { class: "th-rv-better", text: better }), h("p", { class: "th-rv-why", text: why }));
        markAction(d.best, scope);
        mark(d.best, frame.view, BETTER);
        spoken = [`${spoken[0]} ${loss.textContent}`, better, why];
      }
      head.after(...lines);
      drawBadges();
      bringIntoView(n);
      verdict.dataset.played = "1";
      if (!d.is_best) verdict.dataset.better = "1";
      readout.say(spoken);
    });
  }

  // --- the two moves on the map -----------------------------------------------------------------
  /** The map's wards and Castle Garden cube where `action` is made (a bid: the ward voting). */
  function placesOf(action, view) {
    const out = [];
    for (const selector of tapsOf(action)) {
      const local = selector.replace(/^#th-game /, "");
      if (/^\.tm-ward\[data-ward=|^\[data-castle=/.test(local)) out.push(scope.querySelector(local));
    }
    if (action.t === "bid" && view.election) out.push(scope.querySelector(`.tm-ward[data-ward="${view.election.ward}"]`));
    return [...new Set(out.filter(Boolean))];
  }

  /** Mark the places of `action` with `kind` (PLAYED: a solid outline; BETTER: a dashed one over
   *  the suggestion's stripes), the ward's ring too; the better move's ward gets the suggestion's
   *  stripes (.th-sug-target) as "Suggest a move" marks it. */
  function mark(action, view, kind) {
    for (const node of placesOf(action, view)) {
      node.classList.add(kind);
      if (kind === BETTER) node.classList.add("th-sug-target");
      const ward = node.dataset.ward;
      if (ward) scope.querySelector(`[data-ward-ring="${ward}"]`)?.classList.add(kind);
    }
  }

  function unmark() {
    unmarkAll(scope);
    for (const kind of [PLAYED, BETTER]) for (const node of scope.querySelectorAll(`.${kind}`)) node.classList.remove(kind);
    for (const badge of scope.querySelectorAll(".th-rv-badges, .th-rv-badge")) badge.remove();
  }

  /** A small labelled badge on each marked ward and cube ("Played", "Better"): the two moves
   *  told apart by words and outline, not by colour or stripes alone. The wards' on the map's
   *  top layer, a cube's just above its box (in Castle Garden's group); the verdict's sentences
   *  say the same to a screen reader (aria-hidden here). */
  function drawBadges() {
    const svg = scope.querySelector(".tm-map-svg");
    if (!svg) return;
    for (const badge of scope.querySelectorAll(".th-rv-badges, .th-rv-badge")) badge.remove();
    const layer = el("g", { class: "th-rv-badges", "aria-hidden": "true" });
    svg.appendChild(layer);
    const FONT = 44;
    const spots = new Map(); // a place's badges, stacked upwards
    for (const kind of [PLAYED, BETTER]) {
      for (const node of scope.querySelectorAll(`.tm-ward.${kind}, [data-castle].${kind}`)) {
        let x, y, dataKey, dataValue;
        if (node.dataset.ward) {
          const header = scope.querySelector(`[data-ward-pieces="${node.dataset.ward}"] .tm-ward-badge`);
          if (!header) continue;
          const r = Number(header.getAttribute("r"));
          x = Number(header.getAttribute("cx"));
          y = Number(header.getAttribute("cy")) - r - 4 - FONT * 0.6;
          dataKey = "ward"; dataValue = node.dataset.ward;
        } else {
          const hit = node.querySelector(".tm-castle-hit");
          if (!hit) continue;
          x = Number(hit.getAttribute("x")) + Number(hit.getAttribute("width")) / 2;
          y = Number(hit.getAttribute("y")) - 6 - FONT * 0.6 - 8; // over Castle Garden's panel, above the cube's box
          dataKey = "castle"; dataValue = node.dataset.castle;
        }
        const place = `${dataKey}${dataValue}`;
        const stacked = spots.get(place) || 0;
        spots.set(place, stacked + 1);
        y -= stacked * (FONT * 1.3);
        const word = kind === PLAYED ? "played" : "better";
        const g = el("g", { class: `th-rv-badge is-${word}`, "data-kind": word, [`data-${dataKey}`]: dataValue, "aria-hidden": "true" });
        const text = el("text", { class: "th-rv-badge-text", x, y, "font-size": FONT });
        text.textContent = t(`rv.badge.${word}`);
        // A cube's badge in Castle Garden's own group (not in the cube's button: its visible
        // text would join the button's name), a ward's on the map's top layer.
        (dataKey === "castle" ? node.parentNode : layer).appendChild(g);
        g.appendChild(text);
        const width = (text.getComputedTextLength?.() || text.textContent.length * FONT * 0.6) + FONT * 0.6;
        g.insertBefore(el("rect", { class: "th-rv-badge-box", x: Math.round(x - width / 2), y: Math.round(y - FONT * 0.6), width: Math.round(width), height: Math.round(FONT * 1.2), rx: Math.round(FONT * 0.3) }), text);
      }
    }
  }

  function drawNone(n) {
    delete verdict.dataset.label;
    delete verdict.dataset.better;
    delete verdict.dataset.played;
    delete verdict.dataset.pending;
    verdict.dataset.move = String(n);
    if (!result || result.status === "idle") { verdict.replaceChildren(); return; }
    const entry = info.timeline[n];
    const reviewed = entry && entry.seat !== undefined && entry.seat !== null && (result.reviewed || pending).includes(entry.seat);
    const later = RUNNING.has(result.status) && (result.decisions || []).every((d) => d.move < n);
    const text = !n ? "" : later && reviewed ? t("rv.none.later") : reviewed ? t("rv.none.forced") : "";
    verdict.replaceChildren(...(text ? [h("p", { class: "th-fine", text })] : []));
  }

  return {
    element,
    /** A replay opened: the stored review of its people (if any) shows at once; `start`: run it. */
    open(replay, { start: starting = false } = {}) {
      // The same game again while its review runs (or after it ran): shown where it is; one
      // stopped (or failed) is started again when asked to.
      const again = starting && result && ["stopped", "failed"].includes(result.status);
      if (info && result && replay.code === info.code && result.status !== "idle" && !again) {
        info = replay;
        chart = null;
        drawnMarks = "";
        setShown(true);
        update(result);
        return;
      }
      if (!info && adopt(replay)) return;
      halt(true);
      info = replay;
      result = null;
      chart = null;
      drawnMarks = "";
      delete moments.dataset.key;
      delete verdict.dataset.key;
      const seats = defaultSeats();
      drawSeats(seats);
      setShown(starting);
      update({ status: "idle", done: 0, total: 0, decisions: [], seats: [], chart: [], swings: [], reviewed: [] });
      if (starting) { begin(); return; }
      // A review kept with the game is shown at once (the panel opens with it).
      const mine = runs;
      kept(info.code, seats).then((stored) => {
        if (!stored || mine !== runs || !info || result.status !== "idle") return;
        pending = seats;
        setShown(true);
        update(stored);
      });
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
    close() {
      unmark();
      delete verdict.dataset.key;
      reveal = null;
    },
    get visible() { return !element.hidden; },
  };
}
