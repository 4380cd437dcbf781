// The archive's figures as shown (docs/archive.md): the regulars offered on the start screen and
// where one sits, the games a filter shows, the people in the order of their ratings, a
// person's figures rounded for the card, a game's seats in their ranks. Pure — the statistics
// and ratings themselves are Python's (py/standings); archive/archive.js and
// ui/archive/archive-screen.js draw these.

export const MAX_REGULARS = 12;
export const MAX_SEATS = 5;

/** One decimal, as the archive shows means and ratings. */
export const round1 = (n) => Math.round(n * 10) / 10;

/** The same person whatever the case or spacing of the name (Python's player key is the
 *  authority for statistics; this only tells whether a regular already has a seat). */
export function sameName(a, b) {
  return a.normalize("NFC").trim().toLowerCase() === b.normalize("NFC").trim().toLowerCase();
}

/** People of the archive (`records`, oldest first), the latest first, each as their first seat
 *  in their latest game has them (spelling and colour); at most `max`. */
export function regulars(records, max = MAX_REGULARS) {
  const seen = new Map();
  for (const r of [...records].reverse()) {
    for (const s of r.summary.seats) if (s.level === "human" && !seen.has(s.player)) seen.set(s.player, s);
  }
  return [...seen.values()].slice(0, max);
}

/** Whether a regular already sits at the start form (as a person). */
export function isSeated(seats, regular) {
  return seats.some((s) => s.level === "human" && sameName(s.name, regular.name));
}

/**
 * A regular takes the first seat that holds no regular (a person's, not a computer's), or a new
 * seat; their colour comes along, swapped with whoever had it. Returns {seats} (a new list),
 * {seated: true} when they sit already, or {full: true} when no seat can take them.
 */
export function seatRegular(seats, regular, known, colors, maxSeats = MAX_SEATS) {
  if (isSeated(seats, regular)) return { seated: true };
  const out = seats.map((s) => ({ ...s }));
  let i = out.findIndex((s) => s.level === "human" && !known.some((r) => sameName(r.name, s.name)));
  if (i < 0) {
    if (out.length >= maxSeats) return { full: true };
    const used = new Set(out.map((s) => s.color));
    out.push({ name: regular.name, color: colors.find((c) => !used.has(c)), level: "human" });
    i = out.length - 1;
  }
  const holder = out.findIndex((s, j) => j !== i && s.color === regular.color);
  if (holder >= 0) out[holder].color = out[i].color;
  out[i] = { name: regular.name, color: regular.color, level: "human" };
  return { seats: out };
}

/** The games a filter shows (a player's key, or "" for all), in the archive's order. */
export function filtered(records, player) {
  return player ? records.filter((r) => r.summary.seats.some((s) => s.player === player)) : records;
}

/** The people, highest rating first (no rating counts as 0), then by name: [[key, person]]. */
export function ranked(people) {
  return Object.entries(people || {})
    .sort((a, b) => (b[1].rating?.mu ?? 0) - (a[1].rating?.mu ?? 0) || a[1].name.localeCompare(b[1].name));
}

/** The filter's choice kept only when it is still one of the people. */
export function keptFilter(list, chosen) {
  return list.some(([key]) => key === chosen) ? chosen : "";
}

/** A person's card figures: the mean rounded, the rating as mu and its spread (2 sigma). */
export function personFigures(p) {
  return {
    mean: round1(p.mean_points),
    rating: p.rating ? { mu: round1(p.rating.mu), spread: round1(2 * p.rating.sigma) } : null,
  };
}

/** The computer levels' anchors as the explanation names them, rounded. */
export function anchorLevels(anchors) {
  const level = (name) => round1(anchors?.[`computer:${name}`]?.mu ?? 0);
  return { random: level("random"), easy: level("easy"), hard: level("hard") };
}

/** A game's seats in the order of their ranks. */
export function byRank(summary) {
  return [...summary.seats].sort((a, b) => a.rank - b.rank);
}

/** A seat's line in a game: {key, name, computer, count} (the view words it). */
export function seatLine(seat) {
  return {
    key: seat.winner ? "archive.game.won" : "archive.game.seat",
    name: seat.name, computer: seat.level !== "human", count: seat.points,
  };
}

/** The points chart of a person: one series of their points per game. */
export function personSeries(p) {
  return [{ name: p.name, color: p.color, points: p.series.map((s) => s.points) }];
}
