// The score pad: one phone keeps a drafting table's score, round by round. The rules engine scores every
// tap through POST /api/games/<game>/score/; a finished round is saved as the table's draft on the server
// (PUT /api/tables/<id>/pad/ with the version last seen, so a second phone is detected) and kept in this
// phone's storage, so a reload or a dropped connection loses nothing. "Submit" stores one sheet per seat.
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("pad-config").textContent);
  var text = config.text;
  var storeKey = "boomerang-pad-" + config.table;
  var players = config.seats.filter(function (s) { return !s.forfeited; }).map(function (s) { return s.handle; });
  var cardsById = {};
  config.cards.forEach(function (c) { cardsById[c.id] = c; });
  var state = load() || blank();
  var view = { round: 0, seat: firstSeat() };
  var el = function (id) { return document.getElementById(id); };
  var timer = null;

  function blank() {
    var seats = {};
    players.forEach(function (p) { seats[p] = [{ cards: [], scored: null }]; });
    return { version: 0, dirty: false, seats: seats };
  }
  function firstSeat() {
    var mine = config.seats.filter(function (s) { return s.mine && !s.forfeited; })[0];
    return mine ? mine.handle : players[0];
  }
  function load() {
    try { return JSON.parse(localStorage.getItem(storeKey)); } catch (e) { return null; }
  }
  function keep() { try { localStorage.setItem(storeKey, JSON.stringify(state)); } catch (e) { /* full */ } }
  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, key) { return values[key] == null ? "" : values[key]; });
  }
  function csrf() {
    var match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }
  function api(method, url, body) {
    return fetch(url, {
      method: method, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRFToken": csrf() },
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (r) { return r.json().then(function (data) { return { status: r.status, data: data }; }); });
  }
  function say(message, bad) {
    el("pad-status").textContent = message || "";
    el("pad-status").className = "pad-status" + (bad ? " bad" : "");
  }
  function row() {
    var rounds = state.seats[view.seat];
    while (rounds.length <= view.round) rounds.push({ cards: [], scored: null });
    return rounds[view.round];
  }
  function roundDone(r) {
    return players.every(function (p) { var x = state.seats[p][r]; return x && x.cards.length === config.row; });
  }
  function sheetSeats() {
    var upTo = view.round + 1;
    players.forEach(function (p) { while (state.seats[p].length < upTo) state.seats[p].push({ cards: [], scored: null }); });
    var last = Math.max.apply(null, players.map(function (p) { return state.seats[p].length; }));
    return players.map(function (p) {
      return { player: p, rounds: state.seats[p].slice(0, last).map(function (x) { return { cards: x.cards, scored: x.scored }; }) };
    });
  }

  function tap(id) {
    var current = row();
    var at = current.cards.indexOf(id);
    if (at >= 0) current.cards.splice(at, 1);
    else if (current.cards.length < config.row) current.cards.push(id);
    changed();
  }
  function changed() {
    state.dirty = true;
    keep();
    draw();
    clearTimeout(timer);
    timer = setTimeout(score, 200);
  }

  function draw() {
    var roundTabs = el("round-tabs"), seatTabs = el("seat-tabs");
    roundTabs.innerHTML = ""; seatTabs.innerHTML = "";
    for (var r = 0; r < config.rounds; r++) {
      roundTabs.appendChild(tab(fmt(text.round, { n: r + 1 }), r === view.round, roundDone(r), (function (x) {
        return function () { view.round = x; draw(); score(); };
      })(r)));
    }
    players.forEach(function (p) {
      var x = state.seats[p][view.round];
      seatTabs.appendChild(tab(p, p === view.seat, x && x.cards.length === config.row, function () { view.seat = p; draw(); }));
    });
    var current = row();
    el("row-title").textContent = view.seat + " · " + fmt(text.round, { n: view.round + 1 });
    el("row").innerHTML = "";
    current.cards.forEach(function (id, i) {
      var li = document.createElement("li");
      li.textContent = id + " ";
      var small = document.createElement("small");
      small.textContent = i === 0 ? text.throw : (i === config.row - 1 ? text.catch : cardsById[id].name);
      li.appendChild(small);
      el("row").appendChild(li);
    });
    var choice = el("choice");
    choice.innerHTML = "";
    [null].concat(config.choices).forEach(function (name) {
      var option = document.createElement("option");
      option.value = name || ""; option.textContent = name || text.none;
      option.selected = (current.scored || null) === name;
      choice.appendChild(option);
    });
    var taken = {};
    players.forEach(function (p) { if (p !== view.seat) (state.seats[p][view.round] || { cards: [] }).cards.forEach(function (id) { taken[id] = p; }); });
    var grid = el("cards");
    grid.innerHTML = "";
    config.cards.forEach(function (card) {
      var button = document.createElement("button");
      button.type = "button";
      button.setAttribute("data-card", card.id);
      button.setAttribute("aria-pressed", current.cards.indexOf(card.id) >= 0 ? "true" : "false");
      if (taken[card.id]) { button.className = "taken"; button.title = taken[card.id]; }
      button.innerHTML = "<b></b> <span></span><small></small><small></small>";
      button.querySelector("b").textContent = card.id;
      button.querySelector("span").textContent = card.number;
      button.querySelectorAll("small")[0].textContent = card.name;
      button.querySelectorAll("small")[1].textContent = card.region;
      button.addEventListener("click", function () { tap(card.id); });
      grid.appendChild(button);
    });
    var complete = players.length && [0, 1, 2, 3].every(roundDone);
    el("submit").disabled = !complete;
    var me = config.seats.filter(function (s) { return s.mine && !s.forfeited; })[0];
    var mineDone = me && [0, 1, 2, 3].every(function (r) { var x = state.seats[me.handle][r]; return x && x.cards.length === config.row; });
    el("submit-mine").hidden = !(mineDone && !complete);
  }
  function tab(label, pressed, done, onClick) {
    var button = document.createElement("button");
    button.type = "button";
    button.setAttribute("aria-pressed", pressed ? "true" : "false");
    var span = document.createElement("span");
    if (done) span.className = "done";
    span.textContent = label;
    button.appendChild(span);
    button.addEventListener("click", onClick);
    return button;
  }

  function score() {
    api("POST", config.urls.preview, { seats: sheetSeats() }).then(function (answer) {
      if (answer.status !== 200) { say(answer.data.detail, true); return; }
      drawPoints(answer.data);
    }).catch(function () { say(text.offline, true); });
  }
  function drawPoints(verdict) {
    var table = el("points");
    table.innerHTML = "";
    var head = table.insertRow();
    [""].concat(config.categories.map(function (c) { return config.category_labels[c] || c; }), [text.total]).forEach(function (name) {
      var th = document.createElement("th"); th.textContent = name; head.appendChild(th);
    });
    verdict.seats.forEach(function (seat) {
      var line = table.insertRow();
      line.insertCell().textContent = seat.player;
      config.categories.forEach(function (category) {
        var sum = 0;
        (seat.rounds || []).slice(0, view.round + 1).forEach(function (r) { sum += r[category] || 0; });
        var cell = line.insertCell(); cell.className = "num"; cell.textContent = sum;
      });
      var totals = verdict.running_totals[seat.player] || [];
      var cell = line.insertCell(); cell.className = "num"; cell.textContent = totals.length ? totals[totals.length - 1] : 0;
      cell.setAttribute("data-total", seat.player);
      if (seat.player === view.seat) el("seat-total").textContent = fmt(text.points, { n: cell.textContent });
    });
    var list = el("problems");
    list.innerHTML = "";
    verdict.problems.forEach(function (problem) {
      var li = document.createElement("li");
      var template = config.problems[problem.code];
      var sentence = template ? fmt(template, problem) : problem.message;
      li.textContent = (problem.round && problem.code !== "score_mismatch" ? fmt(config.problems._round, problem) : "") + sentence;
      li.setAttribute("data-code", problem.code);
      list.appendChild(li);
    });
    el("pad-check").textContent = verdict.problems.length ? "" : (verdict.complete ? text.complete : text.no_problem);
  }

  function save() {
    return api("PUT", config.urls.pad, { data: { seats: sheetSeats() }, version: state.version }).then(function (answer) {
      if (answer.status === 200) {
        state.version = answer.data.version; state.dirty = false; keep();
        say(fmt(text.saved, { v: state.version }));
      } else if (answer.status === 409) {
        conflict();
      } else { say(answer.data.detail, true); }
    }).catch(function () { say(text.offline, true); });
  }
  function conflict() {
    say(text.conflict, true);
    var status = el("pad-status");
    [[text.load_theirs, theirs], [text.keep_mine, mine]].forEach(function (pair) {
      var button = document.createElement("button"); button.type = "button"; button.className = "secondary";
      button.textContent = pair[0]; button.addEventListener("click", pair[1]); status.appendChild(document.createTextNode(" ")); status.appendChild(button);
    });
  }
  function fromServer(draft) {
    var seats = {};
    players.forEach(function (p) { seats[p] = [{ cards: [], scored: null }]; });
    ((draft.data || {}).seats || []).forEach(function (s) { if (seats[s.player]) seats[s.player] = s.rounds; });
    return { version: draft.version, dirty: false, seats: seats };
  }
  function theirs() {
    api("GET", config.urls.pad).then(function (answer) { state = fromServer(answer.data); keep(); draw(); score(); say(""); });
  }
  function mine() {
    api("GET", config.urls.pad).then(function (answer) { state.version = answer.data.version; save(); });
  }
  function submitMine() {
    var me = config.seats.filter(function (s) { return s.mine; })[0];
    submit([me.handle]);
  }
  function submit(only) {
    var seats = (Array.isArray(only) ? only : players).map(function (p) {
      return { player: p, rounds: state.seats[p].slice(0, config.rounds).map(function (x) { return { cards: x.cards, scored: x.scored }; }) };
    });
    api("POST", config.urls.sheets, { seats: seats }).then(function (answer) {
      if (answer.status >= 400) { say(answer.data.detail, true); return; }
      if (Array.isArray(only) && answer.data[0].table_status === "waiting") { say(text.mine_sent); return; }
      say(text.submitted);
      poll();
    }).catch(function () { say(text.offline, true); });
  }
  function poll() {
    api("GET", config.urls.table).then(function (answer) {
      var status = answer.data.result.status;
      if (["waiting", "pending", "verifying"].indexOf(status) >= 0) { setTimeout(poll, 1500); return; }
      say(fmt(text.result, { status: config.statuses[status] || status }), status === "rejected");
      el("pad").setAttribute("data-result", status);
      if (answer.data.result.verdict) drawPoints(Object.assign({ running_totals: {} }, answer.data.result.verdict, { running_totals: totalsOf(answer.data.result.verdict) }));
    });
  }
  function totalsOf(verdict) {
    var totals = {};
    verdict.seats.forEach(function (s) { totals[s.player] = [s.total]; });
    return totals;
  }

  el("choice").addEventListener("change", function (event) { row().scored = event.target.value || null; changed(); });
  el("save").addEventListener("click", save);
  el("submit").addEventListener("click", submit);
  el("submit-mine").addEventListener("click", submitMine);
  window.addEventListener("online", function () { if (state.dirty) save(); });
  api("GET", config.urls.pad).then(function (answer) {
    if (answer.status !== 200) return;
    if (answer.data.version > state.version) {
      if (state.dirty) conflict(); else state = fromServer(answer.data);
    }
    keep(); draw(); score();
  }).catch(function () { say(text.offline, true); }).then(function () { el("pad").setAttribute("data-ready", "yes"); });
  draw();
})();
