// Text that runs out of its card: past the sides of the nearest box drawn around it (a border
// or a background), even where nothing clips it (a card's overflow shows, so no scroll width
// betrays it). Pieces placed on purpose (absolute, fixed) are left out. The box, or null.
// One check for layout_check.js and i18n_layout.js: their loaders put this function where
// they say OUT_OF_BOX (browser_scripts.py).
(el) => {
  const drawsBox = (s) => (parseFloat(s.borderLeftWidth) > 0 && parseFloat(s.borderRightWidth) > 0) ||
    !/^(transparent|rgba\(\d+, \d+, \d+, 0\))$/.test(s.backgroundColor);
  for (let a = el; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.position === "absolute" || s.position === "fixed") return null;
    if (s.display === "contents") continue; // no box of its own (its parts draw theirs)
    if (a !== el && drawsBox(s)) {
      const r = el.getBoundingClientRect(), b = a.getBoundingClientRect();
      return r.right > b.right + 1 || r.left < b.left - 1 ? a : null;
    }
  }
  return null;
}
