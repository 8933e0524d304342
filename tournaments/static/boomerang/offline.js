// Offline first (docs/offline.md): registers the service worker, and keeps on the phone (IndexedDB) what is
// sent while there is no network: the pad's sheets and the forms marked data-offline (a check-in, an
// end-of-game form). Each waits with its Idempotency-Key and is sent when the network returns, once, in the
// order entered; a banner says how many wait, then that they were sent, or, when the server refused one
// (the organiser changed the table meanwhile), why, with the choice to send it again or drop it.
(function () {
  var script = document.currentScript;
  var text = {
    waiting: script.getAttribute("data-text-waiting"),
    sent: script.getAttribute("data-text-sent"),
    refused: script.getAttribute("data-text-refused"),
    again: script.getAttribute("data-text-again"),
    drop: script.getAttribute("data-text-drop")
  };
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(script.getAttribute("data-worker"), { scope: "/" }).catch(function () {});
    forgetAnotherAccountsPages(script.getAttribute("data-account"));
  }
  function forgetAnotherAccountsPages(account) {  // signed out, or signed in as someone else: their pages go
    var before;
    try { before = localStorage.getItem("boomerang-account"); localStorage.setItem("boomerang-account", account); }
    catch (error) { before = null; }
    if ((account === "" || before !== account) && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage("forget");
    }
  }
  if (!window.indexedDB) return;

  function store(mode, work) {
    return new Promise(function (done, fail) {
      var opening = indexedDB.open("boomerang-offline", 1);
      opening.onupgradeneeded = function () { opening.result.createObjectStore("queue", { autoIncrement: true }); };
      opening.onerror = function () { fail(opening.error); };
      opening.onsuccess = function () {
        var db = opening.result, tx = db.transaction("queue", mode), result;
        result = work(tx.objectStore("queue"));
        tx.oncomplete = function () { db.close(); done(result && result.result !== undefined ? result.result : result); };
        tx.onerror = function () { db.close(); fail(tx.error); };
      };
    });
  }
  function all() {
    return new Promise(function (done) {
      var items = [];
      store("readonly", function (queue) {
        queue.openCursor().onsuccess = function (event) {
          var cursor = event.target.result;
          if (cursor) { items.push({ id: cursor.key, entry: cursor.value }); cursor.continue(); }
        };
      }).then(function () { done(items); }, function () { done(items); });
    });
  }
  function remove(id) { return store("readwrite", function (queue) { return queue.delete(id); }); }
  function key() {
    return (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
      : Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  function banner(message, choices) {
    var note = document.getElementById("offline-banner");
    if (!note) {
      note = document.createElement("div");
      note.id = "offline-banner";
      note.className = "offline-banner";
      note.setAttribute("role", "status");
      document.body.insertBefore(note, document.body.firstChild);
    }
    note.hidden = !message;
    note.textContent = message || "";
    (choices || []).forEach(function (choice) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary";
      button.textContent = choice[0];
      button.addEventListener("click", choice[1]);
      note.appendChild(button);
    });
  }
  function showWaiting() {
    return all().then(function (items) {
      if (items.length) banner(text.waiting.replace("%(count)s", items.length));
      return items.length;
    });
  }

  var flushing = false;
  function flush() {  // oldest first; stops at the first that cannot reach the server
    if (flushing) return Promise.resolve();
    flushing = true;
    return all().then(function (items) {
      var sent = 0;
      function next() {
        if (!items.length) { if (sent) banner(text.sent); return; }
        var item = items.shift();
        return fetch(item.entry.url, {
          method: "POST", credentials: "same-origin", headers: item.entry.headers, body: item.entry.body
        }).then(function (answer) {
          var retryAfter = Number(answer.headers.get("Retry-After"));
          // 503 `overloaded` or 429: nothing was saved; 409: its first sending is still under way. Send it
          // again after Retry-After, with the same Idempotency-Key, so it lands once.
          if ((answer.status === 503 || answer.status === 429 || answer.status === 409) && retryAfter) {
            items.unshift(item);
            return new Promise(function (done) { setTimeout(done, retryAfter * 1000); }).then(next);
          }
          if (answer.status >= 500) throw new Error("server");
          if (answer.status >= 400) return refused(item, answer);
          sent += 1;
          return remove(item.id).then(function () {
            document.dispatchEvent(new CustomEvent("boomerang:sent", { detail: item.entry }));
            return next();
          });
        });
      }
      return next();
    }).catch(function () { return showWaiting(); }).then(function () { flushing = false; });
  }
  function refused(item, answer) {
    return answer.json().catch(function () { return {}; }).then(function (data) {
      banner(text.refused.replace("%(reason)s", data.detail || answer.status), [
        [text.again, function () { item.entry.headers["Idempotency-Key"] = key(); store("readwrite", function (queue) {
          return queue.put(item.entry, item.id); }).then(flush); }],
        [text.drop, function () { remove(item.id).then(function () { banner(""); flush(); }); }]
      ]);
      throw new Error("refused");  // the rest waits behind it, in order
    });
  }

  window.BoomerangQueue = {
    add: function (entry) {  // {url, headers, body, label}: keeps it, then tries at once
      entry.headers = entry.headers || {};
      entry.headers["Idempotency-Key"] = entry.headers["Idempotency-Key"] || key();
      return store("readwrite", function (queue) { return queue.add(entry); }).then(showWaiting).then(function () {
        if (navigator.onLine) flush();
      });
    },
    flush: flush
  };

  // A form marked data-offline, sent with no network, waits in the queue instead of failing.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine || !form.hasAttribute || !form.hasAttribute("data-offline") || event.defaultPrevented) return;
    event.preventDefault();
    var fields;  // with the button pressed (Check or Submit), as the browser would send it
    try { fields = new FormData(form, event.submitter); } catch (error) { fields = new FormData(form); }
    var body = new URLSearchParams(fields);
    var headers = { "Content-Type": "application/x-www-form-urlencoded" };
    headers["Idempotency-Key"] = body.get("_idempotency_key") || key();
    var url = new URL(form.getAttribute("action") || "", location.href).href;  // form.action may be a field
    window.BoomerangQueue.add({ url: url, headers: headers, body: body.toString(),
      label: form.getAttribute("data-offline") });
  });
  window.addEventListener("online", flush);
  if (navigator.onLine) flush(); else showWaiting();
})();
