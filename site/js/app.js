// The game's UI, started by boot.js once Python answers:
//
//   await startApp({ client, hello })   resolves once the first screen is interactive
//
// Wiring only: the page's state is the session's (session.js, the one code that talks to the
// worker); the screens draw from it (ui/start/start-view.js, ui/game/game-view.js); which screen an address
// opens is routes.js's. A new language builds the screens again from the session, in place:
// the same game, worker, route and address, nothing asked of the worker.

import { t, message, setLanguage, rememberLanguage, translateDocument } from "./strings.js";
import { createSession } from "./session.js";
import * as routes from "./routes.js";
import { createLanguageMenu, openRules } from "./ui/widgets/rules-panel.js";
import { h } from "./ui/dom.js";
import { createStartView } from "./ui/start/start-view.js";
import { createGameView } from "./ui/game/game-view.js";
import { createArchive } from "./archive/archive.js";
import { createLearning } from "./tutorial/learning.js";
import { createConfirm } from "./ui/widgets/confirm.js";
import { createPopover, createFeedback } from "./ui/widgets/popover.js";
import { readAutosave } from "./autosave.js";
import { linkRefusal } from "./ui/remote/remote.js";
import * as signal from "./ui/signal.js";

const STYLES = ["../css/board.css", "../css/ui.css", "../css/i18n.css", "../css/replay.css", "../css/archive.css", "../css/tutorial.css", "../css/review.css"];

// app.js loads while Python starts (boot.js), and its stylesheets download then too: linked with
// media="not all", so that they do not apply to the boot screen until loadStyles turns them on,
// as the game's UI is built.
const styleLinks = STYLES.map((path) => {
  const link = h("link", { rel: "stylesheet", href: new URL(path, import.meta.url).href, media: "not all" });
  // Loaded or not (the page still works unstyled), it is settled.
  const settled = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  document.head.appendChild(link);
  return { link, settled };
});

function loadStyles() {
  return Promise.all(styleLinks.map(({ link, settled }) => {
    link.removeAttribute("media");
    return settled;
  }));
}

export async function startApp({ client, hello }) {
  const options = routes.urlOptions();
  if (options.fast) document.documentElement.classList.add("fast");
  await loadStyles();
  const session = createSession({ client, hello, options });

  // The start screen goes into boot's #start section (its placeholder text replaced); the game
  // screen into the app's own root beside it.
  const main = document.querySelector("main") || document.body;
  const startHost = document.getElementById("start") || main.appendChild(h("section", { id: "start" }));
  let views = buildViews();

  // The screens, built in the page's language; `destroy` takes down all they put on the page.
  function buildViews() {
    const bodyBefore = new Set(document.body.children);
    const root = main.appendChild(h("div", { class: "th-app", id: "th-app" }));
    document.body.appendChild(h("p", { class: "th-version", text: t("app.version", { version: hello.version }) }));
    const confirm = createConfirm(document.body);
    session.ask = (question) => confirm.ask(question);
    const popover = createPopover(document.body);
    const feedback = createFeedback(document.body, {});
    const languageMenu = () => createLanguageMenu(switchLanguage);
    // The address's game link, for the views (they import nothing above them: routes.js is here).
    const address = { code: routes.linkCode, seat: routes.linkSeat, clear: routes.clearLink };
    const start = createStartView(startHost, session, { languageMenu, address });
    const game = createGameView(root, session, { popover, feedback, languageMenu, toStart, toArchive: () => archive.show(), address });
    // Players and their history (docs/archive.md). Its requests go past the session's `call`
    // (session.peek): a failure of the archive's never restarts the engine.
    const archive = createArchive({
      call: session.peek, start: start.screen, host: root, confirm, notice: (text, actions) => game.notice(text, actions),
      toStart: () => toStart(), replay: (code, review = false) => game.openReplay(null, code, review),
    });
    const learning = createLearning({ session, startHost, root, toStart }); // "Learn to play", suggestions, quick reference
    const ours = [...document.body.children].filter((node) => !bodyBefore.has(node));
    const off = [
      session.on("start", (notices) => { game.leave(); start.show(notices); signal.announce("start"); }),
      session.on("game", ({ answer }) => { start.hide(); archive.seen(answer); }),
      session.on("answer", ({ answer }) => archive.seen(answer)), // a finished game is kept (once)
      session.on("notice", (text, actions) => game.notice(text, actions)),
    ];
    return {
      start, game,
      destroy() {
        for (const f of off) f();
        learning.destroy();
        game.destroy();
        start.destroy();
        for (const node of ours) node.remove();
        root.remove();
      },
    };
  }

  function toStart(notices = [], { seats = null, refusal = null } = {}) {
    session.device.leave();
    if (seats) views.start.setSeats(seats);
    session.toStart(notices);
    if (refusal) views.start.refuse(refusal);
  }

  // A new language redraws every screen without a reload and without asking the worker: the
  // screens are built again and drawn from the session's state (same game, hash and moves). A
  // move being composed, an unsealed bid or the reveal on screen is dropped; the phase's own
  // screen comes back.
  async function switchLanguage(lang) {
    signal.begin();
    try {
      await setLanguage(lang);
      rememberLanguage(lang);
      translateDocument(); // the masthead, the footer: index.html's own text
      await session.idle();
      const seats = views.start.seats();
      const playing = Boolean(session.snap); // the game's replay viewer closes: the game comes back
      session.replaying = false;
      document.documentElement.classList.remove("th-replaying");
      views.destroy();
      views = buildViews();
      views.start.setSeats(seats);
      if (playing) { views.start.hide(); await views.game.show(session.snap, session.log); } else toStart();
    } finally {
      signal.done();
    }
  }

  // A game link pasted into this tab changes only the fragment. A link of a game across devices,
  // or any link while a game is on screen, is opened in place (a refused one leaves the game as
  // it was, its own link back in the address bar); a good link of a game at one table reloads
  // the page, whose start screen offers it beside Continue.
  routes.onLinkChange((code) => {
    if (session.snap && session.snap.code === code) return;
    if (!session.snap) { window.location.reload(); return; }
    signal.during(session.openLinkInPlace(code)).then((out) => { if (out && out.reload) window.location.reload(); });
  });

  await firstScreen(session, views, toStart);
}

// The first screen, from the address (routes.js).
async function firstScreen(session, views, toStart) {
  const where = routes.route();
  const notices = [];
  if (where.name === "remote") {
    const answer = await session.call("load_code", { code: where.code, log: true });
    if (answer && answer.ok && answer.game_id) {
      const out = await session.openRemote(where.code, answer);
      if (!out) return;
      notices.push(typeof out.error === "string" ? out.error : linkRefusal(out.error));
    } else if (answer && !answer.ok) notices.push(linkRefusal(answer.error));
    routes.clearLink(); // refused: the start screen offers the games this device holds instead
  }
  if (where.name === "replay") { // the viewer at move N; the autosave is not touched
    const error = await views.game.openReplayLink(where.code, where.at);
    if (!error) { session.route = "replay"; return; }
    routes.clearLink(); // a refused link is not offered again
    notices.push(message(error));
  }
  const saved = readAutosave();
  if (saved.status === "corrupt") notices.push(session.asideNotice(saved));
  if (saved.status === "blocked") notices.push(t("start.blocked"));
  if (saved.status === "ok" && where.name === "game") {
    const out = await session.resumeSaved(saved);
    if (!out) return;
    if (out.error) notices.push(out.error);
  }
  toStart(notices);
  if (where.name === "rules") openRules();
}
