// The replay viewer, opened from the game (the bar's Replay, the final table, "Since your last
// move"), from the archive, or by a replay link (#g=CODE&at=N). It only reads: leaving it shows
// what it was opened from — the game as it was (what that is: logic/game-screens.js's
// backFromReplay), the archive, or the start screen. "Play on from here" starts a game there.
//
//   createReplayDoor(root, session, parts) → {open(at, code, review), openLink(code, at), hide()}
//     parts: {screen, final, reveal, closeAll(), showPhase(answer), toStart(), toArchive()}

import { t, message } from "../../strings.js";
import { createReplayViewer } from "../replay/replay.js";
import { backFromReplay } from "../../logic/game-screens.js";
import * as signal from "../signal.js";

const html = document.documentElement;

export function createReplayDoor(root, session, { screen, final, reveal, closeAll, showPhase, toStart, toArchive }) {
  const viewer = createReplayViewer(root, {
    call: session.call, peek: session.peek, // peek: fetching ahead, not busy
    reviewVersion: session.hello && session.hello.review_version, // stored reviews: the same engine's only
    onLeave: () => leave(), onPlayOn: (at) => playOn(at),
  });
  let fromFinal = false;
  let fromArchive = false;

  // `at`: the move to open at (none: the last); `code`: an archived game (none: the game played);
  // `review`: with the computer's review.
  async function open(at = null, code = null, review = false) {
    if (session.replaying || (!session.snap && !code)) return;
    session.replaying = true;
    session.route = "replay";
    signal.begin();
    try {
      fromFinal = final.open;
      fromArchive = code !== null;
      closeAll();
      html.classList.add("th-replaying");
      if (code) html.classList.add("th-playing");
      const error = await viewer.open({ review, ...(at === null ? {} : { at }), ...(code ? { code, leaveLabel: t("archive.replay_back") } : {}) });
      if (error) { await leave(); screen.notice(message(error)); return; }
      screen.hide();
    } finally {
      signal.done();
    }
  }

  async function leave() {
    signal.begin();
    try {
      viewer.hide();
      session.replaying = false;
      session.route = session.snap ? "game" : "start";
      html.classList.remove("th-replaying");
      if (fromArchive) {
        fromArchive = false;
        html.classList.remove("th-playing");
        await toArchive();
        return;
      }
      const snap = session.snap;
      if (!snap) { toStart(); return; } // opened from a link: the start screen offers that game
      screen.show();
      const now = await session.call("state", {});
      const back = backFromReplay(snap, now, { revealOpen: reveal.open, fromFinal });
      if (back === "moved") { // a computer's move landed as it opened
        const full = await session.call("log", {});
        await session.show(now, full && full.ok ? full.log_events : []);
      } else if (back === "reveal") signal.announce("reveal");
      else if (back === "over") signal.announce("over"); // the final board, as it was
      else showPhase(snap);
    } finally {
      signal.done();
    }
  }

  /** A replay link's viewer (#g=CODE&at=N): null once open, else the refusal. */
  async function openLink(code, at) {
    html.classList.add("th-playing", "th-replaying");
    const error = await viewer.open({ code, at, leaveLabel: t("replay.close") });
    if (!error) return null;
    html.classList.remove("th-playing", "th-replaying");
    return error;
  }

  async function playOn(at) {
    const out = await session.playOn(at);
    if (out && out.error) { screen.notice(out.error); return; }
    if (out) return;
    viewer.hide();
    html.classList.remove("th-replaying");
  }

  return { open, openLink, hide: () => viewer.hide() };
}
