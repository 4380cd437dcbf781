// Two small floating helpers placed next to where the player tapped:
// - a popover of choices (a cube inside a ward), keyboard-reachable, closed by Escape;
// - a feedback bubble with Python's reason when a tap breaks a rule (never a silent no-op).
// Positions are set through the CSSOM (el.style), which the page's CSP allows.

import { t } from "../../strings.js";
import { h, clear, noPointerFocus, usingKeyboard } from "../dom.js";
import { ruleLink } from "./rules-panel.js";

function place(node, x, y) {
  const margin = 8;
  const w = node.offsetWidth;
  const hgt = node.offsetHeight;
  const left = Math.max(margin, Math.min(window.innerWidth - w - margin, x - w / 2));
  let top = y + 16;
  if (top + hgt > window.innerHeight - margin) top = y - hgt - 16;
  // Wholly on screen, whatever the point (a ward scrolled above the screen, its key tapped).
  top = Math.max(margin, Math.min(window.innerHeight - hgt - margin, top));
  node.style.left = `${Math.round(left)}px`;
  node.style.top = `${Math.round(top)}px`;
}

export function createPopover(container) {
  const title = h("p", { class: "th-popover-title", id: "th-popover-title" });
  const list = h("div", { class: "th-popover-options" });
  const cancel = h("button", { type: "button", class: "th-button th-secondary th-popover-cancel" }, t("turn.cancel"));
  const node = h("div", { class: "th-popover", id: "th-popover", role: "dialog", "aria-labelledby": "th-popover-title", hidden: true },
    [title, list, cancel]);
  container.appendChild(node);
  noPointerFocus(node);
  let onCancel = null;
  cancel.addEventListener("click", () => { const f = onCancel; close(); f && f(); });
  node.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); const f = onCancel; close(); f && f(); }
  });

  function close() {
    node.hidden = true;
    onCancel = null;
    clear(list);
  }

  return {
    open(rect, text, options, onPick, cancelled) {
      title.textContent = text;
      clear(list);
      for (const o of options) {
        list.appendChild(h("button", {
          type: "button", class: "th-button th-secondary th-popover-option", dataset: { choice: o.value },
          onclick: (e) => onPick(o.value, e),
        }, [o.icon, h("span", { text: o.label })]));
      }
      onCancel = cancelled;
      node.hidden = false;
      place(node, rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (usingKeyboard()) list.querySelector("button")?.focus();
    },
    close,
    get isOpen() { return !node.hidden; },
    element: node,
  };
}

export function createFeedback(container, { announce }) {
  const node = h("div", { class: "th-feedback", id: "th-feedback", role: "alert", hidden: true });
  container.appendChild(node);
  let timer = null;
  function clearIt() {
    clearTimeout(timer);
    node.hidden = true;
    node.textContent = "";
  }
  return {
    /** Show `text` next to the tap (`at`: an event or {clientX, clientY}), or by the panel. */
    say(text, at, rule = null) {
      clearTimeout(timer);
      node.replaceChildren(h("span", { class: "th-feedback-text", text }));
      if (rule) node.append(" ", ruleLink(rule)); // the rule a refusal rests on, as a link to the Rules panel
      node.hidden = false;
      if (at && typeof at.clientX === "number" && (at.clientX || at.clientY)) {
        place(node, at.clientX, at.clientY);
        node.classList.remove("is-docked");
      } else {
        node.classList.add("is-docked");
        node.style.left = "";
        node.style.top = "";
      }
      announce && announce(text);
      timer = setTimeout(clearIt, 6000);
    },
    clear: clearIt,
    element: node,
  };
}
