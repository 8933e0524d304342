"""The draft rebuilt from a table's rows: on simulated tables the rebuilt deal is the simulator's deal, for
every edition, player count and passing direction; each pick's taken card is in the hand offered; a card in
two rows is refused by name."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.parsing import MalformedInput
from games.rebuild import rebuild, rebuild_round
from games.simulate import deal_and_draft

DRAFTING = sorted(game.id for game in games.GAMES.values() if game.drafting)


@settings(max_examples=80, deadline=None)
@given(game=st.sampled_from(DRAFTING), players=st.integers(2, 4), alternate=st.booleans(), seed=st.integers(0, 10**6))
def test_the_rebuilt_deal_is_the_simulators_deal(game: str, players: int, alternate: bool, seed: int) -> None:
    deck = games.GAMES[game].default_edition()
    dealt, rows = deal_and_draft(deck, players, random.Random(seed), direction_variant=alternate)
    rebuilt = rebuild(rows, "alternate" if alternate else "left")
    for round_dealt, round_rows, draft in zip(dealt, rows, rebuilt, strict=True):
        assert [sorted(hand) for hand in draft.dealt] == [sorted(hand) for hand in round_dealt]
        for seat, picks in enumerate(draft.picks):
            assert [pick.taken for pick in picks] == round_rows[seat]
            assert all(pick.taken in pick.offered for pick in picks)
            assert [len(pick.offered) for pick in picks] == [7, 6, 5, 4, 3, 2, 1]


def test_with_one_direction_the_other_directions_deal_differs() -> None:
    deck = games.GAMES["boomerang-australia"].default_edition()
    dealt, rows = deal_and_draft(deck, 3, random.Random(7), direction_variant=True)
    wrong = rebuild(rows, "left")[1]  # round 2 was passed the other way
    assert [sorted(hand) for hand in wrong.dealt] != [sorted(hand) for hand in dealt[1]]


def test_a_card_in_two_rows_is_refused_by_name() -> None:
    rows = [list("ABCDEFG"), list("HIJKLMA")]
    with pytest.raises(MalformedInput, match="card 'A' stands in two rows"):
        rebuild_round(rows, 1)


def test_the_api_rebuilds_a_simulated_table_and_names_a_card_in_two_rows(db) -> None:
    import copy

    from django.test import Client

    from games.simulate import legal_sheet

    sheet = legal_sheet("boomerang-usa", 3, random.Random(11))
    answer = Client().post(
        "/api/games/boomerang-usa/rebuild/", {"table": sheet, "direction": "left"}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    rounds = answer.json()["rounds"]
    assert len(rounds) == 4
    assert [len(hand) for hand in rounds[0]["dealt"]] == [7, 7, 7]
    assert rounds[0]["picks"][0][0]["taken"] == sheet["seats"][0]["rounds"][0]["cards"][0]
    twice = copy.deepcopy(sheet)
    twice["seats"][1]["rounds"][2]["cards"][3] = twice["seats"][0]["rounds"][2]["cards"][5]
    refused = Client().post("/api/games/boomerang-usa/rebuild/", {"table": twice}, content_type="application/json")
    assert refused.status_code == 400
    assert "stands in two rows" in refused.json()["detail"]
    hunt = Client().post(
        "/api/games/boomerang-hunt/rebuild/", {"table": {"seats": []}}, content_type="application/json"
    )
    assert hunt.status_code == 400
