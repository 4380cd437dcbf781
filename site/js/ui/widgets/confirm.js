// A yes/no question in a modal <dialog> (focus stays inside; Escape answers no). While it is
// up the page's screen is "confirm"; the answer restores the screen it covered (ui/signal.js).

import { h, clear } from "../dom.js";
import * as signal from "../signal.js";

export function createConfirm(container) {
  const body = h("div", { class: "th-confirm-body" });
  const dialog = h("dialog", { class: "th-dialog th-confirm", id: "th-confirm", "aria-labelledby": "th-confirm-title" }, body);
  container.appendChild(dialog);
  let settle = null;
  let covered = null; // the screen under the question

  function answerWith(answer) {
    const s = settle;
    settle = null;
    if (!s) return;
    signal.begin(); // the caller goes on at once: settled again only once it has drawn
    if (dialog.open) dialog.close();
    if (covered) signal.announce(covered);
    s(answer);
    signal.done();
  }
  dialog.addEventListener("cancel", (e) => { e.preventDefault(); answerWith(false); });
  dialog.addEventListener("close", () => answerWith(false));

  /** Resolves true for yes. */
  function ask({ title, text, yes, no }) {
    clear(body);
    const yesButton = h("button", { type: "button", class: "th-button th-primary", id: "th-confirm-yes", onclick: () => answerWith(true) }, yes);
    const noButton = h("button", { type: "button", class: "th-button th-secondary", id: "th-confirm-no", onclick: () => answerWith(false) }, no);
    body.append(
      h("h2", { id: "th-confirm-title", text: title }),
      h("p", { text }),
      h("div", { class: "th-dialog-actions" }, [noButton, yesButton]),
    );
    return new Promise((resolve) => {
      settle = resolve;
      dialog.showModal();
      noButton.focus();
      covered = document.documentElement.dataset.screen || null;
      signal.announce("confirm");
    });
  }
  return { ask };
}
