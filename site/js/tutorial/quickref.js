// The quick reference: one screen with a turn, the offices' powers, an election and scoring,
// in the page's language, opened from the foot of the game's table ("Quick reference") and
// printable on one A4 page (css/tutorial.css, @media print: only the card is printed). Its
// sentences are keys of the wording files (qr.*), so it follows the language menu.
//
// Printed, the card fills its page in the largest type that fits: before printing (the
// browser's beforeprint, also sent for the Print button's window.print()), the card is laid out
// as on paper (.th-qr-paper: the page's width) and its type size (--qr-print-size, which the
// print style uses) set to the largest that keeps it within the page's height.

import { t } from "../strings.js";
import { h } from "../ui/dom.js";

const SECTIONS = [
  ["turn", ["1", "2", "3", "4"]],
  ["offices", ["mayor", "deputy", "police", "council", "precinct"]],
  ["election", ["1", "2", "3", "4", "5"]],
  ["scoring", ["1", "2", "3", "4"]],
];

let dialog = null;

// A4 less the print style's 12 mm margins (css/tutorial.css @page), in CSS pixels (96 an inch).
const PAGE_HEIGHT = ((297 - 24) / 25.4) * 96;
const FILL = 0.97; // of the page: a hair to spare for the printer's rounding
const SIZES = [10, 40]; // px: the type size is looked for between these, to a quarter pixel

/** The largest type size at which the card, laid out as printed, fits its page. */
function fitToPage() {
  if (!dialog || !dialog.open) return;
  dialog.classList.add("th-qr-paper");
  const fits = (px) => {
    dialog.style.setProperty("--qr-print-size", `${px}px`);
    return dialog.getBoundingClientRect().height <= PAGE_HEIGHT * FILL;
  };
  let [low, high] = SIZES;
  while (high - low > 0.25) {
    const mid = (low + high) / 2;
    if (fits(mid)) low = mid; else high = mid;
  }
  dialog.style.setProperty("--qr-print-size", `${low}px`);
  dialog.classList.remove("th-qr-paper");
}
window.addEventListener("beforeprint", fitToPage);

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
