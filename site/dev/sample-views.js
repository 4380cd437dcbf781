// Hand-written views in the engine's view format (docs/api.md), for the renderer
// preview only. Each sample: {title, view, highlight, selected, castleHighlight,
// seatToAct, prompt, log (oldest first)}.

const NONE = { irish: 0, english: 0, german: 0, italian: 0 };
const c = (irish = 0, english = 0, german = 0, italian = 0) => ({ irish, english, german, italian });

function ward(zone, inPlay, cubes, bosses, locked = false) {
  return { zone, in_play: inPlay, locked, cubes, bosses };
}

function player(seat, name, color, points, chips, slander, office, bossesOnMap) {
  return { seat, name, color, points, chips, slander, office, bosses_on_map: bossesOnMap };
}

// 1. Year 2 of term 1, three players, only zone I in play.
const z3 = [0, 0, 0];
const early = {
  players: [
    player(0, "Ann", "red", 0, c(1, 0, 0, 0), 3, null, 3),
    player(1, "Bob", "yellow", 0, c(0, 1, 1, 0), 3, null, 2),
    player(2, "Chloé", "purple", 0, c(1, 0, 0, 0), 3, null, 2),
  ],
  year: 2, term: 1, phase: "turn", to_act: [1], first_player: 1, mayor: null,
  wards: {
    1: ward("I", true, c(0, 1, 0, 0), [1, 0, 1]),
    2: ward("I", true, c(0, 0, 1, 0), [0, 1, 0]),
    4: ward("I", true, c(1, 0, 0, 1), z3),
    6: ward("I", true, c(0, 1, 0, 0), [2, 0, 0]),
    7: ward("I", true, c(0, 0, 1, 0), [0, 1, 0]),
    14: ward("I", true, c(2, 0, 0, 0), [0, 0, 1]),
    3: ward("II", false, NONE, z3), 5: ward("II", false, NONE, z3), 8: ward("II", false, NONE, z3),
    9: ward("II", false, NONE, z3), 15: ward("II", false, NONE, z3),
    10: ward("III", false, NONE, z3), 11: ward("III", false, NONE, z3), 13: ward("III", false, NONE, z3),
    17: ward("III", false, NONE, z3),
  },
  zones: { I: { in_play: true, from_year: 1 }, II: { in_play: false, from_year: 5 }, III: { in_play: false, from_year: 9 } },
  castle_garden: c(1, 2, 0, 1),
  bag: c(16, 17, 19, 23),
  turn: { seat: 1, office_used: false, placed: false, slandered: false },
  election: null, locks_left_this_term: 0, result: null,
};

// 2. Five players in year 10 (term 3): offices, locks, crowded wards.
const midPlayers = [
  player(0, "Анна", "red", 14, c(2, 0, 1, 3), 1, "deputy_mayor", 6),
  player(1, "Bob", "yellow", 9, c(0, 3, 0, 1), 2, "council_president", 5),
  player(2, "李小龍", "purple", 17, c(4, 1, 0, 0), 0, "mayor", 7),
  player(3, "Dana 🎩", "black", 11, c(1, 2, 2, 0), 3, "chief_of_police", 4),
  player(4, "<img src=x onerror=alert(1)>", "brown", 6, c(0, 0, 3, 2), 2, "precinct_chairman", 5),
];
const mid = {
  players: midPlayers,
  year: 10, term: 3, phase: "turn", to_act: [3], first_player: 2, mayor: 2,
  wards: {
    1: ward("I", true, c(2, 1, 0, 1), [1, 0, 2, 0, 0]),
    2: ward("I", true, c(1, 1, 1, 0), [0, 1, 0, 1, 1]),
    3: ward("II", true, c(0, 2, 0, 0), [0, 1, 0, 0, 1]),
    4: ward("I", true, c(3, 0, 0, 2), [1, 0, 1, 0, 0]),
    5: ward("II", true, c(1, 1, 2, 0), [0, 0, 1, 1, 0]),
    6: ward("I", true, c(2, 0, 1, 1), [2, 1, 1, 0, 0], true),
    7: ward("I", true, c(1, 2, 0, 3), [0, 1, 1, 1, 1]),
    8: ward("II", true, c(0, 1, 2, 0), [1, 0, 0, 0, 1]),
    9: ward("II", true, c(1, 2, 1, 0), [0, 1, 0, 1, 0]),
    10: ward("III", true, c(0, 0, 3, 1), [0, 0, 1, 0, 1]),
    11: ward("III", true, c(1, 0, 2, 0), [1, 0, 0, 0, 0], true),
    13: ward("III", true, c(2, 0, 0, 2), [0, 1, 0, 0, 0]),
    14: ward("I", true, c(3, 0, 0, 0), [0, 0, 2, 1, 0]),
    15: ward("II", true, c(0, 2, 1, 1), [1, 0, 0, 0, 0]),
    17: ward("III", true, c(1, 1, 2, 0), [0, 0, 1, 0, 1]),
  },
  zones: { I: { in_play: true, from_year: 1 }, II: { in_play: true, from_year: 1 }, III: { in_play: true, from_year: 1 } },
  castle_garden: c(1, 0, 2, 2),
  bag: c(3, 9, 8, 14),
  turn: { seat: 3, office_used: false, placed: true, slandered: false },
  election: null, locks_left_this_term: 0, result: null,
};

// 3. The election after year 4: four players, ward 6 being decided.
const z4 = [0, 0, 0, 0];
const election = {
  players: [
    player(0, "Maeve", "black", 3, c(2, 1, 0, 0), 3, null, 5),
    player(1, "Giuseppe", "brown", 0, c(0, 0, 1, 2), 2, null, 6),
    player(2, "Greta", "yellow", 4, c(1, 0, 3, 0), 3, null, 4),
    player(3, "Mary", "red", 2, c(1, 2, 0, 0), 3, null, 5),
  ],
  year: 4, term: 1, phase: "bid", to_act: [0, 3], first_player: 0, mayor: null,
  wards: {
    1: ward("I", true, c(1, 1, 0, 0), z4),
    2: ward("I", true, c(0, 1, 1, 0), [0, 0, 1, 0]),
    4: ward("I", true, c(1, 0, 0, 1), z4),
    6: ward("I", true, c(2, 0, 1, 0), [1, 0, 1, 1]),
    7: ward("I", true, c(0, 0, 2, 1), [0, 2, 0, 0]),
    14: ward("I", true, c(2, 1, 0, 0), [1, 1, 0, 1]),
    3: ward("II", true, c(0, 1, 1, 0), [1, 0, 0, 0]),
    5: ward("II", true, c(1, 0, 1, 0), [0, 1, 0, 1]),
    8: ward("II", true, c(1, 1, 0, 0), [1, 0, 1, 0]),
    9: ward("II", true, c(2, 0, 0, 0), [0, 1, 0, 1]),
    15: ward("II", true, c(0, 1, 1, 0), [0, 0, 1, 0]),
    10: ward("III", false, NONE, z4), 11: ward("III", false, NONE, z4), 13: ward("III", false, NONE, z4),
    17: ward("III", false, NONE, z4),
  },
  zones: { I: { in_play: true, from_year: 1 }, II: { in_play: true, from_year: 1 }, III: { in_play: false, from_year: 5 } },
  castle_garden: c(0, 1, 1, 2),
  bag: c(13, 14, 15, 21),
  turn: null,
  election: { ward: 6, order: [1, 2, 4, 7, 6, 14, 9, 15, 8, 5, 3], done: [1, 2, 4, 7], bidders: [0, 2, 3], bids_in: [2], results: [] },
  locks_left_this_term: 0, result: null,
};

export const SAMPLES = [
  {
    title: "Term 1 · 3 players · zone I only",
    view: early,
    highlight: new Set([1, 2, 4, 6, 7, 14]),
    castleHighlight: new Set(["irish", "english", "italian"]),
    seatToAct: 1,
    prompt: "Bob: place two bosses, or a boss and a cube from Castle Garden.",
    log: ["Year 1 ends.", "Year 2 begins. Two immigrants arrive at Castle Garden.", "Ann placed two bosses in wards 1 and 6.", "Chloé placed a boss in ward 14 and an Irish cube in ward 14."],
  },
  {
    title: "Year 10 · 5 players · offices and locks",
    view: mid,
    highlight: new Set([2, 5, 8, 3]),
    selected: 6,
    seatToAct: 3,
    prompt: "Dana 🎩: Chief of Police — pick a ward to remove a cube from.",
    log: ["<img src=x onerror=alert(1)> slandered Bob in ward 7.", "Анна took an Italian favor chip as Deputy Mayor.", "Bob locked ward 11.", "Dana 🎩 placed two bosses in wards 2 and 5."],
  },
  {
    title: "Election after year 4 · ward 6",
    view: election,
    highlight: new Set(),
    seatToAct: 0,
    prompt: "Ward 6: Maeve, Greta and Mary contest it. Maeve, hand in your bid.",
    log: ["Elections begin.", "Ward 2: Greta wins unopposed and takes an Irish cube from the bag.", "Ward 4: nobody stands.", "Ward 7: Giuseppe wins unopposed with 2 bosses."],
  },
];
