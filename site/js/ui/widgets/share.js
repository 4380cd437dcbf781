// Share a game: its save code in a #g= link (relative to this page's address, whatever sub-path
// it is served from), Copy link, and a QR code of the link. The QR matrix comes from segno
// (a pure-Python library that micropip installs on first use from a wheel in dist/wheels/);
// the page draws it as SVG rectangles with DOM APIs.

import { t, message } from "../../strings.js";
import { SVG_NS } from "../../render/pieces.js";
import { h, clear } from "../dom.js";
import * as links from "../../logic/links.js";

/** The game's link: this page's address (any sub-path; test and seed options left out)
 *  with #g=CODE, and `&for=SEAT` when it is sent to one player (routes.js). */
export function gameLink(code, seat = null) {
  return links.gameLink(window.location.href, code, seat);
}

/** Copy text; resolves true when the clipboard took it. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** An <svg> of a QR matrix (rows of "0"/"1"), with its 4-module quiet zone. */
export function qrSvg(rows, label) {
  const n = rows.length;
  const quiet = 4;
  const size = n + 2 * quiet;
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "th-qr-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const bg = document.createElementNS(SVG_NS, "rect");
  bg.setAttribute("width", String(size));
  bg.setAttribute("height", String(size));
  bg.setAttribute("class", "th-qr-bg");
  svg.appendChild(bg);
  let d = "";
  rows.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (row[x] !== "1") { x++; continue; }
      let run = 1;
      while (row[x + run] === "1") run++;
      d += `M${x + quiet} ${y + quiet}h${run}v1h-${run}z`;
      x += run;
    }
  });
  const path = document.createElementNS(SVG_NS, "path");
  path.setAttribute("d", d);
  path.setAttribute("class", "th-qr-dark");
  svg.appendChild(path);
  return svg;
}

/** createShareDialog(container, {getCode, qrRows(text) → Promise<{ok, rows} | {ok:false, error}>}) */
export function createShareDialog(container, { getCode, qrRows }) {
  const body = h("div", { class: "th-share-body" });
  const dialog = h("dialog", { class: "th-dialog th-share", id: "th-share", "aria-labelledby": "th-share-title" }, body);
  container.appendChild(dialog);

  /** `seat`: the link is for that player (Send to <name>). */
  function show({ seat = null } = {}) {
    const code = getCode();
    clear(body);
    body.appendChild(h("h2", { id: "th-share-title", text: t("share.title") }));
    if (!code) {
      body.append(h("p", { text: t("share.no_code") }), actions());
      dialog.showModal();
      return;
    }
    const link = gameLink(code, seat);
    const field = h("input", { type: "text", readonly: true, id: "th-share-link", class: "th-share-link", "aria-label": t("share.link") });
    field.value = link;
    const status = h("p", { class: "th-status", role: "status" });
    const qrBox = h("div", { class: "th-qr", id: "th-qr" });
    const copy = h("button", { type: "button", class: "th-button th-primary", id: "th-copy-link", onclick: async () => {
      const ok = await copyText(link);
      status.textContent = t(ok ? "share.copied" : "share.copy_failed");
      if (!ok) { field.focus(); field.select(); }
    } }, t("share.copy"));
    const qr = h("button", { type: "button", class: "th-button th-secondary", id: "th-show-qr", onclick: async () => {
      qr.disabled = true;
      status.textContent = t("share.qr.loading");
      const answer = await qrRows(link);
      if (!answer || !answer.ok) {
        status.textContent = t("share.qr.failed", { message: answer ? message(answer.error) : "" });
        qr.disabled = false;
        return;
      }
      status.textContent = "";
      clear(qrBox).appendChild(qrSvg(answer.rows, t("share.qr.label")));
    } }, t("share.qr"));
    body.append(
      h("p", { text: t("share.explain") }),
      h("label", { for: "th-share-link", class: "th-seat-label", text: t("share.link") }),
      field,
      h("div", { class: "th-actions" }, [copy, qr]),
      status,
      qrBox,
      actions(),
    );
    dialog.showModal();
    copy.focus();
  }

  function actions() {
    return h("div", { class: "th-dialog-actions" },
      h("button", { type: "button", class: "th-button th-secondary", onclick: () => dialog.close() }, t("share.close")));
  }

  return { show, get open() { return dialog.open; } };
}
