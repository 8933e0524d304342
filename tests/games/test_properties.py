"""Property tests: simulated legal games verify, and each corruption yields exactly its problem code."""

import copy
import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

import games
from games import flip, hunt
from games.simulate import legal_sheet, with_claims

DRAFTING = ["boomerang-australia", "boomerang-europe", "boomerang-usa"]
seeds = st.integers(min_value=0, max_value=2**32 - 1)
drafting_tables = st.tuples(st.sampled_from(DRAFTING), st.integers(2, 4), seeds)


def edition_for(game: str) -> Any:
    return games.GAMES[game].practice_edition() if game in (hunt.GAME, flip.GAME) else None


@settings(max_examples=150, deadline=None)
@given(drafting_tables)
def test_a_simulated_drafting_game_with_correct_claims_is_valid(case: tuple[str, int, int]) -> None:
    game, players, seed = case
    sheet = legal_sheet(game, players, random.Random(seed))
    verdict = games.verify_table(sheet)
    assert verdict.problems == ()
    deck = games.GAMES[game].default_edition()
    for seat, result in zip(sheet["seats"], verdict.seats, strict=True):
        rounds = result.rounds or ()
        assert result.total == sum(sum(r.values()) for r in rounds)
        visited = {card for row in seat["rounds"] for card in row["cards"]}
        assert sum(r["sites"] for r in rounds) == len(visited)
        assert all(0 <= r["throw_catch"] <= 7 for r in rounds)  # USA scores the Throw number, up to 7
    region_rounds = {}
    for result in verdict.seats:
        for r, scores in enumerate(result.rounds or ()):
            if scores["region_bonus"]:
                region_rounds.setdefault(r, []).append(scores["region_bonus"])
    total_bonus = sum(sum(v) for v in region_rounds.values())
    assert total_bonus <= sum(region.bonus for region in deck.regions) * players
    assert min(result.rank for result in verdict.seats) == 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([hunt.GAME, flip.GAME]), st.integers(3, 5), seeds)
def test_a_simulated_end_of_hunt_or_flip_is_valid(game: str, players: int, seed: int) -> None:
    players = 2 if game == flip.GAME else players
    verdict = games.verify_table(legal_sheet(game, players, random.Random(seed)), edition_for(game))
    assert verdict.problems == ()
    if game == flip.GAME:
        assert sum(result.total for result in verdict.seats) == 88


@settings(max_examples=100, deadline=None)
@given(drafting_tables, st.data())
def test_a_claim_off_by_one_yields_exactly_a_score_mismatch(case: tuple[str, int, int], data: st.DataObject) -> None:
    game, players, seed = case
    sheet = legal_sheet(game, players, random.Random(seed))
    seat = data.draw(st.sampled_from(sheet["seats"]))
    r = data.draw(st.integers(0, 3))
    field = data.draw(st.sampled_from(sorted(seat["rounds"][r]["claimed"])))
    right = seat["rounds"][r]["claimed"][field]
    seat["rounds"][r]["claimed"][field] = right + 1 if right == 0 or data.draw(st.booleans()) else right - 1
    problems = games.verify_table(sheet).problems
    assert [(p.code, p.player, p.round, p.field, p.expected) for p in problems] == [
        ("score_mismatch", seat["player"], r + 1, field, right)
    ]


@settings(max_examples=100, deadline=None)
@given(drafting_tables, st.data())
def test_a_duplicated_card_yields_exactly_a_duplicate_card(case: tuple[str, int, int], data: st.DataObject) -> None:
    game, players, seed = case
    sheet = _unclaimed(game, players, seed)
    r = data.draw(st.integers(0, 3))
    target = data.draw(st.sampled_from(sheet["seats"]))
    source = data.draw(st.sampled_from(sheet["seats"]))
    position = data.draw(st.integers(0, 6))
    candidates = [c for i, c in enumerate(source["rounds"][r]["cards"]) if source is not target or i != position]
    copied = data.draw(st.sampled_from(candidates))
    target["rounds"][r]["cards"][position] = copied
    target["rounds"][r]["scored"] = None  # the row changed, so its choice may no longer be held
    assert games.verify_table(with_claims(sheet)).problem_codes() == ["duplicate_card"]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(DRAFTING), st.integers(2, 3), seeds, st.data())
def test_a_missing_set_aside_card_yields_exactly_set_aside_not_dealt(
    game: str, players: int, seed: int, data: st.DataObject
) -> None:
    sheet = _unclaimed(game, players, seed)
    deck = games.GAMES[game].default_edition()
    played_round_3 = {c for seat in sheet["seats"] for c in seat["rounds"][2]["cards"]}
    played_round_4 = {c for seat in sheet["seats"] for c in seat["rounds"][3]["cards"]}
    set_aside = sorted(c.id for c in deck.cards if c.id not in played_round_3)
    missing = data.draw(st.sampled_from(set_aside))
    stranger = data.draw(st.sampled_from(sorted(c.id for c in deck.cards if c.id not in played_round_4)))
    holder = next(seat for seat in sheet["seats"] if missing in seat["rounds"][3]["cards"])
    cards = holder["rounds"][3]["cards"]
    cards[cards.index(missing)] = stranger
    holder["rounds"][3]["scored"] = None
    verdict = games.verify_table(with_claims(sheet))
    assert verdict.problem_codes() == ["set_aside_not_dealt"]
    assert f"card {missing} " in verdict.problems[0].message


@settings(max_examples=100, deadline=None)
@given(drafting_tables, st.data())
def test_a_reused_activity_yields_exactly_activity_reused(case: tuple[str, int, int], data: st.DataObject) -> None:
    game, players, seed = case
    sheet = _unclaimed(game, players, seed)
    choices = [(s, r) for s in sheet["seats"] for r in range(3) if s["rounds"][r]["scored"]]
    assume(choices)
    seat, first = data.draw(st.sampled_from(choices))
    later = data.draw(st.integers(first + 1, 3))
    seat["rounds"][later]["scored"] = seat["rounds"][first]["scored"]
    verdict = games.verify_table(with_claims(sheet))
    assert verdict.problem_codes() == ["activity_reused"]
    assert verdict.problems[0].round == later + 1


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 5), seeds, st.data())
def test_a_boomerang_too_many_yields_exactly_boomerangs_not_conserved(
    players: int, seed: int, data: st.DataObject
) -> None:
    edition = hunt.practice_edition()
    sheet = legal_sheet(hunt.GAME, players, random.Random(seed))
    data.draw(st.sampled_from(sheet["seats"]))["boomerangs"] += data.draw(st.integers(1, 5))
    assert games.verify_table(with_claims(sheet, edition), edition).problem_codes() == ["boomerangs_not_conserved"]


@settings(max_examples=60, deadline=None)
@given(seeds, st.data())
def test_a_changed_piece_yields_exactly_pieces_not_conserved(seed: int, data: st.DataObject) -> None:
    edition = flip.practice_edition()
    sheet = legal_sheet(flip.GAME, 2, random.Random(seed))
    seat = data.draw(st.sampled_from([s for s in sheet["seats"] if s["on_board"]]))
    seat["on_board"][data.draw(st.integers(0, len(seat["on_board"]) - 1))] += 10
    assert games.verify_table(with_claims(sheet, edition), edition).problem_codes() == ["pieces_not_conserved"]


def _unclaimed(game: str, players: int, seed: int) -> dict[str, Any]:
    sheet = copy.deepcopy(legal_sheet(game, players, random.Random(seed)))
    for seat in sheet["seats"]:
        seat.pop("claimed_total")
        for row in seat["rounds"]:
            row.pop("claimed")
    return sheet
