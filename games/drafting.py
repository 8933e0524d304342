"""What Boomerang: Australia, Europe and USA share: the table sheet and the scoring machine.

Each edition module supplies a `DraftingRules` (the few rules that differ) and its published facts;
this module reads a seat, checks the whole table and scores every round of every seat.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.decks import Card, Deck, PublishedFacts
from games.parsing import MalformedInput, expect_int, expect_list, expect_object, expect_optional_str, expect_str
from games.verdict import Problem, SeatResult, Verdict, claim_problem, competition_ranks

ROUNDS = 4
ROW_LENGTH = 7
DECK_SIZE = 28


@dataclass(frozen=True, slots=True)
class DraftingRound:
    cards: tuple[str, ...]
    scored: str | None = None
    claimed: Mapping[str, int] | None = None


@dataclass(frozen=True, slots=True)
class DraftingSeat:
    player: str
    rounds: tuple[DraftingRound, ...]
    claimed_total: int | None = None


@dataclass(frozen=True)
class DraftingRules:
    """What one drafting edition decides for itself; everything else is shared."""

    game: str
    name: str
    facts: PublishedFacts
    categories: tuple[str, ...]
    green: str
    yellow: str
    blue: str
    throw_catch: Callable[[int, int], int]
    green_points: Callable[[int, int], int]  # (this round's symbol total, last round's points) -> points
    blue_points: Callable[[int, int, int, Deck], int]  # (own icons, others' icons, players, deck) -> points
    blue_must_be_held: bool = False
    extra_bonus: str | None = None
    extra_bonus_reached: Callable[[set[str], Deck], bool] | None = None
    extra_bonus_points: Callable[[int, int], int] | None = None  # (tier reached, players) -> points
    tie_breaks: tuple[str, ...] = ("throw_catch",)
    player_counts: range = range(2, 5)


def parse_seat(rules: DraftingRules, raw: Any, where: str) -> DraftingSeat:
    """Read one seat object, refusing anything the sheet format does not allow."""
    seat = expect_object(raw, where, frozenset({"player", "rounds"}), frozenset({"claimed_total"}))
    rounds = expect_list(seat["rounds"], f"{where}.rounds")
    if len(rounds) != ROUNDS:
        raise MalformedInput(f"{where}.rounds", f"expected exactly {ROUNDS} rounds, got {len(rounds)}")
    return DraftingSeat(
        player=expect_str(seat["player"], f"{where}.player"),
        rounds=tuple(_parse_round(rules, item, f"{where}.rounds[{i}]") for i, item in enumerate(rounds)),
        claimed_total=None
        if seat.get("claimed_total") is None
        else expect_int(seat["claimed_total"], f"{where}.claimed_total"),
    )


def _parse_round(rules: DraftingRules, raw: Any, where: str) -> DraftingRound:
    row = expect_object(raw, where, frozenset({"cards"}), frozenset({"scored", "claimed"}))
    cards = expect_list(row["cards"], f"{where}.cards")
    if len(cards) > DECK_SIZE:
        raise MalformedInput(f"{where}.cards", f"a row cannot hold {len(cards)} cards")
    claimed = row.get("claimed")
    if claimed is not None:
        expect_object(claimed, f"{where}.claimed", frozenset(), frozenset(rules.categories))
        claimed = {key: expect_int(value, f"{where}.claimed.{key}") for key, value in claimed.items()}
    return DraftingRound(
        cards=tuple(expect_str(card, f"{where}.cards[{j}]") for j, card in enumerate(cards)),
        scored=expect_optional_str(row.get("scored"), f"{where}.scored"),
        claimed=claimed,
    )


def verify(rules: DraftingRules, deck: Deck, seats: Sequence[DraftingSeat]) -> Verdict:
    """Score every round of every seat and check every rule and claim across the table."""
    if len(seats) not in rules.player_counts:
        low, high = rules.player_counts[0], rules.player_counts[-1]
        message = f"{rules.name} is played by {low} to {high} players, this table has {len(seats)}"
        return Verdict(rules.game, (), (Problem("player_count", message),))
    return _Table(rules, deck, seats).verdict()


class _Table:
    """One table's game, scored round by round; holds the state the rules carry across rounds."""

    def __init__(self, rules: DraftingRules, deck: Deck, seats: Sequence[DraftingSeat]) -> None:
        self.rules, self.deck, self.seats = rules, deck, seats
        self.players = len(seats)
        self.problems: list[Problem] = []
        self.visited: list[set[str]] = [set() for _ in seats]
        self.used_blue: list[set[str]] = [set() for _ in seats]
        self.last_green = [0] * self.players
        self.open_regions = [(region, frozenset(region.cards)) for region in deck.regions]
        self.extra_won = [False] * self.players
        self.extra_tier = 0
        self.scores: list[list[dict[str, int]]] = [[] for _ in seats]
        self.notes: list[list[dict[str, str]]] = [[] for _ in seats]

    def verdict(self) -> Verdict:
        previous_clean = False
        for r in range(ROUNDS):
            clean = self._check_cards(r)
            if previous_clean and clean and self.players < 4:
                self._check_set_aside(r)
            self._score_round(r)
            previous_clean = clean
        totals = [sum(sum(round_scores.values()) for round_scores in seat) for seat in self.scores]
        self._check_claims(totals)
        tie_breaks = [{name: sum(rs[name] for rs in seat) for name in self.rules.tie_breaks} for seat in self.scores]
        ranks = competition_ranks([(totals[i], *tie_breaks[i].values()) for i in range(self.players)])
        results = tuple(
            SeatResult(seat.player, totals[i], ranks[i], rounds=tuple(self.scores[i]), tie_breaks=tie_breaks[i])
            for i, seat in enumerate(self.seats)
        )
        return Verdict(self.rules.game, results, tuple(self.problems))

    def _check_cards(self, r: int) -> bool:
        """Report rows that are not 7 distinct known cards; return whether the round is clean."""
        before = len(self.problems)
        holders: dict[str, str] = {}
        for seat in self.seats:
            row = seat.rounds[r].cards
            if len(row) != ROW_LENGTH:
                message = f"round {r + 1}: {seat.player}'s row has {len(row)} cards; a row has {ROW_LENGTH}"
                self.problems.append(Problem("wrong_card_count", message, seat.player, r + 1, "cards"))
            for card_id in row:
                if card_id not in self.deck.card_by_id:
                    message = f"round {r + 1}: card {card_id!r} is not in the {self.deck.name} deck"
                    self.problems.append(Problem("unknown_card", message, seat.player, r + 1, "cards"))
                elif card_id in holders:
                    where = (
                        "twice in this row" if holders[card_id] == seat.player else f"also in {holders[card_id]}'s row"
                    )
                    message = f"round {r + 1}: card {card_id} is {where}; each card is played once a round"
                    self.problems.append(Problem("duplicate_card", message, seat.player, r + 1, "cards"))
                else:
                    holders[card_id] = seat.player
        return len(self.problems) == before

    def _check_set_aside(self, r: int) -> None:
        """With fewer than 4 players, the cards not dealt last round are dealt first this round."""
        played_before = {card for seat in self.seats for card in seat.rounds[r - 1].cards}
        played_now = {card for seat in self.seats for card in seat.rounds[r].cards}
        for card in self.deck.cards:
            if card.id not in played_before and card.id not in played_now:
                message = (
                    f"card {card.id} ({card.name}) was set aside in round {r} and must be dealt in round {r + 1}, "
                    f"but no row of round {r + 1} has it"
                )
                self.problems.append(Problem("set_aside_not_dealt", message, None, r + 1, "cards"))

    def _score_round(self, r: int) -> None:
        rows = [
            [self.deck.card_by_id[c] for c in seat.rounds[r].cards if c in self.deck.card_by_id] for seat in self.seats
        ]
        blue_on_table: dict[str, int] = {}
        for row in rows:
            for card in row:
                if card.blue:
                    blue_on_table[card.blue] = blue_on_table.get(card.blue, 0) + 1
        for i, seat in enumerate(self.seats):
            scores = dict.fromkeys(self.rules.categories, 0)
            notes: dict[str, str] = {}
            self._score_row(i, r, seat.rounds[r], rows[i], blue_on_table, scores, notes)
            self.scores[i].append(scores)
            self.notes[i].append(notes)
        self._award_regions(r)
        self._award_extra_bonus(r)

    def _score_row(
        self,
        i: int,
        r: int,
        row: DraftingRound,
        cards: list[Card],
        blue_on_table: Mapping[str, int],
        scores: dict[str, int],
        notes: dict[str, str],
    ) -> None:
        rules, deck = self.rules, self.deck
        throw, catch = (
            deck.card_by_id.get(row.cards[0]) if row.cards else None,
            deck.card_by_id.get(row.cards[-1]) if row.cards else None,
        )
        if throw and catch:
            scores["throw_catch"] = rules.throw_catch(throw.number, catch.number)
            notes["throw_catch"] = f"Throw {throw.id} is {throw.number}, Catch {catch.id} is {catch.number}"
        new_sites = [card.id for card in dict.fromkeys(cards) if card.id not in self.visited[i]]
        self.visited[i].update(new_sites)
        scores["sites"] = len(new_sites)
        notes["sites"] = f"first visits: {', '.join(new_sites)}" if new_sites else "no site visited for the first time"
        green_total = sum(deck.green_values[card.green] for card in cards if card.green)
        previous = self.last_green[i]
        scores[rules.green] = self.last_green[i] = rules.green_points(green_total, previous)
        notes[rules.green] = f"symbols worth {green_total}" + (f", last round scored {previous}" if r else "")
        pairs: dict[str, int] = {}
        for card in cards:
            if card.yellow:
                pairs[card.yellow] = pairs.get(card.yellow, 0) + 1
        scores[rules.yellow] = sum(deck.yellow_values[symbol] * (n // 2) for symbol, n in pairs.items())
        held = [f"{n // 2} pair(s) of {symbol}" for symbol, n in pairs.items() if n >= 2]
        notes[rules.yellow] = ", ".join(held) if held else "no pair"
        scores[rules.blue] = self._score_blue(i, r, row.scored, cards, blue_on_table, notes)

    def _score_blue(
        self,
        i: int,
        r: int,
        name: str | None,
        cards: list[Card],
        blue_on_table: Mapping[str, int],
        notes: dict[str, str],
    ) -> int:
        rules, player = self.rules, self.seats[i].player
        if name is None:
            notes[rules.blue] = f"no {rules.blue} scored"
            return 0
        if name not in rules.facts.blue_names:
            known = ", ".join(sorted(rules.facts.blue_names))
            message = f"round {r + 1}: {name!r} is not a {rules.blue} of this edition ({known})"
            self.problems.append(Problem(f"unknown_{rules.blue}", message, player, r + 1, "scored"))
            return 0
        if name in self.used_blue[i]:
            message = (
                f"round {r + 1}: {name} was already scored in an earlier round; each {rules.blue} scores once a game"
            )
            self.problems.append(Problem("activity_reused", message, player, r + 1, "scored"))
            notes[rules.blue] = f"{name} was already scored"
            return 0
        self.used_blue[i].add(name)
        own = sum(card.blue == name for card in cards)
        if rules.blue_must_be_held and not own:
            message = f"round {r + 1}: {name} scored without a card showing its symbol in the row"
            self.problems.append(Problem("activity_not_held", message, player, r + 1, "scored"))
            notes[rules.blue] = f"no {name} symbol held"
            return 0
        others = blue_on_table.get(name, 0) - own
        notes[rules.blue] = f"{name}: {own} symbol(s) in the row, {others} on the other players' rows"
        return rules.blue_points(own, others, self.players, self.deck)

    def _award_regions(self, r: int) -> None:
        """Every player completing a region in the first round anyone does scores its bonus."""
        for entry in list(self.open_regions):
            region, members = entry
            winners = [i for i in range(self.players) if members <= self.visited[i]]
            for i in winners:
                self.scores[i][r]["region_bonus"] += region.bonus
                self.notes[i][r]["region_bonus"] = f"completed {region.name}"
            if winners:
                self.open_regions.remove(entry)

    def _award_extra_bonus(self, r: int) -> None:
        """Players reaching the bonus in the same round share the next tier (see docs/rules.md)."""
        field, reached, points_for = (
            self.rules.extra_bonus,
            self.rules.extra_bonus_reached,
            self.rules.extra_bonus_points,
        )
        if field is None or reached is None or points_for is None:
            return
        newly = [i for i in range(self.players) if not self.extra_won[i] and reached(self.visited[i], self.deck)]
        if not newly:
            return
        points = points_for(self.extra_tier, self.players)
        for i in newly:
            self.extra_won[i] = True
            self.scores[i][r][field] = points
            self.notes[i][r][field] = f"reached in round {r + 1}, bonus number {self.extra_tier + 1}"
        self.extra_tier += 1

    def _check_claims(self, totals: list[int]) -> None:
        for i, seat in enumerate(self.seats):
            for r, row in enumerate(seat.rounds):
                for field_name, claimed in (row.claimed or {}).items():
                    expected = self.scores[i][r][field_name]
                    if claimed != expected:
                        note = self.notes[i][r].get(field_name, "")
                        self.problems.append(claim_problem(seat.player, field_name, claimed, expected, note, r + 1))
            if seat.claimed_total is not None and seat.claimed_total != totals[i]:
                self.problems.append(
                    claim_problem(seat.player, "total", seat.claimed_total, totals[i], "the sum of every category")
                )
