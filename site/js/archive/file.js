// The archive as one file, to carry it to another device (docs/archive.md, "The file").
//
//   {"format": "tammany-archive", "version": 1, "exported": "2026-11-25T09:00:00.000Z",
//    "games": [{"code": "BJkI9…", "finished": "2026-11-24T21:14:05.120Z"}, …]}
//
// The codes are the games (seats, seed, every move: docs/savecodes.md); the finishing time
// orders them for the ratings. Nothing else is trusted from a file: each code is summarised
// again by Python when it is imported. readArchiveFile() only checks the file's shape; a code
// Python refuses refuses the whole file (archive-ui.js), so an import adds all or nothing.

export const FORMAT = "tammany-archive";
export const VERSION = 1;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** More games than a weekly group plays in fifty years; the file limit keeps it smaller still. */
export const MAX_GAMES = 5000;
const MAX_CODE_CHARS = 4096;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** The file's text for `records` ({code, finished, …}). */
export function archiveText(records, now = new Date()) {
  const games = records.map(({ code, finished }) => ({ code, finished }));
  return JSON.stringify({ format: FORMAT, version: VERSION, exported: now.toISOString(), games }, null, 1) + "\n";
}

export function archiveFileName(now = new Date()) {
  return `tammany-archive-${now.toISOString().slice(0, 10)}.json`;
}

export class FileRefused extends Error {
  /** reason: "too_large" | "empty" | "damaged" | "foreign" | "newer" */
  constructor(reason, params = {}) {
    super(`archive file refused: ${reason}`);
    this.reason = reason;
    this.params = params;
  }
}

/** The games of an archive file (a File or Blob): [{code, finished}], or throws FileRefused. */
export async function readArchiveFile(file) {
  if (file.size > MAX_FILE_BYTES) throw new FileRefused("too_large", { mb: MAX_FILE_BYTES / (1024 * 1024) });
  if (file.size === 0) throw new FileRefused("empty");
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new FileRefused("foreign"); // not text at all: a picture, a spreadsheet, …
  }
  return parseArchive(text);
}

export function parseArchive(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    // Unreadable JSON that names our format was ours once, and is broken (cut short, edited).
    throw new FileRefused(text.includes(`"${FORMAT}"`) ? "damaged" : "foreign");
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || data.format !== FORMAT) throw new FileRefused("foreign");
  if (!Number.isInteger(data.version) || data.version < 1) throw new FileRefused("damaged");
  if (data.version > VERSION) throw new FileRefused("newer");
  if (!Array.isArray(data.games) || data.games.length > MAX_GAMES) throw new FileRefused("damaged");
  return data.games.map((game, i) => {
    const ok = game && typeof game === "object" && typeof game.code === "string"
      && game.code.length > 0 && game.code.length <= MAX_CODE_CHARS
      && typeof game.finished === "string" && ISO_TIME.test(game.finished) && !Number.isNaN(Date.parse(game.finished));
    if (!ok) throw new FileRefused("damaged_game", { n: i + 1 });
    return { code: game.code, finished: game.finished };
  });
}
