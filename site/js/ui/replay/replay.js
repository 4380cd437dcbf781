// The replay viewer: any game, move by move — from the game's menu (the history so
// far), the final table ("Replay this game") or a link #g=CODE&at=N.
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

import { t, listOf, message } from "../../strings.js";
import { eventText, promptText } from "../../i18n/engine-text.js";
import { createMap } from "../../render/map.js";
import { createTable } from "../../render/table.js";
import { SVG_NS, NATIONALITIES, chipIcon, bossIcon, playerInitials } from "../../render/pieces.js";
import { copyText } from "../widgets/share.js";
import { replayHref } from "../../logic/links.js";
import { h, clear, usingKeyboard, noPointerFocus } from "../dom.js";
import { houseRulesNote } from "../widgets/house-rules.js";
import * as signal from "../signal.js";
import { pointsChart } from "../../render/points-chart.js";
import { createReviewPanel } from "./review-panel.js";


const SUMMARY_EVENTS = new Set(["immigrant_leaders", "points", "mayor", "favor_majority", "game_over"]);

export function createReplayViewer(container, { call, peek = null, onLeave, onPlayOn, reviewVersion = null }) {
  // --- the screen: a bar, the map and the table as in the game, the controls -------------------
  const leave = h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-rp-leave", onclick: () => onLeave() }, t("replay.back"));
  const share = h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-rp-share", onclick: () => shareMove() }, t("replay.share"));
  const playOn = h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-rp-play-on", onclick: () => onPlayOn(shown) }, t("replay.play_on"));
  const reviewButton = h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-rp-review", onclick: () => review.reveal() }, t("rv.open"));
  const bar = h("header", { class: "th-bar" }, [
    h("h1", { class: "th-bar-title", text: t("replay.title") }),
    h("div", { class: "th-bar-actions", role: "toolbar", "aria-label": t("replay.title") }, [reviewButton, share, playOn, leave]),
  ]);
  const status = h("p", { class: "th-rp-status", role: "status" });
  const house = h("div", { class: "th-rp-house" }); // the house rules it was played by, if any
  const board = h("section", { class: "th-board", "aria-label": t("game.board") });
  const side = h("div", { class: "th-side" });

  const position = h("p", { class: "th-rp-position", "aria-live": "polite" });
  const slider = h("input", { type: "range", id: "th-rp-slider", class: "th-rp-slider", min: "0", max: "0", step: "1", value: "0", "aria-label": t("replay.slider") });
  const markers = document.createElementNS(SVG_NS, "svg");
  markers.setAttribute("class", "th-rp-markers");
  markers.setAttribute("aria-hidden", "true");
  markers.setAttribute("preserveAspectRatio", "none");
  const stepButtons = {};
  const stepButton = (key, label, symbol) => {
    const button = h("button", { type: "button", class: "th-button th-secondary th-rp-step", dataset: { step: key }, "aria-label": t(label), title: t(label), onclick: () => go(STEPS[key]()) }, [
      h("span", { class: "th-rp-symbol", "aria-hidden": "true", text: symbol }),
      h("span", { class: "th-rp-step-label", text: t(label) }),
    ]);
    stepButtons[key] = button;
    return button;
  };
  const steps = h("div", { class: "th-rp-steps", role: "group", "aria-label": t("replay.controls") }, [
    stepButton("start", "replay.start", "⇤"),
    stepButton("year-1", "replay.year.back", "«"),
    stepButton("turn-1", "replay.turn.back", "◀◀"),
    stepButton("move-1", "replay.move.back", "◀"),
    stepButton("move+1", "replay.move.forward", "▶"),
    stepButton("turn+1", "replay.turn.forward", "▶▶"),
    stepButton("year+1", "replay.year.forward", "»"),
    stepButton("end", "replay.end", "⇥"),
  ]);
  const elections = h("div", { class: "th-rp-elections", role: "group", "aria-label": t("replay.elections") });
  const wardSteps = h("div", { class: "th-rp-ward-steps" }, [
    stepButton("ward-1", "replay.ward.back", "◁"),
    stepButton("ward+1", "replay.ward.forward", "▷"),
  ]);
  const controls = h("section", { class: "th-rp-controls", "aria-label": t("replay.controls") }, [
    position,
    h("div", { class: "th-rp-track" }, [slider, markers]),
    steps,
    h("div", { class: "th-rp-jumps" }, [elections, wardSteps]),
    h("p", { class: "th-fine th-rp-keys", text: t("replay.keys") }),
  ]);
  const results = h("section", { class: "th-rp-results", "aria-label": t("replay.results"), hidden: true });
  // Points after each election (drawChart), once the replay is open.
  const chart = h("section", { class: "th-rp-chart", id: "th-rp-chart", "aria-label": t("replay.chart"), hidden: true });
  const logList = h("ol", { class: "th-rp-log-list", reversed: true });
  const log = h("section", { class: "th-rp-log", "aria-label": t("replay.log") }, [
    h("h2", { class: "th-rp-log-title", text: t("replay.log") }), logList,
  ]);
  const element = h("div", { class: "th-screen th-game th-replay", id: "th-replay", hidden: true }, [
    bar, status, house, h("div", { class: "th-game-main" }, [board, side]),
  ]);
  noPointerFocus(element);
  // The computer's review of this game (issue 47): a panel under the controls.
  const review = createReviewPanel({ scope: element, go: (n) => go(n), frameAt: (n) => frameAt(n), version: reviewVersion });

  // The viewer is in the page only while it is open (its map and table would otherwise be a
  // second set of [data-ward] and .tm-prompt elements beside the game's); they are made the
  // first time it opens.
  let map = null;
  let table = null;
  function mount() {
    container.appendChild(element);
    if (map) return;
    map = createMap(board, { onWardActivate: () => {}, onCastleGardenActivate: () => {} });
    // Its hatching pattern gets an id of its own: url(#tm-hatch) would find the game map's
    // first, which a hidden game screen does not draw (replay.css points the viewer here).
    map.svg.querySelector("#tm-hatch")?.setAttribute("id", "tm-rp-hatch");
    map.svg.querySelector("#tm-mark-hatch")?.setAttribute("id", "tm-rp-mark-hatch"); // the review's marks
    table = createTable(side);
    table.promptElement.after(controls);
    controls.after(results);
    controls.after(review.element);
    results.after(chart);
    table.element.append(log);
  }

  // --- what is open ------------------------------------------------------------------------------
  let info = null;        // replay_open's answer: moves, seats, timeline, points, code
  let shown = 0;          // the move drawn
  let target = 0;         // the move asked for (taps before an answer add up)
  let busy = false;
  let entries = [];       // log <li> by move number, made when first shown
  let visibleUpTo = -1;   // the log holds moves 0 … visibleUpTo
  let marks = null;       // positions to step to: turn, year, election and reveal starts

  function positions(timeline) {
    const turn = [], year = [0], election = [], reveal = [];
    for (const entry of timeline) {
      if (entry.turn) turn.push(entry.n - 1);
      if (entry.year_begins) year.push(entry.n);
      if (entry.election) election.push(entry.n);
      if (entry.reveal.length) reveal.push(entry.n);
    }
    return { turn, year, election, reveal };
  }
  const after = (list, at) => list.find((n) => n > at);
  const before = (list, at) => [...list].reverse().find((n) => n < at);
  const STEPS = {
    "start": () => 0,
    "end": () => info.moves,
    "move-1": () => target - 1,
    "move+1": () => target + 1,
    "turn-1": () => before(marks.turn, target) ?? 0,
    "turn+1": () => after(marks.turn, target) ?? info.moves,
    "year-1": () => before(marks.year, target) ?? 0,
    "year+1": () => after(marks.year, target) ?? info.moves,
    "ward-1": () => before(marks.reveal, target) ?? target,
    "ward+1": () => after(marks.reveal, target) ?? target,
  };

  function build() {
    const timeline = info.timeline;
    marks = positions(timeline);
    slider.max = String(info.moves);
    element.dataset.moves = String(info.moves);
    drawMarkers(timeline);
    clear(elections);
    info.timeline.filter((e) => e.election).forEach((e) => {
      elections.appendChild(h("button", {
        type: "button", class: "th-button th-secondary th-small th-rp-election", dataset: { term: e.election, at: e.n },
        "aria-label": t("replay.election.jump.label", { term: e.election }), onclick: () => go(e.n),
      }, t("replay.election.jump", { term: e.election })));
    });
    entries = [];
    logList.replaceChildren();
    visibleUpTo = -1;
    drawChart(info.points);
    house.replaceChildren(...[houseRulesNote(info.rules)].filter(Boolean));
  }

  /** The timeline under the slider: each player's turns in their colour, the four elections. */
  function drawMarkers(timeline) {
    const total = Math.max(info.moves, 1);
    markers.setAttribute("viewBox", `0 0 ${total} 10`);
    markers.replaceChildren();
    const color = (seat) => info.seats[seat].color;
    let turnStart = null, turnSeat = null, electionStart = null;
    const rect = (x0, x1, cls) => {
      const r = document.createElementNS(SVG_NS, "rect");
      r.setAttribute("x", x0); r.setAttribute("y", cls === "th-rp-mark-election" ? 0 : 3);
      r.setAttribute("width", Math.max(x1 - x0, 0.6)); r.setAttribute("height", cls === "th-rp-mark-election" ? 10 : 7);
      r.setAttribute("class", cls);
      markers.appendChild(r);
    };
    for (const entry of timeline) {
      if (entry.turn || entry.election) {
        if (turnStart !== null) rect(turnStart, entry.n - 1, `th-rp-mark-turn is-${color(turnSeat)}`);
        turnStart = entry.turn ? entry.n - 1 : null;
        turnSeat = entry.seat;
      }
      if (entry.election) electionStart = entry.n;
      if (entry.election_done && electionStart !== null) {
        rect(electionStart, entry.n, "th-rp-mark-election");
        electionStart = null;
      }
    }
    if (turnStart !== null) rect(turnStart, info.moves, `th-rp-mark-turn is-${color(turnSeat)}`);
  }

  // Points over time: the same chart as the final table's (render/points-chart.js).
  function drawChart(series) {
    chart.dataset.series = String(series.length);
    const drawn = series.some((s) => s.points.length);
    chart.replaceChildren(...(drawn ? [pointsChart(series, {})] : []));
    chart.hidden = !drawn;
  }

  // --- going to a move -----------------------------------------------------------------------------
  // Positions already fetched are kept (a frame is ~10 kB), and after each one is drawn the
  // moves either side of it are fetched in the background (`peek`: no busy signal), so a
  // step is usually drawn in the tap's own task, without waiting for the worker.
  const frames = new Map();   // move -> frame of this replay
  const fetching = new Map(); // move -> promise of its frame (or null), fetched in the background

  const clamp = (at) => Math.max(0, Math.min(info.moves, Number(at) || 0));
  const names = () => info.seats.map((s) => s.name);

  function go(at) {
    if (!info) return;
    target = clamp(at);
    slider.value = String(target);
    if (!busy && frames.has(target)) {
      if (target !== shown) draw(frames.get(target));
      fetchAround();
      return;
    }
    pump();
  }

  async function pump() {
    if (busy) return;
    busy = true;
    try {
      while (target !== shown && info) {
        const want = target;
        let frame = frames.get(want);
        if (!frame && fetching.has(want)) frame = await signal.during(fetching.get(want)); // on its way
        if (!info) return;
        if (!frame) {
          const answer = await call("replay_at", { at: want });
          if (!answer) return;
          if (!answer.ok) { say(t("replay.failed", { message: message(answer.error) })); target = shown; return; }
          frame = answer.frame;
          frames.set(want, frame);
        }
        draw(frame);
      }
    } finally {
      busy = false;
    }
    fetchAround();
  }

  function fetchAround() {
    if (!peek || !info) return;
    for (const at of [shown + 1, shown - 1]) frameAt(at);
  }

  /** The frame after move `at`, from this replay's frames or fetched in the background (null
   *  when it cannot be had): fetching ahead, and the review's wording of a move in the view it
   *  was made in. */
  function frameAt(at) {
    if (!info || at < 0 || at > info.moves) return Promise.resolve(null);
    if (frames.has(at)) return Promise.resolve(frames.get(at));
    if (!fetching.has(at)) {
      const replay = info;
      fetching.set(at, (peek || call)("replay_at", { at }).then((answer) => {
        fetching.delete(at);
        if (info !== replay || !answer || !answer.ok) return null;
        frames.set(at, answer.frame);
        return answer.frame;
      }, () => { fetching.delete(at); return null; }));
    }
    return fetching.get(at);
  }

  function draw(frame) {
    const view = frame.view;
    shown = frame.at;
    element.dataset.hash = frame.hash;
    element.dataset.at = String(frame.at);
    element.dataset.phase = view.phase;
    const wards = new Set();
    for (const e of frame.events) for (const key of ["ward", "boss", "to", "ward2"]) if (typeof e[key] === "number" && e.e !== "bidding" && e.e !== "bid_placed") wards.add(e[key]);
    map.update(view, { selected: wards });
    table.update(view, frame.prompt.seats && frame.prompt.seats.length ? frame.prompt.seats[0] : undefined);
    table.setPrompt(promptText({ prompt: frame.prompt, view }));
    const entry = info.timeline[frame.at];
    const parts = [frame.at ? t("replay.position", { at: frame.at, moves: info.moves }) : t("replay.position.setup", { moves: info.moves }),
      view.phase === "over" ? t("table.over") : t("replay.year", { year: view.year })];
    if (view.election) parts.push(t("replay.election", { term: view.term }));
    position.textContent = parts.join(" · ");
    slider.value = String(target);
    slider.setAttribute("aria-valuetext", t("replay.slider.text", { at: frame.at, moves: info.moves, year: view.year }));
    drawLog(frame.at);
    drawResults(frame, view, entry);
    for (const [key, button] of Object.entries(stepButtons)) button.disabled = clamp(STEPS[key]()) === frame.at;
    for (const button of elections.children) button.classList.toggle("is-current", Number(button.dataset.term) === (view.election ? view.term : 0));
    review.show(frame.at);
  }

  function logEntry(n) {
    const entry = info.timeline[n];
    const button = h("button", { type: "button", class: "th-rp-entry", dataset: { at: n }, onclick: () => go(n) }, [
      h("span", { class: "th-rp-entry-move", text: n ? t("replay.move", { n }) : t("replay.setup") }),
      ...entry.events.map((e) => h("span", { class: "th-rp-line", text: eventText(e, names()) })),
    ]);
    return h("li", { class: "th-rp-log-item", dataset: { at: n } }, button);
  }

  /** The lines up to the move shown, its own highlighted: the page holds no later line (what
   *  a spectator had seen by then, R34), so later entries are taken out, not hidden. */
  function drawLog(at) {
    if (visibleUpTo > at) {
      for (let n = at + 1; n <= visibleUpTo; n++) entries[n].remove();
    } else if (visibleUpTo < at) {
      const added = [];
      for (let n = at; n > visibleUpTo; n--) added.push(entries[n] ??= logEntry(n));
      logList.prepend(...added);
    }
    for (const li of logList.querySelectorAll(".is-current")) {
      li.classList.remove("is-current");
      li.firstChild.removeAttribute("aria-current");
    }
    entries[at].classList.add("is-current");
    entries[at].firstChild.setAttribute("aria-current", "step");
    visibleUpTo = at;
  }

  /** A move that counted wards: each ward's bids, votes, winner and bonus, as the reveal did. */
  function drawResults(frame, view, entry) {
    const votes = frame.events.filter((e) => e.e === "ward_vote");
    const summary = frame.events.filter((e) => SUMMARY_EVENTS.has(e.e));
    results.hidden = !votes.length && !summary.length;
    if (results.hidden) { clear(results); return; }
    const initials = playerInitials(view.players);
    const bonus = frame.events.find((e) => e.e === "bonus_offered");
    clear(results);
    results.appendChild(h("h2", { class: "th-rp-results-title", text: t("replay.election", { term: entry.term }) }));
    const list = h("ol", { class: "th-ward-results" });
    for (const ev of votes) list.appendChild(wardCard(ev, view, initials, bonus && bonus.ward === ev.ward ? bonus : null));
    if (votes.length) results.appendChild(list);
    if (summary.length) results.appendChild(h("ul", { class: "th-summary" }, summary.map((e) => h("li", { class: `th-summary-${e.e}`, text: eventText(e, names()) }))));
  }

  function wardCard(ev, view, initials, bonus) {
    const players = view.players;
    const card = h("li", { class: "th-ward-result", dataset: { ward: ev.ward } },
      h("h3", { class: "th-ward-result-title", text: t("reveal.ward", { ward: ev.ward }) }));
    const seats = Object.keys(ev.votes).map(Number);
    if (!seats.length) {
      card.appendChild(h("p", { class: "th-fine", text: t("reveal.empty", { ward: ev.ward }) }));
      return card;
    }
    const rows = h("ul", { class: "th-vote-rows" });
    for (const seat of seats) {
      const p = players[seat];
      const bid = ev.bids[String(seat)] || [0, 0, 0, 0];
      const chips = h("span", { class: "th-bid-chips", dataset: { bid: bid.join(",") } });
      NATIONALITIES.forEach((nat, i) => { for (let k = 0; k < bid[i]; k++) chips.appendChild(chipIcon(nat, "th-inline-piece")); });
      const bidCount = bid.reduce((a, b) => a + b, 0);
      const bidText = bidCount ? listOf(NATIONALITIES.filter((_, i) => bid[i]).map((nat) => t("nat.count", { count: bid[NATIONALITIES.indexOf(nat)], nat: t(`nat.${nat}`) }))) : t("reveal.no_bid");
      chips.setAttribute("role", "img"); // the chips are one picture, named by the bid in words
      chips.setAttribute("aria-label", bidText);
      if (!bidCount) chips.appendChild(h("span", { class: "th-fine", text: t("reveal.no_bid") }));
      rows.appendChild(h("li", { class: `th-vote-row${ev.winner === seat ? " is-winner" : ""}`, dataset: { seat } }, [
        bossIcon(p.color, initials[seat], "th-inline-hat"),
        h("span", { class: "th-vote-name", text: p.name }),
        h("span", { class: "th-vote-bosses", text: t("reveal.bosses", { count: ev.votes[String(seat)] - bidCount }) }),
        h("span", { class: "th-vote-plus", "aria-hidden": "true", text: "+" }),
        chips,
        h("span", { class: "th-vote-total", text: t("reveal.votes", { count: ev.votes[String(seat)] }) }),
      ]));
    }
    card.appendChild(rows);
    card.appendChild(h("p", { class: `th-outcome${ev.winner === null ? " is-tie" : ""}`, text: ev.winner === null || ev.winner === undefined
      ? t("reveal.tie", { ward: ev.ward }) : t("reveal.winner", { name: players[ev.winner].name, ward: ev.ward }) }));
    if (bonus) card.appendChild(h("p", { class: "th-rp-bonus", text: t("replay.bonus", { name: players[bonus.seat].name, ward: bonus.ward }) }));
    return card;
  }

  function say(text, extra = null) {
    status.replaceChildren(h("span", { text }), ...(extra ? [extra] : []));
    status.hidden = !text;
  }

  async function shareMove() {
    const link = replayHref(window.location.href, info.code, shown);
    if (await copyText(link)) { say(t("replay.copied")); return; }
    const field = h("input", { type: "text", readonly: true, class: "th-share-link", id: "th-rp-link", "aria-label": t("replay.share") });
    field.value = link;
    say(t("replay.copy_failed"), field);
    field.select();
  }

  // --- keys and the slider ---------------------------------------------------------------------------
  const KEYS = { ArrowLeft: "move-1", ArrowRight: "move+1", Home: "start", End: "end" };
  function onKey(e) {
    if (element.hidden || !info || e.altKey || e.ctrlKey || e.metaKey) return;
    if (document.querySelector("dialog[open]:modal")) return;
    if (e.target instanceof HTMLInputElement && e.target !== slider) return;
    if (e.target.closest?.(".th-rvc")) return; // the review's chart: its arrows go from mark to mark
    let key = KEYS[e.key];
    if (!key) return;
    if (e.shiftKey && key.startsWith("move")) key = key.replace("move", "turn");
    e.preventDefault();
    go(STEPS[key]());
  }
  document.addEventListener("keydown", onKey, true);
  slider.addEventListener("input", () => go(Number(slider.value)));

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
      frames.clear();
      fetching.clear();
      frames.set(answer.frame.at, answer.frame);
      shown = -1;
      target = answer.frame.at;
      build();
      review.open(info, { start: reviewing });
      leave.textContent = leaveLabel;
      playOn.hidden = !canPlayOn || answer.remote; // a game across devices: its secrets are on its devices
      say("");
      mount();
      element.hidden = false;
      draw(answer.frame);
      if (usingKeyboard()) slider.focus();
      signal.announce("replay");
      fetchAround();
      return null;
    },
    hide() {
      if (element.hidden) return;
      element.hidden = true;
      element.remove();
      review.close();
      info = null;
      frames.clear();
      fetching.clear();
      call("replay_close", {}); // the caller announces the screen it shows next
    },
    get visible() { return !element.hidden; },
    get at() { return shown; },
  };
}
