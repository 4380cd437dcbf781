// The autosave's decisions (autosave.js keeps the record in localStorage; session.js asks
// before a game replaces an unfinished one). Pure — the stored text comes in, records and
// answers go out; nothing here touches storage.
//
//   readRecord(raw)               → {status: "none" | "ok" | "corrupt", record?, raw?}
//   unfinished(saved)             → the unfinished game's record, or null
//   replaceQuestion(record, code) → what "Replace your unfinished game?" names, or null
//   otherTabWrote(newValue, lastRaw, tab)   → another tab overwrote this tab's save

export const FORMAT = "tammany-autosave/1";

/** What the stored text holds: nothing, a record, or something unreadable (kept aside). */
export function readRecord(raw) {
  if (raw === null || raw === undefined) return { status: "none" };
  try {
    const record = JSON.parse(raw);
    if (!record || record.format !== FORMAT || typeof record.code !== "string" || !record.code) {
      return { status: "corrupt", raw };
    }
    return { status: "ok", record, raw };
  } catch {
    return { status: "corrupt", raw };
  }
}

/** Whether an answer is saved: a game at one table with a code (a game across devices is kept
 *  by its id, docs/remote.md). */
export function savable(snap) {
  return Boolean(snap && snap.code) && !snap.game_id;
}

/** The saved game that is not over, or null. */
export function unfinished(saved) {
  return saved && saved.status === "ok" && !saved.record.over ? saved.record : null;
}

/** "Replace your unfinished game?": asked when an unfinished game is saved and the new game is
 *  not that same game (`code`: the code being opened, if any). {names, year} to name it, or
 *  null when nothing needs asking. */
export function replaceQuestion(record, code = null) {
  if (!record || record.code === code) return null;
  return { names: record.names.join(", "), year: record.year };
}

/** Whether a `storage` event's new value means another tab took over this game's save: this
 *  tab has saved (`lastRaw`), the value differs and is not this tab's own write. An
 *  unreadable write by someone else is a conflict too. */
export function otherTabWrote(newValue, lastRaw, tab) {
  if (lastRaw === null || newValue === lastRaw) return false;
  try {
    const other = JSON.parse(newValue || "null");
    if (other && other.tab === tab) return false;
  } catch { /* unreadable: a conflict */ }
  return true;
}

/** Before a write: the stored value changed since this tab's last write (another tab saved). */
export function overwritten(now, lastRaw) {
  return lastRaw !== null && now !== null && now !== lastRaw;
}
