// The start screen, drawn from the page's state (session.js): the seats form, Continue, a shared
// game's link, "Play on several devices", and the games across devices this device holds. Its
// buttons are intents to the session; a refusal comes back in words on this screen.
//
//   createStartView(host, session, {languageMenu, address}) → {show(notices), hide(), seats(),
//                                                              setSeats(), refuse(err), destroy()}
//     address: the page address's game link, {code(), clear()} (routes.js, handed in by app.js:
//              a view imports nothing above it, docs/architecture.md)

import { message } from "../../strings.js";
import { h } from "../dom.js";
import { createRulesButton } from "../widgets/rules-panel.js";
import { createBlindToggle } from "../widgets/blind.js";
import { createStartScreen } from "./start-screen.js";
import { createRemoteSetup, heldGamesCard, linkRefusal } from "../remote/remote.js";
import { readAutosave } from "../../autosave.js";
import * as signal from "../signal.js";

export function createStartView(host, session, { languageMenu, address }) {
  host.replaceChildren();
  host.className = "th-start-host";
  host.removeAttribute("aria-labelledby");
  const start = createStartScreen(host, {
    onStart: (seats, rules) => busy(session.newGame(seats, null, rules), (out) => start.refuse(out.error)),
    onContinue: () => busy(session.continueSaved(), (out) => show(out.error ? [out.error] : [])),
    onLoad: async (code, fail) => {
      const out = await busy(session.loadCode(code));
      if (!out) return; // the game is shown
      const link = code === address.code();
      if (link) address.clear(); // a refused or declined link is not offered again
      if (out.error) {
        const refused = typeof out.error === "string" ? out.error : linkRefusal(out.error);
        if (link) show([refused]); else fail(refused);
      } else if (link) show();
    },
    houseRules: session.hello && session.hello.house_rules,
  });
  host.prepend(h("div", { class: "th-lang-bar" }, [languageMenu(), createRulesButton(), createBlindToggle()]));
  const inner = start.element.querySelector(".th-start-inner");
  const remoteSetup = createRemoteSetup({
    getSeats: () => start.seats(),
    onStart: (seats, local) => busy(session.newRemoteGame(seats, local, start.houseRules()), (out) => remoteSetup.refuse(message(out.error))),
  });
  inner.appendChild(remoteSetup.element);
  let held = null; // the card of the games across devices this device holds

  // An intent from this screen: its buttons are off until the session answers; `refused(out)`
  // when no game was shown (a refusal, or a question answered No).
  async function busy(intent, refused = () => {}) {
    start.setBusy(true);
    let out;
    try { out = await intent; } finally { start.setBusy(false); }
    if (out && out.error) refused(out);
    return out;
  }

  function show(notices = []) {
    const saved = readAutosave();
    const autosave = saved.status === "ok" && !saved.record.over ? saved.record : null;
    const link = address.code();
    start.show({ autosave, link, notices, seed: session.options.seed });
    if (link) sharedRules(link);
    held?.remove();
    held = heldGamesCard((gameId) => busy(session.continueHeld(gameId), (out) => show([out.error])));
    if (held) inner.querySelector(".th-start-form").before(held);
  }

  // A shared game's card names its house rules: Python reads the code (`code_info`, the game
  // on show untouched); the page stays busy until the card is complete. A code that cannot be
  // read says so only when opened.
  async function sharedRules(code) {
    const info = await signal.during(session.peek("code_info", { code }).catch(() => null));
    if (info && info.ok && address.code() === code) start.linkRules(info.rules);
  }

  return {
    show,
    screen: start, // the start screen itself (the archive adds its regulars to it)
    hide: () => start.hide(),
    seats: () => start.seats(),
    setSeats: (seats) => start.setSeats(seats),
    refuse: (err) => start.refuse(err),
    destroy() { host.replaceChildren(); },
  };
}
