"""Feeding and perfect picking, on simulated tables (issue 46, item 4): a planted feeder, whose costly picks
leave the card that would have scored most to the next seat, which takes it at once, is found with the
neighbour they fed; honest random drafting at the same tables is not flagged."""

import copy
import random

from games import GAMES
from games.drafting_sheet import parse_seat
from games.feeding import _at_least, feeding, perfect_rounds
from games.pick_accuracy import table_accuracy
from games.rebuild import rebuild
from games.simulate import legal_sheet

GAME = "boomerang-australia"
RULES = GAMES[GAME].drafting
DECK = GAMES[GAME].default_edition()


def figures(sheet: dict):
    seats = [parse_seat(RULES, seat, f"seats[{i}]") for i, seat in enumerate(sheet["seats"])]
    rows = [[list(seat.rounds[r].cards) for seat in seats] for r in range(4)]
    drafts = rebuild(rows, "left")
    return [seat.player for seat in seats], drafts, table_accuracy(RULES, DECK, seats, drafts)


def planted(sheet: dict, feeder: int) -> dict:
    """The same table, but every costly pick of `feeder` feeds its best card to the seat the hand goes to:
    that seat takes it at its next pick (and the card it took goes to whoever took the best card), as a
    pair agreeing at the table would play it."""
    sheet = copy.deepcopy(sheet)
    for r in range(4):
        for _ in range(7):
            _players, drafts, accuracy = figures(sheet)
            rows = [seat["rounds"][r]["cards"] for seat in sheet["seats"]]
            costly = [c for c in accuracy[feeder][r].picks if c.cost and c.pick < 7]
            moved = False
            for choice in costly:
                k = choice.pick - 1
                passed_on = drafts[r].picks[feeder][k].offered[1:]
                neighbour = next(
                    s for s, picks in enumerate(drafts[r].picks) if s != feeder and picks[k + 1].offered == passed_on
                )
                if rows[neighbour][k + 1] != choice.best_card:
                    holder = next(
                        (s, j) for s, row in enumerate(rows) for j, card in enumerate(row) if card == choice.best_card
                    )
                    rows[neighbour][k + 1], rows[holder[0]][holder[1]] = choice.best_card, rows[neighbour][k + 1]
                    moved = True
                    break
            if not moved:
                break
    return sheet


def test_a_planted_feeder_is_found_with_the_neighbour_they_fed_and_honest_tables_are_not() -> None:
    flagged_feeders, flagged_honest = 0, 0
    for seed in range(8):
        sheet = legal_sheet(GAME, 4, random.Random(seed))
        players, drafts, accuracy = figures(sheet)
        flagged_honest += sum(f.suspicious for f in feeding(players, drafts, accuracy).values())
        players, drafts, accuracy = figures(planted(sheet, feeder=0))
        found = feeding(players, drafts, accuracy).get((players[0], players[1]))
        if found is not None and found.suspicious:
            flagged_feeders += 1
            assert all(pick.cost > 0 for pick in found.fed)
    assert flagged_feeders >= 6  # of 8 planted feeders
    assert flagged_honest <= 1  # of 8 honest tables (12 pairs each)


def test_perfect_rounds_count_the_rounds_whose_every_pick_was_the_best() -> None:
    _players, _drafts, accuracy = figures(legal_sheet(GAME, 4, random.Random(1)))
    for rounds in accuracy:
        assert perfect_rounds(rounds) == sum(1 for r in rounds if all(c.cost == 0 for c in r.picks))


def test_the_chance_of_so_many_is_the_poisson_binomial_tail() -> None:
    assert _at_least(0, [0.5, 0.5]) == 1.0
    assert _at_least(2, [0.5, 0.5]) == 0.25
    assert abs(_at_least(1, [0.5, 0.2]) - (1 - 0.5 * 0.8)) < 1e-12
    assert _at_least(3, [0.5, 0.5]) == 0.0
