"""Pick accuracy: the points of a pick are the round's points the engine gives the row as played; the best
alternative, played out as the documented swap in a whole sheet, gets exactly the points claimed for it from a
full verification; every pick with a choice is valued (six a round)."""

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.deal import seeded_deal
from games.drafting_sheet import parse_seat
from games.pick_accuracy import RoundAccuracy, table_accuracy
from games.rebuild import rebuild
from games.simulate import drafting_sheet

DRAFTING = sorted(game.id for game in games.GAMES.values() if game.drafting)


def accuracy_of(game: str, sheet: dict, direction: str) -> list[list[RoundAccuracy]]:
    rules = games.GAMES[game].drafting
    deck = games.GAMES[game].default_edition()
    seats = [parse_seat(rules, raw, f"seats[{i}]") for i, raw in enumerate(sheet["seats"])]
    rows = [[list(seat.rounds[r].cards) for seat in seats] for r in range(4)]
    return table_accuracy(rules, deck, seats, rebuild(rows, direction))


def simulated(game: str, players: int, seed: int) -> tuple[dict, str]:
    """A legal table drafted from a known deal, so its passing direction is known."""
    deck = games.GAMES[game].default_edition()
    direction = random.Random(seed).choice(["left", "alternate"])
    deal = seeded_deal(deck, players, str(seed), direction)
    return drafting_sheet(game, deck, players, random.Random(seed), deal=deal), direction


def round_total(verdict, seat: int, r: int) -> int:
    return sum(verdict.seats[seat].rounds[r].values())


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(DRAFTING), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_each_pick_is_valued_as_the_engine_scores_the_round(game: str, players: int, seed: int) -> None:
    sheet, direction = simulated(game, players, seed)
    verdict = games.verify_table(sheet)
    accuracy = accuracy_of(game, sheet, direction)
    assert len(accuracy) == players
    for seat, rounds in enumerate(accuracy):
        assert [r.round for r in rounds] == [1, 2, 3, 4]
        for r, line in enumerate(rounds):
            assert [pick.pick for pick in line.picks] == [1, 2, 3, 4, 5, 6]
            assert all(pick.points == round_total(verdict, seat, r) for pick in line.picks)
            assert all(pick.best >= pick.points for pick in line.picks)
            assert line.points_lost == sum(pick.best - pick.points for pick in line.picks)
            assert line.best_picks == sum(pick.best == pick.points for pick in line.picks)


def swapped_sheet(sheet: dict, seat: int, r: int, k: int, card: str) -> dict:
    """The documented swap, written out as a whole sheet: `card` at the seat's pick k, the seat's own card
    wherever `card` was."""
    other = copy.deepcopy(sheet)
    rows = [s["rounds"][r]["cards"] for s in other["seats"]]
    taken = rows[seat][k]
    holder = next(i for i, row in enumerate(rows) if card in row)
    j = rows[holder].index(card)
    rows[seat][k], rows[holder][j] = card, taken
    for s in other["seats"]:
        for row in s["rounds"]:
            row.pop("claimed", None)
        s.pop("claimed_total", None)
    return other


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(DRAFTING), players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_the_best_alternative_scores_what_a_full_verification_of_the_swap_gives(
    game: str, players: int, seed: int
) -> None:
    sheet, direction = simulated(game, players, seed)
    accuracy = accuracy_of(game, sheet, direction)
    rng = random.Random(seed)
    seat = rng.randrange(players)
    r = rng.randrange(4)
    for pick in accuracy[seat][r].picks:
        if pick.best_card != pick.taken:
            verdict = games.verify_table(swapped_sheet(sheet, seat, r, pick.pick - 1, pick.best_card))
            assert round_total(verdict, seat, r) == pick.best


def test_a_round_with_every_pick_the_best_has_no_costliest_pick() -> None:
    sheet, direction = simulated("boomerang-australia", 3, 5)
    for rounds in accuracy_of("boomerang-australia", sheet, direction):
        for line in rounds:
            if line.points_lost == 0:
                assert line.costliest is None
            else:
                assert line.costliest is not None
                assert line.costliest.cost == max(pick.cost for pick in line.picks)


EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "sheets"


@pytest.mark.parametrize("game", DRAFTING)
def test_the_example_tables_picks_are_valued_as_the_engine_scores_their_rounds(game: str) -> None:
    """The shipped example tables (examples/sheets/), real rows as a table wrote them."""
    sheet = json.loads((EXAMPLES / f"{game}.json").read_text())
    verdict = games.verify_table(sheet)
    assert verdict.valid
    for seat, rounds in enumerate(accuracy_of(game, sheet, "left")):
        for r, line in enumerate(rounds):
            assert len(line.picks) == 6
            assert {pick.points for pick in line.picks} == {round_total(verdict, seat, r)}
            for pick in line.picks:
                if pick.best_card != pick.taken:
                    again = games.verify_table(swapped_sheet(sheet, seat, r, pick.pick - 1, pick.best_card))
                    assert round_total(again, seat, r) == pick.best
