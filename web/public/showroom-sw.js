// The showroom app's service worker (issue 34). Scope: /showroom only.
// - The app's page is fetched without credentials and carries no one's data (the app reads its data
//   from IndexedDB in the browser), so the copy kept here is the same for every account.
// - Hashed assets, fonts, strings and pictures: kept once fetched (cache first).
// - Never an API answer: /api/* always goes to the network (the snapshot lives in IndexedDB, per account).
// - The app registers this file with the site's build version (`?v=`): a new build is a new worker,
//   which takes over once installed and drops the copies of the old build, so a page and its files
//   always come from one build.
const VERSION = `showroom-${new URL(self.location.href).searchParams.get('v') || 'dev'}`;
const PAGE = '/showroom';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.add(new Request(PAGE, { credentials: 'omit' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// The app tells what its page loaded (scripts, styles, fonts, strings) and the pictures of the season.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url) => typeof url === 'string' && url.startsWith('/') && !url.startsWith('/api/'));
  event.waitUntil(
    caches.open(VERSION).then(async (cache) => {
      let done = 0;
      for (const url of urls) {
        if (await cache.match(url)) {
          done += 1;
          continue;
        }
        try {
          const response = await fetch(url, { credentials: 'omit' });
          if (response.ok) {
            await cache.put(url, response);
            done += 1;
          }
        } catch {
          // offline or gone: tried again at the next sync
        }
      }
      event.source?.postMessage({ type: 'cached', done, total: urls.length });
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    if (url.pathname !== PAGE && url.pathname !== `${PAGE}/`) return;
    // The page: the network's (without credentials) when it answers, else the kept copy.
    event.respondWith(
      fetch(new Request(PAGE, { credentials: 'omit' }))
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(VERSION).then((cache) => cache.put(PAGE, copy));
          }
          return response;
        })
        .catch(() => caches.match(PAGE).then((kept) => kept || Response.error())),
    );
    return;
  }
  event.respondWith(
    caches.match(url.pathname + url.search).then(
      (kept) =>
        kept ||
        fetch(request).then((response) => {
          // Hashed assets and uploads never change under one name: keep them for the app.
          if (response.ok && /^\/(assets|uploads|fonts)\//.test(url.pathname)) {
            const copy = response.clone();
            caches.open(VERSION).then((cache) => cache.put(url.pathname + url.search, copy));
          }
          return response;
        }),
    ),
  );
});
