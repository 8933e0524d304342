// The site's service worker (docs/offline.md): pages a player has visited open again with no network, and
// the static files come from the phone. Two caches, named after the static files' contents ({{ version }}):
// a deploy changes the names, so the new worker drops the old caches and never serves an old pad against a
// new API. The site's own files (the static files and the offline page) are kept apart from the pages an
// account opened, so that signing out forgets those pages (they may be private) and keeps the rest.
"use strict";
var FILES = "boomerang-{{ version }}";
var PAGES = "boomerang-pages-{{ version }}";
var STATIC = {{ static_files|safe }};

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(FILES).then(function (cache) {
    return cache.addAll(STATIC.concat(["{{ offline_url }}"]));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== FILES && name !== PAGES; }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {  // signed out, or another account: forget the pages
  if (event.data === "forget") event.waitUntil(caches.delete(PAGES));
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
        caches.open(PAGES).then(function (cache) { cache.put(request, copy); });
      }
      return answer;
    }).catch(function () {
      return caches.open(PAGES).then(function (pages) {
        return pages.match(request, { ignoreVary: true });
      }).then(function (kept) {
        return kept || caches.match("{{ offline_url }}");
      });
    }));
  }
});
