// All page text, in one table, so other languages can follow.
//
//   t(key, params)          -> string; "{name}" placeholders are filled from params.
//                              If params.count is a number and KEY.one / KEY.other
//                              exist, the plural form is chosen (Intl.PluralRules).
//   registerStrings(table)  -> add or override keys (e.g. another language).
//   registerMessages(table) -> rule messages by engine error/event code: {code: template}.
//   message({code, params, message}) -> the registered template for `code`, filled
//                              from params; else the engine's own English `message`.
//   listOf(items)           -> "a, b and c" in the page's language.
//
// Values are plain text, never HTML: callers put them in textContent / aria-label.

const EN = {
  // Nationalities (cubes and favor chips), in the rules' order.
  "nat.irish": "Irish",
  "nat.english": "English",
  "nat.german": "German",
  "nat.italian": "Italian",
  "nat.irish.letter": "I",
  "nat.english.letter": "E",
  "nat.german.letter": "G",
  "nat.italian.letter": "It",
  "nat.count": "{count} {nat}",

  // Player colours.
  "color.red": "red",
  "color.yellow": "yellow",
  "color.purple": "purple",
  "color.black": "black",
  "color.brown": "brown",

  // Offices.
  "office.mayor": "Mayor",
  "office.deputy_mayor": "Deputy Mayor",
  "office.council_president": "Council President",
  "office.chief_of_police": "Chief of Police",
  "office.precinct_chairman": "Precinct Chairman",
  "office.none": "no office",

  // The map.
  "map.label": "Map of Lower Manhattan, 1850–1870",
  "map.ward": "Ward {n}",
  "map.ward.cubes.none": "no cubes",
  "map.ward.bosses": "bosses: {list}",
  "map.ward.bosses.none": "no bosses",
  "map.ward.boss": "{name} {count}",
  "map.ward.locked": "locked",
  "map.ward.target": "can be chosen now",
  "map.ward.selected": "selected",
  "map.ward.electing": "election under way here",
  "map.ward.out": "zone {zone}, in play from year {year}",
  "map.ward.tammany": "Tammany Hall, 2 points",
  "map.ward.bonus.immigrant": "election bonus: a cube",
  "map.ward.bonus.favor": "election bonus: a favor chip",
  "map.zone": "Zone {zone}",
  "map.zone.from": "from year {year}",
  "map.tammany": "Tammany Hall",
  "map.hudson": "HUDSON RIVER",
  "map.east_river": "EAST RIVER",
  "map.bay": "UPPER NEW YORK BAY",
  "map.brooklyn": "BROOKLYN",
  "map.uptown": "UPTOWN",
  "map.battery": "The Battery",
  "map.castle_garden": "Castle Garden",
  "map.castle_garden.cube": "Castle Garden: {count} {nat}",
  "map.castle_garden.cube.target": "Castle Garden: {count} {nat}, can be chosen now",
  "map.legend.tammany": "Tammany Hall: 2 points",
  "map.legend.bonus_cube": "Win it: take a cube",
  "map.legend.bonus_chip": "Win it: take a favor chip",
  "map.legend.locked": "Locked this term",
  "map.zoom_in": "Zoom in",
  "map.zoom_out": "Zoom out",
  "map.zoom_reset": "Fit map",
  "map.zoom_in.symbol": "+",
  "map.zoom_out.symbol": "−",
  "map.zoom_reset.symbol": "⤢",

  // The table.
  "table.label": "The table",
  "table.points.one": "{count} point",
  "table.points.other": "{count} points",
  "table.points.short": "pts",
  "table.favors": "Favor chips",
  "table.slander": "Slander",
  "table.slander.aria": "{count} slander chips left",
  "table.bosses": "On map",
  "table.bosses.aria": "{count} bosses on the map",
  "table.office": "Office",
  "table.legend.favors": "favor chips",
  "table.legend.slander": "slander chips left",
  "table.legend.bosses": "bosses on the map",
  "table.to_act": "Now",
  "table.to_act.aria": "to act now",
  "table.has_bid": "Bid in",
  "table.has_bid.aria": "has bid",
  "table.bidding": "Bidding",
  "table.bidding.aria": "must bid",
  "table.first": "Started this year",
  "table.first.short": "1st",
  "table.player.aria": "{name}, {color}, {points}",
  "table.chips.aria": "favor chips: {list}",
  "table.year": "Year {year} of 16",
  "table.term": "Term {term}",
  "table.year.aria": "Year {year}",
  "table.year.election": "Elections after year {year}",
  "table.year.zone": "Zone {zone} opens",
  "table.year.track": "Year track",
  "table.election": "Election: ward {ward}",
  "table.election.progress": "Election: ward {ward} ({done} of {total} counted)",
  "table.castle_garden": "Castle Garden",
  "table.bag": "In the bag",
  "table.supply.aria": "{place}: {list}",
  "table.log": "Game log",
  "table.log.count": "Game log ({count})",
  "table.log.empty": "Nothing has happened yet.",
  "table.over": "Game over",

  "list.and": "and",
  "list.empty": "none",

  // Dev preview only.
  "dev.title": "Tammany Hall — renderer preview",
};

// --- Languages (issue 14; docs/i18n.md) ------------------------------------------------------
// English is the table above plus the registerStrings blocks below, loaded with the page. Every
// other language is a data file data/i18n/<code>.json ({"strings": {…}, "messages": {…}}, the
// same keys as English), fetched only when chosen (setLanguage); the service worker stores it
// for offline play like every file of the build.

export const LANGUAGES = ["en", "de", "fr", "it"];
/** Each language's own name, for the language menus (the same in every language). */
export const LANGUAGE_NAMES = { en: "English", de: "Deutsch", fr: "Français", it: "Italiano" };
const STORE_KEY = "tammany-language";

const tables = { en: { ...EN } };
const messageTables = { en: {} };
let current = "en";
let formats = null;

// Missing text: a development or test page (?dev=1 in the address) throws at once, so a test
// fails on it; a player's page falls back to English (or to the key itself), quietly.
const strict = typeof location !== "undefined" && new URLSearchParams(location.search).get("dev") === "1";

function missing(what, fallback) {
  if (strict) throw new Error(`Missing text in "${current}": ${what}`);
  return fallback;
}

/** Add or override strings. `lang` defaults to English (the UI's own blocks below). */
export function registerStrings(extra, lang = "en") {
  Object.assign(tables[lang] ??= {}, extra);
}

/** Templates for the engine's codes: refusals by their code, events as "event.<code>",
 *  prompts as "prompt.<code>" (js/i18n/engine-text.js picks the variant and its params). */
export function registerMessages(extra, lang = "en") {
  Object.assign(messageTables[lang] ??= {}, extra);
}

/** The page's language now ("en", "de", "fr" or "it"). */
export function language() {
  return current;
}

/** Load (once) and switch to `lang`; callers redraw afterwards. Unknown codes mean English. */
export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  if (lang !== "en" && !tables[lang]) {
    const answer = await fetch(new URL(`../data/i18n/${lang}.json`, import.meta.url));
    if (!answer.ok) throw new Error(`The ${LANGUAGE_NAMES[lang]} text could not be loaded (HTTP ${answer.status}).`);
    const data = await answer.json();
    registerMessages(data.messages, lang);
    registerStrings(data.strings, lang);
  }
  current = lang;
  formats = null;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  return lang;
}

/** The language to open in: ?lang=xx (tests and links, not remembered), else the one chosen on
 *  this device, else the first of the browser's languages we have, else English. */
export function preferredLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  let stored = null;
  try { stored = localStorage.getItem(STORE_KEY); } catch { /* storage blocked */ }
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

/** Remember the player's choice on this device (a game link never carries it). */
export function rememberLanguage(lang) {
  try { localStorage.setItem(STORE_KEY, lang); } catch { /* storage blocked: this visit only */ }
}

function intl() {
  if (!formats) {
    formats = {
      plural: new Intl.PluralRules(current),
      number: new Intl.NumberFormat(current),
      list: new Intl.ListFormat(current, { style: "long", type: "conjunction" }),
    };
  }
  return formats;
}

function fill(template, params, what) {
  if (!params) params = {};
  return template.replace(/\{(\w+)\}/g, (m, name) => {
    if (!Object.prototype.hasOwnProperty.call(params, name)) return missing(`${what} needs {${name}}`, m);
    const v = params[name];
    return typeof v === "number" ? intl().number.format(v) : String(v);
  });
}

// A key in the page's language: with a numeric params.count, KEY.<plural category> first.
function lookup(table, key, params) {
  if (!table) return undefined;
  if (params && typeof params.count === "number") {
    const form = table[key + "." + intl().plural.select(params.count)] ?? table[key + ".other"];
    if (form !== undefined) return form;
  }
  return table[key];
}

export function t(key, params) {
  let s = lookup(tables[current], key, params);
  if (s === undefined) s = missing(`key "${key}"`, lookup(tables.en, key, params));
  if (s === undefined) return key;
  return fill(s, params, `"${key}"`);
}

export function has(key) {
  return tables[current]?.[key] !== undefined || tables.en[key] !== undefined;
}

/** A template for an engine code ("event.turn", "prompt.bid", "not_your_turn") or undefined. */
export function template(code) {
  const s = messageTables[current]?.[code];
  if (s !== undefined) return s;
  return missing(`message "${code}"`, messageTables.en[code]);
}

/** Whether some language has a template for `code` (a plural form may not exist at all). */
export function hasMessage(code) {
  return messageTables[current]?.[code] !== undefined || messageTables.en[code] !== undefined;
}

/** A copy of one language's tables, {strings, messages} (tests compare them with English). */
export function textTables(lang) {
  return { strings: { ...(tables[lang] || {}) }, messages: { ...(messageTables[lang] || {}) } };
}

/** Fill an engine template: `params` are already the page's words (names, nationalities). */
export function fillMessage(code, params) {
  const s = template(code);
  return s === undefined ? undefined : fill(s, params, `message "${code}"`);
}

/** A refusal or error from the engine, {code, params, message}, in the page's language.
 *  English is the engine's own sentence (Python words its refusals in English, with details
 *  no parameter carries). Another language uses its template for the code — "<code>.with_<p>"
 *  first when the refusal has parameter p (a longer sentence that uses it) — with the page's
 *  words added to the engine's raw parameters (a colour's name, an office, a nested reason). */
export function message(err) {
  if (!err) return "";
  if (current === "en" && typeof err.message === "string" && err.message) return err.message;
  const params = { ...(err.params || {}) };
  if (typeof params.color === "string" && has(`nat.${params.color}`)) params.nat = t(`nat.${params.color}`);
  if (typeof params.office === "string") params.office = t(`office.${params.office}`);
  if (params.reason && typeof params.reason === "object") params.reason = message(params.reason);
  if (err.code === undefined) return err.message || "";
  const code = String(err.code);
  const variant = Object.keys(err.params || {}).sort().map((p) => `${code}.with_${p}`).find(hasMessage);
  return fillMessage(variant || code, params) ?? err.message ?? code;
}

/** "a, b and c" in the page's language (Intl.ListFormat). */
export function listOf(items) {
  if (items.length === 0) return t("list.empty");
  return intl().list.format(items.map(String));
}

/** The plural category of `n` in the page's language ("one", "other"…: Intl.PluralRules). */
export function pluralCategory(n) {
  return intl().plural.select(n);
}

/** A number in the page's language (Intl.NumberFormat). */
export function formatNumber(n) {
  return intl().number.format(n);
}

// --- The engine's words (issue 14): events "event.*" and prompts "prompt.*". ---
// js/i18n/engine-text.js turns each event or prompt into these templates' params; every other
// language has the same keys in data/i18n/<code>.json, and a template for each refusal code
// (English shows the engine's own sentence: see message()). Tests hold them to the engine.
registerStrings({
  // A nationality's cube or favor chip as the object of a sentence ("takes an Irish favor chip").
  "phrase.cube.irish": "an Irish cube",
  "phrase.cube.english": "an English cube",
  "phrase.cube.german": "a German cube",
  "phrase.cube.italian": "an Italian cube",
  "phrase.chip.irish": "an Irish favor chip",
  "phrase.chip.english": "an English favor chip",
  "phrase.chip.german": "a German favor chip",
  "phrase.chip.italian": "an Italian favor chip",
  "language.label": "Language",
  "rules.open": "Rules",
  "rules.help": "What can I do now? Open the rules",
  "rules.title": "The rules",
  "rules.close": "Close the rules",
  "rules.contents": "Contents",
  "rules.loading": "Opening the rules…",
  "rules.failed": "The rules could not be opened: {message}",
  "rules.see": "Rule: {rule}",
  "boot.title": "Opening the Hall",
  "boot.tagline": "Ward politics in old New York",
  "boot.download": "Downloading the Python runtime",
  "boot.start": "Starting Python",
  "boot.rules": "Loading the rules",
  "boot.failed": "The game could not start",
  "boot.check": "Check your connection, then try again.",
  "boot.retry": "Retry",
  "boot.details": "Technical details",
  "boot.colophon": "An unofficial fan implementation of the published board game Tammany Hall; its rules and name belong to their owners.",
  // Each rule's name (docs/rules.md's R-ids; the id itself is never shown).
  "rule.R1": "Players",
  "rule.R2": "Cubes are limited",
  "rule.R3": "Chips and bosses never run out",
  "rule.R4": "Slander chips",
  "rule.R5": "The start player",
  "rule.R6": "The set-up cubes",
  "rule.R7": "Zones enter play",
  "rule.R8": "Wards in play",
  "rule.R9": "Turn order",
  "rule.R10": "Castle Garden",
  "rule.R11": "A turn's three steps",
  "rule.R12": "Placing",
  "rule.R13": "The end of a year",
  "rule.R14": "Deputy Mayor",
  "rule.R15": "Chief of Police",
  "rule.R16": "Council President",
  "rule.R17": "Precinct Chairman",
  "rule.R18": "Mayor",
  "rule.R19": "Neighbouring wards",
  "rule.R20": "The first slander",
  "rule.R21": "Spreading a slander",
  "rule.R22": "The order of voting",
  "rule.R23": "Candidates",
  "rule.R24": "Sealed bids",
  "rule.R25": "Who is asked to bid",
  "rule.R26": "Bosses go home",
  "rule.R27": "Ward bonuses",
  "rule.R28": "Immigrant leaders",
  "rule.R29": "Points",
  "rule.R30": "Choosing the mayor",
  "rule.R31": "Handing out the offices",
  "rule.R32": "The end of the game",
  "rule.R33": "The winner",
  "rule.R34": "What everyone can see",
});

registerMessages({
  // Prompts: what the seat to act may do now.
  "prompt.turn": "{name}: {list}.",
  "prompt.turn.place": "place two bosses",
  "prompt.turn.place_cube": "place two bosses, or a boss and a Castle Garden cube",
  "prompt.turn.office": "use your office ({office})",
  "prompt.turn.slander": "slander a rival",
  "prompt.turn.end": "end your turn",
  "prompt.bid": "Ward {ward} votes: sealed bids from {names}.",
  "prompt.bonus.cube": "{name} won ward {ward}: claim a cube from the bag for any open ward, or decline.",
  "prompt.bonus.chip": "{name} won ward {ward}: claim a favor chip, or decline.",
  "prompt.offices": "{name} is mayor: give each other player one office.",
  "prompt.game_over": "The game is over.",
  // Across devices (docs/remote.md): a step the seat's device takes by itself.
  "prompt.device.anchor": "{name}'s device fixes its random contributions for the game.",
  "prompt.device.draw": "{name}'s device draws the cubes for this turn.",
  "prompt.device.open": "Ward {ward}: {name}'s device opens the sealed bid.",

  // Events: the game log.
  "event.start_player": "{name} is drawn to start.",
  "event.zone_opens": "Zone {zone} enters play.",
  "event.turn": "Year {year}: {name}'s turn.",
  "event.castle_garden": "Immigrants arrive at Castle Garden: {cubes}.",
  "event.castle_garden.short": "Immigrants arrive at Castle Garden: {cubes}. The bag ran short.",
  "event.placed_bosses.same": "{name} places two bosses in ward {ward}.",
  "event.placed_bosses": "{name} places a boss in ward {ward} and one in ward {ward2}.",
  "event.placed_boss_cube": "{name} places a boss in ward {boss} and {cube} in ward {ward}.",
  "event.deputy": "{name} (Deputy Mayor) takes {chip}.",
  "event.police": "{name} (Chief of Police) sends {cube} from ward {ward} back to the bag.",
  "event.lock": "{name} (Council President) locks ward {ward}.",
  "event.precinct": "{name} (Precinct Chairman) moves {cube} from ward {ward} to ward {to}.",
  "event.slander": "{name} slanders {target} in ward {ward}, paying {chip}.",
  "event.slander.twice": "{name} slanders {target} in ward {ward}, paying {chip}, and again in ward {ward2}.",
  "event.end_turn": "{name} ends the turn.",
  "event.year": "Year {year} begins.",
  "event.election": "Election of term {term}!",
  "event.castle_garden_returned": "Castle Garden's cubes go back to the bag: {cubes}.",
  "event.bidding": "Ward {ward}: sealed bids from {names}.",
  "event.bid_placed": "{name} has bid in ward {ward}.",
  "event.ward_vote": "Ward {ward}: {results}. {outcome}",
  "event.ward_vote.none": "Ward {ward}: no candidates.",
  "event.ward_vote.part": "{name} {votes} ({chips} bid)",
  "event.ward_vote.winner": "{name} wins.",
  "event.ward_vote.tie": "A tie: nobody wins.",
  "event.nothing": "nothing",
  "event.bonus_offered.cube": "{name} may claim ward {ward}'s bonus: a cube.",
  "event.bonus_offered.chip": "{name} may claim ward {ward}'s bonus: a favor chip.",
  "event.bonus_cube": "{name} adds {cube} to ward {ward} (bonus).",
  "event.bonus_chip": "{name} takes {chip} (bonus).",
  "event.bonus_skip": "{name} declines the bonus.",
  "event.immigrant_leaders": "Immigrant leaders: {awards}.",
  "event.immigrant_leaders.none": "No immigrant leaders this term.",
  "event.immigrant_leaders.award": "{names} +3 {nat}",
  "event.points": "{name} scores {points} for {wards}.",
  "event.points.wards.one": "{count} ward",
  "event.points.wards.other": "{count} wards",
  "event.mayor": "{name} is mayor ({how}) and scores 3.",
  "event.mayor.none": "No mayor is chosen: the tie stands and nobody hands out offices.",
  "event.mayor.wards": "most wards",
  "event.mayor.incumbent": "the tie stands, the mayor stays",
  "event.mayor.chips": "tie broken by most favor chips",
  "event.mayor.nat": "tie broken by most {nat} chips",
  "event.offices": "{name} hands out the offices: {list}.",
  "event.offices.item": "{name} {office}",
  "event.favor_majority": "Most {nat} chips: {names} +2.",
  "event.game_over": "Game over. {names} wins!",
  "event.game_over.shared": "Game over. {names} share the win!",
  // Across devices (docs/remote.md).
  "event.anchored": "{name}'s device fixes its random contributions for the game.",
  "event.draw_due": "Cubes are to be drawn: {name}'s device adds its random contribution.",
  "event.drawn": "{name}'s device adds its random contribution to the bag.",
  "event.bid_sealed": "{name} has sealed a bid in ward {ward}.",
  "event.bids_revealing": "Ward {ward}: every bid is in; the sealed bids are opened next.",
  "event.bid_opened": "{name} opens the sealed bid in ward {ward}.",
});

// --- The game UI (site/js/ui/*, app.js) — appended by the UI; one table all the same. ---
registerStrings({
  "app.title": "Tammany Hall",
  "app.version": "Version {version}",
  "app.busy": "Thinking…",
  "app.engine_failed": "The game's engine stopped unexpectedly ({detail}). Restarting it and restoring your game from the autosave…",
  "app.engine_restored": "The engine was restarted and your game restored.",
  "app.engine_lost": "The engine could not be restarted. Reload the page; your game is in the autosave.",
  "app.internal": "Something unexpected happened in the rules ({detail}). The game is being restored from the autosave.",
  "app.dismiss": "Dismiss",

  // Start screen.
  "start.title": "A new game",
  "start.intro": "Three to five ward bosses share one device. Take turns placing bosses and immigrants, win wards at the elections after years 4, 8, 12 and 16, and hold the most points after year 16.",
  "start.players": "Players",
  "start.seat": "Player {n}",
  "start.name": "Name of player {n}",
  "start.color": "Colour of player {n}",
  "start.color.option": "{color}",
  "start.add": "Add a player",
  "start.remove": "Remove player {n}",
  "start.start": "Start the game",
  "start.seed": "Fixed seed {seed} (from the page address)",
  "start.continue.title": "Continue your game",
  "start.continue.summary": "{names} — year {year} of 16",
  "start.continue": "Continue",
  "start.load.title": "Load a game code",
  "start.load.label": "Paste a game code or a game link",
  "start.load": "Load this code",
  "start.load.empty": "Paste a code first.",
  "start.link.title": "A shared game",
  "start.link.text": "This page was opened with a game link.",
  "start.link.open": "Open the shared game",
  "start.default_names": "Anna|Boris|Clara|Declan|Elena",
  "start.name.empty": "A name needs at least one visible character.",
  "start.name.long": "A name has at most 20 characters.",
  "start.name.control": "A name may not contain control characters.",
  "start.refused": "“{name}”: {message}",
  "start.corrupt": "Your autosaved game could not be read, so it was set aside (kept in this browser's storage, not deleted). You can start a new game.",
  "start.corrupt_code": "Your autosaved game could not be restored: {message} It was set aside (kept, not deleted).",
  "start.blocked": "This browser does not let the page store anything: the game runs in memory only. Use Copy link to keep a game.",
  "start.confirm.title": "Replace your unfinished game?",
  "start.confirm.text": "Your unfinished game ({names}, year {year}) is saved in this browser. Starting or loading another game replaces that save.",
  "start.confirm.yes": "Replace it",
  "start.confirm.no": "Keep my game",

  // The game screen.
  "game.menu": "Game menu",
  "game.share": "Share",
  "game.new": "New game",
  "game.board": "The board",
  "game.conflict": "This game was continued in another tab or window. This tab no longer saves; reload it to pick up the latest state.",
  "game.storage_failed": "The game could not be saved in this browser (storage blocked or full). It goes on in memory: use Copy link to keep it.",
  "game.reload": "Reload",
  "game.show_results": "Final scores",
  "game.recent": "Just now",

  // A turn.
  "turn.place_bosses": "Place two bosses",
  "turn.place_boss_cube": "Boss + Castle Garden cube",
  "turn.office.deputy": "Deputy Mayor: take a favor chip",
  "turn.office.police": "Chief of Police: remove a cube",
  "turn.office.council": "Council President: lock a ward",
  "turn.office.precinct": "Precinct Chairman: move a cube",
  "turn.slander": "Slander a rival",
  "turn.undo": "Undo",
  "turn.end": "End turn",
  "turn.cancel": "Cancel",
  "turn.steps": "This turn",
  "turn.step.office": "Office",
  "turn.step.placing": "Placing",
  "turn.step.slander": "Slander",
  "turn.step.done": "{step}: done",
  "turn.step.open": "{step}: not yet",
  "turn.step.none": "{step}: not available",
  "turn.pick_action": "Choose what to do first, with the buttons beside the map.",
  "turn.dead_end": "Nothing can follow that choice: pick another.",
  "turn.not_now": "That cannot be chosen now.",
  "turn.hint.idle": "Tap a highlighted ward to place a boss, tap a Castle Garden cube, or use the buttons.",
  "turn.hint.idle_placed": "Placing is done. Use your office or slander if you can, or end your turn.",
  "turn.hint.bosses.a": "Tap a highlighted ward for your first boss.",
  "turn.hint.bosses.b": "Tap a ward for your second boss (the same ward again is allowed).",
  "turn.hint.boss_cube.c": "Choose a Castle Garden cube (on the map or below).",
  "turn.hint.boss_cube.w": "Tap the ward where the {nat} cube goes.",
  "turn.hint.boss_cube.b": "Tap the ward for your boss.",
  "turn.hint.deputy.c": "Deputy Mayor: choose the favor chip to take.",
  "turn.hint.police.w": "Chief of Police: tap a ward to remove a cube from.",
  "turn.hint.police.c": "Choose the cube to send back to the bag.",
  "turn.hint.council.w": "Council President: tap the ward to lock until the election.",
  "turn.hint.precinct.w": "Precinct Chairman: tap the ward to move a cube out of.",
  "turn.hint.precinct.c": "Choose the cube to move.",
  "turn.hint.precinct.to": "Tap a neighbouring ward for the {nat} cube.",
  "turn.hint.slander.p": "Slander: choose the rival.",
  "turn.hint.slander.w": "Tap a ward where you and {name} both have bosses.",
  "turn.hint.slander.c": "Choose the favor chip to pay (its colour must match a cube in ward {ward}).",
  "turn.hint.slander.w2": "You may also slander {name} in a neighbouring ward (one more {nat} chip): tap it, or slander in ward {ward} only.",
  "turn.slander_once": "Slander in ward {ward} only",
  "turn.hint.bonus_cube.c": "Ward {ward} bonus: choose a cube from the bag.",
  "turn.hint.bonus_cube.w": "Tap the ward for the {nat} cube.",
  "turn.hint.bonus_chip.c": "Ward {ward} bonus: choose a favor chip.",
  "turn.bonus.skip": "Decline the bonus",
  "turn.bonus.title": "{name} won ward {ward}",
  "turn.choose.chip": "{nat} chip",
  "turn.choose.cube": "{nat} cube ({count})",
  "turn.choose.cube.short": "{nat}",
  "turn.choose.rival": "{name}",
  "turn.popover.title": "Ward {ward}: which cube?",

  // Elections.
  "bid.cover.ward": "Ward {ward} votes",
  "bid.cover.pass": "Hand the device to {name}",
  "bid.cover.private": "{name}, your bid is secret: make sure nobody else is looking.",
  "bid.cover.reveal": "I am {name}: show my bid",
  "bid.cover.candidates": "Candidates",
  "bid.cover.bosses": "{count} bosses",
  "bid.cover.bosses.one": "{count} boss",
  "bid.cover.bosses.other": "{count} bosses",
  "bid.cover.status.bidding": "to bid",
  "bid.cover.status.in": "bid sealed",
  "bid.cover.status.none": "no chips to bid",
  "bid.cover.could.one": "can bid {count} chip",
  "bid.cover.could.other": "can bid up to {count} chips",
  "bid.title": "{name}'s sealed bid in ward {ward}",
  "bid.explain": "Each chip you bid adds a vote to your bosses. Bid chips are spent, win or lose. Only chips matching a cube in the ward can be bid.",
  "bid.ward_cubes": "Cubes in ward {ward}",
  "bid.your_bosses": "Your bosses here: {count}",
  "bid.rivals": "Rivals: {list}",
  "bid.less": "One {nat} chip less",
  "bid.more": "One {nat} chip more",
  "bid.of": "of {count}",
  "bid.total": "Your votes: {bosses} + {chips} = {votes}",
  "bid.chips.one": "{count} chip",
  "bid.chips.other": "{count} chips",
  "bid.submit": "Seal my bid",
  "bid.sealed": "Bid sealed.",
  "reveal.title": "Election of term {term}",
  "reveal.title.short": "Election results",
  "reveal.ward": "Ward {ward}",
  "reveal.votes.one": "{count} vote",
  "reveal.votes.other": "{count} votes",
  "reveal.bosses.one": "{count} boss",
  "reveal.bosses.other": "{count} bosses",
  "reveal.bid": "bid",
  "reveal.no_bid": "no chips",
  "reveal.winner": "{name} wins ward {ward}",
  "reveal.tie": "A tie: nobody wins ward {ward}",
  "reveal.empty": "Ward {ward}: no candidates",
  "reveal.no_candidates": "No candidates in wards {wards}: nobody wins them.",
  "reveal.home": "Sent home: {list}",
  "reveal.home.item": "{name} {count}",
  "reveal.next": "Next: ward {ward}, sealed bids from {names}.",
  "reveal.continue": "Continue",
  "reveal.first": "Read the results, then tap Continue.",
  "reveal.summary": "After the count",

  // Bonus and offices.
  "offices.title": "{name} is mayor",
  "offices.explain": "Give each other player one office. The powers last until the next election:",
  "offices.power.deputy_mayor": "takes one favor chip each turn",
  "offices.power.council_president": "locks a ward each turn (two per term)",
  "offices.power.chief_of_police": "sends a cube from a ward back to the bag each turn",
  "offices.power.precinct_chairman": "moves a cube to a neighbouring ward each turn",
  "offices.for": "Office for {name}",
  "offices.confirm": "Hand out the offices",
  "offices.incomplete": "Give each player an office first.",

  // The end.
  "final.title": "Final scores",
  "final.player": "Player",
  "final.wards": "Wards",
  "final.tammany": "Tammany Hall",
  "final.mayor": "Mayor",
  "final.chips": "Most favor chips",
  "final.slander": "Slander chips left",
  "final.total": "Total",
  "final.winner": "{name} wins!",
  "final.winners": "{names} share the win!",
  "final.tiebreak.points": "Decided on points.",
  "final.tiebreak.chips": "Tied on points: decided by most favor chips.",
  "final.tiebreak.irish": "Tied on points and chips: decided by most Irish chips.",
  "final.tiebreak.english": "Tied on points and chips: decided by most English chips.",
  "final.tiebreak.german": "Tied on points and chips: decided by most German chips.",
  "final.tiebreak.italian": "Tied on points and chips: decided by most Italian chips.",
  "final.tiebreak.mayor": "Still tied after the chips: the mayor wins.",
  "final.tiebreak.shared": "Tied on every count: the win is shared.",
  "final.again": "Play again",
  "final.board": "Look at the board",

  // Sharing.
  "share.title": "Share this game",
  "share.explain": "The link holds the whole game: open it on another device to go on from here.",
  "share.link": "Game link",
  "share.copy": "Copy link",
  "share.copied": "Link copied.",
  "share.copy_failed": "Copying was not allowed: select the link and copy it.",
  "share.qr": "QR code",
  "share.qr.loading": "Drawing the QR code…",
  "share.qr.failed": "The QR code could not be drawn: {message}",
  "share.qr.label": "QR code of the game link",
  "share.no_code": "This game has no save code yet.",
  "share.close": "Close",
});

// --- Offline and updates (js/sw-register.js, issue 7) ---
registerStrings({
  "offline.offline": "Offline",
  "offline.offline_more": "The game runs from the copy on this device.",
  "offline.update": "A new version is ready.",
  "offline.updated_elsewhere": "A new version was started in another tab.",
  "offline.reload": "Reload",
  "offline.later": "Later",
});

// --- Computer players (js/ui/computers.js, start screen seat kinds, issue 6) ---
registerStrings({
  "start.kind": "Who plays seat {n}",
  "start.kind.human": "Human",
  "start.kind.easy": "Computer: Easy",
  "start.kind.hard": "Computer: Hard",
  "bots.level.easy": "computer, Easy",
  "bots.level.hard": "computer, Hard",
  "bots.badge.easy": "Computer · Easy",
  "bots.badge.hard": "Computer · Hard",
  "bots.thinking": "{name} ({level}) is thinking…",
  "bots.thinking.badge": "thinking…",
  "bots.thinking.panel": "The computer plays {name}'s move; your controls come back on your turn.",
  "bots.wait": "{name} is thinking: wait for your turn.",
  "bots.faster": "Faster",
  "bots.failed": "The computer player could not move: {message}",
});

// --- Playing across devices (js/ui/remote.js, issue 17, docs/remote.md) ---
registerStrings({
  "remote.title": "Play on several devices",
  "remote.explain": "Each player on their own phone: after every move, send the game's link to the next player. Sealed bids stay sealed on the bidder's device until every bid is in.",
  "remote.limits": "Each device can read what it keeps (its own sealed bids, and the computers' if it hosts them), and a player who does not send the link on stops the game.",
  "remote.here": "This device",
  "remote.away": "Another device",
  "remote.computer": "Computer, played on this device",
  "remote.where": "Where {name} plays",
  "remote.start": "Start on several devices",
  "remote.nobody_away": "Put at least one player on another device, or start a game on this device.",
  "remote.waiting": "Waiting for {name} — send them the link.",
  "remote.send": "Send to {name}",
  "remote.share_title": "Tammany Hall",
  "remote.share_text": "Your move in Tammany Hall, {name}.",
  "remote.since": "Since your last move",
  "remote.replay_since": "Watch these moves in the replay",
  "remote.you_play": "On this device: {names}.",
  "remote.who": "Who plays on this device?",
  "remote.i_am": "I play {name}",
  "remote.watch": "Just watch",
  "remote.behind": "This link is behind your game: you are at move {moves}. Nothing was changed.",
  "remote.conflict": "This link does not match your game: an earlier move is different. Nothing was changed; you are at move {moves}.",
  "remote.bad_link": "This link could not be compared with your game: {message}",
  "remote.storage_failed": "This device could not store the sealed bid, so it was not sent.",
  "remote.refused": "This device's step was refused, and the game is unchanged: {message}",
});

// --- Layout, results and motion (issue 13: final table, chart, election panel, bid rivals) ---
registerStrings({
  "final.cards": "Scores by player",
  "final.rank": "{rank}.",
  "final.crown": "★ winner",
  "final.total.aria": "{count} points in all",
  "final.source.points.one": "{count} point",
  "final.source.points.other": "{count} points",
  "final.source.wards.one": "{count} ward won",
  "final.source.wards.other": "{count} wards won",
  "final.source.tammany.one": "Tammany Hall won once",
  "final.source.tammany.other": "Tammany Hall won {count} times",
  "final.source.mayor.one": "Mayor once",
  "final.source.mayor.other": "Mayor {count} times",
  "final.source.chips.one": "{count} colour with the most favor chips",
  "final.source.chips.other": "{count} colours with the most favor chips",
  "final.source.slander.one": "{count} slander chip kept",
  "final.source.slander.other": "{count} slander chips kept",
  "final.decided.chips": "Tied on points: decided by the most favor chips.",
  "final.decided.irish": "Tied on points and chips: decided by the most Irish chips.",
  "final.decided.english": "Tied on points and chips: decided by the most English chips.",
  "final.decided.german": "Tied on points and chips: decided by the most German chips.",
  "final.decided.italian": "Tied on points and chips: decided by the most Italian chips.",
  "final.decided.mayor": "Still tied after the chips: the mayor wins.",
  "final.decided.shared": "Tied on every count: the win is shared.",
  "chart.label": "Points after each election",
  "chart.caption": "Points after each election (the last includes the end's bonuses).",
  "chart.election": "Election {n}",
  "chart.series": "{name}: {list}",
  "bid.rivals.title": "Your rivals here",
  "bid.rivals.who": "Rival",
  "bid.rivals.bosses": "Bosses here",
  "bid.rivals.chips": "Chips they could bid",
});

// "Learn to play" (site/js/tutorial/, site/data/tutorial.json).
registerStrings({
  "tut.start.title": "New to Tammany Hall?",
  "tut.start.text": "Learn to play in a guided first game against two computer players.",
  "tut.start.button": "Learn to play",
  "tut.start.resume": "Continue the lesson (step {step} of {total})",
  "tut.start.again": "Start the lesson again",
  "tut.card.title": "Learn to play",
  "tut.card.step": "Step {step} of {total}",
  "tut.next": "Next",
  "tut.leave": "Leave the lesson",
  "tut.wait": "The computer players are moving. Watch the map.",
  "tut.reveal": "Read the result of the vote, then tap Continue.",
  "tut.nudge": "Tap the highlighted place to go on.",
  "tut.off_path": "That move left the lesson's path. Play on as you like, or start a real game.",
  "tut.play_on": "Play on from here",
  "tut.real_game": "Start a real game",
  "tut.votes.bosses.one": "{count} boss",
  "tut.votes.bosses.other": "{count} bosses",
  "tut.votes.chips.one": "{count} chip ({nat})",
  "tut.votes.chips.other": "{count} chips ({nat})",
  "tut.votes.their": "{name}'s {votes}",
  "tut.what.won": "You won ward {ward}: {mine} beat {theirs}.",
  "tut.what.alone": "You won ward {ward} unopposed with {mine}.",
  "tut.what.lost": "{name} won ward {ward}: your {mine} against {theirs}.",
  "tut.what.tie": "Ward {ward} was a tie, your {mine} against {theirs}: nobody wins it.",
  "tut.what.chip": "The cube brought you a favor chip ({nat}): it adds a vote when you bid it in a ward with {nat} cubes.",
  "tut.say.welcome": "Welcome, {name}! You play red against two computer players, Boris and Clara.",
  "tut.say.goal": "Place bosses in the wards of New York. After years 4, 8, 12 and 16 each ward votes: win wards to score points. Most points wins.",
  "tut.lesson.two_bosses": "Each turn you place two bosses. Tap ward {a}, then ward {b}.",
  "tut.lesson.two_bosses_same": "Each turn you place two bosses. Put both in ward {a}: tap it twice.",
  "tut.lesson.end_turn": "Your placing is done: tap End turn. The computers play next.",
  "tut.lesson.boss_cube": "Or place one boss and one immigrant: tap the cube ({nat}) in Castle Garden, then ward {ward} for the cube, then ward {boss} for your boss.",
  "tut.lesson.bonus": "You won ward {won}! Its bonus is a cube from the bag: tap the cube ({nat}), then ward {ward}.",
  "tut.lesson.bid": "Ward {ward} is contested. Bid favor chips in secret, for the colours of its cubes: add {bid} with +, then seal your bid.",
  "tut.lesson.mayor": "You won the most wards: you are mayor (3 points) and hand out the offices. Give {name1} the {office1} and {name2} the {office2}, then confirm.",
  "tut.lesson.slander": "From year 5 you may slander once a term: a slander chip and a favor chip ({nat}) send one of {name}'s bosses home. Tap Slander, {name}, ward {ward}, the chip, then slander once.",
  "tut.do.bosses": "Place two bosses: tap ward {a}, then ward {b}.",
  "tut.do.bosses_same": "Place two bosses in ward {a}: tap it twice.",
  "tut.do.end": "Tap End turn.",
  "tut.do.boss_cube": "Tap the cube ({nat}) in Castle Garden, then ward {ward} for the cube, then ward {boss} for your boss.",
  "tut.do.bid": "Ward {ward}: add {bid} with +, then seal your bid.",
  "tut.do.bid_none": "Ward {ward}: bid nothing this time. Tap the button to seal your bid.",
  "tut.do.bonus_cube": "Your bonus for ward {won}: tap the cube ({nat}), then ward {ward}.",
  "tut.do.bonus_chip": "Your bonus for ward {won}: take a favor chip. Tap {nat}.",
  "tut.do.bonus_skip": "Decline the bonus of ward {won}.",
  "tut.do.offices": "You are mayor again. Give {name1} the {office1} and {name2} the {office2}, then confirm.",
  "tut.do.deputy": "As Deputy Mayor, take a favor chip: tap your office, then {nat}.",
  "tut.do.police": "As Chief of Police, tap your office, ward {ward}, then the cube ({nat}).",
  "tut.do.council": "As Council President, tap your office, then ward {ward} to lock it.",
  "tut.do.precinct": "As Precinct Chairman, tap your office, ward {ward}, the cube ({nat}), then ward {to}.",
  "tut.do.slander": "Slander {name} in ward {ward}: tap Slander, {name}, ward {ward}, the chip, then slander once.",
  "tut.say.election": "Year 4 is over: the election! Ward by ward, the candidate with the most votes wins. Votes are bosses plus favor chips bid.",
  "tut.watch.zone": "Year 5: zone II has opened. Its wards are now in play, each with its own immigrants.",
  "tut.watch.police": "The Chief of Police sent a cube from a ward back to the bag: fewer cubes, fewer colours of chips count there.",
  "tut.watch.precinct": "The Precinct Chairman moved a cube to a neighbouring ward, changing which chips count where.",
  "tut.watch.deputy": "The Deputy Mayor took a favor chip of any colour.",
  "tut.watch.council": "The Council President locked a ward: no bosses, cubes or slander there until the election.",
  "tut.say.offices": "From year 5, each office is used once a year: the Deputy Mayor takes a chip, the Chief of Police removes a cube, the Council President locks a ward, the Precinct Chairman moves a cube.",
  "tut.say.end": "The game ends with the fourth election, after year 16.",
  "tut.say.scoring": "Scoring: 1 point a ward (Tammany Hall 2) and 3 for the mayor at each election; at the end 2 for the most chips of each colour and 1 for each unused slander chip.",
  "tut.say.done": "That is the whole game! Play this one on to the end, or start a real game.",
});

// The quick reference (site/js/tutorial/quickref.js).
registerStrings({
  "qr.open": "Quick reference",
  "qr.title": "Quick reference",
  "qr.print": "Print",
  "qr.close": "Close",
  "qr.turn.title": "A turn",
  "qr.turn.1": "Place two bosses (in one ward or two), or one boss and one Castle Garden cube: the cube brings a favor chip of its colour.",
  "qr.turn.2": "From year 5: use your office once, before or after placing.",
  "qr.turn.3": "From year 5: slander once a term — a slander chip and a favor chip of a cube colour in the ward send home a rival's boss.",
  "qr.turn.4": "End your turn. When everyone has played, the year ends; after years 4, 8, 12 and 16 comes an election.",
  "qr.offices.title": "The offices (years 5–16, once a year)",
  "qr.offices.mayor": "Mayor: 3 points at each election; hands out the other offices, one per player.",
  "qr.offices.deputy": "Deputy Mayor: take one favor chip of any colour.",
  "qr.offices.police": "Chief of Police: send a cube from a ward back to the bag (never a ward's last cube).",
  "qr.offices.council": "Council President: lock a ward until the election (one a year, two a term).",
  "qr.offices.precinct": "Precinct Chairman: move a cube to an adjacent ward (never a ward's last cube).",
  "qr.election.title": "An election",
  "qr.election.1": "Wards vote one by one, zone by zone. Candidates are the players with a boss there.",
  "qr.election.2": "Candidates bid favor chips in secret, only in colours of the ward's cubes. Votes are bosses plus chips.",
  "qr.election.3": "Most votes wins; a tie elects nobody. Every chip bid is spent. Only one boss of the winner stays.",
  "qr.election.4": "Bonuses: wards 1 and 2 a cube from the bag into any ward, wards 4 and 7 a favor chip.",
  "qr.election.5": "After the vote: most cubes of a colour in the wards you won gives 3 chips of that colour.",
  "qr.scoring.title": "Scoring",
  "qr.scoring.1": "Each ward won: 1 point; Tammany Hall (ward 14): 2 points.",
  "qr.scoring.2": "Most wards won: mayor, 3 points (ties: most favor chips, then Irish, English, German, Italian).",
  "qr.scoring.3": "At the end: 2 points for the most favor chips of each colour, 1 point per slander chip left.",
  "qr.scoring.4": "Most points wins; ties are broken like the mayor's.",
});

// "Suggest a move" (site/js/tutorial/suggest.js; reasons by the codes of py/tammany/suggest.py).
registerStrings({
  "sug.setting": "Suggestions",
  "sug.button": "Suggest a move",
  "sug.office": "{name}: {office}",
  "sug.do.offices": "Hand out the offices: {list}.",
  "sug.why.ward_free": "Ward {ward} is worth {points} points and no rival has a boss there.",
  "sug.why.ward_lead": "Ward {ward} is worth {points} points: you would lead there with {mine} bosses against {name}'s {theirs}.",
  "sug.why.ward_contest": "Ward {ward} is worth {points} points: this keeps you in the race against {name}'s {theirs} bosses.",
  "sug.why.cube_chip": "The cube ({nat}) brings a favor chip of its colour, and your boss in ward {boss} makes you a candidate there.",
  "sug.why.deputy": "A favor chip ({nat}) adds a vote in the wards with cubes of its colour.",
  "sug.why.police": "Sending the cube ({nat}) from ward {ward} back to the bag takes votes away from your rivals there.",
  "sug.why.council": "Locking ward {ward} keeps it as it is until the election.",
  "sug.why.precinct": "Moving the cube ({nat}) from ward {ward} to ward {to} makes chips of its colour count where they help you.",
  "sug.why.slander": "Sending one of {name}'s bosses home in ward {ward} weakens your rival where you both compete.",
  "sug.why.bid.one": "{count} chip gives you {votes} votes in ward {ward}.",
  "sug.why.bid.other": "{count} chips give you {votes} votes in ward {ward}.",
  "sug.why.bid_none": "Keep your chips: they are worth more in other wards.",
  "sug.why.bonus_cube": "The cube ({nat}) in ward {ward} helps you there.",
  "sug.why.bonus_chip": "A favor chip ({nat}) adds a vote in the wards with cubes of its colour.",
  "sug.why.bonus_skip": "No bonus helps you now.",
  "sug.why.offices": "Of all the ways to hand out the offices, this one leaves your rivals the least to gain.",
  "sug.why.end": "Nothing else this turn is worth its cost: end the turn.",
});
