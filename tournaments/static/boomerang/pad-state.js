// The score pad's state, without the page: which cards each player drafted in each round, the activity
// scored, where the pad's cursor stands, and what a tap does. pad.js draws it; tests/js/ tests it with
// Node's own test runner. A round's row is `{cards: [...], scored: name | null, chosen: bool}` (`chosen`:
// the activity was picked, "none" included).
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.PadState = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  function emptyRow() { return { cards: [], scored: null, chosen: false }; }

  function create(config, players) {
    var seats = {};
    players.forEach(function (p) {
      seats[p] = [];
      for (var r = 0; r < config.rounds; r++) seats[p].push(emptyRow());
    });
    return { version: 0, dirty: false, seats: seats, cursor: { round: 0, seat: players[0] } };
  }

  // Rows as the sheet format holds them (a draft or a submitted sheet): a full row counts as chosen.
  function withRounds(config, players, roundsByPlayer, version) {
    var state = create(config, players);
    state.version = version || 0;
    players.forEach(function (p) {
      var rounds = Array.isArray(roundsByPlayer[p]) ? roundsByPlayer[p] : [];
      rounds.slice(0, config.rounds).forEach(function (row, r) {
        // Whatever was stored (a draft another phone wrote, an old sheet): card ids as text, once each.
        var given = row && Array.isArray(row.cards) ? row.cards : [];
        var cards = given.filter(function (id) { return typeof id === "string" || typeof id === "number"; })
          .map(String).filter(function (id, i, all) { return all.indexOf(id) === i; });
        cards = cards.slice(0, config.row);
        var scored = row && typeof row.scored === "string" ? row.scored : null;
        state.seats[p][r] = { cards: cards, scored: scored, chosen: cards.length === config.row };
      });
    });
    state.cursor = firstOpen(config, players, state) || { round: config.rounds - 1, seat: players[0] };
    return state;
  }

  // Whether a state kept on this phone still fits the table (same players, same rounds, rows of cards):
  // one that does not is dropped rather than drawn.
  function fits(config, players, state) {
    if (!state || !state.cursor || !state.seats || players.indexOf(state.cursor.seat) < 0) return false;
    return players.every(function (p) {
      var rows = state.seats[p];
      return Array.isArray(rows) && rows.length === config.rounds && rows.every(function (row) {
        return row && Array.isArray(row.cards) && row.cards.every(function (id) { return typeof id === "string"; });
      });
    });
  }

  function rowDone(config, row) { return row.cards.length === config.row && row.chosen; }

  function roundDone(config, players, state, round) {
    return players.every(function (p) { return rowDone(config, state.seats[p][round]); });
  }

  function complete(config, players, state) {
    for (var r = 0; r < config.rounds; r++) if (!roundDone(config, players, state, r)) return false;
    return players.length > 0;
  }

  function seatDone(config, state, player) {
    return state.seats[player].every(function (row) { return rowDone(config, row); });
  }

  // Card id -> the player whose row holds it in this round, leaving out one player's own row.
  function takenBy(players, state, round, except) {
    var taken = {};
    players.forEach(function (p) {
      if (p !== except) state.seats[p][round].cards.forEach(function (id) { taken[id] = p; });
    });
    return taken;
  }

  // A tap on a card in the cursor's row: "removed" (it was in the row), "added", "full" (7 already: the row
  // is kept), or "taken" (in another player's row this round; `by` names them). `filled` says the 7th landed.
  function tap(config, players, state, card) {
    var at = state.cursor, row = state.seats[at.seat][at.round];
    var index = row.cards.indexOf(card);
    if (index >= 0) {
      row.cards.splice(index, 1);
      row.chosen = false;
      state.dirty = true;
      return { outcome: "removed" };
    }
    var holder = takenBy(players, state, at.round, at.seat)[card];
    if (holder) return { outcome: "taken", by: holder };
    if (row.cards.length >= config.row) return { outcome: "full" };
    row.cards.push(card);
    state.dirty = true;
    return { outcome: "added", filled: row.cards.length === config.row };
  }

  // The activity scored in the cursor's row (null: none); once the row is whole the cursor moves on to the
  // next player whose row is open, then to the next round. `roundComplete` tells the page to save. `only`: a
  // player entering their own sheet alone: their next round, and each row of theirs is saved when whole.
  function choose(config, players, state, activity, only) {
    var at = state.cursor, row = state.seats[at.seat][at.round];
    row.scored = activity || null;
    row.chosen = true;
    state.dirty = true;
    if (row.cards.length !== config.row) return { moved: false, roundComplete: false };
    var round = at.round;
    if (only && at.seat === only) {  // their rows stay on their phone until sent: the table's draft is the keeper's
      var own = firstOpen(config, [only], state);
      if (own) state.cursor = own;
      return { moved: Boolean(own), roundComplete: false, round: round };
    }
    var next = nextOpen(config, players, state, round, at.seat);
    if (next) { state.cursor = next; return { moved: true, roundComplete: false }; }
    var done = roundDone(config, players, state, round);
    var later = firstOpen(config, players, state);
    if (later) state.cursor = later;
    return { moved: Boolean(later), roundComplete: done, round: round };
  }

  function nextOpen(config, players, state, round, after) {
    var start = players.indexOf(after);
    for (var step = 1; step < players.length; step++) {
      var p = players[(start + step) % players.length];
      if (!rowDone(config, state.seats[p][round])) return { round: round, seat: p };
    }
    return null;
  }

  function firstOpen(config, players, state) {
    for (var r = 0; r < config.rounds; r++) {
      for (var i = 0; i < players.length; i++) {
        if (!rowDone(config, state.seats[players[i]][r])) return { round: r, seat: players[i] };
      }
    }
    return null;
  }

  // "Clear the row": the cursor's row emptied (its cards and its activity), to be entered again.
  function clearRow(state) {
    var at = state.cursor;
    state.seats[at.seat][at.round] = emptyRow();
    state.dirty = true;
  }

  // The seats this phone has nothing of, filled from rows given by player (the sheets as sent): a player who
  // entered their own sheet sees the whole table when it is checked. Seats with any row entered are kept.
  // Answers the players filled.
  function fillEmpty(config, players, state, roundsByPlayer) {
    var given = withRounds(config, players, roundsByPlayer, state.version);
    return players.filter(function (p) {
      var empty = state.seats[p].every(function (row) { return !row.cards.length && !row.chosen; });
      var some = given.seats[p].some(function (row) { return row.cards.length > 0; });
      if (empty && some) state.seats[p] = given.seats[p];
      return empty && some;
    });
  }

  // A newer draft of the table for a player entering their own sheet: the draft's rows for everybody but them,
  // their own rows as this phone holds them (they write only their own seat, so there is nothing to choose).
  function keepOwnRows(draft, state, player) {
    var entered = state.seats[player].some(function (row) { return row.cards.length || row.chosen; });
    if (entered) draft.seats[player] = state.seats[player];
    draft.cursor = state.cursor;
    draft.dirty = state.dirty;
    return draft;
  }

  // The seats in the sheet format, with every round up to the last one anybody has started (the preview
  // and the draft); `only` limits them to some players.
  function sheetSeats(config, players, state, only) {
    var last = 0;
    players.forEach(function (p) {
      state.seats[p].forEach(function (row, r) { if (row.cards.length || row.chosen) last = Math.max(last, r + 1); });
    });
    last = Math.max(last, state.cursor.round + 1);
    return (only || players).map(function (p) {
      return {
        player: p,
        rounds: state.seats[p].slice(0, last).map(function (row) { return { cards: row.cards, scored: row.scored }; })
      };
    });
  }

  // Each player's points per category over the whole game so far, and their total: the points table.
  function categoryTotals(verdict, categories) {
    return verdict.seats.map(function (seat) {
      var sums = {};
      categories.forEach(function (c) { sums[c] = 0; });
      (seat.rounds || []).forEach(function (r) { categories.forEach(function (c) { sums[c] += r[c] || 0; }); });
      var total = categories.reduce(function (t, c) { return t + sums[c]; }, 0);
      return { player: seat.player, sums: sums, total: seat.total != null ? seat.total : total };
    });
  }

  return {
    create: create, withRounds: withRounds, rowDone: rowDone, roundDone: roundDone, complete: complete,
    seatDone: seatDone, takenBy: takenBy, tap: tap, choose: choose, sheetSeats: sheetSeats,
    categoryTotals: categoryTotals, fits: fits, clearRow: clearRow, fillEmpty: fillEmpty, keepOwnRows: keepOwnRows
  };
});
