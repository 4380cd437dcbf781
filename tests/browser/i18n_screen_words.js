// Everything a person can read or hear on the page now: text outside the language menu,
// aria-labels and titles (test_i18n_game.py).
(() => {
  const words = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(".th-language, script, style, [hidden]") || !n.textContent.trim()) continue;
    if (el.closest("dialog") && !el.closest("dialog[open]")) continue;
    if (!el.getClientRects().length) continue;
    words.push(n.textContent.trim());
  }
  for (const el of document.querySelectorAll("[aria-label], [title]")) {
    if (el.closest(".th-language") || !el.getClientRects().length) continue;
    for (const a of ["aria-label", "title"]) if (el.getAttribute(a)) words.push(el.getAttribute(a));
  }
  return words;
})
