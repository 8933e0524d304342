// The score pad's state without a page (tournaments/static/boomerang/pad-state.js): `node --test tests/js/`.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const Pad = require("../../tournaments/static/boomerang/pad-state.js");

const config = { rounds: 4, row: 7 };
const players = ["ann", "bob", "cat", "dan"];
const ROWS = ["ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ12"].map((s) => s.split(""));

function enterRound(state, round) {
  let taps = 0;
  players.forEach((p, i) => {
    assert.deepEqual(state.cursor, { round, seat: p });
    ROWS[i].forEach((card) => { Pad.tap(config, players, state, card); taps += 1; });
    Pad.choose(config, players, state, i % 2 ? "Swimming" : null);
    taps += 1;
  });
  return taps;
}

test("a round of four players takes 32 taps and the cursor walks seat by seat, then to the next round", () => {
  const state = Pad.create(config, players);
  assert.equal(enterRound(state, 0), 32);
  assert.ok(Pad.roundDone(config, players, state, 0));
  assert.deepEqual(state.cursor, { round: 1, seat: "ann" });
});

test("the seventh card fills the row and an eighth is refused, keeping the row", () => {
  const state = Pad.create(config, players);
  const outcomes = ROWS[0].map((c) => Pad.tap(config, players, state, c));
  assert.equal(outcomes[6].filled, true);
  assert.equal(outcomes[5].filled, false);
  assert.equal(Pad.tap(config, players, state, "Z").outcome, "full");
  assert.deepEqual(state.seats.ann[0].cards, ROWS[0]);
});

test("a card in another player's row this round is refused naming who holds it", () => {
  const state = Pad.create(config, players);
  ROWS[0].forEach((c) => Pad.tap(config, players, state, c));
  Pad.choose(config, players, state, null);
  assert.deepEqual(Pad.tap(config, players, state, "C"), { outcome: "taken", by: "ann" });
  assert.deepEqual(state.seats.bob[0].cards, []);
  assert.deepEqual(Pad.takenBy(players, state, 0, "bob"), Object.fromEntries(ROWS[0].map((c) => [c, "ann"])));
});

test("tapping a chosen card takes it back and reopens the row", () => {
  const state = Pad.create(config, players);
  ROWS[0].forEach((c) => Pad.tap(config, players, state, c));
  state.cursor = { round: 0, seat: "ann" };
  assert.equal(Pad.tap(config, players, state, "D").outcome, "removed");
  assert.equal(state.seats.ann[0].cards.length, 6);
  assert.equal(Pad.rowDone(config, state.seats.ann[0]), false);
});

test("choosing before the row is whole keeps the cursor on that player", () => {
  const state = Pad.create(config, players);
  Pad.tap(config, players, state, "A");
  assert.deepEqual(Pad.choose(config, players, state, "Swimming"), { moved: false, roundComplete: false });
  assert.deepEqual(state.cursor, { round: 0, seat: "ann" });
});

test("the last row of a round says the round is complete, once", () => {
  const state = Pad.create(config, players);
  const answers = [];
  players.forEach((p, i) => {
    ROWS[i].forEach((c) => Pad.tap(config, players, state, c));
    answers.push(Pad.choose(config, players, state, null).roundComplete);
  });
  assert.deepEqual(answers, [false, false, false, true]);
});

test("a whole game is complete and every seat is done; its sheet seats hold four rounds", () => {
  const state = Pad.create(config, players);
  for (let r = 0; r < 4; r++) enterRound(state, r);
  assert.ok(Pad.complete(config, players, state));
  assert.ok(players.every((p) => Pad.seatDone(config, state, p)));
  const seats = Pad.sheetSeats(config, players, state);
  assert.equal(seats.length, 4);
  assert.equal(seats[1].rounds.length, 4);
  assert.deepEqual(seats[1].rounds[0], { cards: ROWS[1], scored: "Swimming" });
});

test("sheet seats stop at the round in play", () => {
  const state = Pad.create(config, players);
  enterRound(state, 0);
  assert.equal(Pad.sheetSeats(config, players, state)[0].rounds.length, 2);
  assert.deepEqual(Pad.sheetSeats(config, players, state, ["cat"]).map((s) => s.player), ["cat"]);
});

test("a submitted sheet or a draft loads with its full rows chosen and the cursor at the first open row", () => {
  const rounds = { ann: [{ cards: ROWS[0], scored: null }], bob: [{ cards: ROWS[1].slice(0, 3), scored: null }] };
  const state = Pad.withRounds(config, players, rounds, 5);
  assert.equal(state.version, 5);
  assert.ok(Pad.rowDone(config, state.seats.ann[0]));
  assert.deepEqual(state.cursor, { round: 0, seat: "bob" });
});

test("the points table sums every round of the game, not only the first", () => {
  const verdict = { seats: [{ player: "ann", rounds: [{ sites: 2, animals: 3 }, { sites: 4 }], total: 9 }] };
  assert.deepEqual(Pad.categoryTotals(verdict, ["sites", "animals"]), [
    { player: "ann", sums: { sites: 6, animals: 3 }, total: 9 }
  ]);
});

test("a hostile stored draft loads as text card ids, once each, and a kept state that does not fit is refused", () => {
  const config = { rounds: 4, row: 7 };
  const players = ["ann", "bob"];
  const state = Pad.withRounds(config, players, {
    ann: [{ cards: ["A", 7, "A", null, "ZZ"], scored: { evil: 1 } }, "not a row", null],
    bob: "not a list",
    eve: [{ cards: ["B"] }],
  }, 3);
  assert.deepStrictEqual(state.seats.ann[0].cards, ["A", "7", "ZZ"]);
  assert.strictEqual(state.seats.ann[0].scored, null);
  assert.deepStrictEqual(state.seats.ann[1].cards, []);
  assert.deepStrictEqual(state.seats.bob[0].cards, []);
  assert.strictEqual(state.seats.eve, undefined);
  assert.ok(Pad.fits(config, players, state));
  assert.ok(!Pad.fits(config, ["ann", "cy"], state));  // another table's players
  assert.ok(!Pad.fits(config, players, { cursor: { seat: "ann" }, seats: { ann: [], bob: [] } }));
  assert.ok(!Pad.fits(config, players, null));
  const removed = Pad.tap(config, players, state, "ZZ");  // a card not in the edition is taken back like any
  assert.strictEqual(removed.outcome, "removed");
});

test("a player entering their own sheet alone stays on their seat, round after round: 32 taps for four rounds", () => {
  const state = Pad.create(config, players);
  state.cursor = { round: 0, seat: "cat" };
  let taps = 0;
  for (let round = 0; round < 4; round += 1) {
    assert.deepEqual(state.cursor, { round, seat: "cat" });
    ROWS[round].forEach((card) => { Pad.tap(config, players, state, card); taps += 1; });
    const answer = Pad.choose(config, players, state, null, "cat");
    taps += 1;
    // Their rows stay on their phone until sent: three players entering their own sheets at once would each
    // overwrite the table's one draft (issue 66, item 7).
    assert.equal(answer.roundComplete, false);
  }
  assert.equal(taps, 32);
  assert.ok(Pad.seatDone(config, state, "cat"));
  assert.ok(!Pad.seatDone(config, state, "ann")); // nobody else's row was touched
});

test("the own-sheet mode leaves the keeper's walk of the table as it was", () => {
  const state = Pad.create(config, players);
  ROWS[0].forEach((card) => Pad.tap(config, players, state, card));
  Pad.choose(config, players, state, null, "cat"); // ann's row, entered by cat's phone: the table's walk
  assert.deepEqual(state.cursor, { round: 0, seat: "bob" });
});

test("clearing the row empties its cards and its activity and leaves the other rows as they were", () => {
  const state = Pad.create(config, players);
  enterRound(state, 0);
  state.cursor = { round: 0, seat: "bob" };
  Pad.clearRow(state);
  assert.deepEqual(state.seats.bob[0], { cards: [], scored: null, chosen: false });
  assert.ok(state.dirty);
  assert.ok(Pad.rowDone(config, state.seats.ann[0]));
  assert.ok(!Pad.roundDone(config, players, state, 0));
  ROWS[1].forEach((card) => assert.equal(Pad.tap(config, players, state, card).outcome, "added"));
});

test("the seats a phone has nothing of are filled from the sheets as sent; a seat with a row entered is kept", () => {
  const state = Pad.create(config, players);
  state.cursor = { round: 0, seat: "cat" };
  ROWS[2].forEach((card) => Pad.tap(config, players, state, card));
  const sent = {
    ann: [{ cards: ROWS[0], scored: null }], bob: [{ cards: ROWS[1], scored: "Swimming" }],
    cat: [{ cards: ROWS[3], scored: null }], dan: [],
  };
  assert.deepEqual(Pad.fillEmpty(config, players, state, sent), ["ann", "bob"]);
  assert.deepEqual(state.seats.bob[0], { cards: ROWS[1], scored: "Swimming", chosen: true });
  assert.deepEqual(state.seats.cat[0].cards, ROWS[2]);  // this phone's own entry stands
  assert.deepEqual(state.seats.dan[0].cards, []);
  assert.deepEqual(state.cursor, { round: 0, seat: "cat" });
});

test("a newer draft reaches a player entering their own sheet without a conflict: theirs stay, the rest is the draft's", () => {
  const mine = Pad.create(config, players);
  mine.cursor = { round: 1, seat: "dan" };
  ROWS[3].forEach((card) => Pad.tap(config, players, mine, card));
  const draft = Pad.withRounds(config, players, {
    ann: [{ cards: ROWS[0], scored: null }], dan: [{ cards: ROWS[2], scored: null }],
  }, 4);
  const merged = Pad.keepOwnRows(draft, mine, "dan");
  assert.equal(merged.version, 4);
  assert.deepEqual(merged.seats.ann[0].cards, ROWS[0]);
  assert.deepEqual(merged.seats.dan[1].cards, ROWS[3]);
  assert.deepEqual(merged.seats.dan[0].cards, []);  // their seat as this phone holds it, whole
  assert.deepEqual(merged.cursor, { round: 1, seat: "dan" });
  const untouched = Pad.keepOwnRows(Pad.withRounds(config, players, { dan: [{ cards: ROWS[2] }] }, 2),
    Pad.create(config, players), "dan");
  assert.deepEqual(untouched.seats.dan[0].cards, ROWS[2]);  // nothing entered here: the draft's row
});
