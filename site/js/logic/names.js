// Player names: the same rule as Python's tammany.game.check_name (and the save codes):
// 1–20 code points, at least one visible character, any script, no control characters,
// no bidirectional marks, overrides or isolates, no lone surrogates; not normalised. The page checks as you type
// to point at the field; Python has the last word and its message is what the player sees.

export const MAX_NAME_LENGTH = 20;

function forbidden(cp) {
  return cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0) ||
    cp === 0x061c || cp === 0x200e || cp === 0x200f ||
    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
    (cp >= 0xd800 && cp <= 0xdfff); // lone surrogates, as Python refuses them
}

/** Python's str.strip() whitespace, for the "visible character" test. */
const PY_SPACE = /^[\s\u001c-\u001f\u0085]*$/u;

/** null when the name is fine, else the reason's code: "empty", "long" or "control". */
export function nameProblem(name) {
  if (typeof name !== "string" || PY_SPACE.test(name)) return "empty";
  const points = [...name];
  if (points.length > MAX_NAME_LENGTH) return "long";
  if (points.some((ch) => forbidden(ch.codePointAt(0)))) return "control";
  return null;
}
