// The archive on this device: every finished game, in IndexedDB (the platform's database for
// data that outlives a visit; localStorage holds only the game in play, js/autosave.js).
//
//   const store = await openStore();      // never throws: {ok: false, problem} when unusable
//   await store.games()                   // [{code, finished, summary}], oldest first
//   await store.add(record)               // true when new, false when the code is kept already
//   await store.remove(code)
//   await store.merge(records)            // one transaction: {added, known}, or nothing at all
//   await store.resummarize(summaries)    // kept games' summaries made again (by their code)
//
// A record is keyed by its save code, so a game is kept once however often it is shown or
// imported. Every failure is an ArchiveError with a `problem`: "blocked" (the browser refuses
// storage: private browsing, a setting), "full" (the quota is used up) or "failed".

const DB_NAME = "tammany-archive";
const DB_VERSION = 1;
const GAMES = "games";

export class ArchiveError extends Error {
  constructor(problem, detail = "") {
    super(`archive ${problem}${detail ? `: ${detail}` : ""}`);
    this.problem = problem;
  }
}

function problemOf(error) {
  const name = error?.name || "";
  if (name === "QuotaExceededError") return "full";
  if (name === "SecurityError" || name === "InvalidStateError" || name === "NotAllowedError") return "blocked";
  return "failed";
}

function asError(error) {
  return error instanceof ArchiveError ? error : new ArchiveError(problemOf(error), error?.message || String(error || ""));
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(asError(req.error));
  });
}

// A transaction's end: its writes are on disk (or none of them is).
function finished(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(asError(tx.error));
    tx.onerror = () => reject(asError(tx.error));
  });
}

function openDb() {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (err) {
      reject(new ArchiveError("blocked", err?.message));
      return;
    }
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(GAMES)) db.createObjectStore(GAMES, { keyPath: "code" });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(new ArchiveError("blocked", req.error?.message));
    req.onblocked = () => reject(new ArchiveError("blocked", "another tab holds an older archive open"));
  });
}

function byFinished(a, b) {
  return a.finished < b.finished ? -1 : a.finished > b.finished ? 1 : a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

// A record this page wrote (anything else in the store is left alone, and not shown).
function readable(record) {
  return record && typeof record.code === "string" && typeof record.finished === "string"
    && record.summary && Array.isArray(record.summary.seats)
    && record.summary.seats.every((s) => s && typeof s.name === "string" && typeof s.player === "string");
}

export async function openStore() {
  let db;
  try {
    if (typeof indexedDB === "undefined") throw new ArchiveError("blocked", "no IndexedDB");
    db = await openDb();
  } catch (err) {
    return { ok: false, problem: asError(err).problem };
  }
  // Another tab upgrading the database (a newer build) closes this one: it reopens next visit.
  db.onversionchange = () => db.close();

  async function run(mode, work) {
    let tx;
    try {
      tx = db.transaction(GAMES, mode);
    } catch (err) {
      throw asError(err);
    }
    const done = finished(tx);
    let result;
    try {
      result = await work(tx.objectStore(GAMES));
    } catch (err) {
      done.catch(() => {}); // the transaction's own end no longer matters: this is the failure
      throw asError(err);
    }
    await done;
    return result;
  }

  return {
    ok: true,
    async games() {
      const all = await run("readonly", (games) => request(games.getAll()));
      return all.filter(readable).sort(byFinished);
    },
    async add(record) {
      return run("readwrite", async (games) => {
        if (await request(games.getKey(record.code)) !== undefined) return false;
        await request(games.add(record));
        return true;
      });
    },
    async remove(code) {
      await run("readwrite", (games) => request(games.delete(code)));
    },
    /** New summaries of kept games (Python made them again from their codes: a summary of an
     * earlier version, py/standings/summary.py), in one transaction; games not kept are left. */
    async resummarize(summaries) {
      return run("readwrite", async (games) => {
        for (const summary of summaries) {
          const record = await request(games.get(summary.code));
          if (record) await request(games.put({ ...record, summary }));
        }
      });
    },
    /** All of `records` not kept yet, in one transaction: a failure part-way stores none. */
    async merge(records) {
      return run("readwrite", async (games) => {
        let added = 0;
        for (const record of records) {
          if (await request(games.getKey(record.code)) !== undefined) continue;
          await request(games.add(record));
          added += 1;
        }
        return { added, known: records.length - added };
      });
    },
  };
}

/** Ask the browser to keep this site's storage unless the person clears it: true if it will. */
export async function askPersistence() {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
