// The layout test's measurements (test_layout.py), run in the page: everything issue 13 asks
// of a screen. Called with {fingers}; returns the problems found, as strings.
async ({ fingers }) => {
  const problems = [];
  const opened = [...document.querySelectorAll("details:not([open])")];
  for (const d of opened) d.open = true;  // what they hold counts
  // Boxes the page draws only once scrolled to (content-visibility: auto: the replay's log
  // lines) are drawn now, as they are when on screen: else each one is measured by its
  // placeholder until a scroll to it draws it, a scroll a line.
  const lazy = [...document.querySelectorAll("body *")].filter((el) => getComputedStyle(el).contentVisibility === "auto");
  for (const el of lazy) el.style.contentVisibility = "visible";
  const doc = document.scrollingElement;
  if (doc.scrollWidth > window.innerWidth + 1) problems.push(`overflow: ${doc.scrollWidth}px`);
  const visible = (el) => {
    if (el.closest("[hidden], dialog:not([open])") || !el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    return s.visibility !== "hidden" && s.display !== "none";
  };
  const label = (el) =>
    (el.getAttribute("aria-label") || el.textContent || el.id || el.tagName).trim().slice(0, 40);

  // Fixed or sticky things (other than the dialog in front) never lie over content. A sticky
  // bar is judged at rest, where the page puts it before anything is scrolled under it: one
  // that sticks to the top with everything scrolled to the top (the lesson's head), one that
  // sticks to the bottom with everything scrolled to the end (the replay's controls).
  // Text out of sight is not content here: visually hidden (clip-path: the spoken lines of blind
  // mode) or scrolled out of a box that clips it (the log's earlier lines).
  const scrollers = [...document.querySelectorAll("dialog[open], .th-side"), document.scrollingElement];
  const front = document.querySelector("dialog[open]");
  const clippedAway = (el) => {
    const r = el.getBoundingClientRect();
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.clipPath !== "none") return true;
      if (a === el || (s.overflowX === "visible" && s.overflowY === "visible")) continue;
      const b = a.getBoundingClientRect();
      if (r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right) return true;
    }
    return false;
  };
  const over = [...document.querySelectorAll("body *")].filter((el) => {
    const p = getComputedStyle(el).position;
    return (p === "fixed" || p === "sticky") && el.tagName !== "DIALOG" && visible(el) && !el.closest("dialog");
  });
  const texts = [...document.querySelectorAll("button, h1, h2, h3, p, li, summary, .tm-map, input")].filter(visible);
  const atEnd = (el) => getComputedStyle(el).position === "sticky" && getComputedStyle(el).bottom !== "auto";
  for (const end of [false, true]) {
    for (const el of scrollers) el.scrollTop = end ? el.scrollHeight : 0;
    const content = texts.filter((el) => !clippedAway(el));
    for (const f of over.filter((el) => atEnd(el) === end)) {
      const a = f.getBoundingClientRect();
      for (const c of content) {
        if (f.contains(c) || c.contains(f)) continue;
        const b = c.getBoundingClientRect();
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
          problems.push(`fixed ${f.className} over ${label(c)}`);
          break;
        }
      }
    }
  }
  for (const el of scrollers) el.scrollTop = 0;

  // Text that runs out of its card (out_of_box.js).
  const outOfBox = OUT_OF_BOX;
  // Nothing clipped: a box that hides its overflow shows all its text (visually hidden labels,
  // whose clip-path hides them on purpose, and the scrolling containers excepted).
  for (const el of document.querySelectorAll("body *")) {
    if (!visible(el) || !el.textContent.trim()) continue;
    const s = getComputedStyle(el);
    if (s.clipPath !== "none" || el.closest("svg")) continue;
    const hides = s.overflowX === "hidden" || s.overflowX === "clip" || s.textOverflow === "ellipsis";
    if (hides && el.scrollWidth > el.clientWidth + 1 && el.children.length === 0) problems.push(`clipped: ${label(el)}`);
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const box = own && outOfBox(el);
    if (box) problems.push(`runs out of its box (${box.className || box.tagName}): ${label(el)}`);
  }

  // Text drawn in a picture (the map's legend, Castle Garden, the zone labels, the charts'
  // axes): inside the box drawn behind it (a rect beside it in its group), that box inside the
  // picture and under no other such box (the legend beside Castle Garden), and the text itself
  // wholly inside the picture — its whole line box, not a pixel of it cut by the picture's edge
  // (the review chart's election words at its foot, the axis title at its side). The picture
  // itself is wholly on screen across (a chart wider than a phone's screen is cut at its edge).
  const inside = (r, b, slack = 1) =>
    r.left >= b.left - slack && r.right <= b.right + slack && r.top >= b.top - slack && r.bottom <= b.bottom + slack;
  const meets = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (const svg of document.querySelectorAll("svg")) {
    if (!visible(svg) || svg.closest(".tm-map.is-zoomed, .tm-piece-icon")) continue;
    const frame = svg.getBoundingClientRect();
    const what = svg.getAttribute("aria-label") || svg.getAttribute("class") || "svg";
    if (frame.left < -1 || frame.right > window.innerWidth + 1) {
      problems.push(`picture past the screen's edge: ${what.slice(0, 40)} ${Math.round(frame.left)}..${Math.round(frame.right)} of ${window.innerWidth}`);
    }
    const boxes = [];
    for (const tx of svg.querySelectorAll("text")) {
      if (!tx.textContent.trim() || !visible(tx)) continue;
      const r = tx.getBoundingClientRect();
      const name = `"${tx.textContent.trim().slice(0, 40)}"`;
      if (!inside(r, frame, 0)) problems.push(`runs out of the picture: ${name}`);
      const box = [...tx.parentElement.children].find((s) => s.tagName === "rect" && meets(s.getBoundingClientRect(), r));
      if (!box) continue;
      const b = box.getBoundingClientRect();
      if (!inside(r, b)) problems.push(`runs out of its box (${box.getAttribute("class")}): ${name}`);
      if (!boxes.includes(box)) boxes.push(box);
    }
    for (const [i, a] of boxes.entries()) {
      if (!inside(a.getBoundingClientRect(), frame)) problems.push(`box out of the picture: ${a.getAttribute("class")}`);
      for (const b of boxes.slice(i + 1)) {
        const nested = a.parentElement.contains(b) || b.parentElement.contains(a);
        if (!nested && meets(a.getBoundingClientRect(), b.getBoundingClientRect())) {
          problems.push(`boxes overlap: ${a.getAttribute("class")} and ${b.getAttribute("class")}`);
        }
      }
    }
  }

  // Controls: the front dialog's (with the map when it is beside it), else the page's.
  const scope = front || document;
  const controls = [...scope.querySelectorAll("button, input, textarea, select, summary, [role=button], [role=radio], a[href]")];
  if (front && !front.matches(":modal")) controls.push(...document.querySelectorAll("[data-ward]"));
  // A control passes where it is when it is wholly on screen and a tap on its middle lands on
  // it; else where scrolling to it puts it: first at the top of what scrolls (which brings the
  // controls after it on screen too: a long list costs a scroll a screenful, not one a line),
  // then in the middle, where it is judged.
  const landed = (el, r) => {
    if (el instanceof SVGElement) return true; // a ward: not hit here (the finger test below, on tablets)
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(hit) && (hit === el || el.contains(hit));
  };
  const fine = (el) => {
    const r = el.getBoundingClientRect();
    const onScreen = r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
    return onScreen && landed(el, r);
  };
  for (const el of controls) {
    if (!visible(el)) continue;
    const field = el.tagName === "INPUT" || el.tagName === "TEXTAREA";
    let r = el.getBoundingClientRect();
    if (!field && (r.width < 44 || r.height < 44)) problems.push(`smaller than 44px: ${label(el)} ${Math.round(r.width)}x${Math.round(r.height)}`);
    if (fine(el)) continue;
    el.scrollIntoView({ block: "start", inline: "center" });
    if (fine(el)) continue;
    el.scrollIntoView({ block: "center", inline: "center" });
    r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > window.innerWidth + 1) problems.push(`off screen: ${label(el)}`);
    if (!landed(el, r)) problems.push(`covered: ${label(el)}`);
  }

  // A 44 px finger on each ward's label point (the point farthest inside it) lands on the ward.
  const game = document.querySelector("#th-game");
  if (fingers && game && !game.hidden && !(front && front.matches(":modal"))) {
    const { SHAPES } = await import(new URL("js/render/ward-shapes.js", document.baseURI).href);
    const svg = document.querySelector(".tm-map-svg");
    for (const [n, shape] of Object.entries(SHAPES.wards)) {
      const ward = document.querySelector(`[data-ward="${n}"]`);
      ward.scrollIntoView({ block: "center" });
      const pt = svg.createSVGPoint();
      [pt.x, pt.y] = shape.pole;
      const c = pt.matrixTransform(svg.getScreenCTM());
      for (const [dx, dy] of [[0, 0], [-22, 0], [22, 0], [0, -22], [0, 22]]) {
        const hit = document.elementFromPoint(c.x + dx, c.y + dy);
        if (!hit || !ward.contains(hit)) { problems.push(`a finger misses ward ${n} at ${dx},${dy}`); break; }
      }
    }
  }
  for (const d of opened) d.open = false;
  for (const el of lazy) el.style.contentVisibility = "";
  // Back to the top, for the next size's screenshot.
  for (const el of document.querySelectorAll("dialog[open], .th-side")) el.scrollTop = 0;
  window.scrollTo(0, 0);
  return problems;
}
