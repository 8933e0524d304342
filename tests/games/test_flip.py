"""The two-player flip game: scoring, the 88-point total, the draw at 44 and piece conservation."""

import games
from games import flip


def flip_table(white: tuple[list[int], list[int], int | None], red: tuple[list[int], list[int], int | None]) -> dict:
    seats = []
    for player, colour, (on_board, unplaced, claimed) in (("wen", "white", white), ("rod", "red", red)):
        seats.append({"player": player, "color": colour, "on_board": on_board, "unplaced": unplaced})
        if claimed is not None:
            seats[-1]["claimed_total"] = claimed
    return {"game": "boomerang-flip", "seats": seats}


PIECES = [1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5]


def test_a_score_is_own_colour_on_the_board_plus_the_opponents_unplaced_pieces() -> None:
    # "Les joueurs comptent alors les points des pièces de leur couleur sur le plateau.
    #  Chacun ajoute à son score la valeur des pièces non posées par l'adversaire."
    white_board = [1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 5, 5, 4]  # 30 of its own (4, 5, 5 unplaced) + 19 flipped red
    red_board = [1, 2, 2, 3, 3, 3, 3, 4, 4]  # 25
    sheet = flip_table((white_board, [4, 5, 5], None), (red_board, [], None))
    verdict = games.verify_table(sheet, flip.practice_edition())
    assert [s.total for s in verdict.seats] == [sum(white_board), sum(red_board) + 14]
    assert sum(s.total for s in verdict.seats) == 88
    assert verdict.valid


def test_more_than_44_wins_and_44_all_is_a_draw() -> None:
    draw = games.verify_table(flip_table(([*PIECES], [], 44), ([*PIECES], [], 44)), flip.practice_edition())
    assert [s.rank for s in draw.seats] == [1, 1]
    assert draw.valid


def test_pieces_must_be_exactly_both_sets_when_the_values_are_configured() -> None:
    sheet = flip_table(([*PIECES[:-1], 6], [], None), ([*PIECES], [], None))
    verdict = games.verify_table(sheet, flip.practice_edition())
    assert verdict.problem_codes() == ["pieces_not_conserved"]
    assert "missing [5], extra [6]" in verdict.problems[0].message


def test_without_configured_values_the_public_totals_are_still_checked() -> None:
    assert games.verify_table(flip_table(([*PIECES[:-1], 6], [], None), ([*PIECES], [], None))).problem_codes() == [
        "pieces_not_conserved"
    ]
    assert games.verify_table(flip_table(([44] * 1, [], None), ([44], [], None))).problem_codes() == [
        "pieces_not_conserved"
    ]


def test_both_players_cannot_play_the_same_colour() -> None:
    sheet = flip_table(([*PIECES], [], None), ([*PIECES], [], None))
    sheet["seats"][1]["color"] = "white"
    assert games.verify_table(sheet).problem_codes() == ["color_conflict"]


def test_a_wrong_claimed_total_is_reported() -> None:
    verdict = games.verify_table(flip_table(([*PIECES], [], 45), ([*PIECES], [], 44)))
    assert verdict.problem_codes() == ["total_mismatch"]


def test_the_practice_pieces_say_they_are_practice() -> None:
    edition = flip.practice_edition()
    assert edition.is_practice
    assert (len(edition.pieces or ()), sum(edition.pieces or ())) == (13, 44)
