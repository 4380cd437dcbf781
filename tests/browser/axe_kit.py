"""axe-core in the page under test: the pinned script (build.axe_source, never part of dist/)
is evaluated through Playwright (the DevTools protocol is not bound by the page's CSP, so no
inline script is added to the page), then `axe.run` checks the whole document.

`scan(page)` returns the serious and critical findings as short strings ("rule: target — help"),
so a failing assertion says what to fix."""

from __future__ import annotations

import functools

import build

SERIOUS = ("serious", "critical")

RUN = """async (impacts) => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  const found = [];
  for (const v of result.violations) {
    if (!impacts.includes(v.impact)) continue;
    for (const node of v.nodes) found.push(`${v.id}: ${node.target.join(" ")} — ${v.help}`);
  }
  return found;
}"""


@functools.cache
def _source() -> str:
    return build.axe_source()


def scan(page) -> list[str]:
    """The page's serious and critical axe findings as it is drawn now (read it settled)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_source())
    return page.evaluate(RUN, list(SERIOUS))
