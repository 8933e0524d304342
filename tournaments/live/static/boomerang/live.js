// Live pages (docs/stream.md): the event's stream says something changed, and the page's main part is read
// again and put in place, with no reload (the TV, the pairings, the standings, the event page, my event).
// On "my event" the player's own stream also says, in words, where they sit and whether their table was
// verified, with a vibration and a beep they can turn off. Without JavaScript the pages are as before (the
// TV refreshes itself every 30 s).
(function () {
  var script = document.currentScript;
  if (!script || !window.EventSource || !window.fetch) return;
  var eventStream = script.getAttribute("data-stream");
  var myStream = script.getAttribute("data-me");
  var texts = {
    seated: script.getAttribute("data-text-seated"),
    verified: script.getAttribute("data-text-verified"),
    rejected: script.getAttribute("data-text-rejected")
  };
  var ALERTS = "boomerang-alerts";
  var pending = null;

  function readAgain() {  // a burst of messages (a round's tables) reads the page once
    if (pending) return;
    pending = setTimeout(function () {
      pending = null;
      fetch(location.href, { credentials: "same-origin", headers: { "X-Live": "1" } })
        .then(function (answer) {
          // A copy behind the news (the server rebuilds it every few seconds at most): read it again then,
          // so the last change of a round shows even when no later message comes.
          var behind = Number(answer.headers.get("Live-Behind"));
          if (behind > 0) setTimeout(readAgain, behind * 1000);
          return answer.ok ? answer.text() : null;
        })
        .then(function (html) {
          if (!html) return;
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("main");
          var main = document.getElementById("main");
          if (fresh && main) {
            var note = document.getElementById("live-news");
            main.innerHTML = fresh.innerHTML;
            if (note && !document.getElementById("live-news")) main.insertBefore(note, main.firstChild);
            alertsToggle();
            document.dispatchEvent(new CustomEvent("boomerang:live"));
          }
        })
        .catch(function () {});  // offline: the next message tries again
    }, 250);
  }

  function listen(url, kinds, handle) {
    var source = new EventSource(url, { withCredentials: true });
    kinds.forEach(function (kind) {
      source.addEventListener(kind, function (message) { handle(kind, JSON.parse(message.data)); });
    });
    return source;  // EventSource reconnects by itself, sending Last-Event-ID
  }

  function fill(text, data) {
    return text.replace(/%\((\w+)\)s/g, function (_all, name) { return data[name]; });
  }

  function news(text) {
    var note = document.getElementById("live-news");
    if (!note) {
      note = document.createElement("p");
      note.id = "live-news";
      note.className = "live-news";
      note.setAttribute("role", "status");
      var main = document.getElementById("main");
      main.insertBefore(note, main.firstChild);
    }
    note.textContent = text;
    if (localStorage.getItem(ALERTS) !== "off") {
      if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
      beep();
    }
  }

  function beep() {
    try {
      var Context = window.AudioContext || window.webkitAudioContext;
      var context = new Context();
      var tone = context.createOscillator();
      tone.frequency.value = 880;
      tone.connect(context.destination);
      tone.start();
      tone.stop(context.currentTime + 0.15);
    } catch (error) { /* no sound here */ }
  }

  function alertsToggle() {
    var box = document.getElementById("alerts-toggle");
    if (box) box.checked = localStorage.getItem(ALERTS) !== "off";
  }
  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "alerts-toggle") {
      localStorage.setItem(ALERTS, event.target.checked ? "on" : "off");
    }
  });
  alertsToggle();

  if (eventStream) {
    // The kinds each stream carries come from the outbox's catalogue (tournaments/announcements.py).
    listen(eventStream, script.getAttribute("data-kinds").split(" "), function (kind, data) {
      document.body.setAttribute("data-live-last", kind);
      if (kind === "round.started" && data.ends_at) {  // the clock is the stream's
        var clock = document.getElementById("clock");
        if (clock) clock.setAttribute("data-ends", data.ends_at);
      }
      readAgain();
    });
  }
  if (myStream) {
    var event = Number(script.getAttribute("data-event"));
    listen(myStream, script.getAttribute("data-my-kinds").split(" "), function (kind, data) {
      if (data.event !== event) return;
      if (kind === "you.seated") news(fill(texts.seated, data));
      else if (kind === "your.table.verified") news(fill(texts.verified, data));
      else news(fill(texts.rejected, data));
      readAgain();
    });
  }
})();
