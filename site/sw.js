// The service worker: after one visit, the game starts and plays with no network.
//
// Registered by js/sw-register.js only once the page is ready (<html data-ready>), so the first
// boot has the device to itself. Its scope is its own folder, the folder of index.html, so the
// site works the same at a host's root or under any sub-path.
//
// - install: stores every file of the build in a cache named after the build's content hash
//   (PRECACHE below, written by build.py from the files' bytes). Each download is checked
//   against its SHA-256, so a server that changes while we download cannot mix two builds: the
//   install fails and the browser tries again on a later visit. A file an older build already
//   stored with the same hash is copied from that build's cache instead of downloaded.
// - fetch: same-origin GETs for the build's files (and navigations to the folder) are answered
//   from the cache; anything else goes to the network untouched.
// - update: a new build's worker installs in the background and then waits; the page offers
//   "A new version is ready" with Reload, which sends {type: "skip-waiting"}. On activation the
//   older builds' caches of this scope are deleted.

const PRECACHE = {"build": "dev", "files": {}}; // build.py: the build's hash and its files

// Every build of this scope (the same origin may host the game at several paths) has a cache
// "tammany-site <scope> <build hash>"; its INDEX entry, written last, lists what it holds.
const SCOPE = self.registration.scope;
const SCOPE_PATH = new URL(SCOPE).pathname;
const PREFIX = `tammany-site ${SCOPE} `;
const CACHE = PREFIX + PRECACHE.build;
const INDEX = `${SCOPE}__precache-index__`;
const MANIFEST = "build.json"; // its hash is not in PRECACHE (it lists sw.js's): checked by content
const PARALLEL = 4;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim(); // the first visit's page is served from here from now on
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  let path;
  try {
    path = decodeURIComponent(new URL(request.url).pathname.slice(SCOPE_PATH.length));
  } catch {
    return; // not a name of ours
  }
  if (path === "" && request.mode === "navigate") path = "index.html";
  if (!Object.hasOwn(PRECACHE.files, path)) return;
  event.respondWith(fromCache(path, request));
});

async function fromCache(path, request) {
  try {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(SCOPE + path, { ignoreVary: true });
    if (hit) return hit;
  } catch {
    // Storage unavailable: the network is all there is.
  }
  return fetch(request);
}

// --- install -------------------------------------------------------------------------------------

async function precache() {
  const cache = await caches.open(CACHE);
  const stored = await storedByOlderBuilds();
  const paths = Object.keys(PRECACHE.files);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      await store(cache, path, PRECACHE.files[path], stored);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await cache.put(INDEX, new Response(JSON.stringify(PRECACHE.files), {
    headers: { "Content-Type": "application/json" },
  }));
}

/** sha256 -> {cache, url} for the files older builds of this scope hold. */
async function storedByOlderBuilds() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    try {
      const cache = await caches.open(name);
      const index = await (await cache.match(INDEX))?.json();
      for (const [path, sha256] of Object.entries(index || {})) {
        if (sha256) found.set(sha256, { cache, url: SCOPE + path });
      }
    } catch {
      // An unreadable older cache is only a missed shortcut.
    }
  }
  return found;
}

async function store(cache, path, sha256, stored) {
  const url = SCOPE + path;
  const older = sha256 && stored.get(sha256);
  if (older) {
    const response = await older.cache.match(older.url, { ignoreVary: true });
    if (response) return cache.put(url, response);
  }
  const response = await fetch(new Request(url, { cache: "no-cache", credentials: "same-origin" }));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const bytes = await response.clone().arrayBuffer();
  if (sha256 ? (await hex(bytes)) !== sha256 : !belongsToThisBuild(bytes)) {
    throw new Error(`${path} is not the file of build ${PRECACHE.build}`);
  }
  await cache.put(url, response);
}

async function hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** build.json belongs to this build if it lists every other file with the same hash. */
function belongsToThisBuild(bytes) {
  try {
    const { files } = JSON.parse(new TextDecoder().decode(bytes));
    return Object.entries(PRECACHE.files)
      .every(([path, sha256]) => path === MANIFEST || files[path]?.sha256 === sha256);
  } catch {
    return false;
  }
}
