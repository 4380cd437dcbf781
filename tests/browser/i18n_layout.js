// Text that overflows its box or the screen, and sideways scrolling (test_i18n_game.py).
// SVG (the map) is left out: it scales as a whole. A scroll container that scrolls sideways
// counts as sideways scrolling.
(() => {
  const problems = [];
  const W = document.documentElement.clientWidth;
  const snippet = (el) => el.textContent.trim().slice(0, 40);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : "");
  // Text that runs out of its card (out_of_box.js).
  const outOfBox = OUT_OF_BOX;
  if (document.documentElement.scrollWidth > W + 1)
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${W})`);
  for (const el of document.querySelectorAll("body *")) {
    if (!(el instanceof HTMLElement) || el.closest("svg, .th-language")) continue;
    if (!el.getClientRects().length) continue;
    if (el.closest("dialog") && !el.closest("dialog[open]")) continue;
    const cs = getComputedStyle(el);
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (["auto", "scroll"].includes(cs.overflowX) && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      problems.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
    if (!text) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 2 || r.height <= 2) continue; // nothing, or visually hidden for screen readers
    if (cs.display !== "inline" && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      problems.push(`${name(el)} overflows its box (${el.scrollWidth} > ${el.clientWidth}): ${snippet(el)}`);
    if (r.right > W + 1 || r.left < -1)
      problems.push(`${name(el)} leaves the screen (${r.left}..${r.right} of ${W}): ${snippet(el)}`);
    const box = outOfBox(el);
    if (box) problems.push(`${name(el)} runs out of ${name(box)}: ${snippet(el)}`);
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const b = a.getBoundingClientRect();
      if (r.right > b.right + 1 || r.left < b.left - 1)
        problems.push(`${name(el)} is cut off by ${name(a)}: ${snippet(el)}`);
      break;
    }
  }
  return problems;
})
