// The review of a game by the computer, as the player sees it (issue 47, docs/review.md): a panel
// of the replay viewer (ui/replay.js). The review itself runs in a second worker and is stored
// with the game (review/runner.js); this module only starts, stops and draws it.
//
//   const panel = createReviewPanel({ scope, go, frameAt, version })
//     scope: the viewer's element (the map whose wards are marked); go(n): show move n;
//     frameAt(n): a promise of the replay's frame after move n (the view the move was made in);
//     version: the engine's review version (hello's review_version: a stored review is reused
//     only for the same one)
//   panel.element   panel.open(info, {start})   panel.show(at, frame)   panel.close()
//
// What it shows: whose moves are reviewed (people by default; every seat when all are
// computers; the player may tick others), a progress bar with Stop, each player's accuracy and
// labels as they come, and at the move on screen its label, what it lost (± its standard
// error) and the better move, worded as "Suggest a move" words it and marked on the map as a
// suggestion is (tutorial/suggest.js's own marks); the chart of everyone's expected points
// (render/review-chart.js) with the turning points and the labelled moves, and the key moments
// (the largest losses and the swings). A tap on either jumps the viewer to that move. In blind
// mode the move's label and the better move are read out (ui/blind.js). Leaving the viewer does
// not stop a review: it goes on in its worker and is kept when done; the same game's replay
// shows it again where it is, another game's review (or Stop) stops it.
//
// Hooks (docs/ui.md): #th-review[data-status][data-done][data-total][data-seats];
// #th-rv-start, #th-rv-stop, #th-rv-progress, #th-rv-status (role=status);
// #th-rv-move[data-move][data-label] with .th-rv-label[data-label], .th-rv-loss, .th-rv-better,
// .th-rv-why; .th-rv-player[data-seat][data-accuracy]; .th-rv-moment[data-move][data-kind];
// the chart's .th-rvc-mark[data-move][data-kind]; #th-rv-speech (blind mode's lines).

import { t, language, listOf, message, hasMessage } from "../strings.js";
import { h, clear } from "./dom.js";
import { reviewChart } from "../render/review-chart.js";
import { markAction, unmarkAll, moveText, whyText } from "../tutorial/suggest.js";
import { createSpeaker } from "./blind.js";
import { startReview, storedReview, reviewWork } from "../review/runner.js";

const LABELS = ["inaccuracy", "mistake", "blunder"];
// The review that runs, for the whole page: one at a time, whichever panel shows it (a change of
// language builds the panel again, and the new one takes it over). {code, seats, run, result,
// listener}
let live = null;
const RUNNING = new Set(["starting", "running"]);

/** A figure with one decimal in the page's language. */
function num(n) {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

export function createReviewPanel({ scope, go, frameAt, version }) {
  const title = h("h2", { class: "th-rv-title", id: "th-rv-title", text: t("rv.title") });
  const seatBox = h("fieldset", { class: "th-rv-seats" });
  const start = h("button", { type: "button", class: "th-button th-primary th-small", id: "th-rv-start", onclick: () => begin() }, t("rv.start"));
  const stop = h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-rv-stop", hidden: true, onclick: () => halt() }, t("rv.stop"));
  const count = h("span", { class: "th-rv-count", id: "th-rv-count" });
  const progress = h("progress", { class: "th-rv-progress", id: "th-rv-progress", max: "1", value: "0", "aria-labelledby": "th-rv-title th-rv-count" });
  const status = h("p", { class: "th-rv-status", id: "th-rv-status", role: "status" });
  const verdict = h("div", { class: "th-rv-move", id: "th-rv-move", "aria-live": "polite" });
  const players = h("ul", { class: "th-rv-players", "aria-label": t("rv.players") });
  const chartBox = h("figure", { class: "th-rv-chart", hidden: true });
  const moments = h("ol", { class: "th-rv-moments", id: "th-rv-moments" });
  const momentsBox = h("section", { class: "th-rv-moments-box", hidden: true, "aria-labelledby": "th-rv-moments-title" }, [
    h("h3", { class: "th-rv-subtitle", id: "th-rv-moments-title", text: t("rv.moments") }), moments,
  ]);
  const element = h("section", { class: "th-review", id: "th-review", hidden: true, "aria-labelledby": "th-rv-title", dataset: { status: "idle", done: 0, total: 0 } }, [
    title,
    seatBox,
    h("div", { class: "th-rv-run" }, [start, stop, h("div", { class: "th-rv-bar" }, [progress, count])]),
    status,
    verdict,
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

  const names = () => info.seats.map((s) => s.name);

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
    element.hidden = false;
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
        h("p", { class: "th-fine", text: t("rv.mean", { loss: num(s.mean_loss), se: num(s.mean_loss_se), count: s.decisions }) }),
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
    return t(s.change >= 0 ? "rv.swing.up" : "rv.swing.down", { n: s.move, name: names()[s.seat], points: num(Math.abs(s.change)) });
  }

  function drawChart(r) {
    const values = r.chart || [];
    if (!values.length) { chartBox.hidden = true; clear(chartBox); chart = null; drawnMarks = ""; return; }
    const marks = marksOf(r);
    const key = `${values.length}|${marks.map((m) => `${m.move}${m.kind}`).join(",")}`;
    if (chart && key === drawnMarks) return;
    const focused = chart && chart.element === document.activeElement;
    const activeMove = chart ? chart.active : null;
    const series = info.seats.map((s, i) => ({ name: s.name, color: s.color, values: values.map((row) => row[i]) }));
    const ticks = info.timeline.filter((e) => e.election).map((e) => ({ move: e.n, label: t("chart.election", { n: e.election }) }));
    chart = reviewChart({ series, marks, ticks, label: t("rv.chart.label"), onPick: (n) => go(n) });
    drawnMarks = key;
    chartBox.replaceChildren(chart.element, h("figcaption", { class: "th-fine" }, [
      t("rv.chart.caption"), " ",
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
        if (d) list.push({ move, kind: "loss", text: t("rv.moment.loss", { n: move, name: s.name, label: t(`rv.label.${d.label}`), loss: num(d.loss), se: num(d.loss_se) }) });
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
        type: "button", class: "th-rv-moment", dataset: { move: m.move, kind: m.kind }, onclick: () => go(m.move),
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
    if (verdict.dataset.key === key) return;
    verdict.dataset.key = key;
    const mine = ++asked;
    unmarkAll(scope);
    if (!d) { drawNone(n); return; }
    const label = d.is_best ? "best" : d.label;
    const who = names()[d.seat];
    const head = h("p", { class: "th-rv-verdict" }, [
      h("span", { class: `th-rv-label is-${label}`, dataset: { label }, text: t(`rv.label.${label}`) }),
      h("span", { class: "th-rv-who", text: t("rv.move.of", { n, name: who }) }),
    ]);
    const loss = h("p", { class: "th-rv-loss", text: d.is_best ? t("rv.loss.best") : t("rv.loss", { loss: num(d.loss), se: num(d.loss_se) }) });
    // "Good" although it lost a point or more: the samples could not tell the loss from chance.
    const noise = label === "good" && d.loss >= 1 ? h("p", { class: "th-fine th-rv-noise", text: t("rv.loss.noise") }) : null;
    verdict.replaceChildren(...[head, loss, noise].filter(Boolean));
    verdict.dataset.move = String(n);
    verdict.dataset.label = label;
    if (d.is_best) { readout.say([`${t(`rv.label.${label}`)}. ${t("rv.move.of", { n, name: who })}`]); return; }
    // The better move in the words of "Suggest a move", from the view it was made in.
    frameAt(n - 1).then((frame) => {
      if (mine !== asked || !frame) return;
      const better = t("rv.better", { move: moveText(d.best, frame.view) });
      const why = whyText(d.why);
      verdict.append(h("p", { class: "th-rv-better", text: better }), h("p", { class: "th-rv-why", text: why }));
      markAction(d.best, scope);
      const ward = d.best.t === "bid" && frame.view.election ? frame.view.election.ward : null;
      if (ward) scope.querySelector(`.tm-ward[data-ward="${ward}"]`)?.classList.add("th-sug-target");
      verdict.dataset.better = "1";
      readout.say([`${t(`rv.label.${label}`)}. ${t("rv.move.of", { n, name: who })} ${loss.textContent}`, better, why]);
    });
  }

  function drawNone(n) {
    delete verdict.dataset.label;
    delete verdict.dataset.better;
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
        element.hidden = false;
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
      element.hidden = !starting;
      update({ status: "idle", done: 0, total: 0, decisions: [], seats: [], chart: [], swings: [], reviewed: [] });
      if (starting) { begin(); return; }
      // A review kept with the game is shown at once (the panel opens with it).
      const mine = runs;
      kept(info.code, seats).then((stored) => {
        if (!stored || mine !== runs || !info || result.status !== "idle") return;
        pending = seats;
        element.hidden = false;
        update(stored);
      });
    },
    /** "Review" in the viewer's bar: the panel shown (and run, if it has not yet). */
    reveal() {
      const first = element.hidden;
      element.hidden = false;
      if (!result || result.status === "idle") begin();
      else show(at);
      if (first) title.scrollIntoView({ block: "nearest" });
    },
    show,
    /** The viewer left: a review that runs goes on in its worker (kept when done; the same
     *  game's replay shows it again, another game's review stops it). */
    close() {
      unmarkAll(scope);
      delete verdict.dataset.key;
    },
    get visible() { return !element.hidden; },
  };
}
