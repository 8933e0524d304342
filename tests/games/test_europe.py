"""Boomerang: Europe: the rulebook's worked examples and rules."""

import pytest

import games
from games import europe
from tests.games.notation import codes, first_round, four_player_table, plain_deck, row, seat, table

EUR = "boomerang-europe"


@pytest.mark.parametrize(("throw", "catch", "expected"), [(4, 1, 3), (1, 4, 3), (5, 5, 0), (7, 1, 6)])
def test_throw_and_catch_score_the_difference_either_way(throw: int, catch: int, expected: int) -> None:
    # "Si le chiffre de votre carte Lancer est un 4 et celui de votre carte Réception est un 1, vous marquez 3 points"
    assert europe.RULES.throw_catch(throw, catch) == expected


@pytest.mark.parametrize(
    ("total", "expected"),
    [(5, 5), (11, 6), (16, 8), (6, 6), (7, 7), (8, 4), (9, 5), (0, 0)],
)
def test_food_of_eight_or_more_scores_half_rounded_up(total: int, expected: int) -> None:
    # "3 Bière + 1 Fromage = 5"; "2 Vin + 1 Liqueur = 11, divisé par 2 = 6"; "16 ... diviser par 2"
    assert europe.food_points(total, 0) == expected


def test_food_adds_the_symbols_of_the_row() -> None:
    deck = plain_deck(
        EUR, 7, {"A": {"green": "Beer"}, "B": {"green": "Beer"}, "C": {"green": "Beer"}, "D": {"green": "Cheese"}}
    )
    sheet = table(EUR, seat("ann", row("ABCDEFG"), *[row("")] * 3), seat("bo", *[row("")] * 4))
    assert games.verify_table(sheet, deck).seats[0].rounds[0]["food"] == 5


@pytest.mark.parametrize(
    ("symbols", "expected"),
    [
        (["Train", "Train"], 4),
        (["Car", "Car", "Boat", "Boat"], 10),
        (["Car", "Car"], 3),
        (["Car", "Car", "Car"], 3),
        (["Car", "Car", "Car", "Car"], 6),
        (["Plane"], 0),
    ],
)
def test_transport_scores_each_identical_pair(symbols: list[str], expected: int) -> None:
    deck = plain_deck(EUR, 7, {letter: {"yellow": s} for letter, s in zip("ABCDEFG", symbols, strict=False)})
    sheet = table(EUR, seat("ann", row("ABCDEFG"), *[row("")] * 3), seat("bo", *[row("")] * 4))
    assert games.verify_table(sheet, deck).seats[0].rounds[0]["transport"] == expected


@pytest.mark.parametrize(("players", "expected"), [(2, 12), (3, 9), (4, 6)])
def test_a_treasure_scores_each_symbol_on_the_other_players_cards(players: int, expected: int) -> None:
    # "Si vous voyez 3 autres symboles Art ... 12 points (2 joueurs), 9 points (3 joueurs) ou 6 points (4 joueurs)"
    art_cards = "ABHIJ" if players == 2 else "ABHIO"  # ann holds 2 Art, the others 3
    deck = plain_deck(EUR, 7, {letter: {"blue": "Art"} for letter in art_cards})
    rows = ["ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ@#"][:players]
    sheet = table(EUR, *(seat(f"p{i}", row(r, "Art" if i == 0 else None), *[row("")] * 3) for i, r in enumerate(rows)))
    assert games.verify_table(sheet, deck).seats[0].rounds[0]["treasure"] == expected


def test_the_rulebook_four_player_music_and_architecture_examples() -> None:
    # "Comme il n'y avait que 2 symboles Musique ... il a gagné 4 points"; "4 cartes Architecture ... 8 points"
    assert europe.treasure_points(1, 2, 4, None) == 4
    assert europe.treasure_points(1, 4, 4, None) == 8


def test_a_treasure_needs_one_of_its_symbols_in_the_row() -> None:
    deck = plain_deck(EUR, 7, {"H": {"blue": "Art"}})
    sheet = table(EUR, seat("ann", row("ABCDEFG", "Art"), *[row("")] * 3), seat("bo", row("HIJKLMN"), *[row("")] * 3))
    assert "activity_not_held" in codes(sheet, deck)
    assert games.verify_table(sheet, deck).seats[0].rounds[0]["treasure"] == 0


@pytest.mark.parametrize(
    ("tier", "players", "expected"), [(0, 4, 7), (1, 4, 3), (2, 4, 1), (2, 3, 1), (2, 2, 0), (3, 4, 0)]
)
def test_passport_bonuses_are_7_3_and_1_with_the_1_only_for_3_or_4_players(
    tier: int, players: int, expected: int
) -> None:
    assert europe.passport_points(tier, players) == expected


def test_passports_stamped_in_the_same_round_share_a_bonus_and_the_next_gets_the_next_one() -> None:
    deck = plain_deck(EUR, 7, route_map=None)
    rounds = [
        ["ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ@#"],
        ["HOVBCDE", "APWIJKL", "QRSTUXY", "FGMNZ@#"],
        ["DEFGKLM", "NTUYZ@#", "AHOPQRS", "BCIJVWX"],
        ["ABCDEFG", "HIJKLMN", "PQRSTU#", "OVWXYZ@"],
    ]
    verdict = games.verify_table(four_player_table(EUR, rounds), deck)
    stamps = [[r["passport_bonus"] for r in s.rounds or ()] for s in verdict.seats]
    assert stamps == [[0, 7, 0, 0], [0, 7, 0, 0], [0, 0, 3, 0], [0, 0, 0, 1]]
    assert verdict.valid


def test_ties_are_broken_by_passport_points_then_throw_and_catch() -> None:
    deck = plain_deck(EUR, 7)
    rounds = [["ABCDEFG", "HIJKLMN", "OPQRSTU", "VWXYZ@#"]] * 4
    verdict = games.verify_table(four_player_table(EUR, rounds), deck)
    assert verdict.seats[0].tie_breaks == {"passport_bonus": 0, "throw_catch": 24}
    assert europe.RULES.tie_breaks == ("passport_bonus", "throw_catch")


def test_the_practice_deck_keeps_the_published_facts_and_says_it_is_practice() -> None:
    deck = europe.shipped_deck()
    assert deck.is_practice
    by_name = {card.name: card for card in deck.cards}
    assert (by_name["Ireland"].number, by_name["Austria"].number) == (6, 1)
    benelux = next(region for region in deck.regions if region.name == "Benelux")
    assert (benelux.cards, benelux.bonus) == (("N", "O", "P"), 3)
    assert deck.route_map is None


def test_row_scores_on_the_practice_deck_are_computed() -> None:
    scores = first_round(EUR, row("ABCDEFG"), row("HIJKLMN"))
    assert scores[0]["sites"] == 7
