// The table beside the map: the prompt line, the year track, a card per player,
// Castle Garden and the bag, and the collapsible game log. Knows no rules.
//
//   const table = createTable(container);
//   table.update(view, seatToAct)   seatToAct: the seat holding the device now
//                                   (defaults to view.to_act[0])
//   table.setPrompt(text)           the one sentence telling the seat what it may do
//   table.setLog(entries)           entries oldest first (strings, or {text});
//                                   shown newest first; appending is cheap
//
// DOM hooks: .tm-prompt, .tm-player[data-seat="0"] (.is-to-act, .is-bidding,
// .has-bid, .is-first), .tm-year[data-year="6"].is-current, .tm-supply-castle /
// .tm-supply-bag [data-nat="irish"] .tm-supply-count, details.tm-log, .tm-log-list > li.
// Names are untrusted: they only ever go into textContent and aria-label.

import { t, listOf } from "../strings.js";
import { countUp } from "./motion.js";
import { NATIONALITIES, cubeIcon, chipIcon, bossIcon, standalone, slanderChip, ballotIcon, playerInitials } from "./pieces.js";

function h(tag, className, textValue) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (textValue !== undefined && textValue !== null) node.textContent = String(textValue);
  return node;
}

// Only touch the DOM when a value really changes: unchanged updates cost no layout.
function setText(node, value) {
  const v = String(value);
  if (node.textContent !== v) node.textContent = v;
}
function setAttr(node, name, value) {
  if (value === null) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== value) {
    node.setAttribute(name, value);
  }
}

// The board's printed year track: four terms of four years (a game with the house rule `terms`
// ends sooner: the view's `last_year`, after which the track's later terms are hidden).
const YEARS = 16;
const ELECTION_EVERY = 4;

function buildYearTrack() {
  const wrap = h("section", "tm-years");
  wrap.setAttribute("aria-label", t("table.year.track"));
  const head = h("div", "tm-years-head");
  const year = h("span", "tm-years-year");
  const term = h("span", "tm-years-term");
  const status = h("span", "tm-years-status");
  head.append(year, term, status);
  const track = h("ol", "tm-year-track");
  const cells = {};
  for (let termNo = 1; termNo <= YEARS / ELECTION_EVERY; termNo++) {
    const group = h("li", "tm-term");
    group.dataset.term = termNo;
    const label = h("span", "tm-term-label", t("table.term", { term: termNo }));
    const years = h("ol", "tm-term-years");
    for (let k = 1; k <= ELECTION_EVERY; k++) {
      const y = (termNo - 1) * ELECTION_EVERY + k;
      const cell = h("li", "tm-year");
      cell.dataset.year = y;
      cell.append(h("span", "tm-year-num", y), h("span", "tm-year-zone"));
      years.appendChild(cell);
      cells[y] = cell;
    }
    const ballot = h("li", "tm-year-election");
    ballot.appendChild(standalone(ballotIcon(100)));
    ballot.setAttribute("aria-label", t("table.year.election", { year: termNo * ELECTION_EVERY }));
    ballot.title = t("table.year.election", { year: termNo * ELECTION_EVERY });
    years.appendChild(ballot);
    group.append(label, years);
    track.appendChild(group);
  }
  wrap.append(head, track);
  return { wrap, year, term, status, cells, track };
}

function updateYearTrack(yt, view) {
  const year = view.year || 1;
  const years = view.last_year || YEARS;
  setText(yt.year, view.phase === "over" ? t("table.over") : t("table.year", { year, years }));
  setText(yt.term, t("table.term", { term: view.term || Math.ceil(year / ELECTION_EVERY) }));
  const e = view.election;
  if (e && e.ward) {
    const total = (e.order || []).length;
    setText(yt.status, total
      ? t("table.election.progress", { ward: e.ward, done: (e.done || []).length, total })
      : t("table.election", { ward: e.ward }));
  } else {
    setText(yt.status, "");
  }
  const opens = {};
  for (const [zone, z] of Object.entries(view.zones || {})) {
    if (z.from_year > 1) (opens[z.from_year] = opens[z.from_year] || []).push(zone);
  }
  for (let y = 1; y <= YEARS; y++) {
    const cell = yt.cells[y];
    cell.classList.toggle("is-current", y === year);
    cell.classList.toggle("is-past", y < year);
    const zones = opens[y] || [];
    setText(cell.lastChild, zones.join(" "));
    const parts = [t("table.year.aria", { year: y })];
    for (const z of zones) parts.push(t("table.year.zone", { zone: z }));
    setAttr(cell, "aria-label", parts.join(", "));
    setAttr(cell, "aria-current", y === year ? "step" : null);
  }
  for (const group of yt.track.children) {
    group.classList.toggle("is-current", Number(group.dataset.term) === Math.ceil(year / ELECTION_EVERY));
    group.hidden = (Number(group.dataset.term) - 1) * ELECTION_EVERY >= years;
  }
}

function buildSupply(titleKey, className) {
  const row = h("div", `tm-supply-row ${className}`);
  const title = h("span", "tm-supply-title", t(titleKey));
  // One picture with one name ("Castle Garden: 2 Irish, …"), so its parts are spans, not list
  // items: a list's items inside role="img" would have no list around them.
  const list = h("div", "tm-supply-list");
  const counts = {};
  for (const nat of NATIONALITIES) {
    const li = h("span", "tm-supply-item");
    li.dataset.nat = nat;
    const count = h("span", "tm-supply-count", "0");
    li.append(cubeIcon(nat), count);
    list.appendChild(li);
    counts[nat] = { li, count };
  }
  list.setAttribute("role", "img");
  title.setAttribute("aria-hidden", "true");
  row.append(title, list);
  return { row, list, counts, titleKey };
}

function updateSupply(s, amounts) {
  const parts = [];
  for (const nat of NATIONALITIES) {
    const n = (amounts && amounts[nat]) || 0;
    setText(s.counts[nat].count, "×" + n);
    s.counts[nat].li.classList.toggle("is-empty", n === 0);
    parts.push(t("nat.count", { count: n, nat: t(`nat.${nat}`) }));
  }
  setAttr(s.list, "aria-label", t("table.supply.aria", { place: t(s.titleKey), list: parts.join(", ") }));
}

function playerCard(p, initial, flags) {
  const li = h("li", `tm-player tm-pc-${p.color}`);
  li.dataset.seat = p.seat;
  for (const [cls, on] of Object.entries(flags)) li.classList.toggle(cls, on);

  // Compact: the pawn beside two lines — name, badges and points; office and what the player
  // holds — so five players fit beside the map on a 1024×768 screen.
  const pawn = bossIcon(p.color, initial, "tm-player-pawn");
  const head = h("div", "tm-player-head");
  head.appendChild(h("span", "tm-player-name", p.name));
  const badges = h("span", "tm-player-badges");
  if (flags["is-to-act"]) badges.appendChild(h("span", "tm-badge tm-badge-now", "▶ " + t("table.to_act")));
  if (flags["is-bidding"]) badges.appendChild(h("span", "tm-badge tm-badge-bidding", t("table.bidding")));
  if (flags["has-bid"]) badges.appendChild(h("span", "tm-badge tm-badge-bid", "✓ " + t("table.has_bid")));
  if (flags["is-first"]) {
    const b = h("span", "tm-badge tm-badge-first", t("table.first.short"));
    b.title = t("table.first");
    badges.appendChild(b);
  }
  head.appendChild(badges);
  const points = h("span", "tm-player-points");
  points.append(h("b", "tm-player-points-n", p.points), h("span", "tm-player-points-unit", t("table.points.short")));
  head.appendChild(points);

  const body = h("div", "tm-player-body");
  body.appendChild(h("span", "tm-player-office" + (p.office ? ` tm-office-${p.office}` : " tm-office-none"),
    p.office ? t(`office.${p.office}`) : t("office.none")));
  const chips = h("span", "tm-player-chips");
  const chipWords = [];
  for (const nat of NATIONALITIES) {
    const n = (p.chips && p.chips[nat]) || 0;
    const c = h("span", "tm-stat tm-stat-chip" + (n === 0 ? " is-zero" : ""));
    c.dataset.nat = nat;
    c.append(chipIcon(nat), h("span", "tm-stat-n", n));
    chips.appendChild(c);
    chipWords.push(t("nat.count", { count: n, nat: t(`nat.${nat}`) }));
  }
  chips.setAttribute("aria-label", t("table.chips.aria", { list: listOf(chipWords) }));
  chips.setAttribute("role", "img");
  body.appendChild(chips);

  const slander = h("span", "tm-stat tm-stat-slander" + (p.slander === 0 ? " is-zero" : ""));
  slander.append(standalone(slanderChip(100)), h("span", "tm-stat-n", p.slander));
  slander.setAttribute("aria-label", t("table.slander.aria", { count: p.slander }));
  slander.setAttribute("role", "img");
  slander.title = t("table.slander");
  body.appendChild(slander);

  const onMap = h("span", "tm-stat tm-stat-bosses");
  onMap.append(bossIcon(p.color, "", "tm-mini-hat"), h("span", "tm-stat-n", p.bosses_on_map));
  onMap.setAttribute("aria-label", t("table.bosses.aria", { count: p.bosses_on_map }));
  onMap.setAttribute("role", "img");
  onMap.title = t("table.bosses");
  body.appendChild(onMap);

  const main = h("div", "tm-player-main");
  main.append(head, body);
  li.append(pawn, main);
  const state = [];
  if (flags["is-to-act"]) state.push(t("table.to_act.aria"));
  if (flags["is-bidding"]) state.push(t("table.bidding.aria"));
  if (flags["has-bid"]) state.push(t("table.has_bid.aria"));
  li.setAttribute("aria-label", [t("table.player.aria", {
    name: p.name, color: t(`color.${p.color}`), points: t("table.points", { count: p.points }),
  }), p.office ? t(`office.${p.office}`) : "", ...state].filter(Boolean).join(", "));
  return li;
}

export function createTable(container, { ruleLink = null } = {}) {
  const root = h("section", "tm-table");
  root.setAttribute("aria-label", t("table.label"));
  const prompt = h("p", "tm-prompt");
  prompt.setAttribute("aria-live", "polite");
  const years = buildYearTrack();
  const players = h("ol", "tm-players");
  const supply = h("section", "tm-supply");
  const castle = buildSupply("table.castle_garden", "tm-supply-castle");
  const bag = buildSupply("table.bag", "tm-supply-bag");
  supply.append(castle.row, bag.row);
  const legend = h("p", "tm-legend");
  legend.append(
    h("span", "tm-legend-item", null), h("span", "tm-legend-item", null), h("span", "tm-legend-item", null));
  legend.children[0].append(chipIcon("irish"), h("span", null, t("table.legend.favors")));
  legend.children[1].append(standalone(slanderChip(100)), h("span", null, t("table.legend.slander")));
  legend.children[2].append(bossIcon("black", "", "tm-mini-hat"), h("span", null, t("table.legend.bosses")));
  const log = h("details", "tm-log");
  const summary = h("summary", "tm-log-summary", t("table.log"));
  const logList = h("ol", "tm-log-list");
  logList.setAttribute("reversed", "");
  const logEmpty = h("p", "tm-log-empty", t("table.log.empty"));
  log.append(summary, logEmpty, logList);
  // Two groups: what to do now (the prompt; the host adds its panel after it) and the state of
  // the game (players, year track, supplies, log). A wide portrait screen sets them side by
  // side under the map; elsewhere they read as one column.
  const now = h("div", "tm-table-now");
  const state = h("div", "tm-table-state");
  now.append(prompt);
  state.append(players, years.wrap, legend, supply, log);
  root.append(now, state);
  container.appendChild(root);

  let logCount = 0;
  const cardSigs = [];
  const shownPoints = []; // the points each card showed, for counting up to the new ones
  let shownSeats = null;  // whose points they were (another game's are not counted from)

  function update(view, seatToAct) {
    const toAct = new Set(view.to_act || []);
    const acting = seatToAct ?? (view.to_act || [])[0];
    const bidding = view.phase === "bid" && view.election;
    const bidders = new Set(bidding ? view.election.bidders || [] : []);
    const bidsIn = new Set(bidding ? view.election.bids_in || [] : []);
    const initials = playerInitials(view.players || []);
    const list = view.players || [];
    const seats = JSON.stringify(list.map((p) => [p.name, p.color]));
    if (seats !== shownSeats) { shownPoints.length = 0; shownSeats = seats; }
    list.forEach((p, i) => {
      const flags = {
        "is-to-act": p.seat === acting,
        "is-waiting": toAct.has(p.seat) && p.seat !== acting,
        "is-bidding": bidders.has(p.seat) && !bidsIn.has(p.seat),
        "has-bid": bidsIn.has(p.seat),
        "is-first": p.seat === view.first_player,
        "is-mayor": p.office === "mayor",
      };
      const sig = JSON.stringify([p, initials[p.seat], flags]);
      if (cardSigs[i] === sig) return;
      const card = playerCard(p, initials[p.seat], flags);
      if (players.children[i]) players.replaceChild(card, players.children[i]);
      else players.appendChild(card);
      if (shownPoints[i] !== undefined && shownPoints[i] !== p.points) {
        countUp(card.querySelector(".tm-player-points-n"), shownPoints[i], p.points);
      }
      shownPoints[i] = p.points;
      cardSigs[i] = sig;
    });
    while (players.children.length > list.length) players.lastChild.remove();
    cardSigs.length = list.length;
    shownPoints.length = list.length;
    updateYearTrack(years, view);
    updateSupply(castle, view.castle_garden);
    updateSupply(bag, view.bag);
  }

  function setPrompt(value) {
    prompt.textContent = value || "";
  }

  function setLog(entries) {
    const list = entries || [];
    if (list.length < logCount) {
      logList.replaceChildren();
      logCount = 0;
    }
    const fresh = [];
    for (let i = logCount; i < list.length; i++) {
      const e = list[i];
      const li = h("li", "tm-log-entry", typeof e === "string" ? e : e.text);
      // A line that rests on a rule names it, as a link to the Rules panel (never the bare rule id).
      if (e.rule && ruleLink) li.append(" ", ruleLink(e.rule));
      fresh.push(li);
    }
    fresh.reverse();
    logList.prepend(...fresh);
    logCount = list.length;
    setText(summary, list.length ? t("table.log.count", { count: list.length }) : t("table.log"));
    logEmpty.hidden = list.length > 0;
  }

  return { element: root, update, setPrompt, setLog, promptElement: prompt, logElement: log, stateElement: state };
}
