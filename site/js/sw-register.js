// Offline and updates, on the page's side. The service worker is ../sw.js; the warm start is
// js/warm-start.js in the game's worker.
//
//   startOffline({ client })   boot.js calls it once the page is ready (<html data-ready>)
//
// - Registers the service worker only now, so its downloads never compete with the first boot,
//   and asks the game's worker to store its warm-start snapshot.
// - When a new build has installed in the background: "A new version is ready" with Reload.
//   Reload hands over to the new build and reloads; the autosave brings the game back. Nothing
//   reloads on its own, so a game in progress is never interrupted.
// - Shows "Offline" while the game's server cannot be reached (navigator.onLine, or a failed
//   update check: a stopped server leaves navigator.onLine true).
//
// For tests and `build.py bench`, <html> gets data-offline="ready" once a service worker
// controls the page, and data-warm-start="snapshot" | "normal" once the worker has answered
// (with data-warm-start-stored="1" when it stored a snapshot).

import { t } from "./strings.js";

const CHECK_EVERY_MS = 60_000;
let started = false;
let reloading = false; // this page asked the new build to take over: reload when it has
let bar = null;

export async function startOffline({ client } = {}) {
  if (started) return;
  started = true;
  loadStyle();
  const root = document.documentElement;
  if (client) {
    client.call("warm_start").then((answer) => {
      measureStart(answer);
      if (answer.reason) console.info(`Tammany Hall warm start: ${answer.reason}`); // a fallback
      root.dataset.warmStart = answer.start;
      if (answer.stored) root.dataset.warmStartStored = "1";
    }, () => { root.dataset.warmStart = "unavailable"; });
  }
  let registration = null;
  window.addEventListener("offline", () => showOffline(true));
  window.addEventListener("online", () => (registration ? check(registration) : showOffline(false)));
  if (navigator.onLine === false) showOffline(true);
  if (!("serviceWorker" in navigator)) return; // not a secure context, or an old browser

  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  const controlled = () => {
    if (container.controller) root.dataset.offline = "ready";
  };
  controlled();
  container.addEventListener("controllerchange", () => {
    controlled();
    if (reloading) window.location.reload();
    else if (hadController) showUpdate(null, t("offline.updated_elsewhere"));
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check(registration);
  });

  try {
    registration = await container.register(new URL("../sw.js", import.meta.url));
  } catch (err) {
    // A TypeError: the script could not be fetched (no network, no server). Anything else
    // (a browser that forbids service workers here, private modes): simply no offline play.
    if (err instanceof TypeError) showOffline(true);
    return;
  }
  watchForUpdates(registration);
  check(registration);
  setInterval(() => {
    if (document.visibilityState === "visible") check(registration);
  }, CHECK_EVERY_MS);
}

/**
 * The worker's start as performance measures on the page's timeline (DevTools shows them;
 * bench/offline_experiments.py reads them): tammany-worker (navigation -> the worker's start
 * code), tammany-snapshot-check, tammany-python (Pyodide, restored or started),
 * tammany-rules (install + import check), tammany-snapshot-copy (a normal start's snapshot).
 */
function measureStart({ origin, marks }) {
  if (!origin || !marks || !performance.measure) return;
  const at = (name) => (marks[name] === undefined ? undefined : origin + marks[name] - performance.timeOrigin);
  const steps = [["tammany-worker", 0, at("begin")], ["tammany-snapshot-check", at("begin"), at("checked")],
    ["tammany-python", at("checked"), at("python")], ["tammany-rules", at("python"), at("rules")],
    ["tammany-snapshot-copy", at("rules"), at("captured")]];
  for (const [name, start, end] of steps) {
    if (start !== undefined && end !== undefined) {
      try { performance.measure(name, { start, end }); } catch { /* an old browser */ }
    }
  }
}

/** Offer the update whenever a new build's worker has installed while this page runs. */
function watchForUpdates(registration) {
  const offer = (worker) => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) {
      showUpdate(worker, t("offline.update"));
    }
  };
  const follow = (worker) => {
    if (!worker) return;
    offer(worker);
    worker.addEventListener("statechange", () => offer(worker));
  };
  follow(registration.waiting);
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
}

/** Ask for an update; whether the server answered tells whether we are online. */
async function check(registration) {
  if (!registration) return;
  if (navigator.onLine === false) {
    showOffline(true);
    return;
  }
  try {
    await registration.update();
    showOffline(false);
  } catch {
    showOffline(true);
  }
}

// --- what the player sees ---------------------------------------------------------------------

function loadStyle() {
  const href = new URL("../css/offline.css", import.meta.url).href;
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === href)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
}

function ensureBar() {
  if (bar) return bar;
  bar = document.createElement("div");
  bar.className = "th-offline";
  bar.id = "th-offline";
  const offline = element("p", "th-offline-pill", t("offline.offline"));
  offline.append(element("span", "th-offline-more", ` ${t("offline.offline_more")}`));
  offline.title = t("offline.offline_more");
  offline.id = "th-offline-pill";
  offline.setAttribute("role", "status");
  offline.hidden = true;
  const update = element("div", "th-update");
  update.id = "th-update";
  update.setAttribute("role", "status");
  update.hidden = true;
  bar.append(offline, update);
  document.body.appendChild(bar);
  return bar;
}

function element(tag, className, text = "") {
  const el = document.createElement(tag);
  el.className = className;
  if (text) el.textContent = text;
  return el;
}

function showOffline(on) {
  const pill = ensureBar().querySelector("#th-offline-pill");
  pill.hidden = !on;
  document.documentElement.classList.toggle("th-is-offline", on);
}

/** "A new version is ready" + Reload (+ Later). `worker`: the waiting worker to hand over to. */
function showUpdate(worker, text) {
  const box = ensureBar().querySelector("#th-update");
  const message = element("span", "th-update-text", text);
  const reload = element("button", "th-update-reload", t("offline.reload"));
  reload.type = "button";
  reload.addEventListener("click", () => {
    reload.disabled = true;
    if (worker && worker.state === "installed") {
      reloading = true; // the page reloads when the new worker takes over (controllerchange)
      worker.postMessage({ type: "skip-waiting" });
    } else {
      window.location.reload();
    }
  });
  const later = element("button", "th-update-later", t("offline.later"));
  later.type = "button";
  later.addEventListener("click", () => { box.hidden = true; });
  box.replaceChildren(message, reload, later);
  box.hidden = false;
}
