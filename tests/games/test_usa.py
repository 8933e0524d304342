"""Boomerang: USA: the rulebook's worked examples and rules."""

import pytest

import games
from games import usa
from games.decks import RouteMap
from tests.games.notation import column, four_player_table, plain_deck, row, seat, table

USA = "boomerang-usa"
CHAIN_MAP = RouteMap(
    paths=(("A", "B"), ("B", "C"), ("C", "D"), ("D", "E"), ("E", "F"), ("F", "G"), ("H", "I"), ("I", "N")),
    east_coast=frozenset({"A", "H"}),
    west_coast=frozenset({"G", "N"}),
)


@pytest.mark.parametrize(("throw", "catch", "expected"), [(4, 5, 4), (3, 2, 0), (6, 6, 6), (1, 7, 1)])
def test_a_catch_at_least_the_throw_scores_the_throw_number(throw: int, catch: int, expected: int) -> None:
    # "Si le chiffre de votre carte Lancer est un 4 et celui de votre carte Réception est un 5, vous marquez 4 points"
    assert usa.throw_catch_points(throw, catch) == expected


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ([10, 10, 11, 0], [10, 0, 11, 0]),  # "s'il ne gagne pas au moins 11 points, son score sera de 0"
        ([8, 7, 9, 12], [8, 0, 9, 12]),  # the score-sheet example: 8, then 7 scores nothing, then more
        ([0, 1, 0, 5], [0, 1, 0, 5]),  # "si vous marquez 0 point, il ne vous faudra qu'un seul objet"
    ],
)
def test_souvenirs_score_only_when_they_beat_last_rounds_souvenir_points(
    totals: list[int], expected: list[int]
) -> None:
    scored, last = [], 0
    for total in totals:
        last = usa.souvenir_points(total, last)
        scored.append(last)
    assert scored == expected


def test_souvenirs_across_a_whole_table() -> None:
    # Julien: 3 Football jerseys + 1 Mailbox = 10 in round 1; round 2 needs at least 11.
    symbols = {"A": "Football jersey", "B": "Football jersey", "C": "Football jersey", "D": "Mailbox", "H": "US flag"}
    deck = plain_deck(USA, 4, {k: {"green": v} for k, v in symbols.items()}, CHAIN_MAP)
    rounds = column(deck, ["ABCDEFG", "HABCDEF", "HIJKLMN", "HOPQRST"])
    verdict = games.verify_table(four_player_table(USA, rounds), deck)
    assert [r["souvenirs"] for r in verdict.seats[0].rounds or ()] == [10, 15, 0, 5]


@pytest.mark.parametrize(
    ("symbols", "expected"),
    [(["Trout", "Trout"], 3), (["Ox", "Ox", "Grizzly", "Grizzly"], 9), (["Trout"] * 4, 6), (["Bigfoot"], 0)],
)
def test_animals_score_each_identical_pair_once(symbols: list[str], expected: int) -> None:
    # "une paire de Truites, vous marquez donc 3 points (et non pas 6)"
    # "une paire de Boeufs et une paire de Grizzlis et a donc marqué 9 points"
    deck = plain_deck(USA, 4, {k: {"yellow": s} for k, s in zip("ABCDEFG", symbols, strict=False)}, CHAIN_MAP)
    sheet = table(USA, seat("ann", row("ABCDEFG"), *[row("")] * 3), seat("bo", *[row("")] * 4))
    assert games.verify_table(sheet, deck).seats[0].rounds[0]["animals"] == expected


@pytest.mark.parametrize(("icons", "expected"), [(3, 4), (5, 10), (2, 2), (1, 0)])
def test_an_activity_scores_from_the_table(icons: int, expected: int) -> None:
    # "Vous possédez 3 icônes Randonnée ... Vous remportez 4 points"; "5 cartes Randonnée et a marqué 10 points"
    deck = plain_deck(USA, 4, {k: {"blue": "Hiking"} for k in "ABCDEFG"[:icons]}, CHAIN_MAP)
    sheet = table(USA, seat("ann", row("ABCDEFG", "Hiking"), *[row("")] * 3), seat("bo", *[row("")] * 4))
    assert games.verify_table(sheet, deck).seats[0].rounds[0]["activity"] == expected


def test_the_first_player_to_visit_a_regions_four_cities_scores_3() -> None:
    # "cartes I et J lors de la 1ère manche ... la carte K ... la carte L pendant la 3e ... il remporte 3 points bonus"
    deck = plain_deck(USA, 4, route_map=CHAIN_MAP)
    rounds = column(deck, ["IJAEMQU", "KBFNRVY", "LCGOSWZ", "DHPTX@#"])
    verdict = games.verify_table(four_player_table(USA, rounds), deck)
    assert verdict.seats[0].rounds[2]["region_bonus"] == 3


def test_coast_to_coast_bonuses_are_7_then_3_then_1_for_every_other_player() -> None:
    deck = plain_deck(USA, 4, route_map=CHAIN_MAP)
    chain = "ABCDEFG"
    rounds = []
    for r in range(4):  # the whole East-West chain goes to a different player each round
        rest = [c.id for c in deck.cards if c.id not in chain and c.id not in "HIN"]
        rows = ["".join(rest[k * 6 : (k + 1) * 6]) + "HIN"[k] for k in range(3)]
        rounds.append([*rows[:r], chain, *rows[r:]])
    verdict = games.verify_table(four_player_table(USA, rounds), deck)
    coast = [sum(r["coast_bonus"] for r in s.rounds or ()) for s in verdict.seats]
    assert coast == [7, 3, 1, 1]


def test_players_joining_the_coasts_in_the_same_round_share_the_bonus() -> None:
    deck = plain_deck(USA, 4, route_map=CHAIN_MAP)
    rounds = column(deck, ["ABCDEFG", "ABCDEFG", "ABCDEFG", "ABCDEFG"])
    rounds[0] = ["ABCDEFG", "HINJKLM", "OPQRSTU", "VWXYZ@#"]
    verdict = games.verify_table(four_player_table(USA, rounds), deck)
    assert [s.rounds[0]["coast_bonus"] for s in verdict.seats] == [7, 7, 0, 0]


def test_ties_are_broken_by_coast_points_then_throw_and_catch() -> None:
    assert usa.RULES.tie_breaks == ("coast_bonus", "throw_catch")


def test_the_practice_deck_keeps_the_published_facts_and_says_it_is_practice() -> None:
    deck = usa.shipped_deck()
    assert deck.is_practice
    region = next(r for r in deck.regions if "I" in r.cards)
    assert region.cards == ("I", "J", "K", "L")
    assert deck.route_map is not None
    assert deck.route_map.east_coast
