"""What Boomerang: Australia, Europe and USA share: the table sheet and the scoring machine.

Each edition module supplies a `DraftingRules` (the few rules that differ) and its published facts;
this module reads a seat, checks the whole table and scores every round of every seat.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from games.decks import Card, Deck, PublishedFacts
from games.drafting_sheet import ROUNDS, ROW_LENGTH, DraftingRound, DraftingSeat
from games.verdict import Problem, SeatResult, Verdict, claim_problem, competition_ranks


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
    blue_counts_other_rows: bool = False  # Europe's treasures score the symbols on the other players' rows
    extra_bonus: str | None = None
    extra_bonus_reached: Callable[[set[str], Deck], bool] | None = None
    extra_bonus_points: Callable[[int, int], int] | None = None  # (tier reached, players) -> points
    tie_breaks: tuple[str, ...] = ("throw_catch",)
    player_counts: range = range(2, 5)

    @cached_property
    def category_set(self) -> frozenset[str]:
        return frozenset(self.categories)


def verify(rules: DraftingRules, deck: Deck, seats: Sequence[DraftingSeat], dealt: int | None = None) -> Verdict:
    """Score every round of every seat and check every rule and claim across the table.

    `dealt` is the number of players the game was dealt for when it exceeds the seats given: a table where
    a player forfeited. The scores that depend on the player count use it, and the set-aside check (which
    needs every row) is skipped; every other check applies to the rows there are.
    """
    players = dealt or len(seats)
    if players not in rules.player_counts or len(seats) > players:
        low, high = rules.player_counts[0], rules.player_counts[-1]
        message = f"{rules.name} is played by {low} to {high} players, this table has {players}"
        return Verdict(rules.game, (), (Problem("player_count", message),))
    return _Table(rules, deck, seats, players).verdict()


def round_points_if(
    rules: DraftingRules,
    deck: Deck,
    seats: Sequence[DraftingSeat],
    r: int,
    rows: Iterable[tuple[int, Sequence[Sequence[str]]]],
) -> list[int]:
    """For each (seat, rows) of `rows` (another round r for the whole table: rows[seat], 7 distinct known cards
    each, the activities as scored), that seat's points in round r, the earlier rounds as played. For pick
    accuracy: the table is scored up to round r once, and each other round r from that state."""
    scorer = RoundScorer(rules, deck, seats, r)
    return [
        scorer.points(
            i, [DraftingRound(tuple(row), seat.rounds[r].scored) for seat, row in zip(seats, other, strict=True)]
        )
        for i, other in rows
    ]


class RoundScorer:
    """A table scored up to round r once, so that other rows for round r are each scored from that state (pick
    accuracy, par): a seat's points in round r depend on its earlier rounds and, for Europe's treasures, on
    the symbols of the whole table's round."""

    def __init__(self, rules: DraftingRules, deck: Deck, seats: Sequence[DraftingSeat], r: int) -> None:
        self.table, self.r = _Table(rules, deck, seats, len(seats)), r
        for earlier in range(r):
            self.table._score_round(earlier, self.table._check_cards(earlier))

    def points(self, i: int, rows: Sequence[DraftingRound]) -> int:
        """Seat i's points in round r when the table's round r is `rows` (one a seat: 7 distinct known cards
        and the activity scored)."""
        return sum(self.categories(i, rows).values())

    def categories(self, i: int, rows: Sequence[DraftingRound]) -> dict[str, int]:
        """Seat i's points in round r by category (a row may be shorter than 7 cards: what it scores so far)."""
        fork = self.table._fork(
            [_with_round(seat, self.r, row) for seat, row in zip(self.table.seats, rows, strict=True)]
        )
        fork._score_round(self.r, clean=True, only=(i,))
        return fork.scores[i][self.r]


def _with_round(seat: DraftingSeat, r: int, row: DraftingRound) -> DraftingSeat:
    """The seat with another round r, or the seat itself when it is the round as played."""
    played = seat.rounds[r]
    if row.cards == played.cards and row.scored == played.scored:
        return seat
    rounds = (*seat.rounds[:r], DraftingRound(row.cards, row.scored), *seat.rounds[r + 1 :])
    return replace(seat, rounds=rounds)


def _pairs_held(cards: list[Card]) -> str:
    """The yellow symbols' pairs in a row, in words."""
    counts = {card.yellow: sum(c.yellow == card.yellow for c in cards) for card in cards if card.yellow}
    held = [f"{n // 2} pair(s) of {symbol}" for symbol, n in counts.items() if n >= 2]
    return ", ".join(held) if held else "no pair"


class _Table:
    """One table's game, scored round by round; holds the state the rules carry across rounds."""

    def __init__(self, rules: DraftingRules, deck: Deck, seats: Sequence[DraftingSeat], dealt: int) -> None:
        self.rules, self.deck, self.seats = rules, deck, seats
        self.players = len(seats)
        self.dealt = dealt  # the players the cards were dealt for (more than the seats when one forfeited)
        self.problems: list[Problem] = []
        self.visited: list[set[str]] = [set() for _ in seats]
        self.used_blue: list[set[str]] = [set() for _ in seats]
        self.last_green = [0] * self.players
        self.open_regions = set(range(len(deck.regions)))
        self.blank_scores = dict.fromkeys(rules.categories, 0)
        self.touched_regions: list[set[int]] = [set() for _ in seats]
        self.extra_won = [False] * self.players
        self.extra_tier = 0
        self.scores: list[list[dict[str, int]]] = [[] for _ in seats]
        self.bonus_notes: dict[tuple[int, int, str], str] = {}  # (seat, round, field) -> why a bonus was won

    def _fork(self, seats: Sequence[DraftingSeat]) -> "_Table":
        """A copy of the state so far for other rows; the rounds already scored are shared (never changed). Made
        by hand, not by `copy.copy` (its pickling protocol was a fifth of par's time: ~800 forks a table)."""
        fork = object.__new__(type(self))
        fork.__dict__.update(self.__dict__)
        fork.seats, fork.problems = seats, []
        fork.visited = [set(v) for v in self.visited]
        fork.used_blue = [set(u) for u in self.used_blue]
        fork.last_green, fork.extra_won = list(self.last_green), list(self.extra_won)
        fork.open_regions = set(self.open_regions)
        fork.touched_regions = [set(t) for t in self.touched_regions]
        fork.scores = [list(rounds) for rounds in self.scores]
        fork.bonus_notes = dict(self.bonus_notes)
        return fork

    def verdict(self) -> Verdict:
        previous_clean = False
        for r in range(ROUNDS):
            clean = self._check_cards(r)
            if previous_clean and clean and self.players == self.dealt < 4:
                self._check_set_aside(r)
            self._score_round(r, clean)
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
        rows = [seat.rounds[r].cards for seat in self.seats]
        played = [card for row in rows for card in row]
        distinct = set(played)
        if (
            all(len(row) == ROW_LENGTH for row in rows)
            and len(distinct) == len(played)
            and distinct <= self.deck.card_by_id.keys()
        ):
            return True
        return self._report_card_problems(r)

    def _report_card_problems(self, r: int) -> bool:
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

    def _score_round(self, r: int, clean: bool, only: Sequence[int] | None = None) -> None:
        """Score round r for every seat, or for the seats `only` (a seat's round depends on its own row, the
        earlier rounds and, for Europe's treasures, the symbols on the whole table)."""
        facts = self.deck.card_facts
        if clean:
            rows = [seat.rounds[r].cards for seat in self.seats]
        else:
            rows = [tuple(c for c in seat.rounds[r].cards if c in facts) for seat in self.seats]
        blue_on_table: dict[str, int] = {}
        if self.rules.blue_counts_other_rows:
            for row in rows:
                for card_id in row:
                    blue = facts[card_id].blue
                    if blue:
                        blue_on_table[blue] = blue_on_table.get(blue, 0) + 1
        scored = range(self.players) if only is None else only
        for i in scored:
            self.scores[i].append(self._score_row(i, r, self.seats[i].rounds[r], rows[i], blue_on_table))
        self._award_regions(r, scored)
        self._award_extra_bonus(r, scored)
        if self.players < self.dealt:
            self._take_claims_of_races(r)

    def _take_claims_of_races(self, r: int) -> None:
        """A player forfeited: who completed a region first, reached the bonus tier first or showed which
        symbols cannot be known without their row, so those categories take the seat's claim where it gives
        one (docs/rules.md, "A table with a forfeit"). Every other category is still computed."""
        races = {"region_bonus", *([self.rules.extra_bonus] if self.rules.extra_bonus else [])}
        if self.rules.blue_counts_other_rows:
            races.add(self.rules.blue)
        for i, seat in enumerate(self.seats):
            claimed = seat.rounds[r].claimed or {}
            for field_name in races & claimed.keys():
                self.scores[i][r][field_name] = claimed[field_name]

    def _score_row(
        self, i: int, r: int, row: DraftingRound, known: tuple[str, ...], blue_on_table: Mapping[str, int]
    ) -> dict[str, int]:
        """Score one row in a single pass over its known cards."""
        rules, facts = self.rules, self.deck.card_facts
        scores = self.blank_scores.copy()
        if row.cards and row.cards[0] in facts and row.cards[-1] in facts:
            scores["throw_catch"] = rules.throw_catch(facts[row.cards[0]].number, facts[row.cards[-1]].number)
        visited = self.visited[i]
        before = len(visited)
        visited.update(known)
        scores["sites"] = len(visited) - before
        self.touched_regions[i] = (
            {self.deck.region_of[card_id] for card_id in known} if before < len(visited) else set()
        )
        green_total = 0
        pairs: dict[str, int] = {}
        own_blue: dict[str, int] = {}
        for card_id in known:
            _number, green_points, yellow, blue = facts[card_id]
            green_total += green_points
            if yellow:
                pairs[yellow] = pairs.get(yellow, 0) + 1
            if blue:
                own_blue[blue] = own_blue.get(blue, 0) + 1
        scores[rules.green] = self.last_green[i] = rules.green_points(green_total, self.last_green[i])
        yellow_values, yellow_points = self.deck.yellow_values, 0
        for symbol, count in pairs.items():
            if count > 1:
                yellow_points += yellow_values[symbol] * (count // 2)
        scores[rules.yellow] = yellow_points
        scores[rules.blue] = self._score_blue(i, r, row.scored, own_blue, blue_on_table)
        return scores

    def _throw_and_catch(self, row: DraftingRound) -> tuple[Card | None, Card | None]:
        if not row.cards:
            return None, None
        return self.deck.card_by_id.get(row.cards[0]), self.deck.card_by_id.get(row.cards[-1])

    def _score_blue(
        self, i: int, r: int, name: str | None, own_blue: Mapping[str, int], blue_on_table: Mapping[str, int]
    ) -> int:
        rules, player = self.rules, self.seats[i].player
        if name is None:
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
            return 0
        self.used_blue[i].add(name)
        own = own_blue.get(name, 0)
        if rules.blue_must_be_held and not own:
            message = f"round {r + 1}: {name} scored without a card showing its symbol in the row"
            self.problems.append(Problem("activity_not_held", message, player, r + 1, "scored"))
            return 0
        others = blue_on_table.get(name, 0) - own if rules.blue_counts_other_rows else 0
        return rules.blue_points(own, others, self.dealt, self.deck)

    def _explain(self, i: int, r: int, field_name: str) -> str:
        """Say in words what a category's score comes from; only needed when a claim differs."""
        if (i, r, field_name) in self.bonus_notes:
            return self.bonus_notes[i, r, field_name]
        rules, row = self.rules, self.seats[i].rounds[r]
        cards = [self.deck.card_by_id[c] for c in row.cards if c in self.deck.card_by_id]
        if field_name == "throw_catch":
            throw, catch = self._throw_and_catch(row)
            return f"Throw {throw.id} is {throw.number}, Catch {catch.id} is {catch.number}" if throw and catch else ""
        if field_name == "sites":
            return self._explain_sites(i, r, cards)
        if field_name == rules.green:
            total = sum(self.deck.green_values[card.green] for card in cards if card.green)
            last = f", last round scored {self.scores[i][r - 1][rules.green]}" if r else ""
            return f"symbols worth {total}{last}"
        if field_name == rules.yellow:
            return _pairs_held(cards)
        if field_name == rules.blue:
            return f"{row.scored} scored" if row.scored else f"no {rules.blue} scored"
        return "no bonus won this round"

    def _explain_sites(self, i: int, r: int, cards: list[Card]) -> str:
        seen = {c for earlier in self.seats[i].rounds[:r] for c in earlier.cards}
        new = [card.id for card in dict.fromkeys(cards) if card.id not in seen]
        return f"first visits: {', '.join(new)}" if new else "no site visited for the first time"

    def _award_regions(self, r: int, scored: Iterable[int]) -> None:
        """Every player completing a region in the first round anyone does scores its bonus.

        Only regions a player touched this round can have been completed this round.
        """
        members = self.deck.region_members
        completed: set[int] = set()
        for i in scored:
            for index in self.touched_regions[i] & self.open_regions:
                if members[index] <= self.visited[i]:
                    region = self.deck.regions[index]
                    self.scores[i][r]["region_bonus"] += region.bonus
                    self.bonus_notes[i, r, "region_bonus"] = f"completed {region.name} first"
                    completed.add(index)
        self.open_regions -= completed

    def _award_extra_bonus(self, r: int, scored: Iterable[int]) -> None:
        """Players reaching the bonus in the same round share the next tier (see docs/rules.md).

        Both bonuses only grow with the sites visited, so a player who visited nothing new cannot reach one.
        """
        field, reached, points_for = (
            self.rules.extra_bonus,
            self.rules.extra_bonus_reached,
            self.rules.extra_bonus_points,
        )
        if field is None or reached is None or points_for is None:
            return
        newly = [
            i
            for i in scored
            if not self.extra_won[i] and self.touched_regions[i] and reached(self.visited[i], self.deck)
        ]
        if not newly:
            return
        points = points_for(self.extra_tier, self.dealt)
        for i in newly:
            self.extra_won[i] = True
            self.scores[i][r][field] = points
            self.bonus_notes[i, r, field] = f"reached in round {r + 1}, bonus number {self.extra_tier + 1}"
        self.extra_tier += 1

    def _check_claims(self, totals: list[int]) -> None:
        for i, seat in enumerate(self.seats):
            for r, row in enumerate(seat.rounds):
                for field_name, claimed in (row.claimed or {}).items():
                    expected = self.scores[i][r][field_name]
                    if claimed != expected:
                        why = self._explain(i, r, field_name)
                        self.problems.append(claim_problem(seat.player, field_name, claimed, expected, why, r + 1))
            if seat.claimed_total is not None and seat.claimed_total != totals[i]:
                self.problems.append(
                    claim_problem(seat.player, "total", seat.claimed_total, totals[i], "the sum of every category")
                )
