"""Boomerang: Australia: the rules text's worked examples and rules, on the published cards."""

import pytest

import games
from tests.games.notation import codes, first_round, row, seat, table

AUS = "boomerang-australia"


@pytest.mark.parametrize(("cards", "expected"), [("YBCDEFA", 6), ("ABCDEFY", 6), ("EBCDFGH", 0), ("KBCDEFQ", 1)])
def test_throw_and_catch_score_the_absolute_difference(cards: str, expected: int) -> None:
    # "a Throw of 7 and a Catch of 1 will score the same number of points as a Throw of 1 and a Catch of 7: 6 points"
    assert first_round(AUS, row(cards))[0]["throw_catch"] == expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("ACBEFHJ", 8),  # Leaf 1 + Shell 3 = 4, doubled
        ("KDBEFHJ", 14),  # Souvenir 5 + Wildflower 2 = 7, "7 or less" is doubled
        ("KCBEFHJ", 8),  # Souvenir 5 + Shell 3 = 8, not doubled
        ("BEFHJMN", 0),  # no collection symbol
    ],
)
def test_collections_double_a_total_of_seven_or_less(cards: str, expected: int) -> None:
    assert first_round(AUS, row(cards))[0]["collections"] == expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("BCADIKL", 3),  # two Kangaroos score 3, not 6
        ("BCJADIK", 3),  # three of a kind is one pair and a single
        ("BCJOADI", 6),  # four of a kind is two pairs
        ("BCENADI", 7),  # a pair of Kangaroos and a pair of Emus
        ("BEFGHAD", 0),  # singles score nothing
    ],
)
def test_animals_score_each_pair_once(cards: str, expected: int) -> None:
    assert first_round(AUS, row(cards))[0]["animals"] == expected


@pytest.mark.parametrize(
    ("cards", "expected"),
    [("HABCDEF", 0), ("HLABCDE", 2), ("HLNABCD", 4), ("HLNSABC", 7), ("HLNSWAB", 10), ("HLNSW#A", 15)],
)
def test_an_activity_scores_from_the_full_rules_table(cards: str, expected: int) -> None:
    # The quick summary says 2 icons = 1 point; the full rules and the score card say 2 (docs/rules.md).
    assert first_round(AUS, row(cards, "Swimming"))[0]["activity"] == expected


def test_an_activity_with_no_icon_may_be_scored_for_zero() -> None:
    rounds = [row("ABCDEFG", "Swimming"), row("HIJKLMN"), row("OPQRSTU"), row("VWXYZ@#")]
    others = [row("HIJKLMN"), row("ABCDEFG"), row("VWXYZ@#"), row("OPQRSTU")]
    sheet = table(AUS, seat("ann", *rounds), seat("bo", *others), seat("cy", *others[::-1]), seat("dee", *rounds[::-1]))
    assert games.verify_table(sheet).seats[0].rounds[0]["activity"] == 0
    assert codes(sheet) == []


def test_sites_count_only_first_visits_including_the_throw_card() -> None:
    rounds = [row("ABCDEFG"), row("HIJKLMN"), row("ABCHIJO"), row("PQRSTUV")]
    other = [row("HIJKLMN"), row("ABCDEFG"), row("PQRSTUV"), row("ABCHIJO")]
    result = games.verify_table(table(AUS, seat("ann", *rounds), seat("bo", *other), seat("cy", *other[::-1])))
    assert [r["sites"] for r in result.seats[0].rounds or ()] == [7, 7, 1, 7]


def test_every_player_completing_a_region_in_the_same_round_scores_its_bonus_and_later_ones_do_not() -> None:
    ann = [row("ABCDEFG"), row("HIJKLMN"), row("OPQRSTU"), row("VWXYZ@#")]
    bo = [row("HIJKLMN"), row("EFGOPQR"), row("VWXYZ@#"), row("ABCDEFG")]
    cy = [row("OPQRSTU"), row("ABCDSTU"), row("ABCDEFG"), row("HIJKLMN")]
    dee = [row("VWXYZ@#"), row("VWXYZ@#"), row("HIJKLMN"), row("OPQRSTU")]
    result = games.verify_table(table(AUS, seat("ann", *ann), seat("bo", *bo), seat("cy", *cy), seat("dee", *dee)))
    bonuses = [[r["region_bonus"] for r in s.rounds or ()] for s in result.seats]
    # Round 1: ann completes A-D, bo I-L, cy Q-T, dee Y-# (U is in cy's row, so not U-X).
    # Round 2: ann and bo both complete E-H and share it; bo also completes M-P; cy's A-D is already taken.
    # Round 4: ann and dee both complete U-X and share it.
    assert bonuses == [[3, 3, 0, 3], [3, 6, 0, 0], [3, 0, 0, 0], [3, 0, 0, 3]]
    assert result.valid


def test_ties_are_broken_by_throw_and_catch_points_and_full_ties_share_a_rank() -> None:
    from games.verdict import competition_ranks

    assert competition_ranks([(80, 10), (80, 12), (75, 20), (80, 10)]) == [2, 1, 4, 2]


def test_the_shipped_deck_is_the_published_card_list() -> None:
    deck = games.GAMES[AUS].default_edition()
    assert not deck.is_practice
    assert [(c.id, c.number, c.region) for c in deck.cards[:2]] == [
        ("A", 1, "Western Australia"),
        ("B", 1, "Western Australia"),
    ]
