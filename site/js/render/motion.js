// Motion that tells what happened (css/board.css, css/ui.css): a cube slides in from Castle
// Garden, a boss drops into its ward, bosses sent home fade out, sealed bids flip over at the
// reveal, points count up. Each lasts at most 300 ms, starts after the answer is drawn (the
// classes are added with the new pieces, in the same frame), and never takes a tap: pieces do
// not receive pointer events and nothing waits for an animation to end.
//
// One switch: <html class="th-motion"> is present unless the player asked for less motion
// (`prefers-reduced-motion: reduce`, followed live) or the page was opened with `?fast=1`.
// Every animation's CSS is scoped under it, and the scripts below check it.
//
//   initMotion()              set the switch (idempotent)
//   motionOn()                is it on?
//   countUp(node, from, to)   write the numbers from `from` to `to` into node (≤ 300 ms)

const DURATION_MS = 300;
let started = false;

export function initMotion() {
  if (started) return;
  started = true;
  const fast = new URLSearchParams(window.location.search).get("fast") === "1";
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
  const apply = () => document.documentElement.classList.toggle("th-motion", !fast && !reduce.matches);
  apply();
  reduce.addEventListener("change", apply);
}

export function motionOn() {
  return document.documentElement.classList.contains("th-motion");
}

/** Count the number shown in `node` up (or down) to `to`; the final value is set at once when
 * motion is off. */
export function countUp(node, from, to) {
  node.textContent = String(to);
  if (!motionOn() || from === to || !Number.isFinite(from)) return;
  const start = performance.now();
  node.textContent = String(from);
  const step = (now) => {
    if (!node.isConnected) return;
    const k = Math.min(1, (now - start) / DURATION_MS);
    node.textContent = String(Math.round(from + (to - from) * k));
    if (k < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
