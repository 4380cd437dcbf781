// The computer's review as its panel shows it (ui/replay/review-panel.js; docs/ui.md "The
// review", docs/review.md "In the page"): whose moves are reviewed unless the player ticks
// others, the status line, each player's figures, the verdict of the move on screen (its label,
// what it lost, where each move leaves the player, the noise line, blind mode's lines), the
// chart's values and marks in the unit chosen, the key moments. Pure: the review's result (the
// CLI's --json object with its status, review/runner.js) and the replay's summary ({seats,
// timeline}) come in; words go out as {key, params} for the panel to word (`worded`), figures
// formatted by `figures(lang)`.

/** A lost decision's labels, the smallest first (py/tammany/review.py LABELS, lichess's steps). */
export const LABELS = ["inaccuracy", "mistake", "blunder"];

/** A review's statuses while it runs (review/runner.js); the others are its ends and "idle". */
const RUNNING = new Set(["starting", "running"]);

/** Whether a review with this status is under way. */
export const isRunning = (status) => RUNNING.has(status);

/** The least win chance an inaccuracy loses: ("inaccuracy", 0.05) in py/tammany/review.py's
 *  LABELS. The review labels a loss only when it is over NOISE (2) standard errors, so a "good"
 *  move that lost this much was not labelled only because its samples could not tell the loss
 *  from chance (docs/review.md, the noise rule): the verdict says so. The review's JSON may one
 *  day carry that as a decision's own "noisy" flag (issue 53); until then the page compares
 *  with this. */
export const NOISY_WIN_LOSS = 0.05;

/** The review's figures in the language `lang`: `num(n)` with one decimal, `pct(p)` a win
 *  chance (0–1) as a percentage with one decimal (the sentences add the "%"), `signed(n)` a
 *  change with its sign (+1.2, −0.4). */
export function figures(lang) {
  const one = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const sign = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" });
  return { num: (n) => one.format(n), pct: (p) => one.format(100 * p), signed: (n) => sign.format(n) };
}

/** Words of this module ({key, params}) as text by `t` (strings.js's): a param that is itself
 *  words (a move's label inside a sentence) is worded first. */
export function worded({ key, params }, t) {
  if (!params) return t(key);
  const filled = {};
  for (const [name, value] of Object.entries(params)) filled[name] = value && value.key ? worded(value, t) : value;
  return t(key, filled);
}

const labelWords = (label) => ({ key: `rv.label.${label}` });

// --- whose moves, and how far the review is ---------------------------------------------------
/** The seats reviewed unless the player ticks others: the people's, or every seat when all
 *  are computers. */
export function defaultSeats(seats) {
  const people = seats.map((s, i) => (s.level === "human" ? i : null)).filter((i) => i !== null);
  return people.length ? people : seats.map((_, i) => i);
}

/** Whether the panel's review `r` of game `shown` stays as it is when a replay of game `code`
 *  opens (`start`: asked to review it): the same game while its review runs or after it ran,
 *  unless one stopped or failed is to be started again. */
export function showsAsItIs(r, shown, code, start) {
  const again = start && Boolean(r) && ["stopped", "failed"].includes(r.status);
  return Boolean(r) && code === shown && r.status !== "idle" && !again;
}

/** The status line of a review `r`, or null (idle: none). `names`: the reviewed players worded
 *  as a list; `failure`: what went wrong, worded (said only when the review failed). */
export function statusWords(r, names, failure) {
  switch (r.status) {
    case "starting": return { key: "rv.status.starting", params: { names } };
    case "running": return r.waiting ? { key: "rv.status.waiting" } : { key: "rv.status.running", params: { names } };
    case "done":
    case "stored": return { key: "rv.status.done", params: { count: r.total || 0, names } };
    case "stopped": return { key: "rv.status.stopped", params: { done: r.done || 0, count: r.total || 0 } };
    case "failed": return { key: "rv.status.failed", params: { message: failure } };
    default: return null;
  }
}

// --- the figures ------------------------------------------------------------------------------
/** Each reviewed player with a decision weighed: {seat, name, accuracy (the review's, as the
 *  hook carries it), accuracyWords, counts (of each label, then of best moves), mean (the average
 *  loss a decision in both units, ± their standard errors)}. */
export function playerRows(r, fig) {
  return (r.seats || []).filter((s) => s.decisions).map((s) => ({
    seat: s.seat,
    name: s.name,
    accuracy: s.accuracy,
    accuracyWords: { key: "rv.accuracy", params: { accuracy: Math.round(s.accuracy) } },
    counts: [
      ...LABELS.map((l) => ({ key: `rv.count.${l}`, params: { count: s.labels[l] || 0 } })),
      { key: "rv.count.best", params: { count: s.best_moves } },
    ],
    mean: { key: "rv.mean", params: {
      win: fig.pct(s.mean_win_loss), win_se: fig.pct(s.mean_win_loss_se),
      loss: fig.num(s.mean_loss), se: fig.num(s.mean_loss_se), count: s.decisions,
    } },
  }));
}

/** The decision weighed at move `move` of review `r`, or null. */
export function decisionAt(r, move) {
  return (r?.decisions || []).find((d) => d.move === move) || null;
}

/** A turning point's words (`names`: the players' names by seat). */
function swingWords(s, names, fig) {
  return {
    key: s.win_change >= 0 ? "rv.swing.up" : "rv.swing.down",
    params: { n: s.move, name: names[s.seat], win: fig.pct(Math.abs(s.win_change)), points: fig.signed(s.change) },
  };
}

// --- the chart --------------------------------------------------------------------------------
/** The chart's marks: every labelled decision (not "good") and every turning point, each
 *  {move, series (the seat), kind (its label or "swing"), words}. The same in either unit. */
export function chartMarks(r, names, fig) {
  const out = [];
  for (const d of r.decisions || []) {
    if (d.label !== "good") {
      out.push({ move: d.move, series: d.seat, kind: d.label,
        words: { key: "rv.mark.label", params: { n: d.move, name: names[d.seat], label: labelWords(d.label) } } });
    }
  }
  for (const s of r.swings || []) out.push({ move: s.move, series: s.seat, kind: "swing", words: swingWords(s, names, fig) });
  return out;
}

/**
 * The chart of review `r` in the unit `chosen` ("win" or "points"), or null when there is
 * nothing to draw: {unit, bounds, series, marks, ticks, key}. Win chances as percentages (one
 * decimal) on a fixed 0–100 axis, as lichess's advantage chart; a review kept before win chances
 * has only expected points, shown whatever was chosen. `series`: each seat's {name, color,
 * values after every move}; `ticks`: the elections along the foot, {move, words}; `key`: what
 * the drawing depends on beyond the values themselves (the unit, the moves so far, the marks).
 */
export function chartView(r, chosen, { seats, timeline }, fig) {
  const win = chosen === "win" && (r.win_chance || []).length > 0;
  const values = (win ? r.win_chance.map((row) => row.map((p) => Math.round(1000 * p) / 10)) : r.chart) || [];
  if (!values.length) return null;
  const unit = win ? "win" : "points";
  const marks = chartMarks(r, seats.map((s) => s.name), fig);
  return {
    unit,
    bounds: win ? [0, 100] : null,
    series: seats.map((s, i) => ({ name: s.name, color: s.color, values: values.map((row) => row[i]) })),
    marks,
    ticks: timeline.filter((e) => e.election).map((e) => ({ move: e.n, words: { key: "chart.election", params: { n: e.election } } })),
    key: `${unit}|${values.length}|${marks.map((m) => `${m.move}${m.kind}`).join(",")}`,
  };
}

// --- the key moments --------------------------------------------------------------------------
/** Each reviewed player's largest losses and the turning points, in the game's order (a loss
 *  before a swing at the same move): {move, kind ("loss" or "swing"), words}. */
export function keyMoments(r, names, fig) {
  const list = [];
  for (const s of r.seats || []) {
    for (const move of s.largest || []) {
      const d = decisionAt(r, move);
      if (d) {
        list.push({ move, kind: "loss", words: { key: "rv.moment.loss", params: {
          n: move, name: s.name, label: labelWords(d.label), win: fig.pct(d.win_loss), loss: fig.num(d.loss),
        } } });
      }
    }
  }
  for (const s of r.swings || []) list.push({ move: s.move, kind: "swing", words: swingWords(s, names, fig) });
  return list.sort((a, b) => a.move - b.move || a.kind.localeCompare(b.kind));
}

// --- the move on screen -----------------------------------------------------------------------
/** What the verdict of move `n` depends on: drawn again only when it changes. */
export function verdictKey(n, d, r) {
  return d ? `${n}|${d.label}|${d.is_best}` : `${n}|${r ? r.status : ""}`;
}

/**
 * The verdict of decision `d` at move `n` (`who`: its player's name): {label ("best" for the
 * computer's own move, else the review's), labelWords, who, loss (in win chance and in
 * expected points, never one number of both), values (where each move leaves the player),
 * noise (a "good" move that lost as much win chance as an inaccuracy: the line that its loss
 * cannot be told from chance), played (the key of the move played's line, worded with the move
 * once its view is at hand)}.
 */
export function verdictWords(d, n, who, fig) {
  const label = d.is_best ? "best" : d.label;
  const { num, pct } = fig;
  return {
    label,
    labelWords: labelWords(label),
    who: { key: "rv.move.of", params: { n, name: who } },
    loss: d.is_best ? { key: "rv.loss.best" }
      : { key: "rv.loss", params: { win: pct(d.win_loss), win_se: pct(d.win_loss_se), loss: num(d.loss), se: num(d.loss_se) } },
    values: d.is_best ? { key: "rv.values.best", params: { win: pct(d.played_win), points: num(d.played_value) } }
      : { key: "rv.values", params: { win: pct(d.played_win), best_win: pct(d.best_win), points: num(d.played_value), best_points: num(d.best_value) } },
    noise: label === "good" && d.win_loss >= NOISY_WIN_LOSS,
    played: "rv.played",
  };
}

/** Blind mode's lines for a verdict, from its worded parts: the label, whose move, the move
 *  played; when a better move was found (`better` not null), the loss, the better move and
 *  why. */
export function spokenLines({ label, who, played, loss, better = null, why = null }) {
  const first = `${label}. ${who} ${played}`;
  return better === null ? [first] : [`${first} ${loss}`, better, why];
}

/** The verdict of a move with no decision weighed, or null for none: a reviewed player's move
 *  not weighed yet while the review runs, or one with a single choice (never weighed).
 *  `reviewed`: the seats reviewed; `timeline`: the replay's, whose entry n has the seat. */
export function noneWords(r, n, timeline, reviewed) {
  if (!r || r.status === "idle" || !n) return null;
  if (!reviewed.includes(timeline[n]?.seat)) return null;
  const later = isRunning(r.status) && (r.decisions || []).every((d) => d.move < n);
  return { key: later ? "rv.none.later" : "rv.none.forced" };
}
