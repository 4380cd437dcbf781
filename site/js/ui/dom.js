// Tiny DOM helpers. Text is only ever set with textContent; attributes one by one.
// Nothing here (or anywhere in the UI) builds HTML from strings: names and codes are untrusted.

/**
 * h("button", {class: "x", type: "button", onclick: fn, dataset: {seat: 1}}, ["text", node])
 * - keys starting with "on" add event listeners;
 * - `dataset` sets data-* attributes; `text` sets textContent;
 * - false/null/undefined attributes are left out; `true` sets an empty attribute.
 */
export function h(tag, attrs = null, children = null) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        node.addEventListener(key.slice(2), value);
      } else if (key === "dataset") {
        for (const [k, v] of Object.entries(value)) node.dataset[k] = String(v);
      } else if (key === "text") {
        node.textContent = String(value);
      } else if (key === "class") {
        node.className = value;
      } else {
        node.setAttribute(key, value === true ? "" : String(value));
      }
    }
  }
  if (children !== null && children !== undefined) append(node, children);
  return node;
}

/** Append strings (as text nodes) and nodes; arrays are flattened, null skipped. */
export function append(node, children) {
  const list = Array.isArray(children) ? children.flat(Infinity) : [children];
  for (const child of list) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** True when animations should be skipped (the OS setting or ?fast=1). */
export function reducedMotion() {
  return document.documentElement.classList.contains("fast") ||
    window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Resolve after `ms`, or at once when motion is reduced. */
export function pause(ms) {
  return reducedMotion() ? Promise.resolve() : new Promise((r) => setTimeout(r, ms));
}

// Whether the player is using the keyboard (focus then follows each step) or touch/mouse
// (focus is left alone: moving it forces a layout in the middle of a tap's answer).
let keyboardUser = false;
window.addEventListener("keydown", (e) => { if (e.key === "Tab" || e.key === "Enter" || e.key === " " || e.key.startsWith("Arrow")) keyboardUser = true; }, true);
window.addEventListener("pointerdown", () => { keyboardUser = false; }, true);
export function usingKeyboard() {
  return keyboardUser;
}

/** Buttons in `container` take no focus from a mouse or a finger (keyboard focus is unchanged):
 *  the panel is redrawn after each tap, and removing a focused button costs a style pass. */
export function noPointerFocus(container) {
  container.addEventListener("mousedown", (e) => {
    if (e.button === 0 && e.target.closest("button")) e.preventDefault();
  });
}
