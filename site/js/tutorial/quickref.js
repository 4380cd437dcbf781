// The quick reference: one screen with a turn, the offices' powers, an election and scoring,
// in the page's language, opened from the foot of the game's table ("Quick reference") and
// printable on one A4 page (css/tutorial.css, @media print: only the card is printed). Its
// sentences are keys of the wording files (qr.*), so it follows the language menu.

import { t } from "../strings.js";
import { h } from "../ui/dom.js";

const SECTIONS = [
  ["turn", ["1", "2", "3", "4"]],
  ["offices", ["mayor", "deputy", "police", "council", "precinct"]],
  ["election", ["1", "2", "3", "4", "5"]],
  ["scoring", ["1", "2", "3", "4"]],
];

let dialog = null;

function build() {
  const close = h("button", { type: "button", class: "th-button th-secondary", id: "th-quickref-close", onclick: () => dialog.close() }, t("qr.close"));
  const print = h("button", { type: "button", class: "th-button th-primary", id: "th-quickref-print", onclick: () => window.print() }, t("qr.print"));
  const sections = SECTIONS.map(([name, lines]) => h("section", { class: "th-qr-section", "aria-labelledby": `th-qr-${name}` }, [
    h("h3", { id: `th-qr-${name}`, text: t(`qr.${name}.title`) }),
    h("ul", null, lines.map((line) => h("li", { text: t(`qr.${name}.${line}`) }))),
  ]));
  dialog = h("dialog", { class: "th-dialog th-quickref", id: "th-quickref", "aria-labelledby": "th-quickref-title" }, [
    h("div", { class: "th-qr-head" }, [h("h2", { id: "th-quickref-title", text: t("qr.title") }), h("div", { class: "th-qr-buttons" }, [print, close])]),
    h("div", { class: "th-qr-grid" }, sections),
  ]);
  dialog.addEventListener("close", () => document.documentElement.classList.remove("th-quickref-open"));
  document.body.appendChild(dialog);
}

/** Open the quick reference (a new one after a change of language). */
export function openQuickRef() {
  if (dialog && (!dialog.isConnected || dialog.lang !== document.documentElement.lang)) { dialog.remove(); dialog = null; }
  if (!dialog) { build(); dialog.lang = document.documentElement.lang; }
  document.documentElement.classList.add("th-quickref-open");
  if (!dialog.open) dialog.showModal();
}

/** The bar's "Quick reference" button. */
export function createQuickRefButton() {
  return h("button", { type: "button", class: "th-button th-secondary th-small", id: "th-quickref-button", onclick: openQuickRef }, t("qr.open"));
}
