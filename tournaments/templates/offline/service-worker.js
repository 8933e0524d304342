// The site's service worker (docs/offline.md): pages a player has visited open again with no network, and
// the static files come from the phone. Its cache is named after the static files' contents ({{ version }}):
// a deploy changes the name, so the new worker drops the old cache and never serves an old pad against a
// new API.
"use strict";
var CACHE = "boomerang-{{ version }}";
var STATIC = {{ static_files|safe }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(STATIC); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {  // signed out: forget the pages kept for that account
  if (event.data === "forget") event.waitUntil(caches.delete(CACHE));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.indexOf("/api/") === 0 || url.pathname.indexOf("/admin/") === 0) return;  // always live
  if (url.pathname.indexOf("{{ static_prefix }}") === 0) {  // the static files: the phone's copy first
    event.respondWith(caches.match(request).then(function (kept) { return kept || fetch(request); }));
    return;
  }
  if (request.mode === "navigate" || (request.headers.get("Accept") || "").indexOf("text/html") >= 0) {
    // A page: the network first (it is live), a copy kept for when there is none.
    event.respondWith(fetch(request).then(function (answer) {
      if (answer.ok) {
        var copy = answer.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return answer;
    }).catch(function () {
      return caches.match(request, { ignoreVary: true }).then(function (kept) {
        return kept || caches.match("{{ offline_url }}");
      });
    }));
  }
});
