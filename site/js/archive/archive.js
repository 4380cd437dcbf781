// Players and their history on this device (docs/archive.md): every finished game kept in the
// archive (js/archive/store.js), the regulars offered on the start screen, the archive screen
// (js/ui/archive/archive-screen.js) with statistics and ratings worked out by Python (py/standings, via
// the worker's "standings" method), and the file to carry the archive to another device.
//
//   const archive = createArchive({ call, start, host, confirm, notice, toStart, replay })
//   archive.seen(answer)   every answer the game screen draws: a finished game is kept (once)
//   archive.show()         the archive screen (after a replay opened from it, say)
//
// call: a request to the worker (no busy signal: the archive sets its own); start: the start screen; host: where the archive
// screen goes; confirm: the yes/no dialog; notice(text, [{label, onclick}]): a notice on the
// game screen;
// toStart(): back to the start screen; replay(code): the replay viewer on an archived game.

import { t } from "../strings.js";
import { PLAYER_COLORS, bossIcon } from "../render/pieces.js";
import { h, clear } from "../ui/dom.js";
import * as signal from "../ui/signal.js";
import { createArchiveScreen, dateText } from "../ui/archive/archive-screen.js";
import { openStore, askPersistence, ArchiveError } from "./store.js";
import { archiveText, archiveFileName, readArchiveFile, FileRefused } from "./file.js";
import * as figures from "../logic/archive-figures.js";

export function createArchive({ call: request, start, host, confirm, notice, toStart, replay }) {
  // The archive's requests to the worker: a failure is an answer like any refusal (null).
  const call = async (method, params) => {
    try {
      return await request(method, params);
    } catch {
      return null;
    }
  };
  let store = null;
  let problem = null;     // "blocked" | "full" | "failed" | null
  let records = [];       // every kept game, oldest first
  let standings = null;   // Python's answer: {people, anchors}
  let filter = "";
  let persisted = false;
  const kept = new Set(); // codes kept (or being kept) this visit
  const ready = load();

  const view = createArchiveScreen(host, {
    onBack: () => { view.hide(); toStart(); },
    onFilter: (player) => { filter = player; draw(); },
    onReplay: (code) => { view.hide(); replay(code); },
    onReview: (code) => { view.hide(); replay(code, true); }, // the replay with the computer's review
    onDelete: (record) => remove(record),
    onExport: () => exportFile(),
    onImport: (file) => signal.during(importFile(file)),
  });

  // --- the start screen: the way in, and the regulars (createRegulars, below) ---------------------
  const regularsCard = createRegulars(start, { people: () => figures.regulars(records), onOpen: () => show() });

  async function load() {
    store = await openStore();
    if (!store.ok) { problem = store.problem; store = null; return; }
    persisted = await navigator.storage?.persisted?.().catch(() => false) ?? false;
    await refresh();
  }

  async function refresh() {
    try {
      records = await store.games();
      problem = null;
    } catch (err) {
      problem = err instanceof ArchiveError ? err.problem : "failed";
      return;
    }
    for (const r of records) kept.add(r.code);
    regularsCard.draw();
    standings = null; // worked out when the archive screen needs it (not at boot: see rate())
    if (view.open) await rate();
  }

  // Statistics and ratings, by Python (openskill is installed in the worker on first use).
  // Summaries kept by an earlier version come back made again from their codes ("remade"):
  // kept in their place, so the archive, its file and a fresh device count alike.
  async function rate() {
    if (standings || !records.length) return;
    const answer = await call("standings", { method: "standings", params: { games: records.map(({ finished, summary }) => ({ finished, summary })) } });
    if (!answer || !answer.ok) return;
    standings = answer;
    if (!answer.remade || !answer.remade.length) return;
    const remade = new Map(answer.remade.map((summary) => [summary.code, summary]));
    records = records.map((r) => (remade.has(r.code) ? { ...r, summary: remade.get(r.code) } : r));
    try { await store.resummarize(answer.remade); } catch { /* made again next time */ }
  }

  // --- the archive screen ------------------------------------------------------------------------
  async function show() {
    signal.begin();
    try {
      await ready;
      await rate();
      start.hide();
      draw();
      view.show();
      view.element.querySelector("h2")?.focus?.();
      signal.announce("archive");
    } finally {
      signal.done();
    }
  }

  function draw() {
    const shown = figures.filtered(records, filter);
    view.render({
      games: records, shown, people: standings?.people ?? {}, anchors: standings?.anchors ?? {},
      filter, problem, persisted,
    });
  }

  // --- keeping games, deleting one, the archive's file (module functions below, given these) -------
  const shared = {
    view, call, notice, confirm, kept, ready, refresh, draw,
    get records() { return records; },
    get store() { return store; },
    get problem() { return problem; },
    set problem(value) { problem = value; },
    keepPersisted: async () => { persisted = persisted || await askPersistence(); },
    exportFile: () => exportFile(),
  };
  const { exportFile, importFile } = createArchiveFile(shared);
  const seen = createKeeper(shared);
  const remove = createRemoval(shared);

  return { seen, show, ready };
}

// The start screen's way into the archive and the regulars card: each person of the archive a
// tap away from a seat (logic/archive-figures.js says which seat). `people()`: the regulars now.
function createRegulars(start, { people, onOpen }) {
  const regulars = h("div", { class: "th-regular-list" });
  const regularNote = h("p", { class: "th-field-error", role: "status" });
  const regularCard = h("section", { class: "th-start-card th-regulars", id: "th-regulars", hidden: true, "aria-labelledby": "th-regulars-title" }, [
    h("h3", { id: "th-regulars-title", text: t("archive.regulars") }),
    h("p", { class: "th-fine", text: t("archive.regulars.hint") }),
    regulars,
    regularNote,
  ]);
  const openButton = h("button", { type: "button", class: "th-button th-secondary", id: "th-archive-open", onclick: () => onOpen() }, t("archive.open"));
  const inner = start.element.querySelector(".th-start-inner");
  inner.insertBefore(regularCard, inner.querySelector(".th-start-form"));
  inner.appendChild(h("div", { class: "th-actions th-archive-entry" }, openButton));

  function draw() {
    clear(regulars);
    regularNote.textContent = "";
    const list = people();
    regularCard.hidden = list.length === 0;
    const seats = start.seats();
    for (const p of list) {
      const seated = figures.isSeated(seats, p);
      regulars.appendChild(h("button", {
        type: "button", class: `th-regular tm-pc-${p.color}${seated ? " is-seated" : ""}`,
        "aria-label": t(seated ? "archive.regular.seated" : "archive.regular.seat", { name: p.name }),
        dataset: { player: p.player }, onclick: () => seatRegular(p),
      }, [bossIcon(p.color, "", "th-regular-hat"), h("span", { text: p.name })]));
    }
  }

  // A regular takes the first seat that holds no regular (a person's, not a computer's), or a
  // new seat; their colour comes along, swapped with whoever had it.
  function seatRegular(p) {
    const placed = figures.seatRegular(start.seats(), p, people(), PLAYER_COLORS);
    if (placed.seated) return;
    if (placed.full) { regularNote.textContent = t("archive.regular.full"); return; }
    start.setSeats(placed.seats);
    draw();
    regulars.querySelector(`[data-player="${CSS.escape(p.player)}"]`)?.focus();
  }

  return { draw };
}

// The file that carries the archive to another device: export, and import (every game of the
// file checked by Python first; only then is anything stored, in one transaction). `state`:
// {view, call, refresh, draw, records, store, keepPersisted}.
function createArchiveFile(state) {
  const { view, call, refresh, draw } = state;
  function exportFile() {
    const now = new Date();
    const name = archiveFileName(now);
    const url = URL.createObjectURL(new Blob([archiveText(state.records, now)], { type: "application/json" }));
    const link = h("a", { href: url, download: name, hidden: true });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000); // the download has its copy by then
    view.say(t("archive.exported", { file: name }));
  }

  // Every game of the file is checked by Python first; only then is anything stored, all in one
  // transaction. A refused file changes nothing.
  async function importFile(file) {
    view.say(t("archive.importing"));
    let games;
    try {
      games = await readArchiveFile(file);
    } catch (err) {
      if (!(err instanceof FileRefused)) throw err;
      view.say(t(`archive.refused.${err.reason}`, err.params));
      return;
    }
    const answer = await call("standings", { method: "summarize_many", params: { codes: games.map((g) => g.code) } });
    if (!answer) return;
    if (!answer.ok) {
      const n = answer.error?.params?.n;
      view.say(n ? t("archive.refused.damaged_game", { n }) : t("archive.refused.damaged"));
      return;
    }
    if (!state.store) { view.say(t("archive.refused.storage")); return; }
    let result;
    try {
      result = await state.store.merge(games.map((g, i) => ({ code: g.code, finished: g.finished, summary: answer.summaries[i] })));
    } catch {
      view.say(t("archive.refused.storage"));
      return;
    }
    await state.keepPersisted();
    await refresh();
    draw();
    view.say(t("archive.imported", { added: result.added, known: result.known }));
    signal.announce("archive");
  }

  return { exportFile, importFile };
}

// Keeping finished games: each one once, summarized by Python, then stored. Returns seen(answer),
// for every answer the game screen draws. `state`: the archive's (createArchive's `shared`).
function createKeeper(state) {
  const { call, notice, kept, ready, refresh } = state;
  function seen(answer) {
    if (!answer || !answer.code || answer.view?.phase !== "over" || kept.has(answer.code)) return;
    kept.add(answer.code);
    // Busy until it is stored: a test (or a person) opening the archive finds the game there.
    signal.during(keep(answer.code));
  }

  async function keep(code) {
    await ready;
    if (!state.store) { notice(t(`archive.problem.${state.problem || "blocked"}`)); return; }
    const answer = await call("standings", { method: "summarize", params: { code } });
    if (!answer || !answer.ok) { kept.delete(code); return; }
    try {
      await state.store.add({ code, finished: new Date().toISOString(), summary: answer.summary });
    } catch (err) {
      kept.delete(code); // tried again the next time this game is drawn
      const trouble = err instanceof ArchiveError ? err.problem : "failed";
      // Full: the archive so far can still be carried away, one tap from the message.
      const exportNow = { label: t("archive.export"), onclick: () => state.exportFile() };
      notice(t(`archive.problem.${trouble}`), trouble === "full" && state.records.length ? [exportNow] : []);
      return;
    }
    await state.keepPersisted();
    await refresh();
  }

  return seen;
}

// Deleting a kept game, once the player agrees. Returns remove(record).
function createRemoval(state) {
  const { confirm, kept, refresh, draw, view } = state;
  async function remove(record) {
    const names = record.summary.seats.map((s) => s.name).join(", ");
    const yes = await confirm.ask({
      title: t("archive.delete.title"), text: t("archive.delete.text", { date: dateText(record.finished), names }),
      yes: t("archive.delete.yes"), no: t("archive.delete.no"),
    });
    if (!yes) return;
    await signal.during(forget(record));
  }

  async function forget(record) {
    try {
      await state.store.remove(record.code);
    } catch (err) {
      state.problem = err instanceof ArchiveError ? err.problem : "failed";
    }
    kept.delete(record.code);
    await refresh();
    draw();
    view.say(t("archive.deleted"));
    signal.announce("archive");
  }

  return remove;
}
