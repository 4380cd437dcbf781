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
  // An answer that comes before the lesson's script (a reload on a slow connection) is judged
  // once the script is in: the suggestions are drawn again then (none in the lesson).
  const seen = ({ answer, events = [] }) => {
    const judged = tutorial.seen(answer, events);
    suggestions.seen(answer);
    if (judged) return judged.then(() => { if (session.snap) suggestions.seen(session.snap); });
    return null;
  };
  const off = [session.on("game", seen), session.on("answer", seen)];
  session.vet = (params) => tutorial.vet(params); // only the lesson's own move is played in it
  if (session.snap) seen({ answer: session.snap }); // screens built again (a new language): the game on screen
  return { destroy() { for (const f of off) f(); session.vet = () => null; suggestions.destroy(); } };
}
