/*
 * Service worker for offline play. GENERATED into dist/sw.js by scripts/build.py
 * from scripts/sw.template.js: edit the template, never dist/sw.js.
 *
 * - PRECACHE lists every file of the built site with its revision (the first 16 hex
 *   digits of the SHA-256 of its contents), computed at build time, so the hashed
 *   PyScript chunk names are always right.
 * - VERSION is a hash of all those files' contents: any change to the site gives
 *   a new sw.js, the browser installs it, and the old cache is deleted on activate
 *   (never the boot snapshot's cache, which names its own runtime build).
 * - Install fetches with cache mode "no-cache": each file is revalidated with the
 *   server (a cheap 304 when unchanged), so a stale HTTP-cache copy can never end up
 *   in a new version's cache.
 * - Fetch: cache first for same-origin GET requests; a navigation to a page that
 *   is not a precached file gets index.html; anything else goes to the network.
 * - Healing: a browser may evict single entries, and an entry may be
 *   damaged. A precached file missing from the cache when it is asked for is fetched
 *   again and stored (online); offline, the open pages are told ("manhattan:missing",
 *   assets/boot.js shows "Part of the game is missing" with Try again) unless it is only
 *   an icon or the like (OPTIONAL). index.html missing offline gets a small page saying
 *   the same. And on every visit the page, once ready (or when its start failed), posts
 *   "heal": every entry is checked against PRECACHE (present, status 200, SHA-256 of its
 *   body = its revision) and what fails is fetched and stored again. The answer,
 *   {type: "manhattan:healed", missing, healed, failed}, goes back to that page.
 * - Updates: a new version installs in the background and WAITS (no skipWaiting on
 *   install): the page says "A new version is ready" and, when the player taps
 *   Reload, posts "skip-waiting"; the page reloads on controllerchange. So no tab
 *   ever runs a mix of two versions, and the switch never interrupts a move.
 */
"use strict";

const VERSION = "__VERSION__";
const CACHE_PREFIX = "manhattan-";
const CACHE = CACHE_PREFIX + VERSION;
// [{url, revision}] for every file of the site (revision: SHA-256 of the contents, 16 hex).
const PRECACHE = __PRECACHE__;
// The boot module's memory snapshot (scripts/boot.template.mjs): it names the runtime build
// it belongs to and replaces itself, so a new version of the site must not delete it.
const SNAPSHOT_CACHE = __SNAPSHOT_CACHE__;
// The page shell's texts (assets/boot.js's copy of the catalogue's shell.*): the page shown
// when index.html itself is missing offline.
const SHELL_TEXTS = __SHELL_TEXTS__;
// Files the game runs without: missing offline, they fail quietly (no message).
const OPTIONAL = /^\.\/(assets\/icons\/|favicon\.ico$|manifest\.webmanifest$|build-info\.json$)/;

const SCOPE = new URL("./", self.location.href).href;
const PRECACHED = new Map(PRECACHE.map((entry) => [new URL(entry.url, SCOPE).href, entry]));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(PRECACHE.map((entry) => new Request(entry.url, { cache: "no-cache" }))),
      ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
  if (event.data === "heal") {
    event.waitUntil(
      heal().then(
        (report) => event.source && event.source.postMessage({ type: "manhattan:healed", ...report }),
      ),
    );
  }
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE && key !== SNAPSHOT_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromCache(request));
});

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  let entry = PRECACHED.get(url.href);
  // Any other page of the site ("/", "/?x", a deep link) is the single-page app.
  if (!entry && request.mode === "navigate") {
    const index = await cache.match("./index.html");
    if (index) return index;
    entry = PRECACHED.get(new URL("./index.html", SCOPE).href);
  }
  if (!entry) return fetch(request);
  // A precached file is missing (evicted): fetch it again and store it.
  const fresh = await refetch(entry, cache);
  if (fresh) return fresh.clone();
  if (request.mode === "navigate") return missingPage(request);
  // Told before the request fails, so the page shows why rather than a start-up error.
  if (!OPTIONAL.test(entry.url)) await tellPages(entry.url);
  return Response.error();
}

// One download per file at a time, shared by the page's request and the heal.
const refetching = new Map();

function refetch(entry, cache) {
  if (!refetching.has(entry.url)) {
    const job = fetch(new Request(entry.url, { cache: "no-cache" }))
      .then(async (response) => {
        if (!response.ok) return null;
        await cache.put(entry.url, response.clone());
        return response;
      })
      .catch(() => null)
      .finally(() => refetching.delete(entry.url));
    refetching.set(entry.url, job);
  }
  return refetching.get(entry.url);
}

async function revisionOf(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 16);
}

// Check every precached entry and fetch again what is missing or damaged. One file at a
// time: the largest (the wasm, 9.6 MB) is the most memory this holds.
let healing = null;

function heal() {
  if (!healing) healing = healNow().finally(() => (healing = null));
  return healing;
}

async function healNow() {
  const cache = await caches.open(CACHE);
  const report = { missing: [], healed: [], failed: [] };
  for (const entry of PRECACHE) {
    const hit = await cache.match(entry.url);
    let sound = false;
    try {
      sound = !!hit && hit.status === 200 && (await revisionOf(hit)) === entry.revision;
    } catch (error) {
      sound = false; // an unreadable body is damaged too
    }
    if (sound) continue;
    report.missing.push(entry.url);
    const fresh = await refetch(entry, cache);
    (fresh ? report.healed : report.failed).push(entry.url);
  }
  return report;
}

async function tellPages(url) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage({ type: "manhattan:missing", url });
}

function language() {
  const wanted = [...(self.navigator.languages || []), self.navigator.language || ""];
  for (const code of wanted) {
    const lang = String(code).toLowerCase().split("-")[0];
    if (Object.prototype.hasOwnProperty.call(SHELL_TEXTS, lang)) return lang;
  }
  return "en";
}

const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escape(text) {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const MISSING_CSS =
  "body{margin:0;background:#0e172c;color:#e8edf7;font:16px/1.45 system-ui,sans-serif}" +
  "main{max-width:40rem;margin:2rem auto;padding:1rem 1.25rem;background:#fff1f0;color:#4a0d0a;" +
  "border:2px solid #d9473f;border-radius:8px}h1{font-size:1.2rem;margin:0 0 .5rem}" +
  "a{display:inline-block;margin-top:.5rem;padding:.6rem 1.2rem;border-radius:6px;" +
  "background:#0e172c;color:#fff;text-decoration:none}";

// index.html is not in the cache and the network cannot give it: say so, in the player's
// language, with Try again (a link to the same address), under a CSP of its own.
async function missingPage(request) {
  const lang = language();
  const texts = SHELL_TEXTS[lang];
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(MISSING_CSS));
  const styleHash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  const body =
    `<!doctype html><html lang="${lang}" data-offline-missing="index"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>Manhattan</title><style>${MISSING_CSS}</style></head><body>` +
    `<main role="alert" id="boot-offline"><h1>${escape(texts["offline.title"])}</h1>` +
    `<p>${escape(texts["offline.missing"])}</p><p>${escape(texts["unsupported.saves"])}</p>` +
    `<a id="boot-offline-retry" href="${escape(request.url)}">${escape(texts["offline.retry"])}</a>` +
    `</main></body></html>`;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; ` +
        `form-action 'none'; frame-ancestors 'none'`,
    },
  });
}
