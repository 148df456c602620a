// The recording screen's service worker (served as /record-sw.js, scope /matches/; docs/web.md, "Recording
// offline"): a recording page and the files it loads are served from this worker's cache when the server cannot
// be reached at load time. Network first, always: a page the server answers is the server's, and its answer
// refreshes the cache. The API is never touched: what the server recorded is only ever the server's answer (the
// inputs made offline wait in the page's outbox, record_outbox.js).
"use strict";

var CACHE = "riftlog-record-v1";
var PAGE = /^\/matches\/[^/]+\/record$/;

function cached(url) {
  var path = new URL(url).pathname;
  return PAGE.test(path) || /^\/matches\/[^/]+\/record\.webmanifest$/.test(path) || path.indexOf("/static/") === 0;
}

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

// The page loaded before this worker controlled it: it names what it loaded ({cache: [url...]}), and is answered
// on the message's port once those are in the cache.
self.addEventListener("message", function (event) {
  var urls = ((event.data && event.data.cache) || []).filter(function (url) {
    return new URL(url, self.location.href).origin === self.location.origin && cached(new URL(url, self.location.href).href);
  });
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(urls); }).then(function () {
    if (event.ports[0]) event.ports[0].postMessage({ cached: urls.length });
  }, function (error) {
    if (event.ports[0]) event.ports[0].postMessage({ error: String(error) });
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin || !cached(request.url)) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
    }
    return response;
  }, function () {
    return caches.match(request, { ignoreSearch: true }).then(function (hit) { return hit || Response.error(); });
  }));
});
