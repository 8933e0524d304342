// The score pad's page: one phone keeps a drafting table's score, round by round. The state and what a tap
// does live in pad-state.js (tested with node --test); this draws it, once, then updates it in place, so
// nothing moves under the thumb and focus stays where it was. The rules engine scores every tap through
// POST /api/games/<game>/score/; a finished round is saved as the table's draft (PUT /api/tables/<id>/pad/
// with the version last seen, so a second phone is detected) and kept in this phone's storage, so a
// reload or a dropped connection loses nothing. "Submit" stores one sheet per seat. A casual table (config.casual:
// a game played anywhere, no event) has no draft on the server: its rounds stay on this phone until "Submit"
// records the whole table (POST /api/casual-tables/), and the page then goes to the player's casual games.
(function () {
  "use strict";
  var Pad = window.PadState;
  var config = JSON.parse(document.getElementById("pad-config").textContent);
  var text = config.text;
  var storeKey = "boomerang-pad-" + config.table;
  var players = config.seats.filter(function (s) { return !s.forfeited; }).map(function (s) { return s.handle; });
  var me = config.seats.filter(function (s) { return s.mine && !s.forfeited; })[0];
  var onlyMine = Boolean(config.only_mine && me);  // "Enter my own sheet": the pad stays on my seat
  var writable = (config.writable || players).filter(function (p) { return players.indexOf(p) >= 0; });
  var cardsById = {};
  config.cards.forEach(function (c) { cardsById[c.id] = c; });
  var el = function (id) { return document.getElementById(id); };
  var state = load() || blank();
  var totals = {};
  var flagged = {};  // player -> {round number (0: the whole sheet): [sentences]}, from the live verdict
  var flaggedRounds = {};  // round number -> [sentences] of the problems of the whole table (no player named)
  var toTheFlaggedRow = false;  // fixing refused sheets: the first verdict moves the cursor to the row it flags
  var finalResult = Boolean(config.final);
  var timer = null;

  function blank() {
    var state = Pad.create(config, players);
    if (me) state.cursor.seat = me.handle;
    return state;
  }
  function load() {
    try {
      var saved = JSON.parse(localStorage.getItem(storeKey));
      return Pad.fits(config, players, saved) ? saved : null;
    } catch (e) { return null; }
  }
  function keep() { try { localStorage.setItem(storeKey, JSON.stringify(state)); } catch (e) { /* full */ } }
  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return values[key] == null ? "" : values[key]; });
  }
  function csrf() {
    var match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }
  function api(method, url, body, key) {
    var headers = { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf() };
    if (key) headers["Idempotency-Key"] = key;
    return fetch(url, {
      method: method, credentials: "same-origin", headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (data) { return { status: r.status, data: data }; }); });
  }
  function say(message, bad) {
    el("pad-status").textContent = message || "";
    el("pad-status").className = "pad-status" + (bad ? " bad" : "");
  }
  function cardName(id) { return cardsById[id] ? id + " (" + cardsById[id].name + ")" : id; }

  // Built once: tabs, the row's seven slots, the activities and the cards. refresh() only changes them.
  function build() {
    var rounds = el("round-tabs");
    for (var r = 0; r < config.rounds; r++) {
      rounds.appendChild(button(fmt(text.round, { n: r + 1 }), "tab", (function (x) {
        return function () { state.cursor.round = x; refresh(); score(); };
      })(r)));
    }
    players.forEach(function (p) {
      var tab = button("", "tab", function () { state.cursor.seat = p; refresh(); });
      tab.innerHTML = "<span class=\"who\"></span><span class=\"pts\"></span>";
      tab.querySelector(".who").textContent = p;
      tab.setAttribute("data-seat", p);
      el("seat-tabs").appendChild(tab);
    });
    for (var i = 0; i < config.row; i++) {
      var slot = document.createElement("li");
      slot.innerHTML = "<b></b><small></small>";
      slot.addEventListener("click", (function (at) {
        return function () {  // a tap on a card in the row takes it back, a card not in the edition too
          var id = state.seats[state.cursor.seat][state.cursor.round].cards[at];
          if (id) tapCard(id);
        };
      })(i));
      el("row").appendChild(slot);
    }
    [null].concat(config.choices).forEach(function (name) {
      var choice = button(name || text.none, "choice", function () { pick(name); });
      choice.setAttribute("data-choice", name || "");
      el("choices").appendChild(choice);
    });
    config.cards.forEach(function (card) {
      var b = button("", "card", function () { tapCard(card.id); });
      b.setAttribute("data-card", card.id);
      // Its name begins with what it shows (letter, number, name), so a voice user says what they see.
      b.setAttribute("aria-label", card.id + " " + card.number + " " + card.name + ", " + card.region);
      b.innerHTML = "<b></b> <span></span> <small></small>";  // spaced: its visible text reads as its name
      b.querySelector("b").textContent = card.id;
      b.querySelector("span").textContent = card.number;
      b.querySelector("small").textContent = card.name;
      el("cards").appendChild(b);
    });
    // The cards' columns as the page lays them out (site.css, .cards-grid): Down moves to the card below.
    roving(el("cards"), function () { return getComputedStyle(el("cards")).gridTemplateColumns.split(" ").length; });
    roving(el("choices"), function () { return 1; });
    typeahead();
    el("skip-to-cards").addEventListener("click", function (event) {
      event.preventDefault();
      el("cards").querySelector("button[tabindex='0']").focus();
    });
  }
  // The keyboard: the cards and the choices are one Tab stop each; the arrow keys move within them (the cards
  // as the grid they are laid out in), Home and End to their ends. A skip link reaches the cards at once.
  function roving(group, columnsOf) {
    var items = function () { return Array.prototype.slice.call(group.querySelectorAll("button")); };
    items().forEach(function (b, i) { b.tabIndex = i === 0 ? 0 : -1; });
    group.addEventListener("focusin", function (event) {
      if (event.target.tagName !== "BUTTON") return;
      items().forEach(function (b) { b.tabIndex = b === event.target ? 0 : -1; });
    });
    group.addEventListener("keydown", function (event) {
      var all = items(), at = all.indexOf(document.activeElement);
      var columns = columnsOf();
      var step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns }[event.key];
      var to = event.key === "Home" ? 0 : (event.key === "End" ? all.length - 1 : (step === undefined ? null : at + step));
      if (at < 0 || to === null) return;
      event.preventDefault();
      all[Math.max(0, Math.min(all.length - 1, to))].focus();
    });
  }
  // Typing on the keyboard: among the cards, a card's letter takes it at once (one key a card, as one tap);
  // among the activities, a letter moves to the next one it begins, Enter scores it.
  function typeahead() {
    var typed = function (event) {
      return event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey ? event.key.toUpperCase() : null;
    };
    el("cards").addEventListener("keydown", function (event) {
      var key = typed(event);
      var card = key && el("cards").querySelector('button[data-card="' + CSS.escape(key) + '"]');
      if (!card) return;
      event.preventDefault();
      card.focus();
      tapCard(key);
    });
    el("choices").addEventListener("keydown", function (event) {
      var key = typed(event);
      if (!key) return;
      var all = Array.prototype.slice.call(el("choices").querySelectorAll("button"));
      var at = all.indexOf(document.activeElement);
      for (var step = 1; step <= all.length; step++) {
        var next = all[(at + step) % all.length];
        if (next.textContent.trim().toUpperCase().indexOf(key) === 0) { event.preventDefault(); next.focus(); return; }
      }
    });
  }
  function button(label, kind, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = kind;
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  function tapCard(id) {
    var answer = Pad.tap(config, players, state, id);
    if (answer.outcome === "taken") {
      say(fmt(text.taken, { card: cardName(id), player: answer.by }), true);
      return;
    }
    if (answer.outcome === "full") { say(fmt(text.full, { n: config.row }), true); return; }
    say("");
    changed();
    if (answer.filled) el("choices").querySelector("button").focus();
  }
  function pick(name) {
    var before = state.cursor.seat;
    var answer = Pad.choose(config, players, state, name, onlyMine ? me.handle : null);
    changed();
    if (answer.roundComplete) save();
    if (answer.moved && state.cursor.seat !== before) el("cards").querySelector("button").focus();
  }
  function changed() {
    keep();
    refresh();
    clearTimeout(timer);
    timer = setTimeout(score, 150);
  }

  function refresh() {
    var at = state.cursor, current = state.seats[at.seat][at.round];
    Array.prototype.forEach.call(el("round-tabs").children, function (tab, r) {
      tab.setAttribute("aria-pressed", r === at.round ? "true" : "false");
      tab.classList.toggle("done", Pad.roundDone(config, players, state, r));
      markProblems(tab, (((flagged[at.seat] || {})[r + 1]) || []).concat(flaggedRounds[r + 1] || []));
    });
    Array.prototype.forEach.call(el("seat-tabs").children, function (tab) {
      var p = tab.getAttribute("data-seat");
      tab.setAttribute("aria-pressed", p === at.seat ? "true" : "false");
      tab.classList.toggle("done", Pad.rowDone(config, state.seats[p][at.round]));
      var mine = flagged[p] || {};
      markProblems(tab, Object.keys(mine).reduce(function (all, r) { return all.concat(mine[r]); }, []));
      tab.querySelector(".pts").textContent = totals[p] == null ? "" : totals[p];
    });
    var taken = Pad.takenBy(players, state, at.round, at.seat);
    Array.prototype.forEach.call(el("row").children, function (slot, i) {
      var id = current.cards[i];
      slot.querySelector("b").textContent = id || "";
      var known = Boolean(id && cardsById[id]);
      var label = i === 0 ? text.throw : (i === config.row - 1 ? text.catch : (known ? cardsById[id].number : ""));
      slot.querySelector("small").textContent = !id ? "" : (known ? label : text.unknown_card);
      var doubled = Boolean(id && known && (taken[id] || current.cards.indexOf(id) !== i));
      slot.className = !id ? "" : (known ? (doubled ? "filled doubled" : "filled") : "filled unknown");
      slot.title = id && !known ? fmt(text.unknown_card_help, { card: id })
        : (doubled ? fmt(text.taken, { card: cardName(id), player: taken[id] || at.seat }) : "");
    });
    el("row-title").textContent = fmt(text.row_of, { player: at.seat, n: at.round + 1 });
    Array.prototype.forEach.call(el("choices").children, function (b) {
      var name = b.getAttribute("data-choice") || null;
      b.setAttribute("aria-pressed", current.chosen && (current.scored || null) === name ? "true" : "false");
    });
    Array.prototype.forEach.call(el("cards").children, function (b) {
      var id = b.getAttribute("data-card");
      b.setAttribute("aria-pressed", current.cards.indexOf(id) >= 0 ? "true" : "false");
      b.classList.toggle("taken", Boolean(taken[id]));
      b.title = taken[id] ? fmt(text.taken, { card: cardName(id), player: taken[id] }) : "";
    });
    var complete = Pad.complete(config, players, state);
    el("submit").hidden = finalResult || !complete || !writable.length;
    if (writable.length < players.length) el("submit").textContent = fmt(text.submit_writable, { players: writable.join(", ") });
    el("submit-mine").hidden = finalResult || !(me && !complete && Pad.seatDone(config, state, me.handle));
    el("clear-row").hidden = finalResult || !(current.cards.length || current.chosen);
  }

  function markProblems(tab, sentences) {
    tab.classList.toggle("problem", sentences.length > 0);
    tab.title = sentences.join("\n");
    if (sentences.length) tab.setAttribute("aria-description", sentences.join(" "));
    else tab.removeAttribute("aria-description");
  }

  function score() {
    api("POST", config.urls.preview, { seats: Pad.sheetSeats(config, players, state) }).then(function (answer) {
      if (answer.status !== 200) { say(answer.data.detail, true); return; }
      players.forEach(function (p) {
        var running = answer.data.running_totals[p] || [];
        totals[p] = running.length ? running[running.length - 1] : 0;
      });
      refresh();
      drawPoints(answer.data);
    }).catch(function () { say(text.offline, true); });
  }
  function drawPoints(verdict) {
    var table = el("points");
    table.innerHTML = "";
    var head = table.insertRow();
    [text.player].concat(config.categories.map(function (c) { return config.category_labels[c] || c; }), [text.total]).forEach(function (name) {
      var th = document.createElement("th"); th.textContent = name; head.appendChild(th);
    });
    Pad.categoryTotals(verdict, config.categories).forEach(function (seat) {
      var line = table.insertRow();
      line.insertCell().textContent = seat.player;
      config.categories.forEach(function (c) { var cell = line.insertCell(); cell.className = "num"; cell.textContent = seat.sums[c]; });
      var cell = line.insertCell(); cell.className = "num"; cell.textContent = seat.total;
      cell.setAttribute("data-total", seat.player);
    });
    var list = el("problems");
    list.innerHTML = "";
    flagged = {};
    flaggedRounds = {};
    verdict.problems.forEach(function (problem) {
      var li = document.createElement("li");
      var template = config.problems[problem.code];
      var sentence = (problem.round && problem.code !== "score_mismatch" ? fmt(config.problems._round, problem) : "") +
        (template ? fmt(template, problem) : problem.message);
      li.textContent = problem.player ? sentence : sentence + " " + text.whole_table;
      li.setAttribute("data-code", problem.code);
      list.appendChild(li);
      if (problem.player) {  // marked on the player's tab, and on the round it names
        var rounds = flagged[problem.player] = flagged[problem.player] || {};
        (rounds[problem.round || 0] = rounds[problem.round || 0] || []).push(sentence);
      } else if (problem.round) {  // the whole table's: marked on the round it names, whoever's row is shown
        (flaggedRounds[problem.round] = flaggedRounds[problem.round] || []).push(sentence);
      }
    });
    if (toTheFlaggedRow) {  // opened to fix the sheets: straight to the first row a problem names
      toTheFlaggedRow = false;
      var named = verdict.problems.filter(function (p) { return p.round && (!p.player || players.indexOf(p.player) >= 0); })[0];
      if (named) goTo(named);
    }
    refresh();
    el("pad-check").textContent = verdict.problems.length ? "" : (verdict.complete ? text.complete : text.no_problem);
  }

  // To the row a problem names; a problem of the whole table names a round only: the same seat, that round.
  function goTo(named) {
    var seat = named.player || (onlyMine ? me.handle : state.cursor.seat);
    state.cursor = { round: Math.min(named.round, config.rounds) - 1, seat: seat };
  }

  // One save at a time: a round completed while the last round's save is on its way is saved once that one
  // has answered, with the version it gave (sent at once with the version both started from, it would be
  // refused as another phone's change: the keeper of a fast table, or any table on a slow night, saw "changed
  // on another phone" about their own rounds).
  var saving = null, saveAgain = false;
  function save() {
    if (!config.urls.pad) {  // a casual table: kept on this phone alone until it is recorded
      state.dirty = false; keep(); say(text.kept_here);
      return Promise.resolve();
    }
    if (saving) { saveAgain = true; return saving; }
    var body = { data: { seats: Pad.sheetSeats(config, players, state) }, version: state.version };
    saving = api("PUT", config.urls.pad, body).then(function (answer) {
      var again = saveAgain && answer.status === 200;
      saving = null; saveAgain = false;
      if (answer.status === 200) {
        state.version = answer.data.version; state.dirty = again; keep();
        say(fmt(text.saved, { v: state.version }));
        if (again) return save();
      } else if (answer.status === 409) {
        conflict();
      } else { say(answer.data.detail, true); }
    }).catch(function () { saving = null; saveAgain = false; say(text.offline, true); });
    return saving;
  }
  function conflict() {
    say(text.conflict, true);
    var status = el("pad-status");
    [[text.load_theirs, theirs], [text.keep_mine, mine]].forEach(function (pair) {
      var b = button(pair[0], "secondary", pair[1]);
      status.appendChild(document.createTextNode(" ")); status.appendChild(b);
    });
  }
  function fromRounds(seats, version) {
    var byPlayer = {};
    (seats || []).forEach(function (s) { byPlayer[s.player] = s.rounds; });
    return Pad.withRounds(config, players, byPlayer, version);
  }
  function theirs() {
    api("GET", config.urls.pad).then(function (answer) {
      state = fromRounds((answer.data.data || {}).seats, answer.data.version); keep(); refresh(); score(); say("");
    });
  }
  function mine() {
    api("GET", config.urls.pad).then(function (answer) { state.version = answer.data.version; save(); });
  }
  // A submission keeps its Idempotency-Key until the server has answered it, so sending the same sheets
  // again after a dropped connection is answered with the first answer instead of storing them twice.
  function submissionKey(body) {
    var sent = JSON.stringify(body), kept = null;
    try { kept = JSON.parse(localStorage.getItem(storeKey + "-sending")); } catch (e) { kept = null; }
    if (kept && kept.body === sent) return kept.key;
    var key = (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
      : Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
    try { localStorage.setItem(storeKey + "-sending", JSON.stringify({ body: sent, key: key })); } catch (e) { /* full */ }
    return key;
  }
  function submit(only) {
    var seats = Pad.sheetSeats(config, players, state, only).map(function (s) {
      return { player: s.player, rounds: s.rounds.slice(0, config.rounds) };
    });
    var body = config.casual ? { sheet: { game: config.game, seats: seats } } : { seats: seats };
    var key = submissionKey(body);
    if (!navigator.onLine && window.BoomerangQueue) { queue(body, key); return; }
    api("POST", config.urls.sheets, body, key).then(function (answer) {
      if (answer.status < 500) localStorage.removeItem(storeKey + "-sending");
      if (answer.status >= 400) { say(answer.data.detail, true); return; }
      if (config.casual) { recorded(); return; }
      if (only && answer.data[0].table_status === "waiting") { say(text.mine_sent); return; }
      say(text.submitted);
      poll();
    }).catch(function () { if (window.BoomerangQueue) queue(body, key); else say(text.offline, true); });
  }
  // No network: the sheets wait on the phone (offline.js, IndexedDB) with their Idempotency-Key, and are
  // sent when the network returns; the server stores them once however often they are sent.
  function queue(body, key) {
    window.BoomerangQueue.add({
      url: config.urls.sheets, body: JSON.stringify(body), label: "sheets",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf(),
        "Idempotency-Key": key }
    });
    localStorage.removeItem(storeKey + "-sending");
    say(text.offline, true);
  }
  function recorded() {  // a casual table is recorded: its players confirm it from their casual games
    localStorage.removeItem(storeKey);
    window.location.assign(config.casual.done);
  }
  function poll() {
    api("GET", config.urls.table).then(function (answer) {
      var status = answer.data.result.status;
      if (["waiting", "pending", "verifying"].indexOf(status) >= 0) { setTimeout(poll, 1500); return; }
      say(fmt(text.result, { status: config.statuses[status] || status }), status === "rejected");
      el("pad").setAttribute("data-result", status);
      if (status === "verified" || status === "overridden") {  // final: nothing left to submit here
        el("submit").hidden = true; el("submit-mine").hidden = true; finalResult = true;
      }
      if (answer.data.result.verdict) drawPoints(Object.assign({ complete: true }, answer.data.result.verdict));
    });
  }

  build();
  // Each player's own word stands: a player stores the seats they may write (their own, and those they
  // keep for others), an organiser every seat.
  el("submit").addEventListener("click", function () { submit(writable.length < players.length ? writable : null); });
  el("submit-mine").addEventListener("click", function () { submit([me.handle]); });
  el("clear-row").addEventListener("click", function () {
    Pad.clearRow(state);
    changed();
    el("cards").querySelector("button[tabindex='0']").focus();
  });
  window.addEventListener("online", function () { if (state.dirty) save(); });
  document.addEventListener("boomerang:sent", function (event) {  // the queued sheets arrived: follow them
    if (event.detail.url !== config.urls.sheets) return;
    if (config.casual) { recorded(); return; }
    say(text.submitted); poll();
  });
  (config.urls.pad ? api("GET", config.urls.pad) : Promise.resolve({ status: 204 })).then(function (answer) {
    if (answer.status === 204) {  // a casual table: this phone's alone; a refused one opens as it was sent
      if (config.submitted.length && !state.dirty && state.version === 0 && !load()) {
        state = fromRounds(config.submitted, 0); state.dirty = true; toTheFlaggedRow = true; say(text.preloaded);
      }
      var flaggedRow = config.flagged;
      if (flaggedRow && (!flaggedRow.player || players.indexOf(flaggedRow.player) >= 0)) goTo(flaggedRow);
      keep(); refresh(); score(); return;
    }
    if (answer.status !== 200) return;
    var blankHere = !state.dirty && state.version === 0;
    if (answer.data.version > state.version) {
      var drafted = fromRounds((answer.data.data || {}).seats, answer.data.version);
      if (onlyMine) state = Pad.keepOwnRows(drafted, state, me.handle);  // they write only their own seat
      else if (state.dirty) conflict(); else state = drafted;
    } else if (blankHere && answer.data.version === 0 && config.submitted.length) {
      state = fromRounds(config.submitted, 0);  // fixing a sheet: start from what was submitted
      state.dirty = true;
      toTheFlaggedRow = true;
      say(text.preloaded);
    }
    // The seats this phone has nothing of, as their players sent them: a player entering their own sheet
    // sees the whole table once it is sent, and a problem of the whole table with it.
    var sent = {};
    config.submitted.forEach(function (s) { sent[s.player] = s.rounds; });
    Pad.fillEmpty(config, players, state, sent);
    // Opened to fix a refused table: at the first row its refusal names, whatever draft the pad holds (a
    // keeper's, version above 0, or the sheets as submitted).
    var named = config.flagged;
    if (named && (!named.player || players.indexOf(named.player) >= 0)) goTo(named);
    keep(); refresh(); score();
  }).catch(function () { say(text.offline, true); }).then(function () { el("pad").setAttribute("data-ready", "yes"); });
  refresh();
})();
