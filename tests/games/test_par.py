"""Par (games/par.py): the swap model keeps every card in play once and the deal as dealt; a seat's points are
the engine's; a seat that drafts exactly as the reference drafter meets par; par never looks at the seat's own
picks, so a seat can beat it."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.deal import seeded_deal
from games.drafting import RoundScorer, verify
from games.drafting_sheet import DraftingRound, DraftingSeat, parse_seat
from games.par import _replay, reference_round, table_luck, table_par
from games.rebuild import RoundDraft, rebuild
from games.simulate import drafting_sheet

DRAFTING = sorted(game.id for game in games.GAMES.values() if game.drafting)


def simulated(game: str, players: int, seed: int) -> tuple[list[DraftingSeat], list[RoundDraft]]:
    rules, deck = games.GAMES[game].drafting, games.GAMES[game].default_edition()
    deal = seeded_deal(deck, players, str(seed), "left")
    sheet = drafting_sheet(game, deck, players, random.Random(seed), deal=deal)
    seats = [parse_seat(rules, raw, f"seats[{i}]") for i, raw in enumerate(sheet["seats"])]
    return seats, rebuild([[list(seat.rounds[r].cards) for seat in seats] for r in range(4)], "left")


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(DRAFTING), st.integers(2, 4), st.integers(0, 10_000))
def test_a_seats_points_are_the_verdicts_and_the_luck_is_the_spread_of_pars(game: str, players: int, seed: int) -> None:
    seats, drafts = simulated(game, players, seed)
    rules, deck = games.GAMES[game].drafting, games.GAMES[game].default_edition()
    pars = table_par(rules, deck, seats, drafts)
    assert [p.made for p in pars] == [seat.total for seat in verify(rules, deck, seats).seats]
    assert [p.par for p in pars] == [sum(par for _, par in p.rounds) for p in pars]
    assert table_luck(pars) == max(p.par for p in pars) - min(p.par for p in pars)
    assert table_par(rules, deck, seats, drafts) == pars  # deterministic


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(DRAFTING), st.integers(2, 4), st.integers(0, 10_000), st.randoms(use_true_random=False))
def test_any_choices_keep_every_card_in_play_once_and_the_deal_as_dealt(
    game: str, players: int, seed: int, chooser: random.Random
) -> None:
    seats, drafts = simulated(game, players, seed)
    draft = drafts[0]
    seat = chooser.randrange(players)
    chosen: list[str] = []
    for _ in range(7):
        chosen.append(chooser.choice(sorted(_replay(draft, seat, chosen)[1])))
    rows = _replay(draft, seat, chosen)[0]
    assert rows[seat] == tuple(chosen)
    assert sorted(card for row in rows for card in row) == sorted(card for row in seats for card in row.rounds[0].cards)
    dealt = rebuild([[list(row) for row in rows]], "left")[0].dealt
    assert [sorted(hand) for hand in dealt] == [sorted(hand) for hand in draft.dealt]
    assert _replay(draft, seat, [])[0] == [seat_.rounds[0].cards for seat_ in seats]  # nobody deviates: as played


@pytest.mark.parametrize("game", ["boomerang-australia", "boomerang-usa"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_seat_that_drafts_as_the_reference_drafter_meets_par(game: str, players: int) -> None:
    """Seat 0 replays every round as the reference drafter would (the other seats keep their slots), so the
    table becomes one where seat 0 played the reference's game: a legal table, on which seat 0 is exactly at
    par. (Europe's treasures also count the other rows, which the reference values as they were played.)"""
    rules, deck = games.GAMES[game].drafting, games.GAMES[game].default_edition()
    seats, drafts = simulated(game, players, 11)
    for r in range(4):
        reference = reference_round(rules, RoundScorer(rules, deck, seats, r), seats, drafts[r], r, 0)
        seats = [
            replace(seat, claimed_total=None, rounds=(
                *seat.rounds[:r],
                DraftingRound(row, reference.activity if s == 0 else seat.rounds[r].scored),
                *seat.rounds[r + 1 :],
            ))
            for s, (seat, row) in enumerate(zip(seats, reference.rows, strict=True))
        ]  # fmt: skip
        drafts = rebuild([[list(seat.rounds[q].cards) for seat in seats] for q in range(4)], "left")
    assert verify(rules, deck, seats).problems == ()
    pars = table_par(rules, deck, seats, drafts)
    assert pars[0].performance == 0
    assert all(made == par for made, par in pars[0].rounds)


def test_a_seat_can_beat_par() -> None:
    """The reference never looks at what the seat chose: over simulated tables some seats beat it."""
    rules, deck = games.GAMES["boomerang-australia"].drafting, games.GAMES["boomerang-australia"].default_edition()
    performances = [
        p.performance for seed in range(12) for p in table_par(rules, deck, *simulated("boomerang-australia", 3, seed))
    ]
    assert max(performances) > 0 > min(performances)
