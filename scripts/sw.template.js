/*
 * Service worker for offline play. GENERATED into dist/sw.js by scripts/build.py
 * from scripts/sw.template.js: edit the template, never dist/sw.js.
 *
 * - PRECACHE lists every file of the built site (computed at build time, so the
 *   hashed PyScript chunk names are always right).
 * - VERSION is a hash of all those files' contents: any change to the site gives
 *   a new sw.js, the browser installs it, and the old cache is deleted on activate
 *   (never the boot snapshot's cache, which names its own runtime build).
 * - Install fetches with cache mode "no-cache": each file is revalidated with the
 *   server (a cheap 304 when unchanged), so a stale HTTP-cache copy can never end up
 *   in a new version's cache.
 * - Fetch: cache first for same-origin GET requests; a navigation to a page that
 *   is not a precached file gets index.html; anything else goes to the network.
 * - Updates: a new version installs in the background and WAITS (no skipWaiting on
 *   install): the page says "A new version is ready" and, when the player taps
 *   Reload, posts "skip-waiting"; the page reloads on controllerchange. So no tab
 *   ever runs a mix of two versions, and the switch never interrupts a move.
 */
"use strict";

const VERSION = "__VERSION__";
const CACHE_PREFIX = "manhattan-";
const CACHE = CACHE_PREFIX + VERSION;
const PRECACHE = __PRECACHE__;
// The boot module's memory snapshot (scripts/boot.template.mjs): it names the runtime build
// it belongs to and replaces itself, so a new version of the site must not delete it.
const SNAPSHOT_CACHE = __SNAPSHOT_CACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" }))),
      ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
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
  let hit = await cache.match(request, { ignoreSearch: true });
  // Any other page of the site ("/", "/?x", a deep link) is the single-page app.
  if (!hit && request.mode === "navigate") hit = await cache.match("./index.html");
  return hit || fetch(request);
}
