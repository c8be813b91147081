// 手谈's service worker: the app works offline after the first visit.
// post_build (assets/precache.mjs) fills in VERSION (a hash of the build) and PRECACHE (every
// file Trunk wrote, by its hashed name), so a new deploy is a new worker.
// - install: precache the shell and the bot's worker; the new worker then waits.
// - activate: delete the caches of older builds.
// - fetch: navigations network-first (cached page when offline); everything else of ours
//   cache-first, kept in the cache when fetched; the network's file (models/) in a cache of
//   its own that outlives deploys, filled the first time the bot's worker fetches it.
// - the page asks a waiting worker to take over ("新版本可用 — 刷新"), never on its own: a
//   running game and its clock are not swapped under the player.
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `shoutan-${VERSION}`;
// The network's file never changes under its name: one cache for it across deploys.
const MODELS = 'shoutan-models';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys
        .filter((k) => k.startsWith('shoutan-') && k !== CACHE && k !== MODELS)
        .map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Network first, so a new deploy is seen; the cached page when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          if (response.ok) caches.open(CACHE).then((c) => c.put('./', copy));
          return response;
        })
        .catch(() => caches.match('./', { ignoreSearch: true })
          .then((r) => r || caches.match('index.html'))),
    );
    return;
  }
  if (new URL(request.url).pathname.includes('/models/')) {
    event.respondWith(
      caches.open(MODELS).then((cache) => cache.match(request).then((cached) => cached || fetch(request).then((response) => {
        if (response.ok) cache.put(request, response.clone());
        return response;
      }))),
    );
    return;
  }
  // Hashed assets never change under their name: cache first.
  event.respondWith(
    caches.match(request, { ignoreSearch: true }).then((cached) => cached || fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((c) => c.put(request, copy));
      }
      return response;
    })),
  );
});
