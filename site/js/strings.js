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

const table = { ...EN };
const messages = {};

export function registerStrings(extra) {
  Object.assign(table, extra);
}

export function registerMessages(extra) {
  Object.assign(messages, extra);
}

function fill(template, params) {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : m);
}

let plurals = null;
function pluralCategory(n) {
  if (!plurals) plurals = new Intl.PluralRules("en");
  return plurals.select(n);
}

export function t(key, params) {
  if (params && typeof params.count === "number") {
    const form = table[key + "." + pluralCategory(params.count)] ?? table[key + ".other"];
    if (form !== undefined) return fill(form, params);
  }
  const s = table[key];
  if (s === undefined) return key;
  return fill(s, params);
}

export function has(key) {
  return table[key] !== undefined;
}

export function message(err) {
  if (!err) return "";
  const template = err.code !== undefined ? messages[err.code] : undefined;
  if (template !== undefined) return fill(template, err.params || {});
  return err.message || String(err.code || "");
}

export function listOf(items) {
  if (items.length === 0) return t("list.empty");
  if (items.length === 1) return items[0];
  return items.slice(0, -1).join(", ") + " " + t("list.and") + " " + items[items.length - 1];
}
