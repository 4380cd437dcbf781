// A yes/no question in a modal <dialog> (focus stays inside; Escape answers no).

import { h, clear } from "./dom.js";

export function createConfirm(container) {
  const body = h("div", { class: "th-confirm-body" });
  const dialog = h("dialog", { class: "th-dialog th-confirm", id: "th-confirm", "aria-labelledby": "th-confirm-title" }, body);
  container.appendChild(dialog);
  let answer = false;
  let settle = null;
  dialog.addEventListener("close", () => { const s = settle; settle = null; s && s(answer); });

  /** Resolves true for yes. */
  function ask({ title, text, yes, no }) {
    answer = false;
    clear(body);
    const yesButton = h("button", { type: "button", class: "th-button th-primary", id: "th-confirm-yes", onclick: () => { answer = true; dialog.close(); } }, yes);
    const noButton = h("button", { type: "button", class: "th-button th-secondary", id: "th-confirm-no", onclick: () => { answer = false; dialog.close(); } }, no);
    body.append(
      h("h2", { id: "th-confirm-title", text: title }),
      h("p", { text }),
      h("div", { class: "th-dialog-actions" }, [noButton, yesButton]),
    );
    return new Promise((resolve) => {
      settle = resolve;
      dialog.showModal();
      noButton.focus();
    });
  }
  return { ask };
}
