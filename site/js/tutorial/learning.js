// The page's learning aids, wired to the session (session.js) in one place: "Learn to play"
// (tutorial.js), "Suggest a move" (suggest.js) and the quick reference (quickref.js). app.js
// calls createLearning once per build of the screens and `destroy` when they are taken down.

import { h } from "../ui/dom.js";
import { createTutorial } from "./tutorial.js";
import { createSuggestions } from "./suggest.js";
import { createQuickRefButton } from "./quickref.js";

export function createLearning({ session, startHost, root, toStart }) {
  const tutorial = createTutorial({
    call: (method, params) => session.call(method, params),
    start: (seats, seed) => session.newGame(seats, seed),
    load: async (code, fail) => { const out = await session.loadCode(code); if (out && out.error) fail(); },
    leave: () => toStart(),
    learnerName: () => startHost.querySelector("#th-name-0")?.value,
    startHost: startHost.querySelector(".th-start-inner"),
  });
  // The quick reference and the suggestions' switch: a row at the foot of the game's table.
  const tools = h("div", { class: "th-actions th-tools" }, createQuickRefButton());
  root.querySelector(".tm-table-state")?.appendChild(tools);
  const suggestions = createSuggestions({
    call: (method, params) => session.call(method, params), bar: tools,
    turn: (answer) => session.turn(answer), inLesson: () => tutorial.active(),
  });
  const seen = ({ answer, events = [] }) => { tutorial.seen(answer, events); suggestions.seen(answer); };
  const off = [session.on("game", seen), session.on("answer", seen)];
  return { destroy() { for (const f of off) f(); suggestions.destroy(); } };
}
