// The archive screen: the finished games kept on this device (filter by player, replay, delete),
// each person's statistics and rating with a chart of their points per game, and the file to
// carry it all to another device (export, import). It only draws what js/archive/archive.js
// hands it; names go into textContent only. Its words: "archive.*" in data/i18n/<lang>.json.
//
//   const view = createArchiveScreen(container, handlers)
//   view.render({games, people, anchors, filter, problem, persisted})   view.show()  view.hide()
//   view.say(text)   (the live region under Export/Import)
//
// Hooks (docs/ui.md): <html data-screen="archive">; #th-archive[data-games] (games listed);
// .th-archive-game[data-code]; .th-person[data-player][data-games][data-wins][data-points]
// [data-mean][data-wards][data-mayor][data-offices][data-shared][data-mu][data-sigma]; #th-archive-filter;
// #th-archive-export; #th-archive-import (the file input); #th-archive-status.

import { t, language, listOf } from "../../strings.js";
import { bossIcon } from "../../render/pieces.js";
import { pointsChart } from "../../render/points-chart.js";
import { h, clear } from "../dom.js";
import { houseRulesNote } from "../widgets/house-rules.js";
import * as figures from "../../logic/archive-figures.js";
import { labelEvery } from "../../logic/chart-scales.js";

/** A finishing time as a date and time in the page's language. */
export function dateText(iso) {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/**
 * handlers: {onBack(), onFilter(player), onReplay(code), onReview(code), onDelete(record), onExport(), onImport(file)}
 */
export function createArchiveScreen(container, handlers) {
  const filter = h("select", { id: "th-archive-filter", class: "th-archive-filter", onchange: () => handlers.onFilter(filter.value) });
  const problem = h("div", { class: "th-notices", role: "alert" });
  const gameList = h("ol", { class: "th-archive-games", id: "th-archive-games" });
  const people = h("div", { class: "th-archive-people" });
  const explain = h("p", { class: "th-fine th-archive-explain" });
  const persisted = h("p", { class: "th-fine", id: "th-archive-persisted" });
  const status = h("p", { class: "th-archive-status", id: "th-archive-status", role: "status" });
  const fileInput = h("input", {
    type: "file", id: "th-archive-import", class: "th-archive-file", accept: "application/json,.json",
    onchange: () => { const file = fileInput.files[0]; fileInput.value = ""; if (file) handlers.onImport(file); },
  });
  const exportButton = h("button", { type: "button", class: "th-button th-secondary", id: "th-archive-export", onclick: () => handlers.onExport() }, t("archive.export"));

  const element = h("section", { class: "th-screen th-archive", id: "th-archive", hidden: true, "aria-labelledby": "th-archive-title" }, [
    h("div", { class: "th-archive-inner" }, [
      h("div", { class: "th-archive-head" }, [
        h("h2", { id: "th-archive-title", tabindex: "-1", text: t("archive.title") }),
        h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-archive-back", onclick: () => handlers.onBack() }, t("archive.back")),
      ]),
      problem,
      h("div", { class: "th-archive-filter-row" }, [h("label", { for: "th-archive-filter", text: t("archive.filter") }), filter]),
      h("section", { class: "th-start-card", "aria-labelledby": "th-archive-people-title" }, [
        h("h3", { id: "th-archive-people-title", text: t("archive.people") }),
        explain,
        people,
      ]),
      h("section", { class: "th-start-card", "aria-labelledby": "th-archive-games-title" }, [
        h("h3", { id: "th-archive-games-title", text: t("archive.games") }),
        gameList,
      ]),
      h("section", { class: "th-start-card th-archive-keep", "aria-labelledby": "th-archive-file-title" }, [
        h("h3", { id: "th-archive-file-title", text: t("archive.file") }),
        persisted,
        h("p", { class: "th-fine", text: t("archive.safari") }),
        h("div", { class: "th-actions" }, [
          exportButton,
          // The label is the button (the browser's own file control would speak its own language);
          // the input inside it stays focusable, and the label shows its focus.
          h("label", { class: "th-button th-secondary th-archive-import-label" }, [t("archive.import"), fileInput]),
        ]),
        status,
      ]),
    ]),
  ]);
  container.appendChild(element);

  function filterOptions(list, chosen) {
    clear(filter);
    filter.appendChild(h("option", { value: "", text: t("archive.filter.all") }));
    for (const [key, person] of list) filter.appendChild(h("option", { value: key, text: person.name }));
    filter.value = figures.keptFilter(list, chosen);
  }

  function seatText(seat) {
    const line = figures.seatLine(seat);
    const name = line.computer ? t("archive.game.computer", { name: line.name }) : line.name;
    return t(line.key, { name, count: line.count });
  }

  function gameItem(record) {
    const date = dateText(record.finished);
    const seats = figures.byRank(record.summary);
    return h("li", { class: "th-archive-game", dataset: { code: record.code } }, [
      h("p", { class: "th-archive-date" }, h("time", { datetime: record.finished, text: date })),
      h("p", { class: "th-archive-seats" }, listOf(seats.map(seatText))),
      houseRulesNote(record.summary.rules), // a game played by house rules: not rated
      h("div", { class: "th-actions" }, [
        h("button", { type: "button", class: "th-button th-secondary th-small th-archive-replay", "aria-label": t("archive.replay.label", { date }), onclick: () => handlers.onReplay(record.code) }, t("archive.replay")),
        h("button", { type: "button", class: "th-button th-secondary th-small th-archive-review", "aria-label": t("archive.review.label", { date }), onclick: () => handlers.onReview(record.code) }, t("rv.open")),
        h("button", { type: "button", class: "th-button th-secondary th-small th-archive-delete", "aria-label": t("archive.delete.label", { date }), onclick: () => handlers.onDelete(record) }, t("archive.delete")),
      ]),
    ]);
  }

  return {
    element,
    render({ games, shown, people: persons, anchors, filter: chosen, problem: trouble, persisted: kept }) {
      clear(problem);
      if (trouble) problem.appendChild(h("p", { class: "th-notice", text: t(`archive.problem.${trouble}`) }));
      const list = figures.ranked(persons);
      filterOptions(list, chosen);
      clear(people);
      for (const [key, p] of list) if (!chosen || key === chosen) people.appendChild(personCard(key, p));
      explain.textContent = t("archive.rating.explain", figures.anchorLevels(anchors));
      clear(gameList);
      for (const record of [...shown].reverse()) gameList.appendChild(gameItem(record)); // newest first
      if (!games.length) gameList.appendChild(h("li", { class: "th-fine", text: t("archive.empty") }));
      element.dataset.games = String(shown.length);
      element.dataset.total = String(games.length);
      persisted.textContent = t(kept ? "archive.persisted" : "archive.not_persisted");
    },
    say(text) { status.textContent = text; },
    show() { element.hidden = false; },
    hide() { element.hidden = true; },
    get open() { return !element.hidden; },
  };
}

// A person's card: statistics, rating and a chart of their points per game (figures rounded as
// logic/archive-figures.js shows them).
function stat(key, value) {
  return h("div", { class: "th-person-stat" }, [h("dt", { text: t(key) }), h("dd", { text: String(value) })]);
}

function personCard(key, p) {
  const rating = p.rating;
  const shown = figures.personFigures(p);
  const card = h("article", {
    class: `th-person tm-pc-${p.color}`, "aria-label": p.name,
    dataset: {
      player: key, games: p.games, wins: p.wins, points: p.points, mean: p.mean_points, wards: p.wards,
      mayor: p.mayor, offices: p.offices, shared: p.shared, mu: rating ? rating.mu : "", sigma: rating ? rating.sigma : "",
    },
  }, [
    h("h4", { class: "th-person-name" }, [bossIcon(p.color, "", "th-person-hat"), h("span", { text: p.name })]),
    h("p", { class: "th-person-rating", text: rating ? t("archive.rating", shown.rating) : t("archive.rating.none") }),
    h("dl", { class: "th-person-stats" }, [
      stat("archive.stats.games", p.games), stat("archive.stats.wins", p.wins),
      stat("archive.stats.mean", new Intl.NumberFormat(language()).format(shown.mean)),
      stat("archive.stats.wards", p.wards), stat("archive.stats.mayor", p.mayor), stat("archive.stats.offices", p.offices),
    ]),
  ]);
  // Games where this person held two seats (docs/archive.md): counted once, not rated.
  if (p.shared) card.appendChild(h("p", { class: "th-fine th-person-shared", text: t("archive.stats.shared", { count: p.shared }) }));
  if (p.series.length) {
    const every = labelEvery(p.series.length); // at most ten labels along the axis
    card.appendChild(h("figure", { class: "th-person-chart" }, pointsChart(
      figures.personSeries(p),
      { elections: p.series.length, label: t("archive.chart.label"), tick: (k) => ((k + 1) % every ? "" : t("archive.chart.game", { n: k + 1 })) },
    )));
  }
  return card;
}
